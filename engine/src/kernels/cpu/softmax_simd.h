// SPDX-License-Identifier: MIT
// Vector Softmax over a strided axis (inner > 1, e.g. YOLO's DFL head: 16 bins over [1, 16, 4, 8400]): 16 (AVX-512) or
// 8 (AVX2) neighbouring positions of the inner dimension side by side, each lane doing the scalar kernel's sequence
// (max over the axis, exp(x - max), the sum in the same order, one division, multiplies), with the engine's own exp
// polynomial (kernels/simd_exp.h, about 1 ulp from expf) instead of libm's scalar expf.
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>

namespace qs::kernels {

/// y = softmax(x) along the middle axis of [outer, n, inner] on `isa`, element (o, i, j) at x[o * xOuter + i * xAxis +
/// j] and y[o * yOuter + i * yAxis + j] (so a Transpose before the Softmax can be read in place:
/// transposed_softmax.h); each element's value is the one the contiguous form computes. Returns false when this CPU
/// cannot run `isa` (or isa is Scalar). A non-null `range` receives {min, max} of every y written, taken from the
/// values as they are stored (a DynamicQuantizeLinear after it then needs no min/max pass; a NaN never wins).
bool softmaxStrided(quant::QuantIsa isa, const float* x, float* y, int64_t outer, int64_t n, int64_t inner,
    int64_t xOuter, int64_t xAxis, int64_t yOuter, int64_t yAxis, float* range = nullptr);

/// The contiguous [outer, n, inner] form on `isa`.
inline bool softmaxStrided(quant::QuantIsa isa, const float* x, float* y, int64_t outer, int64_t n, int64_t inner)
{
    return softmaxStrided(isa, x, y, outer, n, inner, n * inner, inner, n * inner, inner);
}

/// The contiguous [outer, n, inner] form on the widest ISA this CPU runs, capped by DNNL_MAX_CPU_ISA
/// (quant::bestQuantIsa()).
inline bool softmaxStrided(const float* x, float* y, int64_t outer, int64_t n, int64_t inner)
{
    return softmaxStrided(quant::bestQuantIsa(), x, y, outer, n, inner, n * inner, inner, n * inner, inner);
}

/// y = softmax(x) along the last axis of [rows, n] (contiguous rows: classifier heads, attention) on `isa`: vector
/// max, exp(x - max) with the full-range vector exp (NaN stays NaN), a vector sum (in a different order than the
/// scalar loop), one division, multiplies. Returns false when this CPU cannot run it (or isa is Scalar).
bool softmaxContiguous(quant::QuantIsa isa, const float* x, float* y, int64_t rows, int64_t n);

inline bool softmaxContiguous(const float* x, float* y, int64_t rows, int64_t n)
{
    return softmaxContiguous(quant::bestQuantIsa(), x, y, rows, n);
}

/// The AVX-512 path alone (false below AVX-512 or under DNNL_MAX_CPU_ISA=AVX2), for callers that test it as such.
inline bool softmaxStridedAvx512(const float* x, float* y, int64_t outer, int64_t n, int64_t inner)
{
    return quant::bestQuantIsa() == quant::QuantIsa::Avx512
        && softmaxStrided(quant::QuantIsa::Avx512, x, y, outer, n, inner, n * inner, inner, n * inner, inner);
}

namespace detail {
/// The loops of one ISA (softmax_simd_avx2.cpp, softmax_simd_avx512.cpp); plain types only across the pointers.
struct SoftmaxSimd
{
    int64_t lanes; ///< neighbouring positions of the inner dimension one block computes side by side
    /// softmaxStrided's sequence on `lanes` (1 .. the table's lanes) neighbouring positions, axis elements xStride /
    /// yStride apart; blockRange also lowers/raises lo and hi to the values stored.
    void (*block)(
        const float* x, float* y, int64_t n, int64_t xStride, int64_t yStride, int64_t lanes, float& lo, float& hi);
    void (*blockRange)(
        const float* x, float* y, int64_t n, int64_t xStride, int64_t yStride, int64_t lanes, float& lo, float& hi);
    /// softmaxContiguous on one row of n >= 1.
    void (*row)(const float* x, float* y, int64_t n);
};
extern const SoftmaxSimd kSoftmaxAvx2;
extern const SoftmaxSimd kSoftmaxAvx512;
} // namespace detail

} // namespace qs::kernels
