// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_conv.h"

#include "kernels/int8/avx2_int8_conv.h"
#include "kernels/int8/float_epilogue.h"
#include "kernels/int8/onednn_context.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <immintrin.h>
#include <limits>
#include <string_view>

// The epilogue's inner loops are cloned for AVX2 and picked at load time (GCC ifunc): the engine is built for
// baseline x86-64, whose SSE2 has no 32-bit multiply, and these loops run over every output element.
#define QS_CLONES __attribute__((target_clones("avx2", "default")))

namespace qs::kernels::int8 {

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

/// Output positions [begin, end) whose input position o * stride + offset lies inside [0, size).
struct Span
{
    int64_t begin = 0;
    int64_t end = 0;
};
Span validSpan(int64_t outSize, int64_t stride, int64_t offset, int64_t size)
{
    Span s;
    s.begin = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
    s.end = size - 1 - offset < 0 ? 0 : std::min(outSize, (size - 1 - offset) / stride + 1);
    s.begin = std::min(s.begin, s.end);
    return s;
}

Status checkZeroPoint(DataType type, int32_t zp, const char* what)
{
    const bool ok = type == DataType::UInt8 ? (zp >= 0 && zp <= 255) : (zp >= -128 && zp <= 127);
    if (ok)
        return Status::ok();
    return Status(StatusCode::InvalidArgument,
        fmt::format("{} zero point {} is outside the range of {}", what, zp, dataTypeName(type)));
}

QS_CLONES void addBytes(int32_t* acc, const uint8_t* src, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        acc[i] += src[i];
}

QS_CLONES void sumChannelsNhwc(
    int32_t* out, const uint8_t* src, int64_t pixels, int64_t channelStride, int64_t count, int32_t init)
{
    for (int64_t p = 0; p < pixels; ++p) {
        int32_t sum = init;
        const uint8_t* px = src + p * channelStride;
        for (int64_t c = 0; c < count; ++c)
            sum += px[c];
        out[p] = sum;
    }
}

/// acc[j][o] += k[o] * windowSum[group of o][j] over one output row in NHWC.
QS_CLONES void addCompensation(int32_t* acc, int64_t ow, int64_t oc, int64_t groups, int64_t ocg, const int32_t* k,
    const int32_t* windowSums, int64_t groupStride)
{
    for (int64_t j = 0; j < ow; ++j) {
        int32_t* px = acc + j * oc;
        for (int64_t g = 0; g < groups; ++g) {
            const int32_t sum = windowSums[g * groupStride + j];
            for (int64_t o = g * ocg; o < (g + 1) * ocg; ++o)
                px[o] += k[o] * sum;
        }
    }
}

QS_CLONES void storeTileInt32(
    const int32_t* tile, int64_t count, int64_t oc, int32_t* out, int64_t channelStride, int64_t pixelStride)
{
    if (pixelStride == oc && channelStride == 1) {
        std::memcpy(out, tile, size_t(count * oc) * sizeof(int32_t));
        return;
    }
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t j = 0; j < count; ++j)
            out[o * channelStride + j * pixelStride] = tile[j * oc + o];
}

constexpr int64_t kCorrectionTile = 16;

/// Where the residual reads x - zp: per needed input channel a plane of `rows` input rows (those the output rows reach,
/// padding included), each split into `strideW` sub-rows by input column modulo the stride and widened by zero
/// margins, so that every residual weight reads kCorrectionTile contiguous values for any output tile with neither
/// bounds checks nor masks (padding contributes x - zp = 0, as in ONNX).
struct PlaneGeometry
{
    int64_t rows = 0;
    int64_t rowMin = 0; ///< input row of plane row 0 (negative with top padding)
    int64_t strideW = 1;
    int64_t width = 0; ///< values per sub-row
    int64_t columnMin = 0; ///< sub-row position of entry 0 (negative with left padding)
    int64_t subRows() const noexcept { return rows * strideW; }
    int64_t planeSize() const noexcept { return rows * strideW * width; }
    /// Element index of input row ih, sub-row phase, position m (input column m * strideW + phase) of plane q.
    int64_t index(int64_t q, int64_t ih, int64_t phase, int64_t m) const noexcept
    {
        return ((q * rows + ih - rowMin) * strideW + phase) * width + m - columnMin;
    }
};

