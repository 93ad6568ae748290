// SPDX-License-Identifier: MIT
// Rewrites of float steps (numbers as in graph_rewrites.cpp):
//   1. Conv + BatchNormalization -> Conv with scaled weights and shifted bias (new constants).
//   2. Conv + activations / residual Add -> one oneDNN primitive with post-ops: Relu, LeakyRelu, Clip, Sigmoid,
//      Sigmoid·Mul (SiLU/swish), HardSigmoid·Mul and HardSwish (hardswish), Add (sum).
//  10. Nearest Resize by whole factors on oneDNN's resampling (blocked-capable), chosen before rewrite 4.
//  matmul-epilogue: float MatMul -> Add(bias along N) [-> erf GELU], and the erf GELU after a fused dynamic int8
//      matmul, as the matmul step's epilogue (kernels/onednn/fused_matmul.h, kernels/cpu/erf_gelu_epilogue.h).
//  residual-layernorm: a float Add of two same-shape tensors read only by a LayerNormalization, as that step's
//      input (kernels/cpu/residual_layer_norm.h).
//  14. Transpose [0, 2, 1, 3] -> Softmax(axis 1) as one strided Softmax (kernels/cpu/transposed_softmax.h); a
//      DynamicQuantizeLinear reading only its output takes the Softmax's {min, max} as an extra input (as rewrite 8).
#include "exec/float_fusion_rewrites.h"

#include "exec/rewrite_context.h"
#include "kernels/cpu/channel_scale.h"
#include "kernels/cpu/layer_norm_range.h"
#include "kernels/cpu/residual_layer_norm.h"
#include "kernels/cpu/transposed_softmax.h"
#include "kernels/int8/dynamic_matmul.h"
#include "kernels/onednn/fused_matmul.h"
#include "kernels/onednn/resize_onednn.h"
#include "kernels/shape_util.h"

#include <cmath>
#include <utility>

namespace qs {

using kernels::Layout;
using kernels::PostOp;

namespace {

class FloatFusionRewriter : public RewriteContext
{
public:
    using RewriteContext::RewriteContext;

    Status fuseConvs()
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            if (m_plan.steps[i].removed || !isOp(m_plan.steps[i], "Conv"))
                continue;
            QS_RETURN_IF_ERROR(foldBatchNorm(i));
            fuseActivations(i);
        }
        return Status::ok();
    }

    /// Rewrite 14 (see the top of the file); after the layout rewrites, on plain batch-1 tensors only.
    void fuseTransposeSoftmax()
    {
        const auto plainFloat = [&](int32_t v) {
            const auto& d = m_plan.values[size_t(v)].desc;
            return d.type == DataType::Float && d.layout == Layout::Plain && d.rank() == 4 && d.dims[0] == 1;
        };
        for (size_t si = 0; si < m_plan.steps.size(); ++si) {
            Step& softmax = m_plan.steps[si];
            if (softmax.removed || !isOp(softmax, "Softmax") || softmax.inputs.size() != 1 || softmax.inputs[0] < 0
                || softmax.outputs.size() != 1 || softmax.outputs[0] < 0)
                continue;
            const Node& n = anchorNode(softmax);
            // Opset 13's axis semantics (older opsets flatten from the axis on).
            const auto axis = kernels::normalizeAxis(n, n.attrInt("axis", -1), 4);
            const int32_t t = softmax.inputs[0];
            if (n.opsetVersion < 13 || !axis || *axis != 1 || !plainFloat(t) || !plainFloat(softmax.outputs[0])
                || !soleReader(t))
                continue;
            const int32_t ti = producerIndex(t);
            if (ti < 0 || !isOp(m_plan.steps[size_t(ti)], "Transpose"))
                continue;
            Step& transpose = m_plan.steps[size_t(ti)];
            if (anchorNode(transpose).attrInts("perm") != std::vector<int64_t> { 0, 2, 1, 3 }
                || transpose.inputs.size() != 1 || transpose.inputs[0] < 0 || !plainFloat(transpose.inputs[0]))
                continue;
            softmax.inputs[0] = transpose.inputs[0];
            softmax.spec = &kernels::transposedSoftmaxSpec();
            absorb(softmax, transpose, softmax.outputs[0]);
            // A DynamicQuantizeLinear reading only the Softmax's output (YOLO's DFL convolution) takes its min/max
            // from the Softmax's stores, as rewrite 8 from a fused convolution: one pass over the tensor less.
            const int32_t y = softmax.outputs[0];
            const auto qi = soleReader(y);
            if (!qi || !isOp(m_plan.steps[*qi], "DynamicQuantizeLinear") || m_plan.steps[*qi].inputs.size() != 1
                || m_plan.steps[*qi].inputs[0] != y)
                continue;
            PlanValue range;
            range.name = m_plan.values[size_t(y)].name + ":range";
            range.known = true;
            range.desc.type = DataType::Float;
            range.desc.dims = { 2 };
            m_plan.values.push_back(std::move(range));
            const auto rv = int32_t(m_plan.values.size() - 1);
            m_plan.steps[si].outputs.push_back(rv);
            m_plan.steps[*qi].inputs.push_back(rv);
        }
    }

