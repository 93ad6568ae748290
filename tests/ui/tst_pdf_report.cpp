// SPDX-License-Identifier: MIT
// The PDF report's pages: a summary first (verdict, key numbers, machine, top findings), then the charts with
// captions naming their setting, then tables whose header row repeats on every page they span and whose model names
// never break inside a word; A4 or Letter, in English and German. Checked on the document's structure before it is
// painted and on the printed pages read back with pdftotext.
#include "panels/report_panel.h"
#include "panels/results_panel.h"
#include "pdf_text.h"
#include "report/pdf_report.h"
#include "report/report_exporter.h"
#include "screenshot_settings.h"
#include "ui_test_main.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/run_file.h>

#include <QComboBox>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTranslator>

using namespace qs;
using namespace qs::ui;

class TestPdfReport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void summaryHoldsVerdictAndFindings();
    void firstPageIsTheSummary();
    void demoPairPageCount_data();
    void demoPairPageCount();
    void headersRepeatOnEveryPage();
    void pageSizeFromLocaleAndRemembered();
    void germanReportIsGerman();

private:
    RunRecord m_pair; ///< crafted_pair.json, measured at 1 and 2 threads, with the long names of a real pair
};

namespace {
// As long as real model ids get (issue 16: "yolov5nu_fp32_from_see" clipped).
const std::string kFloat = "yolov5nu_fp32_from_seed";
const std::string kInt8 = "yolov5nu_int8_dynamic_seed";

/// The printed pages' text; ligatures (the "fi" of "findings") as their letters.
QStringList pages(const QString& path)
{
    return pdfText(path).normalized(QString::NormalizationForm_KC).split(QLatin1Char('\f'), Qt::SkipEmptyParts);
}

/// Charts as the Results tab renders them for the PDF.
PdfReport::ChartImages chartsOf(const RunRecord& record)
{
    ResultsPanel panel;
    panel.setRun(std::make_shared<const RunRecord>(record), {});
    return panel.chartImages(PdfReport::kChartSize);
}

QString writePdf(const RunRecord& record, const QString& path, QPageSize::PageSizeId size)
{
    const auto outcome = ReportExporter::writePdf(record, chartsOf(record), path, QPageSize(size));
    return outcome.kind == ReportExporter::Outcome::Kind::Written ? QString() : outcome.error + QStringLiteral("?");
}

void keepForWalkthrough(const QString& path, const QString& name)
{
    const QString dir = qs::test::screenshotDir();
    if (!dir.isEmpty()) {
        QFile::remove(dir + QLatin1Char('/') + name);
        QFile::copy(path, dir + QLatin1Char('/') + name);
    }
}
} // namespace

void TestPdfReport::initTestCase()
{
    auto r = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY(r);
    m_pair = std::move(*r);
    for (ModelRecord& m : m_pair.models)
        m.id = m.isQuantized() ? kInt8 : kFloat;
    std::vector<ScenarioRecord> twoThreads;
    for (ScenarioRecord& s : m_pair.scenarios) {
        s.modelId = s.modelId == "crafted_fp32" ? kFloat : kInt8;
        ScenarioRecord t = s;
        t.threads = 2;
        twoThreads.push_back(t);
    }
    m_pair.scenarios.insert(m_pair.scenarios.end(), twoThreads.begin(), twoThreads.end());
    m_pair.config.threads = { 1, 2 };
    m_pair.comparisons = compareModels(m_pair);
    m_pair.findings = diagnoseRun(m_pair);
    QCOMPARE(m_pair.comparisons.size(), size_t(2));
    QVERIFY(!m_pair.findings.empty());
}

void TestPdfReport::summaryHoldsVerdictAndFindings()
{
    const PdfReport::Summary s = PdfReport::summarize(m_pair);
    QCOMPARE(s.verdict, FindingText::verdict(m_pair));
    QVERIFY(s.verdict.contains(QStringLiteral("faster")));
    // One key-number row per setting, with both medians (README: 12 and 6 ms) and the speedup.
    QCOMPARE(s.keyNumbers.rows.size(), 2);
    for (const QStringList& row : s.keyNumbers.rows) {
        QVERIFY2(row.contains(QStringLiteral("12.00")) && row.contains(QStringLiteral("6.00")),
            qPrintable(row.join(QLatin1Char('|'))));
        QVERIFY(row.contains(QStringLiteral("2.00x")));
    }
    QVERIFY(s.measuredHtml.contains(QString::fromStdString(m_pair.machine.cpuModel)));
    QVERIFY(!s.findings.isEmpty() && s.findings.size() <= PdfReport::kSummaryFindings);
    QCOMPARE(s.findings.size() + s.moreFindings, int(m_pair.findings.size()));
    for (int i = 1; i < s.severities.size(); ++i)
        QVERIFY(int(s.severities[i - 1]) >= int(s.severities[i]));
}