/// One residual weight of one corrected output channel: `value` times the plane values from `offset` + the output
/// row's offset + the tile's first column (everything that does not depend on the output position is hoisted).
struct Correction
{
    int64_t offset = 0;
    int32_t value = 0;
};

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
        const __m256i w = _mm256_set1_epi32(
            int32_t(uint32_t(uint16_t(corrections[e].value)) | (uint32_t(uint16_t(corrections[e + 1].value)) << 16)));
        lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(x1, x2), w));
        hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(x1, x2), w));
    }
    if (e < end) {
        const __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + corrections[e].offset));
        const __m256i w = _mm256_set1_epi32(int32_t(uint32_t(uint16_t(corrections[e].value))));
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
            const __m128i w = _mm_set1_epi32(int32_t(uint32_t(uint16_t(corrections[e].value))
                | (pair ? uint32_t(uint16_t(corrections[e + 1].value)) << 16 : 0u)));
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
void transposeChannels8(
    int16_t* dst, int64_t planeSize, const uint8_t* src, int64_t pixelStep, __m128i zp, int64_t pixels = 8)
{
    __m128i r[8];
    for (int64_t t = 0; t < 8; ++t)
        r[t] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + std::min(t, pixels - 1) * pixelStep));
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
                if (pxStride != 1 && q + 8 <= count && channels[q + 7] - channels[q] == 7) {
                    // NHWC, 8 consecutive channels (the usual case: the residual reads nearly every channel).
                    for (; m + 8 <= n; m += 8)
                        transposeChannels8(dst + m, planeSize, src + m * sw * pxStride, sw * pxStride, zpv);
                    if (m < n) {
                        int16_t tail[8 * 8];
                        transposeChannels8(tail, 8, src + m * sw * pxStride, sw * pxStride, zpv, n - m);
                        for (int64_t t = 0; t < 8; ++t)
                            std::memcpy(dst + t * planeSize + m, tail + t * 8, size_t(n - m) * sizeof(int16_t));
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

struct Int8Conv::Impl
{
    ConvShape shape;
    DataType srcType = DataType::UInt8;
    ActivationLayout layout = ActivationLayout::Nchw; ///< of the input
    ActivationLayout outLayout = ActivationLayout::Nchw;
    std::vector<int32_t> compensation; ///< k[oc] = c - zp_w[oc]
    bool needsWindowSums = false;
    std::vector<ResidualWeight> residual; ///< ordered by oc
    // The residual regrouped for applyCorrections: per corrected output channel, its weights.
    std::vector<int32_t> correctedChannels;
    std::vector<size_t> correctionBegin; ///< corrections[correctionBegin[r] .. correctionBegin[r + 1])
    std::vector<Correction> corrections;
    std::vector<int32_t> planeChannels; ///< absolute input channels the residual reads
    PlaneGeometry planeGeometry;
    std::vector<int16_t> planes; ///< x - zp of one image, see PlaneGeometry
    bool avx2 = __builtin_cpu_supports("avx2");
    bool int16Weights = true; ///< every residual weight fits int16 (always, for 8-bit weights): the madd forms apply
    std::vector<uint8_t> planeRowUsed; ///< per input row: read by some residual weight (strided 1x1 convs skip half)
    std::vector<uint8_t> planePhaseUsed; ///< per input column modulo the stride
    SaturationReport report;

    dnnl::stream stream;
    dnnl::convolution_forward conv;
    dnnl::convolution_forward::primitive_desc convPd;
    dnnl::reorder toNhwc;
    dnnl::memory srcNchw, srcNhwc, weights, dst, srcZeroPoint;
    /// The engine's own AVX2 kernel in place of oneDNN's primitive (AVX2 without VNNI only; see avx2_int8_conv.h).
    std::unique_ptr<Avx2Int8Conv> own;
    bool useOwn = false; ///< decided before the pairs are split: the own kernel pairs its own way
    dnnl::memory ownInterior; ///< NCHW single images are reordered straight into the own kernel's padded buffer
    dnnl::reorder toOwn;

    std::vector<uint8_t> shifted; ///< int8 sources shifted to uint8
    std::vector<int32_t> channelSums; ///< [group][IH*IW] of one image
    std::vector<int32_t> windowSums; ///< [group][OH*OW] of one image
    std::vector<float> scales; ///< per output channel, for runFloat
    std::vector<float> biases;
    std::vector<float> floatTile; ///< one rescaled tile before its NCHW transposition

    bool nchw() const noexcept { return layout == ActivationLayout::Nchw; }
    /// Element strides of the activations: between channels and between pixels of one image.
    int64_t inChannelStride() const noexcept { return nchw() ? shape.inHeight * shape.inWidth : 1; }
    int64_t inPixelStride() const noexcept { return nchw() ? 1 : shape.inChannels; }
    bool outNchw() const noexcept { return outLayout == ActivationLayout::Nchw; }
    int64_t outChannelStride() const noexcept { return outNchw() ? shape.outHeight() * shape.outWidth() : 1; }
    int64_t outPixelStride() const noexcept { return outNchw() ? 1 : shape.outChannels; }

    std::vector<int8_t> s8; ///< the weights given to oneDNN (kept until they are reordered)
    ZeroPointPlan zeroPointPlan;

    Status prepare(const Int8Weights& w);
    void planWeightZeroPoints(const Int8Weights& w);
    void splitPairsFor(const std::string& implementation);
    Status runOnednn(const void* x, int32_t& xZeroPoint, const uint8_t*& xu);
    void computeWindowSums(const uint8_t* image, int32_t zp);
    void planCorrections();
    template <typename Store> void epilogue(const uint8_t* xu, int32_t zp, Store&& store);
    static constexpr int64_t kTile = 16;
    static_assert(kTile == kCorrectionTile, "applyCorrections sums one tile of pixels per channel in registers");
};

void Int8Conv::Impl::planWeightZeroPoints(const Int8Weights& w)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, perChannel = s.weightCount() / oc;
    const auto value = [&w](int64_t i) {
        return w.type == DataType::UInt8 ? int32_t(static_cast<const uint8_t*>(w.data)[i])
                                         : int32_t(static_cast<const int8_t*>(w.data)[i]);
    };
    s8.resize(size_t(s.weightCount()));
    compensation.assign(size_t(oc), 0);
    // Per output channel: w - zp fits s8 when zp lies in [max - 127, min + 128]. Channels where it does not either
    // keep c = zp and clamp, with the few clamped-off excesses as sparse residual weights (typical: real weights
    // cluster around their zero point, so only outliers leave the s8 window), or use an in-range offset c and the
    // window-sum compensation k = c - zp, which costs a pass over the input whatever the count.
    std::vector<int64_t> misfits;
    int64_t outliers = 0;
    std::vector<int32_t> lo(static_cast<size_t>(oc)), hi(static_cast<size_t>(oc));
    for (int64_t o = 0; o < oc; ++o) {
        const int32_t zp = w.zeroPoints[w.zeroPoints.size() == 1 ? 0 : size_t(o)];
        int32_t mn = 255, mx = -128;
        for (int64_t i = o * perChannel; i < (o + 1) * perChannel; ++i) {
            mn = std::min(mn, value(i));
            mx = std::max(mx, value(i));
            outliers += (value(i) - zp > 127 || value(i) - zp < -128) ? 1 : 0;
        }
        lo[size_t(o)] = mn;
        hi[size_t(o)] = mx;
        if (zp < mx - 127 || zp > mn + 128)
            misfits.push_back(o);
    }
    // Relative costs per image, in element operations; a residual weight is a strided scalar update per output
    // pixel (kResidualOpCost), the compensation a vectorised pass over the input plus box sums and one add per
    // output of each compensated channel.
    constexpr int64_t kResidualOpCost = 4;
    const int64_t ohw = s.outHeight() * s.outWidth();
    const int64_t residualCost = outliers * ohw * kResidualOpCost;
    const int64_t compensationCost = s.inChannels * s.inHeight * s.inWidth
        + s.group * s.kernelHeight * s.kernelWidth * ohw + int64_t(misfits.size()) * ohw;
    const bool clamp = residualCost <= compensationCost;
    std::vector<bool> misfit(size_t(oc), false);
    for (int64_t o : misfits)
        misfit[size_t(o)] = true;
    const int64_t khw = s.kernelHeight * s.kernelWidth;
    for (int64_t o = 0; o < oc; ++o) {
        const int32_t zp = w.zeroPoints[w.zeroPoints.size() == 1 ? 0 : size_t(o)];
        int32_t c = zp;
        if (misfit[size_t(o)] && !clamp) {
            c = std::clamp(zp, hi[size_t(o)] - 127, lo[size_t(o)] + 128);
            compensation[size_t(o)] = c - zp;
        }
        for (int64_t i = o * perChannel; i < (o + 1) * perChannel; ++i) {
            const int32_t d = value(i) - c;
            const int32_t kept = std::clamp(d, -128, 127);
            s8[size_t(i)] = int8_t(kept);
            if (kept != d) {
                const int64_t local = i - o * perChannel;
                residual.push_back({ int32_t(o), int32_t(local / khw), int32_t(local % khw), d - kept });
            }
        }
    }
    needsWindowSums = !clamp && !misfits.empty();
    zeroPointPlan.misfitChannels = int64_t(misfits.size());
    zeroPointPlan.compensatedChannels = needsWindowSums ? int64_t(misfits.size()) : 0;
    zeroPointPlan.outlierResiduals = int64_t(residual.size());
}

void Int8Conv::Impl::splitPairsFor(const std::string& implementation)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, icg = s.inChannelsPerGroup(), khw = s.kernelHeight * s.kernelWidth;
    const Int8IsaInfo isa = onednnInt8Isa();
    report.isa = isa.isa;
    report.isaPairsSaturate = isa.pairsSaturate;
    const PairLayout pairs = isa.pairsSaturate ? pairLayoutOf(implementation) : PairLayout::None;
    std::vector<ResidualWeight> split;
    if (useOwn) {
        split = Avx2Int8Conv::splitPairs(s, s8.data(), report);
    } else if (pairs == PairLayout::InputChannels || !isa.pairsSaturate) {
        // Counted on every ISA (the diagnosis reports what an ISA without VNNI would face), split only when needed.
        split = splitSaturatingPairs(s8.data(), oc, icg, khw, pairs == PairLayout::InputChannels, report);
    } else if (pairs == PairLayout::FlattenedReduction) {
        // im2col + gemm: adjacent elements of the reduction, whose order (ic, kh, kw) or (kh, kw, ic) is oneDNN's
        // business; make both orders safe. Splitting only shrinks weights, so the second pass keeps the first safe.
        SaturationReport byIc;
        for (ResidualWeight r : splitSaturatingPairs(s8.data(), oc, icg * khw, 1, true, byIc)) {
            r.inner = r.reduction % int32_t(khw);
            r.reduction /= int32_t(khw);
            split.push_back(r);
        }
        std::vector<int8_t> t(s8.size());
        for (int64_t o = 0; o < oc; ++o)
            for (int64_t c = 0; c < icg; ++c)
                for (int64_t k = 0; k < khw; ++k)
                    t[size_t((o * khw + k) * icg + c)] = s8[size_t((o * icg + c) * khw + k)];
        SaturationReport byPosition;
        for (ResidualWeight r : splitSaturatingPairs(t.data(), oc, khw * icg, 1, true, byPosition)) {
            r.inner = r.reduction / int32_t(icg);
            r.reduction %= int32_t(icg);
            split.push_back(r);
        }
        for (int64_t o = 0; o < oc; ++o)
            for (int64_t c = 0; c < icg; ++c)
                for (int64_t k = 0; k < khw; ++k)
                    s8[size_t((o * icg + c) * khw + k)] = t[size_t((o * khw + k) * icg + c)];
        report.weightPairs = byIc.weightPairs;
        report.offendingPairs = byIc.offendingPairs + byPosition.offendingPairs;
        report.residualEntries = int64_t(split.size());
    }
    residual.insert(residual.end(), split.begin(), split.end());
    std::stable_sort(residual.begin(), residual.end(),
        [](const ResidualWeight& x, const ResidualWeight& y) { return x.row < y.row; });
    report.remedy = pairs == PairLayout::None ? SaturationRemedy::NotNeeded
        : split.empty()                       ? SaturationRemedy::NoOffendingPairs
                                              : SaturationRemedy::SparseResidual;
    planCorrections();
}

