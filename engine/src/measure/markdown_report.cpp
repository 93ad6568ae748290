// SPDX-License-Identifier: MIT
#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/op_type_comparison.h>
#include <quantscope/engine/verdict.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <variant>

namespace qs {

namespace {

// Two decimals below 2x: "1.2x faster" beside a 95% CI of 1.15-1.19x read as a contradiction.
std::string factor(double x)
{
    return x < 1.995 ? fmt::format("{:.2f}x", x) : fmt::format("{:.1f}x", x);
}

std::string ms(double v)
{
    return fmt::format("{:.2f}", v);
}

std::string mib(const std::optional<int64_t>& bytes)
{
    return bytes ? fmt::format("{:.1f}", double(*bytes) / (1024.0 * 1024.0)) : "-";
}

// A difference: signed, and plain zero when it rounds to nothing (no "+0.00" or "-0.00").
std::string signedMs(double v, int decimals = 2)
{
    if (std::abs(v) < 0.5 * std::pow(10.0, -decimals))
        return fmt::format("{:.{}f}", 0.0, decimals);
    return fmt::format("{:+.{}f}", v, decimals);
}

std::string pct(double share)
{
    return fmt::format("{:.1f}%", share * 100.0);
}

// Pipes would split table cells.
std::string cell(std::string text)
{
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

} // namespace

std::string verdictSentence(const RunRecord& record)
{
    const Verdict v = verdictOf(record);
    auto text = [&](const char* key) {
        auto it = v.args.find(key);
        return it != v.args.end() && std::holds_alternative<std::string>(it->second) ? std::get<std::string>(it->second)
                                                                                     : std::string();
    };
    if (v.id == "different-networks")
        return fmt::format("No INT8-vs-FP32 verdict: {} and {} are not the same network (see the finding "
                           "'different-networks'; --allow-different-networks compares them anyway).",
            text("baseline"), text("candidate"));
    if (v.id == "run-failed") {
        const auto threads = std::get<int64_t>(v.args.at("threads"));
        return fmt::format("No INT8-vs-FP32 verdict: the run failed ({} · {} · {}): {}", text("model"),
            threadsText(static_cast<int32_t>(threads)), text("mode"), text("error"));
    }
    if (!v.comparison)
        return "No INT8-vs-FP32 verdict: the run needs an FP32 and a quantized model of the same network, both "
               "measured.";
    const ComparisonRecord* c = v.comparison;
    const SpeedupEstimate& s = c->speedup;
    const std::string where = fmt::format("{} vs {}, median latency, {}, {}{}, 95% CI {:.2f}-{:.2f}x",
        c->candidateModel, c->baselineModel, threadsText(c->threads), executionModeName(c->mode),
        c->runtime == Runtime::Quantscope ? std::string() : fmt::format(", measured by {}", runtimeName(c->runtime)),
        s.low, s.high);
    if (v.id == "equal")
        return fmt::format(
            "INT8 and FP32 are equally fast here within the noise (median speedup {}; {}).", factor(s.speedup), where);
    if (v.id == "faster")
        return fmt::format("INT8 is {} faster here ({}).", factor(s.speedup), where);
    if (!v.cause)
        return fmt::format("INT8 is {} slower here ({}); no known cause matched, see the time per op type below.",
            factor(1.0 / s.speedup), where);
    return fmt::format("INT8 is {} slower here, because {} ({}).", factor(1.0 / s.speedup), v.cause->title, where);
}

std::string buildMarkdownReport(const RunRecord& r, const ReportOptions& options)
{
    std::string out;
    auto w = [&](const std::string& s) { out += s; };
    w("# Quantscope benchmark report\n\n");
    w("**" + (options.verdict.empty() ? verdictSentence(r) : options.verdict) + "**\n\n");
    if (r.partial)
        w("> This run was cancelled before it finished; partial scenarios are marked.\n\n");
    if (!r.comparisons.empty()) {
        w("## INT8 vs FP32\n\n");
        w("| Quantized model | FP32 model | Threads | Mode | Speedup | 95% CI | Size ratio |\n");
        w("|---|---|---|---|---:|---|---:|\n");
        for (const ComparisonRecord& c : r.comparisons)
            w(fmt::format("| {} | {} | {} | {} | {:.2f}x | {:.2f}-{:.2f}x | {:.2f} |\n", cell(c.candidateModel),
                cell(c.baselineModel), threadsText(c.threads),
                c.runtime == Runtime::Quantscope
                    ? std::string(executionModeName(c.mode))
                    : fmt::format("{} · {}", executionModeName(c.mode), runtimeName(c.runtime)),
                c.speedup.speedup, c.speedup.low, c.speedup.high, c.sizeRatio));
        w("\nSpeedup = median FP32 latency / median quantized latency (> 1: quantized is faster); interval: "
          "percentile bootstrap of the median ratio.\n\n");
    }
    if (!r.parity.empty()) {
        w("## Parity\n\n");
        w("| Model | Reference | Output | SQNR | Cosine | Max abs error | Mean abs error | RMSE | Top-1 | Result |\n");
        w("|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
        auto opt = [](const std::optional<double>& v, const char* f) {
            return v ? fmt::format(fmt::runtime(f), *v) : std::string("-");
        };
        for (const ParityRecord& p : r.parity)
            w(fmt::format("| {} | {} | {} | {} | {} | {:.4g} | {:.4g} | {} | {} | {} |\n", cell(p.modelId),
                cell(p.reference), cell(p.output),
                p.sqnrDb ? fmt::format("{:.1f} dB", *p.sqnrDb) : std::string(p.rmse ? "identical" : "-"),
                opt(p.cosineSimilarity, "{:.5f}"), p.maxAbsError, p.meanAbsError, opt(p.rmse, "{:.4g}"),
                p.top1Agreement ? fmt::format("{:.0f}%", 100 * *p.top1Agreement) : std::string("-"),
                p.pass ? (*p.pass ? "pass" : "**fail**") : "-"));
        w("\nSQNR = 10·log10(Σ reference² / Σ (reference − model)²) over the outputs of the same inputs; pass: SQNR "
          ">= 20 dB and cosine >= 0.99 (scale-free, so pixel boxes and tiny logits are judged alike).\n\n");
    }

    w("## Latency (ms)\n\n");
    w("| Scenario | Status | Runs | Mean | Std | CV | Min | P50 | P90 | P95 | P99 | Max | IQR | Outliers | FPS |\n");
    w("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const ScenarioRecord& s : r.scenarios) {
        if (!s.hasSamples()) {
            w(fmt::format("| {} | {} | 0 | | | | | | | | | | | | |\n", cell(s.label()), scenarioStatusName(s.status)));
            continue;
        }
        const LatencyStats& st = s.stats;
        w(fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1f} |\n",
            cell(s.label()), scenarioStatusName(s.status), st.count, ms(st.meanMs), ms(st.stddevMs), pct(st.cv),
            ms(st.minMs), ms(st.p50Ms), ms(st.p90Ms), ms(st.p95Ms), ms(st.p99Ms), ms(st.maxMs), ms(st.iqrMs),
            st.outliersLow + st.outliersHigh, st.fps));
    }
    w("\n");
    std::vector<const ScenarioRecord*> notes;
    for (const ScenarioRecord& s : r.scenarios)
        if (s.status != ScenarioStatus::Ok)
            notes.push_back(&s);
    for (const ScenarioRecord* s : notes) {
        std::string why = s->status == ScenarioStatus::Partial
            ? s->partialReason
            : (s->error.empty() ? std::string(scenarioStatusName(s->status)) : s->error);
        if (const auto nl = why.find('\n'); nl != std::string::npos) // node lists: see the findings
            why = why.substr(0, nl);
        w(fmt::format("- {}: {}\n", s->label(), why));
    }
    if (!notes.empty())
        w("\n");

