// SPDX-License-Identifier: MIT
// Exact integer convolution on oneDNN: ONNX ConvInteger (int32 out) and the fused "dynamic conv"
// y = float(ConvInteger(x, w)) * (xScale * wScale[oc]) + bias[oc] that replaces
// DynamicQuantizeLinear -> ConvInteger -> Cast -> Mul -> Add.
//
// How exactness is kept, whatever the operand types and zero points:
//  - activations: int8 inputs are shifted to uint8 (x + 128, zero point + 128; x - zp is unchanged) so oneDNN
//    always sees u8 sources; the activation zero point is oneDNN's runtime source zero point, which treats the
//    padding as holding the zero point (contributes 0), as ONNX does — the tests check it at the borders.
//  - weights: oneDNN gets s8 weights w - c[oc]. Where w - zp_w fits s8 (the usual case: weights cluster around
//    their zero point), c = zp_w and nothing else is needed; outliers that leave the s8 window are clamped and
//    their excess becomes a sparse residual weight (below). When a channel has too many outliers for that, an
//    in-range c is used instead and k[oc] = c - zp_w multiplies the window sum of (x - zp_x), computed separately
//    (a channel sum per group, then a box sum over the kernel window) and added in int32. The choice is made per
//    layer from the operation counts of both ways (planWeightZeroPoints).
//  - int16 pair saturation on ISAs without VNNI: see int8_saturation.h (sparse residual, added in int32).
// The oneDNN part runs on NHWC (its int8 layout); the epilogue adds the corrections in int32 in that buffer and
// writes the requested layout (a tiled transposition for NCHW).
#pragma once

#include "kernels/int8/conv_shape.h"
#include "kernels/int8/int8_saturation.h"
#include "kernels/int8/requantize.h"

#include <quantscope/engine/data_type.h>
#include <quantscope/engine/int8_kernel_options.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs::kernels::int8 {

struct Int8Weights
{
    DataType type = DataType::UInt8; ///< UInt8 or Int8
    const void* data = nullptr; ///< conv: [OC, IC/group, KH, KW]; matmul: [batch, K, N]; copied by create()
    std::vector<int32_t> zeroPoints { 0 }; ///< one (per tensor) or one per output channel / column
};

/// How the weight zero points were folded in (for the diagnosis and the tests).
struct ZeroPointPlan
{
    int64_t misfitChannels = 0; ///< output channels whose w - zp does not fit s8 everywhere
    int64_t compensatedChannels = 0; ///< of those, handled by the window-sum compensation
    int64_t outlierResiduals = 0; ///< weights whose out-of-s8 excess became residual weights
};

/// Memory order of the activations (input and output alike). ONNX tensors are NCHW; NHWC is oneDNN's int8 layout,
/// so an executor that keeps int8 activations in NHWC between layers saves a reorder and a transposition per layer.
enum class ActivationLayout
{
    Nchw,
    Nhwc,
};

/// What runFloat applies after the rescale and bias, in the same pass.
enum class FloatActivation
{
    None,
    Silu, ///< y * sigmoid(y)
};

/// runFloat's output: y = activation(float(acc) * (xScale * wScales[oc or 0]) + bias[oc]) [+ residual].
struct FloatRescale
{
    float xScale = 1.0f;
    const float* wScales = nullptr; ///< one, or one per output channel (perChannelScales)
    bool perChannelScales = false;
    const float* bias = nullptr; ///< per output channel; nullptr: none
    /// The fused dynamic convolution's SiLU epilogue, in the same pass.
    FloatActivation activation = FloatActivation::None;
    /// Receives the min and max of y in range[0], range[1] (for the DynamicQuantizeLinear that reads y).
    float* range = nullptr;
    /// Same shape as y, NHWC output layout only, may be y itself: y = activation(...) + residual, a following
    /// residual Add in the same pass; the range is then that of the sums.
    const float* residual = nullptr;
};

