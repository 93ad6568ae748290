// SPDX-License-Identifier: MIT
// Executor kernels (as-written mode) over the INT8 building blocks: QuantizeLinear, DequantizeLinear,
// DynamicQuantizeLinear, ConvInteger, MatMulInteger. Each computes exactly what its ONNX node specifies.
#include "kernels/conv_geometry.h"
#include "kernels/int8/dynamic_constants.h"
#include "kernels/int8/dynamic_conv.h"
#include "kernels/int8/float_epilogue.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_matmul.h"
#include "kernels/int8/int8_matmul_factory.h"
#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/matmul_shape.h"
#include "kernels/int8/quantize_generic.h"
#include "kernels/int8/thread_blocks.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "quant/quant_isa.h"
#include "quant/quantize_linear.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

namespace qs::kernels {

namespace {

using int8::ConvShape;
using int8::convShapeOf;
using int8::Int8Conv;
using int8::Int8MatMul;
using int8::Int8Weights;
using int8::isInt8Type;
using int8::zeroPointAt;

// ---- QuantizeLinear / DequantizeLinear ----

class QuantizeLinearKernel final : public Kernel
{
public:
    explicit QuantizeLinearKernel(bool dequantize)
        : m_dequantize(dequantize)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& x = ctx.inputs[0];
        const TensorDesc& scale = ctx.inputs[1];
        m_count = x.elementCount();
        m_inType = x.type;
        m_outType = ctx.outputs[0].type;
        m_zpType = hasInput(ctx.inputs, 2) ? ctx.inputs[2].type : DataType::Undefined;
        if (scale.type != DataType::Float)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: scale of type {} (only float)", ctx.node.describe(), dataTypeName(scale.type)));
        const int64_t blockSize = ctx.node.opsetVersion >= 21 ? ctx.node.attrInt("block_size", 0) : 0;
        const DataType intType = m_dequantize ? m_inType : m_outType;
        if (blockSize != 0 || intType == DataType::UInt16 || intType == DataType::Int16)
            return prepareGeneric(ctx, blockSize);
        m_perAxis = scale.elementCount() > 1;
        if (m_perAxis) {
            QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", 1), x.rank()));
            m_shape = quant::axisShapeOf(x.dims, axis);
            if (m_shape.axisDim != scale.elementCount())
                return Status(StatusCode::InvalidModel,
                    fmt::format("node {}: {} scales for axis of size {}", ctx.node.describe(), scale.elementCount(),
                        m_shape.axisDim));
            m_zeroPoints.resize(size_t(m_shape.axisDim));
        }
        return Status::ok();
    }

