// SPDX-License-Identifier: MIT
#include "report/report_cells.h"

#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/op_type_comparison.h>
#include <quantscope/engine/report_model.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <variant>

namespace qs {

namespace {

using report::count;
using report::factor;
using report::heading;
using report::missing;
using report::number;
using report::paragraph;
using report::phraseCell;
using report::scenarioCell;
using report::settingCell;
using report::term;

ReportBlock table(std::vector<ReportPhrase> header, std::vector<bool> numeric)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Table;
    b.table.header = std::move(header);
    b.table.numeric = std::move(numeric);
    return b;
}

std::vector<ReportPhrase> terms(std::initializer_list<const char*> words)
{
    std::vector<ReportPhrase> out;
    for (const char* w : words)
        out.push_back(term(w));
    return out;
}

// Right-aligned from column `textColumns` on.
std::vector<bool> numericAfter(size_t textColumns, size_t columns)
{
    std::vector<bool> out(columns, false);
    for (size_t i = textColumns; i < columns; ++i)
        out[i] = true;
    return out;
}

ReportPhrase statusPhrase(ScenarioStatus status)
{
    return { "status", { { "status", std::string(scenarioStatusName(status)) } },
        std::string(scenarioStatusName(status)) };
}

ReportCell rangeCell(double low, double high)
{
    ReportCell c = factor(low);
    c.kind = ReportCell::Kind::Range;
    c.high = high;
    return c;
}

ReportCell mib(const std::optional<int64_t>& bytes)
{
    return bytes ? number(double(*bytes) / (1024.0 * 1024.0), 1, ReportUnit::MiB) : missing();
}

ReportPhrase moreRows(const char* kind, const char* english, size_t n)
{
    return { kind, { { "count", int64_t(n) } }, fmt::format(fmt::runtime(english), n) };
}

// Cells after the first of a "(N more)" row.
void padRow(std::vector<ReportCell>& row, size_t columns)
{
    row.resize(columns);
}

MessageArgs settingArgs(int32_t threads, ExecutionMode mode, Runtime runtime)
{
    return { { "threads", int64_t(threads) }, { "mode", std::string(executionModeName(mode)) },
        { "runtime", std::string(runtimeName(runtime)) } };
}

ReportSection titleAndVerdict(const RunRecord& r, std::vector<ReportSection>& out)
{
    out.push_back({ ReportSectionId::Title, { heading(term("Quantscope benchmark report"), 1) } });
    ReportSection v { ReportSectionId::Verdict, {} };
    ReportBlock sentence = paragraph({ "verdict", {}, verdictSentence(r) });
    sentence.strong = true;
    v.blocks.push_back(sentence);
    if (r.partial) {
        ReportBlock notice
            = paragraph(term("This run was cancelled before it finished; partial scenarios are marked."));
        notice.quote = true;
        v.blocks.push_back(notice);
    }
    return v;
}

// Right after the verdict: a reader weighing it should know what the run could not add (no target summaries, a pair
// without parity) before the numbers.
ReportSection warnings(const RunRecord& r)
{
    ReportSection s { ReportSectionId::Warnings,
        { heading(term("Warnings")), paragraph(term("The run went on without what these warnings name.")) } };
    ReportBlock list;
    list.kind = ReportBlock::Kind::List;
    for (const RunWarning& w : r.warnings) {
        const auto text = [&](const char* key) {
            const auto it = w.args.find(key);
            return it != w.args.end() && std::holds_alternative<std::string>(it->second)
                ? std::get<std::string>(it->second)
                : std::string();
        };
        // A kind of a later version, or one without its values: the message says it.
        std::string english = w.message;
        if (w.kind == "parity" && w.args.count("candidate") && w.args.count("baseline") && w.args.count("reason"))
            english = fmt::format(
                "Parity of {} vs {} was not checked: {}", text("candidate"), text("baseline"), text("reason"));
        else if (w.kind == "target-tables" && w.args.count("reason"))
            english = fmt::format("No deployment-target summaries: {}", text("reason"));
        MessageArgs args = w.args;
        args["kind"] = w.kind;
        args["message"] = w.message;
        list.items.push_back({ "run-warning", std::move(args), std::move(english) });
    }
    s.blocks.push_back(std::move(list));
    return s;
}

ReportSection keyNumbers(const RunRecord& r)
{
    ReportSection s { ReportSectionId::KeyNumbers, { heading(term("Key numbers")) } };
    if (r.comparisons.empty()) {
        ReportBlock t = table(terms({ "Scenario", "Status", "Median ms", "P95 ms", "Runs" }), numericAfter(2, 5));
        for (const ScenarioRecord& sc : r.scenarios)
            t.table.rows.push_back({ scenarioCell(sc), phraseCell(statusPhrase(sc.status)),
                sc.hasSamples() ? number(sc.stats.p50Ms, 2, ReportUnit::Milliseconds) : missing(),
                sc.hasSamples() ? number(sc.stats.p95Ms, 2, ReportUnit::Milliseconds) : missing(),
                count(int64_t(sc.latenciesMs.size())) });
        s.blocks.push_back(std::move(t));
        return s;
    }
    ReportBlock t = table(terms({ "Quantized vs FP32", "Setting", "FP32 median ms", "Quantized median ms", "Speedup",
                              "95% interval", "Size ratio" }),
        numericAfter(2, 7));
    for (const ComparisonRecord& c : r.comparisons) {
        const auto median = [&](const std::string& model) {
            const ScenarioRecord* sc = r.scenario(model, c.threads, c.mode, c.runtime);
            return sc && sc->hasSamples() ? number(sc->stats.p50Ms, 2, ReportUnit::Milliseconds) : missing();
        };
        const ReportPhrase pair { "pair", { { "candidate", c.candidateModel }, { "baseline", c.baselineModel } },
            fmt::format("{} vs {}", c.candidateModel, c.baselineModel) };
        t.table.rows.push_back({ phraseCell(pair), settingCell(c.threads, c.mode, c.runtime), median(c.baselineModel),
            median(c.candidateModel), factor(c.speedup.speedup), rangeCell(c.speedup.low, c.speedup.high),
            number(c.sizeRatio, 2) });
    }
    s.blocks.push_back(std::move(t));
    s.blocks.push_back(paragraph(term("Speedup = median FP32 latency / median quantized latency (above 1: the "
                                      "quantized model is faster); interval: percentile bootstrap of the median "
                                      "ratio.")));
    return s;
}

ReportSection comparisons(const RunRecord& r)
{
    ReportSection s { ReportSectionId::Comparisons, { heading(term("INT8 vs FP32")) } };
    ReportBlock t
        = table(terms({ "Quantized model", "FP32 model", "Threads", "Mode", "Speedup", "95% CI", "Size ratio" }),
            { false, false, false, false, true, false, true });
    for (const ComparisonRecord& c : r.comparisons)
        t.table.rows.push_back(
            { phraseCell(ReportPhrase::name(c.candidateModel)), phraseCell(ReportPhrase::name(c.baselineModel)),
                settingCell(c.threads, std::nullopt, Runtime::Quantscope), settingCell(std::nullopt, c.mode, c.runtime),
                factor(c.speedup.speedup), rangeCell(c.speedup.low, c.speedup.high), number(c.sizeRatio, 2) });
    s.blocks.push_back(std::move(t));
    s.blocks.push_back(paragraph(term("Speedup = median FP32 latency / median quantized latency (> 1: quantized is "
                                      "faster); interval: percentile bootstrap of the median ratio.")));
    return s;
}

ReportSection parity(const RunRecord& r)
{
    ReportSection s { ReportSectionId::Parity, { heading(term("Parity")) } };
    ReportBlock t = table(terms({ "Model", "Reference", "Output", "SQNR", "Cosine", "Max abs error", "Mean abs error",
                              "RMSE", "Top-1", "Result" }),
        { false, false, false, true, true, true, true, true, true, false });
    const auto significant = [](double v) {
        ReportCell c = number(v, 4);
        c.style = ReportNumberStyle::Significant;
        return c;
    };
    for (const ParityRecord& p : r.parity) {
        ReportCell result = missing();
        if (p.pass) {
            result = phraseCell(term(*p.pass ? "pass" : "fail"));
            result.strong = !*p.pass;
        }
        t.table.rows.push_back({ phraseCell(ReportPhrase::name(p.modelId)), phraseCell(ReportPhrase::name(p.reference)),
            phraseCell(ReportPhrase::name(p.output)),
            p.sqnrDb ? number(*p.sqnrDb, 1, ReportUnit::Decibel) : (p.rmse ? phraseCell(term("identical")) : missing()),
            p.cosineSimilarity ? number(*p.cosineSimilarity, 5) : missing(), significant(p.maxAbsError),
            significant(p.meanAbsError), p.rmse ? significant(*p.rmse) : missing(),
            p.top1Agreement ? number(*p.top1Agreement, 0, ReportUnit::Percent) : missing(), result });
    }
    s.blocks.push_back(std::move(t));
    s.blocks.push_back(paragraph(term("SQNR = 10·log10(Σ reference² / Σ (reference − model)²) over the outputs of the "
                                      "same inputs; pass: SQNR >= 20 dB and cosine >= 0.99 (scale-free, so pixel boxes "
                                      "and tiny logits are judged alike).")));
    return s;
}

ReportSection latency(const RunRecord& r)
{
    ReportSection s { ReportSectionId::Latency, { heading(term("Latency (ms)")) } };
    ReportBlock t = table(terms({ "Scenario", "Status", "Runs", "Mean", "Std", "CV", "Min", "P50", "P90", "P95", "P99",
                              "Max", "IQR", "Outliers", "FPS" }),
        numericAfter(2, 15));
    const auto ms = [](double v) { return number(v, 2, ReportUnit::Milliseconds); };
    ReportBlock notes;
    notes.kind = ReportBlock::Kind::List;
    for (const ScenarioRecord& sc : r.scenarios) {
        std::vector<ReportCell> row { scenarioCell(sc), phraseCell(statusPhrase(sc.status)) };
        if (!sc.hasSamples()) {
            row.push_back(count(0));
            padRow(row, t.table.header.size());
        } else {
            const LatencyStats& st = sc.stats;
            for (ReportCell c :
                { count(st.count), ms(st.meanMs), ms(st.stddevMs), number(st.cv, 1, ReportUnit::Percent), ms(st.minMs),
                    ms(st.p50Ms), ms(st.p90Ms), ms(st.p95Ms), ms(st.p99Ms), ms(st.maxMs), ms(st.iqrMs),
                    count(st.outliersLow + st.outliersHigh), number(st.fps, 1) })
                row.push_back(c);
        }
        t.table.rows.push_back(std::move(row));
        if (sc.status == ScenarioStatus::Ok)
            continue;
        // A failure's or cancellation's reason as the engine wrote it; node lists: see the findings.
        std::string why = sc.status == ScenarioStatus::Partial ? sc.partialReason : sc.error;
        if (const auto nl = why.find('\n'); nl != std::string::npos)
            why = why.substr(0, nl);
        MessageArgs args = settingArgs(sc.threads, sc.mode, sc.runtime);
        args["model"] = sc.modelId;
        args["status"] = std::string(scenarioStatusName(sc.status));
        if (!why.empty())
            args["why"] = why;
        notes.items.push_back({ "scenario-note", std::move(args),
            fmt::format("{}: {}", sc.label(), why.empty() ? std::string(scenarioStatusName(sc.status)) : why) });
    }
    s.blocks.push_back(std::move(t));
    if (!notes.items.empty())
        s.blocks.push_back(std::move(notes));
    return s;
}

// Imported profiles carry no preparation or memory figures.
bool hasPreparation(const ScenarioRecord& s)
{
    return s.status != ScenarioStatus::Failed && (s.runtime == Runtime::Quantscope || s.runtimeInfo);
}

ReportSection preparation(const RunRecord& r)
{
    ReportSection s { ReportSectionId::Preparation, { heading(term("Preparation and memory")) } };
    ReportBlock t
        = table(terms({ "Scenario", "Preparation ms", "First run ms", "Warm-up runs", "Peak RSS MiB", "Arena MiB" }),
            numericAfter(1, 6));
    for (const ScenarioRecord& sc : r.scenarios)
        if (hasPreparation(sc))
            t.table.rows.push_back({ scenarioCell(sc), number(sc.prepareMs, 2, ReportUnit::Milliseconds),
                sc.firstRunMs ? number(*sc.firstRunMs, 2, ReportUnit::Milliseconds) : missing(), count(sc.warmupRuns),
                mib(sc.peakRssBytes), mib(sc.arenaBytes) });
    s.blocks.push_back(std::move(t));
    return s;
}

ReportSection models(const RunRecord& r)
{
    ReportSection s { ReportSectionId::Models, { heading(term("Models")) } };
    ReportBlock t = table(terms({ "Model", "Format", "Nodes", "File size MiB", "SHA-256", "Path" }),
        { false, false, true, true, false, false });
    for (const ModelRecord& m : r.models) {
        ReportCell sha;
        sha.kind = ReportCell::Kind::Code;
        sha.phrase = ReportPhrase::name(m.sha256.substr(0, 16));
        const std::string format(quantFormatName(m.format));
        t.table.rows.push_back(
            { phraseCell(ReportPhrase::name(m.id)), phraseCell({ "format", { { "format", format } }, format }),
                count(m.nodeCount), number(double(m.fileSizeBytes) / (1024.0 * 1024.0), 2, ReportUnit::MiB), sha,
                phraseCell(ReportPhrase::name(m.path)) });
    }
    s.blocks.push_back(std::move(t));
    return s;
}

ReportSection opCounts(const RunRecord& r, const std::vector<std::string>& ops, const ReportLimits& limits)
{
    ReportSection s { ReportSectionId::OpCounts, { heading(term("Op counts"), 3) } };
    std::vector<ReportPhrase> header { term("Op type") };
    for (const ModelRecord& m : r.models)
        header.push_back(ReportPhrase::name(m.id));
    ReportBlock t = table(std::move(header), numericAfter(1, r.models.size() + 1));
    size_t shown = 0;
    for (const std::string& op : ops) {
        if (limits.maxOpCountRows > 0 && shown++ >= size_t(limits.maxOpCountRows)) {
            std::vector<ReportCell> more { phraseCell(
                moreRows("more-op-types", "({} more op types)", ops.size() - size_t(limits.maxOpCountRows))) };
            padRow(more, r.models.size() + 1);
            t.table.rows.push_back(std::move(more));
            break;
        }
        std::vector<ReportCell> row { phraseCell(ReportPhrase::name(op)) };
        for (const ModelRecord& m : r.models)
            row.push_back(count(m.opCount(op)));
        t.table.rows.push_back(std::move(row));
    }
    std::vector<ReportCell> total { phraseCell(term("total")) };
    for (const ModelRecord& m : r.models)
        total.push_back(count(m.nodeCount));
    for (ReportCell& c : total)
        c.strong = true;
    t.table.rows.push_back(std::move(total));
    s.blocks.push_back(std::move(t));
    return s;
}

ReportCell nodeCell(const NodeProfile& n)
{
    MessageArgs args { { "node", n.nodeName }, { "runtimeCreated", int64_t(n.nodeIndex < 0 ? 1 : 0) } };
    std::string english = n.nodeName;
    if (n.nodeIndex < 0)
        english += " (runtime-created)";
    if (n.referenceKernel) {
        args["implementation"] = n.implementation;
        english += " (reference kernel: " + n.implementation + ")";
    }
    return phraseCell({ "node", std::move(args), std::move(english) });
}

ReportSection profiles(const RunRecord& r, const ReportLimits& limits)
{
    ReportSection s { ReportSectionId::Profiles, { heading(term("Time per op type")) } };
    for (const ScenarioRecord& sc : r.scenarios) {
        if (!sc.profile)
            continue;
        const ProfileReport& p = *sc.profile;
        MessageArgs where = settingArgs(sc.threads, sc.mode, sc.runtime);
        where["model"] = sc.modelId;
        s.blocks.push_back(heading({ "scenario", where, sc.label() }, 3));
        MessageArgs sourceArgs { { "source", p.source }, { "runs", p.runs }, { "totalMs", p.totalMs },
            { "overheadMs", p.quantOverheadMs }, { "overheadShare", p.quantOverheadShare } };
        std::string sourceText = fmt::format(
            "Source: {}, {} profiled run{}; {:.2f} ms per run in kernels; quantization overhead {:.2f} ms ({:.1f}%)",
            p.source, p.runs, p.runs == 1 ? "" : "s", p.totalMs, p.quantOverheadMs, p.quantOverheadShare * 100.0);
        // Layout churn (issue 14): said only when there is some, so reports of older files read as before.
        if (const int64_t reorders = std::llround(p.activationReordersPerRun); reorders > 0) {
            sourceArgs["reorders"] = reorders;
            sourceText += fmt::format("; {} activation reorder{} per run", reorders, reorders == 1 ? "" : "s");
        }
        s.blocks.push_back(paragraph({ "profile-source", std::move(sourceArgs), sourceText + "." }));
        ReportBlock types = table(terms({ "Op type", "Nodes", "ms per run", "Share" }), numericAfter(1, 4));
        const size_t limit = limits.maxOpTypeRows > 0 ? size_t(limits.maxOpTypeRows) : p.opTypes.size();
        for (size_t i = 0; i < p.opTypes.size() && i < limit; ++i) {
            const OpTypeProfile& t = p.opTypes[i];
            types.table.rows.push_back({ phraseCell(ReportPhrase::name(t.opType)), count(t.nodes),
                number(t.meanMs, 2, ReportUnit::Milliseconds), number(t.share, 1, ReportUnit::Percent) });
        }
        if (p.opTypes.size() > limit) {
            std::vector<ReportCell> more { phraseCell(moreRows("more", "({} more)", p.opTypes.size() - limit)) };
            padRow(more, 4);
            types.table.rows.push_back(std::move(more));
        }
        s.blocks.push_back(std::move(types));
        ReportBlock nodes = table(terms({ "Slowest nodes", "Op type", "ms per run", "Share" }), numericAfter(2, 4));
        for (size_t i = 0; i < p.nodes.size() && (limits.maxNodeRows <= 0 || i < size_t(limits.maxNodeRows)); ++i) {
            const NodeProfile& n = p.nodes[i];
            nodes.table.rows.push_back({ nodeCell(n), phraseCell(ReportPhrase::name(n.opType)),
                number(n.meanMs, 2, ReportUnit::Milliseconds), number(n.share, 1, ReportUnit::Percent) });
        }
        s.blocks.push_back(std::move(nodes));
    }
    return s;
}

// Which op types the speedup (or slowdown) comes from, for every comparison whose two sides were profiled.
ReportSection opTypeDeltas(const RunRecord& r, const ReportLimits& limits)
{
    ReportSection s { ReportSectionId::OpTypeDeltas,
        { heading(term("Time per op type, FP32 vs quantized")),
            paragraph(
                term("Per run, from the per-node profiles. Quantized op types are compared with the float op they "
                     "replace (ConvInteger and QLinearConv with Conv, MatMulInteger and QLinearMatMul with "
                     "MatMul); a fused step counts for the authored node it is named after. Sorted by the "
                     "absolute difference.")) } };
    for (const ComparisonRecord& c : r.comparisons) {
        const ScenarioRecord* base = r.scenario(c.baselineModel, c.threads, c.mode, c.runtime);
        const ScenarioRecord* cand = r.scenario(c.candidateModel, c.threads, c.mode, c.runtime);
        if (!base || !cand || !base->profile || !cand->profile)
            continue;
        const OpTypeTimeComparison cmp = compareOpTypeTimes(*base->profile, *cand->profile);
        // Sub-millisecond models would show rows of 0.00: one more decimal for them.
        const int decimals = std::max(cmp.baselineTotalMs, cmp.candidateTotalMs) < 1.0 ? 3 : 2;
        const auto time = [decimals](double v) { return number(v, decimals, ReportUnit::Milliseconds); };
        const auto difference = [decimals](double v) {
            ReportCell d = number(v, decimals, ReportUnit::Milliseconds);
            d.style = ReportNumberStyle::Signed;
            return d;
        };
        MessageArgs where = settingArgs(c.threads, c.mode, c.runtime);
        where["candidate"] = c.candidateModel;
        where["baseline"] = c.baselineModel;
        // The names escaped as this heading has always been printed in Markdown (other headings are not).
        s.blocks.push_back(heading(
            { "comparison", std::move(where),
                fmt::format("{} vs {}, {}, {}{}", report::escapeCell(c.candidateModel),
                    report::escapeCell(c.baselineModel), threadsText(c.threads), executionModeName(c.mode),
                    c.runtime == Runtime::Quantscope ? std::string() : fmt::format(", {}", runtimeName(c.runtime))) },
            3));
        ReportBlock t = table(
            terms({ "Op type", "FP32 ms", "Quantized ms", "Difference ms", "Quantized / FP32" }), numericAfter(1, 5));
        size_t shown = 0;
        for (const OpTypeTimeDelta& d : cmp.rows) {
            if (limits.maxOpTypeRows > 0 && shown++ >= size_t(limits.maxOpTypeRows)) {
                std::vector<ReportCell> more { phraseCell(
                    moreRows("more", "({} more)", cmp.rows.size() - size_t(limits.maxOpTypeRows))) };
                padRow(more, 5);
                t.table.rows.push_back(std::move(more));
                break;
            }
            const auto ratio = d.ratio();
            t.table.rows.push_back({ phraseCell(ReportPhrase::name(d.displayName())),
                d.baselineOps.empty() ? missing() : time(d.baselineMs),
                d.candidateOps.empty() ? missing() : time(d.candidateMs), difference(d.deltaMs()),
                ratio ? factor(*ratio) : missing() });
        }
        std::vector<ReportCell> total { phraseCell(term("all kernels")), time(cmp.baselineTotalMs),
            time(cmp.candidateTotalMs), difference(cmp.candidateTotalMs - cmp.baselineTotalMs),
            cmp.baselineTotalMs > 0 ? factor(cmp.candidateTotalMs / cmp.baselineTotalMs) : missing() };
        for (ReportCell& cell : total)
            cell.strong = true;
        t.table.rows.push_back(std::move(total));
        s.blocks.push_back(std::move(t));
    }
    return s;
}

ReportSection findings(const RunRecord& r)
{
    ReportSection s { ReportSectionId::Findings, { heading(term("Findings")) } };
    ReportBlock b;
    b.kind = ReportBlock::Kind::Findings;
    if (r.findingsRederived)
        s.blocks.push_back(paragraph(term("The run file stored its findings as English text only (format 1.0): they "
                                          "were derived again from its measurements by this version's rules.")));
    if (r.findings.empty())
        b.phrase = term("No finding: nothing in this run matched a known cause of slow INT8.");
    for (const Finding& f : r.findings)
        b.findings.push_back({ f, r.findingsAsText });
    s.blocks.push_back(std::move(b));
    return s;
}

} // namespace