/// What an Int8Conv is created for, besides its weights.
struct Int8ConvSpec
{
    ConvShape shape {};
    DataType srcType = DataType::UInt8; ///< of the activations: UInt8 or Int8
    /// The input and the output may differ (an executor keeping int8-side activations NHWC while a float reader needs
    /// NCHW, or the reverse).
    ActivationLayout inputLayout = ActivationLayout::Nchw;
    ActivationLayout outputLayout = ActivationLayout::Nchw;
    /// An activation zero point known when the model is prepared (a constant of the graph): a uint8 source with zero
    /// point 0 then needs no oneDNN source zero point, which lets oneDNN use its faster brgemm kernels on AVX-512
    /// VNNI. run*() must then be given that zero point (Internal error otherwise).
    std::optional<int32_t> constantSrcZeroPoint = std::nullopt;
    /// The session's int8 switches (int8_kernel_options.h): which kernel may run, unsplit weights, quad groups.
    Int8KernelOptions options {};
};

/// Prepared once per layer (weights are constant); run() many times. Not for concurrent run() calls on one object
/// (it keeps per-thread tiles and the scratch pointer); create one per thread instead.
class Int8Conv
{
public:
    static Result<std::unique_ptr<Int8Conv>> create(const Int8ConvSpec& spec, const Int8Weights& weights);
    ~Int8Conv();

    const ConvShape& shape() const noexcept;
    const SaturationReport& saturation() const noexcept;
    /// Whether the last run gave oneDNN the weights without the pair split, because no value of its source could
    /// make a pair of them leave int16 (the residual then has nothing to correct and is skipped).
    bool lastRunUnsplit() const noexcept;
    const ZeroPointPlan& zeroPointPlan() const noexcept;
    /// oneDNN's implementation name ("jit_uni_int8:avx2", "brgconv:avx512_core_vnni", ...), or the engine's kernel's
    /// ("qs:avx2_int8", "qs:avx512_int8", "qs:avx2_int8_planar", ...): the path int8_conv_plan.h chose.
    std::string implementation() const;
    /// Why that path was chosen (one line; see kernels/int8/README.md, "When each path runs").
    std::string_view pathReason() const noexcept;
    /// 1 when a run copies an NCHW source into NHWC first (every path but planar, which reads NCHW planes), else 0;
    /// an NCHW output is transposed in the epilogue's stores, not by a pass of its own (Kernel::activationReorders).
    int32_t sourceReorders() const noexcept;
    /// runFloat only, NCHW output of batch 1: channel o starts at y + o * stride (stride >= H * W) instead of
    /// y + o * H * W. False (and unchanged) otherwise.
    bool setFloatOutputChannelStride(int64_t stride);

    /// Bytes of the per-run buffers (the oneDNN path's int32 accumulators, source copies, residual planes, window
    /// sums): activation-sized data that need not outlive a run, so a kernel reports them as its scratch and the
    /// session's arena shares that memory between steps (issue 19's memory bound).
    size_t scratchBytes() const noexcept;
    /// The next runs' scratch: scratchBytes() bytes, kTensorAlignment-aligned, contents not preserved between runs
    /// (KernelArgs::scratch). Null (the default): the object allocates its own at the first run, for callers without
    /// a memory plan (tests, benches, weights prepared at run time).
    void useScratch(void* scratch) noexcept;

    /// ONNX ConvInteger. `x` is of the srcType given to create(), `y` int32, both in the layout given to create().
    Status runInt32(const void* x, int32_t xZeroPoint, int32_t* y);
    /// y (float, the layout given to create()) as `rescale` says.
    Status runFloat(const void* x, int32_t xZeroPoint, const FloatRescale& rescale, float* y);
    /// QLinearConv: y (uint8 or int8 per rq.outType, the layout given to create()) = requantized accumulators.
    Status runRequantized(const void* x, int32_t xZeroPoint, const Requantization& rq, void* y);
    /// Receives requantized output values instead of y: q[0..n) are the values of y's elements [offset, offset + n)
    /// (one byte each, uint8 or int8 per rq.outType); the sink writes y itself. A fused elementwise consumer (the
    /// static int8 residual add) thus works on a tile that is still in L1 instead of a second pass over y.
    using RequantizedSink = std::function<void(const uint8_t* q, int64_t offset, int64_t n)>;
    /// runRequantized with the output going through `sink`: tile by tile from the requantizing epilogue, or, where
    /// oneDNN writes the requantized bytes itself (the direct path), over that whole buffer in one block per thread.
    Status runRequantized(
        const void* x, int32_t xZeroPoint, const Requantization& rq, void* y, const RequantizedSink& sink);

private:
    struct Impl;
    explicit Int8Conv(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace qs::kernels::int8
