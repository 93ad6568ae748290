// SPDX-License-Identifier: MIT
// The x86-64 baseline loops of Int8Conv's sparse residual (int8_conv_residual_simd.h): SSE2, which every x86-64 CPU
// has, so they are called directly, with no table. buildPlanes is also cloned for AVX2 (QS_CLONES): its scalar
// loops over NCHW rows vectorise wider there.
#include "kernels/int8/int8_conv_residual_simd.h"
#include "kernels/int8/target_clones.h"

#include <algorithm>
#include <cstring>
#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

/// x - zp of 8 consecutive channels at 8 pixels (`pixelStep` bytes apart) of an NHWC row, written to 8 plane rows
/// `planeSize` apart: an 8x8 byte transposition in SSE2 (baseline x86-64), where a scalar loop would gather one byte
/// per element from a different pixel.
/// With `pixels` < 8 (a row's tail) the last pixel is read again: the caller keeps only the first `pixels` values.
/// `Even`: channels 0, 2, ..., 14 of 16 bytes per pixel instead (the pair split leaves its residual on even channels).
template <bool Even = false>
void transposeChannels8(
    int16_t* dst, int64_t planeSize, const uint8_t* src, int64_t pixelStep, __m128i zp, int64_t pixels = 8)
{
    __m128i r[8];
    const __m128i lowBytes = _mm_set1_epi16(0x00ff);
    for (int64_t t = 0; t < 8; ++t) {
        const uint8_t* px = src + std::min(t, pixels - 1) * pixelStep;
        if constexpr (Even)
            r[t] = _mm_packus_epi16(
                _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(px)), lowBytes), lowBytes);
        else
            r[t] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(px));
    }
    const __m128i a0 = _mm_unpacklo_epi8(r[0], r[1]), a1 = _mm_unpacklo_epi8(r[2], r[3]);
    const __m128i a2 = _mm_unpacklo_epi8(r[4], r[5]), a3 = _mm_unpacklo_epi8(r[6], r[7]);
    const __m128i b0 = _mm_unpacklo_epi16(a0, a1), b1 = _mm_unpackhi_epi16(a0, a1);
    const __m128i b2 = _mm_unpacklo_epi16(a2, a3), b3 = _mm_unpackhi_epi16(a2, a3);
    // c[k] holds channels 2k (low 8 bytes) and 2k + 1 (high 8 bytes), pixels 0..7 each.
    const __m128i c[4] = { _mm_unpacklo_epi32(b0, b2), _mm_unpackhi_epi32(b0, b2), _mm_unpacklo_epi32(b1, b3),
        _mm_unpackhi_epi32(b1, b3) };
    const __m128i zero = _mm_setzero_si128();
    for (int k = 0; k < 4; ++k) {
        _mm_storeu_si128(
            reinterpret_cast<__m128i*>(dst + 2 * k * planeSize), _mm_sub_epi16(_mm_unpacklo_epi8(c[k], zero), zp));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + (2 * k + 1) * planeSize),
            _mm_sub_epi16(_mm_unpackhi_epi8(c[k], zero), zp));
    }
}

/// Copies 1-7 int16 values with at most two overlapping fixed-size moves (inlined, unlike a variable memcpy).
inline void copyShort(int16_t* dst, const int16_t* src, int64_t count)
{
    const size_t bytes = size_t(count) * sizeof(int16_t);
    char* d = reinterpret_cast<char*>(dst);
    const char* s = reinterpret_cast<const char*>(src);
    if (bytes >= 8) {
        uint64_t a, b;
        std::memcpy(&a, s, 8);
        std::memcpy(&b, s + bytes - 8, 8);
        std::memcpy(d, &a, 8);
        std::memcpy(d + bytes - 8, &b, 8);
    } else if (bytes >= 4) {
        uint32_t a, b;
        std::memcpy(&a, s, 4);
        std::memcpy(&b, s + bytes - 4, 4);
        std::memcpy(d, &a, 4);
        std::memcpy(d + bytes - 4, &b, 4);
    } else {
        std::memcpy(d, s, 2);
    }
}

} // namespace

