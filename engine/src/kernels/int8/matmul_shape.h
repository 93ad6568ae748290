// SPDX-License-Identifier: MIT
// Output shape of the integer matmul nodes (MatMulInteger, QLinearMatMul, MatMulIntegerToFloat): ONNX MatMul rules
// with both operands at least 2-D.
#pragma once

#include "kernels/kernel.h"

#include <string_view>

namespace qs::kernels::int8 {

/// Checks `a` [..., M, K] against `b` [..., K, N] and sets `out.dims` to a's dims with N last; `operand` names the
/// rejected 1-D operand in the message ("QLinearMatMul operand").
Status inferIntegerMatMulDims(
    const Node& node, const TensorDesc& a, const TensorDesc& b, std::string_view operand, TensorDesc& out);

} // namespace qs::kernels::int8
