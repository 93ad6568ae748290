// SPDX-License-Identifier: MIT
#include "kernels/cpu/softmax_simd.h"

#include "quant/quant_kernels.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "kernels/simd_exp.h"

#include <immintrin.h>

namespace qs::kernels {

namespace {

template <bool Range>
QS_AVX512 void softmaxBlock(
    const float* x, float* y, int64_t n, int64_t xStride, int64_t yStride, __mmask16 m, float& lo, float& hi)
{
    __m512 mx = _mm512_set1_ps(-__builtin_inff());
    for (int64_t i = 0; i < n; ++i)
        mx = _mm512_max_ps(mx, _mm512_maskz_loadu_ps(m, x + i * xStride));
    __m512 sum = _mm512_setzero_ps();
    for (int64_t i = 0; i < n; ++i) {
        const __m512 e = expAvx512(_mm512_sub_ps(_mm512_maskz_loadu_ps(m, x + i * xStride), mx));
        _mm512_mask_storeu_ps(y + i * yStride, m, e);
        sum = _mm512_add_ps(sum, e);
    }
    // Masked lanes hold exp(0) sums, never 0: the division is safe and its result unused.
    const __m512 inv = _mm512_div_ps(_mm512_set1_ps(1.0f), sum);
    if constexpr (!Range) {
        for (int64_t i = 0; i < n; ++i)
            _mm512_mask_storeu_ps(y + i * yStride, m, _mm512_mul_ps(_mm512_maskz_loadu_ps(m, y + i * yStride), inv));
    } else {
        __m512 vlo = _mm512_set1_ps(lo), vhi = _mm512_set1_ps(hi);
        for (int64_t i = 0; i < n; ++i) {
            const __m512 v = _mm512_mul_ps(_mm512_maskz_loadu_ps(m, y + i * yStride), inv);
            _mm512_mask_storeu_ps(y + i * yStride, m, v);
            // Masked-off lanes keep the running value; as quant::minMax, a NaN never wins.
            vlo = _mm512_mask_min_ps(vlo, m, v, vlo);
            vhi = _mm512_mask_max_ps(vhi, m, v, vhi);
        }
        lo = _mm512_reduce_min_ps(vlo);
        hi = _mm512_reduce_max_ps(vhi);
    }
}

} // namespace

bool softmaxStridedAvx512(const float* x, float* y, int64_t outer, int64_t n, int64_t inner)
{
    return softmaxStridedAvx512(x, y, outer, n, inner, n * inner, inner, n * inner, inner);
}

bool softmaxStridedAvx512(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, int64_t xOuter,
    int64_t xAxis, int64_t yOuter, int64_t yAxis, float* range)
{
    if (quant::bestQuantIsa() != quant::QuantIsa::Avx512)
        return false;
    const int64_t blocks = (inner + 15) / 16;
    float lo = __builtin_inff(), hi = -__builtin_inff();
#pragma omp parallel for collapse(2) if (outer * n * inner > (1 << 15)) reduction(min : lo) reduction(max : hi)
    for (int64_t o = 0; o < outer; ++o)
        for (int64_t b = 0; b < blocks; ++b) {
            const int64_t in = b * 16;
            const __mmask16 m = inner - in >= 16 ? __mmask16(0xffff) : __mmask16((1u << (inner - in)) - 1);
            if (range)
                softmaxBlock<true>(x + o * xOuter + in, y + o * yOuter + in, n, xAxis, yAxis, m, lo, hi);
            else
                softmaxBlock<false>(x + o * xOuter + in, y + o * yOuter + in, n, xAxis, yAxis, m, lo, hi);
        }
    if (range) {
        range[0] = lo;
        range[1] = hi;
    }
    return true;
}

} // namespace qs::kernels
