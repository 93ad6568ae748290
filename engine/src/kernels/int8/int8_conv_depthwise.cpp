// SPDX-License-Identifier: MIT
// Int8Conv's depthwise path (int8_conv_plan.h: Int8ConvPath::Depthwise): one input and one output channel per group
// on NHWC activations, the MobileNet-style 3x3 and 5x5 layers. (x - zp) and (w - zp_w) in int16, two kernel positions
// per vpmaddwd into int32: |x - zp| <= 255 and |w - zp_w| <= 255, so a pair sums to at most 2·255² and nothing can
// saturate — exact for any weights, with no split, no residual and no window sums; padding is x = zp, i.e. 0. Each
// input row is widened to int16 once (widenRow, int8_conv_depthwise_simd.h) into a per-thread ring of the last
// kernel-height rows, zero-point padded, which every output row and every kernel position then reads: the first form
// of this path widened each kernel position's input again for each output pixel, half of its shuffles
// (bench/archive/2026-11-29-int8-depthwise-rows.md). The executor computes band by band inside the epilogue, so the
// accumulators are finished while they are in cache.
#include "kernels/int8/depthwise_row_ring.h"
#include "kernels/int8/int8_conv_depthwise_simd.h"
#include "kernels/int8/int8_conv_executor.h"
#include "kernels/simd_table.h"

#include <algorithm>

