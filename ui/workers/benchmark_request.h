// SPDX-License-Identifier: MIT
// What the Runs panel asks the benchmark worker to do: a value, copied into the worker thread.
#pragma once

#include <quantscope/engine/model.h>

#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace qs::ui {

struct BenchmarkRequest
{
    /// The FP32 model first when both are given (the engine pairs them by format, not by order).
    std::vector<std::shared_ptr<const Model>> models;
    std::vector<int32_t> threads { 1 }; ///< 0 = all cores
    std::vector<std::string> modes { "optimized" }; ///< "optimized", "as-written"
    /// "quantscope", "onnxruntime"; ONNX Runtime is found by the worker (discovery starts processes).
    std::vector<std::string> runtimes { "quantscope" };
    int64_t warmupRuns = 5;
    int64_t runs = 20;
    bool profile = true;
    std::vector<std::string> inputShapeSpecs; ///< NAME=DIMS, recorded in the run file
    /// Per model (same order as `models`): the shapes of that model's inputs only, so a shape meant for one model
    /// never reaches another.
    std::vector<std::map<std::string, std::vector<int64_t>>> inputShapes;
    QString outputFolder; ///< where the run file is written; created when missing
};

} // namespace qs::ui
