// SPDX-License-Identifier: MIT
// Int8Conv's private state, shared by the files that implement it (internal: no other file includes this):
//   int8_conv.cpp           creation, preparation in phases, the run's kernel, the epilogue, the public API
//   int8_conv_plan.cpp      which path computes the accumulators and why (int8_conv_plan.h)
//   int8_conv_source.cpp    the source of a run: int8 shift, zero-point check, NCHW reorder, zero-point padded copy
//   int8_conv_scratch.cpp   the per-run buffers in the caller's scratch: their layout, binding, what must be refilled
//   int8_conv_onednn.cpp    the primitive descriptor and source memories, and the oneDNN path's executor (.h)
//   int8_conv_executor.h    one path's computation of the accumulators behind one interface (oneDNN, own, planar)
//   int8_conv_own.cpp       the own AVX2 kernel's path: its executor (the kernel: int8_conv_own_kernel.h)
//   int8_conv_planar.cpp    the planar pointwise path (1x1 on NCHW with fewer than 8 output channels): its executor
//   int8_conv_depthwise.cpp the depthwise path (one channel per group, NHWC, without VNNI): its executor
//   int8_conv_weights.cpp   weight zero-point plan (clamped outliers, window-sum compensation), saturating-pair split
//   int8_conv_residual.cpp  the sparse residual: int16 planes of x - zp and its per-tile correction (the loops per
//                           ISA: int8_conv_residual_simd.h)
//   int8_conv_direct.cpp    oneDNN writing the requantized uint8 output itself: when it may, and its primitive
//   int8_conv_unsplit.h     whether a run's source lets the unsplit weights run exactly (AVX2: no pair saturates)
#pragma once

#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_conv_executor.h"
#include "kernels/int8/int8_conv_own_kernel.h"
#include "kernels/int8/int8_conv_plan.h"
#include "kernels/int8/int8_conv_residual_simd.h"
#include "kernels/int8/int8_conv_unsplit.h"
#include "kernels/int8/onednn_context.h"
#include "kernels/int8/target_clones.h"
#include "kernels/int8/thread_blocks.h"

#include <quantscope/engine/host_tensor.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// The epilogue's inner loops (stores, compensation, residual, in all three .cpp files) are cloned for AVX2 (QS_CLONES):
// the engine is built for baseline x86-64, whose SSE2 has no 32-bit multiply, and these loops run over every output.

namespace qs::kernels::int8 {

struct Int8Conv::Impl
{
    ConvShape shape;
    DataType srcType = DataType::UInt8;
    ActivationLayout layout = ActivationLayout::Nchw; ///< of the input
    ActivationLayout outLayout = ActivationLayout::Nchw;
    Int8KernelOptions options;
    Int8ConvPlan plan; ///< the path and the zero-point handling, decided at creation (int8_conv_plan.h)

    // ---- Weights and the corrections every path's accumulators get (int8_conv_weights.cpp, int8_conv_residual.cpp)
    std::vector<int8_t> s8; ///< the weights given to the kernel (kept until it has them)
    ZeroPointPlan zeroPointPlan;
    std::vector<int32_t> compensation; ///< k[oc] = c - zp_w[oc]
    bool needsWindowSums = false;
    std::vector<ResidualWeight> residual; ///< ordered by oc
    // The residual regrouped for applyCorrections: per corrected output channel, its weights.
    std::vector<int32_t> correctedChannels;
    std::vector<size_t> correctionBegin; ///< corrections[correctionBegin[r] .. correctionBegin[r + 1])
    std::vector<Correction> corrections;
    std::vector<int32_t> planeChannels; ///< absolute input channels the residual reads
    PlaneGeometry planeGeometry;
    int16_t* planes = nullptr; ///< x - zp of one image, see PlaneGeometry (scratch)
    const detail::ResidualSimd* residualLoops = residualSimd(); ///< the AVX2 corrections where the CPU has AVX2
    bool int16Weights = true; ///< every residual weight fits int16 (always, for 8-bit weights): the madd forms apply
    std::vector<uint8_t> planeRowUsed; ///< per input row: read by some residual weight (strided 1x1 convs skip half)
    std::vector<uint8_t> planePhaseUsed; ///< per input column modulo the stride
    std::vector<int32_t> accOffset; ///< per output channel, added to every accumulator (empty: none)
    SaturationReport report;

    // ---- The source (int8_conv_source.cpp, int8_conv_onednn.cpp). oneDNN's primitive descriptor describes the NHWC
    // source: made on the oneDNN path and the own kernel's (none on the planar path, which reads x).
    uint8_t* shifted = nullptr; ///< int8 sources shifted to uint8 (scratch)
    uint8_t* padded = nullptr; ///< plan.paddedSource: [N][IH + pads][IW + pads][C] (scratch, srcNhwc's data)
    dnnl::stream stream;
    dnnl::convolution_forward::primitive_desc convPd;
    dnnl::reorder toNhwc;
    dnnl::memory srcNchw, srcNhwc, srcZeroPoint;

