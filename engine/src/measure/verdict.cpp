// SPDX-License-Identifier: MIT
#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/verdict.h>

namespace qs {

bool findingIsCause(const Finding& f)
{
    return f.severity != FindingSeverity::Info && f.id != "noisy-measurements" && f.id != "partial-run"
        && f.id != "unsupported-operators";
}

Verdict verdictOf(const RunRecord& record)
{
    Verdict v;
    const ComparisonRecord* c = primaryComparison(record);
    if (!c) {
        v.id = "no-comparison";
        return v;
    }
    v.comparison = c;
    const SpeedupEstimate& s = c->speedup;
    v.args = { { "candidate", c->candidateModel }, { "baseline", c->baselineModel }, { "speedup", s.speedup },
        { "low", s.low }, { "high", s.high }, { "threads", int64_t(c->threads) }, { "mode", c->mode },
        { "runtime", c->runtime } };
    if (s.low <= 1.0 && s.high >= 1.0) {
        v.id = "equal";
        v.args["factor"] = s.speedup;
        return v;
    }
    if (s.speedup > 1.0) {
        v.id = "faster";
        v.args["factor"] = s.speedup;
        return v;
    }
    v.args["factor"] = 1.0 / s.speedup;
    for (const Finding& f : record.findings) {
        if (findingIsCause(f)) {
            v.cause = &f;
            break;
        }
    }
    v.id = v.cause ? "slower" : "slower-unexplained";
    return v;
}

} // namespace qs
