// SPDX-License-Identifier: MIT
// Int8Conv's sparse residual (clamped outliers and split pairs, int8_saturation.h): grouped per output channel at
// load time, applied per tile of output pixels from int16 planes of x - zp built once per image.
#include "kernels/int8/int8_conv_impl.h"

#include <algorithm>
#include <cstring>
#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

/// Adds the sparse residual to one NHWC int32 tile of `count` <= kLanes output pixels. Per corrected channel its
/// residual weights are summed as AXPYs over the tile's pixels (contiguous in the planes, see PlaneGeometry), then
/// added to the channel's column of the tile, which is in L1 for the store that follows. This is the portable form;
/// applyCorrections16Avx2 and applyCorrections8Madd below do the same with int16 multiply-adds.
template <int64_t kLanes>
QS_CLONES void applyCorrections(int32_t* tile, int64_t oc, int64_t count, const int16_t* x, const int32_t* channels,
    const size_t* begin, int64_t correctedCount, const Correction* corrections)
{
    for (int64_t r = 0; r < correctedCount; ++r) {
        int32_t sum[kLanes] = {};
        for (size_t e = begin[r]; e < begin[r + 1]; ++e) {
            const int16_t* src = x + corrections[e].offset;
            const int32_t v = corrections[e].value;
            for (int64_t k = 0; k < kLanes; ++k)
                sum[k] += v * int32_t(src[k]);
        }
        int32_t* px = tile + channels[r];
        for (int64_t k = 0; k < count; ++k)
            px[k * oc] += sum[k];
    }
}

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

/// applyCorrections<16> with AVX2's int16 multiply-add: two residual weights of a channel per instruction (their
/// plane values interleaved), half the plane bytes of int32. Exact: |x - zp| <= 255 and |weight| <= 383 (a clamped
/// weight's excess), so each pair sum stays far inside int32. Runs of 8 consecutive corrected channels (dense
/// residuals, PyTorch-quantized weights) are transposed in registers and added to the tile 8 channels at a time.
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

/// applyCorrections8Madd on AVX2 for the narrow tiles (resnet18's 7-pixel rows of 512 channels, the last 8 pixels of
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