    /// Blocked scales (opset 21) and 16-bit integers: the scalar path (quantize_generic.h).
    Status prepareGeneric(const KernelContext& ctx, int64_t blockSize)
    {
        const TensorDesc& x = ctx.inputs[0];
        const TensorDesc& scale = ctx.inputs[1];
        const std::string node = ctx.node.describe();
        m_generic = true;
        m_geometry = {};
        m_geometry.blockSize = blockSize;
        if (blockSize < 0)
            return Status(StatusCode::InvalidModel, fmt::format("node {}: block_size {} is negative", node, blockSize));
        m_geometry.perTensor = blockSize == 0 && scale.elementCount() == 1;
        if (!m_geometry.perTensor) {
            QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", 1), x.rank()));
            const quant::AxisShape s = quant::axisShapeOf(x.dims, axis);
            m_geometry.outer = s.outer;
            m_geometry.axisDim = s.axisDim;
            m_geometry.inner = s.inner;
            if (blockSize > 0) {
                // The scale has x's shape except along axis, where each value covers block_size elements.
                std::vector<int64_t> want = x.dims;
                want[size_t(axis)] = (x.dims[size_t(axis)] + blockSize - 1) / blockSize;
                if (scale.dims != want)
                    return Status(StatusCode::InvalidModel,
                        fmt::format("node {}: blocked scale has shape {}; block_size {} along axis {} of {} needs {}",
                            node, formatDims(scale.dims), blockSize, axis, formatDims(x.dims), formatDims(want)));
            } else if (scale.elementCount() != s.axisDim) {
                return Status(StatusCode::InvalidModel,
                    fmt::format("node {}: {} scales for axis of size {}", node, scale.elementCount(), s.axisDim));
            }
        } else {
            m_geometry.inner = x.elementCount();
        }
        if (hasInput(ctx.inputs, 2) && ctx.inputs[2].dims != scale.dims
            && ctx.inputs[2].elementCount() != scale.elementCount())
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: zero point shape {} differs from the scale's {}", node,
                    formatDims(ctx.inputs[2].dims), formatDims(scale.dims)));
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* scales = static_cast<const float*>(args.inputs[1]);
        const void* zp = args.inputs.size() > 2 ? args.inputs[2] : nullptr;
        if (m_generic) {
            if (m_dequantize)
                int8::dequantizeGeneric(
                    args.inputs[0], m_inType, scales, zp, m_zpType, m_geometry, static_cast<float*>(args.outputs[0]));
            else
                int8::quantizeGeneric(static_cast<const float*>(args.inputs[0]), scales, zp, m_zpType, m_outType,
                    m_geometry, args.outputs[0]);
            return Status::ok();
        }
        if (!m_perAxis) {
            const int32_t z = zeroPointAt(zp, m_zpType, 0);
            if (!m_dequantize) {
                const auto* x = static_cast<const float*>(args.inputs[0]);
                if (m_outType == DataType::Int8)
                    quant::quantizeLinear(x, size_t(m_count), scales[0], z, static_cast<int8_t*>(args.outputs[0]));
                else
                    quant::quantizeLinear(x, size_t(m_count), scales[0], z, static_cast<uint8_t*>(args.outputs[0]));
                return Status::ok();
            }
            auto* y = static_cast<float*>(args.outputs[0]);
            if (m_inType == DataType::UInt8)
                quant::dequantizeLinear(static_cast<const uint8_t*>(args.inputs[0]), size_t(m_count), scales[0], z, y);
            else if (m_inType == DataType::Int8)
                quant::dequantizeLinear(static_cast<const int8_t*>(args.inputs[0]), size_t(m_count), scales[0], z, y);
            else
                quant::dequantizeLinear(static_cast<const int32_t*>(args.inputs[0]), size_t(m_count), scales[0], z, y);
            return Status::ok();
        }
        // Per axis: one per-tensor call per contiguous slice (see quantize_linear.h).
        const int64_t inner = m_shape.inner;
        for (int64_t o = 0; o < m_shape.outer; ++o)
            for (int64_t c = 0; c < m_shape.axisDim; ++c) {
                const size_t off = size_t((o * m_shape.axisDim + c) * inner);
                const int32_t z = zeroPointAt(zp, m_zpType, c);
                if (!m_dequantize) {
                    const auto* x = static_cast<const float*>(args.inputs[0]) + off;
                    if (m_outType == DataType::Int8)
                        quant::quantizeLinear(
                            x, size_t(inner), scales[c], z, static_cast<int8_t*>(args.outputs[0]) + off);
                    else
                        quant::quantizeLinear(
                            x, size_t(inner), scales[c], z, static_cast<uint8_t*>(args.outputs[0]) + off);
                    continue;
                }
                auto* y = static_cast<float*>(args.outputs[0]) + off;
                if (m_inType == DataType::UInt8)
                    quant::dequantizeLinear(
                        static_cast<const uint8_t*>(args.inputs[0]) + off, size_t(inner), scales[c], z, y);
                else if (m_inType == DataType::Int8)
                    quant::dequantizeLinear(
                        static_cast<const int8_t*>(args.inputs[0]) + off, size_t(inner), scales[c], z, y);
                else
                    quant::dequantizeLinear(
                        static_cast<const int32_t*>(args.inputs[0]) + off, size_t(inner), scales[c], z, y);
            }
        return Status::ok();
    }

    std::string implementation() const override
    {
        if (m_generic)
            return m_geometry.blockSize > 0 ? "cpu:scalar blocked" : "cpu:scalar 16-bit";
        return fmt::format("cpu:{}", quant::quantIsaName(quant::bestQuantIsa()));
    }

private:
    bool m_generic = false;
    int8::QuantGeometry m_geometry;
    bool m_dequantize = false;
    int64_t m_count = 0;
    DataType m_inType = DataType::Float;
    DataType m_outType = DataType::UInt8;
    DataType m_zpType = DataType::Undefined;
    bool m_perAxis = false;
    quant::AxisShape m_shape;
    std::vector<int32_t> m_zeroPoints;
};

bool isQuantizedType(DataType t)
{
    return isInt8Type(t) || t == DataType::UInt16 || t == DataType::Int16;
}

