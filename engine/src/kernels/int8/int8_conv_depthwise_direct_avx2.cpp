// SPDX-License-Identifier: MIT
// The AVX2 loops of Int8Conv's depthwise path (int8_conv_depthwise_simd.h: detail::kDepthwiseDirectAvx2). Every
// function carries its target attribute (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_conv_depthwise_direct_simd.h"

#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

/// One pixel: channels [first, blockChannels) from the positions at taps[t] + offset. PAIRS > 0: that many pairs, known
/// when compiling (3x3 and 5x5 kernels, unrolled); 0: `pairs`.
template <int PAIRS>
__attribute__((target("avx2"))) inline void pixel(const uint8_t* const* taps, int64_t offset, int64_t pairs,
    int64_t first, int64_t blockChannels, const int32_t* packed, const int32_t* zpSums, int32_t* out)
{
    const int64_t np = PAIRS > 0 ? PAIRS : pairs;
    int64_t c = first;
    for (; c + 16 <= blockChannels; c += 16) {
        const int32_t* w = packed + c * np;
        __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
        for (int64_t p = 0; p < np; ++p, w += 16) {
            // x of 16 channels at positions 2p and 2p + 1, widened to int16 and interleaved for vpmaddwd: channels
            // 0-3, 8-11 (lo) and 4-7, 12-15 (hi), as the unpack instructions work per 128-bit lane.
            const __m256i x1
                = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(taps[2 * p] + offset + c)));
            const __m256i x2
                = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(taps[2 * p + 1] + offset + c)));
            // |x| <= 255 and |w - zp_w| <= 255: each pair sums to at most 2·255² in int32, nothing saturates.
            lo = _mm256_add_epi32(lo,
                _mm256_madd_epi16(
                    _mm256_unpacklo_epi16(x1, x2), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w))));
            hi = _mm256_add_epi32(hi,
                _mm256_madd_epi16(
                    _mm256_unpackhi_epi16(x1, x2), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 8))));
        }
        const __m256i low8 = _mm256_permute2x128_si256(lo, hi, 0x20); // channels 0-7
        const __m256i high8 = _mm256_permute2x128_si256(lo, hi, 0x31); // channels 8-15
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + c),
            _mm256_sub_epi32(low8, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(zpSums + c))));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + c + 8),
            _mm256_sub_epi32(high8, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(zpSums + c + 8))));
    }
    for (; c + 8 <= blockChannels; c += 8) {
        const int32_t* w = packed + c * np;
        __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();
        for (int64_t p = 0; p < np; ++p, w += 8) {
            const __m128i x1
                = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(taps[2 * p] + offset + c)));
            const __m128i x2
                = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(taps[2 * p + 1] + offset + c)));
            lo = _mm_add_epi32(
                lo, _mm_madd_epi16(_mm_unpacklo_epi16(x1, x2), _mm_loadu_si128(reinterpret_cast<const __m128i*>(w))));
            hi = _mm_add_epi32(hi,
                _mm_madd_epi16(_mm_unpackhi_epi16(x1, x2), _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + 4))));
        }
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + c),
            _mm_sub_epi32(lo, _mm_loadu_si128(reinterpret_cast<const __m128i*>(zpSums + c))));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + c + 4),
            _mm_sub_epi32(hi, _mm_loadu_si128(reinterpret_cast<const __m128i*>(zpSums + c + 4))));
    }
}

template <int PAIRS>
__attribute__((target("avx2"))) void pixelsFixed(const uint8_t* const* taps, int64_t step, int64_t count, int64_t pairs,
    int64_t first, int64_t blockChannels, const int32_t* packed, const int32_t* zpSums, int32_t* out, int64_t outStride)
{
    for (int64_t n = 0; n < count; ++n)
        pixel<PAIRS>(taps, n * step, pairs, first, blockChannels, packed, zpSums, out + n * outStride);
}

} // namespace

namespace detail {
const DepthwiseDirectSimd kDepthwiseDirectAvx2 { { pixelsFixed<5>, pixelsFixed<13>, pixelsFixed<0> }, 16 };
} // namespace detail

} // namespace qs::kernels::int8
