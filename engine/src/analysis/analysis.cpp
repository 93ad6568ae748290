// SPDX-License-Identifier: MIT
// analyzeModel: counts, quantization format and boundaries, precision transitions, parameters and MACs.
//
// Definitions (the CLI's JSON and the GUI show these numbers, so they are spelled out here):
//
// * Op, domain, category and boundary counts cover every node, including those inside If/Loop/Scan bodies at
//   any depth; `nodeCount` is the main graph only and `subgraphNodeCount` the rest. MACs cover all levels too
//   (a loop body counts once: trip counts are a run-time value).
//
// * Data edge: a tensor flowing into one of the *data* input slots of a node in the main graph. Data slots are
//   all inputs except the quantization parameters and weights' companions: for QuantizeLinear, DequantizeLinear and
//   DynamicQuantizeLinear only slot 0; for ConvInteger/MatMulInteger/MatMulIntegerToFloat/DynamicQuantizeMatMul
//   slots 0 and 1; for QLinearConv/QLinearMatMul/QGemm slots 0 and 3. Constant tensors (initializers, outputs of
//   Constant nodes) are not data edges: weights are converted once, not at every inference.
//   A data edge goes `from` the tensor's element type `to` the element type of the consuming node's first output.
//
// * Crossing edge: a data edge whose `from` and `to` lie in different precision domains, Float vs Integer
//   (see precisionDomainOf: int64/bool index tensors belong to neither).
//
// * Transition matrix: data edges whose `from` and `to` types differ and are both Float or Integer types, counted
//   by "from->to". ORT's dynamic quantization gives float->uint8 (DynamicQuantizeLinear), uint8->int32
//   (ConvInteger's activation) and int32->float (Cast); QDQ gives float->int8/uint8 (QuantizeLinear) and
//   int8/uint8->float (DequantizeLinear of activations).
//
// * Format: dynamic when any DynamicQuantizeLinear or integer-compute node exists; qoperator when any QLinear* or
//   QGemm exists; qdq when a DequantizeLinear feeds (directly or through layout ops) a Conv, ConvTranspose, Gemm or
//   MatMul, or when Q/DQ nodes exist without any of the other two kinds. QOperator models keep a Q at their input
//   and a DQ at their output; those alone do not make them qdq. Two or more kinds: mixed; none: fp32.
//
// * Parameters: elements and bytes of all initializers and Constant nodes' `value` tensors (all graph levels), by
//   element type; PyTorch's QDQ export keeps its int8 weights in Constant nodes. Strings count their characters.
#include "macs.h"

#include <quantscope/engine/analysis.h>

#include <functional>

