// SPDX-License-Identifier: MIT
// Writing the engine IR back to an ONNX file (for models Quantscope makes, e.g. quantized ones). Like the loader, the
// only other place protobuf is seen.
#pragma once

#include <quantscope/engine/model.h>
#include <quantscope/engine/status.h>

#include <filesystem>
#include <functional>
#include <string>

namespace qs {

/// Serializes `model` (nodes in topological order, initializers as raw data, graph inputs and outputs with their
/// types; intermediate shapes are left to shape inference) and runs libonnx's checker on the result before writing
/// it atomically to `path`. Fails naming the file and the checker's message; nothing is written then.
/// `isCancelled` (the convention of LoadOptions::isCancelled) is polled per initializer and node of the main graph
/// and before the check; when it fires the result is StatusCode::Cancelled and nothing is written.
Status saveModel(const Model& model, const std::filesystem::path& path, const std::function<bool()>& isCancelled = {});

/// The serialized ModelProto, checked the same way.
Result<std::string> serializeModel(const Model& model, const std::function<bool()>& isCancelled = {});

} // namespace qs
