// SPDX-License-Identifier: MIT
// QLinearConv, QLinearMatMul, QGemm and the fused QDQ steps over Int8Conv / Int8MatMul with the requantizing
// epilogue (requantize.h). Scales and zero points are read at run time (they may be graph inputs, as in ONNX's
// conformance cases); weights are prepared once when constant, else on every run.
#include "kernels/conv_geometry.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_matmul.h"
#include "kernels/int8/int8_matmul_factory.h"
#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/matmul_shape.h"
#include "kernels/int8/qdq_add_simd.h"
#include "kernels/int8/qlinear.h"
#include "kernels/int8/requantize.h"
#include "kernels/int8/target_clones.h"
#include "kernels/int8/thread_blocks.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "quant/quant_isa.h"
#include "quant/quantize_scalar.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>
#include <vector>

namespace qs::kernels {

namespace {

using int8::ConvShape;
using int8::convShapeOf;
using int8::Int8Conv;
using int8::Int8MatMul;
using int8::Int8Weights;
using int8::isInt8Type;
using int8::Requantization;
using int8::zeroPointAt;

const void* inputAt(const KernelArgs& args, size_t slot)
{
    return slot < args.inputs.size() ? args.inputs[slot] : nullptr;
}

float scalarAt(const void* p, int64_t i = 0)
{
    return static_cast<const float*>(p)[i];
}

DataType typeOr(std::span<const TensorDesc> inputs, size_t slot, DataType fallback)
{
    return hasInput(inputs, slot) ? inputs[slot].type : fallback;
}

Status requireCount(const Node& node, const TensorDesc& t, std::initializer_list<int64_t> allowed, const char* what)
{
    for (int64_t n : allowed)
        if (t.elementCount() == n)
            return Status::ok();
    return Status(StatusCode::Unsupported,
        fmt::format("node {}: {} has {} elements (only per tensor or per output channel)", node.describe(), what,
            t.elementCount()));
}

Status clampOf(const KernelContext& ctx, std::span<const PostOp> ops, float& min, float& max);

/// Fused Relu/Clip post-ops as bounds of the float value before quantization.
Status clampOf(const KernelContext& ctx, float& min, float& max)
{
    return clampOf(ctx, ctx.postOps, min, max);
}

Status clampOf(const KernelContext& ctx, std::span<const PostOp> ops, float& min, float& max)
{
    min = -std::numeric_limits<float>::infinity();
    max = std::numeric_limits<float>::infinity();
    for (const PostOp& op : ops) {
        if (op.kind == PostOp::Kind::Relu) {
            min = std::max(min, 0.0f);
        } else if (op.kind == PostOp::Kind::Clip) {
            min = std::max(min, op.a);
            max = std::min(max, op.b);
        } else {
            return Status(StatusCode::Internal,
                fmt::format("node {}: a requantizing int8 step fuses only Relu and Clip", ctx.node.describe()));
        }
    }
    return Status::ok();
}

/// The add of two per-tensor-quantized operands, requantized: the authored DequantizeLinear, Add, [Relu,]
/// QuantizeLinear element operations in the same float order (quant/quantize_scalar.h), so it is bit-identical to
/// the nodes it replaces, without their three float tensors.
template <typename A, typename B, typename Y>
QS_CLONES void qdqAdd(const A* a, const B* b, Y* y, int64_t n, int32_t za, float sa, int32_t zb, float sb, float sy,
    float zy, float lo, float hi, float reluFloor)
{
    for (int64_t i = 0; i < n; ++i) {
        const float v = quant::detail::dequantizeOne(a[i], za, sa) + quant::detail::dequantizeOne(b[i], zb, sb);
        y[i] = Y(quant::detail::quantizeOne(std::max(v, reluFloor), sy, zy, lo, hi));
    }
}

/// y = Q(max(DQ(a) + DQ(b), p.floor)) over n elements on the best path (the AVX-512 one or the cloned loop); used by
/// the fused add and by the convolution + add, whose `a` is the convolution's requantized tile.
void runQdqAdd(const void* a, DataType aType, const void* b, DataType bType, void* y, DataType yType, int64_t n,
    const int8::QdqAddParams& p)
{
    if (int8::qdqAddSimd(quant::bestQuantIsa(), a, aType == DataType::Int8, b, bType == DataType::Int8, y,
            yType == DataType::Int8, n, p))
        return;
    const auto call = [&](auto* ta, auto* tb) {
        if (yType == DataType::Int8)
            qdqAdd(ta, tb, static_cast<int8_t*>(y), n, p.aZeroPoint, p.aScale, p.bZeroPoint, p.bScale, p.yScale,
                p.yZeroPoint, p.lo, p.hi, p.floor);
        else
            qdqAdd(ta, tb, static_cast<uint8_t*>(y), n, p.aZeroPoint, p.aScale, p.bZeroPoint, p.bScale, p.yScale,
                p.yZeroPoint, p.lo, p.hi, p.floor);
    };
    if (aType == DataType::UInt8 && bType == DataType::UInt8)
        call(static_cast<const uint8_t*>(a), static_cast<const uint8_t*>(b));
    else if (aType == DataType::UInt8)
        call(static_cast<const uint8_t*>(a), static_cast<const int8_t*>(b));
    else if (bType == DataType::UInt8)
        call(static_cast<const int8_t*>(a), static_cast<const uint8_t*>(b));
    else
        call(static_cast<const int8_t*>(a), static_cast<const int8_t*>(b));
}

// ---- QLinearConv and the fused QDQ convolution ----

class QLinearConvKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        using namespace qlinear_conv;
        const TensorDesc& x = ctx.inputs[kX];
        const TensorDesc& w = ctx.inputs[kW];
        if (!isInt8Type(x.type) || !isInt8Type(w.type))
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: operands {} x {} (only uint8, int8)", ctx.node.describe(), dataTypeName(x.type),
                    dataTypeName(w.type)));
        QS_ASSIGN_OR_RETURN(m_shape, convShapeOf(ctx.node, x, w));
        const int64_t oc = m_shape.outChannels;
        m_node = ctx.node.describe();
        m_options = ctx.int8;
        m_xType = x.type;
        m_wType = w.type;
        // The convolution + add: post-ops before the Sum are the convolution's, after it the add's.
        const auto sum = std::find_if(
            ctx.postOps.begin(), ctx.postOps.end(), [](const PostOp& op) { return op.kind == PostOp::Kind::Sum; });
        m_add = sum != ctx.postOps.end();
        const std::span<const PostOp> convOps(ctx.postOps.begin(), sum);
        m_outType = m_add ? typeOr(ctx.inputs, kYZeroPoint, DataType::UInt8) : ctx.outputs[0].type;
        if (!isInt8Type(m_outType))
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: output type {} (only uint8, int8)", m_node, dataTypeName(m_outType)));
        if (m_add)
            QS_RETURN_IF_ERROR(prepareAdd(ctx, std::span<const PostOp>(sum + 1, ctx.postOps.end())));
        m_xzpType = typeOr(ctx.inputs, kXZeroPoint, DataType::Undefined);
        m_wzpType = typeOr(ctx.inputs, kWZeroPoint, DataType::Undefined);
        m_yzpType = typeOr(ctx.inputs, kYZeroPoint, DataType::Undefined);
        m_wzpCount = hasInput(ctx.inputs, kWZeroPoint) ? ctx.inputs[kWZeroPoint].elementCount() : 1;
        m_wScaleCount = ctx.inputs[kWScale].elementCount();
        QS_RETURN_IF_ERROR(requireCount(ctx.node, ctx.inputs[kWScale], { 1, oc }, "w_scale"));
        if (hasInput(ctx.inputs, kWZeroPoint))
            QS_RETURN_IF_ERROR(requireCount(ctx.node, ctx.inputs[kWZeroPoint], { 1, oc }, "w_zero_point"));
        QS_RETURN_IF_ERROR(requireCount(ctx.node, ctx.inputs[kXScale], { 1 }, "x_scale"));
        QS_RETURN_IF_ERROR(requireCount(ctx.node, ctx.inputs[kYScale], { 1 }, "y_scale"));
        m_hasBias = hasInput(ctx.inputs, kBias);
        if (m_hasBias) {
            if (ctx.inputs[kBias].type != DataType::Int32 || ctx.inputs[kBias].elementCount() != oc)
                return Status(StatusCode::Unsupported,
                    fmt::format("node {}: bias must be int32 with one value per output channel", m_node));
            m_biasScaleCount = hasInput(ctx.inputs, kBiasScale) ? ctx.inputs[kBiasScale].elementCount() : 0;
        }
        QS_RETURN_IF_ERROR(clampOf(ctx, convOps, m_min, m_max));
        // Optimized mode keeps static int8 activations NHWC between fused steps (graph_rewrites.cpp, rewrite 6).
        const auto layoutOf = [](const TensorDesc& d) {
            return d.layout == Layout::Nhwc ? int8::ActivationLayout::Nhwc : int8::ActivationLayout::Nchw;
        };
        m_inLayout = layoutOf(x);
        m_outLayout = layoutOf(ctx.outputs[0]);
        if (!hasInput(ctx.inputs, kXZeroPoint))
            m_constantXZeroPoint = 0;
        else if (ctx.inputs[kXZeroPoint].constant)
            m_constantXZeroPoint = zeroPointAt(ctx.inputs[kXZeroPoint].constant->rawData(), m_xzpType, 0);
        m_constantWeights = w.constant && (!hasInput(ctx.inputs, kWZeroPoint) || ctx.inputs[kWZeroPoint].constant);
        if (m_constantWeights)
            return createConv(w.constant->rawData(),
                hasInput(ctx.inputs, kWZeroPoint) ? ctx.inputs[kWZeroPoint].constant->rawData() : nullptr);
        return Status::ok();
    }

    /// The convolution's per-run buffers; weights prepared at run time bring their own.
    size_t scratchBytes() const override { return m_constantWeights && m_conv ? m_conv->scratchBytes() : 0; }

    Status run(const KernelArgs& args) const override
    {
        using namespace qlinear_conv;
        std::lock_guard lock(m_mutex);
        if (!m_constantWeights)
            QS_RETURN_IF_ERROR(createConv(args.inputs[kW], inputAt(args, kWZeroPoint)));
        else
            m_conv->useScratch(args.scratch);
        const int64_t oc = m_shape.outChannels;
        const float xScale = scalarAt(args.inputs[kXScale]);
        const auto* wScales = static_cast<const float*>(args.inputs[kWScale]);
        const float yScale = scalarAt(args.inputs[kYScale]);
        m_rq = Requantization::make(m_outType, xScale, wScales, m_wScaleCount, oc, yScale,
            zeroPointAt(inputAt(args, kYZeroPoint), m_yzpType, 0));
        if (m_hasBias) {
            const auto* bias = static_cast<const int32_t*>(args.inputs[kBias]);
            const auto* biasScale = static_cast<const float*>(inputAt(args, kBiasScale));
            // QLinearConv's bias has scale xScale * wScale by definition; a DequantizeLinear'd bias (QDQ) usually
            // too (PyTorch and ONNX Runtime's quantizers compute it so), and then it is added exactly in int32.
            bool exact = true;
            for (int64_t o = 0; o < oc && biasScale; ++o)
                exact
                    = exact && biasScale[m_biasScaleCount == 1 ? 0 : o] == xScale * wScales[m_wScaleCount == 1 ? 0 : o];
            if (exact) {
                m_rq.bias.assign(bias, bias + oc);
            } else {
                m_rq.offset.resize(size_t(oc));
                for (int64_t o = 0; o < oc; ++o)
                    m_rq.offset[size_t(o)]
                        = float(double(bias[o]) * biasScale[m_biasScaleCount == 1 ? 0 : o] / double(yScale));
            }
        }
        m_rq.clampTo(m_min, m_max, yScale);
        const int32_t xzp = zeroPointAt(inputAt(args, kXZeroPoint), m_xzpType, 0);
        if (!m_add)
            return m_conv->runRequantized(args.inputs[kX], xzp, m_rq, args.outputs[0]);
        // The add's DequantizeLinear reads the convolution's requantized value (its own rounding stays), then the
        // authored float add, Relu and QuantizeLinear, exactly as the fused add step computes them.
        const float lo = m_addYType == DataType::Int8 ? -128.0f : 0.0f;
        const float hi = m_addYType == DataType::Int8 ? 127.0f : 255.0f;
        const int8::QdqAddParams p { zeroPointAt(inputAt(args, kAddAZeroPoint), m_addAzpType, 0),
            zeroPointAt(inputAt(args, kAddBZeroPoint), m_addBzpType, 0), scalarAt(args.inputs[kAddAScale]),
            scalarAt(args.inputs[kAddBScale]), scalarAt(args.inputs[kAddYScale]),
            float(zeroPointAt(inputAt(args, kAddYZeroPoint), m_addYzpType, 0)), lo, hi, m_addFloor };
        const auto* b = static_cast<const uint8_t*>(args.inputs[kAddB]);
        auto* y = static_cast<uint8_t*>(args.outputs[0]);
        return m_conv->runRequantized(args.inputs[kX], xzp, m_rq, y, [&](const uint8_t* q, int64_t offset, int64_t n) {
            runQdqAdd(q, m_outType, b + offset, m_addBType, y + offset, m_addYType, n, p);
        });
    }

    int32_t activationReorders() const override { return m_conv ? m_conv->sourceReorders() : 0; }
    std::string implementation() const override
    {
        if (!m_conv)
            return "onednn";
        std::string impl = "onednn:" + m_conv->implementation();
        if (m_inLayout == int8::ActivationLayout::Nhwc || m_outLayout == int8::ActivationLayout::Nhwc)
            impl += fmt::format(" {}>{}", m_inLayout == int8::ActivationLayout::Nhwc ? "nhwc" : "nchw",
                m_outLayout == int8::ActivationLayout::Nhwc ? "nhwc" : "nchw");
        if (m_add)
            impl += " +add";
        return impl;
    }

