// SPDX-License-Identifier: MIT
// The AVX-512 loops of softmax_simd.h (detail::kSoftmaxAvx512). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags) and no vector crosses the table's function pointers.
#include "kernels/cpu/softmax_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "kernels/simd_exp.h"

#include <immintrin.h>

namespace qs::kernels {

namespace {

template <bool Range>
QS_AVX512 void softmaxBlockAvx512(
    const float* x, float* y, int64_t n, int64_t xStride, int64_t yStride, int64_t lanes, float& lo, float& hi)
{
    const __mmask16 m = lanes >= 16 ? __mmask16(0xffff) : __mmask16((1u << lanes) - 1);
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

QS_AVX512 void softmaxRowAvx512(const float* x, float* y, int64_t n)
{
    const __m512 ninf = _mm512_set1_ps(-__builtin_inff());
    __m512 mx = ninf;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16)
        mx = _mm512_max_ps(mx, _mm512_loadu_ps(x + i));
    const __mmask16 tail = __mmask16((1u << (n - i)) - 1);
    mx = _mm512_max_ps(mx, _mm512_mask_loadu_ps(ninf, tail, x + i));
    const __m512 m = _mm512_set1_ps(_mm512_reduce_max_ps(mx));
    __m512 sum = _mm512_setzero_ps();
    for (i = 0; i + 16 <= n; i += 16) {
        const __m512 e = expFullAvx512(_mm512_sub_ps(_mm512_loadu_ps(x + i), m));
        _mm512_storeu_ps(y + i, e);
        sum = _mm512_add_ps(sum, e);
    }
    if (tail) {
        const __m512 e = expFullAvx512(_mm512_sub_ps(_mm512_maskz_loadu_ps(tail, x + i), m));
        _mm512_mask_storeu_ps(y + i, tail, e);
        sum = _mm512_mask_add_ps(sum, tail, sum, e);
    }
    const __m512 inv = _mm512_set1_ps(1.0f / _mm512_reduce_add_ps(sum));
    for (i = 0; i + 16 <= n; i += 16)
        _mm512_storeu_ps(y + i, _mm512_mul_ps(_mm512_loadu_ps(y + i), inv));
    if (tail)
        _mm512_mask_storeu_ps(y + i, tail, _mm512_mul_ps(_mm512_maskz_loadu_ps(tail, y + i), inv));
}

} // namespace

namespace detail {
const SoftmaxSimd kSoftmaxAvx512 { 16, softmaxBlockAvx512<false>, softmaxBlockAvx512<true>, softmaxRowAvx512 };

} // namespace detail

} // namespace qs::kernels
