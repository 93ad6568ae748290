// SPDX-License-Identifier: MIT
// Warnings of a run (what it went on without) reach the GUI user: a real run of the demo pair whose deployment-target
// tables cannot be found (QS_TARGETS_DIR names an empty folder, as in
// BenchmarkPlan.MissingTargetTablesWarnAndTheRunGoesOn) ends with the warning in the record, the run file, the status
// bar, the Results tab's warning bar (its reason as the tooltip), the run list's tooltip and both reports; in German
// the bar and the report say it in German.
#include "german_catalogue.h"
#include "main_window.h"
#include "models/run_list_model.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "pdf_text.h"
#include "report/pdf_report.h"
#include "report/report_exporter.h"
#include "report/report_markdown.h"
#include "ui_test_main.h"

#include <quantscope/engine/run_file.h>

#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>

using namespace qs;
using namespace qs::ui;

class TestRunWarnings : public QObject
{
    Q_OBJECT
private slots:
    void cleanup();
    void missingTargetTablesReachTheUser();
    void warningsInGerman();
    void runWithoutWarningsShowsNoBar();
    void manyWarningsKeepTheBarShort();

private:
    qs::test::GermanCatalogue m_german;
};

namespace {

QString demo(const char* name)
{
    return QStringLiteral(QS_DEMO_DIR "/") + QLatin1String(name);
}

struct Measured
{
    QString path;
    std::shared_ptr<const RunRecord> record;
};

// Opens the demo pair in `w` and measures it (1 thread, optimized, 3 runs), the run saved in `folder`.
Measured measureDemoPair(MainWindow& w, const QString& folder)
{
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openPair(demo("demo_fp32.onnx"), demo("demo_int8_dynamic.onnx"));
    if (!loaded.wait(120000))
        return {};
    w.runsPanel()->setRunFolder(folder);
    w.runsPanel()->setSettings(1, 0, 3, 0, false);
    QSignalSpy finished(w.runsPanel(), &RunsPanel::runFinished);
    w.runsPanel()->startRun();
    if (!finished.wait(120000))
        return {};
    const QString path = finished.at(0).at(0).toString();
    const RunListModel* list = w.runsPanel()->runList();
    const RunEntry* e = list->entry(list->rowOfPath(path));
    return { path, e ? e->record : nullptr };
}

// Runs with the deployment-target tables looked for in an empty folder; `tables` names it.
Measured measureWithoutTables(MainWindow& w, const QTemporaryDir& dir, QString* tables)
{
    *tables = dir.filePath(QStringLiteral("no-tables"));
    QDir().mkpath(*tables);
    qputenv("QS_TARGETS_DIR", tables->toLocal8Bit());
    Measured m = measureDemoPair(w, dir.filePath(QStringLiteral("runs")));
    qunsetenv("QS_TARGETS_DIR");
    return m;
}

} // namespace

void TestRunWarnings::cleanup()
{
    m_german.remove();
}

void TestRunWarnings::missingTargetTablesReachTheUser()
{
    QTemporaryDir dir;
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QString tables;
    const Measured m = measureWithoutTables(w, dir, &tables);
    QVERIFY(m.record);
    QVERIFY2(!m.path.isEmpty(), "the run was not saved");

    // The record and the file keep it; its reason names the folder looked in.
    QCOMPARE(m.record->warnings.size(), size_t(1));
    const RunWarning& warning = m.record->warnings[0];
    QCOMPARE(warning.kind, std::string("target-tables"));
    QVERIFY2(QString::fromStdString(warning.message).contains(tables), warning.message.c_str());
    auto file = readRunFile(m.path.toStdString());
    QVERIFY(file);
    QCOMPARE(file->warnings.size(), size_t(1));
    QCOMPARE(file->warnings[0].message, warning.message);

    // The status bar says it when the run ends, and the Results tab (shown) lists it with the reason on hover.
    const QString status = w.statusBar()->currentMessage();
    QVERIFY2(status.contains(QStringLiteral("The run finished with a warning: No deployment-target summaries")),
        qPrintable(status));
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.resultsPanel()));
    ResultsPanel* results = w.resultsPanel();
    QVERIFY(results->warningsBar()->isVisible());
    const QList<QLabel*> lines = results->warningLabels();
    QCOMPARE(lines.size(), 1);
    QVERIFY(lines[0]->isVisible());
    QCOMPARE(lines[0]->text(), QStringLiteral("No deployment-target summaries: the target tables could not be read."));
    QCOMPARE(lines[0]->toolTip(), QString::fromStdString(warning.message));
    QVERIFY2(
        results->findChild<QLabel*>(QStringLiteral("runWarningsTitle"))->text().contains(QStringLiteral("1 warning")),
        "title");
    // Inside the window at 1366x768, and not cut: the line is as wide as its text needs (wrapped if not).
    QVERIFY(lines[0]->width() > 0 && lines[0]->height() >= lines[0]->heightForWidth(lines[0]->width()));

    // The run list marks the run and names the warning in its tooltip.
    const RunListModel* list = w.runsPanel()->runList();
    const QModelIndex row = list->index(list->rowOfPath(m.path));
    QVERIFY(!list->data(row, Qt::DecorationRole).isNull());
    QVERIFY2(list->data(row, Qt::ToolTipRole).toString().contains(lines[0]->text()),
        qPrintable(list->data(row, Qt::ToolTipRole).toString()));

    // Both reports: the Markdown's section is the engine's (the CLI's) in English, the PDF's first page lists it.
    const QString md = ReportMarkdown::build(*file);
    const std::string reason = std::get<std::string>(file->warnings[0].args.at("reason"));
    QVERIFY2(md.contains(QStringLiteral("## Warnings\n\nThe run went on without what these warnings name.\n\n- "
                                        "No deployment-target summaries: ")
                 + QString::fromStdString(reason) + QLatin1Char('\n')),
        qPrintable(md));
    const PdfReport::Summary summary = PdfReport::summarize(*file);
    QCOMPARE(summary.warnings.size(), 1);
    QVERIFY(summary.warnings[0].contains(QString::fromStdString(reason)));
    if (!havePdfToText())
        return; // the summary above is what the first page prints
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    const auto written = ReportExporter::writePdf(*file, {}, pdf);
    QCOMPARE(written.kind, ReportExporter::Outcome::Kind::Written);
    const QString first = pdfText(pdf).split(QLatin1Char('\f')).value(0).simplified();
    QVERIFY2(first.contains(QStringLiteral("Warnings: the run went on without what these name.")), qPrintable(first));
    QVERIFY2(first.contains(QStringLiteral("No deployment-target summaries:")), qPrintable(first));
    QVERIFY2(
        first.indexOf(QStringLiteral("Warnings:")) < first.indexOf(QStringLiteral("Key numbers")), qPrintable(first));
}

