// SPDX-License-Identifier: MIT
// Conversion from libonnx's generated protobuf classes to the engine IR. Private to src/onnx.
#pragma once

#include <quantscope/engine/graph.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/status.h>

#include <onnx/onnx_pb.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace qs::onnx_import {

/// What conversion needs to know about the file it reads.
struct ConvertContext
{
    std::string fileName; ///< for messages
    std::filesystem::path baseDir; ///< where external data lives; empty: external data refused
    int64_t externalBytes = 0; ///< accumulated bytes read from external-data files
    const Model* model = nullptr; ///< for opset versions
    std::vector<std::string>* warnings = nullptr;
    const std::function<bool()>* isCancelled = nullptr; ///< LoadOptions::isCancelled; polled per initializer and node

    bool cancelled() const { return isCancelled && *isCancelled && (*isCancelled)(); }
};

/// Converts a TensorProto (any encoding, external data included). `what` names it in messages
/// ("initializer 'w'", "attribute 'value' of node 'c' (Constant)").
Result<Tensor> convertTensor(const onnx::TensorProto& proto, ConvertContext& ctx, const std::string& what);

TensorType convertType(const onnx::TypeProto& proto);

/// Answers whether a name is defined in an enclosing graph and, if so, with which (possibly unknown) type.
using OuterScopeLookup = std::function<std::optional<TensorType>(const std::string&)>;

/// Converts a graph and, recursively, its subgraphs. `outerVisible` answers whether a name is defined in an enclosing
/// graph (empty for the main graph).
Result<std::shared_ptr<Graph>> convertGraph(
    const onnx::GraphProto& proto, ConvertContext& ctx, const OuterScopeLookup& outerVisible, Graph* target = nullptr);

} // namespace qs::onnx_import
