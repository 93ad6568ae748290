// SPDX-License-Identifier: MIT
// Optimized-mode rewrites on the step list. Each rewrite keeps the authored NodeIds it absorbs in Step::nodes so the
// profiler can attribute a fused kernel to every node it covers.
//   1. Conv + BatchNormalization -> Conv with scaled weights and shifted bias (new constants).
//   2. Conv + activations / residual Add -> one oneDNN primitive with post-ops: Relu, LeakyRelu, Clip, Sigmoid,
//      Sigmoid·Mul (SiLU/swish), HardSigmoid·Mul and HardSwish (hardswish), Add (sum).
//   3. DynamicQuantizeLinear outputs -> ConvInteger -> Cast -> Mul(Mul(x_scale, w_scale)) [-> Add(bias)] -> one
//      Int8Conv::runFloat step (kernels/int8/dynamic_conv.h), with a following Sigmoid·Mul (SiLU) as its epilogue;
//      the DynamicQuantizeLinear stays a step (it is shared).
//   4. Values flowing between convolutions and pooling, directly or through elementwise ops and channel
//      Concat/Split, stay in oneDNN's blocked layout (nChw16c with AVX-512, nChw8c with AVX2).
//   5. Standalone Sigmoid/Tanh/Relu/Exp on oneDNN's eltwise primitive.
//   6. Nearest Resize by whole factors on oneDNN's resampling (blocked-capable), chosen before rewrite 4.
#include "exec/session_plan.h"
#include "kernels/int8/dynamic_conv.h"
#include "kernels/onednn/eltwise_onednn.h"
#include "kernels/onednn/resize_onednn.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cmath>
#include <set>

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
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "ConvInteger"))
                fuseDynamicConv(i);
        useOneDnnNearestResize();
        markBlockedLayouts();
        useOneDnnActivations();
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

    /// The single live reader of intermediate `vid` (step index), if it has exactly one and it reads it once.
    std::optional<size_t> soleReader(int32_t vid) const
    {
        if (!isIntermediate(vid))
            return std::nullopt;
        const auto rd = readers(vid);
        if (rd.size() != 1)
            return std::nullopt;
        return rd[0].first;
    }
    /// For a two-input elementwise step reading `vid` once: the other input; else -1.
    int32_t otherInput(const Step& s, int32_t vid) const
    {
        if (s.inputs.size() != 2 || s.inputs[0] == s.inputs[1])
            return -1;
        return s.inputs[0] == vid ? s.inputs[1] : s.inputs[1] == vid ? s.inputs[0] : -1;
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

    /// Rewrites 3 (see the top of the file), anchored at the ConvInteger step `ci`. Leaves everything as written
    /// unless each intermediate has exactly this one consumer and the constants have the expected shapes.
    void fuseDynamicConv(size_t ci)
    {
        using namespace kernels::dynamic_conv;
        const Step& conv = m_plan.steps[ci];
        if (conv.inputs.size() < 3 || conv.outputs.size() != 1 || conv.inputs[2] < 0)
            return;
        const int32_t xq = conv.inputs[0];
        const int32_t dqlIndex = producerIndex(xq);
        if (dqlIndex < 0 || !isOp(m_plan.steps[size_t(dqlIndex)], "DynamicQuantizeLinear"))
            return;
        const Step& dql = m_plan.steps[size_t(dqlIndex)];
        if (dql.outputs.size() != 3 || dql.outputs[0] != xq || dql.outputs[2] != conv.inputs[2] || dql.outputs[1] < 0)
            return;
        const int32_t xScale = dql.outputs[1];
        const HostTensor* w = constantOf(conv.inputs[1]);
        const bool hasWzp = conv.inputs.size() > 3 && conv.inputs[3] >= 0;
        if (!w || w->rank() != 4 || (hasWzp && !constantOf(conv.inputs[3])))
            return;
        const int64_t oc = w->dims()[0];
        const auto& yd = m_plan.values[size_t(conv.outputs[0])].desc;
        if (yd.rank() != 4)
            return;

        // ConvInteger -> Cast(to float)
        const auto castIndex = soleReader(conv.outputs[0]);
        if (!castIndex || !isOp(m_plan.steps[*castIndex], "Cast"))
            return;
        const Step& cast = m_plan.steps[*castIndex];
        if (anchorNode(cast).attrInt("to", 0) != int64_t(1) /* FLOAT */ || cast.outputs.size() != 1)
            return;
        // Cast -> Mul(·, s), s = Mul(x_scale, w_scale)
        const auto mulIndex = soleReader(cast.outputs[0]);
        if (!mulIndex || !isOp(m_plan.steps[*mulIndex], "Mul"))
            return;
        const Step& mul = m_plan.steps[*mulIndex];
        const int32_t s = otherInput(mul, cast.outputs[0]);
        if (s < 0 || mul.outputs.size() != 1 || m_plan.values[size_t(mul.outputs[0])].desc.dims != yd.dims)
            return;
        const int32_t scaleIndex = producerIndex(s);
        if (scaleIndex < 0 || !soleReader(s) || !isOp(m_plan.steps[size_t(scaleIndex)], "Mul"))
            return;
        const Step& scaleMul = m_plan.steps[size_t(scaleIndex)];
        const int32_t wScale = otherInput(scaleMul, xScale);
        const HostTensor* wScaleT = constantOf(wScale);
        // A per-channel scale must lie along the channel axis to be the same product as the broadcast Mul.
        if (!wScaleT || !isPerChannel(*wScaleT, oc, true) || m_plan.values[size_t(xScale)].desc.elementCount() != 1)
            return;
        // Mul -> Add(·, bias), optional
        int32_t bias = -1;
        std::optional<size_t> addIndex;
        if (const auto r = soleReader(mul.outputs[0]); r && isOp(m_plan.steps[*r], "Add")) {
            const Step& add = m_plan.steps[*r];
            const int32_t b = otherInput(add, mul.outputs[0]);
            const HostTensor* bt = constantOf(b);
            if (bt && isPerChannel(*bt, oc, false) && add.outputs.size() == 1
                && m_plan.values[size_t(add.outputs[0])].desc.dims == yd.dims) {
                bias = b;
                addIndex = *r;
            }
        }

        Step& fused = m_plan.steps[ci];
        std::vector<int32_t> inputs(kSlotCount, -1);
        inputs[kX] = xq;
        inputs[kW] = fused.inputs[1];
        inputs[kXZeroPoint] = fused.inputs[2];
        inputs[kWZeroPoint] = hasWzp ? fused.inputs[3] : -1;
        inputs[kXScale] = xScale;
        inputs[kWScale] = wScale;
        inputs[kBias] = bias;
        fused.inputs = std::move(inputs);
        fused.spec = &kernels::dynamicConvSpec();
        absorb(fused, m_plan.steps[size_t(scaleIndex)], fused.outputs[0]);
        absorb(fused, m_plan.steps[*castIndex], fused.outputs[0]);
        absorb(fused, m_plan.steps[*mulIndex], m_plan.steps[*mulIndex].outputs[0]);
        if (addIndex)
            absorb(fused, m_plan.steps[*addIndex], m_plan.steps[*addIndex].outputs[0]);
        fuseSwishEpilogue(ci);
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

    /// Data slots of a step whose kernel computes the same bytes in Layout::Blocked as in Plain when every data tensor
    /// it touches shares the layout: elementwise ops without broadcasting, and Concat/Split along the channels of a
    /// batch-1 tensor (each part's channel blocks are then one contiguous chunk, as its channels are in NCHW). Empty
    /// when the step is not layout-transparent.
    std::vector<int32_t> transparentValues(const Step& s) const
    {
        if (s.removed || s.nodes.size() != 1 || s.outputs.empty())
            return {};
        const Node& n = anchorNode(s);
        if (!n.domain.empty())
            return {};
        auto desc = [&](int32_t vid) -> const kernels::TensorDesc& { return m_plan.values[size_t(vid)].desc; };
        std::vector<int32_t> data;
        const auto& y = desc(s.outputs[0]);
        if (y.rank() != 4)
            return {};
        static const std::set<std::string, std::less<>> kBinary { "Add", "Sub", "Mul", "Div" };
        static const std::set<std::string, std::less<>> kUnary { "Relu", "Sigmoid", "Tanh", "HardSwish", "LeakyRelu",
            "Clip" };
        if (kBinary.count(n.opType)) {
            if (s.inputs.size() != 2 || s.outputs.size() != 1 || s.inputs[0] < 0 || s.inputs[1] < 0
                || desc(s.inputs[0]).dims != y.dims || desc(s.inputs[1]).dims != y.dims)
                return {};
            data = { s.inputs[0], s.inputs[1], s.outputs[0] };
        } else if (kUnary.count(n.opType)) {
            if (s.inputs.empty() || s.inputs[0] < 0 || s.outputs.size() != 1)
                return {};
            data = { s.inputs[0], s.outputs[0] };
        } else if (n.opType == "Concat" || n.opType == "Split") {
            auto axis = kernels::normalizeAxis(n, n.attrInt("axis", 0), 4);
            if (!axis || *axis != 1)
                return {};
            const bool concat = n.opType == "Concat";
            for (size_t k = 0; k < (concat ? s.inputs.size() : 1); ++k) {
                if (s.inputs[k] < 0)
                    return {};
                data.push_back(s.inputs[k]);
            }
            for (int32_t o : s.outputs)
                if (o >= 0)
                    data.push_back(o);
        } else {
            return {};
        }
        return data;
    }

    /// Can step `s` read value `vid` at input `slot` in Layout::Blocked by itself (convolution or pooling source, or
    /// the residual of a fused Sum)?
    bool readsBlocked(const Step& s, size_t slot) const
    {
        if (!s.spec || !(s.spec->caps & kernels::kCapBlockedLayout))
            return false;
        if (slot == 0)
            return true;
        for (const PostOp& p : s.postOps)
            if (p.kind == PostOp::Kind::Sum && p.extraInput == int32_t(slot))
                return true;
        return false;
    }

    /// Rewrite 4. Values are grouped through layout-transparent steps (see transparentValues); a group stays in
    /// oneDNN's blocked layout when every member is produced and read only by blocked-capable kernels (Conv, pooling)
    /// or by transparent steps of the group, so that reorders happen only where a plain-only kernel or a graph output
    /// needs NCHW. Groups with transparent steps must be batch 1 with whole channel blocks.
    void markBlockedLayouts()
    {
        const size_t nv = m_plan.values.size();
        std::vector<int32_t> parent(nv);
        for (size_t i = 0; i < nv; ++i)
            parent[i] = int32_t(i);
        auto find = [&](int32_t v) {
            while (parent[size_t(v)] != v)
                v = parent[size_t(v)] = parent[size_t(parent[size_t(v)])];
            return v;
        };
        std::vector<bool> isTransparent(m_plan.steps.size(), false);
        std::vector<bool> inTransparentGroup(nv, false);
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            const std::vector<int32_t> data = transparentValues(m_plan.steps[i]);
            if (data.empty())
                continue;
            isTransparent[i] = true;
            for (int32_t v : data) {
                inTransparentGroup[size_t(v)] = true;
                parent[size_t(find(v))] = find(data[0]);
            }
        }
        std::vector<int32_t> producer(nv, -1), producerSlot(nv, -1);
        std::vector<std::vector<std::pair<size_t, size_t>>> readersOf(nv);
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            const Step& s = m_plan.steps[i];
            if (s.removed)
                continue;
            for (size_t k = 0; k < s.outputs.size(); ++k)
                if (s.outputs[k] >= 0) {
                    producer[size_t(s.outputs[k])] = int32_t(i);
                    producerSlot[size_t(s.outputs[k])] = int32_t(k);
                }
            for (size_t k = 0; k < s.inputs.size(); ++k)
                if (s.inputs[k] >= 0)
                    readersOf[size_t(s.inputs[k])].emplace_back(i, k);
        }
        const int64_t block = kernels::blockedChannels();
        std::vector<int8_t> groupOk(nv, 1); // per root: every member eligible
        std::vector<int8_t> groupUseful(nv, 0); // per root: some member touches a blocked-capable kernel
        std::vector<int8_t> member(nv, 0);
        for (size_t v = 0; v < nv; ++v) {
            const int32_t p = producer[v];
            const bool transparentGroup = inTransparentGroup[v];
            if (p < 0 && !transparentGroup)
                continue;
            member[v] = 1;
            const int32_t root = find(int32_t(v));
            const PlanValue& pv = m_plan.values[v];
            bool ok = p >= 0 && isIntermediate(int32_t(v)) && pv.desc.rank() == 4 && pv.desc.type == DataType::Float
                && !readersOf[v].empty();
            if (ok && transparentGroup)
                ok = pv.desc.dims[0] == 1 && pv.desc.dims[1] % block == 0;
            // Fewer channels than one block would be mostly padding, and oneDNN 2.6 runs a convolution reading such
            // a source on its reference kernel (a 3-channel nChw16c source: ~3000x slower, bench_fp32_conv).
            ok = ok && pv.desc.dims[1] >= block;
            bool useful = false;
            if (ok) {
                const Step& ps = m_plan.steps[size_t(p)];
                const bool capableProducer
                    = producerSlot[v] == 0 && ps.spec && (ps.spec->caps & kernels::kCapBlockedLayout);
                ok = capableProducer || isTransparent[size_t(p)];
                useful = capableProducer;
            }
            for (const auto& [step, slot] : readersOf[v]) {
                if (!ok)
                    break;
                const bool capable = readsBlocked(m_plan.steps[step], slot);
                ok = capable || isTransparent[step];
                useful = useful || capable;
            }
            if (!ok)
                groupOk[size_t(root)] = 0;
            if (useful)
                groupUseful[size_t(root)] = 1;
        }
        for (size_t v = 0; v < nv; ++v) {
            const int32_t root = find(int32_t(v));
            if (member[v] && groupOk[size_t(root)] && groupUseful[size_t(root)])
                m_plan.values[v].desc.layout = Layout::Blocked;
        }
    }

    /// Rewrite 5: activations left standalone (no convolution absorbed them) run on oneDNN's vectorised eltwise
    /// primitive instead of the scalar reference-style loops, when large enough for that to matter.
    void useOneDnnActivations()
    {
        for (Step& s : m_plan.steps) {
            if (s.removed || s.nodes.size() != 1 || !anchorNode(s).domain.empty() || s.inputs.empty() || s.inputs[0] < 0
                || s.outputs.size() != 1 || s.outputs[0] < 0)
                continue;
            const auto& x = m_plan.values[size_t(s.inputs[0])].desc;
            const auto& y = m_plan.values[size_t(s.outputs[0])].desc;
            if (x.type != DataType::Float || x.layout != y.layout || x.elementCount() < 4096)
                continue;
            if (const kernels::KernelSpec* spec = kernels::oneDnnEltwiseSpec(anchorNode(s).opType))
                s.spec = spec;
        }
    }

    /// Rewrite 6: nearest upscaling by whole factors (YOLO's neck) on oneDNN's resampling, which, unlike the CPU
    /// loops, can read and write the blocked layout; runs before markBlockedLayouts so that it counts as capable.
    void useOneDnnNearestResize()
    {
        for (Step& s : m_plan.steps) {
            if (s.removed || s.nodes.size() != 1 || s.inputs.empty() || s.inputs[0] < 0 || s.outputs.size() != 1
                || s.outputs[0] < 0)
                continue;
            if (kernels::oneDnnNearestResizeApplies(
                    anchorNode(s), m_plan.values[size_t(s.inputs[0])].desc, m_plan.values[size_t(s.outputs[0])].desc))
                s.spec = &kernels::oneDnnNearestResizeSpec();
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