Status inferQuantize(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    outputs[0].dims = inputs[0].dims;
    outputs[0].type = hasInput(inputs, 2) ? inputs[2].type : DataType::UInt8;
    // Opset 21: without a zero point, output_dtype names y's type.
    if (const int64_t dtype = node.opsetVersion >= 21 ? node.attrInt("output_dtype", 0) : 0;
        dtype != 0 && !hasInput(inputs, 2)) {
        const auto type = static_cast<DataType>(dtype);
        if (!isValidDataType(int32_t(dtype)) || !isQuantizedType(type))
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: output_dtype {} (ONNX type {}) is not supported (only uint8, int8, uint16, "
                            "int16; no int4/uint4/float8)",
                    node.describe(), isValidDataType(int32_t(dtype)) ? dataTypeName(type) : "?", dtype));
        outputs[0].type = type;
    }
    return Status::ok();
}

// The scale (input 1) is required by the schema and the kernel reads it. Loaded models that lack it are refused by
// Session::create (Model::schemaViolation); this guards models built in memory (the quantizer, tests).
Status requireScale(std::span<const TensorDesc> inputs)
{
    if (!hasInput(inputs, 1))
        return Status(StatusCode::Unsupported, "input 1 (the scale) is absent");
    return Status::ok();
}

Status acceptQuantize(const Node& node, std::span<const TensorDesc> inputs)
{
    QS_RETURN_IF_ERROR(acceptFloatInput0(node, inputs));
    QS_RETURN_IF_ERROR(requireScale(inputs));
    if (hasInput(inputs, 2) && !isQuantizedType(inputs[2].type))
        return Status(StatusCode::Unsupported,
            fmt::format("zero point is {} (only uint8, int8, uint16, int16)", dataTypeName(inputs[2].type)));
    return Status::ok();
}

Status inferDequantize(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    outputs[0].dims = inputs[0].dims;
    outputs[0].type = DataType::Float;
    return Status::ok();
}

Status acceptDequantize(const Node& node, std::span<const TensorDesc> inputs)
{
    // A node without inputs violates the schema but still loads (the loader then skips shape inference).
    if (inputs.empty())
        return Status(StatusCode::Unsupported, "input 0 is absent");
    QS_RETURN_IF_ERROR(requireScale(inputs));
    if (!isQuantizedType(inputs[0].type) && inputs[0].type != DataType::Int32)
        return Status(StatusCode::Unsupported,
            fmt::format("input 0 is {} (only uint8, int8, uint16, int16, int32)", dataTypeName(inputs[0].type)));
    return Status::ok();
}

// ---- DynamicQuantizeLinear ----

class DynamicQuantizeLinearKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_count = ctx.inputs[0].elementCount();
        // Elementwise with a global range: any layout works as long as x and y share it (Optimized mode may keep
        // both NHWC between fused dynamic convolutions).
        if (ctx.inputs[0].layout != ctx.outputs[0].layout)
            return Status(
                StatusCode::Internal, fmt::format("node {}: input and output layouts differ", ctx.node.describe()));
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<uint8_t*>(args.outputs[0]);
        quant::DynamicQuantParams p;
        if (args.inputs.size() > 1 && args.inputs[1]) {
            // Optimized mode: the producing step (a fused dynamic convolution, a LayerNormalization) computed x's min
            // and max while writing it (the dynamic-range pass), so only the quantize pass is left.
            const auto* range = static_cast<const float*>(args.inputs[1]);
            p = quant::dynamicQuantParams({ range[0], range[1] });
            // On the session's threads, each quantizing the block of x that the producing convolution's epilogue
            // thread of the same number wrote (thread_blocks.h).
            int8::forEachThreadBlock(m_count, int8::passThreads(m_count), 64, [&](int64_t begin, int64_t end) {
                quant::quantizeLinear(x + begin, size_t(end - begin), p.scale, p.zeroPoint, y + begin);
            });
        } else {
            p = quantizeWithRange(x, y);
        }
        int8::storeDynamicQuantParams(args, p);
        return Status::ok();
    }
    std::string implementation() const override
    {
        return fmt::format("cpu:{}", quant::quantIsaName(quant::bestQuantIsa()));
    }