private:
    Status prepareAdd(const KernelContext& ctx, std::span<const PostOp> addOps)
    {
        using namespace qlinear_conv;
        if (ctx.inputs.size() < kConvAddSlotCount)
            return Status(StatusCode::Internal, fmt::format("node {}: convolution + add without its slots", m_node));
        const TensorDesc& b = ctx.inputs[kAddB];
        m_addBType = b.type;
        m_addYType = ctx.outputs[0].type;
        m_addAzpType = typeOr(ctx.inputs, kAddAZeroPoint, DataType::Undefined);
        m_addBzpType = typeOr(ctx.inputs, kAddBZeroPoint, DataType::Undefined);
        m_addYzpType = typeOr(ctx.inputs, kAddYZeroPoint, DataType::Undefined);
        float max = 0.0f;
        QS_RETURN_IF_ERROR(clampOf(ctx, addOps, m_addFloor, max));
        if (!isInt8Type(m_addBType) || !isInt8Type(m_addYType) || max < INFINITY
            || b.elementCount() != ctx.outputs[0].elementCount() || b.layout != ctx.outputs[0].layout)
            return Status(StatusCode::Internal,
                fmt::format(
                    "node {}: the fused residual add needs a same-shape, same-layout uint8/int8 operand", m_node));
        return Status::ok();
    }

    Status createConv(const void* weights, const void* zeroPoints) const
    {
        Int8Weights wd { m_wType, weights, {} };
        for (int64_t i = 0; i < m_wzpCount; ++i)
            wd.zeroPoints.push_back(zeroPointAt(zeroPoints, m_wzpType, i));
        auto conv = Int8Conv::create({ .shape = m_shape,
                                         .srcType = m_xType,
                                         .inputLayout = m_inLayout,
                                         .outputLayout = m_outLayout,
                                         .constantSrcZeroPoint = m_constantXZeroPoint,
                                         .options = m_options },
            wd);
        if (!conv.isOk())
            return conv.status().withContext(fmt::format("node {}", m_node));
        m_conv = std::move(conv).value();
        return Status::ok();
    }

    ConvShape m_shape;
    std::string m_node;
    DataType m_xType = DataType::UInt8, m_wType = DataType::Int8, m_outType = DataType::UInt8;
    DataType m_xzpType = DataType::Undefined, m_wzpType = DataType::Undefined, m_yzpType = DataType::Undefined;
    int64_t m_wzpCount = 1, m_wScaleCount = 1, m_biasScaleCount = 0;
    bool m_hasBias = false;
    bool m_constantWeights = true;
    std::optional<int32_t> m_constantXZeroPoint;
    Int8KernelOptions m_options; ///< the session's, for weights prepared at run time too
    int8::ActivationLayout m_inLayout = int8::ActivationLayout::Nchw, m_outLayout = int8::ActivationLayout::Nchw;
    float m_min = 0.0f, m_max = 0.0f;
    bool m_add = false;
    DataType m_addBType = DataType::UInt8, m_addYType = DataType::UInt8;
    DataType m_addAzpType = DataType::Undefined, m_addBzpType = DataType::Undefined, m_addYzpType = DataType::Undefined;
    float m_addFloor = -INFINITY;
    mutable Requantization m_rq;
    mutable std::unique_ptr<Int8Conv> m_conv;
    mutable std::mutex m_mutex;
};

