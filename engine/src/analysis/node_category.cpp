// SPDX-License-Identifier: MIT
// Node categories and precision domains: the vocabulary the analysis, the graph view and reports share.
#include <quantscope/engine/analysis.h>

#include <array>

namespace qs {

namespace {

// Ops that only move, select, re-type or describe data: no arithmetic on values worth timing as "compute".
// Concat is here because it copies; Cast because it re-types (the precision transition is counted separately).
constexpr std::array<std::string_view, 30> kShapeLayoutOps { "Cast", "CastLike", "Concat", "Constant",
    "ConstantOfShape", "DepthToSpace", "Expand", "EyeLike", "Flatten", "Gather", "GatherElements", "GatherND",
    "Identity", "NonZero", "OneHot", "Pad", "Range", "Reshape", "Scatter", "ScatterElements", "ScatterND", "Shape",
    "Size", "Slice", "SpaceToDepth", "Split", "Squeeze", "Tile", "Transpose", "Unsqueeze" };

bool isOnnxOrMicrosoft(const Node& node) noexcept
{
    return node.domain.empty() || node.domain == kMicrosoftDomain;
}

} // namespace

std::string_view nodeCategoryName(NodeCategory category) noexcept
{
    switch (category) {
    case NodeCategory::FloatCompute:
        return "float_compute";
    case NodeCategory::ShapeLayout:
        return "shape_layout";
    case NodeCategory::Quantize:
        return "quantize";
    case NodeCategory::Dequantize:
        return "dequantize";
    case NodeCategory::DynamicQuantize:
        return "dynamic_quantize";
    case NodeCategory::QLinear:
        return "qlinear";
    case NodeCategory::IntegerCompute:
        return "integer_compute";
    case NodeCategory::ControlFlow:
        return "control_flow";
    }
    return "float_compute";
}

NodeCategory categorizeNode(const Node& node) noexcept
{
    const std::string_view op = node.opType;
    if (isOnnxOrMicrosoft(node)) {
        if (op == "QuantizeLinear")
            return NodeCategory::Quantize;
        if (op == "DequantizeLinear")
            return NodeCategory::Dequantize;
        if (op == "DynamicQuantizeLinear")
            return NodeCategory::DynamicQuantize;
        // ai.onnx QLinearConv/QLinearMatMul and com.microsoft QLinearAdd/QLinearConcat/QLinearSigmoid/..., QGemm.
        if (op.starts_with("QLinear") || (node.domain == kMicrosoftDomain && op == "QGemm"))
            return NodeCategory::QLinear;
        // ConvInteger, MatMulInteger (ai.onnx); MatMulIntegerToFloat, DynamicQuantizeMatMul (com.microsoft).
        if (op == "ConvInteger" || op == "MatMulInteger" || op == "MatMulIntegerToFloat"
            || op == "DynamicQuantizeMatMul")
            return NodeCategory::IntegerCompute;
    }
    if (node.domain.empty()) {
        if (op == "If" || op == "Loop" || op == "Scan")
            return NodeCategory::ControlFlow;
        for (std::string_view s : kShapeLayoutOps)
            if (op == s)
                return NodeCategory::ShapeLayout;
    }
    return NodeCategory::FloatCompute;
}

bool isQuantizationBoundary(NodeCategory category) noexcept
{
    switch (category) {
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

PrecisionDomain precisionDomainOf(DataType type) noexcept
{
    switch (type) {
    case DataType::Float:
    case DataType::Float16:
    case DataType::BFloat16:
    case DataType::Double:
        return PrecisionDomain::Float;
    case DataType::Int8:
    case DataType::UInt8:
    case DataType::Int16:
    case DataType::UInt16:
    case DataType::Int32:
        return PrecisionDomain::Integer;
    default:
        return PrecisionDomain::Other;
    }
}

} // namespace qs
