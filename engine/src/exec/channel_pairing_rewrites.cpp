// SPDX-License-Identifier: MIT
// Rewrite 11 (numbers as in graph_rewrites.cpp), channel pairing for the int16 pair sums of AVX2 int8 kernels.
//
// Without VNNI the int8 convolutions add the products of input channels 2p and 2p+1 into a saturating int16
// (kernels/int8/int8_saturation.h); Int8Conv splits every same-sign weight pair with |a| + |b| > 128 and applies the
// excess as a sparse residual, which on resnet18_int8_qdq_torch (PyTorch's full-range per-channel weights) costs
// ~2.7 ms of ~27 ms on the AVX2 kind. Which channels form a pair is only the order of the channels in memory, and
// that order is free wherever every producer and every reader of an activation is ours: a fused static int8
// convolution writes channel j from its weight row j (with scale, zero point and bias j), so permuting its output
// channels is permuting those constants; a reader convolution permutes its weight columns identically; channel-wise
// steps (MaxPool, Relu, Cast, per-tensor (De)QuantizeLinear, GlobalAveragePool, the int8 add) pass the order through;
// a QGemm after GlobalAveragePool/Flatten permutes its B rows along K. Every integer sum is the same sum in another
// order, so the results are bit-identical; nothing is copied at run time.
//
// Activations that must share one order form a class (union-find over the pass-through steps, the fused residual
// add's operands, and the readers of a tensor with several consumers: ResNet's block input feeds conv1 and the
// downsampling 1x1 conv). A class is permuted only when every value in it is produced by a fused static int8
// convolution or a pass-through step and read only by such steps, fused convolutions (one group) or a QGemm; a graph
// output, a graph input, any other reader keeps it as written. The order pairs channels so that the pairs of all
// its reader convolutions' weights saturate as rarely as possible (weighted by the readers' output sizes): greedy
// matching by cost, then exchanges of partners while they help — measured on resnet18's weights by Int8Conv's own
// saturation reports, which stay what the diagnosis shows (they are computed on the weights the kernels get).
// Runs only where pairs saturate (pairsSaturate: AVX2, AVX-512 without VNNI); VNNI plans are untouched.
// SessionOptions::int8.channelPairing = false turns it off (A/B measurements, tests).
#include "exec/channel_pairing_rewrites.h"

#include "exec/channel_pairing_order.h"
#include "exec/rewrite_context.h"
#include "kernels/int8/int8_saturation.h"
#include "kernels/int8/qdq_fused.h"
#include "kernels/int8/qlinear.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <numeric>

namespace qs {

namespace {

using channel_pairing::ConsumerWeights;
namespace qc = kernels::qlinear_conv;
namespace qa = kernels::qdq_add;

/// out[o][j][i] = in[o][order[j]][i] over axis `axis` of `dims`.
void permuteAxis(const HostTensor& in, HostTensor& out, int64_t axis, const std::vector<int32_t>& order)
{
    const auto& dims = in.dims();
    int64_t outer = 1, inner = 1;
    for (int64_t k = 0; k < axis; ++k)
        outer *= dims[size_t(k)];
    for (int64_t k = axis + 1; k < int64_t(dims.size()); ++k)
        inner *= dims[size_t(k)];
    const int64_t n = dims[size_t(axis)];
    const size_t bytes = size_t(inner) * dataTypeSize(in.dataType());
    const auto* src = static_cast<const std::byte*>(in.rawData());
    auto* dst = static_cast<std::byte*>(out.rawData());
    for (int64_t o = 0; o < outer; ++o)
        for (int64_t j = 0; j < n; ++j)
            std::memcpy(dst + (o * n + j) * bytes, src + (o * n + order[size_t(j)]) * bytes, bytes);
}

constexpr int64_t kMaxPairingWork = int64_t(2) << 30;

class ChannelPairer : public RewriteContext
{
public:
    using RewriteContext::RewriteContext;