    /// Pass "residual-layernorm" (see the top of the file).
    void fuseResidualLayerNorms()
    {
        const auto plainFloat = [&](int32_t v, const std::vector<int64_t>& dims) {
            if (v < 0)
                return false;
            const auto& d = m_plan.values[size_t(v)].desc;
            return d.type == DataType::Float && d.layout == Layout::Plain && d.dims == dims;
        };
        for (Step& norm : m_plan.steps) {
            const bool withRange = norm.spec == &kernels::layerNormRangeSpec();
            if (norm.removed || !isOp(norm, "LayerNormalization") || norm.inputs.size() < 2 || norm.inputs.size() > 3
                || norm.inputs[0] < 0 || norm.outputs.empty() || norm.outputs[0] < 0
                || norm.outputs.size() != (withRange ? 2u : 1u))
                continue;
            const int32_t sum = norm.inputs[0];
            const int32_t ai = producerIndex(sum);
            const auto reader = soleReader(sum);
            if (ai < 0 || !reader || &m_plan.steps[*reader] != &norm)
                continue;
            Step& add = m_plan.steps[size_t(ai)];
            if (!isOp(add, "Add") || add.inputs.size() != 2 || add.outputs.size() != 1)
                continue;
            const std::vector<int64_t>& dims = m_plan.values[size_t(sum)].desc.dims;
            // Same shapes, no broadcasting: each row of the sum is a row of both operands.
            if (!plainFloat(sum, dims) || !plainFloat(add.inputs[0], dims) || !plainFloat(add.inputs[1], dims)
                || !plainFloat(norm.outputs[0], dims))
                continue;
            norm.inputs[0] = add.inputs[0];
            norm.inputs.resize(3, -1);
            norm.inputs.push_back(add.inputs[1]);
            norm.spec = &kernels::residualLayerNormSpec(withRange);
            absorb(norm, add, norm.outputs[0]);
        }
    }

    /// Pass "matmul-epilogue" (see the top of the file).
    void fuseMatMulEpilogues()
    {
        for (size_t si = 0; si < m_plan.steps.size(); ++si) {
            const Step& s = m_plan.steps[si];
            if (s.removed || s.outputs.size() != 1 || s.outputs[0] < 0)
                continue;
            if (s.spec == &kernels::dynamicMatMulSpec()) {
                if (const auto gelu = matchErfGelu(s.outputs[0])) {
                    Step& mm = m_plan.steps[si];
                    mm.inputs.resize(kernels::dynamic_matmul::kSlotCount, -1);
                    mm.inputs.insert(mm.inputs.end(), gelu->constants.begin(), gelu->constants.end());
                    absorbErfGelu(si, *gelu);
                }
            } else if (isOp(s, "MatMul")) {
                fuseFloatMatMul(si);
            }
        }
    }

