// SPDX-License-Identifier: MIT
// Reference ConvInteger and MatMulInteger: obvious loops in int64, the oracle for the oneDNN kernels' tests. No
// kernel runs it; only tests call it. Not fast.
#pragma once

#include "kernels/int8/conv_shape.h"

#include <cstdint>

namespace qs::kernels::int8 {

/// ONNX ConvInteger: y = sum (x - xZeroPoint) * (w - wZeroPoint[oc]) over the window, padding contributing 0.
/// `x` is NCHW of Src (uint8_t or int8_t), `w` is [OC, IC/group, KH, KW] of Wei; `wZeroPoints` has 1 or OC
/// entries (`perChannel`). The result is written as int32 (wrapped if it overflows, as every int32 engine does).
template <typename Src, typename Wei>
void convIntegerRef(const ConvShape& shape, const Src* x, int32_t xZeroPoint, const Wei* w, const int32_t* wZeroPoints,
    bool perChannel, int32_t* y);

/// ONNX MatMulInteger for 2-D operands: y[M,N] = (a[M,K] - aZeroPoint) * (b[K,N] - bZeroPoints[n or 0]).
template <typename A, typename B>
void matMulIntegerRef(int64_t m, int64_t k, int64_t n, const A* a, int32_t aZeroPoint, const B* b,
    const int32_t* bZeroPoints, bool perColumn, int32_t* y);

} // namespace qs::kernels::int8