    void run()
    {
        const size_t nv = m_plan.values.size();
        m_parent.resize(nv);
        std::iota(m_parent.begin(), m_parent.end(), 0);
        for (const Step& s : m_plan.steps)
            if (!s.removed)
                for (auto [a, b] : passThrough(s))
                    unite(a, b);
        std::vector<char> bad(nv, 0);
        for (size_t v = 0; v < nv; ++v) {
            const PlanValue& pv = m_plan.values[v];
            if (pv.desc.constant || pv.graphInput >= 0 || pv.escapesSteps() || !pv.known || pv.desc.rank() < 2)
                bad[size_t(find(int32_t(v)))] = 1;
        }
        // Channel counts must agree within a class (they do for every pass-through step above; checked anyway).
        std::vector<int64_t> channels(nv, -1);
        for (size_t v = 0; v < nv; ++v) {
            const PlanValue& pv = m_plan.values[v];
            if (pv.desc.constant || pv.desc.rank() < 2)
                continue;
            int64_t& c = channels[size_t(find(int32_t(v)))];
            if (c >= 0 && c != pv.desc.dims[1])
                bad[size_t(find(int32_t(v)))] = 1;
            c = pv.desc.dims[1];
        }
        std::map<int32_t, std::vector<size_t>> consumers; // class -> reader convolutions
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            const Step& s = m_plan.steps[i];
            if (s.removed)
                continue;
            const auto through = passThrough(s);
            const auto inPassThrough = [&](int32_t v) {
                return std::any_of(
                    through.begin(), through.end(), [v](auto p) { return p.first == v || p.second == v; });
            };
            for (size_t k = 0; k < s.inputs.size(); ++k) {
                const int32_t v = s.inputs[k];
                if (v < 0 || constantOf(v))
                    continue;
                if (isConv(s) && k == qc::kX) {
                    if (permutableConv(s))
                        consumers[find(v)].push_back(i);
                    else
                        bad[size_t(find(v))] = 1;
                } else if (!inPassThrough(v) && !(s.spec == &kernels::qdqGemmSpec() && k == 0 && permutableGemm(s))) {
                    bad[size_t(find(v))] = 1;
                }
            }
            for (size_t k = 0; k < s.outputs.size(); ++k) {
                const int32_t v = s.outputs[k];
                if (v < 0)
                    continue;
                // A convolution's output order is its weight rows' order, even when it also passes an add through.
                if (isConv(s) ? !(k == 0 && permutableConv(s)) : !inPassThrough(v))
                    bad[size_t(find(v))] = 1;
            }
        }
        for (const auto& [root, readers] : consumers) {
            if (bad[size_t(root)] || channels[size_t(root)] < 4)
                continue;
            const int64_t c = channels[size_t(root)];
            std::vector<ConsumerWeights> weights;
            int64_t positions = 0;
            for (size_t si : readers) {
                weights.push_back(consumerWeights(m_plan.steps[si]));
                positions += weights.back().positions;
            }
            // Preparation time: every channel pair is compared over every reader position (~0.6 G int16 operations,
            // well under 0.1 s, for resnet18's widest class); much wider layers keep their order.
            if (c * (c - 1) / 2 * positions > kMaxPairingWork)
                continue;
            const auto costs = channel_pairing::pairCosts(weights, c);
            auto order = channel_pairing::pairingOrder(costs, c);
            if (!std::is_sorted(order.begin(), order.end()))
                m_orders[root] = std::move(order);
        }
        if (m_orders.empty())
            return;
        for (size_t i = 0; i < m_plan.steps.size(); ++i) {
            Step& s = m_plan.steps[i];
            if (s.removed)
                continue;
            if (isConv(s))
                permuteConv(i);
            else if (s.spec == &kernels::qdqGemmSpec())
                permuteGemm(i);
        }
    }

private:
    int32_t find(int32_t v)
    {
        while (m_parent[size_t(v)] != v)
            v = m_parent[size_t(v)] = m_parent[size_t(m_parent[size_t(v)])];
        return v;
    }
    void unite(int32_t a, int32_t b)
    {
        if (a >= 0 && b >= 0)
            m_parent[size_t(find(a))] = find(b);
    }
    const std::vector<int32_t>* orderOf(int32_t v)
    {
        if (v < 0)
            return nullptr;
        const auto it = m_orders.find(find(v));
        return it == m_orders.end() ? nullptr : &it->second;
    }

