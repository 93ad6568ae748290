// SPDX-License-Identifier: MIT
// The BenchmarkTarget that runs a model through the engine's Session: the one place benchmarks meet the executor.
#pragma once

#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/model.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace qs {

/// True when this build has an executor behind createSessionTarget.
bool sessionTargetAvailable() noexcept;

/// A target that prepares a Session for `model` (threads, mode, concrete input shapes) on prepare() and runs it on
/// runOnce() with generated inputs; with spec.profile it records per-node times of the measured runs.
/// Until the executor (issue 3) is wired in, returns StatusCode::Unsupported and measures nothing.
Result<std::unique_ptr<BenchmarkTarget>> createSessionTarget(const std::shared_ptr<const Model>& model,
    const ScenarioSpec& spec, const std::map<std::string, std::vector<int64_t>>& inputShapes);

} // namespace qs
