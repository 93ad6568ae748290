// SPDX-License-Identifier: MIT
// Rewrite 5 (numbers as in graph_rewrites.cpp, which runs it before 1 and 2), QDQ: static INT8, e.g. PyTorch's or
// ONNX Runtime's QDQ export.
//      DequantizeLinear(x), DequantizeLinear(w) [, DequantizeLinear(bias)] -> Conv [-> Relu/Clip] -> QuantizeLinear
//      -> one requantizing int8 convolution reading x's integer tensor and writing the QuantizeLinear's output
//      (kernels/int8/qlinear.h), and DequantizeLinear(a), DequantizeLinear(b) -> Add [-> Relu] -> QuantizeLinear
//      -> one int8 add, and DequantizeLinear -> MaxPool -> QuantizeLinear (same parameters) -> an integer MaxPool.
//      Gemm likewise -> one QGemm (int8 matmul with requantization).
//      Integer tensors then flow from one quantized op to the next without a float round trip;
//      a Cast to the type the tensor already has (PyTorch writes QuantizeLinear -> Cast(uint8) -> DequantizeLinear)
//      is looked through and absorbed.
#include "exec/qdq_rewrites.h"

#include "exec/qdq_match.h"
#include "kernels/int8/qdq_fused.h"
#include "kernels/int8/qlinear.h"

#include <algorithm>

namespace qs {

using kernels::Layout;
using kernels::PostOp;

namespace {

class QdqRewriter : public QdqMatcher
{
public:
    using QdqMatcher::QdqMatcher;

    void run()
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "Conv"))
                fuseQdqConv(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "Add"))
                fuseQdqAdd(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && m_plan.steps[i].spec == &kernels::qdqAddSpec())
                fuseQdqConvAdd(i);
        // After the convolutions (they stop reading the parts' DequantizeLinear), before MaxPool (its input's
        // DequantizeLinear may be a part too): qdq_concat_rewrites.cpp.
        fuseQdqConcats(m_plan);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "MaxPool"))
                fuseQdqMaxPool(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "Gemm"))
                fuseQdqGemm(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed
                && (isOp(m_plan.steps[i], "GlobalAveragePool") || isOp(m_plan.steps[i], "ReduceMean")
                    || isOp(m_plan.steps[i], "AveragePool")))
                fuseQdqGlobalPool(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "Mul"))
                fuseQdqMul(i);
    }

