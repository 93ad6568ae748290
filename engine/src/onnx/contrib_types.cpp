// SPDX-License-Identifier: MIT
#include "contrib_types.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

namespace qs::onnx_import {

namespace {

const TensorType* inputType(const Graph& g, const Node& n, size_t slot)
{
    if (slot >= n.inputs.size() || n.inputs[slot] == kNoValue)
        return nullptr;
    return &g.value(n.inputs[slot]).type;
}

/// The type rule of one contrib op: the slot whose element type the output takes (-1: float; -2: not handled), and
/// whether the output has that input's shape.
struct Rule
{
    int typeFrom;
    bool sameShape;
};

/// Numpy broadcast of two fully known shapes; nullopt when either is not fully known or they do not broadcast.
std::optional<std::vector<Dim>> broadcastKnown(const TensorType* a, const TensorType* b)
{
    if (!a || !b || !a->isFullyKnown() || !b->isFullyKnown())
        return std::nullopt;
    const size_t rank = std::max(a->dims.size(), b->dims.size());
    std::vector<Dim> out(rank);
    for (size_t i = 0; i < rank; ++i) {
        const auto dimAt = [&](const TensorType* t) {
            const size_t pad = rank - t->dims.size();
            return i < pad ? int64_t(1) : t->dims[i - pad].value;
        };
        const int64_t x = dimAt(a), y = dimAt(b);
        if (x != y && x != 1 && y != 1)
            return std::nullopt;
        out[i] = Dim::known(x == 1 ? y : x);
    }
    return out;
}

Rule ruleFor(std::string_view op)
{
    if (op == "QLinearAdd" || op == "QLinearMul" || op == "QLinearAveragePool" || op == "QLinearGlobalAveragePool")
        return { 0, false };
    if (op == "QLinearSigmoid" || op == "QLinearLeakyRelu" || op == "QLinearSoftmax")
        return { 0, true };
    if (op == "QLinearConcat")
        return { 2, false };
    if (op == "DequantizeLinear")
        return { -1, true };
    if (op == "MatMulIntegerToFloat" || op == "DynamicQuantizeMatMul")
        return { -1, false };
    if (op == "QuantizeLinear")
        return { 2, true }; // y_zero_point's type; uint8 when it is omitted
    return { -2, false };
}

} // namespace

void inferContribOutputTypes(Graph& graph)
{
    for (NodeId id : graph.topologicalOrder()) {
        const Node& n = graph.node(id);
        if (n.domain != kMicrosoftDomain || n.outputs.empty() || n.outputs[0] == kNoValue)
            continue;
        const Rule rule = ruleFor(n.opType);
        if (rule.typeFrom == -2)
            continue;
        const TensorType* data = inputType(graph, n, 0);
        TensorType out = graph.value(n.outputs[0]).type;
        if (out.elementType == DataType::Undefined) {
            if (rule.typeFrom == -1)
                out.elementType = DataType::Float;
            else if (const TensorType* from = inputType(graph, n, size_t(rule.typeFrom)))
                out.elementType = from->elementType;
            else if (n.opType == "QuantizeLinear")
                out.elementType = DataType::UInt8;
        }
        if (rule.sameShape && !out.hasShape && data && data->hasShape) {
            out.hasShape = true;
            out.dims = data->dims;
        }
        if ((n.opType == "QLinearAdd" || n.opType == "QLinearMul") && !out.hasShape)
            if (auto dims = broadcastKnown(data, inputType(graph, n, 3))) {
                out.hasShape = true;
                out.dims = std::move(*dims);
            }
        graph.mutableValue(n.outputs[0]).type = out;
    }
}

} // namespace qs::onnx_import