private:
    /// Both passes where no producer computed x's range (a graph input: yolov5nu's 1 x 3 x 640 x 640 image took
    /// ~0.8 ms on one thread at --threads 2 under AVX512_CORE): on the session's threads, each thread the min/max and
    /// then the quantization of the same block, with one barrier between them. Min and max are exact, so the range,
    /// hence every output, is the same at any thread count.
    quant::DynamicQuantParams quantizeWithRange(const float* x, uint8_t* y) const
    {
        const int threads = int8::passThreads(m_count);
        if (threads <= 1)
            return quant::dynamicQuantizeLinear(x, size_t(m_count), y);
        std::vector<quant::MinMax> parts(static_cast<size_t>(threads));
        quant::DynamicQuantParams p;
#pragma omp parallel num_threads(threads)
        {
            const int64_t n = omp_get_num_threads(), t = omp_get_thread_num();
            // Blocks of whole cache lines of y, as forEachThreadBlock's.
            const auto boundary = [&](int64_t k) { return k == n ? m_count : (m_count * k / n) / 64 * 64; };
            const int64_t begin = boundary(t), end = boundary(t + 1);
            parts[size_t(t)] = quant::minMax(x + begin, size_t(std::max<int64_t>(end - begin, 0)));
#pragma omp barrier
#pragma omp single
            {
                // An empty block's {0, 0} changes nothing: the range always includes 0 (dynamicQuantParams).
                float lo = parts[0].min, hi = parts[0].max;
                for (int64_t k = 1; k < n; ++k)
                    quant::widenRange(parts[size_t(k)], lo, hi);
                p = quant::dynamicQuantParams({ lo, hi });
            } // implicit barrier: every thread sees p
            if (begin < end)
                quant::quantizeLinear(x + begin, size_t(end - begin), p.scale, p.zeroPoint, y + begin);
        }
        return p;
    }

    int64_t m_count = 0;
};

Status inferDynamicQuantize(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    outputs[0] = { DataType::UInt8, inputs[0].dims };
    if (outputs.size() > 1)
        outputs[1] = { DataType::Float, {} };
    if (outputs.size() > 2)
        outputs[2] = { DataType::UInt8, {} };
    return Status::ok();
}

// ---- ConvInteger ----

/// Int8Conv owns scratch (and may be created at run time), so concurrent runs of one step are serialised (the executor
/// runs a plan's steps in order; this only matters for two threads sharing one Session).
class ConvIntegerKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& x = ctx.inputs[0];
        const TensorDesc& w = ctx.inputs[1];
        QS_ASSIGN_OR_RETURN(m_shape, convShapeOf(ctx.node, x, w));
        m_xType = x.type;
        m_wType = w.type;
        m_xzpType = hasInput(ctx.inputs, 2) ? ctx.inputs[2].type : DataType::Undefined;
        m_wzpType = hasInput(ctx.inputs, 3) ? ctx.inputs[3].type : DataType::Undefined;
        m_wzpCount = hasInput(ctx.inputs, 3) ? ctx.inputs[3].elementCount() : 1;
        m_node = ctx.node.describe();
        m_options = ctx.int8;
        // Constant weights (every real model): prepared once. Weights fed at run time (the conformance cases)
        // are prepared on every run, which is correct but slow.
        m_constantWeights = w.constant && (!hasInput(ctx.inputs, 3) || ctx.inputs[3].constant);
        if (m_constantWeights)
            return createConv(
                w.constant->rawData(), hasInput(ctx.inputs, 3) ? ctx.inputs[3].constant->rawData() : nullptr);
        return Status::ok();
    }

    Status createConv(const void* weights, const void* zeroPoints) const
    {
        Int8Weights wd { m_wType, weights, {} };
        for (int64_t i = 0; i < m_wzpCount; ++i)
            wd.zeroPoints.push_back(zeroPointAt(zeroPoints, m_wzpType, i));
        auto conv = Int8Conv::create({ .shape = m_shape, .srcType = m_xType, .options = m_options }, wd);
        if (!conv.isOk())
            return conv.status().withContext(fmt::format("node {}", m_node));
        m_conv = std::move(conv).value();
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const void* xzp = args.inputs.size() > 2 ? args.inputs[2] : nullptr;
        std::lock_guard lock(m_mutex);
        if (!m_constantWeights)
            QS_RETURN_IF_ERROR(createConv(args.inputs[1], args.inputs.size() > 3 ? args.inputs[3] : nullptr));
        else
            m_conv->useScratch(args.scratch);
        return m_conv->runInt32(args.inputs[0], zeroPointAt(xzp, m_xzpType, 0), static_cast<int32_t*>(args.outputs[0]));
    }

    /// The convolution's per-run buffers; weights prepared at run time bring their own.
    size_t scratchBytes() const override { return m_constantWeights && m_conv ? m_conv->scratchBytes() : 0; }

    std::string implementation() const override
    {
        return m_conv ? "onednn:" + m_conv->implementation() : std::string("onednn");
    }
    int32_t activationReorders() const override { return m_conv ? m_conv->sourceReorders() : 0; }

