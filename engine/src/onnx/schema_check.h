// SPDX-License-Identifier: MIT
// Pre-flight check before libonnx's shape inference, whose inference functions assume schema-valid nodes and
// crash (null dereference) on, e.g., a Scan without a body. Private to src/onnx.
#pragma once

#include <quantscope/engine/model.h>

#include <onnx/onnx_pb.h>

#include <optional>
#include <string>

namespace qs::onnx_import {

/// The first node (main graph, then subgraphs, depth first) that its ai.onnx schema rejects — missing required
/// attribute, attribute of the wrong type, input/output count out of range — as "node 'n' (Op): <reason>".
/// Nodes of domains without libonnx schemas are not checked.
std::optional<std::string> findSchemaViolation(const onnx::GraphProto& graph, const Model& model);

} // namespace qs::onnx_import
