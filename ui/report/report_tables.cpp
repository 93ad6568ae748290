// SPDX-License-Identifier: MIT
#include "report_tables.h"

#include "util/qt_convert.h"
#include "util/quant_format_text.h"
#include "util/run_warning_text.h"
#include "util/scenario_groups.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <variant>

namespace qs::ui {

namespace {

// Every fixed word of the engine's report model (qs::reportTerms(), tested to be the same list), for lupdate; they
// are looked up by their English text.
[[maybe_unused]] const char* const kTerms[] = {
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Quantscope benchmark report"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Key numbers"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "INT8 vs FP32"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Parity"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Latency (ms)"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Preparation and memory"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Models"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Op counts"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Time per op type"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Time per op type, FP32 vs quantized"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Findings"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Warnings"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Environment"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "How it was measured"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Scenario"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Status"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Median ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "P95 ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Runs"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Quantized vs FP32"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Setting"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "FP32 median ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Quantized median ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Speedup"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "95% interval"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Size ratio"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Quantized model"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "FP32 model"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Threads"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Mode"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "95% CI"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Model"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Reference"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Output"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "SQNR"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Cosine"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Max abs error"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Mean abs error"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "RMSE"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Top-1"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Result"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Mean"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Std"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "CV"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Min"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "P50"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "P90"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "P95"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "P99"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Max"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "IQR"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Outliers"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "FPS"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Preparation ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "First run ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Warm-up runs"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Peak RSS MiB"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Arena MiB"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Format"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Nodes"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "File size MiB"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "SHA-256"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Path"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Op type"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "ms per run"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Share"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Slowest nodes"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "FP32 ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Quantized ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Difference ms"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Quantized / FP32"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "pass"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "fail"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "identical"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "total"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "all kernels"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "CPU"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Cores"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "ISA"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Not available"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "OS"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Compiler"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "Quantscope"),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "oneDNN"),
    QT_TRANSLATE_NOOP(
        "qs::ui::ReportTables", "This run was cancelled before it finished; partial scenarios are marked."),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables",
        "Speedup = median FP32 latency / median quantized latency (above 1: the quantized model is faster); "
        "interval: percentile bootstrap of the median ratio."),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables",
        "Speedup = median FP32 latency / median quantized latency (> 1: quantized is faster); interval: percentile "
        "bootstrap of the median ratio."),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables",
        "SQNR = 10·log10(Σ reference² / Σ (reference − model)²) over the outputs of the same inputs; pass: SQNR >= 20 "
        "dB and cosine >= 0.99 (scale-free, so pixel boxes and tiny logits are judged alike)."),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables",
        "Per run, from the per-node profiles. Quantized op types are compared with the float op they replace "
        "(ConvInteger and QLinearConv with Conv, MatMulInteger and QLinearMatMul with MatMul); a fused step counts "
        "for the authored node it is named after. Sorted by the absolute difference."),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "No finding: nothing in this run matched a known cause of slow INT8."),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables", "The run went on without what these warnings name."),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables",
        "The run file stored its findings as English text only (format 1.0): they were derived again from its "
        "measurements by this version's rules."),
    QT_TRANSLATE_NOOP("qs::ui::ReportTables",
        "Statistics: percentiles by linear interpolation (numpy's default); sample standard deviation; CV = std / "
        "mean; Tukey outliers beyond 1.5 IQR; FPS = 1000 / mean ms; histogram bins by Freedman-Diaconis."),
};

QString suffix(ReportUnit unit)
{
    switch (unit) {
    case ReportUnit::Percent:
        return QStringLiteral("%");
    case ReportUnit::Factor:
        return QStringLiteral("x");
    case ReportUnit::Decibel:
        return QStringLiteral(" dB");
    default:
        return {};
    }
}

QString numberText(const ReportCell& c)
{
    const double v = c.unit == ReportUnit::Percent ? c.number * 100.0 : c.number;
    switch (c.style) {
    case ReportNumberStyle::Significant: {
        QLocale locale;
        locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
        return locale.toString(v, 'g', c.precision) + suffix(c.unit);
    }
    case ReportNumberStyle::Signed:
        // A difference: plain zero when it rounds to nothing.
        if (std::abs(v) < 0.5 * std::pow(10.0, -c.precision))
            return formatDecimal(0.0, c.precision) + suffix(c.unit);
        return (v > 0 ? QStringLiteral("+") : QString()) + formatDecimal(v, c.precision) + suffix(c.unit);
    case ReportNumberStyle::Fixed:
        break;
    }
    return formatDecimal(v, c.precision) + suffix(c.unit);
}