    // Imported profiles carry no preparation or memory figures.
    const bool anyMeasured = std::any_of(r.scenarios.begin(), r.scenarios.end(), [](const ScenarioRecord& s) {
        return (s.runtime == Runtime::Quantscope || s.runtimeInfo) && s.status != ScenarioStatus::Failed;
    });
    if (anyMeasured) {
        w("## Preparation and memory\n\n");
        w("| Scenario | Preparation ms | First run ms | Warm-up runs | Peak RSS MiB | Arena MiB |\n");
        w("|---|---:|---:|---:|---:|---:|\n");
        for (const ScenarioRecord& s : r.scenarios) {
            if (s.status == ScenarioStatus::Failed || (s.runtime != Runtime::Quantscope && !s.runtimeInfo))
                continue;
            w(fmt::format("| {} | {} | {} | {} | {} | {} |\n", cell(s.label()), ms(s.prepareMs),
                s.firstRunMs ? ms(*s.firstRunMs) : "-", s.warmupRuns, mib(s.peakRssBytes), mib(s.arenaBytes)));
        }
        w("\n");
    }

    w("## Models\n\n");
    w("| Model | Format | Nodes | File size MiB | SHA-256 | Path |\n");
    w("|---|---|---:|---:|---|---|\n");
    for (const ModelRecord& m : r.models)
        w(fmt::format("| {} | {} | {} | {:.2f} | `{}` | {} |\n", cell(m.id), quantFormatName(m.format), m.nodeCount,
            double(m.fileSizeBytes) / (1024.0 * 1024.0), m.sha256.substr(0, 16), cell(m.path)));
    w("\n");

