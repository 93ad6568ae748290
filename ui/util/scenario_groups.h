// SPDX-License-Identifier: MIT
// Scenarios of a run grouped by what was held fixed (runtime, threads, mode), so the FP32 and INT8 scenarios of one
// setting are charted together.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QString>

#include <vector>

namespace qs::ui {

struct ScenarioGroup
{
    QString label; ///< "1 thread · optimized"
    int32_t threads = 1;
    ExecutionMode mode = ExecutionMode::Optimized;
    Runtime runtime = Runtime::Quantscope;
    std::vector<const ScenarioRecord*> scenarios; ///< pointers into the record the groups were made from
};

/// In the order the scenarios first appear. The pointers stay valid as long as `record` lives.
std::vector<ScenarioGroup> scenarioGroups(const RunRecord& record);

/// "1 thread", "4 threads", "all cores".
QString threadsText(int32_t threads);

/// "optimized", "as-written" in the UI language (English as the engine writes them).
QString modeText(ExecutionMode mode);

/// "quantscope", "onnxruntime" in the UI language (English as the engine writes them).
QString runtimeText(Runtime runtime);

/// "yolov5nu_fp32 · 1 thread · optimized": ScenarioRecord::label() with the thread wording in the UI language.
QString scenarioLabel(const ScenarioRecord& scenario);

/// True when the scenario's model is a float model (drawn in the FP32 colour).
bool isFloatScenario(const RunRecord& record, const ScenarioRecord& scenario);

} // namespace qs::ui
