// SPDX-License-Identifier: MIT
// Per-node categories and float<->integer crossing edges for the graph view, taken from qs::analyzeModel.
#pragma once

#include <quantscope/engine/analysis.h>

#include <set>
#include <tuple>
#include <vector>

namespace qs::ui {

struct NodeClassification
{
    std::vector<NodeCategory> categories; ///< indexed by NodeId of the main graph
    /// (value, consumer, inputIndex) of every edge that crosses between the float and integer domains.
    std::set<std::tuple<ValueId, NodeId, int32_t>> crossingEdges;
    /// False while the engine's analysis does not fill per-node results yet; the view then classifies by op type
    /// itself (see classifyFallback) so it stays usable. Shown in the summary so nobody mistakes one for the other.
    bool fromAnalysis = false;

    NodeCategory category(NodeId id) const { return categories.at(static_cast<size_t>(id)); }
    bool isCrossing(ValueId value, NodeId consumer, int32_t inputIndex) const
    {
        return crossingEdges.count({ value, consumer, inputIndex }) != 0;
    }
};

NodeClassification classifyNodes(const Model& model, const ModelAnalysis& analysis);

/// True when one type is a float type and the other a quantized integer type (int64/bool belong to neither).
bool crossesFloatIntegerDomains(DataType a, DataType b) noexcept;

/// Boundary categories in legend order.
bool isBoundaryCategory(NodeCategory category) noexcept;

} // namespace qs::ui