void TestRunWarnings::warningsInGerman()
{
    QVERIFY(m_german.install());
    QTemporaryDir dir;
    MainWindow w;
    w.show();
    QString tables;
    const Measured m = measureWithoutTables(w, dir, &tables);
    QVERIFY(m.record);
    const QList<QLabel*> lines = w.resultsPanel()->warningLabels();
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines[0]->text().startsWith(QStringLiteral("Keine")), qPrintable(lines[0]->text()));
    QVERIFY2(w.statusBar()->currentMessage().contains(lines[0]->text()), qPrintable(w.statusBar()->currentMessage()));
    const QString md = ReportMarkdown::build(*m.record);
    QVERIFY2(md.contains(QStringLiteral("## Warnungen\n")), qPrintable(md));
    QVERIFY2(!md.contains(QStringLiteral("No deployment-target summaries")), qPrintable(md));
}

void TestRunWarnings::runWithoutWarningsShowsNoBar()
{
    QTemporaryDir dir;
    MainWindow w;
    w.show();
    const Measured m = measureDemoPair(w, dir.filePath(QStringLiteral("runs")));
    QVERIFY(m.record);
    QVERIFY(m.record->warnings.empty());
    QVERIFY(!w.resultsPanel()->warningsBar()->isVisible());
    QVERIFY(w.resultsPanel()->warningLabels().isEmpty());
    QVERIFY(!ReportMarkdown::build(*m.record).contains(QStringLiteral("## Warnings")));
}

// At 1366x768 every line is taken from the charts: three at most, the last one standing for the rest (its tooltip
// lists them), an unknown kind by its message.
void TestRunWarnings::manyWarningsKeepTheBarShort()
{
    auto r = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY(r);
    for (int i = 0; i < 4; ++i)
        r->warnings.push_back({ "parity", "parity m" + std::to_string(i) + " vs base: no samples",
            { { "candidate", "m" + std::to_string(i) }, { "baseline", std::string("base") },
                { "reason", std::string("no samples") } } });
    r->warnings.push_back({ "model-cache", "a later version's warning", {} });
    ResultsPanel panel;
    panel.resize(1000, 700);
    panel.show();
    panel.setRun(std::make_shared<const RunRecord>(*r), {});
    QVERIFY(panel.warningsBar()->isVisible());
    const QList<QLabel*> lines = panel.warningLabels();
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0]->text(), QStringLiteral("Parity of m0 vs base was not checked."));
    QCOMPARE(lines[0]->toolTip(), QStringLiteral("parity m0 vs base: no samples"));
    QCOMPARE(lines[1]->text(), QStringLiteral("Parity of m1 vs base was not checked."));
    QCOMPARE(lines[2]->text(), QStringLiteral("(3 more: hover here, or see the report)"));
    for (const char* rest : { "Parity of m2 vs base", "Parity of m3 vs base", "a later version's warning" })
        QVERIFY2(lines[2]->toolTip().contains(QLatin1String(rest)), rest);
    QVERIFY(
        panel.findChild<QLabel*>(QStringLiteral("runWarningsTitle"))->text().contains(QStringLiteral("5 warnings")));
    // Another run without warnings: the bar goes.
    r->warnings.clear();
    panel.setRun(std::make_shared<const RunRecord>(*r), {});
    QVERIFY(!panel.warningsBar()->isVisible());
    QVERIFY(panel.warningLabels().isEmpty());
}

QS_UI_TEST_MAIN(TestRunWarnings)
#include "tst_run_warnings.moc"
