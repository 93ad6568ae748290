// SPDX-License-Identifier: MIT
#include "node_classification.h"

namespace qs::ui {

NodeClassification classifyNodes(std::shared_ptr<const ModelAnalysis> analysis)
{
    NodeClassification c;
    for (const CrossingEdge& e : analysis->crossingEdges)
        c.crossingEdges.insert({ e.value, e.consumer, e.inputIndex });
    c.analysis = std::move(analysis);
    return c;
}

} // namespace qs::ui
