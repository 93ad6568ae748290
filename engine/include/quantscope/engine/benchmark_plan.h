// SPDX-License-Identifier: MIT
// A whole benchmark: models x thread settings x modes, each scenario through runBenchmark, then comparisons and
// diagnosis, into one RunRecord. Shared by `quantscope-cli bench`, the GUI's benchmark worker and bench/.
#pragma once

#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/run_record.h>

#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace qs {

struct BenchmarkPlan
{
    std::vector<std::shared_ptr<const Model>> models;
    std::vector<int32_t> threads { 1 }; ///< 0 = all cores
    std::vector<ExecutionMode> modes { ExecutionMode::Optimized };
    std::vector<Runtime> runtimes { Runtime::Quantscope }; ///< the factory builds each
    BenchmarkConfig config;
    std::vector<std::string> inputShapes; ///< NAME=DIMS, recorded in the run's configuration
    bool profile = false;
    /// Also compare the outputs of every FP32/quantized pair the run compares (random:1, loadSamples' spec).
    bool parity = false;
    std::string parityInputs = "random:1";
    std::map<std::string, std::vector<int64_t>> parityInputShapes;
    /// Compare an FP32 and a quantized model even when they are not the same network (network_identity.h).
    bool allowDifferentNetworks = false;
};

/// What the factory is asked to build: one scenario's settings.
struct ScenarioSpec
{
    int32_t threads = 1;
    ExecutionMode mode = ExecutionMode::Optimized;
    bool profile = false;
    Runtime runtime = Runtime::Quantscope;
};

/// Builds the target for one scenario (the Session adapter). A failure here is recorded as a failed scenario, not
/// as a failed plan.
using BenchmarkTargetFactory
    = std::function<Result<std::unique_ptr<BenchmarkTarget>>(const std::shared_ptr<const Model>&, const ScenarioSpec&)>;

/// Called on the benchmarking thread before each scenario (index 0-based) and after it with its result.
struct PlanObserver
{
    std::function<void(size_t index, size_t total, const ScenarioRecord& scenario)> onScenarioStart;
    std::function<void(size_t index, size_t total, const ScenarioRecord& scenario)> onScenarioDone;
    /// Something the run could not add, with the reason; the run goes on. A pair whose parity could not be computed
    /// (plan.parity), naming both models; deployment-target tables that cannot be found or read. The record keeps
    /// each one (RunRecord::warnings) whether or not this is set.
    std::function<void(const std::string& message)> onWarning;
};

/// Runs every scenario in order (model-major, then threads, then modes, then runtimes: the runtimes of one setting
/// run back to back, so a comparison between them sees the same machine state). Cancellation keeps what was measured:
/// the interrupted scenario is "partial", later ones are not run, and the record is marked partial. A target failure
/// (preparation or a run) makes that scenario "failed" with the message and continues with the next one.
/// Fails only when a model cannot be described (its file cannot be hashed) or the plan is empty; missing or unreadable
/// deployment-target tables are a warning (observer.onWarning) and the models get no target summaries.
Result<RunRecord> runBenchmarkPlan(const BenchmarkPlan& plan, const BenchmarkTargetFactory& factory,
    const BenchmarkControl& control = {}, const PlanObserver& observer = {});

/// A parity report's outputs as the run file's parity entries (`--parity`, or a check made in the GUI for a run):
/// `candidateId` compared with `referenceId`, the run's model ids.
std::vector<ParityRecord> parityRecords(
    const ParityReport& report, const std::string& candidateId, const std::string& referenceId);

} // namespace qs