void Int8Conv::Impl::planCorrections()
{
    const ConvShape& s = shape;
    const int64_t icg = s.inChannelsPerGroup(), ocg = s.outChannelsPerGroup(), sw = s.strideWidth;
    std::vector<int32_t> planeOf(size_t(s.inChannels), -1);
    for (const ResidualWeight& r : residual)
        planeOf[size_t((r.row / ocg) * icg + r.reduction)] = 0;
    // When the residual reads most channels, every channel gets a plane: runs of 8 consecutive channels are built
    // by byte transposition (buildPlanes), scattered channels one byte at a time.
    if (2 * std::count(planeOf.begin(), planeOf.end(), 0) >= s.inChannels && !residual.empty())
        std::fill(planeOf.begin(), planeOf.end(), 0);
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
}

Status Int8Conv::Impl::prepare(const Int8Weights& w)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, icg = s.inChannelsPerGroup();
    if (w.type != DataType::UInt8 && w.type != DataType::Int8)
        return Status(StatusCode::Unsupported, fmt::format("convolution weights of type {}", dataTypeName(w.type)));
    if (w.zeroPoints.size() != 1 && int64_t(w.zeroPoints.size()) != oc)
        return Status(StatusCode::InvalidArgument,
            fmt::format("{} weight zero points for {} output channels", w.zeroPoints.size(), oc));
    for (int32_t zp : w.zeroPoints)
        QS_RETURN_IF_ERROR(checkZeroPoint(w.type, zp, "weight"));

    planWeightZeroPoints(w);

    try {
        dnnl::engine& eng = onednnEngine();
        stream = dnnl::stream(eng);
        const dnnl::memory::dims srcDims { s.batch, s.inChannels, s.inHeight, s.inWidth };
        const dnnl::memory::dims dstDims { s.batch, s.outChannels, s.outHeight(), s.outWidth() };
        const bool grouped = s.group > 1;
        const dnnl::memory::dims wDims = grouped
            ? dnnl::memory::dims { s.group, s.outChannelsPerGroup(), icg, s.kernelHeight, s.kernelWidth }
            : dnnl::memory::dims { oc, icg, s.kernelHeight, s.kernelWidth };
        const dnnl::memory::desc srcMd(srcDims, dt::u8, tag::nhwc);
        const dnnl::memory::desc dstMd(dstDims, dt::s32, tag::nhwc);
        const dnnl::memory::desc wAny(wDims, dt::s8, tag::any);
        const dnnl::memory::desc wPlain(wDims, dt::s8, grouped ? tag::goihw : tag::oihw);
        const dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference,
            dnnl::algorithm::convolution_direct, srcMd, wAny, dstMd, { s.strideHeight, s.strideWidth },
            { s.dilationHeight - 1, s.dilationWidth - 1 }, { s.padTop, s.padLeft }, { s.padBottom, s.padRight });
        dnnl::primitive_attr attr;
        attr.set_zero_points(DNNL_ARG_SRC, 0, { DNNL_RUNTIME_S32_VAL });
        convPd = dnnl::convolution_forward::primitive_desc(desc, attr, eng);
        conv = dnnl::convolution_forward(convPd);

        // On AVX2 without VNNI the engine's own kernel replaces oneDNN's jit_uni_int8 where it measured faster
        // (bench/RESULTS.md, "avx2kernel"): spatial kernels reading NCHW (the reorder writes straight into its
        // zero-point padded buffer) and image convolutions with few channels (flat (kw, c) quads). Per-layer
        // equal speed elsewhere: NHWC inputs would pay a padding copy, 1x1 layers run oneDNN's 1x1 kernel
        // (5-10 % faster than ours). QS_INT8_OWN_AVX2=0 keeps oneDNN everywhere, =1 takes ours wherever it can
        // run (A/B measurements).
        const char* ownEnv = std::getenv("QS_INT8_OWN_AVX2");
        const std::string_view ownMode = ownEnv ? ownEnv : "";
        const bool spatial = s.kernelHeight * s.kernelWidth > 1;
        useOwn = onednnInt8Isa().isa == "avx2" && Avx2Int8Conv::supports(s) && ownMode != "0"
            && (ownMode == "1" || (spatial && (nchw() || s.inChannels < 8)));
        splitPairsFor(useOwn ? std::string(Avx2Int8Conv::kImplementation) : convPd.impl_info_str());
        if (useOwn) {
            own = Avx2Int8Conv::create(s, s8.data());
            if (nchw() && s.batch == 1) {
                const int64_t ic = s.inChannels;
                const dnnl::memory::desc interior(srcDims, dt::u8,
                    dnnl::memory::dims { s.inHeight * own->paddedRowStride(), 1, own->paddedRowStride(), ic });
                srcNchw = dnnl::memory(dnnl::memory::desc(srcDims, dt::u8, tag::nchw), eng, DNNL_MEMORY_NONE);
                ownInterior = dnnl::memory(interior, eng, own->interior());
                toOwn = dnnl::reorder(srcNchw, ownInterior);
            }
        } else {
            dnnl::memory plain(wPlain, eng, s8.data());
            weights = dnnl::memory(convPd.weights_desc(), eng);
            dnnl::reorder(plain, weights).execute(stream, plain, weights);
            stream.wait();
        }
        s8 = {};

        if (nchw()) {
            srcNchw = dnnl::memory(dnnl::memory::desc(srcDims, dt::u8, tag::nchw), eng, DNNL_MEMORY_NONE);
            srcNhwc = dnnl::memory(convPd.src_desc(), eng);
            toNhwc = dnnl::reorder(srcNchw, srcNhwc);
        } else {
            srcNhwc = dnnl::memory(convPd.src_desc(), eng, DNNL_MEMORY_NONE);
        }
        dst = dnnl::memory(convPd.dst_desc(), eng);
        srcZeroPoint = dnnl::memory(dnnl::memory::desc({ 1 }, dt::s32, tag::x), eng);
        stream.wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", s.toString()));
    }
    if (srcType == DataType::Int8)
        shifted.resize(size_t(s.inputCount()));
    if (!planeChannels.empty())
        planes.assign(size_t(int64_t(planeChannels.size()) * planeGeometry.planeSize()), 0);
    if (needsWindowSums) {
        channelSums.resize(size_t(s.group * s.inHeight * s.inWidth));
        windowSums.resize(size_t(s.group * s.outHeight() * s.outWidth()));
    }
    scales.resize(size_t(s.outChannels));
    biases.resize(size_t(s.outChannels));
    return Status::ok();
}

