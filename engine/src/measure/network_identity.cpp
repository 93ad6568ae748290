// SPDX-License-Identifier: MIT
#include <quantscope/engine/model.h>
#include <quantscope/engine/network_identity.h>
#include <quantscope/engine/op_type_comparison.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <set>

namespace qs {

namespace {

bool isQuantizationNode(const Node& n)
{
    // Cast belongs here: dynamic quantization converts the int32 accumulator back to float with one per layer.
    static const std::set<std::string, std::less<>> ops { "QuantizeLinear", "DequantizeLinear", "DynamicQuantizeLinear",
        "Cast", "Constant" };
    return (n.domain.empty() || n.domain == kMicrosoftDomain) && ops.count(n.opType) > 0;
}

/// The float op a node computes once quantization is taken out: Conv for ConvInteger, MatMul for
/// MatMulIntegerToFloat, ...
std::string floatOpOf(const Node& n)
{
    if (n.opType == "MatMulIntegerToFloat" || n.opType == "DynamicQuantizeMatMul")
        return "MatMul";
    return floatCounterpartOpType(n.opType);
}

/// Input slots that may hold a layer's weight, most likely first.
std::vector<size_t> weightSlots(const Node& n)
{
    if (n.opType == "QLinearConv" || n.opType == "QGemm")
        return { 3 };
    if (n.opType == "QLinearMatMul")
        return { 3, 0 };
    if (n.opType.starts_with("Conv"))
        return { 1 };
    return { 1, 0 }; // MatMul, Gemm and the integer MatMul forms: either operand may be the constant one
}

/// The shape of the constant behind a value, looking through DequantizeLinear, Cast and Identity to the initializer
/// or Constant node that holds it ("64x3x7x7"); empty when the value is computed from the graph's inputs.
std::string constantShape(const Graph& g, ValueId id)
{
    for (int hops = 0; hops < 8 && id != kNoValue; ++hops) {
        const Value& v = g.value(id);
        if (const Tensor* t = g.constantData(id))
            return fmt::format("{}", fmt::join(t->dims(), "x"));
        if (v.producer == kNoNode)
            return {};
        const Node& p = g.node(v.producer);
        if (p.opType == "Constant") {
            const Attribute* a = p.attribute("value");
            return a && a->type == AttributeType::Tensor ? fmt::format("{}", fmt::join(a->t.dims(), "x")) : "";
        }
        if (p.opType != "DequantizeLinear" && p.opType != "Cast" && p.opType != "Identity")
            return {};
        id = p.input(0);
    }
    return {};
}

std::string tensorText(const Graph& g, ValueId id)
{
    const Value& v = g.value(id);
    return fmt::format("{}[{}]", v.name, v.type.shapeString());
}

std::string joined(const std::vector<std::string>& items)
{
    return items.empty() ? std::string("none") : fmt::format("{}", fmt::join(items, ", "));
}

std::string layerOp(const std::string& layer)
{
    return layer.substr(0, layer.find(' '));
}

NetworkDifference difference(std::string kind, MessageArgs args, std::string text)
{
    return NetworkDifference { std::move(kind), std::move(args), std::move(text) };
}

size_t commonPrefix(const std::string& a, const std::string& b)
{
    size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n])
        ++n;
    return n;
}

} // namespace

NetworkSignature networkSignature(const Model& model)
{
    static const std::set<std::string, std::less<>> kLayers { "Conv", "ConvTranspose", "MatMul", "Gemm" };
    NetworkSignature sig;
    const Graph& g = model.graph();
    for (ValueId id : g.inputs())
        sig.inputs.push_back(tensorText(g, id));
    for (ValueId id : g.outputs())
        sig.outputs.push_back(tensorText(g, id));
    for (NodeId id : g.topologicalOrder()) {
        const Node& n = g.node(id);
        if (isQuantizationNode(n))
            continue;
        const std::string op = floatOpOf(n);
        if (!kLayers.count(op)) {
            ++sig.floatOps[op];
            continue;
        }
        std::string shape;
        for (size_t slot : weightSlots(n))
            if (shape.empty())
                shape = constantShape(g, n.input(slot));
        sig.layers.push_back(shape.empty() ? op : op + " " + shape);
    }
    return sig;
}

