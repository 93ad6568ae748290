// SPDX-License-Identifier: MIT
// Report export on the thread pool: the Markdown is the engine's report byte for byte; the PDF holds the report's
// text and the charts.
#include "panels/report_panel.h"
#include "panels/results_panel.h"
#include "pdf_text.h"
#include "report/report_exporter.h"
#include "ui_test_main.h"

#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/run_file.h>

#include <QAction>
#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace qs;
using namespace qs::ui;

class TestReportExport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void markdownIsTheEnginesReport();
    void pdfHasTextAndCharts();
    void unwritablePathFails();
    void copiesMarkdownToTheClipboard();

private:
    std::shared_ptr<const RunRecord> m_run;
};

void TestReportExport::initTestCase()
{
    auto r = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY(r);
    m_run = std::make_shared<const RunRecord>(std::move(*r));
}

void TestReportExport::markdownIsTheEnginesReport()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.md"));
    ReportExporter exporter;
    QSignalSpy finished(&exporter, &ReportExporter::finished);
    exporter.exportMarkdown(m_run, path);
    QVERIFY(exporter.isBusy() || !finished.isEmpty());
    QVERIFY(finished.wait(30000) || !finished.isEmpty());
    QCOMPARE(finished.at(0).at(0).toString(), path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray::fromStdString(buildMarkdownReport(*m_run)));
}

void TestReportExport::pdfHasTextAndCharts()
{
    ResultsPanel panel;
    panel.setRun(m_run, {});
    const auto charts = panel.chartImages(QSize(560, 340));
    QCOMPARE(charts.size(), 4);
    const QString md = ReportExporter::pdfMarkdown(*m_run, charts);
    QVERIFY(md.indexOf(QLatin1String("## Charts")) < md.indexOf(QLatin1String("## INT8 vs FP32")));
    QVERIFY(md.contains(QStringLiteral("](chart:3)")));

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    ReportExporter exporter;
    QSignalSpy finished(&exporter, &ReportExporter::finished);
    exporter.exportPdf(m_run, charts, path);
    QVERIFY(finished.wait(60000) || !finished.isEmpty());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.read(5) == "%PDF-");
    QVERIFY(f.size() > 20000); // four embedded chart images
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
    if (const QByteArray keep = qgetenv("QS_UI_SCREENSHOT_DIR"); !keep.isEmpty())
        QFile::copy(path, QString::fromLocal8Bit(keep) + QStringLiteral("/report.pdf"));

    if (!havePdfToText())
        QSKIP("pdftotext (poppler-utils) not installed: the PDF's text was not checked");
    const QString text = pdfText(path);
    QVERIFY2(text.contains(QStringLiteral("INT8 is 2.0x faster here")), qPrintable(text.left(500)));
    QVERIFY(text.contains(QStringLiteral("crafted_fp32")));
    QVERIFY(text.contains(QStringLiteral("26.60"))); // the FP32 P95 in the latency table
    // The per-op-type comparison (tests/data/runs/README.md: Conv 9 ms vs ConvInteger 3 ms per run).
    QVERIFY2(text.contains(QStringLiteral("Time per op type, FP32 vs quantized")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Conv \u2192 ConvInteger")));
    QVERIFY(text.contains(QStringLiteral("0.33x")));
}

void TestReportExport::unwritablePathFails()
{
    ReportExporter exporter;
    QSignalSpy failed(&exporter, &ReportExporter::failed);
    const QString path = QStringLiteral("/nonexistent-dir/report.md");
    exporter.exportMarkdown(m_run, path);
    QVERIFY(failed.wait(30000) || !failed.isEmpty());
    QVERIFY2(failed.at(0).at(1).toString().contains(QStringLiteral("/nonexistent-dir")),
        qPrintable(failed.at(0).at(1).toString()));
}

void TestReportExport::copiesMarkdownToTheClipboard()
{
    ReportPanel panel([] { return ReportExporter::ChartImages {}; });
    QAction* copy = panel.copyMarkdownAction();
    QCOMPARE(copy->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+C")));
    QVERIFY(!copy->isEnabled()); // no run selected
    panel.setRun(m_run, QString());
    QVERIFY(copy->isEnabled());
    QGuiApplication::clipboard()->clear();
    copy->trigger();
    const QString text = QGuiApplication::clipboard()->text();
    QCOMPARE(text, QString::fromStdString(buildMarkdownReport(*m_run)));
    // tests/data/runs/README.md: Conv 9 ms per run in FP32 against ConvInteger 3 ms in INT8.
    QVERIFY2(
        text.contains(QStringLiteral("| Conv \u2192 ConvInteger | 9.00 | 3.00 | -6.00 | 0.33x |")), qPrintable(text));
}

QS_UI_TEST_MAIN(TestReportExport)
#include "tst_report_export.moc"
