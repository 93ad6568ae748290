// SPDX-License-Identifier: MIT
// How one of Int8Conv's paths (int8_conv_plan.h) computes a run's int32 accumulators, behind one interface: each
// path's executor holds only its own state, and Int8Conv::Impl (int8_conv_impl.h) keeps what every path shares — the
// weight zero-point and pair-split corrections, the source of a run (with oneDNN's primitive descriptor, which
// describes it), the epilogue that applies the corrections and stores the output. The executor is chosen from the
// plan in one place (Int8Conv::Impl::makeExecutor). oneDNN's executor computes the whole layer in start(); the own
// kernel's and the planar path's compute band by band inside the epilogue.
#pragma once

#include "kernels/int8/conv_shape.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_conv_unsplit.h"
#include "kernels/int8/onednn_context.h"

#include <quantscope/engine/status.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace qs::kernels::int8 {

/// What the direct requantizing primitive computes per output: clamp(round_half_even((float(acc) + float(bias[oc]))
/// * scales[oc]) + zeroPoint, lo, hi) into `outType` (int8_conv_direct.cpp).
struct DirectRequantization
{
    std::vector<float> scales;
    std::vector<int32_t> bias; ///< the requantization's bias plus the padded source's accumulator offset
    DataType outType = DataType::UInt8;
    int32_t zeroPoint = 0;
    int32_t lo = 0, hi = 255;
    bool operator==(const DirectRequantization&) const = default;

    /// The bias and scale of each of `channels` output channels into `bias` / `scale` of `lanes` entries (a kernel's
    /// channel blocks), the lanes past the channels zero; a single scale applies to every channel.
    void expandPerChannel(
        int64_t channels, size_t lanes, std::vector<int32_t>& biasOut, std::vector<float>& scaleOut) const
    {
        biasOut.assign(lanes, 0);
        scaleOut.assign(lanes, 0.0f);
        for (size_t c = 0; c < size_t(channels); ++c) {
            biasOut[c] = bias.empty() ? 0 : bias[c];
            scaleOut[c] = scales[scales.size() > 1 ? c : 0];
        }
    }
};

