// SPDX-License-Identifier: MIT
#include "pdf_report.h"

#include "util/qt_convert.h"
#include "util/run_text.h"

#include <quantscope/engine/report_model.h>

#include <QLocale>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextImageFormat>
#include <QTextList>
#include <QTextTable>
#include <QUrl>

#include <algorithm>

namespace qs::ui {

namespace {

constexpr qreal kBodyPt = 8.5;
constexpr qreal kTablePt = 7.5;
constexpr qreal kWideTablePt = 6.5;
constexpr qreal kCaptionPt = 7.5;
// Lengths in a QTextDocument are in 1/96 inch (the layout scales them to the device).
constexpr qreal kUnitsPerMm = 96.0 / 25.4;
constexpr qreal kMarginMm = 20; // printPaged's margin
const QColor kGrey(0x49, 0x50, 0x57);

QTextCharFormat charFormat(qreal pt, bool bold = false, const QColor& color = Qt::black)
{
    QTextCharFormat f;
    f.setFontPointSize(pt);
    f.setFontWeight(bold ? QFont::Bold : QFont::Normal);
    f.setForeground(color);
    return f;
}

QColor severityColor(FindingSeverity s)
{
    return s == FindingSeverity::Critical ? QColor(0xc9, 0x2a, 0x2a)
        : s == FindingSeverity::Warning   ? QColor(0xe6, 0x77, 0x00)
                                          : QColor(0x19, 0x71, 0xc2);
}

/// Appends a block (the document's first, empty one is reused).
void block(QTextCursor& c, const QTextBlockFormat& format, const QTextCharFormat& chars)
{
    if (c.document()->characterCount() <= 1 && c.block() == c.document()->firstBlock()) {
        c.setBlockFormat(format);
        c.setBlockCharFormat(chars);
        c.setCharFormat(chars);
    } else {
        c.insertBlock(format, chars);
    }
}

void heading(QTextCursor& c, const QString& text, int level, bool newPage = false)
{
    QTextBlockFormat f;
    f.setHeadingLevel(level);
    f.setTopMargin(level <= 1 ? 0 : level == 2 ? 12 : 8);
    f.setBottomMargin(4);
    if (newPage)
        f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
    const qreal pt = level <= 1 ? 16 : level == 2 ? 12 : 10;
    block(c, f, charFormat(pt, true));
    c.insertText(text);
}

void paragraph(QTextCursor& c, const QString& text, const QTextCharFormat& chars, qreal bottomMargin = 4)
{
    QTextBlockFormat f;
    f.setBottomMargin(bottomMargin);
    block(c, f, chars);
    c.insertText(text, chars);
}

void bullets(QTextCursor& c, const QStringList& items, const QTextCharFormat& chars)
{
    QTextListFormat list;
    list.setStyle(QTextListFormat::ListDisc);
    list.setIndent(1);
    QTextList* current = nullptr;
    for (const QString& item : items) {
        QTextBlockFormat f;
        f.setBottomMargin(1);
        block(c, f, chars);
        if (!current)
            current = c.createList(list);
        else
            current->add(c.block());
        c.insertText(item, chars);
    }
}

void insertTable(QTextCursor& c, const ReportTable& t)
{
    if (!t.heading.isEmpty())
        heading(c, t.heading, t.level);
    if (!t.intro.isEmpty())
        paragraph(c, t.intro, charFormat(kTablePt, false, kGrey));
    if (t.header.isEmpty())
        return;
    QTextTableFormat format;
    format.setHeaderRowCount(1); // repeated at the top of every page the table continues on
    format.setBorder(0.5);
    format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
    format.setBorderBrush(QColor(0xad, 0xb5, 0xbd));
    format.setBorderCollapse(true);
    format.setCellPadding(2.5);
    format.setCellSpacing(0);
    format.setWidth(QTextLength(QTextLength::PercentageLength, 100));
    format.setTopMargin(2);
    format.setBottomMargin(4);
    QTextTable* table = c.insertTable(int(t.rows.size()) + 1, int(t.header.size()), format);
    // The latency table's fifteen columns fit the text width of A4 and Letter in German too at this size.
    const qreal pt = t.header.size() > 10 ? kWideTablePt : kTablePt;
    const auto fill = [&](int row, const QStringList& cells, bool bold) {
        for (int col = 0; col < t.header.size(); ++col) {
            QTextTableCell cell = table->cellAt(row, col);
            if (row == 0) {
                QTextTableCellFormat shade = cell.format().toTableCellFormat();
                shade.setBackground(QColor(0xe9, 0xec, 0xef));
                cell.setFormat(shade);
            }
            QTextCursor at = cell.firstCursorPosition();
            QTextBlockFormat align;
            align.setAlignment(t.numeric.value(col) ? Qt::AlignRight : Qt::AlignLeft);
            // A number never wraps ("2," over "00" under a German decimal comma): its column gets the room.
            align.setNonBreakableLines(row > 0 && t.numeric.value(col));
            at.setBlockFormat(align);
            at.insertText(cells.value(col), charFormat(pt, bold));
        }
    };
    fill(0, t.header, true);
    for (int r = 0; r < t.rows.size(); ++r)
        fill(r + 1, t.rows[r], r >= t.rows.size() - t.boldLastRows);
    c.movePosition(QTextCursor::End);
    if (!t.note.isEmpty())
        paragraph(c, t.note, charFormat(kTablePt, false, kGrey));
}

void summaryPage(QTextCursor& c, const RunRecord& record, const PdfReport::Summary& s)
{
    heading(c, PdfReport::tr("Quantscope benchmark report"), 1);
    paragraph(c, PdfReport::tr("Recorded %1 by %2").arg(toQString(record.createdUtc), toQString(record.tool)),
        charFormat(kCaptionPt, false, kGrey), 8);
    paragraph(c, s.verdict, charFormat(11, true), 8);
    if (record.partial)
        paragraph(c, PdfReport::tr("This run was cancelled before it finished; partial scenarios are marked."),
            charFormat(kBodyPt, true, QColor(0xc9, 0x2a, 0x2a)));
    if (!s.warnings.isEmpty()) {
        // On the first page: they qualify the verdict above them.
        paragraph(c, PdfReport::tr("Warnings: the run went on without what these name."),
            charFormat(kBodyPt, true, QColor(0xb3, 0x5c, 0x00)), 1);
        bullets(c, s.warnings, charFormat(kTablePt));
    }
    insertTable(c, s.keyNumbers);

    heading(c, PdfReport::tr("Machine and how it was measured"), 2);
    QTextBlockFormat f;
    f.setBottomMargin(4);
    block(c, f, charFormat(kTablePt));
    c.insertHtml(QStringLiteral("<span style='font-size:%1pt'>%2</span>").arg(kTablePt).arg(s.measuredHtml));

    heading(c, PdfReport::tr("Top findings"), 2);
    if (s.findings.isEmpty())
        paragraph(c, PdfReport::tr("No finding: nothing in this run matched a known cause of slow INT8."),
            charFormat(kBodyPt));
    for (int i = 0; i < s.findings.size(); ++i) {
        const FindingText::Rendered& f = s.findings[i];
        QTextBlockFormat title;
        title.setTopMargin(i == 0 ? 0 : 4);
        title.setBottomMargin(1);
        block(c, title, charFormat(kBodyPt, true));
        c.insertText(QStringLiteral("[%1] ").arg(FindingText::severityName(s.severities[i]).toUpper()),
            charFormat(kBodyPt, true, severityColor(s.severities[i])));
        c.insertText(f.title, charFormat(kBodyPt, true));
        QStringList evidence = f.evidence.mid(0, PdfReport::kSummaryEvidence);
        if (f.evidence.size() > PdfReport::kSummaryEvidence)
            evidence << PdfReport::tr("(%1 more lines in the Findings section)")
                            .arg(f.evidence.size() - PdfReport::kSummaryEvidence);
        bullets(c, evidence, charFormat(kTablePt));
    }
    if (s.moreFindings > 0)
        paragraph(c,
            PdfReport::tr("%1 more findings, and the advice for each, in the Findings section.").arg(s.moreFindings),
            charFormat(kTablePt, false, kGrey));
}

// One chart per row across the text width, its caption under it: drawn for that width (ResultsPanel::chartImages at
// kChartSize), so their labels need neither shrinking nor eliding.
void chartPages(QTextCursor& c, QTextDocument& doc, const PdfReport::ChartImages& charts, qreal textWidth)
{
    heading(c, PdfReport::tr("Charts"), 2, true);
    for (int i = 0; i < charts.size(); ++i) {
        const QUrl url(QStringLiteral("chart:%1").arg(i));
        doc.addResource(QTextDocument::ImageResource, url, charts[i].second);
        QTextBlockFormat imageBlock;
        imageBlock.setTopMargin(i == 0 ? 0 : 6);
        imageBlock.setPageBreakPolicy(QTextFormat::PageBreak_Auto);
        block(c, imageBlock, charFormat(kBodyPt));
        QTextImageFormat image;
        image.setName(url.toString());
        const QImage& src = charts[i].second;
        image.setWidth(textWidth);
        image.setHeight(src.width() > 0 ? textWidth * src.height() / src.width() : textWidth * 0.3);
        c.insertImage(image);
        QTextBlockFormat caption;
        caption.setBottomMargin(4);
        block(c, caption, charFormat(kCaptionPt, false, kGrey));
        c.insertText(
            PdfReport::tr("Figure %1: %2").arg(i + 1).arg(charts[i].first), charFormat(kCaptionPt, false, kGrey));
    }
}

} // namespace

PdfReport::Summary PdfReport::summarize(const RunRecord& record)
{
    Summary s;
    s.verdict = FindingText::verdict(record);
    const ReportDocument model = buildReportModel(record);
    if (const ReportSection* key = model.section(ReportSectionId::KeyNumbers))
        s.keyNumbers = ReportTables::tables(*key).value(0);
    if (const ReportSection* warnings = model.section(ReportSectionId::Warnings))
        for (const ReportBlock& b : warnings->blocks)
            for (const ReportPhrase& item : b.items)
                s.warnings << ReportTables::phrase(item);
    s.measuredHtml = measuredHowHtml(record);
    std::vector<const Finding*> order;
    for (const Finding& f : record.findings)
        order.push_back(&f);
    // The most severe first; the engine's order (its own ranking) among equals.
    std::stable_sort(order.begin(), order.end(), [](const Finding* a, const Finding* b) {
        return static_cast<int>(a->severity) > static_cast<int>(b->severity);
    });
    for (const Finding* f : order) {
        if (s.findings.size() == kSummaryFindings)
            break;
        s.findings << FindingText::render(*f);
        s.severities << f->severity;
    }
    s.moreFindings = int(order.size()) - int(s.findings.size());
    return s;
}

QPageSize::PageSizeId PdfReport::defaultPageSize(const QLocale& locale)
{
    return locale.measurementSystem() == QLocale::ImperialUSSystem ? QPageSize::Letter : QPageSize::A4;
}

void PdfReport::build(QTextDocument& doc, const RunRecord& record, const ChartImages& charts, const QPageSize& pageSize)
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(kBodyPt);
    doc.setDefaultFont(font);
    // Names break at spaces only, never inside a word: columns are as wide as their longest word.
    QTextOption option = doc.defaultTextOption();
    option.setWrapMode(QTextOption::WordWrap);
    doc.setDefaultTextOption(option);
    const qreal textWidth = (pageSize.size(QPageSize::Millimeter).width() - 2 * kMarginMm) * kUnitsPerMm;

