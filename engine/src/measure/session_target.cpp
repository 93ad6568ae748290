// SPDX-License-Identifier: MIT
// Placeholder until the executor lands (issue 3). The adapter then implements BenchmarkTarget over Session:
// - prepare(): Session preparation for spec.threads (0 = all cores) and spec.mode with `inputShapes`; on failure keep
//   the list of unsupported nodes for unsupportedOperators(); arenaBytes() from the memory plan.
// - runOnce(): Session::run on inputs generated once in prepare() (seeded uniform [0,1), like ../shared), with a
//   RunControl whose cancel token is the caller's (capture it in the factory; control.isCancelled polls the same
//   token), returning the executor's Cancelled status unchanged.
// - spec.profile: an OpObserver forwarding onNodeBegin/onNodeEnd to a ProfileCollector (profile_collector.h);
//   beginMeasurement() resets it, runOnce() brackets each run with beginRun/endRun, profile() returns
//   collector.report(model). Fused kernels report under their first authored node.
// Then sessionTargetAvailable() returns true and `quantscope-cli bench` measures.
#include <quantscope/engine/session_target.h>

#include <fmt/format.h>

namespace qs {

bool sessionTargetAvailable() noexcept
{
    return false;
}

Result<std::unique_ptr<BenchmarkTarget>> createSessionTarget(const std::shared_ptr<const Model>& model,
    const ScenarioSpec& spec, const std::map<std::string, std::vector<int64_t>>& inputShapes)
{
    return Status(StatusCode::Unsupported,
        fmt::format("{}: the execution engine is not available in this build yet (issue 3); nothing was measured",
            model ? model->displayName() : std::string("<no model>")));
}

} // namespace qs
