// SPDX-License-Identifier: MIT
#include "kernels/cpu/softmax_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "kernels/simd_exp.h"

#include <algorithm>
#include <immintrin.h>

namespace qs::kernels {

namespace {

template <bool Range>
QS_AVX512 void softmaxBlockAvx512(
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

/// softmaxBlockAvx512 on the first `lanes` of 8 (vmaskmovps: masked lanes load 0 and are never stored). The mask is
/// built here, not passed in: a __m256i argument from a caller compiled without AVX would not arrive in a register.
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

bool softmaxContiguous(quant::QuantIsa isa, const float* x, float* y, int64_t rows, int64_t n)
{
    if (isa == quant::QuantIsa::Scalar || !quant::cpuRunsQuantIsa(isa) || n < 1)
        return false;
    const bool wide = isa == quant::QuantIsa::Avx512;
#pragma omp parallel for if (rows * n > (1 << 15))
    for (int64_t r = 0; r < rows; ++r) {
        if (wide)
            softmaxRowAvx512(x + r * n, y + r * n, n);
        else
            softmaxRowAvx2(x + r * n, y + r * n, n);
    }
    return true;
}

bool softmaxStrided(quant::QuantIsa isa, const float* x, float* y, int64_t outer, int64_t n, int64_t inner,
    int64_t xOuter, int64_t xAxis, int64_t yOuter, int64_t yAxis, float* range)
{
    if (isa == quant::QuantIsa::Scalar || !quant::cpuRunsQuantIsa(isa))
        return false;
    const int64_t lanes = isa == quant::QuantIsa::Avx512 ? 16 : 8;
    const int64_t blocks = (inner + lanes - 1) / lanes;
    float lo = __builtin_inff(), hi = -__builtin_inff();
#pragma omp parallel for collapse(2) if (outer * n * inner > (1 << 15)) reduction(min : lo) reduction(max : hi)
    for (int64_t o = 0; o < outer; ++o)
        for (int64_t b = 0; b < blocks; ++b) {
            const int64_t in = b * lanes;
            const float* xs = x + o * xOuter + in;
            float* ys = y + o * yOuter + in;
            if (lanes == 16) {
                const __mmask16 m = inner - in >= 16 ? __mmask16(0xffff) : __mmask16((1u << (inner - in)) - 1);
                if (range)
                    softmaxBlockAvx512<true>(xs, ys, n, xAxis, yAxis, m, lo, hi);
                else
                    softmaxBlockAvx512<false>(xs, ys, n, xAxis, yAxis, m, lo, hi);
            } else if (range) {
                softmaxBlockAvx2<true>(xs, ys, n, xAxis, yAxis, std::min<int64_t>(inner - in, 8), lo, hi);
            } else {
                softmaxBlockAvx2<false>(xs, ys, n, xAxis, yAxis, std::min<int64_t>(inner - in, 8), lo, hi);
            }
        }
    if (range) {
        range[0] = lo;
        range[1] = hi;
    }
    return true;
}

} // namespace qs::kernels
