// SPDX-License-Identifier: MIT
#include "node_classification.h"

#include <array>
#include <string_view>

namespace qs::ui {

namespace {

// Transitional: the engine's analysis is the source of truth once it fills ModelAnalysis::nodes. Until then the view
// needs *some* categories to colour by; this mirrors the header's documented categories by op type only.
NodeCategory fallbackCategory(const Node& node)
{
    const std::string_view op = node.opType;
    if (op == "QuantizeLinear")
        return NodeCategory::Quantize;
    if (op == "DequantizeLinear")
        return NodeCategory::Dequantize;
    if (op == "DynamicQuantizeLinear")
        return NodeCategory::DynamicQuantize;
    if (op.starts_with("QLinear") || op == "QGemm")
        return NodeCategory::QLinear;
    if (op == "ConvInteger" || op == "MatMulInteger" || op == "MatMulIntegerToFloat" || op == "DynamicQuantizeMatMul")
        return NodeCategory::IntegerCompute;
    if (op == "If" || op == "Loop" || op == "Scan")
        return NodeCategory::ControlFlow;
    static constexpr std::array<std::string_view, 22> kShapeOps { "Shape", "Gather", "Reshape", "Transpose", "Cast",
        "Squeeze", "Unsqueeze", "Flatten", "Slice", "Split", "Concat", "Expand", "ConstantOfShape", "Constant", "Range",
        "Identity", "Size", "GatherElements", "GatherND", "Tile", "NonZero", "Pad" };
    for (std::string_view s : kShapeOps)
        if (op == s)
            return NodeCategory::ShapeLayout;
    return NodeCategory::FloatCompute;
}

enum class Domain
{
    Float,
    Integer,
    Other
};

Domain domainOf(DataType t)
{
    switch (t) {
    case DataType::Float:
    case DataType::Float16:
    case DataType::BFloat16:
    case DataType::Double:
        return Domain::Float;
    case DataType::Int8:
    case DataType::UInt8:
    case DataType::Int16:
    case DataType::UInt16:
    case DataType::Int32:
        return Domain::Integer;
    default:
        return Domain::Other;
    }
}

} // namespace

bool crossesFloatIntegerDomains(DataType a, DataType b) noexcept
{
    const Domain da = domainOf(a);
    const Domain db = domainOf(b);
    return da != Domain::Other && db != Domain::Other && da != db;
}

bool isBoundaryCategory(NodeCategory c) noexcept
{
    switch (c) {
    case NodeCategory::Quantize:
    case NodeCategory::Dequantize:
    case NodeCategory::DynamicQuantize:
    case NodeCategory::QLinear:
    case NodeCategory::IntegerCompute:
        return true;
    default:
        return false;
    }
}

NodeClassification classifyNodes(const Model& model, const ModelAnalysis& analysis)
{
    const Graph& g = model.graph();
    NodeClassification c;
    c.categories.reserve(g.nodes().size());
    if (analysis.nodes.size() == g.nodes().size() && !g.nodes().empty()) {
        c.fromAnalysis = true;
        for (const NodeAnalysis& n : analysis.nodes)
            c.categories.push_back(n.category);
        for (const CrossingEdge& e : analysis.crossingEdges)
            c.crossingEdges.insert({ e.value, e.consumer, e.inputIndex });
        return c;
    }
    for (const Node& n : g.nodes())
        c.categories.push_back(fallbackCategory(n));
    // An edge crosses when the tensor's domain differs from the domain of what its consumer produces.
    for (NodeId id = 0; id < static_cast<NodeId>(g.nodes().size()); ++id) {
        const Node& n = g.node(id);
        if (n.outputs.empty() || n.outputs[0] == kNoValue)
            continue;
        const Domain out = domainOf(g.value(n.outputs[0]).type.elementType);
        for (int32_t i = 0; i < static_cast<int32_t>(n.inputs.size()); ++i) {
            const ValueId v = n.inputs[static_cast<size_t>(i)];
            if (v == kNoValue || g.value(v).isConstant())
                continue;
            const Domain in = domainOf(g.value(v).type.elementType);
            if (in != Domain::Other && out != Domain::Other && in != out)
                c.crossingEdges.insert({ v, id, i });
        }
    }
    return c;
}

} // namespace qs::ui