    const std::vector<std::string> rows = r.opTypesByCount();
    if (!rows.empty()) {
        w("### Op counts\n\n| Op type |");
        for (const ModelRecord& m : r.models)
            w(fmt::format(" {} |", cell(m.id)));
        w("\n|---|");
        for (size_t i = 0; i < r.models.size(); ++i)
            w("---:|");
        w("\n");
        int shown = 0;
        for (const std::string& op : rows) {
            if (shown++ >= options.maxOpCountRows) {
                w(fmt::format("| ({} more op types) |", rows.size() - static_cast<size_t>(options.maxOpCountRows)));
                for (size_t i = 0; i < r.models.size(); ++i)
                    w(" |");
                w("\n");
                break;
            }
            w(fmt::format("| {} |", cell(op)));
            for (const ModelRecord& m : r.models)
                w(fmt::format(" {} |", m.opCount(op)));
            w("\n");
        }
        w("| **total** |");
        for (const ModelRecord& m : r.models)
            w(fmt::format(" **{}** |", m.nodeCount));
        w("\n\n");
    }

    bool profileHeader = false;
    for (const ScenarioRecord& s : r.scenarios) {
        if (!s.profile)
            continue;
        if (!profileHeader) {
            w("## Time per op type\n\n");
            profileHeader = true;
        }
        const ProfileReport& p = *s.profile;
        w(fmt::format("### {}\n\n", s.label()));
        w(fmt::format("Source: {}, {} profiled run{}; {} ms per run in kernels; quantization overhead {} ms ({}).\n\n",
            p.source, p.runs, p.runs == 1 ? "" : "s", ms(p.totalMs), ms(p.quantOverheadMs), pct(p.quantOverheadShare)));
        w("| Op type | Nodes | ms per run | Share |\n|---|---:|---:|---:|\n");
        int shown = 0;
        for (const OpTypeProfile& t : p.opTypes) {
            if (shown++ >= options.maxOpTypeRows)
                break;
            w(fmt::format("| {} | {} | {} | {} |\n", cell(t.opType), t.nodes, ms(t.meanMs), pct(t.share)));
        }
        if (p.opTypes.size() > static_cast<size_t>(options.maxOpTypeRows))
            w(fmt::format("| ({} more) | | | |\n", p.opTypes.size() - static_cast<size_t>(options.maxOpTypeRows)));
        w("\n");
        w("| Slowest nodes | Op type | ms per run | Share |\n|---|---|---:|---:|\n");
        for (size_t i = 0; i < p.nodes.size() && i < static_cast<size_t>(options.maxNodeRows); ++i) {
            const NodeProfile& n = p.nodes[i];
            w(fmt::format("| {}{}{} | {} | {} | {} |\n", cell(n.nodeName), n.nodeIndex < 0 ? " (runtime-created)" : "",
                n.referenceKernel ? " (reference kernel: " + cell(n.implementation) + ")" : "", cell(n.opType),
                ms(n.meanMs), pct(n.share)));
        }
        w("\n");
    }

