// SPDX-License-Identifier: MIT
// The depthwise path's direct form (int8_conv_depthwise.cpp), for kernels whose input values are read by few kernel
// positions (3x3 stride 2: 2.25 on average): each output pixel widens its positions' uint8 inputs itself and
// interleaves them in pairs for vpmaddwd, where widening whole input rows first would cost more than the shuffles it
// saves (bench/archive/2026-11-29-int8-depthwise-rows.md). x (widened to int16) and w - zp_w (int16) of two kernel
// positions are multiplied into int32 by one vpmaddwd: |x| <= 255, |w - zp_w| <= 255, so a pair sums to at most
// 2·255² and nothing can saturate — exact for any weights. Kernel positions outside the image read a vector of the
// zero point, and zp·Σw is subtracted per channel: Σ over every position of x·w − zp·Σ w = Σ over the valid ones of
// (x − zp)·w. Interior runs of a row are one call (the positions' pointers advance by the stride).
#include "kernels/int8/int8_conv_depthwise_direct_simd.h"
#include "kernels/int8/int8_conv_executor.h"
#include "kernels/simd_table.h"

#include <algorithm>

namespace qs::kernels::int8 {

namespace {

class DepthwiseDirectExecutor final : public Int8ConvExecutor
{
public:
    DepthwiseDirectExecutor(const ConvShape& shape, const Int8Weights& w);
    std::string implementation() const override
    {
        return simd->widest == 32 ? "qs:avx512_int8_depthwise" : "qs:avx2_int8_depthwise";
    }
    Status start(const uint8_t* xu, int32_t zp) override;
    bool readsSource() const override { return true; }
    void computeBand(const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const override;

private:
    ConvShape shape;
    const detail::DepthwiseDirectSimd* simd
        = depthwiseDirectSimd(); ///< the plan takes this path only where there is one
    detail::DepthwiseDirectPixels pixels = nullptr; ///< simd's loop for this kernel size
    int64_t taps = 0; ///< KH·KW
    int64_t pairs = 0; ///< (taps + 1) / 2
    int64_t blockChannels = 0; ///< channels the vector loop computes: a multiple of 8
    std::vector<int32_t> packed; ///< see detail::DepthwisePixel
    std::vector<int16_t> tailWeights; ///< [channel - blockChannels][tap]: w - zp_w of the channels after the blocks
    std::vector<int32_t> weightSums; ///< Σ (w - zp_w) per channel
    std::vector<int32_t> zpSums; ///< zp · weightSums of this run
    /// The zero point over one padded input row (input columns -padLeft on): what positions outside the image read.
    std::vector<uint8_t> zpRow;
};

DepthwiseDirectExecutor::DepthwiseDirectExecutor(const ConvShape& s, const Int8Weights& w)
    : shape(s)
{
    const int64_t ch = s.outChannels;
    taps = s.kernelHeight * s.kernelWidth;
    pairs = (taps + 1) / 2;
    pixels = detail::depthwiseDirectPixelsFor(*simd, pairs);
    blockChannels = ch / 8 * 8;
    const auto weight = [&](int64_t c, int64_t t) { return depthwiseWeight(w, taps, c, t); };
    packed.assign(size_t(blockChannels * pairs), 0);
    // Blocks of the loops' widest width, then halving ones, as the loops take them (int8_conv_depthwise_simd.h).
    for (int64_t c0 = 0, width = simd->widest; c0 < blockChannels; c0 += width) {
        while (c0 + width > blockChannels)
            width /= 2;
        for (int64_t p = 0; p < pairs; ++p)
            for (int64_t k = 0; k < width; ++k) {
                const int64_t c = c0 + detail::depthwiseDirectLaneChannel(width, k);
                // Low half: position 2p, high half: position 2p + 1 (vpmaddwd's pair order).
                packed[size_t(c0 * pairs + p * width + k)] = int32_t(uint32_t(uint16_t(int16_t(weight(c, 2 * p))))
                    | (uint32_t(uint16_t(int16_t(weight(c, 2 * p + 1)))) << 16));
            }
    }
    for (int64_t c = blockChannels; c < ch; ++c)
        for (int64_t t = 0; t < taps; ++t)
            tailWeights.push_back(int16_t(weight(c, t)));
    weightSums.assign(size_t(ch), 0);
    for (int64_t c = 0; c < ch; ++c)
        for (int64_t t = 0; t < taps; ++t)
            weightSums[size_t(c)] += weight(c, t);
    zpSums.assign(size_t(ch), 0);
    zpRow.assign(size_t(((s.outWidth() - 1) * s.strideWidth + (s.kernelWidth - 1) * s.dilationWidth + 1) * ch), 0);
}

Status DepthwiseDirectExecutor::start(const uint8_t*, int32_t zp)
{
    // |zp · Σ w| <= 255 · 255 · KH·KW: int32 for any kernel the plan sends here (int8_conv_plan.cpp).
    for (size_t c = 0; c < zpSums.size(); ++c)
        zpSums[c] = zp * weightSums[c];
    std::fill(zpRow.begin(), zpRow.end(), uint8_t(zp));
    return Status::ok();
}

/// NHWC int32 sums of output pixels [begin, end) of one NHWC image into `out`.
void DepthwiseDirectExecutor::computeBand(const uint8_t* image, int32_t, int64_t begin, int64_t end, int32_t* out) const
{
    const ConvShape& s = shape;
    const int64_t ch = s.outChannels, ow = s.outWidth(), kh = s.kernelHeight, kw = s.kernelWidth;
    const int64_t rowBytes = s.inWidth * ch, step = s.strideWidth * ch;
    // The columns whose kernel positions are all inside the image's width: there the positions' pointers advance by
    // `step` per pixel and one call computes the whole run.
    const int64_t jLo = std::min(ow, (s.padLeft + s.strideWidth - 1) / s.strideWidth);
    const int64_t jHi
        = std::max(jLo, std::min(ow, (s.inWidth - 1 - (kw - 1) * s.dilationWidth + s.padLeft) / s.strideWidth + 1));
    // Up to 2·pairs pointers (kDepthwiseMaxTaps, int8_conv_plan.cpp).
    const uint8_t* taps[kDepthwiseMaxTaps + 1];
    const uint8_t* rows[kDepthwiseMaxTaps];
    for (int64_t t = this->taps; t < 2 * pairs; ++t)
        taps[t] = zpRow.data(); // weight 0
    const auto tail = [&](int64_t j, int32_t* o) {
        for (int64_t c = blockChannels; c < ch; ++c) {
            const int16_t* wt = tailWeights.data() + (c - blockChannels) * this->taps;
            int32_t sum = 0;
            for (int64_t t = 0; t < this->taps; ++t)
                sum += int32_t(taps[t][j * step + c]) * wt[t];
            o[c] = sum - zpSums[size_t(c)];
        }
    };
    for (int64_t px = begin; px < end;) {
        const int64_t i = px / ow, j0 = px % ow, j1 = std::min(ow, j0 + (end - px));
        const int64_t ih0 = i * s.strideHeight - s.padTop, iw0 = -s.padLeft;
        // Each kernel row's input row (its column 0), or the zero-point row (at column 0, padLeft columns in).
        for (int64_t r = 0; r < kh; ++r) {
            const int64_t ih = ih0 + r * s.dilationHeight;
            rows[r] = ih >= 0 && ih < s.inHeight ? image + ih * rowBytes : zpRow.data() + s.padLeft * ch;
        }
        // The positions' pointers of output column j; `clip`: those outside the image's width read the zero point.
        const auto pointAt = [&](int64_t j, bool clip) {
            for (int64_t r = 0; r < kh; ++r)
                for (int64_t c = 0; c < kw; ++c) {
                    const int64_t iw = iw0 + j * s.strideWidth + c * s.dilationWidth;
                    const bool inside = iw >= 0 && iw < s.inWidth;
                    taps[r * kw + c] = !clip || inside ? rows[r] + iw * ch : zpRow.data();
                }
        };
        int32_t* o = out + (px - begin) * ch;
        for (int64_t j = j0; j < j1;) {
            if (j >= jLo && j < jHi) {
                const int64_t count = std::min(j1, jHi) - j;
                pointAt(j, false);
                pixels(taps, step, count, pairs, 0, blockChannels, packed.data(), zpSums.data(), o, ch);
                for (int64_t n = 0; n < count && blockChannels < ch; ++n)
                    tail(n, o + n * ch);
                j += count;
                o += count * ch;
                continue;
            }
            pointAt(j, true);
            pixels(taps, step, 1, pairs, 0, blockChannels, packed.data(), zpSums.data(), o, ch);
            tail(0, o);
            ++j;
            o += ch;
        }
        px += j1 - j0;
    }
}

} // namespace

const detail::DepthwiseDirectSimd* depthwiseDirectSimd() noexcept
{
    return simdTable(quant::bestQuantIsa(), &detail::kDepthwiseDirectAvx2, &detail::kDepthwiseDirectAvx512);
}

std::unique_ptr<Int8ConvExecutor> makeDepthwiseDirectExecutor(const ConvShape& shape, const Int8Weights& weights)
{
    return std::make_unique<DepthwiseDirectExecutor>(shape, weights);
}

} // namespace qs::kernels::int8
