// SPDX-License-Identifier: MIT
// A heading never ends a page of the PDF report, checked on the printed pages themselves (pdftotext) for a document
// built so that plain QTextDocument::print leaves headings at page ends; and the pages stay about as full.
#include "pdf_text.h"
#include "report/paged_printer.h"
#include "ui_test_main.h"

#include <QPdfWriter>
#include <QTemporaryDir>
#include <QTextDocument>

using namespace qs::ui;

class TestPagedPrinter : public QObject
{
    Q_OBJECT
private slots:
    void headingsStayWithWhatFollows();
};

namespace {
constexpr int kSections = 40;

// Sections of varying length, each a heading, a paragraph and a table, as the benchmark report has.
QString sectionsMarkdown()
{
    QString md;
    for (int s = 0; s < kSections; ++s) {
        md += QStringLiteral("## Section %1 heading\n\nParagraph of section %1.\n\n| op | ms |\n|---|---:|\n").arg(s);
        for (int r = 0; r < 2 + (s * 7) % 11; ++r)
            md += QStringLiteral("| row %1 | %2 |\n").arg(r).arg(r * 1.5);
        md += QLatin1Char('\n');
    }
    return md;
}

/// Prints the document as ReportExporter does (or with plain print()) and returns the text of each page, laid out
/// as printed (the page number is the last line).
QStringList printedPages(const QString& path, bool paged)
{
    QTextDocument doc;
    doc.setMarkdown(sectionsMarkdown());
    {
        QPdfWriter writer(path);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageOrientation(QPageLayout::Landscape);
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        writer.setResolution(300);
        if (paged)
            printPaged(doc, writer);
        else
            doc.print(&writer);
    }
    return pdfText(path, true).split(QLatin1Char('\f'), Qt::SkipEmptyParts);
}

QStringList textLines(const QString& page)
{
    QStringList lines;
    for (const QString& l : page.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!l.trimmed().isEmpty())
            lines << l.simplified(); // -layout pads words with spaces
    return lines;
}

/// Pages whose last text line, before the page number, is a heading.
QStringList orphans(const QStringList& pages)
{
    QStringList found;
    for (const QString& page : pages) {
        QStringList lines = textLines(page);
        if (!lines.isEmpty() && lines.last().toInt() > 0)
            lines.removeLast();
        if (!lines.isEmpty() && lines.last().startsWith(QStringLiteral("Section ")))
            found << lines.last();
    }
    return found;
}
} // namespace

void TestPagedPrinter::headingsStayWithWhatFollows()
{
    if (!havePdfToText())
        QSKIP("pdftotext (poppler-utils) not installed: the printed pages cannot be read back");
    QTemporaryDir dir;
    const QStringList plain = printedPages(dir.filePath(QStringLiteral("plain.pdf")), false);
    QVERIFY(plain.size() > 3);
    // The premise: without the fix, some page of this document ends with a heading.
    QVERIFY2(!orphans(plain).isEmpty(), "the test document no longer provokes an orphaned heading");
    const QStringList paged = printedPages(dir.filePath(QStringLiteral("paged.pdf")), true);
    QVERIFY2(orphans(paged).isEmpty(), qPrintable(orphans(paged).join(QLatin1String(", "))));
    // Nothing lost or repeated, and the pages numbered 1, 2, ...
    QStringList allLines;
    for (const QString& page : paged)
        allLines << textLines(page);
    const QString all = allLines.join(QLatin1Char('\n'));
    for (int s = 0; s < kSections; ++s)
        QCOMPARE(all.count(QStringLiteral("Section %1 heading").arg(s)), 1);
    for (int i = 0; i < paged.size(); ++i)
        QCOMPARE(textLines(paged[i]).last(), QString::number(i + 1));
    // The same page geometry as print(): moving a few headings costs at most a page per moved heading.
    QVERIFY2(paged.size() >= plain.size() && paged.size() <= plain.size() + orphans(plain).size(),
        qPrintable(QStringLiteral("%1 pages vs %2").arg(paged.size()).arg(plain.size())));
}

QS_UI_TEST_MAIN(TestPagedPrinter)
#include "tst_paged_printer.moc"
