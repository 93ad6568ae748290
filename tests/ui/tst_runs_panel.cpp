// SPDX-License-Identifier: MIT
// The Runs panel and its benchmark thread: real runs of the demo pair saved as run files, Cancel keeping partial
// results, stale jobs dropped, and bad run files reported by name without a crash.
#include "demo_pair.h"
#include "models/run_list_model.h"
#include "panels/runs_panel.h"
#include "ui_test_main.h"
#include "workers/benchmark_controller.h"

#include <quantscope/engine/run_file.h>

#include <QAction>
#include <QFile>
#include <QListView>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace qs;
using namespace qs::ui;

class TestRunsPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void badVersionNamesFileAndProblem();
    void truncatedFileNamesFileAndProblem();
    void missingFileNamesFile();
    void goodFileIsListedOnce();
    void folderScanSkipsBadFiles();
    void runDemoPairSavesRunFile();
    void cancelKeepsPartialResults();
    void staleJobIsDropped();
    void deleteRemovesFromListOnly();

private:
    LoadResult m_pair;
    QString crafted() const
    {
        return QString::fromStdString((qs::test::testDataDir() / "runs" / "crafted_pair.json").string());
    }
};

namespace {
struct FailedOpen
{
    QString path, message;
};

FailedOpen openAndFail(RunsPanel& panel, const QString& path)
{
    QSignalSpy failed(&panel, &RunsPanel::runFileFailed);
    panel.openRunFiles({ path });
    if (!failed.wait(10000))
        return {};
    return { failed.at(0).at(0).toString(), failed.at(0).at(1).toString() };
}
} // namespace

void TestRunsPanel::initTestCase()
{
    const auto pair = test::loadDemoPair();
    QVERIFY(pair);
    m_pair = *pair;
}

void TestRunsPanel::badVersionNamesFileAndProblem()
{
    RunsPanel panel;
    const QString path = QString::fromStdString((qs::test::testDataDir() / "runs" / "bad_version.json").string());
    const FailedOpen f = openAndFail(panel, path);
    QCOMPARE(f.path, path);
    QVERIFY2(f.message.contains(QStringLiteral("bad_version.json")), qPrintable(f.message));
    QVERIFY(f.message.contains(QStringLiteral("version 2.0 is not supported")));
    QVERIFY(panel.errorDialog());
    QVERIFY(panel.errorDialog()->text().contains(path));
    QCOMPARE(panel.errorDialog()->informativeText(), f.message);
    QCOMPARE(panel.runList()->rowCount(), 0);
}

void TestRunsPanel::truncatedFileNamesFileAndProblem()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cut.json"));
    QFile in(crafted());
    QVERIFY(in.open(QIODevice::ReadOnly));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(in.readAll().left(900)); // a write interrupted halfway
    out.close();
    RunsPanel panel;
    const FailedOpen f = openAndFail(panel, path);
    QVERIFY2(f.message.contains(QStringLiteral("cut.json")), qPrintable(f.message));
    QVERIFY2(f.message.contains(QStringLiteral("truncated")), qPrintable(f.message));
    QCOMPARE(panel.runList()->rowCount(), 0);
}

void TestRunsPanel::missingFileNamesFile()
{
    RunsPanel panel;
    const FailedOpen f = openAndFail(panel, QStringLiteral("/nonexistent/run.json"));
    QVERIFY2(f.message.contains(QStringLiteral("/nonexistent/run.json")), qPrintable(f.message));
}

void TestRunsPanel::goodFileIsListedOnce()
{
    RunsPanel panel;
    QSignalSpy selected(&panel, &RunsPanel::runSelected);
    panel.openRunFiles({ crafted() });
    QVERIFY(selected.wait(10000));
    QCOMPARE(panel.runList()->rowCount(), 1);
    panel.openRunFiles({ crafted() });
    QVERIFY(selected.wait(10000));
    QCOMPARE(panel.runList()->rowCount(), 1);
    const auto record = selected.last().at(0).value<std::shared_ptr<const RunRecord>>();
    QVERIFY(record);
    QCOMPARE(record->scenarios.size(), size_t(2));
    QVERIFY(
        RunListModel::describe(*panel.runList()->entry(0)).contains(QStringLiteral("crafted_fp32 vs crafted_int8")));
}

