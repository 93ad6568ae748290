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
//      Concat/Split, stay in oneDNN's blocked layout (nChw16c with AVX-512, nChw8c with AVX2), or channels-last
//      (NHWC) where the convolutions around them run faster so (ResNet's deep layers: kernels::prefersChannelsLast).
//   5. QDQ (static INT8, e.g. PyTorch's or ONNX Runtime's QDQ export), runs before 1 and 2:
//      DequantizeLinear(x), DequantizeLinear(w) [, DequantizeLinear(bias)] -> Conv [-> Relu/Clip] -> QuantizeLinear
//      -> one requantizing int8 convolution reading x's integer tensor and writing the QuantizeLinear's output
//      (kernels/int8/qlinear.h), and DequantizeLinear(a), DequantizeLinear(b) -> Add [-> Relu] -> QuantizeLinear
//      -> one int8 add, and DequantizeLinear -> MaxPool -> QuantizeLinear (same parameters) -> an integer MaxPool.
//      Gemm likewise -> one QGemm (int8 matmul with requantization).
//      Integer tensors then flow from one quantized op to the next without a float round trip;
//      a Cast to the type the tensor already has (PyTorch writes QuantizeLinear -> Cast(uint8) -> DequantizeLinear)
//      is looked through and absorbed.
//   6. Activations between fused dynamic convolutions, through DynamicQuantizeLinear, same-shape Add, channel Concat,
//      MaxPool and nearest Resize, stay NHWC (float and uint8 alike) when nothing else reads them.
//   7. DynamicQuantizeLinear outputs -> MatMulInteger -> Cast -> Mul(Mul(x_scale, w_scale)) [-> Add(bias)] -> one
//      Int8MatMul::runFloat step (kernels/int8/dynamic_matmul.h), like rewrite 3.
//   8. A DynamicQuantizeLinear reading a fused dynamic convolution's output takes its min/max from that step (an
//      extra [2] float output of the convolution, an extra input of the DynamicQuantizeLinear): one pass less.
//   9. Standalone Sigmoid/Tanh/Relu/Exp on oneDNN's eltwise primitive.
//  10. Nearest Resize by whole factors on oneDNN's resampling (blocked-capable), chosen before rewrite 4.
#include "exec/session_plan.h"
#include "kernels/conv_geometry.h"
#include "kernels/int8/dynamic_conv.h"
#include "kernels/int8/dynamic_matmul.h"
#include "kernels/int8/nhwc_concat.h"
#include "kernels/int8/nhwc_resize.h"
#include "kernels/int8/qlinear.h"
#include "kernels/onednn/eltwise_onednn.h"
#include "kernels/onednn/resize_onednn.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
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
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "Conv"))
                fuseQdqConv(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "Add"))
                fuseQdqAdd(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "MaxPool"))
                fuseQdqMaxPool(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "Gemm"))
                fuseQdqGemm(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            if (m_plan.steps[i].removed || !isOp(m_plan.steps[i], "Conv"))
                continue;
            QS_RETURN_IF_ERROR(foldBatchNorm(i));
            fuseActivations(i);
        }
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "ConvInteger"))
                fuseDynamicConv(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "MatMulInteger"))
                fuseDynamicMatMul(i);
        fuseDynamicRanges();
        markNhwcRegions();
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
    bool isIntermediate(int32_t vid) const { return vid >= 0 && !m_plan.values[size_t(vid)].escapesSteps(); }
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

    // ---- Rewrite 5: QDQ ----

    /// The integer tensor behind a DequantizeLinear input: through a Cast to the type it already has.
    struct QuantizedInput
    {
        int32_t value = -1; ///< the uint8/int8 tensor the fused step reads
        int32_t scale = -1;
        int32_t zeroPoint = -1;
        std::optional<size_t> dq; ///< the DequantizeLinear step, when this reader is its only one
        std::optional<size_t> cast; ///< an identity Cast between, when the DequantizeLinear is its only reader
    };
    std::optional<QuantizedInput> quantizedInput(int32_t vid, size_t reader) const
    {
        const int32_t di = producerIndex(vid);
        if (di < 0 || !isOp(m_plan.steps[size_t(di)], "DequantizeLinear"))
            return std::nullopt;
        const Step& dq = m_plan.steps[size_t(di)];
        QuantizedInput q;
        q.value = dq.inputs[0];
        q.scale = dq.inputs.size() > 1 ? dq.inputs[1] : -1;
        q.zeroPoint = dq.inputs.size() > 2 ? dq.inputs[2] : -1;
        const auto& xd = m_plan.values[size_t(q.value)].desc;
        if (q.scale < 0 || m_plan.values[size_t(q.scale)].desc.elementCount() != 1
            || (q.zeroPoint >= 0 && m_plan.values[size_t(q.zeroPoint)].desc.elementCount() != 1)
            || (xd.type != DataType::UInt8 && xd.type != DataType::Int8) || xd.layout != Layout::Plain)
            return std::nullopt;
        if (const auto r = soleReader(vid); r && *r == reader)
            q.dq = size_t(di);
        const int32_t ci = producerIndex(q.value);
        if (ci >= 0 && isOp(m_plan.steps[size_t(ci)], "Cast")) {
            const Step& cast = m_plan.steps[size_t(ci)];
            const auto& src = m_plan.values[size_t(cast.inputs[0])].desc;
            if (src.type == xd.type && src.layout == Layout::Plain) {
                q.value = cast.inputs[0];
                if (q.dq && soleReader(cast.outputs[0]))
                    q.cast = size_t(ci);
            }
        }
        return q;
    }

    /// The QuantizeLinear (per tensor) that is the sole reader of `vid`, after an optional Relu/Clip.
    struct QuantizedOutput
    {
        size_t q = 0;
        std::optional<size_t> activation;
        std::optional<PostOp> op;
    };
    std::optional<QuantizedOutput> quantizedOutput(int32_t vid) const
    {
        QuantizedOutput out;
        auto r = soleReader(vid);
        if (r && (isOp(m_plan.steps[*r], "Relu") || isOp(m_plan.steps[*r], "Clip"))) {
            out.op = simpleActivation(m_plan.steps[*r]);
            if (!out.op || m_plan.steps[*r].outputs.size() != 1)
                return std::nullopt;
            out.activation = *r;
            r = soleReader(m_plan.steps[*r].outputs[0]);
        }
        if (!r || !isOp(m_plan.steps[*r], "QuantizeLinear"))
            return std::nullopt;
        const Step& q = m_plan.steps[*r];
        if (q.inputs.size() < 2 || q.inputs[0] != (out.activation ? m_plan.steps[*out.activation].outputs[0] : vid)
            || m_plan.values[size_t(q.inputs[1])].desc.elementCount() != 1
            || (q.inputs.size() > 2 && q.inputs[2] >= 0 && m_plan.values[size_t(q.inputs[2])].desc.elementCount() != 1))
            return std::nullopt;
        out.q = *r;
        return out;
    }

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

    void absorbOptional(Step& into, std::optional<size_t> index)
    {
        if (index)
            absorb(into, m_plan.steps[*index], into.outputs[0]);
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
        std::optional<size_t> bdq;
        if (conv.inputs.size() > 2 && conv.inputs[2] >= 0) {
            bdq = constantDequantize(conv.inputs[2], ci, oc, DataType::Int32, DataType::Int32);
            if (!bdq)
                return;
            // The bias' zero point must be 0 (the kernel adds the int32 values); the quantizers always write 0.
            const Step& b = m_plan.steps[*bdq];
            if (b.inputs.size() > 2 && b.inputs[2] >= 0) {
                const HostTensor* zp = constantOf(b.inputs[2]);
                for (int64_t i = 0; i < zp->elementCount(); ++i)
                    if (zp->valueAsDouble(i) != 0.0)
                        return;
            }
        }
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
        using namespace kernels::qdq_add;
        const Step& add = m_plan.steps[ai];
        if (add.inputs.size() != 2 || add.inputs[0] == add.inputs[1] || add.outputs.size() != 1
            || !isIntermediate(add.outputs[0]))
            return;
        const auto a = quantizedInput(add.inputs[0], ai);
        const auto b = quantizedInput(add.inputs[1], ai);
        if (!a || !b)
            return;
        const auto& yd = m_plan.values[size_t(add.outputs[0])].desc;
        if (m_plan.values[size_t(a->value)].desc.dims != yd.dims
            || m_plan.values[size_t(b->value)].desc.dims != yd.dims)
            return;
        const auto y = quantizedOutput(add.outputs[0]);
        if (!y || (y->op && y->op->kind != PostOp::Kind::Relu))
            return;
        const Step& q = m_plan.steps[y->q];
        std::vector<int32_t> inputs(kSlotCount, -1);
        inputs[kA] = a->value;
        inputs[kAScale] = a->scale;
        inputs[kAZeroPoint] = a->zeroPoint;
        inputs[kB] = b->value;
        inputs[kBScale] = b->scale;
        inputs[kBZeroPoint] = b->zeroPoint;
        inputs[kYScale] = q.inputs[1];
        inputs[kYZeroPoint] = q.inputs.size() > 2 ? q.inputs[2] : -1;
        Step& fused = m_plan.steps[ai];
        fused.inputs = std::move(inputs);
        fused.spec = &kernels::qdqAddSpec();
        if (y->op)
            fused.postOps.push_back(*y->op);
        absorbOptional(fused, a->dq);
        absorbOptional(fused, a->cast);
        absorbOptional(fused, b->dq);
        absorbOptional(fused, b->cast);
        absorbOptional(fused, y->activation);
        absorb(fused, m_plan.steps[y->q], m_plan.steps[y->q].outputs[0]);
    }

    /// Two scalar quantization parameters (values or omitted) that hold the same number.
    bool sameScalar(int32_t a, int32_t b) const
    {
        if (a == b)
            return true;
        const HostTensor* ta = constantOf(a);
        const HostTensor* tb = constantOf(b);
        if (a < 0 || b < 0) {
            const HostTensor* t = a < 0 ? tb : ta;
            return t && t->elementCount() == 1 && t->valueAsDouble(0) == 0.0; // an omitted zero point is 0
        }
        return ta && tb && ta->elementCount() == 1 && tb->elementCount() == 1
            && ta->valueAsDouble(0) == tb->valueAsDouble(0);
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
        std::optional<size_t> cdq;
        if (gemm.inputs.size() > 2 && gemm.inputs[2] >= 0) {
            cdq = constantDequantize(gemm.inputs[2], gi, n, DataType::Int32, DataType::Int32);
            if (!cdq)
                return;
            const Step& c = m_plan.steps[*cdq];
            const HostTensor* cScale = constantOf(c.inputs[1]);
            const float as = float(constantOf(a->scale)->valueAsDouble(0));
            for (int64_t j = 0; j < n; ++j) {
                const float bs = float(bScale->valueAsDouble(bScale->elementCount() == 1 ? 0 : j));
                if (float(cScale->valueAsDouble(cScale->elementCount() == 1 ? 0 : j)) != as * bs)
                    return;
            }
            if (c.inputs.size() > 2 && c.inputs[2] >= 0)
                for (int64_t j = 0; j < constantOf(c.inputs[2])->elementCount(); ++j)
                    if (constantOf(c.inputs[2])->valueAsDouble(j) != 0.0)
                        return;
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

    /// Rewrite 8 (see the top of the file).
    void fuseDynamicRanges()
    {
        const kernels::KernelSpec* dynamicConv = &kernels::dynamicConvSpec();
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            Step& q = m_plan.steps[i];
            if (q.removed || !isOp(q, "DynamicQuantizeLinear") || q.inputs.size() != 1 || q.inputs[0] < 0)
                continue;
            const int32_t p = producerIndex(q.inputs[0]);
            if (p < 0 || m_plan.steps[size_t(p)].spec != dynamicConv)
                continue;
            Step& conv = m_plan.steps[size_t(p)];
            if (conv.outputs.size() == 1) {
                PlanValue v;
                v.name = m_plan.values[size_t(conv.outputs[0])].name + ":range";
                v.known = true;
                v.desc.type = DataType::Float;
                v.desc.dims = { 2 };
                m_plan.values.push_back(std::move(v));
                conv.outputs.push_back(int32_t(m_plan.values.size() - 1));
            }
            q.inputs.push_back(conv.outputs[1]);
        }
    }

    /// The rank-4 values whose layout step `s` passes through unchanged (all share one layout), or empty when `s` is
    /// not such a step: DynamicQuantizeLinear (elementwise with a global range), same-shape Add (flat elementwise),
    /// Concat along the channels (nhwc_concat.h) and oneDNN MaxPool (nhwc natively).
    std::vector<int32_t> layoutFollowers(const Step& s) const
    {
        if (s.removed || s.outputs.empty() || s.outputs[0] < 0)
            return {};
        const auto& out = m_plan.values[size_t(s.outputs[0])].desc;
        const auto sameDims = [&](int32_t v) { return v >= 0 && m_plan.values[size_t(v)].desc.dims == out.dims; };
        // Static INT8 (rewrite 5): the fused int8 add is elementwise on same-shape operands, the integer MaxPool
        // has an NHWC loop.
        if (s.spec == &kernels::qdqAddSpec() && out.rank() == 4 && sameDims(s.inputs[kernels::qdq_add::kA])
            && sameDims(s.inputs[kernels::qdq_add::kB]))
            return { s.inputs[kernels::qdq_add::kA], s.inputs[kernels::qdq_add::kB], s.outputs[0] };
        if (s.spec == &kernels::qdqMaxPoolSpec() && out.rank() == 4 && s.inputs[0] >= 0)
            return { s.inputs[0], s.outputs[0] };
        if (s.nodes.size() != 1)
            return {};
        // PyTorch's same-type Cast and a per-tensor DequantizeLinear are elementwise (the tail of a static INT8
        // network: last residual add -> Cast -> DequantizeLinear -> GlobalAveragePool).
        if (isOp(s, "Cast") && s.inputs[0] >= 0 && sameDims(s.inputs[0])
            && m_plan.values[size_t(s.inputs[0])].desc.type == out.type)
            return { s.inputs[0], s.outputs[0] };
        if (isOp(s, "DequantizeLinear") && s.inputs.size() >= 2 && s.inputs[0] >= 0 && sameDims(s.inputs[0])
            && s.inputs[1] >= 0 && m_plan.values[size_t(s.inputs[1])].desc.elementCount() == 1
            && (s.inputs.size() < 3 || s.inputs[2] < 0 || m_plan.values[size_t(s.inputs[2])].desc.elementCount() == 1))
            return { s.inputs[0], s.outputs[0] };
        if (isOp(s, "DynamicQuantizeLinear"))
            return { s.inputs[0], s.outputs[0] };
        if (isOp(s, "Add") && s.inputs.size() == 2 && s.inputs[0] >= 0 && s.inputs[1] >= 0 && out.rank() == 4
            && m_plan.values[size_t(s.inputs[0])].desc.dims == out.dims
            && m_plan.values[size_t(s.inputs[1])].desc.dims == out.dims)
            return { s.inputs[0], s.inputs[1], s.outputs[0] };
        if (isOp(s, "Concat") && out.rank() == 4) {
            const int64_t axis = anchorNode(s).attrInt("axis", 0);
            if (axis != 1 && axis != -3)
                return {};
            std::vector<int32_t> v(s.inputs.begin(), s.inputs.end());
            v.push_back(s.outputs[0]);
            return v;
        }
        if (isOp(s, "Resize") && s.inputs[0] >= 0) {
            std::vector<kernels::TensorDesc> ins;
            for (int32_t v : s.inputs)
                ins.push_back(v >= 0 ? m_plan.values[size_t(v)].desc : kernels::TensorDesc {});
            if (kernels::nhwcResizeSupported(anchorNode(s), ins, out))
                return { s.inputs[0], s.outputs[0] };
            return {};
        }
        if (isOp(s, "MaxPool") && s.spec && s.spec->implementation == "onednn" && out.rank() == 4
            && (s.outputs.size() < 2 || s.outputs[1] < 0))
            return { s.inputs[0], s.outputs[0] };
        return {};
    }

    /// Rewrite 6: regions of rank-4 activations between fused dynamic convolutions are kept NHWC, oneDNN's int8
    /// layout, so that no convolution reorders its source and none transposes its output to NCHW. A region is the
    /// set of values connected through layoutFollowers() steps; it turns NHWC only when every step producing or
    /// reading one of its values is a fused dynamic convolution (as output, or as its quantized source) or such a
    /// follower — any other reader (Reshape, Split, a graph output...) keeps the whole region as written.
    void markNhwcRegions()
    {
        const kernels::KernelSpec* dynamicConv = &kernels::dynamicConvSpec();
        const kernels::KernelSpec* qdqConv = &kernels::qdqConvSpec();
        std::vector<int32_t> parent(m_plan.values.size());
        for (size_t v = 0; v < parent.size(); ++v)
            parent[v] = int32_t(v);
        const auto find = [&](int32_t v) {
            while (parent[size_t(v)] != v)
                v = parent[size_t(v)] = parent[size_t(parent[size_t(v)])];
            return v;
        };
        std::vector<std::vector<int32_t>> followers(m_plan.steps.size());
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            followers[i] = layoutFollowers(m_plan.steps[i]);
            for (size_t k = 1; k < followers[i].size(); ++k)
                if (followers[i][k] >= 0 && followers[i][0] >= 0)
                    parent[size_t(find(followers[i][k]))] = find(followers[i][0]);
        }
        // A region is usable when all its values are rank-4 activations and every touching step allows NHWC; it is
        // worth it when a fused dynamic convolution touches it.
        std::vector<char> bad(m_plan.values.size(), 0), touched(m_plan.values.size(), 0);
        for (size_t v = 0; v < m_plan.values.size(); ++v) {
            const PlanValue& pv = m_plan.values[v];
            const DataType t = pv.desc.type;
            if (!pv.known || pv.desc.rank() != 4 || pv.desc.constant || pv.graphInput >= 0 || pv.escapesSteps()
                || !(t == DataType::Float || t == DataType::UInt8 || t == DataType::Int8))
                bad[size_t(find(int32_t(v)))] = 1;
        }
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            const Step& s = m_plan.steps[i];
            if (s.removed)
                continue;
            // Static int8 convolutions (rewrite 5) read and write NHWC like the dynamic ones; a global pooling reads
            // an NHWC float input (its [N, C, 1, 1] output is the same in both layouts).
            const bool conv = s.spec == dynamicConv || s.spec == qdqConv;
            const bool globalPool = (isOp(s, "GlobalAveragePool") || isOp(s, "GlobalMaxPool")) && s.spec
                && s.spec->implementation == "cpu";
            const auto check = [&](int32_t v, bool convSlot) {
                if (v < 0)
                    return;
                const int32_t root = find(v);
                if (conv && convSlot)
                    touched[size_t(root)] = 1;
                else if (globalPool && convSlot && v == s.inputs[0]
                    && m_plan.values[size_t(v)].desc.type == DataType::Float)
                    return;
                else if (std::find(followers[i].begin(), followers[i].end(), v) == followers[i].end())
                    bad[size_t(root)] = 1;
            };
            for (size_t k = 0; k < s.inputs.size(); ++k)
                check(s.inputs[k], k == kernels::dynamic_conv::kX);
            for (size_t k = 0; k < s.outputs.size(); ++k)
                check(s.outputs[k], k == 0);
        }
        for (size_t v = 0; v < m_plan.values.size(); ++v) {
            const int32_t root = find(int32_t(v));
            if (!bad[size_t(root)] && touched[size_t(root)])
                m_plan.values[v].desc.layout = Layout::Nhwc;
        }
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            Step& s = m_plan.steps[i];
            if (followers[i].empty() || m_plan.values[size_t(s.outputs[0])].desc.layout != Layout::Nhwc)
                continue;
            if (isOp(s, "Concat"))
                s.spec = &kernels::nhwcConcatSpec();
            else if (isOp(s, "Resize"))
                s.spec = &kernels::nhwcResizeSpec();
        }
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
            // Values already NHWC (rewrite 6) keep that layout.
            bool ok = p >= 0 && isIntermediate(int32_t(v)) && pv.desc.rank() == 4 && pv.desc.type == DataType::Float
                && pv.desc.layout == Layout::Plain && !readersOf[v].empty();
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
        // A group that would be blocked goes channels-last instead when a convolution that runs faster so
        // (kernels::prefersChannelsLast) touches it and every other step touching it works on NHWC as well.
        std::vector<int8_t> nhwcOk(nv, 1), nhwcWanted(nv, 0);
        for (size_t v = 0; v < nv; ++v) {
            if (!member[v])
                continue;
            const int32_t root = find(int32_t(v));
            const auto visit = [&](size_t step) {
                const int verdict = channelsLastVerdict(m_plan.steps[step], isTransparent[step]);
                if (verdict < 0)
                    nhwcOk[size_t(root)] = 0;
                else if (verdict > 0)
                    nhwcWanted[size_t(root)] = 1;
            };
            if (producer[v] >= 0)
                visit(size_t(producer[v]));
            for (const auto& reader : readersOf[v])
                visit(reader.first);
        }
        for (size_t v = 0; v < nv; ++v) {
            const int32_t root = find(int32_t(v));
            if (member[v] && groupOk[size_t(root)] && groupUseful[size_t(root)])
                m_plan.values[v].desc.layout
                    = nhwcOk[size_t(root)] && nhwcWanted[size_t(root)] ? Layout::Nhwc : Layout::Blocked;
        }
    }

    /// For a step touching a group of rewrite 4: +1 when it is a float convolution that runs faster channels-last,
    /// 0 when NHWC suits it about as well as blocked (1x1 convolutions without groups, oneDNN pooling, elementwise
    /// steps, whose bytes do not depend on the layout), -1 when the group must stay blocked (any other convolution;
    /// Concat/Split, which interleave channels in NHWC; oneDNN resampling).
    int channelsLastVerdict(const Step& s, bool transparent) const
    {
        if (s.removed || s.nodes.empty())
            return -1;
        const Node& n = anchorNode(s);
        if (!n.domain.empty())
            return -1;
        if (transparent)
            return n.opType == "Concat" || n.opType == "Split" ? -1 : 0;
        if (s.spec && s.spec->implementation == "onednn" && (n.opType == "MaxPool" || n.opType == "AveragePool"))
            return 0;
        if (n.opType != "Conv" || !s.spec || s.spec->implementation != "onednn" || s.inputs.size() < 2
            || s.inputs[0] < 0 || s.inputs[1] < 0)
            return -1;
        auto g = kernels::convGeometry(
            n, m_plan.values[size_t(s.inputs[0])].desc.dims, m_plan.values[size_t(s.inputs[1])].desc.dims);
        if (!g)
            return -1;
        if (kernels::prefersChannelsLast(*g))
            return 1;
        const bool pointwise = g->spatialRank == 2 && g->group == 1 && g->kernel[0] == 1 && g->kernel[1] == 1;
        return pointwise ? 0 : -1;
    }

    /// Rewrite 9: activations left standalone (no convolution absorbed them) run on oneDNN's vectorised eltwise
    /// primitive instead of the scalar reference-style loops, when large enough for that to matter.
    void useOneDnnActivations()
    {
        for (Step& s : m_plan.steps) {
            if (s.removed || s.nodes.size() != 1 || !anchorNode(s).domain.empty() || s.inputs.empty() || s.inputs[0] < 0
                || s.outputs.size() != 1 || s.outputs[0] < 0)
                continue;
            const auto& x = m_plan.values[size_t(s.inputs[0])].desc;
            const auto& y = m_plan.values[size_t(s.outputs[0])].desc;
            if (x.type != DataType::Float || x.layout != y.layout || x.layout == Layout::Nhwc
                || x.elementCount() < 4096)
                continue;
            if (const kernels::KernelSpec* spec = kernels::oneDnnEltwiseSpec(anchorNode(s).opType))
                s.spec = spec;
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

    SessionPlan& m_plan;
};

} // namespace

Status applyRewrites(SessionPlan& plan)
{
    return Rewriter(plan).run();
}

} // namespace qs