// Typed access to a phrase's values; a missing one reads as "?" (a model newer than this build).
QString text(const MessageArgs& args, const char* key)
{
    const auto it = args.find(key);
    if (it == args.end())
        return QStringLiteral("?");
    if (const auto* s = std::get_if<std::string>(&it->second))
        return toQString(*s);
    if (const auto* i = std::get_if<int64_t>(&it->second))
        return QString::number(*i);
    return QString::number(std::get<double>(it->second));
}

double value(const MessageArgs& args, const char* key)
{
    const auto it = args.find(key);
    if (it == args.end())
        return 0;
    if (const auto* d = std::get_if<double>(&it->second))
        return *d;
    if (const auto* i = std::get_if<int64_t>(&it->second))
        return double(*i);
    return 0;
}

QString threadsOf(const MessageArgs& args, const char* key = "threads")
{
    return threadsText(static_cast<int32_t>(value(args, key)));
}

QString modeOf(const MessageArgs& args, const char* key = "mode")
{
    const auto mode = parseExecutionMode(text(args, key).toStdString());
    return mode ? modeText(*mode) : text(args, key);
}

// " · onnxruntime" for another runtime, nothing for the engine itself.
QString runtimeSuffix(const MessageArgs& args, const QString& separator)
{
    const auto runtime = parseRuntime(text(args, "runtime").toStdString());
    return runtime && *runtime != Runtime::Quantscope ? separator + runtimeText(*runtime) : QString();
}

QString scenarioOf(const MessageArgs& args)
{
    const QString dot = QStringLiteral(" \u00b7 ");
    return text(args, "model") + dot + threadsOf(args) + dot + modeOf(args) + runtimeSuffix(args, dot);
}

QString listOf(const MessageArgs& args, char prefix, QString (*item)(const MessageArgs&, const char*))
{
    QStringList items;
    for (int i = 0; i < int(value(args, "count")); ++i)
        items << item(args, QStringLiteral("%1%2").arg(QLatin1Char(prefix)).arg(i).toLatin1().constData());
    return items.isEmpty() ? QStringLiteral("-") : items.join(QStringLiteral(", "));
}