    /// Rewrite 10: nearest upscaling by whole factors (YOLO's neck) on oneDNN's resampling, which, unlike the CPU
    /// loops, can read and write the blocked layout; runs before markBlockedLayouts so that it counts as capable.
    void useOneDnnNearestResize()
    {
        for (Step& s : m_plan.steps) {
            if (s.removed || s.nodes.size() != 1 || s.inputs.empty() || s.inputs[0] < 0 || s.outputs.size() != 1
                || s.outputs[0] < 0)
                continue;
            // Inside an NHWC region of the dynamic int8 path (rewrite 6) the NHWC Resize kernel is already chosen.
            if (m_plan.values[size_t(s.outputs[0])].desc.layout == Layout::Nhwc)
                continue;
            if (kernels::oneDnnNearestResizeApplies(
                    anchorNode(s), m_plan.values[size_t(s.inputs[0])].desc, m_plan.values[size_t(s.outputs[0])].desc))
                s.spec = &kernels::oneDnnNearestResizeSpec();
        }
    }

    void useChannelScale()
    {
        for (Step& s : m_plan.steps) {
            if (s.removed || s.nodes.size() != 1 || !isOp(s, "Mul") || s.inputs.size() != 2 || s.inputs[0] < 0
                || s.inputs[1] < 0 || s.outputs.size() != 1 || s.outputs[0] < 0)
                continue;
            const auto& a = m_plan.values[size_t(s.inputs[0])].desc;
            const auto& b = m_plan.values[size_t(s.inputs[1])].desc;
            const auto& y = m_plan.values[size_t(s.outputs[0])].desc;
            if (a.layout != Layout::Plain || b.layout != Layout::Plain || y.layout != Layout::Plain)
                continue;
            if (kernels::channelScaleFeatureSlot(a, b, y) >= 0)
                s.spec = &kernels::channelScaleSpec();
        }
    }

private:
    void absorbErfGelu(size_t into, const ErfGeluChain& g)
    {
        for (size_t k = 0; k < g.steps.size(); ++k) {
            Step& other = m_plan.steps[g.steps[k]];
            absorb(m_plan.steps[into], other, k + 1 == g.steps.size() ? g.output : m_plan.steps[into].outputs[0]);
        }
    }

    /// A plain float MatMul followed by an Add of a constant bias along N, optionally then an erf GELU.
    void fuseFloatMatMul(size_t si)
    {
        using namespace kernels::fused_matmul;
        const Step& mm = m_plan.steps[si];
        const auto plainFloat = [&](int32_t v) {
            const auto& d = m_plan.values[size_t(v)].desc;
            return v >= 0 && d.type == DataType::Float && d.layout == Layout::Plain;
        };
        if (mm.inputs.size() != 2 || !plainFloat(mm.inputs[0]) || !plainFloat(mm.inputs[1])
            || !plainFloat(mm.outputs[0]) || m_plan.values[size_t(mm.inputs[0])].desc.rank() < 2
            || m_plan.values[size_t(mm.inputs[1])].desc.rank() < 2)
            return;
        const int32_t y = mm.outputs[0];
        const auto& yd = m_plan.values[size_t(y)].desc;
        const auto ai = soleReader(y);
        if (!ai || !isOp(m_plan.steps[*ai], "Add") || m_plan.steps[*ai].outputs.size() != 1)
            return;
        const Step& add = m_plan.steps[*ai];
        const int32_t bias = otherInput(add, y);
        const HostTensor* bt = constantOf(bias);
        if (!bt || bt->dataType() != DataType::Float || bt->rank() < 1 || bt->elementCount() != yd.dims.back()
            || bt->dims().back() != yd.dims.back() || bt->rank() > yd.rank() || add.outputs[0] < 0
            || m_plan.values[size_t(add.outputs[0])].desc.dims != yd.dims || !plainFloat(add.outputs[0]))
            return;
        Step& fused = m_plan.steps[si];
        std::vector<int32_t> inputs(kSlotCount, -1);
        inputs[kA] = fused.inputs[0];
        inputs[kB] = fused.inputs[1];
        inputs[kBias] = bias;
        fused.inputs = std::move(inputs);
        fused.spec = &kernels::fusedMatMulSpec();
        absorb(fused, m_plan.steps[*ai], m_plan.steps[*ai].outputs[0]);
        if (const auto gelu = matchErfGelu(m_plan.steps[si].outputs[0])) {
            std::copy(gelu->constants.begin(), gelu->constants.end(), m_plan.steps[si].inputs.begin() + kGeluDivisor);
            absorbErfGelu(si, *gelu);
        }
    }