namespace qs::kernels::int8 {

namespace {

/// The widened input rows one thread built last (depthwise_row_ring.h).
thread_local DepthwiseRowRing<int16_t> t_ring;

class DepthwiseExecutor final : public Int8ConvExecutor
{
public:
    DepthwiseExecutor(const ConvShape& shape, const Int8Weights& w);
    std::string implementation() const override { return simd->name; }
    Status start(const uint8_t* xu, int32_t zp) override;
    bool readsSource() const override { return true; }
    void computeBand(const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const override;

private:
    ConvShape shape;
    const detail::DepthwiseSimd* simd = depthwiseSimd(); ///< the plan takes this path only where there is one
    detail::DepthwisePixels pixels = nullptr; ///< simd's loop for this kernel size
    detail::DepthwiseRowSpec row; ///< the widened rows' shape (its zeroPoint set per run)
    int64_t rowValues = 0; ///< int16 per widened row
    int64_t slots = 0; ///< widened rows kept: the kernel's height with dilation, (KH - 1)·dilationH + 1
    std::vector<int32_t> packed; ///< see detail::DepthwiseTile
    std::vector<int16_t> zeroRow; ///< the widened row of a padding row: 0
    uint64_t run = 0; ///< this run's number (nextDepthwiseRun)
};

DepthwiseExecutor::DepthwiseExecutor(const ConvShape& s, const Int8Weights& w)
    : shape(s)
{
    const int64_t ch = s.outChannels, kh = s.kernelHeight, kw = s.kernelWidth, taps = kh * kw, pairs = (taps + 1) / 2;
    const int64_t block = simd->block, cp = (ch + block - 1) / block * block;
    pixels = detail::depthwisePixelsFor(*simd, kh, kw, s.strideWidth, s.dilationWidth);
    row.inWidth = s.inWidth;
    row.channels = ch;
    row.paddedChannels = cp;
    row.padLeft = s.padLeft;
    row.columns = (s.outWidth() - 1) * s.strideWidth + (kw - 1) * s.dilationWidth + 1;
    rowValues = row.columns * cp;
    slots = (kh - 1) * s.dilationHeight + 1;
    const auto weight = [&](int64_t c, int64_t t) { return depthwiseWeight(w, taps, c, t); };
    packed.assign(size_t(pairs * cp), 0);
    for (int64_t c = 0; c < ch; ++c)
        for (int64_t p = 0; p < pairs; ++p)
            // Low half: position 2p, high half: position 2p + 1 (vpmaddwd's pair order, as the loops interleave them).
            packed[size_t((c / block * pairs + p) * block + c % block)]
                = int32_t(uint32_t(uint16_t(int16_t(weight(c, 2 * p))))
                    | (uint32_t(uint16_t(int16_t(weight(c, 2 * p + 1)))) << 16));
    zeroRow.assign(size_t(rowValues), 0);
}

Status DepthwiseExecutor::start(const uint8_t*, int32_t)
{
    run = nextDepthwiseRun();
    return Status::ok();
}

/// NHWC int32 sums of output pixels [begin, end) of one NHWC image into `out`.
void DepthwiseExecutor::computeBand(const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const
{
    const ConvShape& s = shape;
    const int64_t ch = s.outChannels, ow = s.outWidth(), kh = s.kernelHeight;
    DepthwiseRowRing<int16_t>& ring = t_ring;
    ring.claim(run, image, slots, rowValues);
    detail::DepthwiseRowSpec spec = row;
    spec.zeroPoint = zp;
    // The widened row of input row ih, built if the ring does not hold it: the rows one output row reads are within
    // `slots` consecutive rows, so they never evict each other.
    const auto widened = [&](int64_t ih) -> const int16_t* {
        if (ih < 0 || ih >= s.inHeight)
            return zeroRow.data();
        const int64_t slot = ih % slots;
        int16_t* p = ring.rows.data() + slot * rowValues;
        if (ring.rowOf[size_t(slot)] != ih) {
            simd->widenRow(image + ih * s.inWidth * ch, spec, p);
            ring.rowOf[size_t(slot)] = ih;
        }
        return p;
    };
    const int16_t* rows[kDepthwiseMaxTaps];
    detail::DepthwiseTile tile;
    tile.rows = rows;
    tile.kernelHeight = kh;
    tile.kernelWidth = s.kernelWidth;
    tile.strideWidth = s.strideWidth;
    tile.dilationWidth = s.dilationWidth;
    tile.blockStride = row.columns * simd->block;
    tile.channels = ch;
    tile.packed = packed.data();
    for (int64_t px = begin; px < end;) {
        const int64_t i = px / ow, j0 = px % ow, j1 = std::min(ow, j0 + (end - px));
        for (int64_t r = 0; r < kh; ++r)
            rows[r] = widened(i * s.strideHeight - s.padTop + r * s.dilationHeight) + j0 * s.strideWidth * simd->block;
        pixels(tile, j1 - j0, out + (px - begin) * ch);
        px += j1 - j0;
    }
}

} // namespace

const detail::DepthwiseSimd* depthwiseSimd() noexcept
{
    return simdTable(quant::bestQuantIsa(), &detail::kDepthwiseAvx2, &detail::kDepthwiseAvx512);
}

int32_t depthwiseWeight(const Int8Weights& w, int64_t taps, int64_t c, int64_t t)
{
    if (t >= taps)
        return 0; // an odd count's last pair: its second position has weight 0
    const int64_t i = c * taps + t;
    const int32_t v = w.type == DataType::UInt8 ? int32_t(static_cast<const uint8_t*>(w.data)[i])
                                                : int32_t(static_cast<const int8_t*>(w.data)[i]);
    return v - w.zeroPoints[w.zeroPoints.size() == 1 ? 0 : size_t(c)];
}

std::unique_ptr<Int8ConvExecutor> makeDepthwiseExecutor(const ConvShape& shape, const Int8Weights& weights)
{
    // Widening the rows costs about a kernel position's shuffles per input value; it pays where each input value is
    // read by at least 4 kernel positions on average (3x3 stride 1: 9, 5x5 stride 2: 6.25), not for 3x3 stride 2
    // (2.25), which measured 20-60 % slower widened than direct (bench/archive/2026-11-29-int8-depthwise-rows.md).
    const int64_t reads = shape.kernelHeight * shape.kernelWidth, strides = shape.strideHeight * shape.strideWidth;
    if (reads < 4 * strides)
        return makeDepthwiseDirectExecutor(shape, weights);
    return std::make_unique<DepthwiseExecutor>(shape, weights);
}

} // namespace qs::kernels::int8
