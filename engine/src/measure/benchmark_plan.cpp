// SPDX-License-Identifier: MIT
#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/resource_limits.h>
#include <quantscope/engine/version.h>

#include <fmt/format.h>

#include <cmath>
#include <set>

namespace qs {

namespace {

// Kept with the run (its file and report say what it lacks) and told to the observer as it happens.
void warn(RunRecord& record, const PlanObserver& observer, RunWarning warning)
{
    if (observer.onWarning)
        observer.onWarning(warning.message);
    record.warnings.push_back(std::move(warning));
}

// Output parity of each (baseline, candidate) pair the run compares, on the plan's samples, run as written (the
// arithmetic the files specify). A pair that cannot be compared gets no record; the reason goes to the warnings.
void addParity(const BenchmarkPlan& plan, RunRecord& record, const PlanObserver& observer)
{
    std::set<std::pair<std::string, std::string>> done;
    auto modelById = [&](const std::string& id) -> std::shared_ptr<const Model> {
        for (size_t i = 0; i < record.models.size(); ++i)
            if (record.models[i].id == id)
                return plan.models[i];
        return nullptr;
    };
    for (const ComparisonRecord& c : record.comparisons) {
        if (!done.insert({ c.baselineModel, c.candidateModel }).second)
            continue;
        auto ref = modelById(c.baselineModel);
        auto cand = modelById(c.candidateModel);
        if (!ref || !cand)
            continue;
        const auto skip = [&](const Status& why) {
            warn(record, observer,
                { "parity", fmt::format("parity {} vs {}: {}", c.candidateModel, c.baselineModel, why.message()),
                    { { "candidate", c.candidateModel }, { "baseline", c.baselineModel },
                        { "reason", why.message() } } });
        };
        auto samples = loadSamples(*ref, plan.parityInputs, plan.parityInputShapes);
        if (!samples) {
            skip(samples.status());
            continue;
        }
        ParityOptions options;
        options.layers = false;
        options.inputShapes = plan.parityInputShapes;
        auto report = computeParity(ref, cand, *samples, options);
        if (!report) {
            skip(report.status());
            continue;
        }
        for (ParityRecord& p : parityRecords(*report, c.candidateModel, c.baselineModel))
            record.parity.push_back(std::move(p));
    }
}

} // namespace

std::vector<ParityRecord> parityRecords(
    const ParityReport& report, const std::string& candidateId, const std::string& referenceId)
{
    std::vector<ParityRecord> out;
    for (const OutputParity& o : report.outputs) {
        ParityRecord p;
        p.modelId = candidateId;
        p.reference = referenceId;
        p.output = o.name;
        p.maxAbsError = o.diff.maxAbs;
        p.meanAbsError = o.diff.meanAbs;
        p.cosineSimilarity = o.diff.cosine;
        p.rmse = o.diff.rmse;
        if (std::isfinite(o.diff.sqnrDb))
            p.sqnrDb = o.diff.sqnrDb;
        if (o.classes)
            p.top1Agreement = static_cast<double>(o.classes->top1) / static_cast<double>(o.classes->rows);
        p.pass = o.pass;
        p.samples = report.samples;
        out.push_back(std::move(p));
    }
    return out;
}

Result<RunRecord> runBenchmarkPlan(const BenchmarkPlan& plan, const BenchmarkTargetFactory& factory,
    const BenchmarkControl& control, const PlanObserver& observer)
{
    if (plan.models.empty() || plan.threads.empty() || plan.modes.empty() || plan.runtimes.empty())
        return Status(StatusCode::InvalidArgument, "benchmark plan: no models, thread settings, modes or runtimes");
    RunRecord record;
    record.createdUtc = utcNowIso8601();
    record.tool = fmt::format("quantscope {} (git {})", versionString(), gitRevision());
    record.machine = collectSystemInfo();
    record.config.warmupRuns = plan.config.warmupRuns;
    record.config.runs = plan.config.runs;
    record.config.seconds = plan.config.seconds;
    record.config.threads = plan.threads;
    record.config.modes = plan.modes;
    record.config.runtimes = plan.runtimes;
    record.config.inputShapes = plan.inputShapes;
    record.config.profile = plan.profile;
    record.config.allowDifferentNetworks = plan.allowDifferentNetworks;

    // Where each file would run, fall back or fail to load: the diagnosis says so per target (issue 17). The tables
    // are data beside the program; a relocated binary or a damaged table loses that finding, not the measurement.
    auto targetTables = loadInstalledTargetTables();
    if (!targetTables)
        warn(record, observer,
            { "target-tables",
                fmt::format("{}; the run file gets no deployment-target summaries", targetTables.status().message()),
                { { "reason", targetTables.status().message() } } });
    std::set<std::string> ids;
    for (const auto& model : plan.models) {
        QS_ASSIGN_OR_RETURN(ModelRecord m, makeModelRecord(*model, targetTables ? &*targetTables : nullptr));
        if (m.id.empty())
            m.id = "model";
        // Two files with the same stem ("model.onnx" in folders of the same name) still need distinct ids.
        const std::string base = m.id;
        for (int n = 2; ids.count(m.id); ++n)
            m.id = fmt::format("{}_{}", base, n);
        ids.insert(m.id);
        record.models.push_back(std::move(m));
    }

    const size_t total = plan.models.size() * plan.threads.size() * plan.modes.size() * plan.runtimes.size();
    std::vector<std::string> int8Features;
    for (const char* f : { "avx2", "avx512_vnni", "avx_vnni", "amx_int8", "neon", "dotprod", "i8mm" })
        if (record.machine.has(f))
            int8Features.emplace_back(f);
    size_t index = 0;
    bool cancelled = false;
    for (size_t mi = 0; mi < plan.models.size() && !cancelled; ++mi) {
        for (int32_t threads : plan.threads) {
            for (ExecutionMode mode : plan.modes) {
                for (Runtime runtime : plan.runtimes) {
                    if (cancelled || control.cancelled()) {
                        cancelled = true;
                        break;
                    }
                    ScenarioRecord s;
                    s.modelId = record.models[mi].id;
                    s.threads = threads;
                    s.mode = mode;
                    s.runtime = runtime;
                    if (observer.onScenarioStart)
                        observer.onScenarioStart(index, total, s);
                    auto target = factory(plan.models[mi], ScenarioSpec { threads, mode, plan.profile, runtime });
                    if (!target) {
                        s.status = ScenarioStatus::Failed;
                        s.error = target.status().toString();
                    } else {
                        // A scenario fails alone when memory runs out (a bad_alloc outside Session::run: inputs
                        // of a huge --input-shape); the others still run and the record is kept.
                        Result<BenchmarkResult> result = Status(StatusCode::Internal, "not run");
                        if (Status st = catchAllocationFailure([&] {
                                result = runBenchmark(plan.config, **target, control);
                                return Status::ok();
                            });
                            !st)
                            result = st;
                        if (!result && result.status().isCancelled()) {
                            cancelled = true;
                            s.status = ScenarioStatus::Partial;
                            s.partialReason = result.status().message();
                        } else if (!result) {
                            s.status = ScenarioStatus::Failed;
                            s.error = result.status().toString();
                            s.unsupportedOps = (*target)->unsupportedOperators();
                        } else {
                            BenchmarkResult& b = *result;
                            s.status = b.partial ? ScenarioStatus::Partial : ScenarioStatus::Ok;
                            s.partialReason = b.partialReason;
                            s.prepareMs = b.prepareMs;
                            s.firstRunMs = b.firstRunMs;
                            s.warmupRuns = b.warmupRunsDone;
                            s.latenciesMs = std::move(b.latenciesMs);
                            s.peakRssBytes = b.peakRssBytes;
                            s.arenaBytes = b.arenaBytes;
                            s.profile = std::move(b.profile);
                            s.runtimeInfo = std::move(b.runtimeInfo);
                            if (s.runtimeInfo)
                                s.runtimeInfo->cpuInt8Features = int8Features;
                            computeScenarioStatistics(s);
                            cancelled = b.partial;
                        }
                    }
                    record.scenarios.push_back(std::move(s));
                    if (observer.onScenarioDone)
                        observer.onScenarioDone(index, total, record.scenarios.back());
                    ++index;
                }
                if (cancelled)
                    break;
            }
            if (cancelled)
                break;
        }
    }
    record.partial = cancelled || record.scenarios.size() < total;
    record.comparisons = compareModels(record);
    if (plan.parity && !cancelled)
        addParity(plan, record, observer);
    record.findings = diagnoseRun(record);
    return record;
}

} // namespace qs