Status Int8Conv::Impl::runOnednn(const void* x, int32_t& xZeroPoint, const uint8_t*& xu)
{
    QS_RETURN_IF_ERROR(checkZeroPoint(srcType, xZeroPoint, "activation"));
    xu = static_cast<const uint8_t*>(x);
    if (srcType == DataType::Int8) {
        // x + 128 as uint8 is x with the sign bit flipped; x - zp is unchanged when zp moves by 128 too.
        for (size_t i = 0; i < shifted.size(); ++i)
            shifted[i] = uint8_t(static_cast<const uint8_t*>(x)[i] ^ 0x80u);
        xu = shifted.data();
        xZeroPoint += 128;
    }
    try {
        if (own && ownInterior) {
            srcNchw.set_data_handle(const_cast<uint8_t*>(xu));
            toOwn.execute(stream, srcNchw, ownInterior);
            stream.wait();
            own->runInterior(xZeroPoint, static_cast<int32_t*>(dst.get_data_handle()));
            return Status::ok();
        }
        *static_cast<int32_t*>(srcZeroPoint.get_data_handle()) = xZeroPoint;
        if (nchw()) {
            srcNchw.set_data_handle(const_cast<uint8_t*>(xu));
            toNhwc.execute(stream, srcNchw, srcNhwc);
        } else {
            srcNhwc.set_data_handle(const_cast<uint8_t*>(xu));
        }
        if (own) {
            stream.wait();
            own->run(static_cast<const uint8_t*>(srcNhwc.get_data_handle()), xZeroPoint,
                static_cast<int32_t*>(dst.get_data_handle()));
            return Status::ok();
        }
        conv.execute(stream,
            { { DNNL_ARG_SRC, srcNhwc }, { DNNL_ARG_WEIGHTS, weights }, { DNNL_ARG_DST, dst },
                { DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC, srcZeroPoint } });
        stream.wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", shape.toString()));
    }
    return Status::ok();
}

