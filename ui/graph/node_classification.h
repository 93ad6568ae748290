// SPDX-License-Identifier: MIT
// The engine's per-node categories and float<->integer crossing edges (qs::analyzeModel), indexed for the graph
// view's lookups. The view classifies nothing itself.
#pragma once

#include <quantscope/engine/analysis.h>

#include <memory>
#include <set>
#include <tuple>

namespace qs::ui {

struct NodeClassification
{
    std::shared_ptr<const ModelAnalysis> analysis; ///< nodes are indexed by NodeId of the main graph
    /// (value, consumer, inputIndex) of every edge in analysis->crossingEdges.
    std::set<std::tuple<ValueId, NodeId, int32_t>> crossingEdges;

    NodeCategory category(NodeId id) const { return analysis->nodes.at(static_cast<size_t>(id)).category; }
    bool isCrossing(ValueId value, NodeId consumer, int32_t inputIndex) const
    {
        return crossingEdges.count({ value, consumer, inputIndex }) != 0;
    }
};

NodeClassification classifyNodes(std::shared_ptr<const ModelAnalysis> analysis);

} // namespace qs::ui
