// SPDX-License-Identifier: MIT
// Loading ONNX models and tensors. The only place protobuf types are seen; callers get qs:: IR.
#pragma once

#include <quantscope/engine/model.h>
#include <quantscope/engine/status.h>
#include <quantscope/engine/tensor.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

struct LoadOptions
{
    /// Concrete shapes for graph inputs (binds free dimensions before shape inference), by input name.
    std::map<std::string, std::vector<int64_t>> inputShapes;
    bool runShapeInference = true;
    /// Upper bound on the .onnx file size accepted (protobuf's own hard limit is 2 GiB).
    int64_t maxFileBytes = int64_t(2) * 1024 * 1024 * 1024 - 1;
    /// The caller's cancel check (the convention of RunControl::isCancelled: a CancelToken, a GUI flag or a signal
    /// flag in a lambda). Polled per 16 MiB of the file read, between the stages, and per initializer and node while
    /// converting to the IR; when it returns true the load returns StatusCode::Cancelled. Parsing the protobuf and
    /// libonnx's checks and shape inference run to their end. Must be cheap and thread-safe.
    std::function<bool()> isCancelled;
};

/// Loads, validates and (optionally) shape-infers a model. Never throws; every failure names the file and, where
/// relevant, the node ('name' (OpType)) and the problem. Thread-safe (no shared state).
Result<std::shared_ptr<const Model>> loadModel(const std::filesystem::path& path, const LoadOptions& options = {});

/// Same from bytes in memory (fuzzing, tests). External data is resolved relative to `baseDir` (empty: refused).
Result<std::shared_ptr<const Model>> loadModelFromBytes(std::string_view bytes, const std::string& displayName,
    const std::filesystem::path& baseDir = {}, const LoadOptions& options = {});

/// Reads a serialized onnx.TensorProto (the test_data_set_*/input_*.pb files). `name` receives its name if set.
Result<Tensor> loadTensorFile(const std::filesystem::path& path, std::string* name = nullptr);
/// Same from bytes in memory (fuzzing): external data is refused, there being no folder to resolve it in.
Result<Tensor> loadTensorFromBytes(std::string_view bytes, const std::string& displayName, std::string* name = nullptr);

/// Parses "1x3x640x640" (also "1,3,640,640").
Result<std::vector<int64_t>> parseDims(std::string_view text);
/// Parses "NAME=1x3x640x640" into its two parts.
Result<std::pair<std::string, std::vector<int64_t>>> parseInputShapeSpec(std::string_view spec);

} // namespace qs