Status inferQLinearConv(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    using namespace qlinear_conv;
    QS_ASSIGN_OR_RETURN(ConvGeometry g, convGeometry(node, inputs[kX].dims, inputs[kW].dims));
    outputs[0].type = typeOr(inputs, kYZeroPoint, DataType::UInt8);
    outputs[0].dims = { g.batch, g.outChannels };
    outputs[0].dims.insert(outputs[0].dims.end(), g.outSpatial.begin(), g.outSpatial.end());
    return Status::ok();
}

Status inferQdqConvAdd(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_RETURN_IF_ERROR(inferQLinearConv(node, inputs, outputs));
    outputs[0].type = typeOr(inputs, qlinear_conv::kAddYZeroPoint, DataType::UInt8);
    return Status::ok();
}

Status acceptQLinearConv(const Node& node, std::span<const TensorDesc> inputs)
{
    using namespace qlinear_conv;
    if (!isInt8Type(inputs[kX].type) || !hasInput(inputs, kW) || !isInt8Type(inputs[kW].type))
        return Status(StatusCode::Unsupported, "x and w must be uint8 or int8");
    if (inputs[kXScale].type != DataType::Float || inputs[kWScale].type != DataType::Float
        || inputs[kYScale].type != DataType::Float)
        return Status(StatusCode::Unsupported, "scales must be float");
    return Status::ok();
}

