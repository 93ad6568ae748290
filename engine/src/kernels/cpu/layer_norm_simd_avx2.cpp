// SPDX-License-Identifier: MIT
// The AVX2 loops of layer_norm_simd.h (detail::kLayerNormAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/cpu/layer_norm_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

#include <cmath>
#include <immintrin.h>

// No "fma" in the target: GCC contracts a * b + c written with intrinsics into an FMA when the target has one,
// and the scalar kernel (baseline x86-64) rounds the product before the add.
#define QS_LN_AVX2 __attribute__((target("avx2")))

namespace qs::kernels {

namespace {

using detail::RowStats;

QS_LN_AVX2 double sumAvx2(__m256d a)
{
    alignas(32) double l[4];
    _mm256_store_pd(l, a);
    return (l[0] + l[1]) + (l[2] + l[3]);
}

QS_LN_AVX2 RowStats statsAvx2(const float* x, int64_t n, float eps)
{
    __m256d s0 = _mm256_setzero_pd(), s1 = _mm256_setzero_pd();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        s0 = _mm256_add_pd(s0, _mm256_cvtps_pd(_mm_loadu_ps(x + i)));
        s1 = _mm256_add_pd(s1, _mm256_cvtps_pd(_mm_loadu_ps(x + i + 4)));
    }
    double sum = sumAvx2(_mm256_add_pd(s0, s1));
    for (int64_t j = i; j < n; ++j)
        sum += x[j];
    const double mean = sum / double(n);
    const __m256d m = _mm256_set1_pd(mean);
    __m256d q0 = _mm256_setzero_pd(), q1 = _mm256_setzero_pd();
    for (i = 0; i + 8 <= n; i += 8) {
        const __m256d d0 = _mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(x + i)), m);
        const __m256d d1 = _mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(x + i + 4)), m);
        q0 = _mm256_add_pd(q0, _mm256_mul_pd(d0, d0));
        q1 = _mm256_add_pd(q1, _mm256_mul_pd(d1, d1));
    }
    double var = sumAvx2(_mm256_add_pd(q0, q1));
    for (int64_t j = i; j < n; ++j)
        var += (x[j] - mean) * (x[j] - mean);
    var /= double(n);
    return { mean, float(1.0 / std::sqrt(var + eps)) };
}

QS_LN_AVX2 void normalizeAvx2(const float* x, const float* scale, const float* bias, float* y, int64_t n, RowStats st)
{
    const __m256d m = _mm256_set1_pd(st.mean);
    const __m256 inv = _mm256_set1_ps(st.inv);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m128 lo = _mm256_cvtpd_ps(_mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(x + i)), m));
        const __m128 hi = _mm256_cvtpd_ps(_mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(x + i + 4)), m));
        __m256 r = _mm256_mul_ps(_mm256_mul_ps(_mm256_set_m128(hi, lo), inv), _mm256_loadu_ps(scale + i));
        if (bias)
            r = _mm256_add_ps(r, _mm256_loadu_ps(bias + i));
        _mm256_storeu_ps(y + i, r);
    }
    for (; i < n; ++i)
        y[i] = float(x[i] - st.mean) * st.inv * scale[i] + (bias ? bias[i] : 0.0f);
}

} // namespace

namespace detail {
const LayerNormSimd kLayerNormAvx2 { statsAvx2, normalizeAvx2 };
} // namespace detail

} // namespace qs::kernels