void Int8Conv::Impl::computeWindowSums(const uint8_t* image, int32_t zp)
{
    const ConvShape& s = shape;
    const int64_t hw = s.inHeight * s.inWidth, icg = s.inChannelsPerGroup();
    const int64_t oh = s.outHeight(), ow = s.outWidth();
    for (int64_t g = 0; g < s.group; ++g) {
        int32_t* p = channelSums.data() + g * hw;
        if (nchw()) {
            // Blocks of pixels stay in L1 while every channel of the group is added in.
            constexpr int64_t kBlock = 2048;
            for (int64_t b0 = 0; b0 < hw; b0 += kBlock) {
                const int64_t b1 = std::min(hw, b0 + kBlock);
                std::fill(p + b0, p + b1, -int32_t(icg) * zp);
                for (int64_t c = 0; c < icg; ++c)
                    addBytes(p + b0, image + (g * icg + c) * hw + b0, b1 - b0);
            }
        } else {
            sumChannelsNhwc(p, image + g * icg, hw, s.inChannels, icg, -int32_t(icg) * zp);
        }
        int32_t* out = windowSums.data() + g * oh * ow;
        std::fill(out, out + oh * ow, 0);
        for (int64_t i = 0; i < oh; ++i)
            for (int64_t kh = 0; kh < s.kernelHeight; ++kh) {
                const int64_t ih = i * s.strideHeight - s.padTop + kh * s.dilationHeight;
                if (ih < 0 || ih >= s.inHeight)
                    continue;
                for (int64_t kw = 0; kw < s.kernelWidth; ++kw) {
                    const int64_t offset = kw * s.dilationWidth - s.padLeft;
                    const Span span = validSpan(ow, s.strideWidth, offset, s.inWidth);
                    const int32_t* in = p + ih * s.inWidth + offset;
                    int32_t* o = out + i * ow;
                    for (int64_t j = span.begin; j < span.end; ++j)
                        o[j] += in[j * s.strideWidth];
                }
            }
    }
}