    // Which op types the speedup (or slowdown) comes from, for every comparison whose two sides were profiled.
    bool deltaHeader = false;
    for (const ComparisonRecord& c : r.comparisons) {
        const ScenarioRecord* base = r.scenario(c.baselineModel, c.threads, c.mode, c.runtime);
        const ScenarioRecord* cand = r.scenario(c.candidateModel, c.threads, c.mode, c.runtime);
        if (!base || !cand || !base->profile || !cand->profile)
            continue;
        if (!deltaHeader) {
            w("## Time per op type, FP32 vs quantized\n\n");
            w("Per run, from the per-node profiles. Quantized op types are compared with the float op they replace "
              "(ConvInteger and QLinearConv with Conv, MatMulInteger and QLinearMatMul with MatMul); a fused step "
              "counts for the authored node it is named after. Sorted by the absolute difference.\n\n");
            deltaHeader = true;
        }
        const OpTypeTimeComparison cmp = compareOpTypeTimes(*base->profile, *cand->profile);
        // Sub-millisecond models would show rows of 0.00: one more decimal for them.
        const int decimals = std::max(cmp.baselineTotalMs, cmp.candidateTotalMs) < 1.0 ? 3 : 2;
        const auto time = [decimals](double v) { return fmt::format("{:.{}f}", v, decimals); };
        w(fmt::format("### {} vs {}, {}, {}{}\n\n", cell(c.candidateModel), cell(c.baselineModel),
            threadsText(c.threads), executionModeName(c.mode),
            c.runtime == Runtime::Quantscope ? std::string() : fmt::format(", {}", runtimeName(c.runtime))));
        w("| Op type | FP32 ms | Quantized ms | Difference ms | Quantized / FP32 |\n|---|---:|---:|---:|---:|\n");
        int shown = 0;
        for (const OpTypeTimeDelta& d : cmp.rows) {
            if (shown++ >= options.maxOpTypeRows) {
                w(fmt::format("| ({} more) | | | | |\n", cmp.rows.size() - static_cast<size_t>(options.maxOpTypeRows)));
                break;
            }
            const auto ratio = d.ratio();
            w(fmt::format("| {} | {} | {} | {} | {} |\n", cell(d.displayName()),
                d.baselineOps.empty() ? "-" : time(d.baselineMs), d.candidateOps.empty() ? "-" : time(d.candidateMs),
                signedMs(d.deltaMs(), decimals), ratio ? fmt::format("{:.2f}x", *ratio) : "-"));
        }
        w(fmt::format("| **all kernels** | **{}** | **{}** | **{}** | **{}** |\n\n", time(cmp.baselineTotalMs),
            time(cmp.candidateTotalMs), signedMs(cmp.candidateTotalMs - cmp.baselineTotalMs, decimals),
            cmp.baselineTotalMs > 0 ? fmt::format("{:.2f}x", cmp.candidateTotalMs / cmp.baselineTotalMs) : "-"));
    }

    w(fmt::format("## {}\n\n", options.findingsHeading));
    if (r.findings.empty())
        w(options.noFindings + "\n\n");
    for (const Finding& f : r.findings) {
        w(fmt::format("### [{}] {}\n\n", options.severityLabels[static_cast<size_t>(f.severity)], f.title));
        for (const std::string& e : f.evidence)
            w(fmt::format("- {}\n", e));
        w(fmt::format("\n{}\n\n", f.advice));
    }

