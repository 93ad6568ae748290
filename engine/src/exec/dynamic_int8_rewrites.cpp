// SPDX-License-Identifier: MIT
// Rewrites of the dynamic int8 path (numbers as in graph_rewrites.cpp):
//   3. DynamicQuantizeLinear outputs -> ConvInteger -> Cast -> Mul(Mul(x_scale, w_scale)) [-> Add(bias)] -> one
//      Int8Conv::runFloat step (kernels/int8/dynamic_conv.h), with a following Sigmoid·Mul (SiLU) as its epilogue;
//      the DynamicQuantizeLinear stays a step (it is shared).
//   7. DynamicQuantizeLinear outputs -> MatMulInteger -> Cast -> Mul(Mul(x_scale, w_scale)) [-> Add(bias)] -> one
//      Int8MatMul::runFloat step (kernels/int8/dynamic_matmul.h), like rewrite 3.
//   8. A DynamicQuantizeLinear reading a fused dynamic convolution's output takes its min/max from that step (an
//      extra [2] float output of the convolution, an extra input of the DynamicQuantizeLinear): one pass less.
//      Likewise after a LayerNormalization with no Mean/InvStdDev outputs (a transformer's norm before its
//      quantize_dynamic MatMul), which then runs as kernels/cpu/layer_norm_range.h, and after a fused dynamic
//      matmul with the erf-GELU epilogue (a transformer's FFN: linear1 + GELU -> linear2's quantization). The
//      producer may be reached through Transposes and views (same values, same range).
//  12. Concat -> DynamicQuantizeLinear (YOLO's C3 and SPPF blocks, where the concatenation feeds only the next
//      convolution's quantization) -> one step writing the uint8 concatenation from the parts
//      (kernels/int8/concat_quantize.h), the parts made by fused dynamic convolutions bringing their range as in 8.
//      Runs after the layout rewrites: it keeps the layouts they chose (Plain or the NHWC regions of rewrite 6).
//  13. A fused dynamic convolution's NHWC float output read only by an Add with another activation of its shape (the
//      residual of YOLO's C3 bottlenecks) -> the Add as a Sum post-op of the convolution: added to each finished
//      tile in the epilogue (kernels/int8/float_epilogue.h), the range, if any, then being that of the sums. After
//      the layout rewrites too (a residual input is not a layout follower of the convolution).
#include "exec/dynamic_int8_rewrites.h"

#include "exec/rewrite_context.h"
#include "kernels/cpu/layer_norm_range.h"
#include "kernels/int8/concat_quantize.h"
#include "kernels/int8/dynamic_conv.h"
#include "kernels/int8/dynamic_matmul.h"

#include <algorithm>
#include <utility>

namespace qs {

using kernels::PostOp;

namespace {

class DynamicInt8Rewriter : public RewriteContext
{
public:
    using RewriteContext::RewriteContext;