    bool isConv(const Step& s) const
    {
        return s.spec == &kernels::qdqConvSpec() || s.spec == &kernels::qdqConvAddSpec();
    }

    /// Scalar (per-tensor) quantization parameter or omitted.
    bool scalarOrAbsent(const Step& s, size_t k) const
    {
        return k >= s.inputs.size() || s.inputs[k] < 0 || m_plan.values[size_t(s.inputs[k])].desc.elementCount() == 1;
    }

    /// Value pairs that must share one channel order because `s` maps channel c of one to channel c of the other.
    std::vector<std::pair<int32_t, int32_t>> passThrough(const Step& s) const
    {
        if (s.outputs.empty() || s.outputs[0] < 0 || s.inputs.empty())
            return {};
        const int32_t out = s.outputs[0];
        if (s.spec == &kernels::qdqConvAddSpec() && s.inputs.size() > qc::kAddB)
            return { { s.inputs[qc::kAddB], out } };
        if (s.spec == &kernels::qdqAddSpec())
            return { { s.inputs[qa::kA], out }, { s.inputs[qa::kB], out } };
        if (s.spec == &kernels::qdqMaxPoolSpec() || s.spec == &kernels::qdqLookupSpec()
            || s.spec == &kernels::qdqGlobalAveragePoolSpec())
            return { { s.inputs[0], out } };
        // The int8 multiply: channel c of either operand (full or per channel) scales channel c of the output.
        if (s.spec == &kernels::qdqMulSpec())
            return { { s.inputs[qa::kA], out }, { s.inputs[qa::kB], out } };
        if (s.outputs.size() != 1)
            return {};
        if (isOp(s, "Cast") || isOp(s, "Relu") || isOp(s, "Identity") || isOp(s, "MaxPool")
            || isOp(s, "GlobalAveragePool") || isOp(s, "GlobalMaxPool"))
            return { { s.inputs[0], out } };
        if ((isOp(s, "DequantizeLinear") || isOp(s, "QuantizeLinear")) && scalarOrAbsent(s, 1) && scalarOrAbsent(s, 2))
            return { { s.inputs[0], out } };
        if (isOp(s, "Flatten") && anchorNode(s).attrInt("axis", 1) == 1 && s.inputs[0] >= 0) {
            const auto& d = m_plan.values[size_t(s.inputs[0])].desc.dims;
            if (d.size() == 4 && d[2] == 1 && d[3] == 1)
                return { { s.inputs[0], out } };
        }
        return {};
    }

    bool permutableConv(const Step& s) const
    {
        const HostTensor* w = constantOf(s.inputs[qc::kW]);
        return anchorNode(s).attrInt("group", 1) == 1 && w && w->rank() == 4
            && (w->dataType() == DataType::Int8 || w->dataType() == DataType::UInt8)
            && (s.inputs[qc::kWZeroPoint] < 0 || constantOf(s.inputs[qc::kWZeroPoint]))
            && constantOf(s.inputs[qc::kWScale])
            && (s.inputs.size() <= qc::kBias || s.inputs[qc::kBias] < 0 || constantOf(s.inputs[qc::kBias]))
            && (s.inputs.size() <= qc::kBiasScale || s.inputs[qc::kBiasScale] < 0
                || constantOf(s.inputs[qc::kBiasScale]));
    }

    bool permutableGemm(const Step& s) const
    {
        const Node& n = anchorNode(s);
        const HostTensor* b = constantOf(s.inputs[3]);
        return n.attrInt("transA", 0) == 0 && b && b->rank() == 2
            && m_plan.values[size_t(s.inputs[0])].desc.rank() == 2;
    }