class Int8ConvExecutor
{
public:
    virtual ~Int8ConvExecutor() = default;
    /// What Int8Conv::implementation() reports for this path.
    virtual std::string implementation() const = 0;
    /// Readies a run on `xu` (uint8, the input layout, zero point `zp`), after Impl has prepared its source; a
    /// whole-layer executor (not banded()) computes its accumulators here.
    virtual Status start(const uint8_t* xu, int32_t zp) = 0;
    /// True: the epilogue asks for bands of output rows (beginImage, copyRows, computeBand). False: start() computes
    /// the whole layer's accumulators into the scratch (accumulators()).
    virtual bool banded() const { return true; }
    /// Of a whole-layer executor after start(): image `n`'s NHWC int32 accumulators, which the epilogue finishes in
    /// place.
    virtual int32_t* accumulators(int64_t n) const
    {
        (void)n;
        return nullptr;
    }
    /// The executor's share of the run's scratch (int8_conv_impl.h, ScratchLayout): bytes, and binding it at the start
    /// of each run (may throw dnnl::error).
    virtual size_t scratchBytes() const { return 0; }
    virtual void bindScratch(void* scratch) { (void)scratch; }
    /// The last run used the unsplit weights (int8_conv_unsplit.h): the epilogue skips the residual.
    virtual bool unsplitRun() const { return false; }
    /// The executor computes the sparse residual itself (the own kernel's extra quads): no epilogue correction.
    virtual bool absorbsResidual() const { return false; }
    /// The executor reads the run's source itself (from `xu`): Int8Conv::Impl makes no oneDNN source for it.
    virtual bool readsSource() const = 0;
    /// Readies one image before its bands: `nhwcImage` is the image in NHWC (x itself or Impl's reorder of it; null
    /// when readsSource()). True: its rows must then be copied (copyRows) on disjoint ranges covering the image, all
    /// finished before any computeBand.
    virtual bool beginImage(const uint8_t* nhwcImage, int32_t zp)
    {
        (void)nhwcImage;
        (void)zp;
        return false;
    }
    virtual void copyRows(const uint8_t* nhwcImage, int64_t begin, int64_t end)
    {
        (void)nhwcImage;
        (void)begin;
        (void)end;
    }
    /// Output pixels [begin, end) (flat over OH·OW) of `image` (the run's source, in the input layout) into `out` (NHWC
    /// int32, pixel `begin` first), for the epilogue's bands; several threads compute disjoint ranges of one image at
    /// once. Called on banded() executors only.
    virtual void computeBand(const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const
    {
        (void)image;
        (void)zp;
        (void)begin;
        (void)end;
        (void)out;
    }
    /// runRequantized without the epilogue: the executor writing the uint8 output itself (oneDNN's primitive with the
    /// bias and the per-channel multipliers as its bias and output scales, int8_conv_direct.cpp; the VNNI depthwise
    /// loops, int8_conv_depthwise_vnni.cpp). Whether this path can at all (asked before Impl checks the
    /// requantization), then whether it can for these `scales` and `bias` (the accumulator offset included), then the
    /// run on the source Impl has prepared (`xu`, uint8 in the input layout, zero point `zp`; the executors that read
    /// the source themselves split the run over `threads`).
    virtual bool mayWriteRequantized() const { return false; }
    virtual bool prepareRequantized(const DirectRequantization& rq)
    {
        (void)rq;
        return false;
    }
    virtual Status runRequantized(const uint8_t* xu, int32_t zp, int threads, void* y)
    {
        (void)xu;
        (void)zp;
        (void)threads;
        (void)y;
        return Status(StatusCode::Internal, "this int8 convolution path does not write requantized output itself");
    }
};

/// What the own AVX2 kernel's executor is made of (int8_conv_own.cpp); the pointers need to live only through
/// makeOwnAvx2Executor, except `stream`.
struct OwnAvx2Spec
{
    ConvShape shape {};
    bool nchw = false; ///< of the input
    const int8_t* weights = nullptr; ///< s8 [OC, IC, KH, KW], pair-safe (split)
    const std::vector<ResidualWeight>* residual = nullptr; ///< the split's and the zero-point outliers' residual
    const std::vector<int8_t>* unsplit = nullptr; ///< the original s8 weights where allowed, or empty: none
    UnsplitCheck unsplitCheck; ///< whether a run's source lets `unsplit` run exactly
    int maxQuadGroup = 4;
    bool vnni = false; ///< the VNNI microkernels (weights unsplit: `residual` holds no split pairs)
    bool nchwOutput = false; ///< of runRequantized's output (the VNNI microkernels write NHWC bytes themselves)
    dnnl::stream* stream = nullptr; ///< for the NCHW reorder into the kernel's buffer
};
std::unique_ptr<Int8ConvExecutor> makeOwnAvx2Executor(const OwnAvx2Spec& spec);

/// What oneDNN's executor is made of (int8_conv_onednn.cpp); the pointers need to live only through makeOnednnExecutor,
/// except `stream`, `source` and `sourceZeroPoint` (Int8Conv::Impl's, bound per run by it).
struct OnednnSpec
{
    ConvShape shape {};
    dnnl::convolution_forward::primitive_desc primitive; ///< u8 NHWC source, s8 weights, s32 NHWC output
    dnnl::memory::dims padBegin, padEnd; ///< the primitive's padding (none for a zero-point padded source)
    bool runTimeZeroPoint = false; ///< the primitive takes a run-time source zero point (from `sourceZeroPoint`)
    bool nchwOutput = false; ///< of the direct uint8 primitive's output
    const int8_t* weights = nullptr; ///< s8 [OC, IC/group, KH, KW], pair-safe for the primitive (split)
    const std::vector<int8_t>* unsplit = nullptr; ///< the original s8 weights where allowed, or empty: none
    UnsplitCheck unsplitCheck; ///< whether a run's source lets `unsplit` run exactly
    dnnl::stream* stream = nullptr;
    const dnnl::memory* source = nullptr; ///< the NHWC source memory
    const dnnl::memory* sourceZeroPoint = nullptr;
};
std::unique_ptr<Int8ConvExecutor> makeOnednnExecutor(const OnednnSpec& spec);

/// The planar pointwise path (int8_conv_planar.cpp): (w - zp) packed in int16 pairs of input channels, exact by itself
/// (no split, no residual, no window sums).
std::unique_ptr<Int8ConvExecutor> makePlanarExecutor(const ConvShape& shape, const Int8Weights& weights);

/// The depthwise path (int8_conv_depthwise.cpp): (w - zp) packed in int16 pairs of kernel positions, exact by itself
/// (no split, no residual, no window sums); reads the NHWC source, widening its rows once, or for kernels that read
/// each input value only a few times, directly (makeDepthwiseDirectExecutor, int8_conv_depthwise_direct.cpp).
std::unique_ptr<Int8ConvExecutor> makeDepthwiseExecutor(const ConvShape& shape, const Int8Weights& weights);
std::unique_ptr<Int8ConvExecutor> makeDepthwiseDirectExecutor(const ConvShape& shape, const Int8Weights& weights);
/// Both depthwise forms' weights: w - zp_w of channel c's kernel position t of `taps` (KH·KW), 0 from t = taps on (an
/// odd count's last pair's second position).
int32_t depthwiseWeight(const Int8Weights& w, int64_t taps, int64_t c, int64_t t);

} // namespace qs::kernels::int8
