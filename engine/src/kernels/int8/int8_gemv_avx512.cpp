// SPDX-License-Identifier: MIT
// The AVX-512 loops of int8_gemv.h (detail::kInt8GemvAvx512, detail::kInt8GemvAvx512Vnni): panels of 16 int32
// columns; without VNNI pairs of K widened to int16 (vpmaddwd), with VNNI quads of K as bytes (vpdpbusd). Every
// function carries its target attribute (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_gemv.h"

#include <immintrin.h>

#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2")))
#define QS_AVX512_VNNI __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni,avx2")))

namespace qs::kernels::int8 {

namespace {

constexpr int64_t kColumns = 16; ///< int32 lanes of one zmm accumulator

/// Stores the first min(16, n - col) lanes of `acc` at y + col.
QS_AVX512 inline void storePanel(__m512i acc, int64_t n, int64_t col, int32_t* y)
{
    const int64_t count = n - col < kColumns ? n - col : kColumns;
    _mm512_mask_storeu_epi32(y + col, __mmask16((1u << count) - 1u), acc);
}

QS_AVX512 void int8GemvAvx512(
    const int32_t* aPairs, const int8_t* packed, int64_t k, int64_t n, int64_t panelBegin, int64_t panelEnd, int32_t* y)
{
    const int64_t pairs = (k + 1) / 2;
    for (int64_t b = panelBegin; b < panelEnd; ++b) {
        const int8_t* wb = packed + b * pairs * kColumns * 2;
        // Two accumulators to hide the add latency; |a·w| <= 255·128, so every sum of two int16 products and every
        // int32 total up to K < 65536 is exact.
        __m512i acc0 = _mm512_setzero_si512(), acc1 = _mm512_setzero_si512();
        int64_t p = 0;
        for (; p + 1 < pairs; p += 2) {
            const __m512i w0 = _mm512_cvtepi8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(wb + p * 32)));
            const __m512i w1
                = _mm512_cvtepi8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(wb + (p + 1) * 32)));
            acc0 = _mm512_add_epi32(acc0, _mm512_madd_epi16(w0, _mm512_set1_epi32(aPairs[p])));
            acc1 = _mm512_add_epi32(acc1, _mm512_madd_epi16(w1, _mm512_set1_epi32(aPairs[p + 1])));
        }
        if (p < pairs) {
            const __m512i w0 = _mm512_cvtepi8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(wb + p * 32)));
            acc0 = _mm512_add_epi32(acc0, _mm512_madd_epi16(w0, _mm512_set1_epi32(aPairs[p])));
        }
        storePanel(_mm512_add_epi32(acc0, acc1), n, b * kColumns, y);
    }
}

QS_AVX512_VNNI void int8GemvAvx512Vnni(
    const int32_t* aQuads, const int8_t* packed, int64_t k, int64_t n, int64_t panelBegin, int64_t panelEnd, int32_t* y)
{
    const int64_t quads = (k + 3) / 4;
    for (int64_t b = panelBegin; b < panelEnd; ++b) {
        const __m512i* wb = reinterpret_cast<const __m512i*>(packed + b * quads * kColumns * 4);
        // vpdpbusd adds four u8·s8 products to each int32 lane without an intermediate int16 (no saturation); four
        // accumulators cover its latency. |total| <= K·255·128 fits int32 for K < 65536.
        __m512i acc[4]
            = { _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512() };
        int64_t q = 0;
        for (; q + 3 < quads; q += 4)
            for (int u = 0; u < 4; ++u)
                acc[u] = _mm512_dpbusd_epi32(acc[u], _mm512_set1_epi32(aQuads[q + u]), _mm512_loadu_si512(wb + q + u));
        for (; q < quads; ++q)
            acc[0] = _mm512_dpbusd_epi32(acc[0], _mm512_set1_epi32(aQuads[q]), _mm512_loadu_si512(wb + q));
        storePanel(
            _mm512_add_epi32(_mm512_add_epi32(acc[0], acc[1]), _mm512_add_epi32(acc[2], acc[3])), n, b * kColumns, y);
    }
}

} // namespace

namespace detail {
const Int8GemvSimd kInt8GemvAvx512 { "qs:avx512_int8_gemv", kColumns, 2, int8GemvAvx512 };
const Int8GemvSimd kInt8GemvAvx512Vnni { "qs:avx512_vnni_int8_gemv", kColumns, 4, int8GemvAvx512Vnni };
} // namespace detail

} // namespace qs::kernels::int8