template <typename Store> void Int8Conv::Impl::epilogue(const uint8_t* xu, int32_t zp, Store&& store)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, oh = s.outHeight(), ow = s.outWidth(), ocg = s.outChannelsPerGroup();
    const int64_t chStride = inChannelStride(), pxStride = inPixelStride();
    auto* acc = static_cast<int32_t*>(dst.get_data_handle());
    for (int64_t n = 0; n < s.batch; ++n) {
        const uint8_t* image = xu + n * s.inChannels * s.inHeight * s.inWidth;
        if (needsWindowSums)
            computeWindowSums(image, zp);
        const bool corrected = !correctedChannels.empty();
        // Plane elements between consecutive output rows.
        const int64_t rowStep = s.strideHeight * planeGeometry.strideW * planeGeometry.width;
        if (corrected)
            buildPlanes(planes.data(), planeGeometry, image, planeChannels.data(), int64_t(planeChannels.size()),
                s.inHeight, s.inWidth, chStride, pxStride, zp, planeRowUsed.data(), planePhaseUsed.data());
        for (int64_t i = 0; i < oh; ++i) {
            // The compensation is applied in oneDNN's NHWC buffer, where channels are contiguous (vectorisable)...
            int32_t* accRow = acc + (n * oh + i) * ow * oc;
            if (needsWindowSums)
                addCompensation(accRow, ow, oc, s.group, ocg, compensation.data(), windowSums.data() + i * ow, oh * ow);
            // ...then the sparse residual and the stores run in tiles of kTile pixels: the residual's per-channel
            // sums land in a tile that is in L1 for its store; for NCHW the tile's cache lines stay in L1 across all
            // channels and every store is a contiguous run.
            for (int64_t jb = 0; jb < ow; jb += kTile) {
                const int64_t count = std::min(kTile, ow - jb);
                if (corrected && count <= 8 && int16Weights)
                    applyCorrections8Madd(accRow + jb * oc, oc, count, planes.data() + rowStep * i + jb,
                        correctedChannels.data(), correctionBegin.data(), int64_t(correctedChannels.size()),
                        corrections.data());
                else if (corrected && avx2 && int16Weights)
                    applyCorrections16Avx2(accRow + jb * oc, oc, count, planes.data() + rowStep * i + jb,
                        correctedChannels.data(), correctionBegin.data(), int64_t(correctedChannels.size()),
                        corrections.data());
                else if (corrected)
                    applyCorrections<kCorrectionTile>(accRow + jb * oc, oc, count, planes.data() + rowStep * i + jb,
                        correctedChannels.data(), correctionBegin.data(), int64_t(correctedChannels.size()),
                        corrections.data());
                store(n, i, jb, count, accRow + jb * oc);
            }
        }
    }
}