    QTextCursor c(&doc);
    summaryPage(c, record, summarize(record));
    if (!charts.isEmpty())
        chartPages(c, doc, charts, textWidth);
    // The model's sections in its order, every row of them: the summary page holds the key numbers (which the
    // INT8-vs-FP32 table repeats), the findings follow as rich text.
    const ReportDocument model = buildReportModel(record, ReportLimits { 0, 0, 10 });
    QList<ReportTable> tables;
    for (const ReportSection& section : model.sections)
        if (section.id >= ReportSectionId::Parity && section.id <= ReportSectionId::OpTypeDeltas)
            tables << ReportTables::tables(section);
    for (int i = 0; i < tables.size(); ++i) {
        if (i == 0) {
            heading(c, tables[i].heading, tables[i].level, true);
            ReportTable rest = tables[i];
            rest.heading.clear();
            insertTable(c, rest);
        } else {
            insertTable(c, tables[i]);
        }
    }

    heading(c, tr("Findings"), 2);
    QTextBlockFormat f;
    block(c, f, charFormat(kBodyPt));
    c.insertHtml(QStringLiteral("<div style='font-size:%1pt'>%2</div>").arg(kBodyPt).arg(findingsHtml(record)));
    c.movePosition(QTextCursor::End);
    if (const ReportSection* environment = model.section(ReportSectionId::Environment))
        for (const ReportTable& t : ReportTables::tables(*environment))
            insertTable(c, t);
}

} // namespace qs::ui
