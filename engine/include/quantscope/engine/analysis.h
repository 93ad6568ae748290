// SPDX-License-Identifier: MIT
// Static analysis of a loaded model: op counts, quantization format and boundaries, precision transitions, MACs.
// Pure functions over the IR; no execution. Shared by the CLI (`inspect`), the GUI and reports.
#pragma once

#include <quantscope/engine/graph.h>
#include <quantscope/engine/model.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

enum class QuantFormat
{
    Fp32, ///< no quantization nodes
    Dynamic, ///< DynamicQuantizeLinear + ConvInteger/MatMulInteger (ORT quantize_dynamic)
    Qdq, ///< QuantizeLinear/DequantizeLinear around float ops
    QOperator, ///< QLinear* / com.microsoft QLinear* / QGemm
    Mixed, ///< more than one of the above
};
std::string_view quantFormatName(QuantFormat format) noexcept; ///< "fp32", "dynamic", "qdq", "qoperator", "mixed"
/// The format a word names (the run file's, `inspect --json`'s, `quantize --format`'s); nullopt for any other word.
std::optional<QuantFormat> parseQuantFormat(std::string_view name) noexcept;

/// What a node is, for colouring and counting. Each quantization boundary kind is distinct.
enum class NodeCategory
{
    FloatCompute, ///< ordinary float math (Conv, Add, Sigmoid, ...)
    ShapeLayout, ///< shape/index/layout ops (Shape, Gather, Reshape, Concat of shapes, Transpose, Cast, ...)
    Quantize, ///< QuantizeLinear
    Dequantize, ///< DequantizeLinear
    DynamicQuantize, ///< DynamicQuantizeLinear
    QLinear, ///< QLinearConv, QLinearMatMul, com.microsoft QLinear*, QGemm
    IntegerCompute, ///< ConvInteger, MatMulInteger, MatMulIntegerToFloat, DynamicQuantizeMatMul
    ControlFlow, ///< If, Loop, Scan
};
std::string_view nodeCategoryName(NodeCategory category) noexcept;
NodeCategory categorizeNode(const Node& node) noexcept;
/// True for the quantization boundary categories (Quantize .. IntegerCompute).
bool isQuantizationBoundary(NodeCategory category) noexcept;

/// Precision class of an element type for domain crossing: float types vs quantized integer types
/// (int8/uint8/int16/uint16/int32). int64 and bool are index/shape types and belong to neither.
enum class PrecisionDomain
{
    Float,
    Integer,
    Other
};
PrecisionDomain precisionDomainOf(DataType type) noexcept;

/// An edge (tensor `value` flowing into input slot `inputIndex` of `consumer`) that crosses between the float and
/// integer domains.
struct CrossingEdge
{
    ValueId value = kNoValue;
    NodeId producer = kNoNode; ///< kNoNode for graph inputs/initializers
    NodeId consumer = kNoNode;
    int32_t inputIndex = 0;
    DataType from = DataType::Undefined;
    DataType to = DataType::Undefined;
};

struct DataTypeTotals
{
    int64_t tensors = 0;
    int64_t elements = 0;
    int64_t bytes = 0;
};

struct NodeAnalysis
{
    NodeCategory category = NodeCategory::FloatCompute;
    std::optional<int64_t>
        macs; ///< for Conv/ConvTranspose/Gemm/MatMul and integer/QLinear forms, when shapes are known
};

struct ModelAnalysis
{
    int64_t nodeCount = 0; ///< main graph
    int64_t subgraphNodeCount = 0; ///< nodes inside If/Loop/Scan bodies, all levels
    std::map<std::string, int64_t> opCounts; ///< qualified op type ("Conv", "com.microsoft.QGemm") -> count
    std::map<std::string, int64_t> domainCounts; ///< "ai.onnx", "com.microsoft" -> node count
    std::map<std::string, int64_t> categoryCounts; ///< nodeCategoryName -> count
    QuantFormat format = QuantFormat::Fp32;
    std::map<std::string, int64_t> boundaries; ///< boundary op type -> count
    int64_t boundaryNodeCount = 0;
    std::vector<CrossingEdge> crossingEdges;
    std::map<std::string, int64_t> transitions; ///< "float->uint8" -> count (see analysis.cpp for the definition)
    int64_t parameterCount = 0; ///< elements of all initializers
    int64_t parameterBytes = 0;
    std::map<std::string, DataTypeTotals> parametersByType; ///< dataTypeName -> totals
    int64_t fileSizeBytes = 0;
    std::optional<int64_t> totalMacs; ///< set when every MAC-bearing node has known shapes
    int64_t macsKnown = 0; ///< sum over nodes whose MACs are known
    int64_t macNodesUnknown = 0; ///< MAC-bearing nodes whose shapes are not known
    std::vector<NodeAnalysis> nodes; ///< indexed by NodeId of the main graph
};

ModelAnalysis analyzeModel(const Model& model);

} // namespace qs