namespace qs {

namespace {

bool isDataSlot(const Node& node, size_t slot)
{
    switch (categorizeNode(node)) {
    case NodeCategory::Quantize:
    case NodeCategory::Dequantize:
    case NodeCategory::DynamicQuantize:
        return slot == 0;
    case NodeCategory::IntegerCompute:
        return slot <= 1;
    case NodeCategory::QLinear:
        if (node.opType == "QLinearConv" || node.opType == "QLinearMatMul" || node.opType == "QGemm")
            return slot == 0 || slot == 3;
        return true;
    default:
        return true;
    }
}

bool isConstantValue(const Graph& g, ValueId id)
{
    const Value& v = g.value(id);
    if (v.isConstant())
        return true;
    return v.producer != kNoNode && g.node(v.producer).domain.empty() && g.node(v.producer).opType == "Constant";
}

bool isFloatMacOp(const Node& node)
{
    return node.domain.empty()
        && (node.opType == "Conv" || node.opType == "ConvTranspose" || node.opType == "Gemm"
            || node.opType == "MatMul");
}

/// Does a DequantizeLinear output reach a float MAC op, possibly through layout ops (bounded search)?
bool dequantizeFeedsFloatMacOp(const Graph& g, NodeId dq)
{
    std::vector<ValueId> frontier { g.node(dq).output(0) };
    for (int depth = 0; depth < 4 && !frontier.empty(); ++depth) {
        std::vector<ValueId> next;
        for (ValueId v : frontier) {
            if (v == kNoValue)
                continue;
            for (NodeId c : g.consumers(v)) {
                const Node& n = g.node(c);
                if (isFloatMacOp(n))
                    return true;
                if (categorizeNode(n) == NodeCategory::ShapeLayout)
                    next.push_back(n.output(0));
            }
        }
        frontier = std::move(next);
    }
    return false;
}

struct FormatEvidence
{
    bool dynamic = false;
    bool qoperator = false;
    bool qdqAroundMacOps = false;
    bool anyQdq = false;
};

int64_t tensorBytes(const Tensor& t)
{
    if (t.dataType() != DataType::String)
        return static_cast<int64_t>(t.byteSize());
    int64_t n = 0;
    for (const std::string& s : t.strings())
        n += static_cast<int64_t>(s.size());
    return n;
}

void addParameter(ModelAnalysis& a, const Tensor& t)
{
    DataTypeTotals& totals = a.parametersByType[std::string(dataTypeName(t.dataType()))];
    ++totals.tensors;
    totals.elements += t.elementCount();
    totals.bytes += tensorBytes(t);
    a.parameterCount += t.elementCount();
    a.parameterBytes += tensorBytes(t);
}

void analyzeGraph(const Graph& g, bool isMain, ModelAnalysis& a, FormatEvidence& evidence)
{
    for (const Tensor& t : g.initializers())
        addParameter(a, t);
    for (size_t i = 0; i < g.nodes().size(); ++i) {
        const auto id = static_cast<NodeId>(i);
        const Node& node = g.node(id);
        const NodeCategory category = categorizeNode(node);
        ++a.opCounts[node.qualifiedOpType()];
        if (node.domain.empty() && node.opType == "Constant")
            if (const Attribute* value = node.attribute("value"); value && value->type == AttributeType::Tensor)
                addParameter(a, value->t);
        ++a.domainCounts[node.domain.empty() ? std::string("ai.onnx") : node.domain];
        ++a.categoryCounts[std::string(nodeCategoryName(category))];
        if (isQuantizationBoundary(category)) {
            ++a.boundaries[node.qualifiedOpType()];
            ++a.boundaryNodeCount;
        }
        switch (category) {
        case NodeCategory::DynamicQuantize:
        case NodeCategory::IntegerCompute:
            evidence.dynamic = true;
            break;
        case NodeCategory::QLinear:
            evidence.qoperator = true;
            break;
        case NodeCategory::Dequantize:
            evidence.anyQdq = true;
            if (dequantizeFeedsFloatMacOp(g, id))
                evidence.qdqAroundMacOps = true;
            break;
        case NodeCategory::Quantize:
            evidence.anyQdq = true;
            break;
        default:
            break;
        }

        std::optional<int64_t> macs;
        if (analysis::isMacBearing(node)) {
            macs = analysis::nodeMacs(g, node);
            if (macs)
                a.macsKnown += *macs;
            else
                ++a.macNodesUnknown;
        }
        if (isMain)
            a.nodes.push_back(NodeAnalysis { category, macs });

        for (const Graph* sub : g.subgraphs(id)) {
            a.subgraphNodeCount += static_cast<int64_t>(sub->nodes().size());
            analyzeGraph(*sub, false, a, evidence);
        }
    }
}

void analyzeEdges(const Graph& g, ModelAnalysis& a)
{
    for (size_t i = 0; i < g.nodes().size(); ++i) {
        const auto id = static_cast<NodeId>(i);
        const Node& node = g.node(id);
        const ValueId out = node.output(0);
        if (out == kNoValue)
            continue;
        const DataType to = g.value(out).type.elementType;
        const PrecisionDomain toDomain = precisionDomainOf(to);
        if (toDomain == PrecisionDomain::Other)
            continue;
        for (size_t slot = 0; slot < node.inputs.size(); ++slot) {
            const ValueId in = node.inputs[slot];
            if (in == kNoValue || !isDataSlot(node, slot) || isConstantValue(g, in))
                continue;
            const DataType from = g.value(in).type.elementType;
            const PrecisionDomain fromDomain = precisionDomainOf(from);
            if (fromDomain == PrecisionDomain::Other || from == to)
                continue;
            a.transitions[std::string(dataTypeName(from)) + "->" + std::string(dataTypeName(to))]++;
            if (fromDomain != toDomain)
                a.crossingEdges.push_back(
                    CrossingEdge { in, g.producer(in), id, static_cast<int32_t>(slot), from, to });
        }
    }
}

} // namespace

ModelAnalysis analyzeModel(const Model& model)
{
    ModelAnalysis a;
    const Graph& g = model.graph();
    a.nodeCount = static_cast<int64_t>(g.nodes().size());
    a.fileSizeBytes = model.fileSizeBytes;
    a.nodes.reserve(g.nodes().size());
    FormatEvidence evidence;
    analyzeGraph(g, true, a, evidence);
    analyzeEdges(g, a);
    if (a.macNodesUnknown == 0)
        a.totalMacs = a.macsKnown;

    const bool qdq = evidence.qdqAroundMacOps || (evidence.anyQdq && !evidence.dynamic && !evidence.qoperator);
    const int kinds = int(evidence.dynamic) + int(evidence.qoperator) + int(qdq);
    if (kinds == 0)
        a.format = QuantFormat::Fp32;
    else if (kinds > 1)
        a.format = QuantFormat::Mixed;
    else if (evidence.dynamic)
        a.format = QuantFormat::Dynamic;
    else if (evidence.qoperator)
        a.format = QuantFormat::QOperator;
    else
        a.format = QuantFormat::Qdq;
    return a;
}

} // namespace qs