// ---- QLinearMatMul and QGemm ----

/// QLinearMatMul (a, a_scale, a_zp, b, b_scale, b_zp, y_scale, y_zp) and com.microsoft QGemm (A, a_scale, a_zp, B,
/// b_scale, b_zp, C, y_scale, y_zp; alpha, transB; float output when y_scale is omitted).
class QLinearMatMulKernel final : public Kernel
{
public:
    explicit QLinearMatMulKernel(bool gemm)
        : m_gemm(gemm)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        m_node = ctx.node.describe();
        const TensorDesc& a = ctx.inputs[0];
        const TensorDesc& b = ctx.inputs[3];
        const bool transB = m_gemm && ctx.node.attrInt("transB", 0) != 0;
        if (m_gemm && ctx.node.attrInt("transA", 0) != 0)
            return Status(StatusCode::Unsupported, fmt::format("node {}: transA=1", m_node));
        if (a.rank() < 2 || b.rank() < 2 || b.rank() > 3 || (b.rank() == 3 && (a.rank() != 3 || a.dims[0] != b.dims[0]))
            || (m_gemm && (a.rank() != 2 || b.rank() != 2)))
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: shapes {} x {} (A of rank >= 2 with a 2-D B, or equal 3-D batches)", m_node,
                    formatDims(a.dims), formatDims(b.dims)));
        m_k = transB ? b.dims[1] : b.dims[size_t(b.rank() - 2)];
        m_n = transB ? b.dims[0] : b.dims[size_t(b.rank() - 1)];
        m_batch = b.rank() == 3 ? b.dims[0] : 1;
        m_m = b.rank() == 3 ? a.dims[1] : a.elementCount() / m_k;
        m_aType = a.type;
        m_bType = b.type;
        m_transB = transB;
        m_alpha = m_gemm ? ctx.node.attrFloat("alpha", 1.0f) : 1.0f;
        m_azpType = typeOr(ctx.inputs, 2, DataType::Undefined);
        m_bzpType = typeOr(ctx.inputs, 5, DataType::Undefined);
        m_bzpCount = hasInput(ctx.inputs, 5) ? ctx.inputs[5].elementCount() : 1;
        m_bScaleCount = ctx.inputs[4].elementCount();
        QS_RETURN_IF_ERROR(requireCount(ctx.node, ctx.inputs[1], { 1 }, "a_scale (per-row scales)"));
        if (hasInput(ctx.inputs, 2))
            QS_RETURN_IF_ERROR(requireCount(ctx.node, ctx.inputs[2], { 1 }, "a_zero_point (per-row zero points)"));
        QS_RETURN_IF_ERROR(requireCount(ctx.node, ctx.inputs[4], { 1, m_n }, "b_scale"));
        if (hasInput(ctx.inputs, 5))
            QS_RETURN_IF_ERROR(requireCount(ctx.node, ctx.inputs[5], { 1, m_n }, "b_zero_point"));
        m_ysSlot = m_gemm ? 7 : 6;
        m_yzpSlot = m_gemm ? 8 : 7;
        m_floatOut = ctx.outputs[0].type == DataType::Float;
        m_outType = ctx.outputs[0].type;
        m_yzpType = typeOr(ctx.inputs, m_yzpSlot, DataType::Undefined);
        if (m_gemm && hasInput(ctx.inputs, 6)) {
            const TensorDesc& c = ctx.inputs[6];
            if (c.type != DataType::Int32 || (c.elementCount() != m_n && c.elementCount() != 1)
                || (c.rank() == 2 && c.dims[0] != 1))
                return Status(StatusCode::Unsupported,
                    fmt::format("node {}: C must be int32 of shape [N], [1, N] or [1]", m_node));
            m_hasC = true;
            m_cCount = c.elementCount();
        }
        m_scratch = size_t(m_batch * m_m * m_n) * sizeof(int32_t);
        m_constantB = b.constant && (!hasInput(ctx.inputs, 5) || ctx.inputs[5].constant);
        if (m_transB && !m_constantB)
            return Status(StatusCode::Unsupported, fmt::format("node {}: transB=1 with a non-constant B", m_node));
        if (m_constantB)
            return createMatMul(
                b.constant->rawData(), hasInput(ctx.inputs, 5) ? ctx.inputs[5].constant->rawData() : nullptr);
        return Status::ok();
    }

    /// QGemm's float output: its int32 product first, then the matmul's per-run buffers (weights prepared at run
    /// time bring their own).
    size_t scratchBytes() const override
    {
        return (m_floatOut ? scratchPart(m_scratch) : 0) + (m_constantB && m_matmul ? m_matmul->scratchBytes(m_m) : 0);
    }

    Status run(const KernelArgs& args) const override
    {
        std::lock_guard lock(m_mutex);
        if (!m_constantB)
            QS_RETURN_IF_ERROR(createMatMul(args.inputs[3], inputAt(args, 5)));
        else
            m_matmul->useScratch(static_cast<std::byte*>(args.scratch) + (m_floatOut ? scratchPart(m_scratch) : 0));
        const float aScale = scalarAt(args.inputs[0 + 1]) * m_alpha;
        const auto* bScales = static_cast<const float*>(args.inputs[4]);
        const int32_t azp = zeroPointAt(inputAt(args, 2), m_azpType, 0);
        const auto* c = m_hasC ? static_cast<const int32_t*>(args.inputs[6]) : nullptr;
        if (m_floatOut) {
            // QGemm without y_scale: y = (acc + C) * alpha * a_scale * b_scale, C having that scale by definition.
            auto* acc = static_cast<int32_t*>(args.scratch);
            QS_RETURN_IF_ERROR(m_matmul->runInt32(args.inputs[0], m_m, azp, acc));
            auto* y = static_cast<float*>(args.outputs[0]);
            for (int64_t r = 0; r < m_batch * m_m; ++r)
                for (int64_t j = 0; j < m_n; ++j)
                    y[r * m_n + j] = float(acc[r * m_n + j] + (c ? c[m_cCount == 1 ? 0 : j] : 0))
                        * (aScale * bScales[m_bScaleCount == 1 ? 0 : j]);
            return Status::ok();
        }
        m_rq = Requantization::make(m_outType, aScale, bScales, m_bScaleCount, m_n, scalarAt(args.inputs[m_ysSlot]),
            zeroPointAt(inputAt(args, m_yzpSlot), m_yzpType, 0));
        if (c) {
            m_rq.bias.resize(size_t(m_n));
            for (int64_t j = 0; j < m_n; ++j)
                m_rq.bias[size_t(j)] = c[m_cCount == 1 ? 0 : j];
        }
        return m_matmul->runRequantized(args.inputs[0], m_m, azp, m_rq, args.outputs[0]);
    }

    std::string implementation() const override
    {
        return m_matmul ? "onednn:" + m_matmul->implementation() : std::string("onednn");
    }