NetworkMatch matchNetworks(const ModelRecord& baseline, const ModelRecord& candidate)
{
    NetworkMatch m;
    if (!baseline.network || !candidate.network)
        return m;
    m.known = true;
    const NetworkSignature& b = *baseline.network;
    const NetworkSignature& c = *candidate.network;
    const MessageArgs names { { "baselineModel", baseline.id }, { "candidateModel", candidate.id } };
    auto with = [&](MessageArgs args) {
        args.insert(names.begin(), names.end());
        return args;
    };
    if (b.inputs != c.inputs)
        m.differences.push_back(
            difference("inputs", with({ { "baseline", joined(b.inputs) }, { "candidate", joined(c.inputs) } }),
                fmt::format("inputs differ: {} has {}, {} has {}", baseline.id, joined(b.inputs), candidate.id,
                    joined(c.inputs))));
    if (b.outputs != c.outputs)
        m.differences.push_back(
            difference("outputs", with({ { "baseline", joined(b.outputs) }, { "candidate", joined(c.outputs) } }),
                fmt::format("outputs differ: {} has {}, {} has {}", baseline.id, joined(b.outputs), candidate.id,
                    joined(c.outputs))));
    if (b.layers == c.layers)
        return m;
    // Layer counts per op first (the plainest statement), then the first weight shape that differs.
    std::map<std::string, std::pair<int64_t, int64_t>> counts;
    for (const std::string& l : b.layers)
        ++counts[layerOp(l)].first;
    for (const std::string& l : c.layers)
        ++counts[layerOp(l)].second;
    bool countsDiffer = false;
    for (const auto& [op, n] : counts) {
        if (n.first == n.second)
            continue;
        countsDiffer = true;
        m.differences.push_back(difference("layer-count",
            with({ { "op", op }, { "baselineCount", n.first }, { "candidateCount", n.second } }),
            fmt::format("{} has {} {} layers, {} has {}", baseline.id, n.first, op, candidate.id, n.second)));
    }
    const size_t common = std::min(b.layers.size(), c.layers.size());
    for (size_t i = 0; i < common; ++i) {
        if (b.layers[i] == c.layers[i])
            continue;
        const bool sameOp = layerOp(b.layers[i]) == layerOp(c.layers[i]);
        if (!countsDiffer || sameOp)
            m.differences.push_back(difference("layer-order",
                with({ { "index", int64_t(i + 1) }, { "baselineLayer", b.layers[i] },
                    { "candidateLayer", c.layers[i] } }),
                fmt::format(
                    "layer {} is {} in {} but {} in {}", i + 1, b.layers[i], baseline.id, c.layers[i], candidate.id)));
        break;
    }
    return m;
}

const ModelRecord* baselineFor(const RunRecord& record, const ModelRecord& candidate, bool allowDifferent)
{
    const ModelRecord* best = nullptr;
    const ModelRecord* bestSame = nullptr;
    for (const ModelRecord& f : record.models) {
        if (f.isQuantized())
            continue;
        if (!best || commonPrefix(f.id, candidate.id) > commonPrefix(best->id, candidate.id))
            best = &f;
        if (matchNetworks(f, candidate).same()
            && (!bestSame || commonPrefix(f.id, candidate.id) > commonPrefix(bestSame->id, candidate.id)))
            bestSame = &f;
    }
    if (bestSame)
        return bestSame;
    return allowDifferent ? best : nullptr;
}

std::vector<NetworkMismatch> networkMismatches(const RunRecord& record)
{
    std::vector<NetworkMismatch> out;
    for (const ModelRecord& q : record.models) {
        if (!q.isQuantized() || baselineFor(record, q, false))
            continue;
        const ModelRecord* b = baselineFor(record, q, true);
        if (!b)
            continue; // no FP32 model at all: nothing to compare, nothing refused
        out.push_back(NetworkMismatch { b->id, q.id, matchNetworks(*b, q).differences });
    }
    return out;
}

} // namespace qs
