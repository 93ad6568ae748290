// SPDX-License-Identifier: MIT
// How one of Int8Conv's paths (int8_conv_plan.h) computes a run's int32 accumulators, behind one interface: each
// path's executor holds only its own state, and Int8Conv::Impl (int8_conv_impl.h) keeps what every path shares — the
// weight zero-point and pair-split corrections, the source of a run, the epilogue that applies the corrections and
// stores the output. The executor is chosen from the plan in one place (Int8Conv::Impl::prepare).
#pragma once

#include "kernels/int8/conv_shape.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/onednn_context.h"

#include <quantscope/engine/status.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace qs::kernels::int8 {

class Int8ConvExecutor
{
public:
    virtual ~Int8ConvExecutor() = default;
    /// What Int8Conv::implementation() reports for this path.
    virtual std::string implementation() const = 0;
    /// Readies a run on `xu` (uint8, the input layout, zero point `zp`).
    virtual Status start(const uint8_t* xu, int32_t zp) = 0;
    /// The last run used the unsplit weights (int8_conv_impl.h, unsplitWeights): the epilogue skips the residual.
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
    /// once.
    virtual void computeBand(const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const = 0;
};

/// What the own AVX2 kernel's executor is made of (int8_conv_own.cpp); the pointers need to live only through
/// makeOwnAvx2Executor, except `stream`.
struct OwnAvx2Spec
{
    ConvShape shape {};
    bool nchw = false; ///< of the input
    const int8_t* weights = nullptr; ///< s8 [OC, IC, KH, KW], pair-safe (split)
    const std::vector<ResidualWeight>* residual = nullptr; ///< the split's and the zero-point outliers' residual
    const std::vector<int8_t>* unsplit = nullptr; ///< the original s8 weights, or empty: none
    int maxQuadGroup = 4;
    dnnl::stream* stream = nullptr; ///< for the NCHW reorder into the kernel's buffer
    /// Whether a run on this uint8 source with this zero point may use the unsplit weights.
    std::function<bool(const uint8_t*, int32_t)> unsplitFits;
};
std::unique_ptr<Int8ConvExecutor> makeOwnAvx2Executor(const OwnAvx2Spec& spec);

/// The planar pointwise path (int8_conv_planar.cpp): (w - zp) packed in int16 pairs of input channels, exact by itself
/// (no split, no residual, no window sums).
std::unique_ptr<Int8ConvExecutor> makePlanarExecutor(const ConvShape& shape, const Int8Weights& weights);

} // namespace qs::kernels::int8
