// SPDX-License-Identifier: MIT
// Report export on the thread pool: the Markdown is the engine's report byte for byte; the PDF holds the report's
// text and the charts; an export reports its pages, can be cancelled, and a cancelled or failed one leaves the file
// that was at its path byte for byte, with no temporary file beside it.
#include "panels/report_panel.h"
#include "panels/results_panel.h"
#include "pdf_text.h"
#include "report/report_exporter.h"
#include "screenshot_settings.h"
#include "ui_test_main.h"

#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/run_file.h>

#include <QAction>
#include <QClipboard>
#include <QDir>
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
    void cancelledPdfLeavesPreviousFile();
    void cancelledExportLeavesPreviousFile();
    void completedExportReplacesFile();
    void panelCancelsAndSaysSo();
    void copiesMarkdownToTheClipboard();

private:
    std::shared_ptr<const RunRecord> m_run;
    ReportExporter::ChartImages m_charts; ///< of m_run, as the Results tab renders them for an export
};

void TestReportExport::initTestCase()
{
    auto r = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY(r);
    m_run = std::make_shared<const RunRecord>(std::move(*r));
    ResultsPanel panel;
    panel.setRun(m_run, {});
    m_charts = panel.chartImages(QSize(560, 340));
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
    const auto& charts = m_charts;
    QCOMPARE(charts.size(), 4);

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
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList { QStringLiteral("report.pdf") });
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

namespace {
const QByteArray kPrevious = "the report exported yesterday\n";

/// A folder holding `name` with kPrevious in it, as a user's earlier export.
QString previousFile(const QTemporaryDir& dir, const QString& name)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(kPrevious) != kPrevious.size())
        return {};
    return path;
}

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

QStringList filesIn(const QTemporaryDir& dir)
{
    return QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System);
}
} // namespace

// Stopped from the page callback after the first page: deterministic, whatever the machine's speed.
void TestReportExport::cancelledPdfLeavesPreviousFile()
{
    const auto& charts = m_charts;
    QTemporaryDir dir;
    const QString path = previousFile(dir, QStringLiteral("report.pdf"));
    QVERIFY(!path.isEmpty());
    QList<int> asked;
    const ReportExporter::Outcome outcome
        = ReportExporter::writePdf(*m_run, charts, path, QPageSize(QPageSize::A4), [&asked](int page, int pages) {
              if (pages > 0)
                  asked << page;
              return pages == 0 || page < 1; // paint page 0, stop before page 1
          });
    QCOMPARE(int(outcome.kind), int(ReportExporter::Outcome::Kind::Cancelled));
    QCOMPARE(asked, (QList<int> { 0, 1 }));
    QCOMPARE(contents(path), kPrevious);
    QCOMPARE(filesIn(dir), QStringList { QStringLiteral("report.pdf") });
}

// Through the background exporter: cancelled as soon as it starts, it says so and writes nothing. (The Markdown job
// is a single write that may end before the cancel reaches it: then it must say it wrote the file.)
void TestReportExport::cancelledExportLeavesPreviousFile()
{
    const auto& charts = m_charts;
    QTemporaryDir dir;
    for (const QString& name : { QStringLiteral("report.pdf"), QStringLiteral("report.md") }) {
        const QString path = previousFile(dir, name);
        QVERIFY(!path.isEmpty());
        ReportExporter exporter;
        QSignalSpy cancelled(&exporter, &ReportExporter::cancelled);
        QSignalSpy finished(&exporter, &ReportExporter::finished);
        if (name.endsWith(QStringLiteral(".pdf")))
            exporter.exportPdf(m_run, charts, path);
        else
            exporter.exportMarkdown(m_run, path);
        QVERIFY(exporter.isBusy());
        exporter.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(cancelled.size() + finished.size() == 1, 60000);
        QVERIFY(!exporter.isBusy());
        if (name.endsWith(QStringLiteral(".pdf")))
            QCOMPARE(cancelled.size(), 1); // laying out the pages alone takes longer than the call to cancel()
        if (!cancelled.isEmpty()) {
            QCOMPARE(cancelled.at(0).at(0).toString(), path);
            QCOMPARE(contents(path), kPrevious);
        } else {
            QCOMPARE(contents(path), QByteArray::fromStdString(buildMarkdownReport(*m_run)));
        }
    }
    QCOMPARE(filesIn(dir), (QStringList { QStringLiteral("report.md"), QStringLiteral("report.pdf") }));
}

void TestReportExport::completedExportReplacesFile()
{
    const auto& charts = m_charts;
    QTemporaryDir dir;
    const QString path = previousFile(dir, QStringLiteral("report.pdf"));
    QVERIFY(!path.isEmpty());
    ReportExporter exporter;
    QSignalSpy finished(&exporter, &ReportExporter::finished);
    QSignalSpy progress(&exporter, &ReportExporter::progress);
    exporter.exportPdf(m_run, charts, path);
    QVERIFY(finished.wait(60000) || !finished.isEmpty());
    QCOMPARE(finished.at(0).at(0).toString(), path);
    const QByteArray pdf = contents(path);
    QVERIFY(pdf.startsWith("%PDF-"));
    QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    QCOMPARE(filesIn(dir), QStringList { QStringLiteral("report.pdf") });
    // Progress ends at the last page (intermediate pages may be coalesced by QFuture's progress throttling).
    QVERIFY(!progress.isEmpty());
    const int pages = progress.last().at(1).toInt();
    QVERIFY(pages > 0);
    QCOMPARE(progress.last().at(0).toInt(), pages);
    if (havePdfToText())
        QCOMPARE(pdfText(path).count(QLatin1Char('\f')), pages);
}

// The panel's Cancel: the export stops, the buttons come back, and the status bar says the old file was kept.
void TestReportExport::panelCancelsAndSaysSo()
{
    ReportPanel panel([] { return ReportExporter::ChartImages {}; });
    panel.setRun(m_run, QString());
    QTemporaryDir dir;
    const QString path = previousFile(dir, QStringLiteral("report.pdf"));
    QVERIFY(!path.isEmpty());
    QSignalSpy status(&panel, &ReportPanel::statusMessage);
    QVERIFY(!panel.cancelExportAction()->isEnabled());
    // Shown, so the walkthrough's screenshots (QS_UI_SCREENSHOT_DIR) have the panel as a user sees it.
    const QString shots = qs::test::screenshotDir();
    panel.resize(1100, 240);
    panel.show();
    panel.exportPdf(path);
    QVERIFY(panel.cancelExportAction()->isEnabled());
    QVERIFY(!panel.exportPdfAction()->isEnabled());
    if (!shots.isEmpty()) {
        QCoreApplication::processEvents(); // the layout, as a user would see it a moment later
        panel.grab().save(shots + QStringLiteral("/report-export-running.png"));
    }
    panel.cancelExportAction()->trigger();
    QVERIFY(status.wait(60000) || !status.isEmpty());
    if (!shots.isEmpty()) {
        QCoreApplication::processEvents();
        panel.grab().save(shots + QStringLiteral("/report-export-cancelled.png"));
    }
    QVERIFY2(status.last().at(0).toString().contains(QStringLiteral("cancelled")),
        qPrintable(status.last().at(0).toString()));
    QVERIFY(status.last().at(0).toString().contains(path));
    QVERIFY(!panel.cancelExportAction()->isEnabled());
    QVERIFY(panel.exportPdfAction()->isEnabled());
    QCOMPARE(contents(path), kPrevious);
    QCOMPARE(filesIn(dir), QStringList { QStringLiteral("report.pdf") });
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