QString statusOf(const MessageArgs& args)
{
    const auto status = parseScenarioStatus(text(args, "status").toStdString());
    return status ? ReportTables::statusText(*status) : text(args, "status");
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

bool ReportTables::knowsKind(std::string_view kind)
{
    static const std::string_view kKnown[] = { "verdict", "status", "format", "pair", "scenario-note", "more-op-types",
        "more", "node", "scenario", "profile-source", "comparison", "cpu", "cores", "cache", "features", "version",
        "onednn", "threads", "modes", "runtime", "imported", "warmup", "profiled-runs", "measured-seconds",
        "measured-runs", "input-shapes", "per-node-profile", "recorded", "run-warning" };
    return std::find(std::begin(kKnown), std::end(kKnown), kind) != std::end(kKnown);
}

QString ReportTables::phrase(const ReportPhrase& p)
{
    const MessageArgs& a = p.args;
    const std::string& k = p.kind;
    if (k.empty())
        return QCoreApplication::translate("qs::ui::ReportTables", p.english.c_str());
    if (k == "status")
        return statusOf(a);
    if (k == "format") {
        const auto format = parseQuantFormat(text(a, "format").toStdString());
        return format ? quantFormatText(*format) : text(a, "format");
    }
    if (k == "pair")
        return tr("%1 vs %2").arg(text(a, "candidate"), text(a, "baseline"));
    if (k == "scenario-note")
        return tr("%1: %2").arg(scenarioOf(a), a.count("why") ? text(a, "why") : statusOf(a));
    if (k == "more-op-types")
        return tr("(%1 more op types)").arg(text(a, "count"));
    if (k == "more")
        return tr("(%1 more)").arg(text(a, "count"));
    if (k == "node") {
        QString name = text(a, "node");
        if (value(a, "runtimeCreated") != 0)
            name += tr(" (runtime-created)");
        if (a.count("implementation"))
            name += tr(" (reference kernel: %1)").arg(text(a, "implementation"));
        return name;
    }
    if (k == "scenario")
        return scenarioOf(a);
    if (k == "run-warning")
        return RunWarningText::sentence(text(a, "kind").toStdString(), a, text(a, "message").toStdString());
    if (k == "profile-source") {
        QString source = (value(a, "runs") == 1 ? tr("Source: %1, %2 profiled run; %3 ms per run in kernels; "
                                                     "quantization overhead %4 ms (%5).")
                                                : tr("Source: %1, %2 profiled runs; %3 ms per run in kernels; "
                                                     "quantization overhead %4 ms (%5)."))
                             .arg(text(a, "source"), text(a, "runs"), formatDecimal(value(a, "totalMs"), 2),
                                 formatDecimal(value(a, "overheadMs"), 2),
                                 formatDecimal(value(a, "overheadShare") * 100.0, 1) + QLatin1Char('%'));
        if (a.count("reorders")) {
            source.chop(1); // the sentence goes on
            const auto reorders = int64_t(value(a, "reorders"));
            // Spelled out rather than %n: the English text ships without a plural translation file.
            source += (reorders == 1 ? tr("; %1 activation reorder per run.") : tr("; %1 activation reorders per run."))
                          .arg(reorders);
        }
        return source;
    }
    if (k == "comparison")
        return tr("%1 vs %2, %3, %4")
            .arg(text(a, "candidate"), text(a, "baseline"), threadsOf(a),
                modeOf(a) + runtimeSuffix(a, QStringLiteral(", ")));
    if (k == "cpu")
        return QStringLiteral("%1 (%2, %3)").arg(text(a, "model"), text(a, "vendor"), text(a, "architecture"));
    if (k == "cores")
        return tr("%1 physical, %2 logical, %3 package(s)")
            .arg(text(a, "cores"), text(a, "logical"), text(a, "packages"));
    if (k == "cache")
        return tr("%1 KiB x %2").arg(text(a, "kib"), text(a, "instances"));
    if (k == "features")
        return text(a, "features").isEmpty() ? QStringLiteral("-") : text(a, "features");
    if (k == "version")
        return tr("%1 (git %2)").arg(text(a, "version"), text(a, "git"));
    if (k == "onednn")
        return tr("%1, dispatching to %2").arg(text(a, "version"), text(a, "isa"));
    if (k == "threads")
        return tr("Threads: %1 (1 thread = controlled, all cores = practical)")
            .arg(listOf(a, 't', [](const MessageArgs& args, const char* key) { return threadsOf(args, key); }));
    if (k == "modes")
        return tr("Modes: %1").arg(listOf(a, 'm', [](const MessageArgs& args, const char* key) {
            return modeOf(args, key);
        }));
    if (k == "runtime")
        return tr("%1 %2 through the %3 adapter (%4): providers in this build %5; session providers %6; graph "
                  "optimization `%7`; %8 intra-op / %9 inter-op threads; CPU INT8 features: %10")
            .arg(text(a, "name"), text(a, "version"), text(a, "adapter"), text(a, "host"), text(a, "available"),
                text(a, "session"), text(a, "optimization"), text(a, "intraOp"), text(a, "interOp"))
            .arg(text(a, "int8Features").isEmpty() ? tr("none") : text(a, "int8Features"));
    if (k == "imported")
        return tr("Imported ONNX Runtime profiles: latencies are its `model_run` events, kernel times its "
                  "`*_kernel_time` events; the first %1 run(s) of each profile were skipped")
            .arg(text(a, "warmup"));
    if (k == "warmup")
        return tr("Warm-up: %1 runs (the first run after preparation is reported separately)").arg(text(a, "warmup"));
    if (k == "profiled-runs")
        return tr("Profiled runs counted: up to %1 per model").arg(text(a, "runs"));
    if (k == "measured-seconds")
        return tr("Measured: as many runs as fit in %1 s per scenario").arg(formatDecimal(value(a, "seconds"), 1));
    if (k == "measured-runs")
        return tr("Measured: %1 runs per scenario").arg(text(a, "runs"));
    if (k == "input-shapes")
        return tr("Input shapes: %1").arg(text(a, "shapes"));
    if (k == "per-node-profile")
        return tr("Per-node profile: %1").arg(value(a, "profile") != 0 ? tr("yes") : tr("no"));
    if (k == "recorded")
        return tr("Recorded %1 by %2").arg(text(a, "created"), text(a, "tool"));
    return toQString(p.english); // a name, or a kind newer than this build
}

QString ReportTables::cell(const ReportCell& c, Layout layout)
{
    switch (c.kind) {
    case ReportCell::Kind::Empty:
        return {};
    case ReportCell::Kind::Missing:
        return QStringLiteral("-");
    case ReportCell::Kind::Phrase:
        // Two names, one per line on paper: the column stays as narrow as the longer one.
        if (layout == Layout::Page && c.phrase.kind == "pair")
            return text(c.phrase.args, "candidate") + QChar::LineSeparator + text(c.phrase.args, "baseline");
        return phrase(c.phrase);
    case ReportCell::Kind::Code:
        return toQString(c.phrase.english);
    case ReportCell::Kind::Number:
        return numberText(c);
    case ReportCell::Kind::Count:
        return QString::number(c.count);
    case ReportCell::Kind::Range:
        return tr("%1-%2x", "an interval of speedups, 1.60-2.40x")
            .arg(formatDecimal(c.number, c.precision), formatDecimal(c.high, c.precision));
    case ReportCell::Kind::Setting:
        break;
    }
    QStringList setting;
    if (c.threads)
        setting << threadsText(*c.threads);
    if (c.mode)
        setting << modeText(*c.mode);
    if (c.runtime != Runtime::Quantscope)
        setting << runtimeText(c.runtime);
    const QString dot = QStringLiteral(" \u00b7 ");
    if (!c.model)
        return setting.join(dot);
    // The model on the first line, the setting on the second: the name column stays as narrow as the longest name.
    if (layout == Layout::Page && !setting.isEmpty())
        return toQString(*c.model) + QChar::LineSeparator + setting.join(dot);
    setting.prepend(toQString(*c.model));
    return setting.join(dot);
}

QList<ReportTable> ReportTables::tables(const ReportSection& section)
{
    QList<ReportTable> out;
    ReportTable current;
    const auto flush = [&] {
        if (!current.heading.isEmpty() || !current.intro.isEmpty() || !current.header.isEmpty())
            out << current;
        current = ReportTable {};
    };
    for (const ReportBlock& b : section.blocks) {
        switch (b.kind) {
        case ReportBlock::Kind::Heading:
            flush();
            current.heading = phrase(b.phrase);
            current.level = b.level;
            break;
        case ReportBlock::Kind::Paragraph:
            (current.header.isEmpty() ? current.intro : current.note) = phrase(b.phrase);
            break;
        case ReportBlock::Kind::List: {
            QStringList items;
            for (const ReportPhrase& item : b.items)
                items << phrase(item);
            current.note = items.join(QLatin1Char('\n'));
            current.noteIsList = true;
            break;
        }
        case ReportBlock::Kind::KeyValues:
            current.header = QStringList { tr("Item"), tr("Value") };
            current.numeric = QList<bool> { false, false };
            for (size_t i = 0; i < b.items.size(); ++i)
                current.rows << QStringList { phrase(b.keys[i]), phrase(b.items[i]) };
            break;
        case ReportBlock::Kind::Table: {
            if (!current.header.isEmpty())
                flush(); // a second table under the same heading
            for (const ReportPhrase& h : b.table.header)
                current.header << phrase(h);
            for (bool n : b.table.numeric)
                current.numeric << n;
            for (const std::vector<ReportCell>& row : b.table.rows) {
                QStringList cells;
                for (const ReportCell& c : row)
                    cells << cell(c, Layout::Page);
                current.rows << cells;
            }
            // Totals are the strong rows at the end.
            for (auto row = b.table.rows.rbegin(); row != b.table.rows.rend() && !row->empty() && row->front().strong;
                 ++row)
                ++current.boldLastRows;
            break;
        }
        case ReportBlock::Kind::Findings:
            break; // the PDF phrases findings itself (findingsHtml)
        }
    }
    flush();
    return out;
}

} // namespace qs::ui