Int8Conv::Int8Conv(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{ }

Int8Conv::~Int8Conv() = default;

Result<std::unique_ptr<Int8Conv>> Int8Conv::create(
    const ConvShape& shape, DataType srcType, const Int8Weights& weights, ActivationLayout layout)
{
    return create(shape, srcType, weights, layout, layout);
}

Result<std::unique_ptr<Int8Conv>> Int8Conv::create(const ConvShape& shape, DataType srcType, const Int8Weights& weights,
    ActivationLayout inputLayout, ActivationLayout outputLayout)
{
    const ActivationLayout layout = inputLayout;
    QS_RETURN_IF_ERROR(shape.validate());
    if (srcType != DataType::UInt8 && srcType != DataType::Int8)
        return Status(StatusCode::Unsupported,
            fmt::format("int8 convolution {}: activations of type {}", shape.toString(), dataTypeName(srcType)));
    auto impl = std::make_unique<Impl>();
    impl->shape = shape;
    impl->srcType = srcType;
    impl->layout = layout;
    impl->outLayout = outputLayout;
    QS_RETURN_IF_ERROR(impl->prepare(weights).withContext(fmt::format("int8 convolution {}", shape.toString())));
    return std::unique_ptr<Int8Conv>(new Int8Conv(std::move(impl)));
}

const ConvShape& Int8Conv::shape() const noexcept
{
    return m_impl->shape;
}
const ZeroPointPlan& Int8Conv::zeroPointPlan() const noexcept
{
    return m_impl->zeroPointPlan;
}
const SaturationReport& Int8Conv::saturation() const noexcept
{
    return m_impl->report;
}
std::string Int8Conv::implementation() const
{
    if (m_impl->own)
        return Avx2Int8Conv::kImplementation;
    return m_impl->convPd.impl_info_str();
}

Status Int8Conv::runInt32(const void* x, int32_t xZeroPoint, int32_t* y)
{
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runOnednn(x, xZeroPoint, xu));
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    const int64_t chStride = m_impl->outChannelStride(), pxStride = m_impl->outPixelStride();
    m_impl->epilogue(xu, xZeroPoint, [&](int64_t n, int64_t i, int64_t j0, int64_t count, const int32_t* tile) {
        int32_t* out = y + n * s.outHeight() * ow * oc + (i * ow + j0) * pxStride;
        storeTileInt32(tile, count, oc, out, chStride, pxStride);
    });
    return Status::ok();
}