    void fuseConvs()
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "ConvInteger"))
                fuseDynamicConv(i);
    }

    void fuseMatMuls()
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "MatMulInteger"))
                fuseDynamicMatMul(i);
    }

    /// Rewrite 8 (see the top of the file).
    void fuseDynamicRanges()
    {
        const kernels::KernelSpec* dynamicConv = &kernels::dynamicConvSpec();
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            Step& q = m_plan.steps[i];
            if (q.removed || !isOp(q, "DynamicQuantizeLinear") || q.inputs.size() != 1 || q.inputs[0] < 0)
                continue;
            int32_t x = q.inputs[0];
            int32_t p = producerIndex(x);
            // Through a Transpose or a view (a transformer's [1, T, D] -> [T, 1, D] before its QKV quantization):
            // they move values without changing any, so the tensor before them has the same {min, max}.
            while (p >= 0 && movesValuesOnly(m_plan.steps[size_t(p)]) && m_plan.steps[size_t(p)].inputs[0] >= 0) {
                x = m_plan.steps[size_t(p)].inputs[0];
                p = producerIndex(x);
            }
            if (p < 0)
                continue;
            const bool reportsRange = m_plan.steps[size_t(p)].spec == dynamicConv || isGeluDynamicMatMul(size_t(p), x)
                || takeLayerNormRange(size_t(p), x);
            if (!reportsRange)
                continue;
            const int32_t range = rangeOutput(size_t(p));
            m_plan.steps[i].inputs.push_back(range);
        }
    }

    /// Rewrite 12 (see the top of the file).
    void fuseConcatQuantize()
    {
        const kernels::KernelSpec* dynamicConv = &kernels::dynamicConvSpec();
        for (size_t ci = 0; ci < m_plan.steps.size(); ++ci) {
            Step& c = m_plan.steps[ci];
            if (c.removed || !isOp(c, "Concat") || c.outputs.size() != 1 || c.outputs[0] < 0 || c.inputs.empty()
                || c.inputs.size() != anchorNode(c).inputs.size())
                continue;
            const int32_t y = c.outputs[0];
            const auto qi = soleReader(y);
            if (!qi || !isOp(m_plan.steps[*qi], "DynamicQuantizeLinear"))
                continue;
            const Step& q = m_plan.steps[*qi];
            if (q.inputs.size() != 1 || q.inputs[0] != y || q.outputs.empty() || q.outputs[0] < 0)
                continue;
            const kernels::TensorDesc& yd = m_plan.values[size_t(y)].desc;
            const kernels::Layout layout = yd.layout;
            if (yd.type != DataType::Float || !m_plan.values[size_t(y)].known
                || (layout != kernels::Layout::Plain && layout != kernels::Layout::Nhwc)
                || m_plan.values[size_t(q.outputs[0])].desc.layout != layout)
                continue;
            bool ok = true;
            for (int32_t v : c.inputs) {
                const PlanValue& pv = v >= 0 ? m_plan.values[size_t(v)] : m_plan.values[size_t(y)];
                ok = ok && v >= 0 && pv.known && !pv.runTimeShape && pv.desc.type == DataType::Float
                    && pv.desc.layout == layout && pv.desc.rank() == yd.rank();
            }
            if (!ok)
                continue;
            std::vector<int32_t> inputs = c.inputs;
            for (int32_t v : c.inputs) {
                const int32_t p = producerIndex(v);
                const bool convPart
                    = p >= 0 && m_plan.steps[size_t(p)].spec == dynamicConv && m_plan.steps[size_t(p)].outputs[0] == v;
                inputs.push_back(convPart ? rangeOutput(size_t(p)) : -1);
            }
            Step& fused = m_plan.steps[ci];
            Step& quant = m_plan.steps[*qi];
            fused.inputs = std::move(inputs);
            fused.outputs = quant.outputs;
            fused.spec = &kernels::concatDynamicQuantizeSpec();
            absorb(fused, quant, quant.outputs[0]);
        }
    }

    /// Rewrite 13 (see the top of the file).
    void fuseDynamicResiduals()
    {
        const kernels::KernelSpec* dynamicConv = &kernels::dynamicConvSpec();
        const auto nhwcFloat = [&](int32_t v, const std::vector<int64_t>& dims) {
            const auto& d = m_plan.values[size_t(v)].desc;
            return d.type == DataType::Float && d.layout == kernels::Layout::Nhwc && d.dims == dims && !d.constant;
        };
        for (size_t ci = 0; ci < m_plan.steps.size(); ++ci) {
            Step& conv = m_plan.steps[ci];
            if (conv.removed || conv.spec != dynamicConv || conv.outputs.size() != 1 || conv.outputs[0] < 0)
                continue;
            if (std::any_of(conv.postOps.begin(), conv.postOps.end(),
                    [](const PostOp& p) { return p.kind == PostOp::Kind::Sum; }))
                continue;
            const int32_t y = conv.outputs[0];
            const std::vector<int64_t> dims = m_plan.values[size_t(y)].desc.dims;
            const auto ai = soleReader(y);
            if (!ai || !nhwcFloat(y, dims) || !isOp(m_plan.steps[*ai], "Add"))
                continue;
            Step& add = m_plan.steps[*ai];
            const int32_t r = otherInput(add, y);
            if (r < 0 || add.outputs.size() != 1 || add.outputs[0] < 0 || !nhwcFloat(r, dims)
                || !nhwcFloat(add.outputs[0], dims))
                continue;
            // The residual must exist when the convolution runs, at its place in the step order.
            const int32_t p = producerIndex(r);
            if (p < 0 || size_t(p) >= ci)
                continue;
            PostOp sum;
            sum.kind = PostOp::Kind::Sum;
            sum.extraInput = int32_t(conv.inputs.size());
            conv.inputs.push_back(r);
            conv.postOps.push_back(sum);
            absorb(conv, add, add.outputs[0]);
        }
    }

