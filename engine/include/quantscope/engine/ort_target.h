// SPDX-License-Identifier: MIT
// The BenchmarkTarget that measures a model in ONNX Runtime through an adapter process (runtime_adapter.h), with
// the plan's threads, mode (as-written = graph optimizations disabled, optimized = all), inputs and profiling.
#pragma once

#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/runtime_adapter.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

/// ONNX Runtime's graph optimization level for a Quantscope mode: "disabled" for as-written, "all" for optimized.
std::string ortOptimizationLevel(ExecutionMode mode);

/// The node ONNX Runtime's load error names as having no kernel ("Could not find an implementation for
/// ConvInteger(10) node with name 'conv_0'"), as "'conv_0' (ConvInteger)"; ONNX Runtime stops at the first one.
std::optional<std::string> ortMissingKernelNode(std::string_view message);

/// prepare() starts the adapter, asks for its version and providers, loads the model (spec.threads intra-op
/// threads, 0 = every logical processor; one inter-op thread) and sends the inputs of makeBenchmarkInputs; runOnce()
/// is one `run` whose time the adapter measured. With spec.profile, profile() ends ONNX Runtime's profiling and
/// imports its file (importOrtProfile, skipping the runs before the measured ones). Cancellation kills the process.
Result<std::unique_ptr<BenchmarkTarget>> createOrtTarget(const std::shared_ptr<const Model>& model,
    const ScenarioSpec& spec, const std::map<std::string, std::vector<int64_t>>& inputShapes,
    const RuntimeAdapterSpec& adapter);

} // namespace qs