    // ---- The path's executor (int8_conv_executor.h), made in one place (makeExecutor): oneDNN's
    // (int8_conv_onednn.cpp: the primitive, its weights, the whole layer's accumulators, the direct uint8 primitive),
    // the own AVX2 kernel's (int8_conv_own.cpp) and the planar path's (int8_conv_planar.cpp).
    std::unique_ptr<Int8ConvExecutor> executor;

    // ---- Unsplit weights of static layers, held by oneDNN's or the own kernel's executor with the check whether a
    // run's source lets them run exactly (int8_conv_unsplit.h). Each run picks them when its source allows.
    /// UnsplitCheck::maxSource: -1 (none) when there is no split, for a run-time activation zero point, and when the
    /// residual also holds clamped weight zero point outliers.
    int32_t unsplitMaxSource = -1;
    bool unsplitRun = false; ///< the last run used the unsplit weights: the epilogue skips the residual

    // ---- The direct requantizing path (int8_conv_direct.cpp): the executor writes uint8 itself (oneDNN, with the bias
    // and the per-channel multipliers as its bias and output scales) when that is provably the same arithmetic.
    int64_t accBound = 0; ///< a bound of |acc| for x in [0, 255] (max over channels of 255 * sum of same-sign w')
    bool directEligible(const Requantization& rq) const;
    bool prepareDirect(const Requantization& rq);
    Status runDirect(const void* x, int32_t xZeroPoint, void* y);
    /// runDirect into the executor's int32 buffer (idle on the direct path, 4x the output's bytes), then `sink` over
    /// the whole output in one block per thread: false when the executor has no such buffer.
    Result<bool> runDirectToSink(const void* x, int32_t xZeroPoint, int threads, const RequantizedSink& sink);

    // ---- The epilogue's per-thread buffers and per-run constants (int8_conv.cpp)
    /// The own kernel's and the planar path's accumulators of `bandRows` output rows, per epilogue thread (see
    /// epilogue()). One row of yolov5nu's layers is ~20 KB (width x channels is constant through the network), so
    /// 16 KiB means one row per band there, which measured best (the row and the source rows it reads stay in L1 for
    /// the epilogue): 63.3 ms of convolutions per run vs 63.7 at 32 KiB, 64.5 at 256 KiB, 67 at 1 MiB (AVX2-limited,
    /// bench/archive/2026-11-22-int8-avx2.md, "the dynamic conv's epilogue fused band by band").
    std::vector<int32_t> band;
    int64_t bandRows = 0;
    static constexpr int64_t kBandBytes = 16 * 1024;
    int32_t* channelSums = nullptr; ///< [group][IH*IW] of one image (scratch)
    int32_t* windowSums = nullptr; ///< [group][OH*OW] of one image (scratch)
    std::vector<float> scales; ///< per output channel, for runFloat
    std::vector<float> biases;
    std::vector<float> floatTile; ///< per epilogue thread, one rescaled tile before its NCHW transposition
    std::vector<float> ranges; ///< per epilogue thread, its partial min and max (runFloat's range)
    int64_t floatChannelStride = 0; ///< runFloat's NCHW channel stride when not H * W (setFloatOutputChannelStride)
    std::vector<uint8_t> sinkTile; ///< per epilogue thread, one requantized tile handed to runRequantized's sink

    // ---- The per-run buffers (int8_conv_scratch.cpp). Activation-sized data of one run lives in the scratch the
    // caller gives (Int8Conv::useScratch: the step's slice of the session's arena, shared with other steps between
    // runs), not in buffers each layer would keep for the session's lifetime: the executor's (the oneDNN path's int32
    // accumulators), the NHWC or zero-point padded source copy, the shifted int8 source, the residual planes, the
    // window sums. The per-thread bands and tiles above stay owned: a few KiB per thread, sized by the run's thread
    // count.
    struct ScratchLayout
    {
        static constexpr size_t kNone = ~size_t(0);
        size_t shifted = kNone, source = kNone, executor = kNone, planes = kNone, channelSums = kNone,
               windowSums = kNone;
        size_t bytes = 0; ///< the total, each part kTensorAlignment-aligned
    } scratchLayout;
    void* callerScratch = nullptr; ///< Int8Conv::useScratch; null: ownScratch (standalone use: tests, benches)
    uint8_t* executorScratch = nullptr; ///< this run's executor part (bindScratch); null without one
    std::unique_ptr<std::byte, void (*)(std::byte*) noexcept> ownScratch { nullptr, alignedFree };
    void layoutScratch();
    Status bindScratch(); ///< points the buffers, oneDNN's memories and the executor's into this run's scratch
    void fillPaddedBorder(); ///< the zero point around the padded source's interior
    /// Zeros in every position of plane rows [rowBegin, rowEnd) (input rows, PlaneGeometry::rowMin on) that a residual
    /// reads and buildResidualPlanes does not write.
    void clearPlaneMargins(int64_t rowBegin, int64_t rowEnd);

