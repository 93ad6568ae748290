// SPDX-License-Identifier: MIT
// The AVX-512 loops of resize_simd.h (detail::kResizeAvx512). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags); no vector crosses a function boundary.
#include "kernels/cpu/resize_simd.h"
#include "kernels/simd_exp.h"

#include <immintrin.h>

namespace qs::kernels {

namespace {

QS_AVX512 void rowsAvx512(const float* const* rows, const float* w, int64_t taps, int64_t n, float* y)
{
    int64_t j = 0;
    for (; j < n; j += 16) {
        const __mmask16 m = n - j >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - j)) - 1u);
        __m512 acc = _mm512_mul_ps(_mm512_set1_ps(w[0]), _mm512_maskz_loadu_ps(m, rows[0] + j));
        for (int64_t t = 1; t < taps; ++t)
            acc = _mm512_fmadd_ps(_mm512_set1_ps(w[t]), _mm512_maskz_loadu_ps(m, rows[t] + j), acc);
        _mm512_mask_storeu_ps(y + j, m, acc);
    }
}

QS_AVX512 void gatherAvx512(const float* x, const int32_t* idx, const float* w, int64_t taps, int64_t outLen, float* y)
{
    for (int64_t o = 0; o < outLen; o += 16) {
        const __mmask16 m = outLen - o >= 16 ? __mmask16(0xffff) : __mmask16((1u << (outLen - o)) - 1u);
        const __m512 zero = _mm512_setzero_ps();
        __m512 acc = _mm512_mul_ps(_mm512_maskz_loadu_ps(m, w + o),
            _mm512_mask_i32gather_ps(zero, m, _mm512_maskz_loadu_epi32(m, idx + o), x, 4));
        for (int64_t t = 1; t < taps; ++t) {
            const int64_t at = t * outLen + o;
            acc = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, w + at),
                _mm512_mask_i32gather_ps(zero, m, _mm512_maskz_loadu_epi32(m, idx + at), x, 4), acc);
        }
        _mm512_mask_storeu_ps(y + o, m, acc);
    }
}

QS_AVX512 void copyGatherAvx512(const uint32_t* x, const int32_t* idx, int64_t outLen, uint32_t* y)
{
    for (int64_t o = 0; o < outLen; o += 16) {
        const __mmask16 m = outLen - o >= 16 ? __mmask16(0xffff) : __mmask16((1u << (outLen - o)) - 1u);
        _mm512_mask_storeu_epi32(y + o, m,
            _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, _mm512_maskz_loadu_epi32(m, idx + o), x, 4));
    }
}

} // namespace

namespace detail {
const ResizeLoops kResizeAvx512 { rowsAvx512, gatherAvx512, copyGatherAvx512, "avx512" };
} // namespace detail

} // namespace qs::kernels
