// SPDX-License-Identifier: MIT
// Placeholder until the analysis lands (issue 2); returns only the node count.
#include <quantscope/engine/analysis.h>

namespace qs {

ModelAnalysis analyzeModel(const Model& model)
{
    ModelAnalysis a;
    a.nodeCount = static_cast<int64_t>(model.graph().nodes().size());
    return a;
}

} // namespace qs
