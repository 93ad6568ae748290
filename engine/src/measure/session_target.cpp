// SPDX-License-Identifier: MIT
// Placeholder until the executor lands (issue 3). The adapter then implements BenchmarkTarget over Session:
// prepare() -> Session preparation (unsupported operators -> unsupportedOperators()), runOnce() -> Session::run with
// a RunControl whose cancel token polls control.isCancelled, and with spec.profile an OpObserver that sums per-node
// times after beginMeasurement() and returns them through profile() (finalizeProfile with the model).
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
