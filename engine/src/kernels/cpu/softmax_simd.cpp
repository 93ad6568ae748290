// SPDX-License-Identifier: MIT
// Which softmax_simd.h loops run, and how the work is split among threads; the loops are in softmax_simd_avx2.cpp and
// softmax_simd_avx512.cpp.
#include "kernels/cpu/softmax_simd.h"

#include "kernels/simd_table.h"

#include <algorithm>

namespace qs::kernels {

namespace {

const detail::SoftmaxSimd* softmaxSimd(quant::QuantIsa isa) noexcept
{
    return simdTable(isa, &detail::kSoftmaxAvx2, &detail::kSoftmaxAvx512);
}

} // namespace

bool softmaxContiguous(quant::QuantIsa isa, const float* x, float* y, int64_t rows, int64_t n)
{
    const detail::SoftmaxSimd* simd = softmaxSimd(isa);
    if (!simd || n < 1)
        return false;
#pragma omp parallel for if (rows * n > (1 << 15))
    for (int64_t r = 0; r < rows; ++r)
        simd->row(x + r * n, y + r * n, n);
    return true;
}

bool softmaxStrided(quant::QuantIsa isa, const float* x, float* y, int64_t outer, int64_t n, int64_t inner,
    int64_t xOuter, int64_t xAxis, int64_t yOuter, int64_t yAxis, float* range)
{
    const detail::SoftmaxSimd* simd = softmaxSimd(isa);
    if (!simd)
        return false;
    const int64_t lanes = simd->lanes;
    const int64_t blocks = (inner + lanes - 1) / lanes;
    float lo = __builtin_inff(), hi = -__builtin_inff();
#pragma omp parallel for collapse(2) if (outer * n * inner > (1 << 15)) reduction(min : lo) reduction(max : hi)
    for (int64_t o = 0; o < outer; ++o)
        for (int64_t b = 0; b < blocks; ++b) {
            const int64_t in = b * lanes;
            (range ? simd->blockRange : simd->block)(
                x + o * xOuter + in, y + o * yOuter + in, n, xAxis, yAxis, std::min(inner - in, lanes), lo, hi);
        }
    if (range) {
        range[0] = lo;
        range[1] = hi;
    }
    return true;
}

} // namespace qs::kernels
