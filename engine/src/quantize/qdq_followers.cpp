// SPDX-License-Identifier: MIT
// qdq: the ops that follow what is quantized around them, decided after the ops quantized in their own right.
#include "quantize/builders.h"
#include "quantize/quantizable.h"

namespace qs::quantize {

void planQdqFollowers(const Builder& b, const std::set<std::string>& opTypes, const std::set<std::string>& excluded,
    const std::map<ValueId, ValueId>& rangeOf, StaticPlan& plan, QuantizeSummary& summary)
{
    const Graph& g = b.src();
    // Every tensor that gets a Q -> DQ pair so far: what the quantized ops read and write (a vanished activation's
    // output in place of its input). ONNX Runtime decides the followers in node order, on what earlier nodes
    // registered; a topological order gives the same answer for every tensor a producer or reader registers.
    std::set<ValueId> quantized;
    for (NodeId id : g.topologicalOrder()) {
        if (!plan.quantize[static_cast<size_t>(id)])
            continue;
        const Node& n = g.node(id);
        for (ValueId in : n.inputs)
            if (in != kNoValue && !b.constant(in) && (!isWeightedOp(n.opType) || in == n.input(0)))
                quantized.insert(in);
        const ValueId out = n.output(0);
        quantized.insert(rangeOf.count(out) ? rangeOf.at(out) : out);
    }
    for (NodeId id : g.topologicalOrder()) {
        const Node& n = g.node(id);
        if (!opTypes.count(n.opType) || !n.domain.empty() || n.inputs.empty() || !quantized.count(n.input(0)))
            continue;
        const bool activation = n.opType == "Relu" || n.opType == "Clip";
        if (!activation && !isQdqSharedScaleOp(n))
            continue;
        if (excluded.count(n.name)) {
            summary.skipped.push_back(fmt::format("{}: excluded", n.describe()));
            continue;
        }
        if (activation && plan.fusedRelu.count(n.input(0)))
            continue; // vanished: its producer writes its output
        if (activation) {
            // Not the only reader of a quantized op's output: Q -> DQ on its output, its own range
            // (QDQRemovableActivation's fallback); the engine runs DQ -> Relu -> Q as one lookup.
            plan.quantize[static_cast<size_t>(id)] = true;
            quantized.insert(n.output(0));
        } else {
            plan.sharedScale.insert(id);
            // MaxPool's Indices output is int64: only the values take the input's parameters.
            const size_t outputs = n.opType == "MaxPool" ? 1 : n.outputs.size();
            for (size_t i = 0; i < outputs; ++i)
                if (n.output(i) != kNoValue)
                    quantized.insert(n.output(i));
        }
        ++summary.quantizedByOp[n.opType];
    }
}

} // namespace qs::quantize