private:
    ConvShape m_shape;
    DataType m_xType = DataType::UInt8;
    DataType m_wType = DataType::UInt8;
    DataType m_xzpType = DataType::Undefined;
    DataType m_wzpType = DataType::Undefined;
    int64_t m_wzpCount = 1;
    bool m_constantWeights = true;
    std::string m_node;
    Int8KernelOptions m_options; ///< the session's, for weights prepared at run time too
    mutable std::unique_ptr<Int8Conv> m_conv;
    mutable std::mutex m_mutex;
};

Status inferConvInteger(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_ASSIGN_OR_RETURN(ConvGeometry g, convGeometry(node, inputs[0].dims, inputs[1].dims));
    outputs[0].type = DataType::Int32;
    outputs[0].dims = { g.batch, g.outChannels };
    outputs[0].dims.insert(outputs[0].dims.end(), g.outSpatial.begin(), g.outSpatial.end());
    return Status::ok();
}

Status acceptInt8Operands(const Node& node, std::span<const TensorDesc> inputs)
{
    if (inputs.empty() || !isInt8Type(inputs[0].type) || !hasInput(inputs, 1) || !isInt8Type(inputs[1].type))
        return Status(StatusCode::Unsupported, "operands must be uint8 or int8");
    return Status::ok();
}

// ---- Fused dynamic convolution (Optimized mode) ----

/// DynamicQuantizeLinear's outputs -> ConvInteger -> Cast -> Mul(x_scale * w_scale) [-> Add(bias)] as one
/// Int8Conv::runFloat: the int32 accumulator never reaches memory, and the rescale and bias happen in the epilogue
/// that writes the float output. Slots: see dynamic_conv.h.
class DynamicConvKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        using namespace dynamic_conv;
        const TensorDesc& x = ctx.inputs[kX];
        const TensorDesc& w = ctx.inputs[kW];
        const bool hasWzp = hasInput(ctx.inputs, kWZeroPoint);
        if (!w.constant || (hasWzp && !ctx.inputs[kWZeroPoint].constant) || !ctx.inputs[kWScale].constant
            || (hasInput(ctx.inputs, kBias) && !ctx.inputs[kBias].constant))
            return Status(StatusCode::Internal,
                fmt::format(
                    "node {}: fused dynamic convolution needs constant weights, scales and bias", ctx.node.describe()));
        QS_ASSIGN_OR_RETURN(ConvShape shape, convShapeOf(ctx.node, x, w));
        m_xzpType = hasInput(ctx.inputs, kXZeroPoint) ? ctx.inputs[kXZeroPoint].type : DataType::Undefined;
        const Int8Weights wd = int8::readDynamicConstants(ctx, m_wScales, m_bias);
        // Post-ops: at most one SiLU, then at most one residual Sum (rewrite 13: the float output's Add with another
        // activation of the same shape and layout, NHWC).
        for (const PostOp& op : ctx.postOps) {
            const bool silu = op.kind == PostOp::Kind::Swish && m_activation == int8::FloatActivation::None;
            const bool sum = op.kind == PostOp::Kind::Sum && m_residualSlot < 0 && op.extraInput >= 0
                && size_t(op.extraInput) < ctx.inputs.size()
                && ctx.inputs[size_t(op.extraInput)].type == DataType::Float
                && ctx.inputs[size_t(op.extraInput)].dims == ctx.outputs[0].dims
                && ctx.inputs[size_t(op.extraInput)].layout == Layout::Nhwc && ctx.outputs[0].layout == Layout::Nhwc;
            if ((!silu && !sum) || (silu && m_residualSlot >= 0))
                return Status(StatusCode::Internal,
                    fmt::format("node {}: fused dynamic convolution takes one SiLU, then one NHWC residual Add",
                        ctx.node.describe()));
            if (silu)
                m_activation = int8::FloatActivation::Silu;
            else
                m_residualSlot = op.extraInput;
        }
        const auto layoutOf = [](const TensorDesc& d) {
            return d.layout == Layout::Nhwc ? int8::ActivationLayout::Nhwc : int8::ActivationLayout::Nchw;
        };
        m_layouts = fmt::format("{}>{}", x.layout == Layout::Nhwc ? "nhwc" : "nchw",
            ctx.outputs[0].layout == Layout::Nhwc ? "nhwc" : "nchw");
        auto conv = Int8Conv::create({ .shape = shape,
                                         .srcType = x.type,
                                         .inputLayout = layoutOf(x),
                                         .outputLayout = layoutOf(ctx.outputs[0]),
                                         .options = ctx.int8 },
            wd);
        if (!conv.isOk())
            return conv.status().withContext(fmt::format("node {}", ctx.node.describe()));
        m_conv = std::move(conv).value();
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        using namespace dynamic_conv;
        const float xScale = *static_cast<const float*>(args.inputs[kXScale]);
        const int32_t xzp = zeroPointAt(args.inputs[kXZeroPoint], m_xzpType, 0);
        float* y = static_cast<float*>(args.outputs[0]);
        std::lock_guard lock(m_mutex);
        m_conv->useScratch(args.scratch);
        // An extra output (the dynamic-range pass, exec/passes/dynamic_range.cpp) receives y's min and max for the
        // DynamicQuantizeLinear.
        float* range = args.outputs.size() > 1 ? static_cast<float*>(args.outputs[1]) : nullptr;
        const auto* residual
            = m_residualSlot >= 0 ? static_cast<const float*>(args.inputs[size_t(m_residualSlot)]) : nullptr;
        return m_conv->runFloat(args.inputs[kX], xzp,
            { .xScale = xScale,
                .wScales = m_wScales.data(),
                .perChannelScales = m_wScales.size() > 1,
                .bias = m_bias.empty() ? nullptr : m_bias.data(),
                .activation = m_activation,
                .range = range,
                .residual = residual },
            y);
    }

    size_t scratchBytes() const override { return m_conv ? m_conv->scratchBytes() : 0; }

    std::string implementation() const override { return "onednn:" + m_conv->implementation() + " " + m_layouts; }
    int32_t activationReorders() const override { return m_conv ? m_conv->sourceReorders() : 0; }

    bool setOutputChannelStride(int64_t stride) override
    {
        return m_conv && m_conv->setFloatOutputChannelStride(stride);
    }

