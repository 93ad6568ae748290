// SPDX-License-Identifier: MIT
// The AVX-512 loops of layer_norm_simd.h (detail::kLayerNormAvx512). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/cpu/layer_norm_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

#include <cmath>
#include <immintrin.h>

// No "fma" in the target: GCC contracts a * b + c written with intrinsics into an FMA when the target has one,
// and the scalar kernel (baseline x86-64) rounds the product before the add.
#define QS_LN_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2")))

namespace qs::kernels {

namespace {

using detail::RowStats;

QS_LN_AVX512 RowStats statsAvx512(const float* x, int64_t n, float eps)
{
    __m512d s0 = _mm512_setzero_pd(), s1 = _mm512_setzero_pd();
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_loadu_ps(x + i);
        s0 = _mm512_add_pd(s0, _mm512_cvtps_pd(_mm512_castps512_ps256(v)));
        s1 = _mm512_add_pd(s1, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))));
    }
    const __mmask16 tail = __mmask16((1u << (n - i)) - 1);
    const __m512 t = _mm512_maskz_loadu_ps(tail, x + i); // masked lanes are 0: they add nothing
    s0 = _mm512_add_pd(s0, _mm512_cvtps_pd(_mm512_castps512_ps256(t)));
    s1 = _mm512_add_pd(s1, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(t), 1))));
    const double mean = _mm512_reduce_add_pd(_mm512_add_pd(s0, s1)) / double(n);
    const __m512d m = _mm512_set1_pd(mean);
    __m512d q0 = _mm512_setzero_pd(), q1 = _mm512_setzero_pd();
    for (i = 0; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_loadu_ps(x + i);
        const __m512d d0 = _mm512_sub_pd(_mm512_cvtps_pd(_mm512_castps512_ps256(v)), m);
        const __m512d d1
            = _mm512_sub_pd(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))), m);
        q0 = _mm512_add_pd(q0, _mm512_mul_pd(d0, d0));
        q1 = _mm512_add_pd(q1, _mm512_mul_pd(d1, d1));
    }
    if (tail) {
        const __m512 v = _mm512_maskz_loadu_ps(tail, x + i);
        const __m512d d0 = _mm512_sub_pd(_mm512_cvtps_pd(_mm512_castps512_ps256(v)), m);
        const __m512d d1
            = _mm512_sub_pd(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))), m);
        q0 = _mm512_mask_add_pd(q0, __mmask8(tail), q0, _mm512_mul_pd(d0, d0));
        q1 = _mm512_mask_add_pd(q1, __mmask8(tail >> 8), q1, _mm512_mul_pd(d1, d1));
    }
    const double var = _mm512_reduce_add_pd(_mm512_add_pd(q0, q1)) / double(n);
    return { mean, float(1.0 / std::sqrt(var + eps)) };
}

/// y = float(x - mean) * inv * scale [+ bias] on 16 lanes; `tail` masks the last block.
QS_LN_AVX512 void normalizeAvx512(
    const float* x, const float* scale, const float* bias, float* y, int64_t n, RowStats st)
{
    const __m512d m = _mm512_set1_pd(st.mean);
    const __m512 inv = _mm512_set1_ps(st.inv);
    for (int64_t i = 0; i < n; i += 16) {
        const __mmask16 k = n - i >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - i)) - 1);
        const __m512 v = _mm512_maskz_loadu_ps(k, x + i);
        const __m256 lo = _mm512_cvtpd_ps(_mm512_sub_pd(_mm512_cvtps_pd(_mm512_castps512_ps256(v)), m));
        const __m256 hi = _mm512_cvtpd_ps(
            _mm512_sub_pd(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))), m));
        const __m512 c = _mm512_castpd_ps(
            _mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(lo)), _mm256_castps_pd(hi), 1));
        __m512 r = _mm512_mul_ps(_mm512_mul_ps(c, inv), _mm512_maskz_loadu_ps(k, scale + i));
        if (bias)
            r = _mm512_add_ps(r, _mm512_maskz_loadu_ps(k, bias + i));
        _mm512_mask_storeu_ps(y + i, k, r);
    }
}

} // namespace

namespace detail {
const LayerNormSimd kLayerNormAvx512 { statsAvx512, normalizeAvx512 };
} // namespace detail

} // namespace qs::kernels