void TestPdfReport::firstPageIsTheSummary()
{
    if (!havePdfToText())
        QSKIP("pdftotext (poppler-utils) not installed: the printed pages cannot be read back");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QCOMPARE(writePdf(m_pair, path, QPageSize::A4), QString());
    const QStringList p = pages(path);
    QVERIFY(p.size() > 2);
    const QString first = p[0].simplified();
    const PdfReport::Summary s = PdfReport::summarize(m_pair);
    QVERIFY2(first.startsWith(QStringLiteral("Quantscope benchmark report")), qPrintable(first.left(200)));
    QVERIFY2(first.contains(s.verdict.simplified()), qPrintable(first));
    QVERIFY(first.contains(QStringLiteral("Key numbers")));
    QVERIFY(first.contains(QStringLiteral("Machine and how it was measured")));
    QVERIFY(first.contains(QString::fromStdString(m_pair.machine.cpuModel).simplified()));
    QVERIFY(first.contains(QStringLiteral("Top findings")));
    for (const FindingText::Rendered& f : s.findings) {
        QVERIFY2(first.contains(f.title.simplified()), qPrintable(f.title));
        QVERIFY2(first.contains(f.evidence.value(0).simplified()), qPrintable(f.evidence.value(0)));
    }
    // Then the charts, each captioned with its setting, then the tables.
    QVERIFY2(p[1].simplified().startsWith(QStringLiteral("Charts")), qPrintable(p[1].left(200)));
    QVERIFY(p[1].simplified().contains(
        QStringLiteral("Figure 1: Latency distribution, 1 thread \u00b7 optimized: %1 (5 runs)")
            .arg(QString::fromStdString(kFloat))));
    QVERIFY(p.join(QLatin1Char(' '))
                .simplified()
                .contains(QStringLiteral("Figure 5: Latency distribution, 2 threads \u00b7 optimized: %1 (5 runs)")
                              .arg(QString::fromStdString(kFloat))));
    QVERIFY(!first.contains(QStringLiteral("Figure 1")));
    // Names are whole wherever they appear: no line holds a piece of one.
    for (const QString& page : p)
        for (const QString& line : page.split(QLatin1Char('\n')))
            if (line.contains(QStringLiteral("yolov5nu")))
                QVERIFY2(line.contains(QString::fromStdString(kFloat)) || line.contains(QString::fromStdString(kInt8)),
                    qPrintable(line));
    keepForWalkthrough(path, QStringLiteral("report-a4-en.pdf"));
}

void TestPdfReport::demoPairPageCount_data()
{
    QTest::addColumn<int>("size");
    QTest::newRow("A4") << int(QPageSize::A4);
    QTest::newRow("Letter") << int(QPageSize::Letter);
}

// Issue 16: 12 landscape pages for these 4 scenarios, the first two half empty. Now: the summary, the seven charts
// on one or two pages, the tables, the findings.
void TestPdfReport::demoPairPageCount()
{
    if (!havePdfToText())
        QSKIP("pdftotext (poppler-utils) not installed: the printed pages cannot be read back");
    QFETCH(int, size);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QCOMPARE(writePdf(m_pair, path, QPageSize::PageSizeId(size)), QString());
    const QStringList p = pages(path);
    QVERIFY2(p.size() >= 4 && p.size() <= 7, qPrintable(QString::number(p.size())));
    // The paper asked for (PDF points: A4 595 x 842, Letter 612 x 792).
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray pdf = f.readAll();
    QVERIFY(pdf.contains(size == int(QPageSize::A4) ? "/MediaBox [0 0 595" : "/MediaBox [0 0 612"));
    if (size == int(QPageSize::Letter))
        keepForWalkthrough(path, QStringLiteral("report-letter-en.pdf"));
}