private:
    Status createMatMul(const void* b, const void* zeroPoints) const
    {
        std::vector<uint8_t> transposed;
        if (m_transB) {
            // B is [N, K]: Int8MatMul takes [K, N].
            transposed.resize(size_t(m_k * m_n));
            const auto* src = static_cast<const uint8_t*>(b);
            for (int64_t j = 0; j < m_n; ++j)
                for (int64_t p = 0; p < m_k; ++p)
                    transposed[size_t(p * m_n + j)] = src[j * m_k + p];
            b = transposed.data();
        }
        QS_ASSIGN_OR_RETURN(m_matmul,
            int8::createInt8MatMul(m_k, m_n, m_batch, m_aType, m_bType, b, zeroPoints, m_bzpType, m_bzpCount, m_node));
        return Status::ok();
    }

    bool m_gemm = false;
    std::string m_node;
    int64_t m_m = 0, m_k = 0, m_n = 0, m_batch = 1;
    DataType m_aType = DataType::UInt8, m_bType = DataType::Int8, m_outType = DataType::UInt8;
    DataType m_azpType = DataType::Undefined, m_bzpType = DataType::Undefined, m_yzpType = DataType::Undefined;
    int64_t m_bzpCount = 1, m_bScaleCount = 1, m_cCount = 0;
    size_t m_ysSlot = 6, m_yzpSlot = 7;
    bool m_transB = false, m_hasC = false, m_floatOut = false, m_constantB = true;
    float m_alpha = 1.0f;
    size_t m_scratch = 0;
    mutable Requantization m_rq;
    mutable std::unique_ptr<Int8MatMul> m_matmul;
    mutable std::mutex m_mutex;
};

