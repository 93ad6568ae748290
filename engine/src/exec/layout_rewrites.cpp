// SPDX-License-Identifier: MIT
// Layout rewrites (numbers as in graph_rewrites.cpp). They run after the fusions because they look at the kernels
// the fused steps chose, and change only PlanValue layouts and the spec of a few followers:
//   4. Values flowing between convolutions and pooling, directly or through elementwise ops and channel
//      Concat/Split, stay in oneDNN's blocked layout (nChw16c with AVX-512, nChw8c with AVX2), or channels-last
//      (NHWC) where the convolutions around them run faster so (ResNet's deep layers: kernels::prefersChannelsLast).
//   6. Activations between fused int8 convolutions, through DynamicQuantizeLinear, per-tensor QuantizeLinear and
//      DequantizeLinear, same-shape Add, channel Concat (also fused with its parts' QDQ), MaxPool and nearest Resize,
//      stay NHWC (float and uint8 alike) when nothing else reads them.
#include "exec/layout_rewrites.h"

#include "exec/rewrite_context.h"
#include "kernels/conv_geometry.h"
#include "kernels/cpu/channel_scale.h"
#include "kernels/int8/dynamic_conv.h"
#include "kernels/int8/nhwc_concat.h"
#include "kernels/int8/nhwc_resize.h"
#include "kernels/int8/qdq_fused.h"
#include "kernels/int8/qlinear.h"
#include "kernels/shape_util.h"

#include <algorithm>
#include <set>

namespace qs {

using kernels::Layout;
using kernels::PostOp;

namespace {

class LayoutRewriter : public RewriteContext
{
public:
    using RewriteContext::RewriteContext;

    /// Rewrite 6: regions of rank-4 activations between fused dynamic convolutions are kept NHWC, oneDNN's int8
    /// layout, so that no convolution reorders its source and none transposes its output to NCHW. A region is the
    /// set of values connected through layoutFollowers() steps; it turns NHWC only when every step producing or
    /// reading one of its values is a fused dynamic convolution (as output, or as its quantized source) or such a
    /// follower — any other reader (Reshape, Split, a graph output...) keeps the whole region as written.
    void markNhwcRegions()
    {
        const kernels::KernelSpec* dynamicConv = &kernels::dynamicConvSpec();
        const kernels::KernelSpec* qdqConv = &kernels::qdqConvSpec();
        const kernels::KernelSpec* qdqConvAdd = &kernels::qdqConvAddSpec();
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
            const bool conv = s.spec == dynamicConv || s.spec == qdqConv || s.spec == qdqConvAdd;
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
            if (followers[i].empty() || s.outputs.empty() || s.outputs[0] < 0
                || m_plan.values[size_t(s.outputs[0])].desc.layout != Layout::Nhwc)
                continue;
            if (isOp(s, "Concat") || isQdqConcat(s))
                s.spec = &kernels::nhwcConcatSpec();
            else if (isOp(s, "Resize"))
                s.spec = &kernels::nhwcResizeSpec();
        }
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

private:
    /// A Concat the qdq-int8 rewrite fused with its parts' DequantizeLinear and its QuantizeLinear: it reads and
    /// writes 8-bit values of one type.
    bool isQdqConcat(const Step& s) const
    {
        const Node& n = anchorNode(s);
        if (s.nodes.size() < 2 || !n.domain.empty() || n.opType != "Concat" || s.outputs.size() != 1
            || s.outputs[0] < 0)
            return false;
        const DataType t = m_plan.values[size_t(s.outputs[0])].desc.type;
        if (t != DataType::UInt8 && t != DataType::Int8)
            return false;
        return std::all_of(s.inputs.begin(), s.inputs.end(),
            [&](int32_t v) { return v >= 0 && m_plan.values[size_t(v)].desc.type == t; });
    }

