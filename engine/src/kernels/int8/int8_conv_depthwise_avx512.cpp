// SPDX-License-Identifier: MIT
// The AVX-512 loops of Int8Conv's depthwise path (int8_conv_depthwise_simd.h: detail::kDepthwiseAvx512): blocks of 32
// channels (two vectors of 16 int32 products), up to 8 output pixels' accumulators in registers. Every function
// carries its target attribute (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_conv_depthwise_simd.h"

#include <algorithm>

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

#define QS_DW_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx2")))

namespace qs::kernels::int8::detail {

namespace {

constexpr int64_t kBlock = 32;

QS_DW_TARGET void widenRow(const uint8_t* row, const DepthwiseRowSpec& spec, int16_t* widened)
{
    const DepthwiseRowSpec s = spec; // a copy: the stores below may alias the caller's
    // The 64-bit quarters in depthwiseBlockSlot's order: lane L holds quarters L and L + 4.
    const __m512i order = _mm512_setr_epi64(0, 4, 1, 5, 2, 6, 3, 7);
    const __m512i zp16 = _mm512_set1_epi16(int16_t(s.zeroPoint));
    const int64_t valid0 = std::max<int64_t>(0, s.padLeft), valid1 = std::min(s.columns, s.padLeft + s.inWidth);
    for (int64_t c = 0; c < s.paddedChannels; c += kBlock) {
        const int64_t left = s.channels - c;
        const __mmask32 mask = left >= kBlock ? ~__mmask32(0) : (__mmask32(1) << left) - 1;
        int16_t* w = widened + c * s.columns;
        for (int64_t pc = 0; pc < s.columns; ++pc) {
            __m512i v = _mm512_setzero_si512(); // padding: x = zp
            if (pc >= valid0 && pc < valid1) {
                const __m512i x
                    = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(mask, row + (pc - s.padLeft) * s.channels + c));
                v = _mm512_sub_epi16(_mm512_permutexvar_epi64(order, x), zp16);
            }
            _mm512_storeu_si512(w + pc * kBlock, v);
        }
    }
}

/// NJ output pixels x the 32 channels of block b (HIGH: all 32; else only the first 16, the rest being padding): two
/// accumulators per pixel in registers, each pair's weights loaded once for them. KH > 0: a KH x KW kernel with
/// stride S and no dilation, known when compiling (unrolled, every load at a constant offset from its row's pointer);
/// 0: the tile's.
template <int KH, int KW, int S, int NJ, bool HIGH>
QS_DW_TARGET inline void block(
    const DepthwiseTile& t, int64_t pixel, int64_t b, __mmask16 lowMask, __mmask16 highMask, int32_t* out)
{
    const int64_t kh = KH > 0 ? KH : t.kernelHeight, kw = KH > 0 ? KW : t.kernelWidth;
    const int64_t ps = (KH > 0 ? S : t.strideWidth) * kBlock, cs = (KH > 0 ? 1 : t.dilationWidth) * kBlock;
    const int64_t taps = kh * kw, pairs = (taps + 1) / 2;
    __m512i lo[NJ], hi[NJ];
#pragma GCC unroll 8
    for (int n = 0; n < NJ; ++n)
        lo[n] = hi[n] = _mm512_setzero_si512();
    const int32_t* w = t.packed + b * pairs * kBlock;
#pragma GCC unroll 13
    for (int64_t p = 0; p < pairs; ++p) {
        const int64_t t1 = 2 * p, t2 = 2 * p + 1;
        const int16_t* x1 = t.rows[t1 / kw] + b * t.blockStride + pixel * ps + (t1 % kw) * cs;
        const int16_t* x2 = t2 < taps ? t.rows[t2 / kw] + b * t.blockStride + pixel * ps + (t2 % kw) * cs : nullptr;
        const __m512i wLo = _mm512_loadu_si512(w + p * kBlock);
        const __m512i wHi = _mm512_loadu_si512(w + p * kBlock + 16);
#pragma GCC unroll 8
        for (int n = 0; n < NJ; ++n) {
            const __m512i a = _mm512_loadu_si512(x1 + n * ps);
            const __m512i c = x2 ? _mm512_loadu_si512(x2 + n * ps) : _mm512_setzero_si512();
            lo[n] = _mm512_add_epi32(lo[n], _mm512_madd_epi16(_mm512_unpacklo_epi16(a, c), wLo));
            // GCC otherwise reassociates the integer sums into trees of vpmaddwd results held at once, which spills
            // registers; the empty asm keeps each sum in its register.
            asm("" : "+v"(lo[n]));
            if (HIGH) {
                hi[n] = _mm512_add_epi32(hi[n], _mm512_madd_epi16(_mm512_unpackhi_epi16(a, c), wHi));
                asm("" : "+v"(hi[n]));
            }
        }
    }
    int32_t* o = out + pixel * t.channels + b * kBlock;
#pragma GCC unroll 8
    for (int n = 0; n < NJ; ++n) {
        _mm512_mask_storeu_epi32(o + n * t.channels, lowMask, lo[n]);
        if (HIGH)
            _mm512_mask_storeu_epi32(o + n * t.channels + 16, highMask, hi[n]);
    }
}

template <int KH, int KW, int S, bool HIGH>
QS_DW_TARGET inline void group(
    const DepthwiseTile& t, int64_t n, int64_t j, int64_t b, __mmask16 lowMask, __mmask16 highMask, int32_t* out)
{
    switch (n) {
    case 1:
        return block<KH, KW, S, 1, HIGH>(t, j, b, lowMask, highMask, out);
    case 2:
        return block<KH, KW, S, 2, HIGH>(t, j, b, lowMask, highMask, out);
    case 3:
        return block<KH, KW, S, 3, HIGH>(t, j, b, lowMask, highMask, out);
    case 4:
        return block<KH, KW, S, 4, HIGH>(t, j, b, lowMask, highMask, out);
    case 5:
        return block<KH, KW, S, 5, HIGH>(t, j, b, lowMask, highMask, out);
    case 6:
        return block<KH, KW, S, 6, HIGH>(t, j, b, lowMask, highMask, out);
    case 7:
        return block<KH, KW, S, 7, HIGH>(t, j, b, lowMask, highMask, out);
    default:
        return block<KH, KW, S, 8, HIGH>(t, j, b, lowMask, highMask, out);
    }
}

// Block by block, all of the row's pixels for each: a block's widened columns and weights stay in L1 across the row's
// pixels. The pixels go in groups of at most 8 as equal as can be (14: 7 + 7, 28: 4 x 7): a group of one or two pixels
// pays its weight loads, its call and its stores for little arithmetic.
template <int KH, int KW, int S> QS_DW_TARGET void pixels(const DepthwiseTile& t, int64_t count, int32_t* out)
{
    const int64_t groups = (count + 7) / 8, size = count / groups, larger = count % groups;
    for (int64_t b = 0; b * kBlock < t.channels; ++b) {
        const int64_t left = t.channels - b * kBlock;
        const auto maskOf = [](int64_t n) {
            return n >= 16 ? __mmask16(0xFFFF) : n <= 0 ? __mmask16(0) : __mmask16((1u << n) - 1);
        };
        const __mmask16 lowMask = maskOf(left), highMask = maskOf(left - 16);
        for (int64_t g = 0, j = 0; g < groups; ++g) {
            const int64_t n = size + (g < larger ? 1 : 0);
            if (left > 16)
                group<KH, KW, S, true>(t, n, j, b, lowMask, highMask, out);
            else
                group<KH, KW, S, false>(t, n, j, b, lowMask, highMask, out);
            j += n;
        }
    }
}

} // namespace

const DepthwiseSimd kDepthwiseAvx512 { widenRow,
    { pixels<3, 3, 1>, pixels<3, 3, 2>, pixels<5, 5, 1>, pixels<5, 5, 2>, pixels<0, 0, 0> }, kBlock,
    "qs:avx512_int8_depthwise_rows" };

} // namespace qs::kernels::int8::detail