private:
    /// A single authored Transpose, Reshape, Flatten, Squeeze, Unsqueeze or Identity of float data: its output holds
    /// exactly the values of its first input, in another order or shape.
    bool movesValuesOnly(const Step& s) const
    {
        if (s.removed || s.nodes.size() != 1 || !s.postOps.empty() || s.inputs.empty() || s.outputs.size() != 1
            || s.outputs[0] < 0)
            return false;
        const Node& n = m_plan.graph().node(s.anchor);
        return n.domain.empty() && (n.opType == "Transpose" || isViewOpType(n.opType))
            && m_plan.values[size_t(s.outputs[0])].desc.type == DataType::Float;
    }

    /// Whether the step at `p` is a LayerNormalization writing only `y` (float, its shape known at planning) that
    /// can report y's range; switches it to the range-reporting kernel (rangeOutput() then adds the output).
    bool takeLayerNormRange(size_t p, int32_t y)
    {
        Step& ln = m_plan.steps[p];
        const kernels::KernelSpec* withRange = &kernels::layerNormRangeSpec();
        if (ln.spec == withRange)
            return true;
        if (ln.removed || !isOp(ln, "LayerNormalization") || !ln.postOps.empty() || ln.outputs.size() != 1
            || ln.outputs[0] != y)
            return false;
        const PlanValue& v = m_plan.values[size_t(y)];
        if (!v.known || v.runTimeShape || v.desc.type != DataType::Float || v.desc.layout != kernels::Layout::Plain)
            return false;
        ln.spec = withRange;
        return true;
    }

    /// A fused dynamic matmul with the erf-GELU epilogue (pass matmul-epilogue), which takes the range in the
    /// GELU's L1 blocks; without it the range would be a pass of its own over y, no better than the quantizer's.
    bool isGeluDynamicMatMul(size_t p, int32_t y) const
    {
        const Step& mm = m_plan.steps[p];
        return mm.spec == &kernels::dynamicMatMulSpec() && mm.inputs.size() > kernels::dynamic_matmul::kGeluDivisor
            && mm.inputs[kernels::dynamic_matmul::kGeluDivisor] >= 0 && !mm.outputs.empty() && mm.outputs[0] == y
            && m_plan.values[size_t(y)].desc.layout == kernels::Layout::Plain;
    }

    /// The [2] float {min, max} output of the producing step at `convIndex` (a fused dynamic convolution or a
    /// range-reporting LayerNormalization), added on first request.
    int32_t rangeOutput(size_t convIndex)
    {
        Step& conv = m_plan.steps[convIndex];
        if (conv.outputs.size() == 1) {
            PlanValue v;
            v.name = m_plan.values[size_t(conv.outputs[0])].name + ":range";
            v.known = true;
            v.desc.type = DataType::Float;
            v.desc.dims = { 2 };
            m_plan.values.push_back(std::move(v));
            conv.outputs.push_back(int32_t(m_plan.values.size() - 1));
        }
        return conv.outputs[1];
    }

    /// 1 or `channels` values laid along axis 1 of a rank-4 NCHW output under broadcasting: [1,C,1,1] or [C,1,1]
    /// ([C] would broadcast along the width).
    bool isPerChannel(const HostTensor& t, int64_t channels, bool allowScalar) const
    {
        if (t.dataType() != DataType::Float)
            return false;
        if (t.elementCount() == 1)
            return allowScalar;
        if (t.elementCount() != channels)
            return false;
        const auto& d = t.dims();
        return d == std::vector<int64_t> { 1, channels, 1, 1 } || d == std::vector<int64_t> { channels, 1, 1 };
    }

    /// The parts of rewrites 3 and 7 around the integer op: DynamicQuantizeLinear feeding it, and the
    /// Cast -> Mul(Mul(x_scale, w_scale)) [-> Add(bias)] chain reading it.
    struct DynamicChain
    {
        int32_t xq = -1;
        int32_t xScale = -1;
        bool hasWzp = false;
        size_t castIndex = 0;
        size_t mulIndex = 0;
        size_t scaleIndex = 0;
        int32_t wScale = -1;
        int32_t bias = -1;
        std::optional<size_t> addIndex;
    };

    /// Matches DynamicQuantizeLinear -> the integer op at `anchorIndex` (inputs x_q, w, x_zp [, w_zp]); fills
    /// xq, xScale and hasWzp. The weights and w_zp are checked by the caller.
    bool matchDynamicInput(size_t anchorIndex, DynamicChain& chain) const
    {
        const Step& op = m_plan.steps[anchorIndex];
        if (op.inputs.size() < 3 || op.outputs.size() != 1 || op.inputs[2] < 0)
            return false;
        const int32_t xq = op.inputs[0];
        const int32_t dqlIndex = producerIndex(xq);
        if (dqlIndex < 0 || !isOp(m_plan.steps[size_t(dqlIndex)], "DynamicQuantizeLinear"))
            return false;
        const Step& dql = m_plan.steps[size_t(dqlIndex)];
        if (dql.outputs.size() != 3 || dql.outputs[0] != xq || dql.outputs[2] != op.inputs[2] || dql.outputs[1] < 0)
            return false;
        chain.xq = xq;
        chain.xScale = dql.outputs[1];
        chain.hasWzp = op.inputs.size() > 3 && op.inputs[3] >= 0;
        return true;
    }

    /// Matches the float chain after the integer op at `anchorIndex`; `fitsOutput(tensor, allowScalar)` says whether
    /// a constant w_scale (scalar allowed) or bias (not) broadcasts along the output's channels/columns.
    template <typename FitsOutput>
    bool matchDequantChain(size_t anchorIndex, const FitsOutput& fitsOutput, DynamicChain& chain) const
    {
        const Step& op = m_plan.steps[anchorIndex];
        const auto& yd = m_plan.values[size_t(op.outputs[0])].desc;
        // integer op -> Cast(to float)
        const auto castIndex = soleReader(op.outputs[0]);
        if (!castIndex || !isOp(m_plan.steps[*castIndex], "Cast"))
            return false;
        const Step& cast = m_plan.steps[*castIndex];
        if (anchorNode(cast).attrInt("to", 0) != int64_t(1) /* FLOAT */ || cast.outputs.size() != 1)
            return false;
        // Cast -> Mul(·, s), s = Mul(x_scale, w_scale)
        const auto mulIndex = soleReader(cast.outputs[0]);
        if (!mulIndex || !isOp(m_plan.steps[*mulIndex], "Mul"))
            return false;
        const Step& mul = m_plan.steps[*mulIndex];
        const int32_t s = otherInput(mul, cast.outputs[0]);
        if (s < 0 || mul.outputs.size() != 1 || m_plan.values[size_t(mul.outputs[0])].desc.dims != yd.dims)
            return false;
        const int32_t scaleIndex = producerIndex(s);
        if (scaleIndex < 0 || !soleReader(s) || !isOp(m_plan.steps[size_t(scaleIndex)], "Mul"))
            return false;
        const int32_t wScale = otherInput(m_plan.steps[size_t(scaleIndex)], chain.xScale);
        const HostTensor* wScaleT = constantOf(wScale);
        // A per-channel scale must lie along the output's channel axis to be the same product as the broadcast Mul.
        if (!wScaleT || !fitsOutput(*wScaleT, true) || m_plan.values[size_t(chain.xScale)].desc.elementCount() != 1)
            return false;
        chain.castIndex = *castIndex;
        chain.mulIndex = *mulIndex;
        chain.scaleIndex = size_t(scaleIndex);
        chain.wScale = wScale;
        // Mul -> Add(·, bias), optional
        chain.bias = -1;
        chain.addIndex.reset();
        if (const auto r = soleReader(mul.outputs[0]); r && isOp(m_plan.steps[*r], "Add")) {
            const Step& add = m_plan.steps[*r];
            const int32_t b = otherInput(add, mul.outputs[0]);
            const HostTensor* bt = constantOf(b);
            if (bt && fitsOutput(*bt, false) && add.outputs.size() == 1
                && m_plan.values[size_t(add.outputs[0])].desc.dims == yd.dims) {
                chain.bias = b;
                chain.addIndex = *r;
            }
        }
        return true;
    }

    /// Turns the integer op at `anchorIndex` into the fused `spec` step and absorbs the matched chain into it.
    void fuseDynamicChain(size_t anchorIndex, const DynamicChain& chain, const kernels::KernelSpec& spec)
    {
        // dynamic_conv and dynamic_matmul share their slot layout.
        using namespace kernels::dynamic_conv;
        namespace dm = kernels::dynamic_matmul;
        static_assert(int(kX) == dm::kX && int(kW) == dm::kW && int(kXZeroPoint) == dm::kXZeroPoint
            && int(kWZeroPoint) == dm::kWZeroPoint && int(kXScale) == dm::kXScale && int(kWScale) == dm::kWScale
            && int(kBias) == dm::kBias && int(kSlotCount) == dm::kSlotCount);
        Step& fused = m_plan.steps[anchorIndex];
        std::vector<int32_t> inputs(kSlotCount, -1);
        inputs[kX] = chain.xq;
        inputs[kW] = fused.inputs[1];
        inputs[kXZeroPoint] = fused.inputs[2];
        inputs[kWZeroPoint] = chain.hasWzp ? fused.inputs[3] : -1;
        inputs[kXScale] = chain.xScale;
        inputs[kWScale] = chain.wScale;
        inputs[kBias] = chain.bias;
        fused.inputs = std::move(inputs);
        fused.spec = &spec;
        absorb(fused, m_plan.steps[chain.scaleIndex], fused.outputs[0]);
        absorb(fused, m_plan.steps[chain.castIndex], fused.outputs[0]);
        absorb(fused, m_plan.steps[chain.mulIndex], m_plan.steps[chain.mulIndex].outputs[0]);
        if (chain.addIndex)
            absorb(fused, m_plan.steps[*chain.addIndex], m_plan.steps[*chain.addIndex].outputs[0]);
    }

    /// Rewrites 3 (see the top of the file), anchored at the ConvInteger step `ci`. Leaves everything as written
    /// unless each intermediate has exactly this one consumer and the constants have the expected shapes.
    void fuseDynamicConv(size_t ci)
    {
        DynamicChain chain;
        if (!matchDynamicInput(ci, chain))
            return;
        const Step& conv = m_plan.steps[ci];
        const HostTensor* w = constantOf(conv.inputs[1]);
        if (!w || w->rank() != 4 || (chain.hasWzp && !constantOf(conv.inputs[3])))
            return;
        const int64_t oc = w->dims()[0];
        if (m_plan.values[size_t(conv.outputs[0])].desc.rank() != 4)
            return;
        const auto perChannel = [&](const HostTensor& t, bool allowScalar) { return isPerChannel(t, oc, allowScalar); };
        if (!matchDequantChain(ci, perChannel, chain))
            return;
        fuseDynamicChain(ci, chain, kernels::dynamicConvSpec());
        fuseSwishEpilogue(ci);
    }

    /// 1 or `n` float values broadcasting along the last axis of a matmul output: [n], [1, n], [1, 1, n]...
    bool isPerColumn(const HostTensor& t, int64_t n, bool allowScalar) const
    {
        if (t.dataType() != DataType::Float)
            return false;
        if (t.elementCount() == 1)
            return allowScalar;
        return t.elementCount() == n && t.rank() >= 1 && t.dims().back() == n;
    }

    /// Rewrite 7 (see the top of the file), anchored at the MatMulInteger step `mi`; B must be a 2-D constant.
    void fuseDynamicMatMul(size_t mi)
    {
        DynamicChain chain;
        if (!matchDynamicInput(mi, chain))
            return;
        const Step& mm = m_plan.steps[mi];
        const HostTensor* w = constantOf(mm.inputs[1]);
        if (!w || w->rank() != 2 || (chain.hasWzp && !constantOf(mm.inputs[3])))
            return;
        const int64_t n = w->dims()[1];
        if (chain.hasWzp && constantOf(mm.inputs[3])->elementCount() != 1
            && constantOf(mm.inputs[3])->elementCount() != n)
            return;
        if (m_plan.values[size_t(mm.outputs[0])].desc.rank() < 2)
            return;
        const auto perColumn = [&](const HostTensor& t, bool allowScalar) { return isPerColumn(t, n, allowScalar); };
        if (!matchDequantChain(mi, perColumn, chain))
            return;
        fuseDynamicChain(mi, chain, kernels::dynamicMatMulSpec());
    }
    /// y * Sigmoid(y) after a fused dynamic convolution (YOLO's SiLU) as the kernel's epilogue.
    void fuseSwishEpilogue(size_t ci)
    {
        const int32_t y = m_plan.steps[ci].outputs[0];
        if (!isIntermediate(y))
            return;
        const auto rd = readers(y);
        if (rd.size() != 2)
            return;
        size_t gi = rd[0].first, mi = rd[1].first;
        if (isOp(m_plan.steps[mi], "Sigmoid"))
            std::swap(gi, mi);
        const Step& gate = m_plan.steps[gi];
        const Step& mul = m_plan.steps[mi];
        if (!isOp(gate, "Sigmoid") || !isOp(mul, "Mul") || gate.outputs.size() != 1 || mul.outputs.size() != 1)
            return;
        const int32_t g = gate.outputs[0];
        const auto gr = soleReader(g);
        if (!gr || *gr != mi || otherInput(mul, y) != g)
            return;
        Step& fused = m_plan.steps[ci];
        PostOp op;
        op.kind = PostOp::Kind::Swish;
        fused.postOps.push_back(op);
        absorb(fused, m_plan.steps[gi], y);
        absorb(fused, m_plan.steps[mi], m_plan.steps[mi].outputs[0]);
    }
};

} // namespace

void fuseDynamicConvolutions(SessionPlan& plan)
{
    DynamicInt8Rewriter(plan).fuseConvs();
}

void fuseDynamicMatMuls(SessionPlan& plan)
{
    DynamicInt8Rewriter(plan).fuseMatMuls();
}

void fuseDynamicRanges(SessionPlan& plan)
{
    DynamicInt8Rewriter(plan).fuseDynamicRanges();
}

void fuseDynamicResiduals(SessionPlan& plan)
{
    DynamicInt8Rewriter(plan).fuseDynamicResiduals();
}

void fuseConcatQuantize(SessionPlan& plan)
{
    DynamicInt8Rewriter(plan).fuseConcatQuantize();
}

} // namespace qs