    /// Every input and the output of a channel Concat (axis 1), or nothing for another axis.
    std::vector<int32_t> channelConcatFollowers(const Step& s) const
    {
        const int64_t axis = anchorNode(s).attrInt("axis", 0);
        if (axis != 1 && axis != -3)
            return {};
        std::vector<int32_t> v(s.inputs.begin(), s.inputs.end());
        v.push_back(s.outputs[0]);
        return v;
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
        // The convolution + add (rewrite 5) writes its output elementwise from the add's other operand.
        if (s.spec == &kernels::qdqConvAddSpec() && out.rank() == 4 && sameDims(s.inputs[kernels::qlinear_conv::kAddB]))
            return { s.inputs[kernels::qlinear_conv::kAddB], s.outputs[0] };
        if (s.spec == &kernels::qdqMaxPoolSpec() && out.rank() == 4 && s.inputs[0] >= 0)
            return { s.inputs[0], s.outputs[0] };
        // The int8 multiply is elementwise on its full-shape operands; a per-channel operand [N, C, 1, 1] is the same
        // bytes in both layouts, so the squeeze-excite scale joins the region of the feature map it scales.
        if (s.spec == &kernels::qdqMulSpec() && out.rank() == 4 && sameDims(s.inputs[kernels::qdq_mul::kA]))
            return { s.inputs[kernels::qdq_mul::kA], s.inputs[kernels::qdq_mul::kB], s.outputs[0] };
        // The integer global average pool reads NHWC; its [N, C, 1, 1] output stays outside the region (the same bytes
        // in both layouts), so whatever reads it (Flatten, a plain-only kernel) does not hold the feature map plain.
        if (s.spec == &kernels::qdqGlobalAveragePoolSpec())
            return { s.inputs[kernels::qdq_global_pool::kX] };
        // The byte lookup (qdq-lookup-table) is elementwise.
        if (s.spec == &kernels::qdqLookupSpec() && s.inputs[0] >= 0)
            return { s.inputs[0], s.outputs[0] };
        // A QDQ Concat (qdq-int8: the parts' bytes concatenated, a part with other parameters through its table step)
        // joins 8-bit values along the channels like the unfused one.
        if (isQdqConcat(s) && out.rank() == 4)
            return channelConcatFollowers(s);
        if (s.nodes.size() != 1)
            return {};
        // PyTorch's same-type Cast and a per-tensor DequantizeLinear are elementwise (the tail of a static INT8
        // network: last residual add -> Cast -> DequantizeLinear -> GlobalAveragePool).
        if (isOp(s, "Cast") && s.inputs[0] >= 0 && sameDims(s.inputs[0])
            && m_plan.values[size_t(s.inputs[0])].desc.type == out.type)
            return { s.inputs[0], s.outputs[0] };
        // A per-tensor QuantizeLinear is elementwise too: the DequantizeLinear -> float op -> QuantizeLinear groups
        // the QDQ rewrites leave (YOLO's nearest Resize between two quantized tensors) then stay inside the region.
        if ((isOp(s, "DequantizeLinear") || isOp(s, "QuantizeLinear")) && s.inputs.size() >= 2 && s.inputs[0] >= 0
            && sameDims(s.inputs[0]) && s.inputs[1] >= 0 && m_plan.values[size_t(s.inputs[1])].desc.elementCount() == 1
            && (s.inputs.size() < 3 || s.inputs[2] < 0 || m_plan.values[size_t(s.inputs[2])].desc.elementCount() == 1))
            return { s.inputs[0], s.outputs[0] };
        if (isOp(s, "DynamicQuantizeLinear"))
            return { s.inputs[0], s.outputs[0] };
        if (isOp(s, "Add") && s.inputs.size() == 2 && s.inputs[0] >= 0 && s.inputs[1] >= 0 && out.rank() == 4
            && m_plan.values[size_t(s.inputs[0])].desc.dims == out.dims
            && m_plan.values[size_t(s.inputs[1])].desc.dims == out.dims)
            return { s.inputs[0], s.inputs[1], s.outputs[0] };
        if (isOp(s, "Concat") && out.rank() == 4)
            return channelConcatFollowers(s);
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

    /// Data slots of a step whose kernel computes the same bytes in Layout::Blocked as in Plain when every data tensor
    /// it touches shares the layout: elementwise ops without broadcasting, and Concat/Split along the channels of a
    /// batch-1 tensor (each part's channel blocks are then one contiguous chunk, as its channels are in NCHW). Empty
    /// when the step is not layout-transparent.
    std::vector<int32_t> transparentValues(const Step& s) const
    {
        // outputs[0] is -1 when the node's first output is optional and absent (an RNN without Y).
        if (s.removed || s.nodes.size() != 1 || s.outputs.empty() || s.outputs[0] < 0)
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
        static const std::set<std::string, std::less<>> kUnary { "Relu", "Sigmoid", "Tanh", "HardSwish", "HardSigmoid",
            "LeakyRelu", "Clip" };
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
        // The channel scale reads its feature map blocked at whichever slot holds it, and its per-channel operand
        // [N, C, 1, 1] too: blocked, channel c of image n is still at n * C' + c (C' = C padded to whole blocks).
        if (s.spec == &kernels::channelScaleSpec())
            return slot < 2;
        if (slot == 0)
            return true;
        for (const PostOp& p : s.postOps)
            if (p.kind == PostOp::Kind::Sum && p.extraInput == int32_t(slot))
                return true;
        return false;
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
        // The engine's global pooling and channel scale read (and write) NHWC as well as blocked: a ResNet's last
        // convolution then writes its channels-last output for the pooling as it is.
        if (s.spec == &kernels::channelScaleSpec()
            || (s.spec && s.spec->implementation == "cpu"
                && (n.opType == "GlobalAveragePool" || n.opType == "GlobalMaxPool")))
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
};

} // namespace

void markNhwcRegions(SessionPlan& plan)
{
    LayoutRewriter(plan).markNhwcRegions();
}

void markBlockedLayouts(SessionPlan& plan)
{
    LayoutRewriter(plan).markBlockedLayouts();
}

} // namespace qs
