// SPDX-License-Identifier: MIT
// libonnx 1.12 (Debian 12) knows ai.onnx up to opset 17. Current PyTorch and ONNX Runtime exports import opsets
// 18..21, whose operators mostly only widened their types; the ones whose inputs or attributes changed (and a few
// new ones the engine runs) are described here as libonnx schemas, so the schema check, libonnx's shape inference
// and the operator documentation treat them like built-in ones. Private to src/onnx.
#pragma once

#include <string>

namespace qs::onnx_import {

/// The newest ai.onnx opset a model may import: libonnx's own range, extended by the schemas below.
constexpr int kMaxOnnxOpset = 21;

/// Registers the engine's schemas for ai.onnx opsets 18..21 and widens libonnx's ai.onnx version range to
/// kMaxOnnxOpset. Idempotent and thread-safe; call before any schema lookup or shape inference.
void ensureNewerOpsetSchemas();

/// True when the schema was registered by ensureNewerOpsetSchemas (the engine describes the op, not libonnx).
bool isEngineSchemaFile(const std::string& file);

} // namespace qs::onnx_import
