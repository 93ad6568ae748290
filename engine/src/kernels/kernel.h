// SPDX-License-Identifier: MIT
// The kernel interface: prepare once (with static shapes, constant inputs and fused post-ops), run many times (with
// data pointers only). See README.md in this folder for how to add a kernel.
#pragma once

#include <quantscope/engine/graph.h>
#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/int8_kernel_options.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace qs::kernels {

/// How a tensor is laid out in memory. Plain is dense row-major as ONNX defines it; Blocked is oneDNN's nChw{B}c
/// (channels padded to a multiple of B = blockedChannels() and interleaved), used only between oneDNN convolutions
/// in Optimized mode so that consecutive convolutions skip the reorders to and from plain.
enum class Layout
{
    Plain,
    Blocked,
    /// Channels last (NHWC) for rank-4 tensors, same size as Plain. Optimized mode uses it between fused dynamic
    /// int8 convolutions and the DynamicQuantizeLinear steps that connect them, and between FP32 convolutions that
    /// run faster channels-last (prefersChannelsLast in conv_geometry.h) (graph_rewrites.cpp).
    Nhwc,
};

/// The channel block B of Layout::Blocked on this CPU: 16 with AVX-512, else 8 (oneDNN's native fp32 blocking).
int64_t blockedChannels() noexcept;

/// Static description of one tensor at preparation time. Shapes are always concrete (free dims bound by the caller).
struct TensorDesc
{
    DataType type = DataType::Undefined;
    std::vector<int64_t> dims;
    /// The data when it is known at preparation (an initializer, a Constant, a folded shape computation); else null.
    const HostTensor* constant = nullptr;
    Layout layout = Layout::Plain;

    int64_t elementCount() const noexcept { return shapeElementCount(dims); }
    int64_t rank() const noexcept { return static_cast<int64_t>(dims.size()); }
    bool isConstant() const noexcept { return constant != nullptr; }
    /// Bytes the tensor occupies in its layout (Blocked pads channels).
    size_t byteSize() const noexcept;
};

/// An activation fused into the producing kernel (Optimized mode). Kernels that declare KernelCaps::PostOps accept
/// a chain of these and apply them in order to their output.
struct PostOp
{
    enum class Kind
    {
        Relu,
        LeakyRelu, ///< alpha = a
        Clip, ///< min = a, max = b
        Sigmoid,
        Swish, ///< x * sigmoid(x)  (Sigmoid·Mul)
        HardSwish, ///< x * max(0, min(1, a*x + b))  (HardSigmoid·Mul; a = alpha, b = beta)
        Sum, ///< += the extra input `extraInput` of the step (residual Add), before the following post-ops
    };
    Kind kind = Kind::Relu;
    float a = 0.0f;
    float b = 0.0f;
    int32_t extraInput = -1; ///< for Sum: index into the step's inputs
};

/// Everything a kernel may look at once, at preparation.
struct KernelContext
{
    const Node& node; ///< the authored node (for a fused step: its anchor, e.g. the Conv)
    std::span<const TensorDesc> inputs; ///< one per node input slot; type Undefined for omitted optional inputs
    std::span<const TensorDesc> outputs; ///< one per node output slot, shapes already inferred
    std::span<const PostOp> postOps; ///< empty unless the registry entry declares KernelCaps::PostOps
    int threads = 1;
    bool optimized = false; ///< the session runs in Optimized mode (If prepares its branches alike)
    Int8KernelOptions int8 {}; ///< the session's int8 switches (SessionOptions::int8), for the int8 kernels and bodies
};

/// What a kernel gets at run time: data pointers in the same slot order as at preparation (null for omitted
/// optional inputs/outputs). Shapes are those of preparation. Inputs must not be written.
struct KernelArgs
{
    std::span<const void* const> inputs;
    std::span<void* const> outputs;
    void* scratch = nullptr; ///< scratchBytes() bytes, kTensorAlignment-aligned, not preserved between runs
};

/// `bytes` rounded up to kTensorAlignment: a kernel whose scratch holds several parts sizes each with this, so that
/// every part starts aligned.
inline size_t scratchPart(size_t bytes) noexcept
{
    return (bytes + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment;
}

class Kernel
{
public:
    virtual ~Kernel() = default;
    /// Validates attributes/types once, precomputes everything that does not depend on input data (oneDNN
    /// primitives, reordered weights, index tables). Errors name the node: ctx.node.describe().
    virtual Status prepare(const KernelContext& ctx) = 0;
    /// Computes the outputs. Must not allocate in the hot path where avoidable; may use OpenMP pragmas.
    virtual Status run(const KernelArgs& args) const = 0;
    virtual size_t scratchBytes() const { return 0; }
    /// Shown by the profiler: "cpu", "onednn:jit:avx2", ...
    virtual std::string implementation() const { return "cpu"; }
    /// Passes per run that copy an activation into another layout before or after the computation (a source reordered
    /// for oneDNN's primitive, its destination reordered back, an NCHW source copied to NHWC): the layout churn a plan
    /// should avoid, counted in the profile. A layout change fused into a kernel's own loads or stores is not one.
    virtual int32_t activationReorders() const { return 0; }
    /// Optimized mode's memory planner, after prepare(): write output 0 (NCHW, batch 1) with `stride` elements
    /// between the starts of consecutive channels instead of H * W, each channel's H * W values still contiguous (its
    /// channels are rows of a larger tensor, e.g. a concatenation along the flattened pixels). False when the kernel
    /// cannot; then nothing changed.
    virtual bool setOutputChannelStride(int64_t stride)
    {
        (void)stride;
        return false;
    }
};

/// Infers output types and shapes from the node and its input descriptions (inputs that are constant carry data,
/// which Reshape/Slice/Resize/Expand... need). `outputs` arrives sized to node.outputs.size(). Fails with
/// InvalidModel for inconsistent shapes and Unsupported for data-dependent shapes.
using ShapeFunction
    = Status (*)(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs);

/// Optional gate: can this implementation run this node with these input types? Return Unsupported with a short
/// reason ("input 0 is int8") when not; another registration for the same op may accept it.
using AcceptFunction = Status (*)(const Node& node, std::span<const TensorDesc> inputs);

using KernelFactory = std::unique_ptr<Kernel> (*)();

enum KernelCaps : uint32_t
{
    kNoCaps = 0,
    kCapPostOps = 1u << 0, ///< accepts fused PostOps (Relu/Clip/LeakyRelu/Sigmoid/Swish/HardSwish/Sum)
    kCapBlockedLayout = 1u << 1, ///< can read/write Layout::Blocked for its first input/output
};

/// One registration: an implementation of (domain, opType) for opsets [sinceVersion, untilVersion].
struct KernelSpec
{
    std::string_view domain; ///< "" for ai.onnx, "com.microsoft"
    std::string_view opType;
    int64_t sinceVersion = 1;
    int64_t untilVersion = 0; ///< inclusive; 0 = open-ended
    ShapeFunction inferShapes = nullptr;
    KernelFactory create = nullptr;
    AcceptFunction accepts = nullptr; ///< null: accepts every input type the shape function accepts
    uint32_t caps = kNoCaps;
    std::string_view implementation = "cpu"; ///< family shown by `quantscope-cli ops`
    std::string_view notes; ///< types/limits shown by `quantscope-cli ops` ("float; nearest+linear")
};

} // namespace qs::kernels
