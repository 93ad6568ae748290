// SPDX-License-Identifier: MIT
#include "report_tables.h"

#include "util/qt_convert.h"
#include "util/quant_format_text.h"
#include "util/scenario_groups.h"

#include <quantscope/engine/op_type_comparison.h>
#include <quantscope/engine/system_info.h>

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace qs::ui {

namespace {

// The same decimals as the engine's Markdown report, with the UI locale's separator.
QString ms(double v)
{
    return formatDecimal(v, 2);
}

QString factor(double x)
{
    return formatDecimal(x, 2) + QLatin1Char('x');
}

QString percent(double share)
{
    return formatDecimal(share * 100.0, 1) + QLatin1Char('%');
}

QString mib(const std::optional<int64_t>& bytes)
{
    return bytes ? formatDecimal(double(*bytes) / (1024.0 * 1024.0), 1) : QStringLiteral("-");
}

// A difference with its sign, and plain zero when it rounds to nothing.
QString signedMs(double v, int decimals)
{
    if (std::abs(v) < 0.5 * std::pow(10.0, -decimals))
        return formatDecimal(0.0, decimals);
    return (v > 0 ? QStringLiteral("+") : QString()) + formatDecimal(v, decimals);
}

QString setting(int32_t threads, ExecutionMode mode, Runtime runtime)
{
    const QString dot = QStringLiteral(" \u00b7 ");
    QString text = threadsText(threads) + dot + modeText(mode);
    if (runtime != Runtime::Quantscope)
        text += dot + runtimeText(runtime);
    return text;
}

// Model on the first line, setting on the second: the name column stays as narrow as the longest name.
QString scenarioCell(const ScenarioRecord& s)
{
    return toQString(s.modelId) + QChar::LineSeparator + setting(s.threads, s.mode, s.runtime);
}

QList<bool> numericAfter(int textColumns, int columns)
{
    QList<bool> numeric;
    for (int i = 0; i < columns; ++i)
        numeric << (i >= textColumns);
    return numeric;
}

ReportTable latency(const RunRecord& r)
{
    ReportTable t;
    t.heading = ReportTables::tr("Latency (ms)");
    t.header = QStringList { ReportTables::tr("Scenario"), ReportTables::tr("Status"), ReportTables::tr("Runs"),
        ReportTables::tr("Median"), ReportTables::tr("Mean"), ReportTables::tr("Std"), ReportTables::tr("CV"),
        ReportTables::tr("Min"), ReportTables::tr("P90"), ReportTables::tr("P95"), ReportTables::tr("P99"),
        ReportTables::tr("Max"), ReportTables::tr("IQR"), ReportTables::tr("Outliers"), ReportTables::tr("FPS") };
    t.numeric = numericAfter(2, int(t.header.size()));
    QStringList notes;
    for (const ScenarioRecord& s : r.scenarios) {
        QStringList row { scenarioCell(s), ReportTables::statusText(s.status) };
        if (!s.hasSamples()) {
            row << QStringLiteral("0");
            while (row.size() < t.header.size())
                row << QString();
        } else {
            const LatencyStats& st = s.stats;
            row << QString::number(st.count) << ms(st.p50Ms) << ms(st.meanMs) << ms(st.stddevMs) << percent(st.cv)
                << ms(st.minMs) << ms(st.p90Ms) << ms(st.p95Ms) << ms(st.p99Ms) << ms(st.maxMs) << ms(st.iqrMs)
                << QString::number(st.outliersLow + st.outliersHigh) << formatDecimal(st.fps, 1);
        }
        t.rows << row;
        if (s.status != ScenarioStatus::Ok) {
            QString why = toQString(s.status == ScenarioStatus::Partial ? s.partialReason : s.error);
            why = why.section(QLatin1Char('\n'), 0, 0); // node lists: see the findings
            notes << ReportTables::tr("%1: %2").arg(
                scenarioLabel(s), why.isEmpty() ? ReportTables::statusText(s.status) : why);
        }
    }
    t.note = notes.join(QLatin1Char('\n'));
    t.noteIsList = true;
    return t;
}

ReportTable parity(const RunRecord& r)
{
    ReportTable t;
    t.heading = ReportTables::tr("Parity");
    t.header = QStringList { ReportTables::tr("Model"), ReportTables::tr("Reference"), ReportTables::tr("Output"),
        ReportTables::tr("SQNR"), ReportTables::tr("Cosine"), ReportTables::tr("Max abs error"),
        ReportTables::tr("Mean abs error"), ReportTables::tr("RMSE"), ReportTables::tr("Top-1"),
        ReportTables::tr("Result") };
    t.numeric = numericAfter(3, 9) << false;
    const auto general = [](double v) { return QLocale().toString(v, 'g', 4); };
    for (const ParityRecord& p : r.parity)
        t.rows << QStringList { toQString(p.modelId), toQString(p.reference), toQString(p.output),
            p.sqnrDb ? ReportTables::tr("%1 dB").arg(formatDecimal(*p.sqnrDb, 1))
                     : (p.rmse ? ReportTables::tr("identical") : QStringLiteral("-")),
            p.cosineSimilarity ? formatDecimal(*p.cosineSimilarity, 5) : QStringLiteral("-"), general(p.maxAbsError),
            general(p.meanAbsError), p.rmse ? general(*p.rmse) : QStringLiteral("-"),
            p.top1Agreement ? formatDecimal(100 * *p.top1Agreement, 0) + QLatin1Char('%') : QStringLiteral("-"),
            p.pass ? (*p.pass ? ReportTables::tr("pass") : ReportTables::tr("fail")) : QStringLiteral("-") };
    t.note = ReportTables::tr("Pass: SQNR of at least 20 dB and cosine similarity of at least 0.99 over the outputs "
                              "of the same inputs.");
    return t;
}

ReportTable preparation(const RunRecord& r)
{
    ReportTable t;
    t.heading = ReportTables::tr("Preparation and memory");
    t.header = QStringList { ReportTables::tr("Scenario"), ReportTables::tr("Preparation ms"),
        ReportTables::tr("First run ms"), ReportTables::tr("Warm-up runs"), ReportTables::tr("Peak RSS MiB"),
        ReportTables::tr("Arena MiB") };
    t.numeric = numericAfter(1, int(t.header.size()));
    // Imported profiles carry no preparation or memory figures.
    for (const ScenarioRecord& s : r.scenarios) {
        if (s.status == ScenarioStatus::Failed || (s.runtime != Runtime::Quantscope && !s.runtimeInfo))
            continue;
        t.rows << QStringList { scenarioCell(s), ms(s.prepareMs),
            s.firstRunMs ? ms(*s.firstRunMs) : QStringLiteral("-"), QString::number(s.warmupRuns), mib(s.peakRssBytes),
            mib(s.arenaBytes) };
    }
    return t;
}

ReportTable models(const RunRecord& r)
{
    ReportTable t;
    t.heading = ReportTables::tr("Models");
    t.header = QStringList { ReportTables::tr("Model"), ReportTables::tr("Format"), ReportTables::tr("Nodes"),
        ReportTables::tr("File size MiB"), ReportTables::tr("SHA-256 (start)"), ReportTables::tr("Path") };
    t.numeric = QList<bool> { false, false, true, true, false, false };
    for (const ModelRecord& m : r.models)
        t.rows << QStringList { toQString(m.id), quantFormatText(m.format), QString::number(m.nodeCount),
            formatDecimal(double(m.fileSizeBytes) / (1024.0 * 1024.0), 2), toQString(m.sha256.substr(0, 16)),
            toQString(m.path) };
    return t;
}

// Every op type: the PDF has the room the Markdown report saves.
ReportTable opCounts(const RunRecord& r)
{
    ReportTable t;
    t.heading = ReportTables::tr("Op counts");
    t.level = 3;
    t.header << ReportTables::tr("Op type");
    for (const ModelRecord& m : r.models)
        t.header << toQString(m.id);
    t.numeric = numericAfter(1, int(t.header.size()));
    for (const std::string& op : r.opTypesByCount()) {
        QStringList row { toQString(op) };
        for (const ModelRecord& m : r.models)
            row << QString::number(m.opCount(op));
        t.rows << row;
    }
    QStringList total { ReportTables::tr("total") };
    for (const ModelRecord& m : r.models)
        total << QString::number(m.nodeCount);
    t.rows << total;
    t.boldLastRows = 1;
    return t;
}

void profiles(const RunRecord& r, QList<ReportTable>& out)
{
    bool first = true;
    for (const ScenarioRecord& s : r.scenarios) {
        if (!s.profile)
            continue;
        const ProfileReport& p = *s.profile;
        ReportTable types;
        if (first)
            out << ReportTable { ReportTables::tr("Time per op type"), 2, {}, {}, {}, {}, 0, {}, false };
        first = false;
        types.heading = scenarioLabel(s);
        types.level = 3;
        types.intro = ReportTables::tr("Source: %1, %2 profiled runs; %3 ms per run in kernels; quantization overhead "
                                       "%4 ms (%5).")
                          .arg(toQString(p.source))
                          .arg(p.runs)
                          .arg(ms(p.totalMs), ms(p.quantOverheadMs), percent(p.quantOverheadShare));
        types.header = QStringList { ReportTables::tr("Op type"), ReportTables::tr("Nodes"),
            ReportTables::tr("ms per run"), ReportTables::tr("Share") };
        types.numeric = numericAfter(1, 4);
        for (const OpTypeProfile& o : p.opTypes)
            types.rows << QStringList { toQString(o.opType), QString::number(o.nodes), ms(o.meanMs), percent(o.share) };
        out << types;
        ReportTable nodes;
        nodes.header = QStringList { ReportTables::tr("Slowest nodes"), ReportTables::tr("Op type"),
            ReportTables::tr("ms per run"), ReportTables::tr("Share") };
        nodes.numeric = numericAfter(2, 4);
        for (size_t i = 0; i < p.nodes.size() && i < 10; ++i) {
            const NodeProfile& n = p.nodes[i];
            QString name = toQString(n.nodeName);
            if (n.nodeIndex < 0)
                name += ReportTables::tr(" (runtime-created)");
            if (n.referenceKernel)
                name += ReportTables::tr(" (reference kernel: %1)").arg(toQString(n.implementation));
            nodes.rows << QStringList { name, toQString(n.opType), ms(n.meanMs), percent(n.share) };
        }
        out << nodes;
    }
}

// Which op types the speedup (or slowdown) comes from, for every comparison whose two sides were profiled.
void opTypeDeltas(const RunRecord& r, QList<ReportTable>& out)
{
    bool first = true;
    for (const ComparisonRecord& c : r.comparisons) {
        const ScenarioRecord* base = r.scenario(c.baselineModel, c.threads, c.mode, c.runtime);
        const ScenarioRecord* cand = r.scenario(c.candidateModel, c.threads, c.mode, c.runtime);
        if (!base || !cand || !base->profile || !cand->profile)
            continue;
        ReportTable t;
        if (first)
            out << ReportTable { ReportTables::tr("Time per op type, FP32 vs quantized"), 2,
                ReportTables::tr("Per run, from the per-node profiles. Quantized op types are compared with the float "
                                 "op they replace (ConvInteger and QLinearConv with Conv, MatMulInteger and "
                                 "QLinearMatMul with MatMul); a fused step counts for the authored node it is named "
                                 "after. Sorted by the absolute difference."),
                {}, {}, {}, 0, {}, false };
        first = false;
        const OpTypeTimeComparison cmp = compareOpTypeTimes(*base->profile, *cand->profile);
        // Sub-millisecond models would show rows of 0.00: one more decimal for them.
        const int decimals = std::max(cmp.baselineTotalMs, cmp.candidateTotalMs) < 1.0 ? 3 : 2;
        t.heading
            = ReportTables::tr("%1 vs %2, %3")
                  .arg(toQString(c.candidateModel), toQString(c.baselineModel), setting(c.threads, c.mode, c.runtime));
        t.level = 3;
        t.header = QStringList { ReportTables::tr("Op type"), ReportTables::tr("FP32 ms"),
            ReportTables::tr("Quantized ms"), ReportTables::tr("Difference ms"), ReportTables::tr("Quantized / FP32") };
        t.numeric = numericAfter(1, 5);
        for (const OpTypeTimeDelta& d : cmp.rows) {
            const auto ratio = d.ratio();
            t.rows << QStringList { toQString(d.displayName()),
                d.baselineOps.empty() ? QStringLiteral("-") : formatDecimal(d.baselineMs, decimals),
                d.candidateOps.empty() ? QStringLiteral("-") : formatDecimal(d.candidateMs, decimals),
                signedMs(d.deltaMs(), decimals), ratio ? factor(*ratio) : QStringLiteral("-") };
        }
        t.rows << QStringList { ReportTables::tr("all kernels"), formatDecimal(cmp.baselineTotalMs, decimals),
            formatDecimal(cmp.candidateTotalMs, decimals),
            signedMs(cmp.candidateTotalMs - cmp.baselineTotalMs, decimals),
            cmp.baselineTotalMs > 0 ? factor(cmp.candidateTotalMs / cmp.baselineTotalMs) : QStringLiteral("-") };
        t.boldLastRows = 1;
        out << t;
    }
}

} // namespace

QString ReportTables::statusText(ScenarioStatus status)
{
    switch (status) {
    case ScenarioStatus::Ok:
        return tr("ok");
    case ScenarioStatus::Partial:
        return tr("partial");
    case ScenarioStatus::Failed:
        return tr("failed");
    }
    return {};
}

ReportTable ReportTables::keyNumbers(const RunRecord& r)
{
    ReportTable t;
    t.heading = tr("Key numbers");
    if (r.comparisons.empty()) {
        t.header = QStringList { tr("Scenario"), tr("Status"), tr("Median ms"), tr("P95 ms"), tr("Runs") };
        t.numeric = numericAfter(2, 5);
        for (const ScenarioRecord& s : r.scenarios)
            t.rows << QStringList { scenarioCell(s), statusText(s.status),
                s.hasSamples() ? ms(s.stats.p50Ms) : QStringLiteral("-"),
                s.hasSamples() ? ms(s.stats.p95Ms) : QStringLiteral("-"), QString::number(s.latenciesMs.size()) };
        return t;
    }
    t.header = QStringList { tr("Quantized vs FP32"), tr("Setting"), tr("FP32 median ms"), tr("Quantized median ms"),
        tr("Speedup"), tr("95% interval"), tr("Size ratio") };
    t.numeric = numericAfter(2, int(t.header.size()));
    for (const ComparisonRecord& c : r.comparisons) {
        const ScenarioRecord* base = r.scenario(c.baselineModel, c.threads, c.mode, c.runtime);
        const ScenarioRecord* cand = r.scenario(c.candidateModel, c.threads, c.mode, c.runtime);
        const auto median
            = [](const ScenarioRecord* s) { return s && s->hasSamples() ? ms(s->stats.p50Ms) : QStringLiteral("-"); };
        t.rows << QStringList { toQString(c.candidateModel) + QChar::LineSeparator + toQString(c.baselineModel),
            setting(c.threads, c.mode, c.runtime), median(base), median(cand), factor(c.speedup.speedup),
            tr("%1 to %2").arg(factor(c.speedup.low), factor(c.speedup.high)), formatDecimal(c.sizeRatio, 2) };
    }
    t.note = tr("Speedup = median FP32 latency / median quantized latency (above 1: the quantized model is faster); "
                "interval: percentile bootstrap of the median ratio.");
    return t;
}

ReportTable ReportTables::environment(const RunRecord& r)
{
    const SystemInfo& m = r.machine;
    ReportTable t;
    t.heading = tr("Environment");
    t.header = QStringList { tr("Item"), tr("Value") };
    t.numeric = QList<bool> { false, false };
    t.rows << QStringList { tr("CPU"),
        QStringLiteral("%1 (%2, %3)").arg(toQString(m.cpuModel), toQString(m.cpuVendor), toQString(m.architecture)) };
    t.rows << QStringList { tr("Cores"),
        tr("%1 physical, %2 logical, %3 package(s)").arg(m.cores).arg(m.logicalProcessors).arg(m.packages) };
    for (const CacheInfo& cache : m.caches)
        t.rows << QStringList { toQString(cache.level),
            tr("%1 KiB x %2").arg(cache.sizeBytes / 1024).arg(cache.instances) };
    QStringList yes, no;
    for (const auto& name : isaFeatureNames())
        if (auto it = m.isa.find(name); it != m.isa.end())
            (it->second ? yes : no) << toQString(name);
    t.rows << QStringList { tr("Instruction sets"),
        yes.isEmpty() ? QStringLiteral("-") : yes.join(QStringLiteral(", ")) };
    t.rows << QStringList { tr("Not available"), no.isEmpty() ? QStringLiteral("-") : no.join(QStringLiteral(", ")) };
    t.rows << QStringList { tr("Operating system"), toQString(m.os) };
    t.rows << QStringList { tr("Compiler"), toQString(m.compiler) };
    t.rows << QStringList { tr("Quantscope"),
        tr("%1 (git %2)").arg(toQString(m.quantscopeVersion), toQString(m.gitRevision)) };
    t.rows << QStringList { tr("oneDNN"),
        tr("%1, dispatching to %2").arg(toQString(m.onednnVersion), toQString(m.onednnIsa)) };
    return t;
}

QList<ReportTable> ReportTables::details(const RunRecord& r)
{
    QList<ReportTable> out { latency(r) };
    if (!r.parity.empty())
        out << parity(r);
    if (ReportTable t = preparation(r); !t.rows.isEmpty())
        out << t;
    out << models(r);
    if (std::any_of(r.models.begin(), r.models.end(), [](const ModelRecord& m) { return !m.opCounts.empty(); }))
        out << opCounts(r);
    profiles(r, out);
    opTypeDeltas(r, out);
    return out;
}

} // namespace qs::ui
