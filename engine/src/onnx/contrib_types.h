// SPDX-License-Identifier: MIT
// libonnx has no schemas for ONNX Runtime's com.microsoft operators, so its shape inference leaves their outputs
// untyped. The element types of the QOperator / dynamic-quantization contrib ops follow from their inputs by the
// contrib-op definitions; filling them in lets the analysis see the precision transitions of QOperator models.
// Private to src/onnx.
#pragma once

#include <quantscope/engine/graph.h>

namespace qs::onnx_import {

/// Sets the element type (and, for unary ops and QLinearAdd/Mul, the shape) of com.microsoft quantization-op outputs
/// that inference left unknown, in topological order so chains of contrib ops propagate. Main graph only; never
/// overrides a known type.
void inferContribOutputTypes(Graph& graph);

} // namespace qs::onnx_import
