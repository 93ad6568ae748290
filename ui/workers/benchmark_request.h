// SPDX-License-Identifier: MIT
// What the Runs panel asks the benchmark worker to do: a value, copied into the worker thread.
#pragma once

#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/runtime_adapter.h>

#include <QString>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace qs::ui {

struct BenchmarkRequest
{
    /// The engine's plan as the worker runs it: the FP32 model first when both are given (the engine pairs them by
    /// format, not by order); plan.inputShapes holds the NAME=DIMS specs (inputShapesOf gives each model its own).
    BenchmarkPlan plan;
    /// The ONNX Runtime adapter the Runs panel found, for ONNX Runtime scenarios; when absent the worker looks for
    /// one itself (discovery starts processes, so never on the GUI thread).
    std::optional<RuntimeAdapterSpec> ortAdapter;
    QString outputFolder; ///< where the run file is written; created when missing
};

/// The shapes among `specs` (NAME=DIMS) that name an input of `model`, so a shape meant for one model never reaches
/// another. Specs that do not parse are skipped: RunsPanel::buildRequest refuses them before a request is made.
std::map<std::string, std::vector<int64_t>> inputShapesOf(const Model& model, const std::vector<std::string>& specs);

} // namespace qs::ui