// A table longer than a page: its header row opens every page it continues on.
void TestPdfReport::headersRepeatOnEveryPage()
{
    if (!havePdfToText())
        QSKIP("pdftotext (poppler-utils) not installed: the printed pages cannot be read back");
    RunRecord r = m_pair;
    for (int i = 0; i < 150; ++i)
        r.models[0].opCounts[QStringLiteral("CustomOp%1").arg(i, 3, 10, QLatin1Char('0')).toStdString()] = 1000 - i;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QCOMPARE(writePdf(r, path, QPageSize::A4), QString());
    int spanned = 0;
    for (const QString& page : pages(path)) {
        const qsizetype row = page.indexOf(QStringLiteral("CustomOp"));
        if (row < 0)
            continue;
        ++spanned;
        const qsizetype header = page.lastIndexOf(QStringLiteral("Op type"), row);
        QVERIFY2(header >= 0, qPrintable(page.left(300)));
        // The header row holds the models' names as column titles.
        QVERIFY(page.indexOf(QString::fromStdString(kInt8), header) < row);
    }
    QVERIFY2(spanned >= 3, qPrintable(QString::number(spanned)));
    keepForWalkthrough(path, QStringLiteral("report-long-table.pdf"));
}

void TestPdfReport::pageSizeFromLocaleAndRemembered()
{
    QCOMPARE(PdfReport::defaultPageSize(QLocale(QLocale::English, QLocale::UnitedStates)), QPageSize::Letter);
    QCOMPARE(PdfReport::defaultPageSize(QLocale(QLocale::English, QLocale::UnitedKingdom)), QPageSize::A4);
    QCOMPARE(PdfReport::defaultPageSize(QLocale(QLocale::German, QLocale::Germany)), QPageSize::A4);
    QSettings().remove(QStringLiteral("report/pageSize"));
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    {
        ReportPanel panel([] { return ReportExporter::ChartImages {}; });
        QCOMPARE(panel.pageSizeBox()->currentData().toInt(), int(QPageSize::Letter));
        panel.pageSizeBox()->setCurrentIndex(panel.pageSizeBox()->findData(int(QPageSize::A4)));
    }
    {
        ReportPanel panel([] { return ReportExporter::ChartImages {}; });
        QCOMPARE(panel.pageSizeBox()->currentData().toInt(), int(QPageSize::A4)); // the user's choice wins
    }
    QLocale::setDefault(before);
    QSettings().remove(QStringLiteral("report/pageSize"));
}

// German throughout: headings, table headers and decimal commas, on both paper sizes.
void TestPdfReport::germanReportIsGerman()
{
    if (!havePdfToText())
        QSKIP("pdftotext (poppler-utils) not installed: the printed pages cannot be read back");
    QTranslator german;
    QVERIFY(german.load(QStringLiteral(QS_GERMAN_QM)));
    QCoreApplication::installTranslator(&german);
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QTemporaryDir dir;
    for (const auto size : { QPageSize::A4, QPageSize::Letter }) {
        const QString path = dir.filePath(QStringLiteral("bericht.pdf"));
        QCOMPARE(writePdf(m_pair, path, size), QString());
        const QStringList p = pages(path);
        const QString first = p.value(0).simplified();
        QVERIFY2(first.startsWith(QStringLiteral("Quantscope-Benchmarkbericht")), qPrintable(first.left(200)));
        QVERIFY(first.contains(QStringLiteral("Wichtigste Befunde")));
        QVERIFY2(first.contains(QStringLiteral("2,00x")), qPrintable(first));
        const QString all = p.join(QLatin1Char(' ')).simplified();
        QVERIFY(all.contains(QStringLiteral("Latenz (ms)")));
        QVERIFY(!all.contains(QStringLiteral("Key numbers")));
        QVERIFY(!all.contains(QStringLiteral("Op type")));
        keepForWalkthrough(
            path, size == QPageSize::A4 ? QStringLiteral("report-a4-de.pdf") : QStringLiteral("report-letter-de.pdf"));
    }
    QCoreApplication::removeTranslator(&german);
    QLocale::setDefault(QLocale::c());
}

QS_UI_TEST_MAIN(TestPdfReport)
#include "tst_pdf_report.moc"
