// SPDX-License-Identifier: MIT
// The AVX2 loops of Int8Conv's depthwise path (int8_conv_depthwise_simd.h: detail::kDepthwiseAvx2): blocks of 16
// channels (two vectors of 8 int32 products), up to 4 output pixels' accumulators in registers. Every function
// carries its target attribute (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_conv_depthwise_simd.h"

#include <algorithm>
#include <immintrin.h>

#define QS_DW_TARGET __attribute__((target("avx2")))

namespace qs::kernels::int8::detail {

namespace {

constexpr int64_t kBlock = 16;

QS_DW_TARGET void widenRow(const uint8_t* row, const DepthwiseRowSpec& spec, int16_t* widened)
{
    const DepthwiseRowSpec s = spec; // a copy: the stores below may alias the caller's
    const __m256i zp16 = _mm256_set1_epi16(int16_t(s.zeroPoint));
    const int64_t valid0 = std::max<int64_t>(0, s.padLeft), valid1 = std::min(s.columns, s.padLeft + s.inWidth);
    for (int64_t c = 0; c < s.paddedChannels; c += kBlock) {
        const int64_t left = s.channels - c;
        int16_t* w = widened + c * s.columns;
        for (int64_t pc = 0; pc < s.columns; ++pc) {
            __m256i v = _mm256_setzero_si256(); // padding: x = zp
            if (pc >= valid0 && pc < valid1) {
                const uint8_t* x = row + (pc - s.padLeft) * s.channels + c;
                if (left >= kBlock) {
                    // The 64-bit quarters in depthwiseBlockSlot's order (0, 2, 1, 3).
                    v = _mm256_sub_epi16(
                        _mm256_permute4x64_epi64(
                            _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x))), 0xD8),
                        zp16);
                } else {
                    alignas(32) int16_t part[kBlock] = {};
                    for (int64_t k = 0; k < left; ++k)
                        part[depthwiseBlockSlot(kBlock, k)] = int16_t(int32_t(x[k]) - s.zeroPoint);
                    v = _mm256_load_si256(reinterpret_cast<const __m256i*>(part));
                }
            }
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(w + pc * kBlock), v);
        }
    }
}

/// NJ output pixels x the 32 channels of block b (HIGH: all 16; else only the first 8, the rest being padding): two
/// accumulators per pixel in registers, each pair's weights loaded once for them. KH > 0: a KH x KW kernel with
/// stride S and no dilation, known when compiling (unrolled, every load at a constant offset from its row's pointer);
/// 0: the tile's.
template <int KH, int KW, int S, int NJ, bool HIGH>
QS_DW_TARGET inline void block(
    const DepthwiseTile& t, int64_t pixel, int64_t b, __m256i lowMask, __m256i highMask, int32_t* out)
{
    const int64_t kh = KH > 0 ? KH : t.kernelHeight, kw = KH > 0 ? KW : t.kernelWidth;
    const int64_t ps = (KH > 0 ? S : t.strideWidth) * kBlock, cs = (KH > 0 ? 1 : t.dilationWidth) * kBlock;
    const int64_t taps = kh * kw, pairs = (taps + 1) / 2;
    __m256i lo[NJ], hi[NJ];
#pragma GCC unroll 8
    for (int n = 0; n < NJ; ++n)
        lo[n] = hi[n] = _mm256_setzero_si256();
    const int32_t* w = t.packed + b * pairs * kBlock;
#pragma GCC unroll 13
    for (int64_t p = 0; p < pairs; ++p) {
        const int64_t t1 = 2 * p, t2 = 2 * p + 1;
        const int16_t* x1 = t.rows[t1 / kw] + b * t.blockStride + pixel * ps + (t1 % kw) * cs;
        const int16_t* x2 = t2 < taps ? t.rows[t2 / kw] + b * t.blockStride + pixel * ps + (t2 % kw) * cs : nullptr;
        const __m256i wLo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + p * kBlock));
        const __m256i wHi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + p * kBlock + 8));
#pragma GCC unroll 8
        for (int n = 0; n < NJ; ++n) {
            const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x1 + n * ps));
            const __m256i c
                = x2 ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x2 + n * ps)) : _mm256_setzero_si256();
            lo[n] = _mm256_add_epi32(lo[n], _mm256_madd_epi16(_mm256_unpacklo_epi16(a, c), wLo));
            // GCC otherwise reassociates the integer sums into trees of vpmaddwd results held at once, which spills
            // registers; the empty asm keeps each sum in its register.
            asm("" : "+x"(lo[n]));
            if (HIGH) {
                hi[n] = _mm256_add_epi32(hi[n], _mm256_madd_epi16(_mm256_unpackhi_epi16(a, c), wHi));
                asm("" : "+x"(hi[n]));
            }
        }
    }
    int32_t* o = out + pixel * t.channels + b * kBlock;
#pragma GCC unroll 8
    for (int n = 0; n < NJ; ++n) {
        _mm256_maskstore_epi32(o + n * t.channels, lowMask, lo[n]);
        if (HIGH)
            _mm256_maskstore_epi32(o + n * t.channels + 8, highMask, hi[n]);
    }
}

template <int KH, int KW, int S, bool HIGH>
QS_DW_TARGET inline void group(
    const DepthwiseTile& t, int64_t n, int64_t j, int64_t b, __m256i lowMask, __m256i highMask, int32_t* out)
{
    switch (n) {
    case 1:
        return block<KH, KW, S, 1, HIGH>(t, j, b, lowMask, highMask, out);
    case 2:
        return block<KH, KW, S, 2, HIGH>(t, j, b, lowMask, highMask, out);
    case 3:
        return block<KH, KW, S, 3, HIGH>(t, j, b, lowMask, highMask, out);
    default:
        return block<KH, KW, S, 4, HIGH>(t, j, b, lowMask, highMask, out);
    }
}

/// The lanes of a vector of 8 int32 that hold the first n channels (stores of a block's last channels).
QS_DW_TARGET inline __m256i maskOf(int64_t n)
{
    return _mm256_cmpgt_epi32(
        _mm256_set1_epi32(int32_t(std::clamp<int64_t>(n, 0, 8))), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// Block by block, all of the row's pixels for each: a block's widened columns and weights stay in L1 across the row's
// pixels. The pixels go in groups of at most 4 (16 registers: 8 accumulators) as equal as can be (7: 4 + 3).
template <int KH, int KW, int S> QS_DW_TARGET void pixels(const DepthwiseTile& t, int64_t count, int32_t* out)
{
    const int64_t groups = (count + 3) / 4, size = count / groups, larger = count % groups;
    for (int64_t b = 0; b * kBlock < t.channels; ++b) {
        const int64_t left = t.channels - b * kBlock;
        const __m256i lowMask = maskOf(left), highMask = maskOf(left - 8);
        for (int64_t g = 0, j = 0; g < groups; ++g) {
            const int64_t n = size + (g < larger ? 1 : 0);
            if (left > 8)
                group<KH, KW, S, true>(t, n, j, b, lowMask, highMask, out);
            else
                group<KH, KW, S, false>(t, n, j, b, lowMask, highMask, out);
            j += n;
        }
    }
}

} // namespace

const DepthwiseSimd kDepthwiseAvx2 { widenRow,
    { pixels<3, 3, 1>, pixels<3, 3, 2>, pixels<5, 5, 1>, pixels<5, 5, 2>, pixels<0, 0, 0> }, kBlock,
    "qs:avx2_int8_depthwise_rows" };

} // namespace qs::kernels::int8::detail