const ReportSection* ReportDocument::section(ReportSectionId id) const
{
    for (const ReportSection& s : sections)
        if (s.id == id)
            return &s;
    return nullptr;
}

ReportDocument buildReportModel(const RunRecord& r, const ReportLimits& limits)
{
    ReportDocument doc;
    std::vector<ReportSection>& out = doc.sections;
    ReportSection verdict = titleAndVerdict(r, out);
    out.push_back(std::move(verdict));
    if (!r.warnings.empty())
        out.push_back(warnings(r));
    out.push_back(keyNumbers(r));
    if (!r.comparisons.empty())
        out.push_back(comparisons(r));
    if (!r.parity.empty())
        out.push_back(parity(r));
    out.push_back(latency(r));
    if (std::any_of(r.scenarios.begin(), r.scenarios.end(), hasPreparation))
        out.push_back(preparation(r));
    out.push_back(models(r));
    if (const std::vector<std::string> ops = r.opTypesByCount(); !ops.empty())
        out.push_back(opCounts(r, ops, limits));
    if (ReportSection p = profiles(r, limits); p.blocks.size() > 1)
        out.push_back(std::move(p));
    if (ReportSection d = opTypeDeltas(r, limits); d.blocks.size() > 2)
        out.push_back(std::move(d));
    out.push_back(findings(r));
    out.push_back(report::environment(r));
    out.push_back(report::method(r));
    return doc;
}

} // namespace qs
