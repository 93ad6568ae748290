// SPDX-License-Identifier: MIT
// Int8Conv's VNNI depthwise path (int8_conv_plan.h: Int8ConvPath::DepthwiseVnni): 3x3 and 5x5 depthwise layers on
// NHWC uint8 activations with AVX-512 VNNI, four horizontal kernel taps of 16 channels per vpdpbusd
// (int8_conv_depthwise_vnni_simd.h), where oneDNN's brdgmm_dw does one tap per instruction. The sums are Σ x·w with x
// the uint8 input (the zero point itself in padding) and w = w_s8 - zp_w, which must fit s8; -zp·Σw per channel then
// makes them Σ (x - zp)(w - zp_w) exactly, as ONNX defines them: every product fits int32's lane with room (at most
// 25 · 255 · 128), and vpdpbusd does not saturate. Each input row is staged once per thread into a ring of the last
// kernel-height rows. The executor computes band by band inside the epilogue (int32 sums), and writes the requantized
// bytes itself where the epilogue would (runRequantized, Int8Conv::Impl::directEligible): the store fused into the
// pixel loops, with no int32 round trip.
#include "kernels/int8/int8_conv_depthwise_vnni.h"

#include "kernels/int8/depthwise_row_ring.h"
#include "kernels/int8/int8_conv_depthwise_vnni_simd.h"
#include "kernels/int8/thread_blocks.h"
#include "quant/quant_isa.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace qs::kernels::int8 {