/// The same for tiles of up to 8 pixels in 128-bit registers (SSE2, baseline x86-64).
void applyCorrections8Madd(int32_t* tile, int64_t oc, int64_t count, const int16_t* x, const int32_t* channels,
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

/// Writes x - zp of one image into the planes' interior (the margins stay zero).
QS_CLONES void buildPlanes(int16_t* planes, const PlaneGeometry& g, const uint8_t* image, const int32_t* channels,
    int64_t count, int64_t height, int64_t width, int64_t chStride, int64_t pxStride, int32_t zp,
    const uint8_t* rowUsed, const uint8_t* phaseUsed)
{
    const int64_t sw = g.strideW, planeSize = g.planeSize();
    const __m128i zpv = _mm_set1_epi16(int16_t(zp));
    for (int64_t h = 0; h < height; ++h) {
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

} // namespace

void Int8Conv::Impl::planCorrections()
{
    const ConvShape& s = shape;
    const int64_t icg = s.inChannelsPerGroup(), ocg = s.outChannelsPerGroup(), sw = s.strideWidth;
    std::vector<int32_t> planeOf(size_t(s.inChannels), -1);
    for (const ResidualWeight& r : residual)
        planeOf[size_t((r.row / ocg) * icg + r.reduction)] = 0;
    // When the residual reads most channels, every channel gets a plane: runs of 8 consecutive channels are built
    // by byte transposition (buildPlanes), scattered channels one byte at a time. The pair split leaves its residual
    // on even channels only (int8_saturation.cpp): when it reads most of those and no odd one, every even channel
    // gets a plane instead, built 8 at a time from 16 channels.
    const int64_t read = std::count(planeOf.begin(), planeOf.end(), 0);
    bool evenOnly = true;
    for (int64_t c = 1; c < s.inChannels; c += 2)
        evenOnly = evenOnly && planeOf[size_t(c)] < 0;
    if (evenOnly && 4 * read >= s.inChannels && !residual.empty()) {
        for (int64_t c = 0; c < s.inChannels; c += 2)
            planeOf[size_t(c)] = 0;
    } else if (2 * read >= s.inChannels && !residual.empty()) {
        std::fill(planeOf.begin(), planeOf.end(), 0);
    }
    planeChannels.clear();
    for (int64_t c = 0; c < s.inChannels; ++c)
        if (planeOf[size_t(c)] >= 0) {
            planeOf[size_t(c)] = int32_t(planeChannels.size());
            planeChannels.push_back(int32_t(c));
        }
    // Rows and columns the output positions reach, rounded up to whole tiles: outside the image they read zeros.
    PlaneGeometry& g = planeGeometry;
    const int64_t oh = s.outHeight(), ow = s.outWidth();
    const int64_t tiles = (ow + kCorrectionTile - 1) / kCorrectionTile;
    g.rowMin = -s.padTop;
    g.rows = std::max((oh - 1) * s.strideHeight + (s.kernelHeight - 1) * s.dilationHeight + 1, s.inHeight + s.padTop);
    g.strideW = sw;
    const auto floorDiv = [](int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
    g.columnMin = floorDiv(-s.padLeft, sw);
    const int64_t columnMax
        = std::max(floorDiv((s.kernelWidth - 1) * s.dilationWidth - s.padLeft, sw) + tiles * kCorrectionTile,
            (s.inWidth + sw - 1) / sw);
    g.width = columnMax - g.columnMin;
    int16Weights = true;
    correctedChannels.clear();
    correctionBegin.assign(1, 0);
    corrections.clear();
    planeRowUsed.assign(size_t(s.inHeight), 0);
    planePhaseUsed.assign(size_t(sw), 0);
    for (const ResidualWeight& r : residual) { // ordered by oc
        if (correctedChannels.empty() || correctedChannels.back() != r.row) {
            correctedChannels.push_back(r.row);
            correctionBegin.push_back(correctionBegin.back());
        }
        // Output (i, j) reads input row i * strideH + kh * dilationH - padTop, column j * strideW + offset.
        const int64_t kh = r.inner / s.kernelWidth;
        const int64_t offset = (r.inner % s.kernelWidth) * s.dilationWidth - s.padLeft;
        const int64_t phase = offset - floorDiv(offset, sw) * sw;
        Correction c;
        c.offset = g.index(planeOf[size_t((r.row / ocg) * icg + r.reduction)], kh * s.dilationHeight - s.padTop, phase,
            floorDiv(offset, sw));
        c.value = r.value;
        int16Weights = int16Weights && r.value >= -32768 && r.value <= 32767;
        planePhaseUsed[size_t(phase)] = 1;
        for (int64_t i = 0; i < oh; ++i) {
            const int64_t ih = i * s.strideHeight + kh * s.dilationHeight - s.padTop;
            if (ih >= 0 && ih < s.inHeight)
                planeRowUsed[size_t(ih)] = 1;
        }
        corrections.push_back(c);
        ++correctionBegin.back();
    }
    // The madd operands, packed once here rather than per tile: weights 2t and 2t + 1 of each channel.
    for (size_t r = 0; r + 1 < correctionBegin.size(); ++r)
        for (size_t e = correctionBegin[r]; e < correctionBegin[r + 1]; e += 2) {
            const uint32_t hi = e + 1 < correctionBegin[r + 1] ? uint32_t(uint16_t(corrections[e + 1].value)) : 0u;
            corrections[e].pairValue = int32_t(uint32_t(uint16_t(corrections[e].value)) | (hi << 16));
        }
}

void Int8Conv::Impl::buildResidualPlanes(const uint8_t* image, int32_t zp)
{
    buildPlanes(planes, planeGeometry, image, planeChannels.data(), int64_t(planeChannels.size()), shape.inHeight,
        shape.inWidth, inChannelStride(), inPixelStride(), zp, planeRowUsed.data(), planePhaseUsed.data());
}

void Int8Conv::Impl::applyResidual(int32_t* tile, int64_t outputRow, int64_t firstColumn, int64_t count)
{
    const int64_t oc = shape.outChannels;
    // Plane elements between consecutive output rows.
    const int64_t rowStep = shape.strideHeight * planeGeometry.strideW * planeGeometry.width;
    const int16_t* x = planes + rowStep * outputRow + firstColumn;
    const int64_t corrected = int64_t(correctedChannels.size());
    if (count <= 8 && avx2 && int16Weights)
        applyCorrections8Avx2(
            tile, oc, count, x, correctedChannels.data(), correctionBegin.data(), corrected, corrections.data());
    else if (count <= 8 && int16Weights)
        applyCorrections8Madd(
            tile, oc, count, x, correctedChannels.data(), correctionBegin.data(), corrected, corrections.data());
    else if (avx2 && int16Weights)
        applyCorrections16Avx2(
            tile, oc, count, x, correctedChannels.data(), correctionBegin.data(), corrected, corrections.data());
    else
        applyCorrections<kCorrectionTile>(
            tile, oc, count, x, correctedChannels.data(), correctionBegin.data(), corrected, corrections.data());
}

} // namespace qs::kernels::int8