namespace detail {

/// The same for tiles of up to 8 pixels in 128-bit registers (SSE2, baseline x86-64).
void applyCorrections8Sse2(int32_t* tile, int64_t oc, int64_t count, const int16_t* x, const int32_t* channels,
    const size_t* begin, int64_t correctedCount, const Correction* corrections)
{
    const __m128i zero = _mm_setzero_si128();
    for (int64_t r = 0; r < correctedCount; ++r) {
        __m128i lo = zero, hi = zero; // pixels 0-3 and 4-7
        size_t e = begin[r];
        const size_t end = begin[r + 1];
        for (; e < end; e += 2) {
            const bool pair = e + 1 < end;
            const __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + corrections[e].offset));
            const __m128i x2
                = pair ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + corrections[e + 1].offset)) : zero;
            const __m128i w = _mm_set1_epi32(corrections[e].pairValue);
            lo = _mm_add_epi32(lo, _mm_madd_epi16(_mm_unpacklo_epi16(x1, x2), w));
            hi = _mm_add_epi32(hi, _mm_madd_epi16(_mm_unpackhi_epi16(x1, x2), w));
        }
        alignas(16) int32_t sum[8];
        _mm_store_si128(reinterpret_cast<__m128i*>(sum), lo);
        _mm_store_si128(reinterpret_cast<__m128i*>(sum + 4), hi);
        int32_t* px = tile + channels[r];
        for (int64_t k = 0; k < count; ++k)
            px[k * oc] += sum[k];
    }
}

/// Writes x - zp of input rows [rowBegin, rowEnd) of one image into the planes' interior (the margins stay zero).
QS_CLONES void buildPlanes(int16_t* planes, const PlaneGeometry& g, const uint8_t* image, const int32_t* channels,
    int64_t count, int64_t rowBegin, int64_t rowEnd, int64_t width, int64_t chStride, int64_t pxStride, int32_t zp,
    const uint8_t* rowUsed, const uint8_t* phaseUsed)
{
    const int64_t sw = g.strideW, planeSize = g.planeSize();
    const __m128i zpv = _mm_set1_epi16(int16_t(zp));
    for (int64_t h = rowBegin; h < rowEnd; ++h) {
        if (!rowUsed[h])
            continue;
        // One input row at a time: NHWC rows stay in L1 while every plane gathers its channel.
        const uint8_t* row = image + h * width * pxStride;
        for (int64_t p = 0; p < sw && p < width; ++p) {
            if (!phaseUsed[p])
                continue;
            const int64_t n = (width - p + sw - 1) / sw;
            for (int64_t q = 0; q < count;) {
                const uint8_t* src = row + channels[q] * chStride + p * pxStride;
                int16_t* dst = planes + g.index(q, h, p, 0);
                int64_t m = 0;
                const bool run8 = pxStride != 1 && q + 8 <= count && channels[q + 7] - channels[q] == 7;
                // Every other channel of 16 (the even channels the pair split leaves its residual on), when the
                // 16 bytes lie inside the pixel.
                bool even8 = pxStride != 1 && !run8 && q + 8 <= count && channels[q] + 16 <= pxStride;
                for (int64_t t = 1; even8 && t < 8; ++t)
                    even8 = channels[q + t] - channels[q] == 2 * t;
                if (run8 || even8) {
                    // NHWC, 8 channels at once (the usual case: the residual reads nearly every (even) channel).
                    const auto transpose = [&](int16_t* d, int64_t dStride, const uint8_t* x, int64_t pixels) {
                        if (run8)
                            transposeChannels8<false>(d, dStride, x, sw * pxStride, zpv, pixels);
                        else
                            transposeChannels8<true>(d, dStride, x, sw * pxStride, zpv, pixels);
                    };
                    for (; m + 8 <= n; m += 8)
                        transpose(dst + m, planeSize, src + m * sw * pxStride, 8);
                    if (m < n && n >= 8) {
                        // The last 8 positions again, overlapping: same values, no partial stores.
                        transpose(dst + n - 8, planeSize, src + (n - 8) * sw * pxStride, 8);
                    } else if (m < n) {
                        // Narrow rows (e.g. 7x7 layers): fixed-size copies of the first n - m values, so no memcpy
                        // call per plane row (they were ~1.5 % of resnet18's AVX2 run).
                        int16_t tail[8 * 8];
                        transpose(tail, 8, src + m * sw * pxStride, n - m);
                        for (int64_t t = 0; t < 8; ++t)
                            copyShort(dst + t * planeSize + m, tail + t * 8, n - m);
                    }
                    q += 8;
                    continue;
                }
                // NCHW rows are contiguous (stride 1) or every other byte (stride 2): constant steps vectorise.
                const int64_t step = sw * pxStride;
                if (step == 1)
                    for (; m < n; ++m)
                        dst[m] = int16_t(int32_t(src[m]) - zp);
                else if (step == 2)
                    for (; m < n; ++m)
                        dst[m] = int16_t(int32_t(src[2 * m]) - zp);
                else
                    for (; m < n; ++m)
                        dst[m] = int16_t(int32_t(src[m * step]) - zp);
                ++q;
            }
        }
    }
}

} // namespace detail

} // namespace qs::kernels::int8
