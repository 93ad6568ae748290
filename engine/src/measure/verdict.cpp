// SPDX-License-Identifier: MIT
#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/network_identity.h>
#include <quantscope/engine/verdict.h>

#include <functional>

namespace qs {

bool findingIsCause(const Finding& f)
{
    return f.severity != FindingSeverity::Info && f.id != "noisy-measurements" && f.id != "partial-run"
        && f.id != "unsupported-operators"
        && f.id != "different-networks"
        // Where a file would load or fall back says nothing about the speed measured here.
        && f.id != "deployment-target";
}

namespace {

// Why there is no comparison: two different networks, or a scenario that failed (of the setting, when one is given).
Verdict noComparison(const RunRecord& record, const std::function<bool(const ScenarioRecord&)>& inSetting)
{
    Verdict v;
    if (!record.config.allowDifferentNetworks) {
        const auto mismatches = networkMismatches(record);
        if (!mismatches.empty()) {
            v.id = "different-networks";
            v.args = { { "baseline", mismatches.front().baselineModel },
                { "candidate", mismatches.front().candidateModel } };
            return v;
        }
    }
    for (const ScenarioRecord& s : record.scenarios) {
        if (s.status != ScenarioStatus::Failed || !inSetting(s))
            continue;
        v.id = "run-failed";
        v.args = { { "model", s.modelId }, { "threads", int64_t(s.threads) },
            { "mode", std::string(executionModeName(s.mode)) }, { "runtime", std::string(runtimeName(s.runtime)) },
            { "error", s.error } };
        return v;
    }
    v.id = "no-comparison";
    return v;
}

Verdict verdictFrom(const RunRecord& record, const ComparisonRecord* c)
{
    Verdict v;
    v.comparison = c;
    const SpeedupEstimate& s = c->speedup;
    v.args = { { "candidate", c->candidateModel }, { "baseline", c->baselineModel }, { "speedup", s.speedup },
        { "low", s.low }, { "high", s.high }, { "threads", int64_t(c->threads) },
        { "mode", std::string(executionModeName(c->mode)) }, { "runtime", std::string(runtimeName(c->runtime)) } };
    // The interval is stated in the sentence's own direction: "1.25x slower" beside the speedup's interval
    // "0.79-0.81x" reads as a contradiction, so a slowdown carries the slowdown's interval (1.23-1.27x).
    if (s.low <= 1.0 && s.high >= 1.0) {
        v.id = "equal";
        v.args["factor"] = s.speedup;
        v.args["factor_low"] = s.low;
        v.args["factor_high"] = s.high;
        return v;
    }
    if (s.speedup > 1.0) {
        v.id = "faster";
        v.args["factor"] = s.speedup;
        v.args["factor_low"] = s.low;
        v.args["factor_high"] = s.high;
        return v;
    }
    v.args["factor"] = 1.0 / s.speedup;
    v.args["factor_low"] = 1.0 / s.high;
    v.args["factor_high"] = 1.0 / s.low;
    for (const Finding& f : record.findings) {
        if (findingIsCause(f)) {
            v.cause = &f;
            break;
        }
    }
    v.id = v.cause ? "slower" : "slower-unexplained";
    return v;
}

} // namespace

Verdict verdictOf(const RunRecord& record)
{
    if (const ComparisonRecord* c = primaryComparison(record))
        return verdictFrom(record, c);
    return noComparison(record, [](const ScenarioRecord&) { return true; });
}

Verdict verdictOf(const RunRecord& record, int32_t threads, ExecutionMode mode, Runtime runtime)
{
    for (const ComparisonRecord& c : record.comparisons)
        if (c.threads == threads && c.mode == mode && c.runtime == runtime)
            return verdictFrom(record, &c);
    return noComparison(record,
        [&](const ScenarioRecord& s) { return s.threads == threads && s.mode == mode && s.runtime == runtime; });
}

} // namespace qs
