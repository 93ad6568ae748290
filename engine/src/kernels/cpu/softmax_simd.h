// SPDX-License-Identifier: MIT
// AVX-512 Softmax over a strided axis (inner > 1, e.g. YOLO's DFL head: 16 bins over [1, 16, 4, 8400]): 16
// neighbouring positions of the inner dimension side by side, each lane doing the scalar kernel's sequence (max over
// the axis, exp(x - max), the sum in the same order, one division, multiplies), with the engine's own exp polynomial
// (the one of kernels/int8/float_epilogue.cpp, about 1 ulp from expf) instead of libm's scalar expf.
#pragma once

#include <cstdint>

namespace qs::kernels {

/// y = softmax(x) along the middle axis of [outer, n, inner]; returns false when this CPU cannot run it (or the
/// engine's vector code is capped below AVX-512 by DNNL_MAX_CPU_ISA).
bool softmaxStridedAvx512(const float* x, float* y, int64_t outer, int64_t n, int64_t inner);

/// The same with x and y laid out differently: element (o, i, j) of [outer, n, inner] at x[o * xOuter + i * xAxis +
/// j] and y[o * yOuter + i * yAxis + j] (a Transpose before the Softmax read in place: transposed_softmax.h). Each
/// element's value is the one the contiguous form computes. A non-null `range` receives {min, max} of every y
/// written, taken from the values as they are stored (a DynamicQuantizeLinear after it then needs no min/max pass).
bool softmaxStridedAvx512(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, int64_t xOuter,
    int64_t xAxis, int64_t yOuter, int64_t yAxis, float* range = nullptr);

} // namespace qs::kernels