    bool supportsPostOps(const Step& s) const { return s.spec && (s.spec->caps & kernels::kCapPostOps); }

    Status foldBatchNorm(size_t ci)
    {
        Step& conv = m_plan.steps[ci];
        if (!conv.postOps.empty() || conv.outputs.size() != 1)
            return Status::ok();
        const int32_t y = conv.outputs[0];
        const auto rd = readers(y);
        if (!isIntermediate(y) || rd.size() != 1 || rd[0].second != 0)
            return Status::ok();
        Step& bn = m_plan.steps[rd[0].first];
        if (!isOp(bn, "BatchNormalization") || bn.inputs.size() < 5)
            return Status::ok();
        for (size_t k = 1; k < bn.outputs.size(); ++k)
            if (bn.outputs[k] >= 0 && !readers(bn.outputs[k]).empty())
                return Status::ok();
        const HostTensor* w = constantOf(conv.inputs[1]);
        const HostTensor* b = conv.inputs.size() > 2 ? constantOf(conv.inputs[2]) : nullptr;
        const bool hasBias = conv.inputs.size() > 2 && conv.inputs[2] >= 0;
        const HostTensor* scale = constantOf(bn.inputs[1]);
        const HostTensor* shift = constantOf(bn.inputs[2]);
        const HostTensor* mean = constantOf(bn.inputs[3]);
        const HostTensor* var = constantOf(bn.inputs[4]);
        if (!w || (hasBias && !b) || !scale || !shift || !mean || !var || w->dataType() != DataType::Float
            || anchorNode(bn).attrInt("training_mode", 0) != 0)
            return Status::ok();
        const int64_t m = w->dims()[0];
        if (scale->elementCount() != m || shift->elementCount() != m || mean->elementCount() != m
            || var->elementCount() != m)
            return Status::ok();
        const float eps = anchorNode(bn).attrFloat("epsilon", 1e-5f);
        HostTensor newW = w->clone();
        HostTensor newB(DataType::Float, { m });
        const int64_t perOc = w->elementCount() / m;
        auto wd = newW.data<float>();
        for (int64_t oc = 0; oc < m; ++oc) {
            const float a = float(scale->valueAsDouble(oc) / std::sqrt(var->valueAsDouble(oc) + eps));
            for (int64_t i = 0; i < perOc; ++i)
                wd[size_t(oc * perOc + i)] *= a;
            const float bias = b ? float(b->valueAsDouble(oc)) : 0.0f;
            newB.data<float>()[size_t(oc)] = float((bias - mean->valueAsDouble(oc)) * a + shift->valueAsDouble(oc));
        }
        const std::string base = m_plan.values[size_t(conv.inputs[1])].name;
        const int32_t wid = m_plan.addConstant(base + ":bn_folded", std::move(newW));
        const int32_t bid = m_plan.addConstant(base + ":bn_folded_bias", std::move(newB));
        Step& c = m_plan.steps[ci]; // addConstant may not move steps, but keep the access pattern uniform
        c.inputs.resize(3, -1);
        c.inputs[1] = wid;
        c.inputs[2] = bid;
        Step& bnStep = m_plan.steps[rd[0].first];
        absorb(c, bnStep, bnStep.outputs[0]);
        return Status::ok();
    }