private:
    DataType m_xzpType = DataType::Undefined;
    int8::FloatActivation m_activation = int8::FloatActivation::None;
    int32_t m_residualSlot = -1;
    std::string m_layouts;
    std::vector<float> m_wScales;
    std::vector<float> m_bias;
    mutable std::unique_ptr<Int8Conv> m_conv;
    mutable std::mutex m_mutex;
};

Status inferDynamicConv(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_RETURN_IF_ERROR(inferConvInteger(node, inputs, outputs));
    outputs[0].type = DataType::Float;
    return Status::ok();
}

// ---- MatMulInteger ----

class MatMulIntegerKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& a = ctx.inputs[0];
        const TensorDesc& b = ctx.inputs[1];
        if (a.rank() < 2 || b.rank() < 2 || b.rank() > 3
            || (b.rank() == 3 && (a.rank() != 3 || a.dims[0] != b.dims[0])))
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: shapes {} x {} (A of rank >= 2 with a 2-D B, or equal 3-D batches)",
                    ctx.node.describe(), formatDims(a.dims), formatDims(b.dims)));
        const int64_t k = b.dims[size_t(b.rank() - 2)], n = b.dims[size_t(b.rank() - 1)];
        const int64_t batch = b.rank() == 3 ? b.dims[0] : 1;
        m_m = b.rank() == 3 ? a.dims[1] : a.elementCount() / k;
        if (hasInput(ctx.inputs, 2) && ctx.inputs[2].elementCount() != 1)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: per-row zero point of A (only per tensor)", ctx.node.describe()));
        m_k = k;
        m_n = n;
        m_batch = batch;
        m_aType = a.type;
        m_bType = b.type;
        m_azpType = hasInput(ctx.inputs, 2) ? ctx.inputs[2].type : DataType::Undefined;
        m_bzpType = hasInput(ctx.inputs, 3) ? ctx.inputs[3].type : DataType::Undefined;
        m_bzpCount = hasInput(ctx.inputs, 3) ? ctx.inputs[3].elementCount() : 1;
        m_node = ctx.node.describe();
        m_constantB = b.constant && (!hasInput(ctx.inputs, 3) || ctx.inputs[3].constant);
        if (m_constantB)
            return createMatMul(
                b.constant->rawData(), hasInput(ctx.inputs, 3) ? ctx.inputs[3].constant->rawData() : nullptr);
        return Status::ok();
    }

    Status createMatMul(const void* b, const void* zeroPoints) const
    {
        QS_ASSIGN_OR_RETURN(m_matmul,
            int8::createInt8MatMul(m_k, m_n, m_batch, m_aType, m_bType, b, zeroPoints, m_bzpType, m_bzpCount, m_node));
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const void* azp = args.inputs.size() > 2 ? args.inputs[2] : nullptr;
        std::lock_guard lock(m_mutex);
        if (!m_constantB)
            QS_RETURN_IF_ERROR(createMatMul(args.inputs[1], args.inputs.size() > 3 ? args.inputs[3] : nullptr));
        else
            m_matmul->useScratch(args.scratch);
        return m_matmul->runInt32(
            args.inputs[0], m_m, zeroPointAt(azp, m_azpType, 0), static_cast<int32_t*>(args.outputs[0]));
    }

    /// The matmul's per-run buffers; weights prepared at run time bring their own.
    size_t scratchBytes() const override { return m_constantB && m_matmul ? m_matmul->scratchBytes(m_m) : 0; }

    std::string implementation() const override
    {
        return m_matmul ? "onednn:" + m_matmul->implementation() : std::string("onednn");
    }

