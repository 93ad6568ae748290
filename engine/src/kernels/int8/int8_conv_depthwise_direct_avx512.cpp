// SPDX-License-Identifier: MIT
// The AVX-512 loops of Int8Conv's depthwise path (int8_conv_depthwise_simd.h: detail::kDepthwiseDirectAvx512): blocks
// of 32 channels, the rest through the AVX2 loops. Every function carries its target attribute (kernels/README.md: no
// per-file -m flags).
#include "kernels/int8/int8_conv_depthwise_direct_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2")))

namespace qs::kernels::int8 {

namespace {

/// Blocks of 32 channels of one pixel from the positions at taps[t] + offset, up to `end`; returns where it stopped.
template <int PAIRS>
QS_AVX512 inline int64_t pixel32(const uint8_t* const* taps, int64_t offset, int64_t pairs, int64_t c, int64_t end,
    const int32_t* packed, const int32_t* zpSums, int32_t* out)
{
    const int64_t np = PAIRS > 0 ? PAIRS : pairs;
    // The lanes' channels (depthwiseDirectLaneChannel(32, k)) back in order: 128-bit lanes lo0, hi0, lo1, hi1 are
    // channels 0-15, lo2, hi2, lo3, hi3 channels 16-31 (indices in 64-bit elements, hi's from 8 on).
    const __m512i firstHalf = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    const __m512i secondHalf = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    for (; c + 32 <= end; c += 32) {
        const int32_t* w = packed + c * np;
        __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
        for (int64_t p = 0; p < np; ++p, w += 32) {
            const __m512i x1
                = _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(taps[2 * p] + offset + c)));
            const __m512i x2 = _mm512_cvtepu8_epi16(
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(taps[2 * p + 1] + offset + c)));
            // |x| <= 255 and |w - zp_w| <= 255: each pair sums to at most 2·255² in int32, nothing saturates.
            lo = _mm512_add_epi32(lo, _mm512_madd_epi16(_mm512_unpacklo_epi16(x1, x2), _mm512_loadu_si512(w)));
            hi = _mm512_add_epi32(hi, _mm512_madd_epi16(_mm512_unpackhi_epi16(x1, x2), _mm512_loadu_si512(w + 16)));
        }
        _mm512_storeu_si512(
            out + c, _mm512_sub_epi32(_mm512_permutex2var_epi64(lo, firstHalf, hi), _mm512_loadu_si512(zpSums + c)));
        _mm512_storeu_si512(out + c + 16,
            _mm512_sub_epi32(_mm512_permutex2var_epi64(lo, secondHalf, hi), _mm512_loadu_si512(zpSums + c + 16)));
    }
    return c;
}

template <int PAIRS>
QS_AVX512 void pixelsFixed(const uint8_t* const* taps, int64_t step, int64_t count, int64_t pairs, int64_t first,
    int64_t blockChannels, const int32_t* packed, const int32_t* zpSums, int32_t* out, int64_t outStride)
{
    int64_t rest = first;
    for (int64_t n = 0; n < count; ++n)
        rest = pixel32<PAIRS>(taps, n * step, pairs, first, blockChannels, packed, zpSums, out + n * outStride);
    if (rest < blockChannels) // fewer than 32 channels left: the AVX2 loops' blocks of 16 and 8
        detail::depthwiseDirectPixelsFor(detail::kDepthwiseDirectAvx2, pairs)(
            taps, step, count, pairs, rest, blockChannels, packed, zpSums, out, outStride);
}

} // namespace

namespace detail {
const DepthwiseDirectSimd kDepthwiseDirectAvx512 { { pixelsFixed<5>, pixelsFixed<13>, pixelsFixed<0> }, 32 };
} // namespace detail

} // namespace qs::kernels::int8
