// SPDX-License-Identifier: MIT
// The BenchmarkTarget that runs a model through the engine's Session: the one place benchmarks meet the executor.
#pragma once

#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/session.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace qs {

/// The graph inputs a benchmark feeds, in graph order, with concrete shapes (from `inputShapes`, else the model's
/// own); fails naming the input when a dimension stays free or the element type has no fixed size.
Result<std::vector<IoInfo>> benchmarkInputInfo(
    const Model& model, const std::map<std::string, std::vector<int64_t>>& inputShapes);

/// The tensors every benchmark target feeds (the engine's Session and other runtimes alike, so both measure the same
/// data): seeded uniform [0, 1) floats like the reference inputs in ../shared, integer and bool inputs zero.
std::vector<HostTensor> makeBenchmarkInputs(std::span<const IoInfo> inputs);

/// A target that prepares a Session for `model` (spec.threads, 0 = every logical processor; spec.mode; concrete
/// input shapes) on prepare() — the unsupported nodes of a failed preparation go to unsupportedOperators() — and
/// runs it on runOnce() with inputs generated once (seeded uniform [0, 1) floats, zero integers). Cancellation
/// reaches the executor between steps. With spec.profile a ProfileCollector records every step's time under its
/// anchor node (a fused step's time goes to the node it is named after) during the measured runs.
Result<std::unique_ptr<BenchmarkTarget>> createSessionTarget(const std::shared_ptr<const Model>& model,
    const ScenarioSpec& spec, const std::map<std::string, std::vector<int64_t>>& inputShapes);

} // namespace qs
