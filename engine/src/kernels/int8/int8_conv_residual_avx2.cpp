// SPDX-License-Identifier: MIT
// The AVX2 loops of Int8Conv's sparse residual (int8_conv_residual_simd.h: detail::kResidualAvx2). Every function
// carries its target attribute (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_conv_residual_simd.h"

#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

/// One corrected channel's residual over a 16-pixel tile: pixels 0-7 in `first`, 8-15 in `second`.
__attribute__((target("avx2"))) inline void channelSums16(
    const int16_t* x, const Correction* corrections, size_t e, size_t end, __m256i& first, __m256i& second)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i lo = zero, hi = zero; // pixels 0-3, 8-11 and 4-7, 12-15 (unpack works per 128-bit lane)
    for (; e + 1 < end; e += 2) {
        const __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + corrections[e].offset));
        const __m256i x2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + corrections[e + 1].offset));
        const __m256i w = _mm256_set1_epi32(corrections[e].pairValue);
        lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(x1, x2), w));
        hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(x1, x2), w));
    }
    if (e < end) {
        const __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + corrections[e].offset));
        const __m256i w = _mm256_set1_epi32(corrections[e].pairValue); // the high half is 0
        lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(x1, zero), w));
        hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(x1, zero), w));
    }
    first = _mm256_permute2x128_si256(lo, hi, 0x20);
    second = _mm256_permute2x128_si256(lo, hi, 0x31);
}

/// 8x8 int32 transposition: rows of 8 channels' pixel sums become rows of 8 pixels' channel sums.
__attribute__((target("avx2"))) inline void transpose8x8(__m256i* r)
{
    __m256i t[8], u[8];
    for (int k = 0; k < 4; ++k) {
        t[2 * k] = _mm256_unpacklo_epi32(r[2 * k], r[2 * k + 1]);
        t[2 * k + 1] = _mm256_unpackhi_epi32(r[2 * k], r[2 * k + 1]);
    }
    for (int k = 0; k < 2; ++k) {
        u[4 * k] = _mm256_unpacklo_epi64(t[4 * k], t[4 * k + 2]);
        u[4 * k + 1] = _mm256_unpackhi_epi64(t[4 * k], t[4 * k + 2]);
        u[4 * k + 2] = _mm256_unpacklo_epi64(t[4 * k + 1], t[4 * k + 3]);
        u[4 * k + 3] = _mm256_unpackhi_epi64(t[4 * k + 1], t[4 * k + 3]);
    }
    for (int k = 0; k < 4; ++k) {
        r[k] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x20);
        r[k + 4] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x31);
    }
}

/// applyCorrections<16> (int8_conv_residual.cpp) with AVX2's int16 multiply-add: two residual weights of a channel per
/// instruction (their plane values interleaved), half the plane bytes of int32. Exact: |x - zp| <= 255 and |weight| <=
/// 383 (a clamped weight's excess), so each pair sum stays far inside int32. Runs of 8 consecutive corrected channels
/// (dense residuals, PyTorch-quantized weights) are transposed in registers and added to the tile 8 channels at a time.
__attribute__((target("avx2"))) void applyCorrections16Avx2(int32_t* tile, int64_t oc, int64_t count, const int16_t* x,
    const int32_t* channels, const size_t* begin, int64_t correctedCount, const Correction* corrections)
{
    for (int64_t r = 0; r < correctedCount;) {
        if (r + 8 <= correctedCount && channels[r + 7] - channels[r] == 7) {
            __m256i first[8], second[8];
            for (int c = 0; c < 8; ++c)
                channelSums16(x, corrections, begin[r + c], begin[r + c + 1], first[c], second[c]);
            transpose8x8(first);
            transpose8x8(second);
            int32_t* base = tile + channels[r];
            for (int64_t k = 0; k < count; ++k) {
                auto* p = reinterpret_cast<__m256i*>(base + k * oc);
                _mm256_storeu_si256(p, _mm256_add_epi32(_mm256_loadu_si256(p), k < 8 ? first[k] : second[k - 8]));
            }
            r += 8;
            continue;
        }
        __m256i first, second;
        channelSums16(x, corrections, begin[r], begin[r + 1], first, second);
        alignas(32) int32_t sum[16];
        _mm256_store_si256(reinterpret_cast<__m256i*>(sum), first);
        _mm256_store_si256(reinterpret_cast<__m256i*>(sum + 8), second);
        int32_t* px = tile + channels[r];
        for (int64_t k = 0; k < count; ++k)
            px[k * oc] += sum[k];
        ++r;
    }
}

/// One corrected channel's residual over an 8-pixel tile, pixels in order.
__attribute__((target("avx2"))) inline __m256i channelSums8(
    const int16_t* x, const Correction* corrections, size_t e, size_t end)
{
    const __m128i zero = _mm_setzero_si128();
    __m256i sum = _mm256_setzero_si256();
    for (; e < end; e += 2) {
        const __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + corrections[e].offset));
        const __m128i x2 = e + 1 < end
            ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + corrections[e + 1].offset))
            : zero; // the high half of the last odd weight's madd operand is 0
        const __m256i pairs = _mm256_set_m128i(_mm_unpackhi_epi16(x1, x2), _mm_unpacklo_epi16(x1, x2));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(pairs, _mm256_set1_epi32(corrections[e].pairValue)));
    }
    return sum;
}

/// applyCorrections8Sse2 on AVX2 for the narrow tiles (resnet18's 7-pixel rows of 512 channels, the last 8 pixels of
/// its 56-pixel rows): runs of 8 consecutive corrected channels are transposed in registers and added to the tile
/// as one vector per pixel, instead of 8 scalar read-modify-writes per channel.
__attribute__((target("avx2"))) void applyCorrections8Avx2(int32_t* tile, int64_t oc, int64_t count, const int16_t* x,
    const int32_t* channels, const size_t* begin, int64_t correctedCount, const Correction* corrections)
{
    for (int64_t r = 0; r < correctedCount;) {
        if (r + 8 <= correctedCount && channels[r + 7] - channels[r] == 7) {
            __m256i sums[8];
            for (int c = 0; c < 8; ++c)
                sums[c] = channelSums8(x, corrections, begin[r + c], begin[r + c + 1]);
            transpose8x8(sums);
            int32_t* base = tile + channels[r];
            for (int64_t k = 0; k < count; ++k) {
                auto* p = reinterpret_cast<__m256i*>(base + k * oc);
                _mm256_storeu_si256(p, _mm256_add_epi32(_mm256_loadu_si256(p), sums[k]));
            }
            r += 8;
            continue;
        }
        alignas(32) int32_t sum[8];
        _mm256_store_si256(reinterpret_cast<__m256i*>(sum), channelSums8(x, corrections, begin[r], begin[r + 1]));
        int32_t* px = tile + channels[r];
        for (int64_t k = 0; k < count; ++k)
            px[k * oc] += sum[k];
        ++r;
    }
}

} // namespace

namespace detail {
const ResidualSimd kResidualAvx2 { applyCorrections8Avx2, applyCorrections16Avx2 };
} // namespace detail

} // namespace qs::kernels::int8
