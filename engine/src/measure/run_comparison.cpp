// SPDX-License-Identifier: MIT
#include <quantscope/engine/run_comparison.h>

#include <fmt/format.h>

#include <cstdlib>
#include <string>

namespace qs {

std::string_view scenarioVerdictName(ScenarioVerdict verdict) noexcept
{
    switch (verdict) {
    case ScenarioVerdict::Unchanged:
        return "unchanged";
    case ScenarioVerdict::Faster:
        return "faster";
    case ScenarioVerdict::Slower:
        return "slower";
    case ScenarioVerdict::PossiblySlower:
        return "possibly-slower";
    case ScenarioVerdict::Failed:
        return "failed";
    case ScenarioVerdict::OnlyInBase:
        return "only-in-base";
    case ScenarioVerdict::OnlyInNew:
        return "only-in-new";
    }
    return "unknown";
}

std::string ScenarioDelta::label() const
{
    std::string text = fmt::format("{} · {} · {}", modelId, threadsText(threads), executionModeName(mode));
    if (runtime != Runtime::Quantscope)
        text += fmt::format(" · {}", runtimeName(runtime));
    return text;
}

bool RunComparison::passed() const
{
    for (const ScenarioDelta& d : scenarios)
        if (d.verdict == ScenarioVerdict::Slower || d.verdict == ScenarioVerdict::Failed)
            return false;
    return true;
}

namespace {

const ScenarioRecord* find(const RunRecord& r, const ScenarioRecord& like)
{
    return r.scenario(like.modelId, like.threads, like.mode, like.runtime);
}

ScenarioDelta deltaFor(const ScenarioRecord& s)
{
    ScenarioDelta d;
    d.modelId = s.modelId;
    d.runtime = s.runtime;
    d.mode = s.mode;
    d.threads = s.threads;
    return d;
}

} // namespace

RunComparison compareRuns(const RunRecord& base, const RunRecord& next, const RunComparisonOptions& options)
{
    RunComparison out;
    out.options = options;
    if (base.machine.cpuModel != next.machine.cpuModel)
        out.warnings.push_back(fmt::format("other CPU: '{}' vs '{}'", base.machine.cpuModel, next.machine.cpuModel));
    if (base.machine.gitRevision != next.machine.gitRevision)
        out.warnings.push_back(
            fmt::format("other Quantscope build: git {} vs {}", base.machine.gitRevision, next.machine.gitRevision));
    if (base.partial || next.partial)
        out.warnings.push_back("a run was cancelled (partial)");

    for (const ScenarioRecord& b : base.scenarios) {
        ScenarioDelta d = deltaFor(b);
        const ScenarioRecord* n = find(next, b);
        if (b.hasSamples())
            d.baseMedianMs = b.stats.p50Ms;
        if (!n) {
            d.verdict = ScenarioVerdict::OnlyInBase;
            out.scenarios.push_back(std::move(d));
            continue;
        }
        if (n->hasSamples())
            d.newMedianMs = n->stats.p50Ms;
        const ModelRecord* bm = base.model(b.modelId);
        const ModelRecord* nm = next.model(n->modelId);
        if (bm && nm && bm->sha256 != nm->sha256)
            d.note = "the model file changed";
        if (!b.hasSamples()) { // nothing to be slower than; a scenario failing in both did not get worse
            d.note = n->hasSamples() ? "BASE has no samples (failed there)" : "failed in both";
            out.scenarios.push_back(std::move(d));
            continue;
        }
        if (!n->hasSamples()) {
            d.verdict = ScenarioVerdict::Failed;
            d.note = n->error.empty() ? "NEW has no samples" : n->error.substr(0, n->error.find('\n'));
            out.scenarios.push_back(std::move(d));
            continue;
        }
        // bootstrapSpeedup is median(baseline)/median(candidate); the slowdown is its inverse, interval flipped.
        auto est
            = bootstrapSpeedup(b.latenciesMs, n->latenciesMs, options.iterations, options.confidence, options.seed);
        if (!est || est->low <= 0) {
            d.note = "no positive median to compare";
            out.scenarios.push_back(std::move(d));
            continue;
        }
        d.slowdown = 1.0 / est->speedup;
        d.slowdownLow = 1.0 / est->high;
        d.slowdownHigh = 1.0 / est->low;
        const double limit = 1.0 + options.maxSlowdown;
        if (*d.slowdownLow > limit)
            d.verdict = ScenarioVerdict::Slower;
        else if (*d.slowdown > limit)
            d.verdict = ScenarioVerdict::PossiblySlower;
        else if (*d.slowdownHigh < 1.0)
            d.verdict = ScenarioVerdict::Faster;
        else
            d.verdict = ScenarioVerdict::Unchanged;
        out.scenarios.push_back(std::move(d));
    }
    for (const ScenarioRecord& n : next.scenarios) {
        if (find(base, n))
            continue;
        ScenarioDelta d = deltaFor(n);
        d.verdict = ScenarioVerdict::OnlyInNew;
        if (n.hasSamples())
            d.newMedianMs = n.stats.p50Ms;
        out.scenarios.push_back(std::move(d));
    }
    return out;
}

std::optional<double> parseSlowdownThreshold(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    const bool percent = text.back() == '%';
    const std::string number(percent ? text.substr(0, text.size() - 1) : text);
    char* end = nullptr;
    const double v = std::strtod(number.c_str(), &end);
    if (number.empty() || end != number.c_str() + number.size() || !(v >= 0))
        return std::nullopt;
    // A bare number >= 1 reads as percent ("5" = 5%); below 1 as a fraction ("0.05").
    return percent || v >= 1 ? v / 100.0 : v;
}

} // namespace qs