Status inferQLinearMatMul(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_RETURN_IF_ERROR(int8::inferIntegerMatMulDims(node, inputs[0], inputs[3], "QLinearMatMul operand", outputs[0]));
    outputs[0].type = typeOr(inputs, 7, DataType::UInt8);
    return Status::ok();
}

Status inferQGemm(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    const TensorDesc& a = inputs[0];
    const TensorDesc& b = inputs[3];
    if (a.rank() != 2 || b.rank() != 2)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: QGemm operands must be 2-D", node.describe()));
    const bool ta = node.attrInt("transA", 0) != 0, tb = node.attrInt("transB", 0) != 0;
    const int64_t m = ta ? a.dims[1] : a.dims[0], k = ta ? a.dims[0] : a.dims[1];
    const int64_t kb = tb ? b.dims[1] : b.dims[0], n = tb ? b.dims[0] : b.dims[1];
    if (k != kb)
        return Status(StatusCode::InvalidModel,
            fmt::format(
                "node {}: inner dimensions differ ({} x {})", node.describe(), formatDims(a.dims), formatDims(b.dims)));
    outputs[0].type = hasInput(inputs, 7) ? typeOr(inputs, 8, DataType::UInt8) : DataType::Float;
    outputs[0].dims = { m, n };
    return Status::ok();
}

Status acceptQLinearMatMul(const Node& node, std::span<const TensorDesc> inputs)
{
    if (!isInt8Type(inputs[0].type) || !hasInput(inputs, 3) || !isInt8Type(inputs[3].type))
        return Status(StatusCode::Unsupported, "a and b must be uint8 or int8");
    if (inputs[1].type != DataType::Float || inputs[4].type != DataType::Float)
        return Status(StatusCode::Unsupported, "scales must be float");
    return Status::ok();
}

// ---- The fused QDQ add ----

class QdqAddKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        using namespace qdq_add;
        m_count = ctx.outputs[0].elementCount();
        m_aType = ctx.inputs[kA].type;
        m_bType = ctx.inputs[kB].type;
        m_yType = ctx.outputs[0].type;
        m_azpType = typeOr(ctx.inputs, kAZeroPoint, DataType::Undefined);
        m_bzpType = typeOr(ctx.inputs, kBZeroPoint, DataType::Undefined);
        m_yzpType = typeOr(ctx.inputs, kYZeroPoint, DataType::Undefined);
        float max = 0.0f;
        QS_RETURN_IF_ERROR(clampOf(ctx, m_floor, max));
        if (!isInt8Type(m_aType) || !isInt8Type(m_bType) || !isInt8Type(m_yType) || max < INFINITY
            || ctx.inputs[kA].elementCount() != m_count || ctx.inputs[kB].elementCount() != m_count)
            return Status(StatusCode::Internal,
                fmt::format("node {}: fused int8 add needs same-shape uint8/int8 operands", ctx.node.describe()));
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        using namespace qdq_add;
        const int32_t za = zeroPointAt(inputAt(args, kAZeroPoint), m_azpType, 0);
        const int32_t zb = zeroPointAt(inputAt(args, kBZeroPoint), m_bzpType, 0);
        const int32_t zy = zeroPointAt(inputAt(args, kYZeroPoint), m_yzpType, 0);
        const float sa = scalarAt(args.inputs[kAScale]), sb = scalarAt(args.inputs[kBScale]);
        const float sy = scalarAt(args.inputs[kYScale]);
        const float lo = m_yType == DataType::Int8 ? -128.0f : 0.0f, hi = m_yType == DataType::Int8 ? 127.0f : 255.0f;
        const int8::QdqAddParams p { za, zb, sa, sb, sy, float(zy), lo, hi, m_floor };
        runQdqAdd(args.inputs[kA], m_aType, args.inputs[kB], m_bType, args.outputs[0], m_yType, m_count, p);
        return Status::ok();
    }

