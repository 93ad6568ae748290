// SPDX-License-Identifier: MIT
#include "run_text.h"

#include "util/finding_text.h"
#include "util/qt_convert.h"
#include "util/quantize_text.h"
#include "util/scenario_groups.h"

#include <QCoreApplication>
#include <QStringList>

namespace qs::ui {

namespace {
QString yesNo(const SystemInfo& m, const char* feature)
{
    return m.has(feature) ? QCoreApplication::translate("qs::ui::RunText", "yes")
                          : QCoreApplication::translate("qs::ui::RunText", "no");
}
} // namespace

QString formatMs(double ms)
{
    return formatDecimal(ms, ms < 10.0 ? 3 : 2);
}

QString verdictText(const RunRecord& record)
{
    return FindingText::verdict(record);
}

QString measuredHowHtml(const RunRecord& record)
{
    const SystemInfo& m = record.machine;
    const RunConfig& c = record.config;
    QStringList threads;
    for (int32_t t : c.threads)
        threads << threadsText(t);
    QStringList modes;
    for (ExecutionMode mode : c.modes)
        modes << modeText(mode);
    QStringList isa;
    if (m.architecture == "x86_64") {
        isa << QCoreApplication::translate("qs::ui::RunText", "AVX2 %1").arg(yesNo(m, "avx2"))
            << QCoreApplication::translate("qs::ui::RunText", "AVX-512 VNNI %1").arg(yesNo(m, "avx512_vnni"))
            << QCoreApplication::translate("qs::ui::RunText", "AVX-VNNI %1").arg(yesNo(m, "avx_vnni"))
            << QCoreApplication::translate("qs::ui::RunText", "AMX-INT8 %1").arg(yesNo(m, "amx_int8"));
    } else {
        isa << QCoreApplication::translate("qs::ui::RunText", "NEON %1").arg(yesNo(m, "neon"))
            << QCoreApplication::translate("qs::ui::RunText", "dotprod %1").arg(yesNo(m, "dotprod"))
            << QCoreApplication::translate("qs::ui::RunText", "i8mm %1").arg(yesNo(m, "i8mm"));
    }
    const QString runs = c.seconds > 0
        ? QCoreApplication::translate("qs::ui::RunText", "measured for %1 s per scenario").arg(c.seconds)
        : QCoreApplication::translate("qs::ui::RunText", "measured runs per scenario: %1").arg(c.runs);
    QString html = QCoreApplication::translate("qs::ui::RunText",
        "<b>How it was measured.</b> %1 on <b>%2</b> (%3 cores, %4 logical processors; %5; oneDNN %6 "
        "dispatching to %7), %8, %9.")
                       .arg(toQString(record.createdUtc).toHtmlEscaped(), toQString(m.cpuModel).toHtmlEscaped())
                       .arg(m.cores)
                       .arg(m.logicalProcessors)
                       .arg(isa.join(QStringLiteral(", ")), toQString(m.onednnVersion).toHtmlEscaped(),
                           toQString(m.onednnIsa).toHtmlEscaped(), toQString(m.os).toHtmlEscaped(),
                           toQString(record.tool).toHtmlEscaped());
    html += QLatin1Char(' ')
        + QCoreApplication::translate("qs::ui::RunText",
            "Threads: %1; mode: %2; warm-up runs: %3 (the first run after preparation is timed separately); %4. "
            "Each latency is one whole inference timed with a steady clock on generated inputs (seeded uniform "
            "[0, 1)).")
              .arg(threads.join(QStringLiteral(", ")), modes.join(QStringLiteral(", ")))
              .arg(c.warmupRuns)
              .arg(runs);
    if (c.profile)
        html += QLatin1Char(' ')
            + QCoreApplication::translate("qs::ui::RunText",
                "Per-node profiling was on: its hooks run between kernels and add a little to each run's time.");
    if (!c.inputShapes.empty()) {
        QStringList shapes;
        for (const std::string& s : c.inputShapes)
            shapes << toQString(s);
        html += QLatin1Char(' ')
            + QCoreApplication::translate("qs::ui::RunText", "Input shapes: %1.")
                  .arg(shapes.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    if (record.partial)
        html += QStringLiteral(" <b>")
            + QCoreApplication::translate("qs::ui::RunText", "The run was cancelled; the results are partial.")
            + QStringLiteral("</b>");
    return html;
}

QString findingsHtml(const RunRecord& record, bool actions)
{
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(verdictText(record).toHtmlEscaped());
    if (record.findings.empty())
        return html + QStringLiteral("<p>") + QCoreApplication::translate("qs::ui::RunText", "No findings.")
            + QStringLiteral("</p>");
    for (size_t index = 0; index < record.findings.size(); ++index) {
        const Finding& f = record.findings[index];
        const char* color = f.severity == FindingSeverity::Critical ? "#c92a2a"
            : f.severity == FindingSeverity::Warning                ? "#e67700"
                                                                    : "#1971c2";
        const FindingText::Rendered text = FindingText::render(f);
        html += QStringLiteral("<p><span style='color:%1'><b>[%2]</b></span> %3")
                    .arg(QLatin1String(color), FindingText::severityName(f.severity), text.title.toHtmlEscaped());
        if (!text.evidence.isEmpty()) {
            html += QStringLiteral("<ul style='margin-top:0'>");
            for (const QString& e : text.evidence)
                html += QStringLiteral("<li>%1</li>").arg(e.toHtmlEscaped());
            html += QStringLiteral("</ul>");
        }
        if (!text.advice.isEmpty())
            html += QStringLiteral("<i>%1</i>").arg(text.advice.toHtmlEscaped());
        if (actions)
            if (const auto advice = QuantizeText::advice(f, record))
                html += QStringLiteral("<br><a href=\"quantize:%1\">%2</a>")
                            .arg(index)
                            .arg(advice->label.toHtmlEscaped());
        html += QStringLiteral("</p>");
    }
    return html;
}

} // namespace qs::ui
