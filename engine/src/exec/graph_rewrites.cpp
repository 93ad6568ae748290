// SPDX-License-Identifier: MIT
// Optimized-mode rewrites on the step list. Each rewrite keeps the authored NodeIds it absorbs in Step::nodes so the
// profiler can attribute a fused kernel to every node it covers.
//   1. Conv + BatchNormalization -> Conv with scaled weights and shifted bias (new constants).
//   2. Conv + activations / residual Add -> one oneDNN primitive with post-ops: Relu, LeakyRelu, Clip, Sigmoid,
//      Sigmoid·Mul (SiLU/swish), HardSigmoid·Mul and HardSwish (hardswish), Add (sum).
//   3. Values flowing only from a convolution into convolutions stay in oneDNN's blocked nChw8c layout.
#include "exec/session_plan.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cmath>

namespace qs {

using kernels::Layout;
using kernels::PostOp;

namespace {

class Rewriter
{
public:
    explicit Rewriter(SessionPlan& plan)
        : m_plan(plan)
    { }

    Status run()
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            if (m_plan.steps[i].removed || !isOp(m_plan.steps[i], "Conv"))
                continue;
            QS_RETURN_IF_ERROR(foldBatchNorm(i));
            fuseActivations(i);
        }
        markBlockedLayouts();
        return Status::ok();
    }

private:
    const Node& anchorNode(const Step& s) const { return m_plan.graph().node(s.anchor); }
    bool isOp(const Step& s, std::string_view op) const
    {
        const Node& n = anchorNode(s);
        return s.nodes.size() == 1 && n.domain.empty() && n.opType == op;
    }
    bool supportsPostOps(const Step& s) const { return s.spec && (s.spec->caps & kernels::kCapPostOps); }

    /// (step, input slot) pairs reading value `vid`, over live steps.
    std::vector<std::pair<size_t, size_t>> readers(int32_t vid) const
    {
        std::vector<std::pair<size_t, size_t>> out;
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            const Step& s = m_plan.steps[i];
            if (s.removed)
                continue;
            for (size_t k = 0; k < s.inputs.size(); ++k)
                if (s.inputs[k] == vid)
                    out.emplace_back(i, k);
        }
        return out;
    }
    bool isIntermediate(int32_t vid) const { return vid >= 0 && m_plan.values[size_t(vid)].graphOutput < 0; }
    const HostTensor* constantOf(int32_t vid) const
    {
        return vid >= 0 ? m_plan.values[size_t(vid)].desc.constant : nullptr;
    }
    int32_t producerIndex(int32_t vid) const
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            const Step& s = m_plan.steps[i];
            if (s.removed)
                continue;
            for (int32_t o : s.outputs)
                if (o == vid)
                    return int32_t(i);
        }
        return -1;
    }

    void absorb(Step& into, Step& other, int32_t newOutput)
    {
        into.nodes.insert(into.nodes.end(), other.nodes.begin(), other.nodes.end());
        into.opType += "+" + other.opType;
        into.outputs[0] = newOutput;
        other.removed = true;
    }

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

    std::optional<PostOp> simpleActivation(const Step& t) const
    {
        const Node& n = anchorNode(t);
        PostOp op;
        if (n.opType == "Relu") {
            op.kind = PostOp::Kind::Relu;
        } else if (n.opType == "LeakyRelu") {
            op.kind = PostOp::Kind::LeakyRelu;
            op.a = n.attrFloat("alpha", 0.01f);
        } else if (n.opType == "Sigmoid") {
            op.kind = PostOp::Kind::Sigmoid;
        } else if (n.opType == "HardSwish") {
            op.kind = PostOp::Kind::HardSwish;
        } else if (n.opType == "Clip") {
            op.kind = PostOp::Kind::Clip;
            op.a = std::numeric_limits<float>::lowest();
            op.b = std::numeric_limits<float>::max();
            if (n.opsetVersion < 11) {
                op.a = n.attrFloat("min", op.a);
                op.b = n.attrFloat("max", op.b);
            } else {
                for (size_t k = 1; k < 3 && k < t.inputs.size(); ++k) {
                    if (t.inputs[k] < 0)
                        continue;
                    const HostTensor* c = constantOf(t.inputs[k]);
                    if (!c || c->elementCount() != 1)
                        return std::nullopt;
                    (k == 1 ? op.a : op.b) = float(c->valueAsDouble(0));
                }
            }
        } else {
            return std::nullopt;
        }
        return op;
    }

    void markBlockedLayouts()
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            const Step& s = m_plan.steps[i];
            if (s.removed || !s.spec || !(s.spec->caps & kernels::kCapBlockedLayout) || s.outputs.empty())
                continue;
            const int32_t y = s.outputs[0];
            PlanValue& v = m_plan.values[size_t(y)];
            if (!isIntermediate(y) || v.desc.rank() != 4 || v.desc.type != DataType::Float)
                continue;
            const auto rd = readers(y);
            bool allConvSrc = !rd.empty();
            for (const auto& [step, slot] : rd) {
                const Step& r = m_plan.steps[step];
                allConvSrc = allConvSrc && slot == 0 && r.spec && (r.spec->caps & kernels::kCapBlockedLayout);
            }
            if (allConvSrc)
                v.desc.layout = Layout::Blocked;
        }
    }

    SessionPlan& m_plan;
};

} // namespace

Status applyRewrites(SessionPlan& plan)
{
    return Rewriter(plan).run();
}

} // namespace qs