    bool nchw() const noexcept { return layout == ActivationLayout::Nchw; }
    /// Element strides of the activations: between channels and between pixels of one image.
    int64_t inChannelStride() const noexcept { return nchw() ? shape.inHeight * shape.inWidth : 1; }
    int64_t inPixelStride() const noexcept { return nchw() ? 1 : shape.inChannels; }
    bool outNchw() const noexcept { return outLayout == ActivationLayout::Nchw; }
    int64_t outChannelStride() const noexcept { return outNchw() ? shape.outHeight() * shape.outWidth() : 1; }
    int64_t outPixelStride() const noexcept { return outNchw() ? 1 : shape.outChannels; }

    // int8_conv.cpp: preparation in phases, the run's kernel, the epilogue
    Status prepare(const Int8Weights& w);
    Status checkWeights(const Int8Weights& w) const;
    void makeExecutor(const Int8Weights& w); ///< the plan's path's executor, and what it changes in the corrections
    /// The split for `implementation`'s pairs, the accumulator bounds; returns the unsplit weights where allowed
    /// (unsplitMaxSource >= 0), else nothing.
    std::vector<int8_t> splitWeights(const std::string& implementation);
    void sizeScratch();
    Status runKernel(const void* x, int32_t& xZeroPoint, const uint8_t*& xu);
    /// The threads the epilogue (and the own kernel's bands) of one image run on: the session's intra-op threads for
    /// layers of at least kParallelConvMinOutputs output values, or, with `banded` (the bands computed in the
    /// epilogue), of at least kParallelConvMinMacs multiply-accumulates; else 1.
    int epilogueThreads(bool banded) const;
    /// epilogueThreads for this layer's executor.
    int epilogueThreads() const { return epilogueThreads(executor->banded()); }
    /// Runs the corrections and `store(thread, n, i, j0, count, tile)` over every output tile, on `threads` threads
    /// (blocks of pixels); `thread` (< threads) selects the store's per-thread buffers.
    template <typename Store> void epilogue(const uint8_t* xu, int32_t zp, int threads, Store&& store);
    // int8_conv_source.cpp
    Status prepareSource(const void* x, int32_t& xZeroPoint, const uint8_t*& xu);
    void fillPadded(const uint8_t* xu);
    // int8_conv_onednn.cpp
    dnnl::memory::dims weightDims() const;
    dnnl::memory::dims primitivePadding(bool begin) const; ///< the primitive's padding at the start or the end
    void createPrimitive();
    void prepareOnednnKernel(const std::vector<int8_t>& unsplit); ///< its executor
    void prepareSourceMemory();
    // int8_conv_own.cpp
    void prepareOwnKernel(const std::vector<int8_t>& unsplit); ///< its executor, then what it changes in the residual
    // int8_conv_weights.cpp
    void planWeightZeroPoints(const Int8Weights& w);
    void splitPairsFor(const std::string& implementation);
    void boundAccumulators(); ///< accBound, and accOffset for a padded source
    void computeWindowSums(const uint8_t* image, int32_t zp);
    /// Adds k[oc] * window sum to `count` NHWC output pixels of row `outputRow` from `firstColumn` on.
    void compensatePixels(int32_t* acc, int64_t outputRow, int64_t firstColumn, int64_t count);
    /// The planar and depthwise paths multiply int16 operands into int32, exact without the s8 kernels' corrections:
    /// counts the pairs an int16-pairing kernel would face with the s8 weights (`reduction` x `inner` per output
    /// channel) for the diagnosis, then drops what planWeightZeroPoints set up.
    void dropS8Corrections(int64_t reduction, int64_t inner);
    // int8_conv_residual.cpp
    void planCorrections();
    /// Plane rows [rowBegin, rowEnd) (input rows, PlaneGeometry::rowMin on) of one image: x - zp into `planes`, zeros
    /// in their margins. Only runs that apply the residual build them; rows are independent, so each epilogue thread
    /// builds a block of them.
    void buildResidualPlanes(const uint8_t* image, int32_t zp, int64_t rowBegin, int64_t rowEnd);
    /// Adds the residual to the NHWC tile of `count` pixels from (outputRow, firstColumn) on.
    void applyResidual(int32_t* tile, int64_t outputRow, int64_t firstColumn, int64_t count);
    static constexpr int64_t kTile = 16;
    static_assert(kTile == kCorrectionTile, "applyCorrections sums one tile of pixels per channel in registers");
};

} // namespace qs::kernels::int8