private:
    /// The Constant-node step producing `vid` for `reader` alone: the planner does not fold constants above its size
    /// limit (512x512x3x3 weights), but the rewrite needs their data.
    std::optional<size_t> constantStepOf(int32_t vid, size_t reader) const
    {
        const int32_t pi = producerIndex(vid);
        const auto r = soleReader(vid);
        if (pi < 0 || !isOp(m_plan.steps[size_t(pi)], "Constant") || !r || *r != reader)
            return std::nullopt;
        const Attribute* a = anchorNode(m_plan.steps[size_t(pi)]).attribute("value");
        if (!a || a->type != AttributeType::Tensor)
            return std::nullopt;
        return size_t(pi);
    }

    /// A DequantizeLinear of constant integer data (weights, bias) read only by `reader`, scale and zero point
    /// constant with 1 or `channels` entries along axis 0.
    std::optional<size_t> constantDequantize(
        int32_t vid, size_t reader, int64_t channels, DataType wantA, DataType wantB) const
    {
        const int32_t di = producerIndex(vid);
        if (di < 0 || !isOp(m_plan.steps[size_t(di)], "DequantizeLinear"))
            return std::nullopt;
        const Step& dq = m_plan.steps[size_t(di)];
        const auto& data = m_plan.values[size_t(dq.inputs[0])].desc;
        const HostTensor* scale = dq.inputs.size() > 1 ? constantOf(dq.inputs[1]) : nullptr;
        const bool hasZp = dq.inputs.size() > 2 && dq.inputs[2] >= 0;
        const HostTensor* zp = hasZp ? constantOf(dq.inputs[2]) : nullptr;
        const auto r = soleReader(vid);
        if ((!data.constant && !constantStepOf(dq.inputs[0], size_t(di))) || !scale || (hasZp && !zp) || !r
            || *r != reader || (data.type != wantA && data.type != wantB) || scale->dataType() != DataType::Float)
            return std::nullopt;
        const int64_t n = scale->elementCount();
        if ((n != 1 && n != channels) || (zp && zp->elementCount() != n) || data.dims.empty()
            || data.dims[0] != channels)
            return std::nullopt;
        if (n > 1 && anchorNode(dq).attrInt("axis", 1) != 0)
            return std::nullopt;
        if (anchorNode(dq).attrInt("block_size", 0) != 0) // opset 21 blocked scales are not per channel
            return std::nullopt;
        return size_t(di);
    }

    /// The plan value holding the data input of constant DequantizeLinear `dqIndex`, materialising a Constant
    /// node's tensor as a plan constant (the Constant step is then absorbed: `constantStep`).
    int32_t constantDataOf(size_t dqIndex, std::optional<size_t>& constantStep)
    {
        const int32_t vid = m_plan.steps[dqIndex].inputs[0];
        if (constantOf(vid))
            return vid;
        constantStep = constantStepOf(vid, dqIndex);
        auto host = HostTensor::fromTensor(anchorNode(m_plan.steps[*constantStep]).attribute("value")->t);
        if (!host.isOk())
            return -1;
        const std::string name = m_plan.values[size_t(vid)].name + ":constant";
        return m_plan.addConstant(name, std::move(host).value());
    }

    /// The optional int32 bias (input 2) of quantized Conv or Gemm step `op`, `count` values: `usable` is false when
    /// it is present but not a constant DequantizeLinear with zero point 0 (the integer kernels add the int32 values,
    /// and the quantizers always write 0); `dequantize` is that DequantizeLinear's step, if there is a bias.
    struct Int32Bias
    {
        bool usable = true;
        std::optional<size_t> dequantize;
    };
    Int32Bias int32Bias(size_t op, int64_t count)
    {
        const Step& s = m_plan.steps[op];
        if (s.inputs.size() <= 2 || s.inputs[2] < 0)
            return {};
        const auto dq = constantDequantize(s.inputs[2], op, count, DataType::Int32, DataType::Int32);
        if (!dq)
            return { false, std::nullopt };
        const Step& b = m_plan.steps[*dq];
        if (b.inputs.size() > 2 && b.inputs[2] >= 0) {
            const HostTensor* zp = constantOf(b.inputs[2]);
            for (int64_t i = 0; i < zp->elementCount(); ++i)
                if (zp->valueAsDouble(i) != 0.0)
                    return { false, std::nullopt };
        }
        return { true, dq };
    }

    /// Rewrite 5, convolution (see the top of the file).
    void fuseQdqConv(size_t ci)
    {
        using namespace kernels::qlinear_conv;
        const Step& conv = m_plan.steps[ci];
        if (conv.inputs.size() < 2 || conv.outputs.size() != 1 || !isIntermediate(conv.outputs[0]))
            return;
        const auto x = quantizedInput(conv.inputs[0], ci);
        if (!x)
            return;
        const int32_t wv = conv.inputs[1];
        const int32_t wdi = producerIndex(wv);
        if (wdi < 0 || m_plan.steps[size_t(wdi)].inputs.empty() || m_plan.steps[size_t(wdi)].inputs[0] < 0)
            return;
        const auto& wd = m_plan.values[size_t(m_plan.steps[size_t(wdi)].inputs[0])].desc;
        if (wd.rank() < 3)
            return;
        const int64_t oc = wd.dims[0];
        const auto wdq = constantDequantize(wv, ci, oc, DataType::Int8, DataType::UInt8);
        if (!wdq)
            return;
        const Int32Bias bias = int32Bias(ci, oc);
        if (!bias.usable)
            return;
        const std::optional<size_t> bdq = bias.dequantize;
        const auto y = quantizedOutput(conv.outputs[0]);
        if (!y)
            return;
        std::optional<size_t> wConstant;
        const int32_t wData = constantDataOf(*wdq, wConstant);
        if (wData < 0)
            return;
        const Step& wStep = m_plan.steps[*wdq];
        const Step& q = m_plan.steps[y->q];
        std::vector<int32_t> inputs(kSlotCount, -1);
        inputs[kX] = x->value;
        inputs[kXScale] = x->scale;
        inputs[kXZeroPoint] = x->zeroPoint;
        inputs[kW] = wData;
        inputs[kWScale] = wStep.inputs[1];
        inputs[kWZeroPoint] = wStep.inputs.size() > 2 ? wStep.inputs[2] : -1;
        inputs[kYScale] = q.inputs[1];
        inputs[kYZeroPoint] = q.inputs.size() > 2 ? q.inputs[2] : -1;
        if (bdq) {
            inputs[kBias] = m_plan.steps[*bdq].inputs[0];
            inputs[kBiasScale] = m_plan.steps[*bdq].inputs[1];
        }
        Step& fused = m_plan.steps[ci];
        fused.inputs = std::move(inputs);
        fused.spec = &kernels::qdqConvSpec();
        if (y->op)
            fused.postOps.push_back(*y->op);
        absorbOptional(fused, x->dq);
        absorbOptional(fused, x->cast);
        absorbOptional(fused, wdq);
        absorbOptional(fused, wConstant);
        absorbOptional(fused, bdq);
        absorbOptional(fused, y->activation);
        absorb(fused, m_plan.steps[y->q], m_plan.steps[y->q].outputs[0]);
    }

    /// Rewrite 5, residual add: both operands dequantized per tensor, same shape as the output (no broadcasting).
    void fuseQdqAdd(size_t ai)
    {
        const Step& add = m_plan.steps[ai];
        const auto operands = quantizedOperands(ai);
        if (!operands)
            return;
        const auto& [a, b] = *operands;
        const auto& yd = m_plan.values[size_t(add.outputs[0])].desc;
        if (m_plan.values[size_t(a.value)].desc.dims != yd.dims || m_plan.values[size_t(b.value)].desc.dims != yd.dims)
            return;
        const auto y = quantizedOutput(add.outputs[0]);
        if (!y || (y->op && y->op->kind != PostOp::Kind::Relu))
            return;
        fuseBinary(ai, a, b, *y, kernels::qdqAddSpec());
    }

    /// The operands of two-input step `i` (distinct, one intermediate output), both per-tensor DequantizeLinear.
    std::optional<std::pair<QuantizedInput, QuantizedInput>> quantizedOperands(size_t i) const
    {
        const Step& s = m_plan.steps[i];
        if (s.inputs.size() != 2 || s.inputs[0] == s.inputs[1] || s.outputs.size() != 1
            || !isIntermediate(s.outputs[0]))
            return std::nullopt;
        auto a = quantizedInput(s.inputs[0], i);
        auto b = quantizedInput(s.inputs[1], i);
        if (!a || !b)
            return std::nullopt;
        return std::make_pair(*a, *b);
    }

    /// Step `i` becomes `spec` reading a and b in the int8 add's slots (kernels::qdq_add), with y's activation as a
    /// post-op, and absorbs the quantizers around it.
    void fuseBinary(size_t i, const QuantizedInput& a, const QuantizedInput& b, const QuantizedOutput& y,
        const kernels::KernelSpec& spec)
    {
        using namespace kernels::qdq_add;
        const Step& q = m_plan.steps[y.q];
        std::vector<int32_t> inputs(kSlotCount, -1);
        inputs[kA] = a.value;
        inputs[kAScale] = a.scale;
        inputs[kAZeroPoint] = a.zeroPoint;
        inputs[kB] = b.value;
        inputs[kBScale] = b.scale;
        inputs[kBZeroPoint] = b.zeroPoint;
        inputs[kYScale] = q.inputs[1];
        inputs[kYZeroPoint] = q.inputs.size() > 2 ? q.inputs[2] : -1;
        Step& fused = m_plan.steps[i];
        fused.inputs = std::move(inputs);
        fused.spec = &spec;
        if (y.op)
            fused.postOps.push_back(*y.op);
        absorbOptional(fused, a.dq);
        absorbOptional(fused, a.cast);
        absorbOptional(fused, b.dq);
        absorbOptional(fused, b.cast);
        absorbOptional(fused, y.activation);
        absorb(fused, m_plan.steps[y.q], m_plan.steps[y.q].outputs[0]);
    }

    /// Rewrite 5, residual add into the convolution: a fused add one of whose operands is a fused QDQ convolution's
    /// output read by nothing else becomes part of that convolution (its requantized tile goes straight into the
    /// add's arithmetic). The add's other operand and parameters must be ready when the convolution runs: in
    /// ResNet's downsampling blocks the shortcut's convolution comes after the main branch's, so there the shortcut
    /// convolution takes the add.
    void fuseQdqConvAdd(size_t ai)
    {
        using namespace kernels::qlinear_conv;
        namespace qa = kernels::qdq_add;
        const Step& add = m_plan.steps[ai];
        for (int side = 0; side < 2; ++side) {
            const size_t mineSlot = side == 0 ? qa::kA : qa::kB, otherSlot = side == 0 ? qa::kB : qa::kA;
            const int32_t mine = add.inputs[mineSlot];
            const int32_t ci = producerIndex(mine);
            if (ci < 0 || m_plan.steps[size_t(ci)].spec != &kernels::qdqConvSpec() || !isIntermediate(mine))
                continue;
            const auto r = soleReader(mine);
            if (!r || *r != ai)
                continue;
            bool ready = true;
            for (int32_t v : add.inputs)
                ready = ready && (v < 0 || v == mine || producerIndex(v) < ci);
            if (!ready)
                continue;
            Step& conv = m_plan.steps[size_t(ci)];
            conv.inputs.resize(kConvAddSlotCount, -1);
            conv.inputs[kAddB] = add.inputs[otherSlot];
            conv.inputs[kAddBScale] = add.inputs[otherSlot + 1];
            conv.inputs[kAddBZeroPoint] = add.inputs[otherSlot + 2];
            conv.inputs[kAddAScale] = add.inputs[mineSlot + 1];
            conv.inputs[kAddAZeroPoint] = add.inputs[mineSlot + 2];
            conv.inputs[kAddYScale] = add.inputs[qa::kYScale];
            conv.inputs[kAddYZeroPoint] = add.inputs[qa::kYZeroPoint];
            PostOp sum;
            sum.kind = PostOp::Kind::Sum;
            sum.extraInput = int32_t(kAddB);
            conv.postOps.push_back(sum);
            conv.postOps.insert(conv.postOps.end(), add.postOps.begin(), add.postOps.end());
            conv.spec = &kernels::qdqConvAddSpec();
            absorb(conv, m_plan.steps[ai], m_plan.steps[ai].outputs[0]);
            return;
        }
    }

    /// Rewrite 5, MaxPool between a DequantizeLinear and a QuantizeLinear with the same parameters.
    void fuseQdqMaxPool(size_t pi)
    {
        const Step& pool = m_plan.steps[pi];
        if (pool.inputs.size() != 1 || pool.outputs.size() != 1 || !isIntermediate(pool.outputs[0]))
            return;
        const auto x = quantizedInput(pool.inputs[0], pi);
        if (!x)
            return;
        const auto y = quantizedOutput(pool.outputs[0]);
        if (!y || y->activation)
            return;
        const Step& q = m_plan.steps[y->q];
        const int32_t yzp = q.inputs.size() > 2 ? q.inputs[2] : -1;
        if (!sameScalar(x->scale, q.inputs[1]) || !sameScalar(x->zeroPoint, yzp)
            || m_plan.values[size_t(x->value)].desc.type != m_plan.values[size_t(q.outputs[0])].desc.type)
            return;
        Step& fused = m_plan.steps[pi];
        fused.inputs = { x->value };
        fused.spec = &kernels::qdqMaxPoolSpec();
        absorbOptional(fused, x->dq);
        absorbOptional(fused, x->cast);
        absorb(fused, m_plan.steps[y->q], m_plan.steps[y->q].outputs[0]);
    }

    /// An average over every spatial axis of a rank-3+ [N, C, ...] tensor: GlobalAveragePool, ReduceMean over axes
    /// 2.. (as an attribute, or a constant input from opset 18; with or without keepdims, [N, C] being the same bytes
    /// as [N, C, 1, 1]), or an AveragePool whose kernel is the whole unpadded input.
    bool globalAverage(const Step& s) const
    {
        const Node& n = anchorNode(s);
        const auto& x = m_plan.values[size_t(s.inputs[0])].desc;
        if (x.rank() < 3)
            return false;
        if (n.opType == "GlobalAveragePool")
            return true;
        const std::vector<int64_t> spatial(x.dims.begin() + 2, x.dims.end());
        if (n.opType == "AveragePool") {
            const auto zero = [](const std::vector<int64_t>& v) {
                return std::all_of(v.begin(), v.end(), [](int64_t p) { return p == 0; });
            };
            const auto one = [](const std::vector<int64_t>& v) {
                return std::all_of(v.begin(), v.end(), [](int64_t p) { return p == 1; });
            };
            const std::string pad = n.attrString("auto_pad", "NOTSET");
            return n.attrInts("kernel_shape") == spatial && zero(n.attrInts("pads")) && one(n.attrInts("dilations"))
                && (pad == "NOTSET" || pad == "VALID");
        }
        std::vector<int64_t> axes;
        if (s.inputs.size() > 1 && s.inputs[1] >= 0) {
            const HostTensor* a = constantOf(s.inputs[1]);
            if (!a)
                return false;
            for (int64_t i = 0; i < a->elementCount(); ++i)
                axes.push_back(int64_t(a->valueAsDouble(i)));
        } else {
            axes = n.attrInts("axes");
        }
        for (int64_t& a : axes)
            a = a < 0 ? a + x.rank() : a;
        std::sort(axes.begin(), axes.end());
        std::vector<int64_t> want(size_t(x.rank() - 2));
        for (size_t i = 0; i < want.size(); ++i)
            want[i] = int64_t(i) + 2;
        return axes == want;
    }

    /// DequantizeLinear -> global average -> QuantizeLinear (same 8-bit type) as an int32 sum per channel.
    void fuseQdqGlobalPool(size_t pi)
    {
        namespace gp = kernels::qdq_global_pool;
        const Step& pool = m_plan.steps[pi];
        if (pool.inputs.empty() || pool.inputs[0] < 0 || pool.outputs.size() != 1 || !isIntermediate(pool.outputs[0])
            || !globalAverage(pool))
            return;
        const auto x = quantizedInput(pool.inputs[0], pi);
        if (!x)
            return;
        const auto y = quantizedOutput(pool.outputs[0]);
        if (!y || y->activation)
            return;
        const Step& q = m_plan.steps[y->q];
        if (m_plan.values[size_t(x->value)].desc.type != m_plan.values[size_t(q.outputs[0])].desc.type)
            return;
        std::vector<int32_t> inputs(gp::kSlotCount, -1);
        inputs[gp::kX] = x->value;
        inputs[gp::kXScale] = x->scale;
        inputs[gp::kXZeroPoint] = x->zeroPoint;
        inputs[gp::kYScale] = q.inputs[1];
        inputs[gp::kYZeroPoint] = q.inputs.size() > 2 ? q.inputs[2] : -1;
        Step& fused = m_plan.steps[pi];
        fused.inputs = std::move(inputs);
        fused.spec = &kernels::qdqGlobalAveragePoolSpec();
        absorbOptional(fused, x->dq);
        absorbOptional(fused, x->cast);
        absorb(fused, m_plan.steps[y->q], m_plan.steps[y->q].outputs[0]);
    }

    /// DequantizeLinear(a), DequantizeLinear(b) -> Mul -> QuantizeLinear, b of a's shape or [N|1, C, 1, 1] against
    /// a rank-4 a (squeeze-excite's scaling); either operand may be the per-channel one.
    void fuseQdqMul(size_t mi)
    {
        const Step& mul = m_plan.steps[mi];
        auto operands = quantizedOperands(mi);
        if (!operands)
            return;
        auto [a, b] = *operands;
        const auto& yd = m_plan.values[size_t(mul.outputs[0])].desc.dims;
        const auto perChannel = [&](const std::vector<int64_t>& d) {
            return d.size() == 4 && yd.size() == 4 && (d[0] == yd[0] || d[0] == 1) && d[1] == yd[1] && d[2] == 1
                && d[3] == 1;
        };
        if (m_plan.values[size_t(a.value)].desc.dims != yd)
            std::swap(a, b);
        const auto& bd = m_plan.values[size_t(b.value)].desc.dims;
        if (m_plan.values[size_t(a.value)].desc.dims != yd || (bd != yd && !perChannel(bd)))
            return;
        const auto y = quantizedOutput(mul.outputs[0]);
        if (!y || y->activation)
            return;
        fuseBinary(mi, a, b, *y, kernels::qdqMulSpec());
    }

    /// Rewrite 5, Gemm (fully connected): B [N, K] with transB=1 (per-column scales lie on its axis 0) or per
    /// tensor; the bias must have scale aScale * bScale[n] exactly (QGemm adds it in int32); alpha = beta = 1.
    void fuseQdqGemm(size_t gi)
    {
        const Step& gemm = m_plan.steps[gi];
        const Node& gn = anchorNode(gemm);
        if (gemm.inputs.size() < 2 || gemm.outputs.size() != 1 || !isIntermediate(gemm.outputs[0])
            || gn.attrInt("transA", 0) != 0 || gn.attrFloat("alpha", 1.0f) != 1.0f
            || gn.attrFloat("beta", 1.0f) != 1.0f)
            return;
        const auto& yd = m_plan.values[size_t(gemm.outputs[0])].desc;
        if (yd.rank() != 2)
            return;
        const int64_t n = yd.dims[1];
        const bool transB = gn.attrInt("transB", 0) != 0;
        const auto a = quantizedInput(gemm.inputs[0], gi);
        if (!a || !constantOf(a->scale))
            return;
        const auto bdq = constantDequantize(gemm.inputs[1], gi,
            transB ? n : m_plan.values[size_t(gemm.inputs[1])].desc.dims[0], DataType::Int8, DataType::UInt8);
        if (!bdq)
            return;
        const HostTensor* bScale = constantOf(m_plan.steps[*bdq].inputs[1]);
        if (!transB && bScale->elementCount() != 1)
            return;
        const Int32Bias bias = int32Bias(gi, n);
        if (!bias.usable)
            return;
        const std::optional<size_t> cdq = bias.dequantize;
        if (cdq) {
            const HostTensor* cScale = constantOf(m_plan.steps[*cdq].inputs[1]);
            const float as = float(constantOf(a->scale)->valueAsDouble(0));
            for (int64_t j = 0; j < n; ++j) {
                const float bs = float(bScale->valueAsDouble(bScale->elementCount() == 1 ? 0 : j));
                if (float(cScale->valueAsDouble(cScale->elementCount() == 1 ? 0 : j)) != as * bs)
                    return;
            }
        }
        const auto y = quantizedOutput(gemm.outputs[0]);
        if (!y || y->activation)
            return;
        std::optional<size_t> bConstant;
        const int32_t bData = constantDataOf(*bdq, bConstant);
        if (bData < 0)
            return;
        const Step& bStep = m_plan.steps[*bdq];
        const Step& q = m_plan.steps[y->q];
        std::vector<int32_t> inputs(9, -1); // QGemm: A, a_scale, a_zp, B, b_scale, b_zp, C, y_scale, y_zp
        inputs[0] = a->value;
        inputs[1] = a->scale;
        inputs[2] = a->zeroPoint;
        inputs[3] = bData;
        inputs[4] = bStep.inputs[1];
        inputs[5] = bStep.inputs.size() > 2 ? bStep.inputs[2] : -1;
        inputs[6] = cdq ? m_plan.steps[*cdq].inputs[0] : -1;
        inputs[7] = q.inputs[1];
        inputs[8] = q.inputs.size() > 2 ? q.inputs[2] : -1;
        Step& fused = m_plan.steps[gi];
        fused.inputs = std::move(inputs);
        fused.spec = &kernels::qdqGemmSpec();
        absorbOptional(fused, a->dq);
        absorbOptional(fused, a->cast);
        absorbOptional(fused, bdq);
        absorbOptional(fused, bConstant);
        absorbOptional(fused, cdq);
        absorb(fused, m_plan.steps[y->q], m_plan.steps[y->q].outputs[0]);
    }
};

} // namespace

void fuseQdqSteps(SessionPlan& plan)
{
    QdqRewriter(plan).run();
}

} // namespace qs
