// SPDX-License-Identifier: MIT
// The AVX2 loops of softmax_simd.h (detail::kSoftmaxAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags) and no vector crosses the table's function pointers.
#include "kernels/cpu/softmax_simd.h"
#include "kernels/simd_exp.h"

#include <immintrin.h>

namespace qs::kernels {

namespace {

/// softmaxBlockAvx512 (softmax_simd_avx512.cpp) on the first `lanes` of 8 (vmaskmovps: masked lanes load 0 and are
/// never stored). The mask is built here, not passed in: a __m256i argument from a caller compiled without AVX would
/// not arrive in a register.
template <bool Range>
QS_AVX2 void softmaxBlockAvx2(
    const float* x, float* y, int64_t n, int64_t xStride, int64_t yStride, int64_t lanes, float& lo, float& hi)
{
    const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(int(lanes)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256 mx = _mm256_set1_ps(-__builtin_inff());
    for (int64_t i = 0; i < n; ++i)
        mx = _mm256_max_ps(mx, _mm256_maskload_ps(x + i * xStride, m));
    __m256 sum = _mm256_setzero_ps();
    for (int64_t i = 0; i < n; ++i) {
        const __m256 e = expAvx2(_mm256_sub_ps(_mm256_maskload_ps(x + i * xStride, m), mx));
        _mm256_maskstore_ps(y + i * yStride, m, e);
        sum = _mm256_add_ps(sum, e);
    }
    const __m256 inv = _mm256_div_ps(_mm256_set1_ps(1.0f), sum);
    if constexpr (!Range) {
        for (int64_t i = 0; i < n; ++i)
            _mm256_maskstore_ps(y + i * yStride, m, _mm256_mul_ps(_mm256_maskload_ps(y + i * yStride, m), inv));
    } else {
        __m256 vlo = _mm256_set1_ps(lo), vhi = _mm256_set1_ps(hi);
        const __m256 keep = _mm256_castsi256_ps(m);
        for (int64_t i = 0; i < n; ++i) {
            const __m256 v = _mm256_mul_ps(_mm256_maskload_ps(y + i * yStride, m), inv);
            _mm256_maskstore_ps(y + i * yStride, m, v);
            // Masked-off lanes offer the running value; min(v, lo) keeps lo when v is NaN, as quant::minMax does.
            vlo = _mm256_min_ps(_mm256_blendv_ps(vlo, v, keep), vlo);
            vhi = _mm256_max_ps(_mm256_blendv_ps(vhi, v, keep), vhi);
        }
        alignas(32) float l[8], h[8];
        _mm256_store_ps(l, vlo);
        _mm256_store_ps(h, vhi);
        for (int k = 0; k < 8; ++k) {
            lo = l[k] < lo ? l[k] : lo;
            hi = h[k] > hi ? h[k] : hi;
        }
    }
}

QS_AVX2 float reduceAvx2(__m256 v, bool max)
{
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, v);
    float r = lanes[0];
    for (int k = 1; k < 8; ++k)
        r = max ? (lanes[k] > r ? lanes[k] : r) : r + lanes[k];
    return r;
}

QS_AVX2 void softmaxRowAvx2(const float* x, float* y, int64_t n)
{
    const __m256 ninf = _mm256_set1_ps(-__builtin_inff());
    __m256 mx = ninf;
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        mx = _mm256_max_ps(mx, _mm256_loadu_ps(x + i));
    const int64_t rest = n - i;
    const __m256i tail = _mm256_cmpgt_epi32(_mm256_set1_epi32(int(rest)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    // Masked lanes load 0: replace them by -inf before the max.
    mx = _mm256_max_ps(mx, _mm256_blendv_ps(ninf, _mm256_maskload_ps(x + i, tail), _mm256_castsi256_ps(tail)));
    const __m256 m = _mm256_set1_ps(reduceAvx2(mx, true));
    __m256 sum = _mm256_setzero_ps();
    for (i = 0; i + 8 <= n; i += 8) {
        const __m256 e = expFullAvx2(_mm256_sub_ps(_mm256_loadu_ps(x + i), m));
        _mm256_storeu_ps(y + i, e);
        sum = _mm256_add_ps(sum, e);
    }
    if (rest) {
        const __m256 e
            = _mm256_and_ps(expFullAvx2(_mm256_sub_ps(_mm256_maskload_ps(x + i, tail), m)), _mm256_castsi256_ps(tail));
        _mm256_maskstore_ps(y + i, tail, e);
        sum = _mm256_add_ps(sum, e);
    }
    const __m256 inv = _mm256_set1_ps(1.0f / reduceAvx2(sum, false));
    for (i = 0; i + 8 <= n; i += 8)
        _mm256_storeu_ps(y + i, _mm256_mul_ps(_mm256_loadu_ps(y + i), inv));
    if (rest)
        _mm256_maskstore_ps(y + i, tail, _mm256_mul_ps(_mm256_maskload_ps(y + i, tail), inv));
}

} // namespace

namespace detail {
const SoftmaxSimd kSoftmaxAvx2 { 8, softmaxBlockAvx2<false>, softmaxBlockAvx2<true>, softmaxRowAvx2 };

} // namespace detail

} // namespace qs::kernels
