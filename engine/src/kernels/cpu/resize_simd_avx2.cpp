// SPDX-License-Identifier: MIT
// The AVX2 loops of resize_simd.h (detail::kResizeAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags); no vector crosses a function boundary.
#include "kernels/cpu/resize_simd.h"
#include "kernels/simd_exp.h"

#include <immintrin.h>

namespace qs::kernels {

namespace {

QS_AVX2 __m256i tailMaskAvx2(int64_t left)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(int(left)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

QS_AVX2 void rowsAvx2(const float* const* rows, const float* w, int64_t taps, int64_t n, float* y)
{
    int64_t j = 0;
    if (taps == 2) { // linear: the common case
        const __m256 w0 = _mm256_set1_ps(w[0]), w1 = _mm256_set1_ps(w[1]);
        const float *r0 = rows[0], *r1 = rows[1];
        for (; j + 8 <= n; j += 8)
            _mm256_storeu_ps(
                y + j, _mm256_fmadd_ps(w1, _mm256_loadu_ps(r1 + j), _mm256_mul_ps(w0, _mm256_loadu_ps(r0 + j))));
    } else {
        for (; j + 8 <= n; j += 8) {
            __m256 acc = _mm256_mul_ps(_mm256_set1_ps(w[0]), _mm256_loadu_ps(rows[0] + j));
            for (int64_t t = 1; t < taps; ++t)
                acc = _mm256_fmadd_ps(_mm256_set1_ps(w[t]), _mm256_loadu_ps(rows[t] + j), acc);
            _mm256_storeu_ps(y + j, acc);
        }
    }
    if (j < n) {
        const __m256i m = tailMaskAvx2(n - j);
        __m256 acc = _mm256_mul_ps(_mm256_set1_ps(w[0]), _mm256_maskload_ps(rows[0] + j, m));
        for (int64_t t = 1; t < taps; ++t)
            acc = _mm256_fmadd_ps(_mm256_set1_ps(w[t]), _mm256_maskload_ps(rows[t] + j, m), acc);
        _mm256_maskstore_ps(y + j, m, acc);
    }
}

QS_AVX2 void gatherAvx2(const float* x, const int32_t* idx, const float* w, int64_t taps, int64_t outLen, float* y)
{
    int64_t o = 0;
    for (; o + 8 <= outLen; o += 8) {
        __m256 acc = _mm256_mul_ps(_mm256_loadu_ps(w + o),
            _mm256_i32gather_ps(x, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + o)), 4));
        for (int64_t t = 1; t < taps; ++t) {
            const int64_t at = t * outLen + o;
            acc = _mm256_fmadd_ps(_mm256_loadu_ps(w + at),
                _mm256_i32gather_ps(x, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + at)), 4), acc);
        }
        _mm256_storeu_ps(y + o, acc);
    }
    if (o < outLen) {
        const __m256i m = tailMaskAvx2(outLen - o);
        const __m256 mf = _mm256_castsi256_ps(m);
        const __m256 zero = _mm256_setzero_ps();
        __m256 acc = _mm256_mul_ps(
            _mm256_maskload_ps(w + o, m), _mm256_mask_i32gather_ps(zero, x, _mm256_maskload_epi32(idx + o, m), mf, 4));
        for (int64_t t = 1; t < taps; ++t) {
            const int64_t at = t * outLen + o;
            acc = _mm256_fmadd_ps(_mm256_maskload_ps(w + at, m),
                _mm256_mask_i32gather_ps(zero, x, _mm256_maskload_epi32(idx + at, m), mf, 4), acc);
        }
        _mm256_maskstore_ps(y + o, m, acc);
    }
}

QS_AVX2 void copyGatherAvx2(const uint32_t* x, const int32_t* idx, int64_t outLen, uint32_t* y)
{
    const auto* xi = reinterpret_cast<const int*>(x);
    int64_t o = 0;
    for (; o + 8 <= outLen; o += 8)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(y + o),
            _mm256_i32gather_epi32(xi, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + o)), 4));
    if (o < outLen) {
        const __m256i m = tailMaskAvx2(outLen - o);
        _mm256_maskstore_epi32(reinterpret_cast<int*>(y + o), m,
            _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), xi, _mm256_maskload_epi32(idx + o, m), m, 4));
    }
}

} // namespace

namespace detail {
const ResizeLoops kResizeAvx2 { rowsAvx2, gatherAvx2, copyGatherAvx2, "avx2" };
} // namespace detail

} // namespace qs::kernels
