// SPDX-License-Identifier: MIT
// The one benchmark routine shared by the CLI, the GUI worker and bench/, so the same numbers appear everywhere.
//
//   MyTarget target(...);                       // implements BenchmarkTarget (the Session adapter does)
//   qs::BenchmarkConfig cfg; cfg.warmupRuns = 10; cfg.runs = 100;
//   auto r = qs::runBenchmark(cfg, target, {});  // Result<BenchmarkResult>
//   auto stats = qs::computeLatencyStats(r->latenciesMs);
#pragma once

#include <quantscope/engine/profile_report.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace qs {

/// Cancellation and progress for a benchmark. Plain callables so any cancel token (the executor's RunControl, a
/// Qt worker's atomic flag, a SIGINT flag) adapts in one line. Both are called on the benchmarking thread.
struct BenchmarkControl
{
    /// Polled before preparation, between runs, and handed to the target so it can stop mid-run.
    std::function<bool()> isCancelled;
    enum class Phase
    {
        Preparing,
        WarmingUp,
        Measuring
    };
    /// done/total: runs in the current phase; total is -1 when a time budget governs the phase.
    std::function<void(Phase phase, int64_t done, int64_t total)> onProgress;

    bool cancelled() const { return isCancelled && isCancelled(); }
};

/// What another runtime (ONNX Runtime through an adapter process) reported about itself and the session that
/// measured: the checklist users go through when INT8 is slow there. Empty for Quantscope's own engine.
struct RuntimeInfo
{
    std::string name; ///< "onnxruntime"
    std::string version; ///< "1.30.0"
    std::string adapter; ///< "node", "python"
    std::string host; ///< "node v18.19.0"
    std::vector<std::string> availableProviders; ///< execution providers the runtime build has
    std::vector<std::string> sessionProviders; ///< the ones the session was created with ("cpu")
    std::string graphOptimizationLevel; ///< "disabled", "all", ...
    int32_t intraOpThreads = 0;
    int32_t interOpThreads = 0;
    /// INT8 instruction sets the CPU has, of avx2 avx512_vnni avx_vnni amx_int8 neon dotprod i8mm (filled by the plan
    /// from the machine record, so each scenario carries the whole checklist).
    std::vector<std::string> cpuInt8Features;
};

/// Something that can be prepared once and then run many times: the Session adapter (model + threads + mode)
/// implements it; tests implement it with runs of known cost. Called on one thread only.
class BenchmarkTarget
{
public:
    virtual ~BenchmarkTarget() = default;
    /// Builds everything a run needs (the timed "preparation"). Called exactly once, before any run.
    virtual Status prepare(const BenchmarkControl& control) = 0;
    /// One inference. Returns StatusCode::Cancelled if it stopped early because control.cancelled() became true.
    virtual Status runOnce(const BenchmarkControl& control) = 0;
    /// Bytes of the activation arena the prepared plan uses, when the target knows it.
    virtual std::optional<int64_t> arenaBytes() const { return std::nullopt; }
    /// Called once, right before the measured runs: a profiling target resets its per-node totals here so
    /// warm-up runs are not counted.
    virtual void beginMeasurement() { }
    /// Per-node times of the measured runs, when the target profiles (an OpObserver in the Session adapter).
    virtual std::optional<ProfileReport> profile() const { return std::nullopt; }
    /// After prepare failed: the unsupported operators as "'name' (OpType)", all of them, if that was the cause.
    virtual std::vector<std::string> unsupportedOperators() const { return {}; }
    /// The last runOnce's own duration when the target times runs itself (a runtime in another process times its
    /// run call there, without the protocol's transfer); nullopt: the benchmark's clock around runOnce counts.
    virtual std::optional<double> lastRunMs() const { return std::nullopt; }
    /// The peak resident set of the process that runs the model, when that is not this one.
    virtual std::optional<int64_t> processPeakRssBytes() const { return std::nullopt; }
    /// Version, providers and session options of another runtime (see RuntimeInfo).
    virtual std::optional<RuntimeInfo> runtimeInfo() const { return std::nullopt; }
};

struct BenchmarkConfig
{
    int64_t warmupRuns = 10;
    int64_t runs = 100; ///< measured runs when seconds == 0
    double seconds = 0; ///< > 0: measure until this many seconds passed (at least minRuns, at most maxRuns)
    int64_t minRuns = 1;
    int64_t maxRuns = 1000000;
};

struct BenchmarkResult
{
    double prepareMs = 0; ///< wall time of BenchmarkTarget::prepare
    std::optional<double> firstRunMs; ///< the first run after preparation (cold caches, lazy init)
    int64_t warmupRunsDone = 0; ///< includes the first run when warmupRuns > 0
    std::vector<double> latenciesMs; ///< every measured run, in order
    double measureSeconds = 0; ///< wall time of the measured phase
    bool partial = false; ///< cancelled before the planned runs finished; the samples are kept
    std::string partialReason; ///< e.g. "cancelled after 37 of 100 measured runs"
    std::optional<int64_t> peakRssBytes; ///< see peakRssIsProcessWide
    bool peakRssIsProcessWide = false; ///< true when the kernel peak could not be reset before preparation
    std::optional<int64_t> arenaBytes;
    std::optional<ProfileReport> profile; ///< from BenchmarkTarget::profile() after the measured runs
    std::optional<RuntimeInfo> runtimeInfo; ///< from BenchmarkTarget::runtimeInfo() after preparation
};

/// Runs prepare, the first run, warm-up and the measured runs, timing each run with a steady clock.
/// The first run after preparation is timed as firstRunMs and counts as warm-up run 1; with warmupRuns == 0 it is an
/// extra run outside the samples, so firstRunMs is always measured.
/// Cancellation during preparation or the first run returns StatusCode::Cancelled (nothing was measured); later it
/// returns the samples gathered so far with partial = true. A failing run returns its Status.
/// Peak RSS: VmHWM of the process, reset before preparation through /proc/self/clear_refs when the kernel allows it.
Result<BenchmarkResult> runBenchmark(
    const BenchmarkConfig& config, BenchmarkTarget& target, const BenchmarkControl& control = {});

/// Peak resident set size of this process in bytes (VmHWM, else getrusage), nullopt when unknown.
std::optional<int64_t> peakRssBytes();

} // namespace qs
