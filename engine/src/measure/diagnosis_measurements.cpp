// SPDX-License-Identifier: MIT
// Findings about the measurements: thread sensitivity, tiny models, noise, inconclusive speedups, partial runs.
#include "measure/diagnoser.h"

#include <fmt/format.h>

#include <algorithm>

namespace qs::diagnosis_detail {

void Diagnoser::threadSensitivity()
{
    for (size_t i = 0; i < m_run.comparisons.size(); ++i) {
        const ComparisonRecord& a = m_run.comparisons[i];
        for (size_t j = i + 1; j < m_run.comparisons.size(); ++j) {
            const ComparisonRecord& b = m_run.comparisons[j];
            if (a.candidateModel != b.candidateModel || a.baselineModel != b.baselineModel || a.mode != b.mode
                || a.runtime != b.runtime || a.threads == b.threads)
                continue;
            const double sa = a.speedup.speedup;
            const double sb = b.speedup.speedup;
            const double ratio = std::max(sa, sb) / std::min(sa, sb);
            const bool crosses = (sa >= 1.0) != (sb >= 1.0);
            if (ratio < m_t.threadSpeedupDivergence && !crosses)
                continue;
            add("thread-sensitivity", crosses ? FindingSeverity::Warning : FindingSeverity::Info,
                fmt::format("the INT8 speedup of {} depends on the thread count ({:.2f}x with {}, {:.2f}x with {})",
                    a.candidateModel, sa, threadsText(a.threads), sb, threadsText(b.threads)),
                { speedupLine("speedup", a), speedupLine("speedup", b) },
                "The controlled (1 thread) number measures kernel efficiency; the practical (all cores) number "
                "adds parallel scaling, where memory bandwidth and operators that do not parallelise (small "
                "quantize/dequantize passes) change the balance. Decide with the setting you deploy.",
                { { "model", a.candidateModel }, { "speedupA", sa }, { "threadsA", int64_t(a.threads) },
                    { "speedupB", sb }, { "threadsB", int64_t(b.threads) } });
        }
    }
}

void Diagnoser::tinyModel()
{
    for (const ScenarioRecord& s : m_run.scenarios) {
        const ModelRecord* m = m_run.model(s.modelId);
        if (!m || m->isQuantized() || !s.hasSamples() || s.stats.p50Ms <= 0 || s.stats.p50Ms >= m_t.tinyModelMs)
            continue;
        std::vector<Line> ev { line("fp32-median", with(scenarioArgs(s), { { "ms", s.stats.p50Ms } }),
            fmt::format("{}: FP32 median {:.3f} ms", s.label(), s.stats.p50Ms)) };
        if (m->totalMacs)
            ev.push_back(line("macs", { { "macs", *m->totalMacs } },
                fmt::format("{:.1f} million multiply-accumulates per inference", *m->totalMacs / 1e6)));
        add("tiny-model", FindingSeverity::Info, fmt::format("{} is so small that fixed per-run costs dominate", m->id),
            std::move(ev),
            "Input/output copies, kernel dispatch and the quantization of inputs and outputs cost the same "
            "whatever the arithmetic; with this little compute INT8 has little to win. Batch several inputs per "
            "run or keep FP32.",
            { { "model", m->id } });
        return; // one finding is enough
    }
}

void Diagnoser::noisyMeasurements()
{
    std::vector<Line> ev;
    double worst = 0;
    for (const ScenarioRecord& s : m_run.scenarios) {
        if (!s.hasSamples() || s.stats.count < 5 || s.stats.cv <= m_t.noisyCv)
            continue;
        worst = std::max(worst, s.stats.cv);
        ev.push_back(line("noisy-scenario",
            with(scenarioArgs(s),
                { { "cv", s.stats.cv }, { "meanMs", s.stats.meanMs }, { "stddevMs", s.stats.stddevMs },
                    { "p99Ms", s.stats.p99Ms }, { "p50Ms", s.stats.p50Ms },
                    { "outliers", int64_t(s.stats.outliersLow + s.stats.outliersHigh) },
                    { "runs", int64_t(s.stats.count) } }),
            fmt::format("{}: CV {} (mean {:.2f} ms, stddev {:.2f} ms, P99 {:.2f} ms vs P50 {:.2f} ms), "
                        "{} Tukey outliers in {} runs",
                s.label(), pct(s.stats.cv), s.stats.meanMs, s.stats.stddevMs, s.stats.p99Ms, s.stats.p50Ms,
                s.stats.outliersLow + s.stats.outliersHigh, s.stats.count)));
    }
    if (ev.empty())
        return;
    add("noisy-measurements", FindingSeverity::Warning,
        fmt::format("the measurements are noisy (CV up to {}), so small differences are not results", pct(worst)),
        std::move(ev),
        "Close other programs, use the performance CPU governor, pin the process to cores (taskset), and run "
        "longer (--seconds) so the medians settle. Speedups within the noise should be reported as 'no "
        "difference'.",
        { { "cv", worst } });
}

void Diagnoser::inconclusiveSpeedup()
{
    for (const ComparisonRecord& c : m_run.comparisons) {
        if (c.speedup.low > 1.0 || c.speedup.high < 1.0)
            continue;
        add("inconclusive-speedup", FindingSeverity::Info,
            fmt::format("{} and {} are indistinguishable with {} ({})", c.candidateModel, c.baselineModel,
                threadsText(c.threads), executionModeName(c.mode)),
            { speedupLine("speedup", c) },
            "The 95% bootstrap interval of the median ratio contains 1: the measured difference is within the "
            "noise of this run. More runs or a quieter machine narrow it.",
            { { "candidate", c.candidateModel }, { "baseline", c.baselineModel }, { "threads", int64_t(c.threads) },
                { "mode", std::string(executionModeName(c.mode)) } });
    }
}

void Diagnoser::partialRun()
{
    std::vector<Line> ev;
    for (const ScenarioRecord& s : m_run.scenarios)
        if (s.status == ScenarioStatus::Partial)
            ev.push_back(line("partial-scenario", with(scenarioArgs(s), { { "reason", s.partialReason } }),
                fmt::format("{}: {}", s.label(), s.partialReason.empty() ? "partial" : s.partialReason)));
    if (ev.empty() && !m_run.partial)
        return;
    if (ev.empty())
        ev.push_back(line("stopped-early", {}, "the run was stopped before every scenario ran"));
    add("partial-run", FindingSeverity::Warning,
        "the run was cancelled, so some numbers come from fewer runs than planned", std::move(ev),
        "Treat partial statistics with care, or run again to completion.");
}

} // namespace qs::diagnosis_detail