Status Int8Conv::runFloat(const void* x, int32_t xZeroPoint, float xScale, const float* wScales, bool perChannelScales,
    const float* bias, float* y)
{
    return runFloat(x, xZeroPoint, xScale, wScales, perChannelScales, bias, FloatActivation::None, y);
}

Status Int8Conv::runFloat(const void* x, int32_t xZeroPoint, float xScale, const float* wScales, bool perChannelScales,
    const float* bias, FloatActivation activation, float* y, float* range)
{
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runOnednn(x, xZeroPoint, xu));
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    // The product of the two scales first, as the ONNX graph's Mul(x_scale, w_scale) computes it.
    float* scale = m_impl->scales.data();
    float* shift = m_impl->biases.data();
    for (int64_t o = 0; o < oc; ++o) {
        scale[o] = xScale * wScales[perChannelScales ? o : 0];
        shift[o] = bias ? bias[o] : 0.0f;
    }
    const int64_t chStride = m_impl->outChannelStride(), pxStride = m_impl->outPixelStride();
    const bool silu = activation == FloatActivation::Silu;
    if (range) {
        range[0] = std::numeric_limits<float>::infinity();
        range[1] = -std::numeric_limits<float>::infinity();
    }
    if (m_impl->outNchw())
        m_impl->floatTile.resize(size_t(Impl::kTile * oc));
    float* tileBuffer = m_impl->floatTile.data();
    m_impl->epilogue(xu, xZeroPoint, [&](int64_t n, int64_t i, int64_t j0, int64_t count, const int32_t* tile) {
        float* out = y + n * s.outHeight() * ow * oc + (i * ow + j0) * pxStride;
        // One vectorised pass in NHWC order (rescale, bias, activation); NCHW transposes the finished tile.
        if (pxStride == oc) {
            rescaleNhwc(tile, count, oc, scale, shift, silu, out, range);
        } else {
            rescaleNhwc(tile, count, oc, scale, shift, silu, tileBuffer, range);
            transposeTile(tileBuffer, count, oc, out, chStride);
        }
    });
    return Status::ok();
}

Status Int8Conv::runRequantized(const void* x, int32_t xZeroPoint, const Requantization& rq, void* y)
{
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runOnednn(x, xZeroPoint, xu));
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    const int64_t chStride = m_impl->outChannelStride(), pxStride = m_impl->outPixelStride();
    auto* out8 = static_cast<uint8_t*>(y); // one byte per element for uint8 and int8 alike
    m_impl->epilogue(xu, xZeroPoint, [&](int64_t n, int64_t i, int64_t j0, int64_t count, const int32_t* tile) {
        requantizeTile(
            tile, count, oc, rq, out8 + n * s.outHeight() * ow * oc + (i * ow + j0) * pxStride, chStride, pxStride);
    });
    return Status::ok();
}

} // namespace qs::kernels::int8
