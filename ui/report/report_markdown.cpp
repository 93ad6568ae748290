// SPDX-License-Identifier: MIT
#include "report_markdown.h"

#include "report_tables.h"
#include "util/finding_text.h"

#include <quantscope/engine/report_model.h>

#include <QLocale>

namespace qs::ui {

namespace {

// Pipes would split a table cell; a newline would end its row.
QString escaped(QString text)
{
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

void row(QString& out, const QStringList& cells)
{
    out += QLatin1Char('|');
    for (const QString& c : cells)
        out += c.isEmpty() ? QStringLiteral(" |") : QLatin1Char(' ') + c + QStringLiteral(" |");
    out += QLatin1Char('\n');
}

void table(QString& out, const qs::ReportTable& t)
{
    QStringList header;
    for (const ReportPhrase& h : t.header)
        header << escaped(ReportTables::phrase(h));
    row(out, header);
    out += QLatin1Char('|');
    for (size_t i = 0; i < t.header.size(); ++i)
        out += i < t.numeric.size() && t.numeric[i] ? QStringLiteral("---:|") : QStringLiteral("---|");
    out += QLatin1Char('\n');
    for (const std::vector<ReportCell>& cells : t.rows) {
        QStringList text;
        for (const ReportCell& c : cells) {
            QString s = ReportTables::cell(c);
            if (c.kind == ReportCell::Kind::Code)
                s = QLatin1Char('`') + s + QLatin1Char('`');
            else if (c.kind == ReportCell::Kind::Phrase || c.kind == ReportCell::Kind::Setting)
                s = escaped(s);
            text << (c.strong && c.kind != ReportCell::Kind::Empty ? QStringLiteral("**%1**").arg(s) : s);
        }
        row(out, text);
    }
    out += QLatin1Char('\n');
}

void findings(QString& out, const ReportBlock& b)
{
    if (b.findings.empty())
        out += ReportTables::phrase(b.phrase) + QStringLiteral("\n\n");
    for (const ReportFinding& rf : b.findings) {
        const FindingText::Rendered text = FindingText::render(rf.finding);
        QString title = text.title;
        // The English text of an old run file that was not derived again: say so beside a translated report.
        const QLocale::Language language = QLocale().language();
        if (rf.storedText && !text.translatedTitle && language != QLocale::English && language != QLocale::C)
            title += ReportMarkdown::tr(" (stored English text)");
        out += QStringLiteral("### [%1] %2\n\n").arg(FindingText::severityName(rf.finding.severity).toUpper(), title);
        for (const QString& e : text.evidence)
            out += QStringLiteral("- %1\n").arg(e);
        out += QStringLiteral("\n%1\n\n").arg(text.advice);
    }
}

void block(QString& out, const ReportBlock& b, const RunRecord& record)
{
    switch (b.kind) {
    case ReportBlock::Kind::Heading:
        out += QString(b.level, QLatin1Char('#')) + QLatin1Char(' ') + ReportTables::phrase(b.phrase)
            + QStringLiteral("\n\n");
        break;
    case ReportBlock::Kind::Paragraph: {
        // The verdict from the record itself: it names its cause finding, whose title FindingText phrases.
        QString text = b.phrase.kind == "verdict" ? FindingText::verdict(record) : ReportTables::phrase(b.phrase);
        if (b.strong)
            text = QStringLiteral("**%1**").arg(text);
        out += (b.quote ? QStringLiteral("> ") : QString()) + text + QStringLiteral("\n\n");
        break;
    }
    case ReportBlock::Kind::List:
        for (const ReportPhrase& item : b.items)
            out += QStringLiteral("- ") + ReportTables::phrase(item) + QLatin1Char('\n');
        out += QLatin1Char('\n');
        break;
    case ReportBlock::Kind::KeyValues:
        for (size_t i = 0; i < b.items.size(); ++i)
            out += QStringLiteral("- %1: %2\n").arg(ReportTables::phrase(b.keys[i]), ReportTables::phrase(b.items[i]));
        out += QLatin1Char('\n');
        break;
    case ReportBlock::Kind::Table:
        table(out, b.table);
        break;
    case ReportBlock::Kind::Findings:
        findings(out, b);
        break;
    }
}

} // namespace

QString ReportMarkdown::build(const RunRecord& record)
{
    QString out;
    for (const ReportSection& section : buildReportModel(record).sections) {
        if (section.id == ReportSectionId::KeyNumbers) // the INT8-vs-FP32 table says the same
            continue;
        for (const ReportBlock& b : section.blocks)
            block(out, b, record);
    }
    // Every block ends in a blank line but the last.
    if (out.endsWith(QStringLiteral("\n\n")))
        out.chop(1);
    return out;
}

} // namespace qs::ui