    ConsumerWeights consumerWeights(const Step& s) const
    {
        const HostTensor& w = *constantOf(s.inputs[qc::kW]);
        const HostTensor* zp = s.inputs[qc::kWZeroPoint] >= 0 ? constantOf(s.inputs[qc::kWZeroPoint]) : nullptr;
        const int64_t oc = w.dims()[0], ic = w.dims()[1], khw = w.dims()[2] * w.dims()[3];
        ConsumerWeights c;
        c.positions = oc * khw;
        c.values.resize(size_t(ic * c.positions));
        const bool u8 = w.dataType() == DataType::UInt8;
        const auto* raw = static_cast<const uint8_t*>(w.rawData());
        for (int64_t o = 0; o < oc; ++o) {
            const int32_t z = zp ? int32_t(zp->valueAsDouble(zp->elementCount() == 1 ? 0 : o)) : 0;
            for (int64_t i = 0; i < ic; ++i)
                for (int64_t k = 0; k < khw; ++k) {
                    const uint8_t b = raw[(o * ic + i) * khw + k];
                    const int32_t v = (u8 ? int32_t(b) : int32_t(int8_t(b))) - z;
                    c.values[size_t(i * c.positions + o * khw + k)] = int16_t(std::clamp(v, -128, 127));
                }
        }
        const auto& y = m_plan.values[size_t(s.outputs[0])].desc.dims;
        c.pixels = y.size() == 4 ? y[2] * y[3] : 1;
        const auto& x = m_plan.values[size_t(s.inputs[qc::kX])].desc.dims;
        c.planePixels = x.size() == 4 ? x[2] * x[3] : 1;
        return c;
    }

    /// Rewrites constant input `slot` of step `si` with `fill(old, new)`: in place when this slot is its only reader,
    /// else as a new plan constant.
    template <typename Fill> void rewriteConstant(size_t si, size_t slot, Fill fill)
    {
        const int32_t vid = m_plan.steps[si].inputs[slot];
        const HostTensor* old = constantOf(vid);
        HostTensor t = old->clone();
        fill(*old, t);
        if (readers(vid).size() == 1) {
            auto* mine = const_cast<HostTensor*>(old); // plan.constants owns it; nothing else reads it
            std::memcpy(mine->rawData(), t.rawData(), t.byteSize());
            return;
        }
        const std::string name = m_plan.values[size_t(vid)].name + ":paired";
        const int32_t nid = m_plan.addConstant(name, std::move(t));
        m_plan.steps[si].inputs[slot] = nid;
    }

    void permuteConv(size_t si)
    {
        const Step& s = m_plan.steps[si];
        const std::vector<int32_t>* rows = orderOf(s.outputs[0]);
        const std::vector<int32_t>* cols = orderOf(s.inputs[qc::kX]);
        if (!rows && !cols)
            return;
        m_plan.steps[si].channelsPaired = true;
        rewriteConstant(si, qc::kW, [&](const HostTensor& in, HostTensor& out) {
            if (rows && cols) {
                HostTensor mid = in.clone();
                permuteAxis(in, mid, 0, *rows);
                permuteAxis(mid, out, 1, *cols);
            } else {
                permuteAxis(in, out, rows ? 0 : 1, rows ? *rows : *cols);
            }
        });
        if (!rows)
            return;
        const int64_t oc = int64_t(rows->size());
        for (size_t slot :
            { size_t(qc::kWScale), size_t(qc::kWZeroPoint), size_t(qc::kBias), size_t(qc::kBiasScale) }) {
            const Step& cur = m_plan.steps[si];
            if (slot >= cur.inputs.size() || cur.inputs[slot] < 0 || constantOf(cur.inputs[slot])->elementCount() != oc)
                continue;
            rewriteConstant(si, slot, [&](const HostTensor& in, HostTensor& out) { permuteAxis(in, out, 0, *rows); });
        }
    }

    void permuteGemm(size_t si)
    {
        const Step& s = m_plan.steps[si];
        const std::vector<int32_t>* k = orderOf(s.inputs[0]);
        if (!k)
            return;
        m_plan.steps[si].channelsPaired = true;
        const bool transB = anchorNode(s).attrInt("transB", 0) != 0;
        rewriteConstant(
            si, 3, [&](const HostTensor& in, HostTensor& out) { permuteAxis(in, out, transB ? 1 : 0, *k); });
    }

    std::vector<int32_t> m_parent;
    std::map<int32_t, std::vector<int32_t>> m_orders;
};

} // namespace

void pairInt8Channels(SessionPlan& plan)
{
    if (!plan.options.int8.channelPairing || !kernels::int8::onednnInt8Isa().pairsSaturate)
        return;
    ChannelPairer(plan).run();
}

} // namespace qs
