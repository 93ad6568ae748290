// SPDX-License-Identifier: MIT
#include "exec/rewrite_context.h"

#include <limits>

namespace qs {

using kernels::PostOp;

std::vector<std::pair<size_t, size_t>> RewriteContext::readers(int32_t vid) const
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

std::optional<size_t> RewriteContext::soleReader(int32_t vid) const
{
    if (!isIntermediate(vid))
        return std::nullopt;
    const auto rd = readers(vid);
    if (rd.size() != 1)
        return std::nullopt;
    return rd[0].first;
}

int32_t RewriteContext::producerIndex(int32_t vid) const
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

int32_t RewriteContext::otherInput(const Step& s, int32_t vid) const
{
    if (s.inputs.size() != 2 || s.inputs[0] == s.inputs[1])
        return -1;
    return s.inputs[0] == vid ? s.inputs[1] : s.inputs[1] == vid ? s.inputs[0] : -1;
}

std::optional<RewriteContext::ErfGeluChain> RewriteContext::matchErfGelu(int32_t y) const
{
    const auto scalarFloat = [&](int32_t v) {
        const HostTensor* c = constantOf(v);
        return c && c->dataType() == DataType::Float && c->elementCount() == 1;
    };
    const auto single = [&](const Step& s) { return s.outputs.size() == 1 && s.outputs[0] >= 0; };
    if (!isIntermediate(y))
        return std::nullopt;
    const auto rd = readers(y);
    if (rd.size() != 2)
        return std::nullopt;
    ErfGeluChain c;
    size_t di = rd[0].first, mi = rd[1].first;
    if (!isOp(m_plan.steps[di], "Div"))
        std::swap(di, mi);
    const Step& div = m_plan.steps[di];
    if (!isOp(div, "Div") || !single(div) || div.inputs.size() != 2 || div.inputs[0] != y
        || !scalarFloat(div.inputs[1]))
        return std::nullopt;
    const auto ei = soleReader(div.outputs[0]);
    if (!ei || !isOp(m_plan.steps[*ei], "Erf") || !single(m_plan.steps[*ei]))
        return std::nullopt;
    const auto ai = soleReader(m_plan.steps[*ei].outputs[0]);
    if (!ai || !isOp(m_plan.steps[*ai], "Add") || !single(m_plan.steps[*ai]))
        return std::nullopt;
    const int32_t addend = otherInput(m_plan.steps[*ai], m_plan.steps[*ei].outputs[0]);
    if (!scalarFloat(addend))
        return std::nullopt;
    const int32_t g = m_plan.steps[*ai].outputs[0];
    const Step& mul = m_plan.steps[mi];
    const auto gi = soleReader(g);
    if (!gi || *gi != mi || !isOp(mul, "Mul") || !single(mul) || otherInput(mul, y) != g)
        return std::nullopt;
    const auto fi = soleReader(mul.outputs[0]);
    if (!fi || !isOp(m_plan.steps[*fi], "Mul") || !single(m_plan.steps[*fi]))
        return std::nullopt;
    const int32_t factor = otherInput(m_plan.steps[*fi], mul.outputs[0]);
    if (!scalarFloat(factor))
        return std::nullopt;
    const auto& yd = m_plan.values[size_t(y)].desc;
    const int32_t out = m_plan.steps[*fi].outputs[0];
    if (m_plan.values[size_t(out)].desc.dims != yd.dims || m_plan.values[size_t(out)].desc.layout != yd.layout)
        return std::nullopt;
    c.steps = { di, *ei, *ai, mi, *fi };
    c.constants = { div.inputs[1], addend, factor };
    c.output = out;
    return c;
}

std::optional<PostOp> RewriteContext::simpleActivation(const Step& t) const
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

void RewriteContext::absorb(Step& into, Step& other, int32_t newOutput)
{
    into.nodes.insert(into.nodes.end(), other.nodes.begin(), other.nodes.end());
    into.opType += "+" + other.opType;
    into.outputs[0] = newOutput;
    other.removed = true;
}

void RewriteContext::absorbOptional(Step& into, std::optional<size_t> index)
{
    if (index)
        absorb(into, m_plan.steps[*index], into.outputs[0]);
}

} // namespace qs