namespace {

/// The staged rows one thread built last (depthwise_row_ring.h).
using StagedRing = DepthwiseRowRing<uint8_t>;
thread_local StagedRing t_staged;

class VnniDepthwiseExecutor final : public Int8ConvExecutor
{
public:
    VnniDepthwiseExecutor(const ConvShape& s, const Int8Weights& w, int kind, bool nchwOutput);
    std::string implementation() const override { return "qs:avx512_vnni_int8_depthwise"; }
    Status start(const uint8_t*, int32_t zp) override
    {
        run = nextDepthwiseRun();
        // The zero point's correction, once per run for every band of it (computeBand).
        for (size_t c = 0; c < bandOffsets.size(); ++c)
            bandOffsets[c] = -zp * weightSums[c];
        return Status::ok();
    }
    bool readsSource() const override { return true; }
    void computeBand(const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const override;
    bool mayWriteRequantized() const override { return !nchwOutput; }
    bool prepareRequantized(const DirectRequantization& rq) override;
    Status runRequantized(const uint8_t* xu, int32_t zp, int threads, void* y) override;

private:
    /// Kernel row r's staged rows for output row i of `image`, built into the thread's ring where it lacks them.
    void stageRows(
        StagedRing& ring, uint64_t runNumber, const uint8_t* image, int32_t zp, int64_t i, const uint8_t** rows) const;

    ConvShape shape;
    const detail::VnniDepthwiseSimd* simd = &detail::kVnniDepthwiseAvx512;
    int kind = 0; ///< the loops' index (detail::vnniDepthwiseKind)
    bool nchwOutput = false;
    detail::VnniStageSpec stage;
    int64_t slots = 0; ///< staged rows kept: (KH - 1)·dilationH + 1, and one of padding
    int64_t stagedBytes = 0; ///< per staged row, with 64 bytes of slack for the last quad's load
    std::vector<int8_t> packed; ///< detail::VnniDepthwiseTile::weights
    std::vector<int32_t> weightSums; ///< Σw per channel (blocks · 16, 0 past the channels)
    std::vector<int64_t> weightMagnitudes; ///< Σ|w| per channel
    // The requantization of runRequantized (prepareRequantized), per channel (blocks · 16).
    std::vector<int32_t> bias;
    std::vector<float> scales;
    detail::VnniDepthwiseRequant requant;
    std::vector<int32_t> bandOffsets; ///< -zp·Σw per channel of this run (start)
    std::vector<int32_t> requantOffsets; ///< bias - zp·Σw per channel of this run (runRequantized)
    uint64_t run = 0; ///< this run's number (nextDepthwiseRun)
};

VnniDepthwiseExecutor::VnniDepthwiseExecutor(const ConvShape& s, const Int8Weights& w, int k, bool nchw)
    : shape(s)
    , kind(k)
    , nchwOutput(nchw)
{
    const int64_t ch = s.outChannels, kh = s.kernelHeight, kw = s.kernelWidth, taps = kh * kw;
    const int64_t quads = kw == 3 ? 1 : 2, blocks = (ch + 15) / 16;
    stage = { s.inWidth, ch, blocks, s.padLeft, (s.outWidth() - 1) * s.strideWidth + 8 };
    stagedBytes = blocks * stage.columns * 16 + 64;
    slots = (kh - 1) * s.dilationHeight + 1 + 1;
    packed.assign(size_t(blocks * kh * quads * 64), 0);
    weightSums.assign(size_t(blocks * 16), 0);
    bandOffsets.assign(weightSums.size(), 0);
    weightMagnitudes.assign(size_t(ch), 0);
    for (int64_t c = 0; c < ch; ++c)
        for (int64_t r = 0; r < kh; ++r)
            for (int64_t t = 0; t < kw; ++t) {
                const int32_t v = depthwiseWeight(w, taps, c, r * kw + t);
                packed[size_t(((c / 16 * kh + r) * quads + t / 4) * 64 + (c % 16) * 4 + t % 4)] = int8_t(v);
                weightSums[size_t(c)] += v;
                weightMagnitudes[size_t(c)] += std::abs(v);
            }
}

void VnniDepthwiseExecutor::stageRows(
    StagedRing& ring, uint64_t runNumber, const uint8_t* image, int32_t zp, int64_t i, const uint8_t** rows) const
{
    const ConvShape& s = shape;
    ring.claim(runNumber, image, slots, stagedBytes);
    const int64_t padding = s.inHeight, lastSlot = slots - 1; // the padding row's key and slot
    for (int64_t r = 0; r < s.kernelHeight; ++r) {
        const int64_t ih = i * s.strideHeight - s.padTop + r * s.dilationHeight;
        const bool inside = ih >= 0 && ih < s.inHeight;
        const int64_t key = inside ? ih : padding, slot = inside ? ih % lastSlot : lastSlot;
        uint8_t* p = ring.rows.data() + slot * stagedBytes;
        if (ring.rowOf[size_t(slot)] != key) {
            simd->stageRow(inside ? image + ih * s.inWidth * s.outChannels : nullptr, stage, uint8_t(zp), p);
            ring.rowOf[size_t(slot)] = key;
        }
        rows[r] = p; // the first pixel's first column is column 0 of the staged row
    }
}

void VnniDepthwiseExecutor::computeBand(
    const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const
{
    const ConvShape& s = shape;
    const int64_t ch = s.outChannels, ow = s.outWidth();
    const uint8_t* rows[5];
    detail::VnniDepthwiseTile tile { rows, stage.columns * 16, stage.blocks, ch, packed.data(), bandOffsets.data() };
    for (int64_t px = begin; px < end;) {
        const int64_t i = px / ow, j0 = px % ow, j1 = std::min(ow, j0 + (end - px));
        stageRows(t_staged, run, image, zp, i, rows);
        for (int64_t r = 0; r < s.kernelHeight; ++r)
            rows[r] += j0 * s.strideWidth * 16;
        simd->int32[kind](tile, j1 - j0, out + (px - begin) * ch);
        px += j1 - j0;
    }
}

bool VnniDepthwiseExecutor::prepareRequantized(const DirectRequantization& rq)
{
    const size_t lanes = weightSums.size();
    rq.expandPerChannel(shape.outChannels, lanes, bias, scales);
    requantOffsets.assign(lanes, 0);
    requant.scale = scales.data();
    requant.zeroPoint = rq.zeroPoint;
    requant.signedOut = rq.outType == DataType::Int8;
    requant.lo = float(rq.lo - rq.zeroPoint);
    requant.hi = float(rq.hi - rq.zeroPoint);
    // |Σ x·w - zp·Σw + bias| <= 255·Σ|w| + 255·Σ|w| + |bias| for any input and zero point; float rounding of the sum
    // and the product adds far less than the margin to 2^31.
    requant.byteClamp = true;
    for (size_t c = 0; c < size_t(shape.outChannels); ++c) {
        const double bound = double(510 * weightMagnitudes[c] + std::abs(int64_t(bias[c])));
        if (!(bound * std::fabs(double(scales[c])) < double(int64_t(1) << 30)))
            requant.byteClamp = false;
    }
    return true;
}

Status VnniDepthwiseExecutor::runRequantized(const uint8_t* xu, int32_t zp, int threads, void* y)
{
    const ConvShape& s = shape;
    const int64_t ch = s.outChannels, oh = s.outHeight(), ow = s.outWidth();
    const uint64_t runNumber = nextDepthwiseRun();
    for (size_t c = 0; c < requantOffsets.size(); ++c)
        requantOffsets[c] = bias[c] - zp * weightSums[c]; // exact: |zp·Σw| <= 255 · 25 · 128
    auto* out = static_cast<uint8_t*>(y);
    // One contiguous block of output rows (over all images) per thread, as the epilogue splits them.
    forEachThreadBlock(s.batch * oh, threads, 1, [&](int64_t begin, int64_t end) {
        const uint8_t* rows[5];
        detail::VnniDepthwiseTile tile { rows, stage.columns * 16, stage.blocks, ch, packed.data(),
            requantOffsets.data() };
        for (int64_t row = begin; row < end; ++row) {
            const int64_t n = row / oh, i = row % oh;
            stageRows(t_staged, runNumber, xu + n * s.inHeight * s.inWidth * ch, zp, i, rows);
            simd->bytes[kind](tile, requant, ow, out + (n * oh + i) * ow * ch);
        }
    });
    return Status::ok();
}

} // namespace

bool vnniDepthwiseLoops() noexcept
{
    static const bool cpu = __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512vbmi");
    return cpu && quant::bestQuantIsa() == quant::QuantIsa::Avx512;
}

bool vnniDepthwiseShape(const ConvShape& s)
{
    return detail::vnniDepthwiseKind(s.kernelHeight, s.kernelWidth, s.strideWidth, s.dilationWidth) >= 0;
}

bool vnniDepthwiseWeights(const ConvShape& shape, const Int8Weights& weights)
{
    if (shape.group != shape.outChannels || shape.inChannels != shape.group || !weights.data)
        return false;
    const int64_t taps = shape.kernelHeight * shape.kernelWidth;
    for (int64_t c = 0; c < shape.outChannels; ++c)
        for (int64_t t = 0; t < taps; ++t)
            if (const int32_t v = depthwiseWeight(weights, taps, c, t); v < -128 || v > 127)
                return false;
    return true;
}

std::unique_ptr<Int8ConvExecutor> makeDepthwiseVnniExecutor(
    const ConvShape& shape, const Int8Weights& weights, bool nchwOutput)
{
    const int kind
        = detail::vnniDepthwiseKind(shape.kernelHeight, shape.kernelWidth, shape.strideWidth, shape.dilationWidth);
    if (kind < 0 || !vnniDepthwiseLoops() || !vnniDepthwiseWeights(shape, weights))
        return nullptr;
    return std::make_unique<VnniDepthwiseExecutor>(shape, weights, kind, nchwOutput);
}

} // namespace qs::kernels::int8
