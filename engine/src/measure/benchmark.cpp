// SPDX-License-Identifier: MIT
#include <quantscope/engine/benchmark.h>

#include <fmt/format.h>

#include <chrono>
#include <fstream>
#include <string>
#include <sys/resource.h>

namespace qs {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Writing "5" to clear_refs resets VmHWM to the current RSS (Linux >= 4.0), so the peak is per scenario instead of
// the process maximum over all earlier scenarios.
bool resetPeakRss()
{
    std::ofstream f("/proc/self/clear_refs");
    if (!f)
        return false;
    f << "5";
    f.flush();
    return static_cast<bool>(f);
}

} // namespace

std::optional<int64_t> peakRssBytes()
{
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("VmHWM:", 0) == 0) {
            try {
                return static_cast<int64_t>(std::stoll(line.substr(6))) * 1024;
            } catch (...) {
                break;
            }
        }
    }
    rusage usage {};
    if (getrusage(RUSAGE_SELF, &usage) == 0 && usage.ru_maxrss > 0)
        return static_cast<int64_t>(usage.ru_maxrss) * 1024; // KiB on Linux
    return std::nullopt;
}

Result<BenchmarkResult> runBenchmark(
    const BenchmarkConfig& config, BenchmarkTarget& target, const BenchmarkControl& control)
{
    using Phase = BenchmarkControl::Phase;
    if (config.warmupRuns < 0 || config.runs < 0 || config.seconds < 0 || config.minRuns < 0 || config.maxRuns < 1)
        return Status(StatusCode::InvalidArgument, "benchmark: negative warm-up, runs, seconds or run limits");
    if (config.seconds == 0 && config.runs == 0)
        return Status(StatusCode::InvalidArgument, "benchmark: neither runs nor seconds requested");
    auto progress = [&](Phase phase, int64_t done, int64_t total) {
        if (control.onProgress)
            control.onProgress(phase, done, total);
    };

    BenchmarkResult r;
    r.peakRssIsProcessWide = !resetPeakRss();
    if (control.cancelled())
        return Status(StatusCode::Cancelled, "benchmark cancelled before preparation");
    progress(Phase::Preparing, 0, 1);
    auto start = Clock::now();
    QS_RETURN_IF_ERROR(target.prepare(control));
    r.prepareMs = msSince(start);
    r.arenaBytes = target.arenaBytes();
    r.runtimeInfo = target.runtimeInfo();
    progress(Phase::Preparing, 1, 1);

    if (control.cancelled())
        return Status(StatusCode::Cancelled, "benchmark cancelled after preparation, before the first run");
    start = Clock::now();
    QS_RETURN_IF_ERROR(target.runOnce(control).withContext("first run"));
    r.firstRunMs = target.lastRunMs().value_or(msSince(start));
    if (config.warmupRuns > 0)
        r.warmupRunsDone = 1;

    bool measuring = false;
    auto finish = [&](const std::string& reason) {
        r.partial = !reason.empty();
        r.partialReason = reason;
        r.peakRssBytes = target.processPeakRssBytes() ? target.processPeakRssBytes() : peakRssBytes();
        if (measuring) // a profile of warm-up runs only would be misleading
            r.profile = target.profile();
        return r;
    };

    while (r.warmupRunsDone < config.warmupRuns) {
        progress(Phase::WarmingUp, r.warmupRunsDone, config.warmupRuns);
        if (control.cancelled())
            return finish(fmt::format("cancelled during warm-up after {} of {} warm-up runs; no measured runs",
                r.warmupRunsDone, config.warmupRuns));
        Status st = target.runOnce(control);
        if (st.isCancelled())
            return finish(fmt::format("cancelled during warm-up after {} of {} warm-up runs; no measured runs",
                r.warmupRunsDone, config.warmupRuns));
        QS_RETURN_IF_ERROR(st.withContext(fmt::format("warm-up run {}", r.warmupRunsDone + 1)));
        ++r.warmupRunsDone;
    }

    const bool budgeted = config.seconds > 0;
    const int64_t planned = budgeted ? -1 : config.runs;
    r.latenciesMs.reserve(static_cast<size_t>(budgeted ? 1024 : config.runs));
    target.beginMeasurement();
    measuring = true;
    const auto measureStart = Clock::now();
    std::string reason;
    for (;;) {
        const auto done = static_cast<int64_t>(r.latenciesMs.size());
        if (budgeted) {
            const double elapsed = msSince(measureStart) / 1000.0;
            if (done >= config.maxRuns || (elapsed >= config.seconds && done >= config.minRuns))
                break;
        } else if (done >= config.runs) {
            break;
        }
        progress(Phase::Measuring, done, planned);
        auto cancelReason = [&] {
            return budgeted ? fmt::format("cancelled after {} measured runs, {:.1f} of {:.1f} s", done,
                       msSince(measureStart) / 1000.0, config.seconds)
                            : fmt::format("cancelled after {} of {} measured runs", done, config.runs);
        };
        if (control.cancelled()) {
            reason = cancelReason();
            break;
        }
        start = Clock::now();
        Status st = target.runOnce(control);
        const double ms = target.lastRunMs().value_or(msSince(start));
        if (st.isCancelled()) { // the interrupted run is incomplete: its time is not a latency
            reason = cancelReason();
            break;
        }
        QS_RETURN_IF_ERROR(st.withContext(fmt::format("measured run {}", done + 1)));
        r.latenciesMs.push_back(ms);
    }
    r.measureSeconds = msSince(measureStart) / 1000.0;
    progress(Phase::Measuring, static_cast<int64_t>(r.latenciesMs.size()), planned);
    return finish(reason);
}

} // namespace qs
