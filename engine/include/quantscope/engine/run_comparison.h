// SPDX-License-Identifier: MIT
// Two run files, scenario by scenario: did NEW get slower than BASE beyond a threshold? For CI gates
// (`quantscope-cli compare BASE.json NEW.json --max-slowdown 5%`).
#pragma once

#include <quantscope/engine/latency_stats.h>
#include <quantscope/engine/run_record.h>

#include <optional>
#include <string>
#include <vector>

namespace qs {

struct RunComparisonOptions
{
    double maxSlowdown = 0.05; ///< 0.05: NEW may be up to 5% slower
    int iterations = 2000; ///< bootstrap resamples
    double confidence = 0.95;
    uint64_t seed = 42;
};

enum class ScenarioVerdict
{
    Unchanged, ///< the slowdown's interval reaches within the threshold and does not lie wholly below 1
    Faster, ///< the whole interval lies below 1: NEW is faster
    Slower, ///< the whole interval lies beyond 1 + maxSlowdown: a regression (fails the gate)
    PossiblySlower, ///< the median ratio is beyond the threshold, but the interval reaches back within it
    Failed, ///< NEW failed (or has no samples) where BASE measured: fails the gate
    OnlyInBase, ///< BASE has it, NEW does not
    OnlyInNew,
};
std::string_view scenarioVerdictName(ScenarioVerdict verdict) noexcept; ///< "slower", "possibly-slower", ...

struct ScenarioDelta
{
    std::string modelId;
    Runtime runtime = Runtime::Quantscope;
    ExecutionMode mode = ExecutionMode::Optimized;
    int32_t threads = 1;
    ScenarioVerdict verdict = ScenarioVerdict::Unchanged;
    std::optional<double> baseMedianMs, newMedianMs;
    /// median(NEW) / median(BASE) and its bootstrap interval (> 1: NEW is slower). Present when both have samples.
    std::optional<double> slowdown, slowdownLow, slowdownHigh;
    std::string note; ///< why a scenario could not be compared, or what differs (model file changed)

    std::string label() const; ///< "resnet18_fp32 · 1 thread · optimized · onnxruntime"
};

struct RunComparison
{
    RunComparisonOptions options;
    std::vector<ScenarioDelta> scenarios; ///< BASE order, then scenarios only NEW has
    std::vector<std::string> warnings; ///< not like for like: other CPU, other build, other run counts
    bool passed() const; ///< no Slower or Failed scenario
};

/// Matches scenarios by model id, runtime, threads and mode. The interval is the engine's bootstrap of the median
/// ratio (bootstrapSpeedup, inverted): NEW counts as slower only when even the interval's favourable end is beyond
/// 1 + maxSlowdown, so noise alone does not fail a gate.
RunComparison compareRuns(const RunRecord& base, const RunRecord& next, const RunComparisonOptions& options = {});

/// "5%", "0.05", "5" (percent) -> 0.05; nullopt when not a non-negative number.
std::optional<double> parseSlowdownThreshold(std::string_view text);

} // namespace qs