    void fuseActivations(size_t ci)
    {
        if (!supportsPostOps(m_plan.steps[ci]))
            return;
        bool hasSum = false;
        for (;;) {
            Step& conv = m_plan.steps[ci];
            const int32_t y = conv.outputs[0];
            if (!isIntermediate(y))
                return;
            const auto rd = readers(y);
            if (rd.empty())
                return;
            Step& t = m_plan.steps[rd[0].first];
            const Node& tn = anchorNode(t);
            if (rd.size() == 1 && t.nodes.size() == 1 && tn.domain.empty()) {
                if (auto op = simpleActivation(t)) {
                    conv.postOps.push_back(*op);
                    absorb(conv, t, t.outputs[0]);
                    continue;
                }
                // Sum only as the first post-op: oneDNN's optimized convolutions reject eltwise-then-sum chains and
                // would fall back to its reference implementation (hundreds of times slower).
                if (tn.opType == "Add" && !hasSum && conv.postOps.empty() && t.inputs.size() == 2
                    && t.inputs[0] != t.inputs[1]) {
                    const int32_t other = t.inputs[0] == y ? t.inputs[1] : t.inputs[0];
                    const auto& od = m_plan.values[size_t(other)].desc;
                    const auto& yd = m_plan.values[size_t(y)].desc;
                    const int32_t prod = producerIndex(other);
                    // The residual must exist when the fused step runs (at the Conv's position) and match exactly.
                    if (od.dims == yd.dims && od.type == DataType::Float && prod < int32_t(ci)
                        && m_plan.values[size_t(other)].desc.layout == Layout::Plain) {
                        conv.inputs.resize(3, -1);
                        conv.inputs.push_back(other);
                        PostOp sum;
                        sum.kind = PostOp::Kind::Sum;
                        sum.extraInput = int32_t(conv.inputs.size() - 1);
                        conv.postOps.push_back(sum);
                        hasSum = true;
                        absorb(conv, t, t.outputs[0]);
                        continue;
                    }
                }
                return;
            }
            // x * Sigmoid(x) and x * HardSigmoid(x): two readers of y, a gate and the Mul that also reads the gate.
            if (rd.size() != 2)
                return;
            size_t gi = rd[0].first, mi = rd[1].first;
            if (isOp(m_plan.steps[mi], "Sigmoid") || isOp(m_plan.steps[mi], "HardSigmoid"))
                std::swap(gi, mi);
            Step& gate = m_plan.steps[gi];
            Step& mul = m_plan.steps[mi];
            if (!isOp(mul, "Mul") || !(isOp(gate, "Sigmoid") || isOp(gate, "HardSigmoid")))
                return;
            const int32_t g = gate.outputs[0];
            const bool mulReadsBoth
                = (mul.inputs[0] == y && mul.inputs[1] == g) || (mul.inputs[1] == y && mul.inputs[0] == g);
            const auto gr = readers(g);
            if (!mulReadsBoth || !isIntermediate(g) || gr.size() != 1)
                return;
            PostOp op;
            if (isOp(gate, "Sigmoid")) {
                op.kind = PostOp::Kind::Swish;
            } else {
                const Node& hn = anchorNode(gate);
                // oneDNN 2.6's hardswish has fixed alpha 1/6, beta 1/2 (PyTorch's); other gates stay unfused.
                if (std::fabs(hn.attrFloat("alpha", 0.2f) - 1.0f / 6.0f) > 1e-6f || hn.attrFloat("beta", 0.5f) != 0.5f)
                    return;
                op.kind = PostOp::Kind::HardSwish;
            }
            conv.postOps.push_back(op);
            absorb(conv, gate, y);
            absorb(conv, mul, mul.outputs[0]);
        }
    }
};

} // namespace

Status fuseConvBatchNormAndPostOps(SessionPlan& plan)
{
    return FloatFusionRewriter(plan).fuseConvs();
}

void fuseTransposeSoftmax(SessionPlan& plan)
{
    FloatFusionRewriter(plan).fuseTransposeSoftmax();
}

void fuseResidualLayerNorms(SessionPlan& plan)
{
    FloatFusionRewriter(plan).fuseResidualLayerNorms();
}

void fuseMatMulEpilogues(SessionPlan& plan)
{
    FloatFusionRewriter(plan).fuseMatMulEpilogues();
}

void useOneDnnNearestResize(SessionPlan& plan)
{
    FloatFusionRewriter(plan).useOneDnnNearestResize();
}

void useChannelScale(SessionPlan& plan)
{
    FloatFusionRewriter(plan).useChannelScale();
}

} // namespace qs