void TestRunsPanel::folderScanSkipsBadFiles()
{
    QTemporaryDir dir;
    QVERIFY(QFile::copy(crafted(), dir.filePath(QStringLiteral("a.json"))));
    QFile bad(dir.filePath(QStringLiteral("b.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"hello\": 1}");
    bad.close();
    RunsPanel panel;
    QSignalSpy status(&panel, &RunsPanel::statusMessage);
    panel.setRunFolder(dir.path());
    QTRY_COMPARE_WITH_TIMEOUT(panel.runList()->rowCount(), 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!status.isEmpty(), 10000);
    QVERIFY(status.last().at(0).toString().contains(QStringLiteral("b.json")));
    QVERIFY(!panel.errorDialog()); // a scan does not pop up dialogs
}

void TestRunsPanel::runDemoPairSavesRunFile()
{
    QTemporaryDir dir;
    RunsPanel panel;
    panel.setRunFolder(dir.path());
    panel.setModels(m_pair);
    panel.setSettings(1, 1, 5, 0, true);
    QSignalSpy finished(&panel, &RunsPanel::runFinished);
    QSignalSpy progress(panel.controller(), &BenchmarkController::progressChanged);
    panel.startRun();
    QVERIFY(panel.controller()->isBusy());
    QVERIFY(finished.wait(120000));
    QVERIFY(!progress.isEmpty()); // the event loop kept running while the worker measured
    const QString path = finished.at(0).at(0).toString();
    QVERIFY2(path.startsWith(dir.path()), qPrintable(path));
    auto record = readRunFile(path.toStdString());
    QVERIFY(record);
    // What was asked for: two models, 1 thread, optimized, 1 warm-up, 5 measured runs each, profiled.
    QCOMPARE(record->scenarios.size(), size_t(2));
    for (const ScenarioRecord& s : record->scenarios) {
        QCOMPARE(s.status, ScenarioStatus::Ok);
        QCOMPARE(s.latenciesMs.size(), size_t(5));
        QCOMPARE(s.threads, 1);
        QCOMPARE(s.mode, ExecutionMode::Optimized);
        QVERIFY(s.profile.has_value());
    }
    QCOMPARE(record->config.warmupRuns, int64_t(1));
    // resources/demo/README.md: 21 nodes in the FP32 model, 62 in the INT8 one.
    QCOMPARE(record->model("demo_fp32")->nodeCount, int64_t(21));
    QCOMPARE(record->model("demo_int8_dynamic")->nodeCount, int64_t(62));
    // The list shows the saved file, and the record it holds is the file's.
    QCOMPARE(panel.runList()->rowCount(), 1);
    QCOMPARE(panel.runList()->entry(0)->path, path);
    QCOMPARE(panel.runList()->entry(0)->record->scenarios[1].latenciesMs, record->scenarios[1].latenciesMs);
}

void TestRunsPanel::cancelKeepsPartialResults()
{
    QTemporaryDir dir;
    RunsPanel panel;
    panel.setRunFolder(dir.path());
    panel.setModels(m_pair);
    panel.setModelChecked(1, false);
    panel.setSettings(1, 0, 1000000, 0, false);
    QSignalSpy finished(&panel, &RunsPanel::runFinished);
    QSignalSpy progress(panel.controller(), &BenchmarkController::progressChanged);
    panel.startRun();
    // Wait until a few runs were measured (not just the phase start), then cancel from the GUI thread.
    const auto measured = [&] {
        if (progress.isEmpty())
            return false;
        const auto m = QRegularExpression(QStringLiteral("measuring (\\d+)/")).match(progress.last().at(2).toString());
        return m.hasMatch() && m.captured(1).toLongLong() >= 3;
    };
    QTRY_VERIFY_WITH_TIMEOUT(measured(), 60000);
    panel.cancelRun();
    QVERIFY(finished.wait(30000));
    QVERIFY(!panel.controller()->isBusy());
    auto record = readRunFile(finished.at(0).at(0).toString().toStdString());
    QVERIFY(record);
    QVERIFY(record->partial);
    QCOMPARE(record->scenarios.size(), size_t(1));
    QCOMPARE(record->scenarios[0].status, ScenarioStatus::Partial);
    QVERIFY(!record->scenarios[0].latenciesMs.empty());
    QVERIFY(record->scenarios[0].latenciesMs.size() < size_t(1000000));
}

void TestRunsPanel::staleJobIsDropped()
{
    QTemporaryDir dir;
    BenchmarkController controller;
    BenchmarkRequest slow;
    slow.plan.models = { m_pair.primary->model };
    slow.plan.config.warmupRuns = 0;
    slow.plan.config.runs = 1000000;
    slow.plan.profile = false;
    slow.outputFolder = dir.path();
    BenchmarkRequest quick = slow;
    quick.plan.config.runs = 3;
    QSignalSpy ready(&controller, &BenchmarkController::resultReady);
    controller.start(slow);
    QTest::qWait(200);
    controller.start(quick); // cancels the slow job; whatever it returns carries a stale id
    QVERIFY(ready.wait(60000));
    QTest::qWait(300);
    QCOMPARE(ready.size(), 1);
    const auto record = ready.at(0).at(0).value<std::shared_ptr<const RunRecord>>();
    QCOMPARE(record->config.runs, int64_t(3));
    QCOMPARE(record->scenarios.at(0).latenciesMs.size(), size_t(3));
    QVERIFY(!record->partial);
}

void TestRunsPanel::deleteRemovesFromListOnly()
{
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.json"));
    const QString b = dir.filePath(QStringLiteral("b.json"));
    QVERIFY(QFile::copy(crafted(), a) && QFile::copy(crafted(), b));
    RunsPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    QSignalSpy selected(&panel, &RunsPanel::runSelected);
    panel.openRunFiles({ a, b });
    QTRY_COMPARE_WITH_TIMEOUT(panel.runList()->rowCount(), 2, 10000);
    auto* list = panel.findChild<QListView*>(QStringLiteral("runList"));
    QVERIFY(list);
    list->setCurrentIndex(panel.runList()->index(0));
    const QString first = panel.runList()->entry(0)->path;
    const QString second = panel.runList()->entry(1)->path;
    list->setFocus();
    selected.clear();
    QTest::keyClick(list, Qt::Key_Delete); // the list's Delete shortcut
    QCOMPARE(panel.runList()->rowCount(), 1);
    QCOMPARE(panel.runList()->entry(0)->path, second);
    QVERIFY(QFile::exists(first)); // only the list forgets it
    QVERIFY(!selected.isEmpty()); // the neighbour is shown instead
    QCOMPARE(selected.last().at(1).toString(), second);
    panel.removeRunAction()->trigger();
    QCOMPARE(panel.runList()->rowCount(), 0);
    QVERIFY(!selected.last().at(0).value<std::shared_ptr<const RunRecord>>()); // nothing left to show
    QVERIFY(QFile::exists(second));
}

QS_UI_TEST_MAIN(TestRunsPanel)
#include "tst_runs_panel.moc"
