// SPDX-License-Identifier: MIT
// Which intermediate tensors of a reference graph a candidate graph also computes: by name, then by structure.
#include <quantscope/engine/parity.h>

#include <algorithm>
#include <set>
#include <string_view>

namespace qs {

namespace {

// Ops that carry quantization rather than the network's own arithmetic (or that PyTorch writes around the
// quantization parameters); a quantized group is "the float op" plus these.
bool isPlumbing(std::string_view op)
{
    static const std::set<std::string_view> kOps { "QuantizeLinear", "DequantizeLinear", "DynamicQuantizeLinear",
        "Cast", "Constant", "ConstantOfShape", "Identity", "Shape" };
    return kOps.count(op) > 0;
}

// A float tensor computed by a node, with fully known static shape, that is not a graph output (outputs are compared
// as outputs).
bool isIntermediateFloat(const Graph& g, ValueId v)
{
    if (v == kNoValue)
        return false;
    const Value& value = g.value(v);
    return value.producer != kNoNode && !value.isConstant() && !value.isGraphOutput && !value.isGraphInput
        && value.type.elementType == DataType::Float && value.type.isFullyKnown()
        && g.node(value.producer).opType != "Constant";
}

bool allInputsConstant(const Graph& g, const Node& n)
{
    for (ValueId in : n.inputs)
        if (in != kNoValue && !g.value(in).isConstant()) {
            const NodeId p = g.value(in).producer;
            if (p == kNoNode || g.node(p).opType != "Constant")
                return false;
        }
    return true;
}

} // namespace

std::vector<TensorMatch> matchIntermediateTensors(const Graph& reference, const Graph& candidate)
{
    std::vector<TensorMatch> matches;
    std::set<ValueId> refMatched;
    std::set<ValueId> candMatched;
    for (NodeId id : reference.topologicalOrder()) {
        for (ValueId v : reference.node(id).outputs) {
            if (!isIntermediateFloat(reference, v))
                continue;
            const auto c = candidate.findValue(reference.value(v).name);
            if (!c || !isIntermediateFloat(candidate, *c)
                || candidate.value(*c).type.knownDims() != reference.value(v).type.knownDims())
                continue;
            matches.push_back({ v, *c, true });
            refMatched.insert(v);
            candMatched.insert(*c);
        }
    }

    // Structural: the remaining float ops of both graphs in graph order; a reference op pairs with the next candidate
    // op of the same type and output shape within a short look-ahead, so one op without counterpart (a Relu fused
    // into its Conv by the quantizer) does not derail the rest.
    struct Op
    {
        std::string_view type;
        ValueId out;
    };
    auto computeOps = [](const Graph& g, const std::set<ValueId>& taken, bool skipPlumbing) {
        std::vector<Op> ops;
        for (NodeId id : g.topologicalOrder()) {
            const Node& n = g.node(id);
            if ((skipPlumbing && isPlumbing(n.opType)) || n.outputs.empty() || allInputsConstant(g, n))
                continue;
            const ValueId out = n.outputs[0];
            if (!isIntermediateFloat(g, out) || taken.count(out))
                continue;
            ops.push_back({ n.opType, out });
        }
        return ops;
    };
    const std::vector<Op> refOps = computeOps(reference, refMatched, false);
    const std::vector<Op> candOps = computeOps(candidate, candMatched, true);
    constexpr size_t kLookAhead = 8;
    size_t next = 0;
    for (const Op& r : refOps) {
        const auto dims = reference.value(r.out).type.knownDims();
        for (size_t j = next; j < candOps.size() && j < next + kLookAhead; ++j) {
            if (candOps[j].type == r.type && candidate.value(candOps[j].out).type.knownDims() == dims) {
                matches.push_back({ r.out, candOps[j].out, false });
                next = j + 1;
                break;
            }
        }
    }
    return matches;
}

} // namespace qs