private:
    int64_t m_count = 0;
    DataType m_aType = DataType::UInt8, m_bType = DataType::UInt8, m_yType = DataType::UInt8;
    DataType m_azpType = DataType::Undefined, m_bzpType = DataType::Undefined, m_yzpType = DataType::Undefined;
    float m_floor = -INFINITY;
};

Status inferQdqAdd(const Node&, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    outputs[0].type = typeOr(inputs, qdq_add::kYZeroPoint, DataType::UInt8);
    outputs[0].dims = inputs[qdq_add::kA].dims;
    return Status::ok();
}

// ---- MaxPool on integers ----

/// acc[c] = max(acc[c], x[c]) over a contiguous run: vectorises (32 bytes per AVX2 instruction).
template <typename T> QS_CLONES void maxInto(T* acc, const T* x, int64_t n)
{
    for (int64_t c = 0; c < n; ++c)
        acc[c] = std::max(acc[c], x[c]);
}

/// Separable: per input row, the horizontal window maximum at every input column (contiguous, vectorised), then the
/// strided pick of the output columns, maxed over the window's rows. Padding does not take part (ONNX pads MaxPool
/// with -inf); an all-padding window saturates low.
template <typename T> void maxPool2d(const T* x, T* y, int64_t planes, const ConvGeometry& g)
{
    const int64_t ih = g.inSpatial[0], iw = g.inSpatial[1], oh = g.outSpatial[0], ow = g.outSpatial[1];
    const int64_t kw = g.kernel[1], dw = g.dilations[1], pl = g.padBegin[1], sw = g.strides[1];
    // h[u] is the maximum of the window whose first column is u - pl (u in [0, span)), columns outside the input
    // skipped.
    const int64_t span = (ow - 1) * sw + 1;
    // Planes are independent: one block of planes per thread, each with its own row buffer (the maximum is exact,
    // so the output does not depend on the thread count).
    int8::forEachThreadBlock(planes, int8::passThreads(planes * oh * ow), 1, [&](int64_t p0, int64_t p1) {
        std::vector<T> h(static_cast<size_t>(span));
        for (int64_t p = p0; p < p1; ++p) {
            const T* xp = x + p * ih * iw;
            T* yp = y + p * oh * ow;
            for (int64_t i = 0; i < oh; ++i) {
                T* m = yp + i * ow;
                std::fill(m, m + ow, std::numeric_limits<T>::lowest());
                for (int64_t a = 0; a < g.kernel[0]; ++a) {
                    const int64_t r = i * g.strides[0] - g.padBegin[0] + a * g.dilations[0];
                    if (r < 0 || r >= ih)
                        continue;
                    const T* xr = xp + r * iw;
                    std::fill(h.begin(), h.end(), std::numeric_limits<T>::lowest());
                    for (int64_t b = 0; b < kw; ++b) {
                        // Input column of h[u] for this kernel column: u - pl + b * dw, kept inside [0, iw).
                        const int64_t off = b * dw - pl;
                        const int64_t u0 = std::max<int64_t>(0, -off), u1 = std::min(span, iw - off);
                        if (u0 < u1)
                            maxInto(h.data() + u0, xr + u0 + off, u1 - u0);
                    }
                    for (int64_t j = 0; j < ow; ++j)
                        m[j] = std::max(m[j], h[size_t(j * sw)]);
                }
            }
        }
    });
}

/// NHWC: every window tap is a contiguous run of all channels, so each output pixel is the running maximum of at
/// most kh * kw channel vectors (vectorised over the channels). Padding does not take part, as in maxPool2d.
template <typename T> void maxPool2dNhwc(const T* x, T* y, int64_t batch, int64_t channels, const ConvGeometry& g)
{
    const int64_t ih = g.inSpatial[0], iw = g.inSpatial[1], oh = g.outSpatial[0], ow = g.outSpatial[1];
    // One block of output rows (over the batch) per thread; every output pixel is computed by the same code on any
    // thread, so the output does not depend on the thread count. resnet18's 64 x 112 x 112 pool was a serial step
    // of ~0.15 ms between two parallel convolutions.
    int8::forEachThreadBlock(batch * oh, int8::passThreads(batch * oh * ow * channels), 1, [&](int64_t r0, int64_t r1) {
        for (int64_t row = r0; row < r1; ++row) {
            const int64_t n = row / oh, i = row % oh;
            const T* xn = x + n * ih * iw * channels;
            T* yn = y + n * oh * ow * channels;
            for (int64_t j = 0; j < ow; ++j) {
                T* m = yn + (i * ow + j) * channels;
                std::fill(m, m + channels, std::numeric_limits<T>::lowest());
                for (int64_t a = 0; a < g.kernel[0]; ++a) {
                    const int64_t r = i * g.strides[0] - g.padBegin[0] + a * g.dilations[0];
                    if (r < 0 || r >= ih)
                        continue;
                    for (int64_t b = 0; b < g.kernel[1]; ++b) {
                        const int64_t col = j * g.strides[1] - g.padBegin[1] + b * g.dilations[1];
                        if (col >= 0 && col < iw)
                            maxInto(m, xn + (r * iw + col) * channels, channels);
                    }
                }
            }
        }
    });
}

class QdqMaxPoolKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_geometry, poolGeometry(ctx.node, ctx.inputs[0].dims));
        m_type = ctx.inputs[0].type;
        if (m_geometry.spatialRank != 2 || !isInt8Type(m_type) || ctx.outputs[0].type != m_type)
            return Status(StatusCode::Internal,
                fmt::format("node {}: the integer MaxPool takes 2-D uint8/int8 only", ctx.node.describe()));
        m_planes = m_geometry.batch * m_geometry.inChannels;
        m_nhwc = ctx.inputs[0].layout == Layout::Nhwc;
        if (m_nhwc != (ctx.outputs[0].layout == Layout::Nhwc))
            return Status(StatusCode::Internal,
                fmt::format("node {}: the integer MaxPool reads and writes one layout", ctx.node.describe()));
        return Status::ok();
    }
    std::string implementation() const override { return m_nhwc ? "cpu nhwc" : "cpu"; }
    Status run(const KernelArgs& args) const override
    {
        if (m_nhwc && m_type == DataType::UInt8)
            maxPool2dNhwc(static_cast<const uint8_t*>(args.inputs[0]), static_cast<uint8_t*>(args.outputs[0]),
                m_geometry.batch, m_geometry.inChannels, m_geometry);
        else if (m_nhwc)
            maxPool2dNhwc(static_cast<const int8_t*>(args.inputs[0]), static_cast<int8_t*>(args.outputs[0]),
                m_geometry.batch, m_geometry.inChannels, m_geometry);
        else if (m_type == DataType::UInt8)
            maxPool2d(static_cast<const uint8_t*>(args.inputs[0]), static_cast<uint8_t*>(args.outputs[0]), m_planes,
                m_geometry);
        else
            maxPool2d(static_cast<const int8_t*>(args.inputs[0]), static_cast<int8_t*>(args.outputs[0]), m_planes,
                m_geometry);
        return Status::ok();
    }

private:
    ConvGeometry m_geometry;
    DataType m_type = DataType::UInt8;
    int64_t m_planes = 0;
    bool m_nhwc = false;
};

Status inferQdqMaxPool(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_ASSIGN_OR_RETURN(ConvGeometry g, poolGeometry(node, inputs[0].dims));
    outputs[0].type = inputs[0].type;
    outputs[0].dims = { g.batch, g.inChannels };
    outputs[0].dims.insert(outputs[0].dims.end(), g.outSpatial.begin(), g.outSpatial.end());
    return Status::ok();
}

} // namespace

const KernelSpec& qdqGemmSpec()
{
    static const KernelSpec spec { "", "Gemm", 1, 0, inferQGemm,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearMatMulKernel>(true); }, acceptQLinearMatMul,
        kNoCaps, "onednn", "fused DequantizeLinear -> Gemm -> QuantizeLinear (Optimized)" };
    return spec;
}

const KernelSpec& qdqMaxPoolSpec()
{
    static const KernelSpec spec { "", "MaxPool", 1, 0, inferQdqMaxPool,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QdqMaxPoolKernel>(); }, nullptr, kNoCaps, "cpu",
        "fused DequantizeLinear -> MaxPool -> QuantizeLinear, same parameters (Optimized)" };
    return spec;
}

const KernelSpec& qdqAddSpec()
{
    static const KernelSpec spec { "", "Add", 1, 0, inferQdqAdd,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QdqAddKernel>(); }, nullptr, kCapPostOps, "cpu",
        "fused DequantizeLinear x2 -> Add [-> Relu] -> QuantizeLinear (Optimized)" };
    return spec;
}

const KernelSpec& qdqConvSpec()
{
    static const KernelSpec spec { "", "Conv", 1, 0, inferQLinearConv,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearConvKernel>(); }, acceptQLinearConv,
        kCapPostOps, "onednn", "fused DequantizeLinear -> Conv [-> Relu/Clip] -> QuantizeLinear (Optimized)" };
    return spec;
}

const KernelSpec& qdqConvAddSpec()
{
    static const KernelSpec spec { "", "Conv", 1, 0, inferQdqConvAdd,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearConvKernel>(); }, acceptQLinearConv,
        kCapPostOps, "onednn",
        "fused DequantizeLinear -> Conv [-> Relu/Clip] -> QuantizeLinear -> DequantizeLinear -> Add [-> Relu] -> "
        "QuantizeLinear (Optimized)" };
    return spec;
}

void registerQLinearKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "QLinearConv", 10, 0, inferQLinearConv,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearConvKernel>(); }, acceptQLinearConv, kNoCaps,
        "onednn", "uint8/int8; per-tensor or per-channel w; int32 bias; exact on AVX2" });
    r.add(KernelSpec { "", "QLinearMatMul", 10, 0, inferQLinearMatMul,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearMatMulKernel>(false); }, acceptQLinearMatMul,
        kNoCaps, "onednn", "uint8/int8; per-tensor a; per-tensor or per-column b; B 2-D or equal 3-D batch" });
    r.add(KernelSpec { "com.microsoft", "QGemm", 1, 0, inferQGemm,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearMatMulKernel>(true); }, acceptQLinearMatMul,
        kNoCaps, "onednn", "uint8/int8; transA=0; int32 C [N]; float output without y_scale" });
}

} // namespace qs::kernels
