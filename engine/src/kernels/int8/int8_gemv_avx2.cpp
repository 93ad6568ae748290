// SPDX-License-Identifier: MIT
// The AVX2 loop of int8_gemv.h (detail::kInt8GemvAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_gemv.h"

#include <algorithm>
#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

constexpr int64_t kColumns = 8; ///< int32 lanes of one ymm accumulator

__attribute__((target("avx2"))) void int8GemvAvx2(
    const int32_t* aPairs, const int8_t* packed, int64_t k, int64_t n, int64_t panelBegin, int64_t panelEnd, int32_t* y)
{
    const int64_t pairs = (k + 1) / 2;
    for (int64_t b = panelBegin; b < panelEnd; ++b) {
        const int8_t* wb = packed + b * pairs * kColumns * 2;
        // Two accumulators (even and odd pairs) to hide the add latency; |a·w| <= 255·128, so every sum of two
        // int16 products and every int32 total up to K < 65536 is exact.
        __m256i acc0 = _mm256_setzero_si256(), acc1 = _mm256_setzero_si256();
        int64_t p = 0;
        for (; p + 1 < pairs; p += 2) {
            const __m256i w0 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(wb + p * 16)));
            const __m256i w1
                = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(wb + (p + 1) * 16)));
            acc0 = _mm256_add_epi32(acc0, _mm256_madd_epi16(w0, _mm256_set1_epi32(aPairs[p])));
            acc1 = _mm256_add_epi32(acc1, _mm256_madd_epi16(w1, _mm256_set1_epi32(aPairs[p + 1])));
        }
        if (p < pairs) {
            const __m256i w0 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(wb + p * 16)));
            acc0 = _mm256_add_epi32(acc0, _mm256_madd_epi16(w0, _mm256_set1_epi32(aPairs[p])));
        }
        alignas(32) int32_t out[kColumns];
        _mm256_store_si256(reinterpret_cast<__m256i*>(out), _mm256_add_epi32(acc0, acc1));
        const int64_t count = std::min(kColumns, n - b * kColumns);
        std::copy(out, out + count, y + b * kColumns);
    }
}

} // namespace

namespace detail {
const Int8GemvSimd kInt8GemvAvx2 { "qs:avx2_int8_gemv", kColumns, 2, int8GemvAvx2 };
} // namespace detail

} // namespace qs::kernels::int8
