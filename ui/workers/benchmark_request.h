// SPDX-License-Identifier: MIT
// What the Runs panel asks the benchmark worker to do: a value, copied into the worker thread.
#pragma once

#include <quantscope/engine/benchmark_plan.h>

#include <QString>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace qs::ui {

struct BenchmarkRequest
{
    /// The engine's plan as the worker runs it: the FP32 model first when both are given (the engine pairs them by
    /// format, not by order); plan.inputShapes holds the NAME=DIMS specs (inputShapesOf gives each model its own).
    /// ONNX Runtime scenarios find their runtime in the worker (discovery starts processes).
    BenchmarkPlan plan;
    QString outputFolder; ///< where the run file is written; created when missing
};

/// The shapes among `specs` (NAME=DIMS) that name an input of `model`, so a shape meant for one model never reaches
/// another. Specs that do not parse are skipped: RunsPanel::buildRequest refuses them before a request is made.
std::map<std::string, std::vector<int64_t>> inputShapesOf(const Model& model, const std::vector<std::string>& specs);

} // namespace qs::ui
