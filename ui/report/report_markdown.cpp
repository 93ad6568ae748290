// SPDX-License-Identifier: MIT
#include "report_markdown.h"

#include "pdf_report.h"
#include "report_tables.h"
#include "util/finding_text.h"
#include "util/qt_convert.h"
#include "util/run_text.h"

#include <quantscope/engine/markdown_report.h>

#include <QLocale>
#include <QRegularExpression>

namespace qs::ui {

namespace {

// Pipes would split a table cell; a cell's second line (setting under the model) reads as one line here.
QString cell(QString text)
{
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QChar::LineSeparator, QStringLiteral(" \u00b7 "));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

QString row(const QStringList& cells, bool bold)
{
    QString line = QStringLiteral("|");
    for (const QString& c : cells)
        line += QLatin1Char(' ') + (bold && !c.isEmpty() ? QStringLiteral("**%1**").arg(cell(c)) : cell(c))
            + QStringLiteral(" |");
    return line + QLatin1Char('\n');
}

// The engine's report from the same words FindingText gives the Results tab.
QString engineReport(const RunRecord& record)
{
    ReportOptions options;
    // From the original record: the verdict names its cause finding, whose title it phrases itself.
    options.verdict = FindingText::verdict(record).toStdString();
    options.findingsHeading = ReportMarkdown::tr("Findings").toStdString();
    options.noFindings
        = ReportMarkdown::tr("No finding: nothing in this run matched a known cause of slow INT8.").toStdString();
    for (FindingSeverity s : { FindingSeverity::Info, FindingSeverity::Warning, FindingSeverity::Critical })
        options.severityLabels[static_cast<size_t>(s)] = FindingText::severityName(s).toUpper().toStdString();
    RunRecord localized = record;
    for (Finding& f : localized.findings) {
        const FindingText::Rendered text = FindingText::render(f);
        f.title = text.title.toStdString();
        f.advice = text.advice.toStdString();
        f.evidence.clear();
        for (const QString& line : text.evidence)
            f.evidence.push_back(line.toStdString());
    }
    return toQString(buildMarkdownReport(localized, options));
}

QString findings(const RunRecord& record)
{
    QString out = QStringLiteral("## %1\n\n").arg(ReportMarkdown::tr("Findings"));
    if (record.findings.empty())
        out += ReportMarkdown::tr("No finding: nothing in this run matched a known cause of slow INT8.")
            + QStringLiteral("\n\n");
    for (const Finding& f : record.findings) {
        const FindingText::Rendered text = FindingText::render(f);
        out += QStringLiteral("### [%1] %2\n\n").arg(FindingText::severityName(f.severity).toUpper(), text.title);
        for (const QString& e : text.evidence)
            out += QStringLiteral("- %1\n").arg(e);
        out += QStringLiteral("\n%1\n\n").arg(text.advice);
    }
    return out;
}

// The Results tab's rich text as Markdown: bold stays bold, other tags go. No QTextDocument: export jobs call this
// off the GUI thread.
QString plainText(QString html)
{
    html.replace(QStringLiteral("<b>"), QStringLiteral("**")).replace(QStringLiteral("</b>"), QStringLiteral("**"));
    html.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    return html.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
        .replace(QStringLiteral("&#39;"), QStringLiteral("'"))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
}

} // namespace

bool ReportMarkdown::usesEngineReport()
{
    const QLocale::Language language = QLocale().language();
    return language == QLocale::English || language == QLocale::C;
}

QString ReportMarkdown::build(const RunRecord& record)
{
    return usesEngineReport() ? engineReport(record) : translated(record);
}

QString ReportMarkdown::table(const ReportTable& t)
{
    QString out;
    if (!t.heading.isEmpty())
        out += QString(t.level, QLatin1Char('#')) + QLatin1Char(' ') + t.heading + QStringLiteral("\n\n");
    if (!t.intro.isEmpty())
        out += t.intro + QStringLiteral("\n\n");
    if (!t.header.isEmpty()) {
        out += row(t.header, false);
        QString rule = QStringLiteral("|");
        for (int col = 0; col < t.header.size(); ++col)
            rule += t.numeric.value(col) ? QStringLiteral("---:|") : QStringLiteral("---|");
        out += rule + QLatin1Char('\n');
        for (int r = 0; r < t.rows.size(); ++r)
            out += row(t.rows[r], r >= t.rows.size() - t.boldLastRows);
        out += QLatin1Char('\n');
    }
    if (!t.note.isEmpty()) {
        for (const QString& line : t.note.split(QLatin1Char('\n')))
            out += (t.noteIsList ? QStringLiteral("- ") : QString()) + line + QLatin1Char('\n');
        out += QLatin1Char('\n');
    }
    return out;
}

QString ReportMarkdown::translated(const RunRecord& record)
{
    // The PDF's words for what both say.
    QString out = QStringLiteral("# %1\n\n").arg(PdfReport::tr("Quantscope benchmark report"));
    out += QStringLiteral("**%1**\n\n").arg(FindingText::verdict(record));
    if (record.partial)
        out += QStringLiteral("> %1\n\n")
                   .arg(PdfReport::tr("This run was cancelled before it finished; partial scenarios are marked."));
    out += table(ReportTables::keyNumbers(record));
    for (const ReportTable& t : ReportTables::details(record))
        out += table(t);
    out += findings(record);
    out += table(ReportTables::environment(record));
    out += plainText(measuredHowHtml(record)) + QStringLiteral("\n\n");
    out += PdfReport::tr("Recorded %1 by %2").arg(toQString(record.createdUtc), toQString(record.tool))
        + QLatin1Char('\n');
    return out;
}

} // namespace qs::ui
