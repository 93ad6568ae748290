// SPDX-License-Identifier: MIT
#include "benchmark_request.h"

#include <quantscope/engine/model_loader.h>

#include <algorithm>

namespace qs::ui {

std::map<std::string, std::vector<int64_t>> inputShapesOf(const Model& model, const std::vector<std::string>& specs)
{
    std::map<std::string, std::vector<int64_t>> shapes;
    const Graph& g = model.graph();
    for (const std::string& spec : specs) {
        auto parsed = parseInputShapeSpec(spec);
        if (!parsed)
            continue;
        const bool isInput = std::any_of(
            g.inputs().begin(), g.inputs().end(), [&](ValueId id) { return g.value(id).name == parsed->first; });
        if (isInput)
            shapes[parsed->first] = parsed->second;
    }
    return shapes;
}

} // namespace qs::ui