    const SystemInfo& m = r.machine;
    w("## Environment\n\n");
    w(fmt::format("- CPU: {} ({}, {})\n", m.cpuModel, m.cpuVendor, m.architecture));
    w(fmt::format("- Cores: {} physical, {} logical, {} package(s)\n", m.cores, m.logicalProcessors, m.packages));
    for (const CacheInfo& c : m.caches)
        w(fmt::format("- {}: {} KiB x {}\n", c.level, c.sizeBytes / 1024, c.instances));
    std::string yes, no;
    for (const auto& name : isaFeatureNames()) {
        auto it = m.isa.find(name);
        if (it == m.isa.end())
            continue;
        std::string& list = it->second ? yes : no;
        list += list.empty() ? name : ", " + name;
    }
    w(fmt::format("- ISA: {}\n", yes.empty() ? "-" : yes));
    w(fmt::format("- Not available: {}\n", no.empty() ? "-" : no));
    w(fmt::format("- OS: {}\n", m.os));
    w(fmt::format("- Compiler: {}\n", m.compiler));
    w(fmt::format("- Quantscope: {} (git {})\n", m.quantscopeVersion, m.gitRevision));
    w(fmt::format("- oneDNN: {}, dispatching to {}\n\n", m.onednnVersion, m.onednnIsa));

    const RunConfig& c = r.config;
    w("## How it was measured\n\n");
    std::vector<std::string> threadList;
    for (int32_t t : c.threads)
        threadList.push_back(threadsText(t));
    w(fmt::format("- Threads: {} (1 thread = controlled, all cores = practical)\n",
        threadList.empty() ? "-" : fmt::format("{}", fmt::join(threadList, ", "))));
    std::vector<std::string_view> modeList;
    for (ExecutionMode m : c.modes)
        modeList.push_back(executionModeName(m));
    w(fmt::format("- Modes: {}\n", modeList.empty() ? "-" : fmt::format("{}", fmt::join(modeList, ", "))));
    // Scenarios another runtime measured through an adapter carry runtimeInfo; those without it were imported.
    const bool anyImported = std::any_of(r.scenarios.begin(), r.scenarios.end(),
        [](const ScenarioRecord& s) { return s.runtime != Runtime::Quantscope && !s.runtimeInfo; });
    std::set<std::string> runtimeLines;
    for (const ScenarioRecord& s : r.scenarios)
        if (s.runtimeInfo) {
            const RuntimeInfo& i = *s.runtimeInfo;
            runtimeLines.insert(fmt::format("- {} {} through the {} adapter ({}): providers in this build {}; session "
                                            "providers {}; graph optimization `{}`; {} intra-op / {} inter-op threads; "
                                            "CPU INT8 features: {}\n",
                i.name, i.version, i.adapter, i.host, fmt::join(i.availableProviders, ", "),
                fmt::join(i.sessionProviders, ", "), i.graphOptimizationLevel, i.intraOpThreads, i.interOpThreads,
                i.cpuInt8Features.empty() ? std::string("none")
                                          : fmt::format("{}", fmt::join(i.cpuInt8Features, ", "))));
        }
    for (const std::string& line : runtimeLines)
        w(line);
    if (anyImported)
        w(fmt::format("- Imported ONNX Runtime profiles: latencies are its `model_run` events, kernel times its "
                      "`*_kernel_time` events; the first {} run(s) of each profile were skipped\n",
            c.warmupRuns));
    if (!anyImported || anyMeasured)
        w(fmt::format("- Warm-up: {} runs (the first run after preparation is reported separately)\n", c.warmupRuns));
    if (anyImported && !anyMeasured)
        w(fmt::format("- Profiled runs counted: up to {} per model\n", c.runs));
    else if (c.seconds > 0)
        w(fmt::format("- Measured: as many runs as fit in {:.1f} s per scenario\n", c.seconds));
    else
        w(fmt::format("- Measured: {} runs per scenario\n", c.runs));
    if (!c.inputShapes.empty())
        w(fmt::format("- Input shapes: {}\n", fmt::join(c.inputShapes, ", ")));
    w(fmt::format("- Per-node profile: {}\n", c.profile ? "yes" : "no"));
    w("- Statistics: percentiles by linear interpolation (numpy's default); sample standard deviation; CV = std / "
      "mean; Tukey outliers beyond 1.5 IQR; FPS = 1000 / mean ms; histogram bins by Freedman-Diaconis.\n");
    w(fmt::format("- Recorded {} by {}\n", r.createdUtc, r.tool));
    return out;
}

} // namespace qs