private:
    int64_t m_m = 0, m_k = 0, m_n = 0, m_batch = 1;
    DataType m_aType = DataType::UInt8;
    DataType m_bType = DataType::UInt8;
    DataType m_azpType = DataType::Undefined;
    DataType m_bzpType = DataType::Undefined;
    int64_t m_bzpCount = 1;
    bool m_constantB = true;
    std::string m_node;
    mutable std::unique_ptr<Int8MatMul> m_matmul;
    mutable std::mutex m_mutex;
};

Status inferMatMulInteger(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_RETURN_IF_ERROR(int8::inferIntegerMatMulDims(node, inputs[0], inputs[1], "MatMulInteger operand", outputs[0]));
    outputs[0].type = DataType::Int32;
    return Status::ok();
}

} // namespace

const KernelSpec& dynamicConvSpec()
{
    static const KernelSpec spec { "", "ConvInteger", 10, 0, inferDynamicConv,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<DynamicConvKernel>(); }, acceptInt8Operands, kNoCaps,
        "onednn", "fused DynamicQuantizeLinear outputs -> ConvInteger -> Cast -> Mul -> Add (Optimized)" };
    return spec;
}

void registerInt8Kernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "QuantizeLinear", 10, 0, inferQuantize,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QuantizeLinearKernel>(false); }, acceptQuantize,
        kNoCaps, "cpu",
        "float -> uint8/int8 (vector), uint16/int16; per tensor, per axis, blocked (21, scalar); no int4/float8" });
    r.add(KernelSpec { "", "DequantizeLinear", 10, 0, inferDequantize,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QuantizeLinearKernel>(true); }, acceptDequantize,
        kNoCaps, "cpu",
        "uint8/int8/int32 (vector), uint16/int16 -> float; per tensor, per axis, blocked (21, scalar); float scale" });
    r.add(KernelSpec { "", "DynamicQuantizeLinear", 11, 0, inferDynamicQuantize,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<DynamicQuantizeLinearKernel>(); }, acceptFloatInput0,
        kNoCaps, "cpu", "float -> uint8" });
    r.add(KernelSpec { "", "ConvInteger", 10, 0, inferConvInteger,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<ConvIntegerKernel>(); }, acceptInt8Operands, kNoCaps,
        "onednn", "uint8/int8; 1-D, 2-D; exact on AVX2 (saturation residual); weights best constant" });
    r.add(KernelSpec { "", "MatMulInteger", 10, 0, inferMatMulInteger,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<MatMulIntegerKernel>(); }, acceptInt8Operands,
        kNoCaps, "onednn", "uint8/int8; B 2-D or equal 3-D batch; exact on AVX2; B best constant" });
}

} // namespace qs::kernels
