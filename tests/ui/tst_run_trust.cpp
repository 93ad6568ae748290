// SPDX-License-Identifier: MIT
// Issue 16, "Trust": two different networks get no verdict (and Compare Anyway overrides it), a failed run looks
// failed (Runs list, progress text, verdict, charts), input shapes are asked per model at load time with the model's
// own input names and never carried to another model, and the verdict follows the Setting selector. The models with
// free dimensions are built here (tests/support/onnx_builder.h); the runs are crafted with known values.
#include "graph/graph_panel.h"
#include "main_window.h"
#include "models/run_list_model.h"
#include "panels/input_shape_dialog.h"
#include "panels/report_panel.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "screenshot_settings.h"
#include "ui_test_main.h"
#include "workers/benchmark_controller.h"
#include "workers/loaded_model.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/run_file.h>

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTranslator>

#include <onnx_builder.h>

using namespace qs;
using namespace qs::ui;

class TestRunTrust : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void freeDimensionsAreAskedPerModel();
    void shapeForAnotherModelIsRefusedBeforeRunning();
    void failedRunLooksFailed();
    void differentNetworksRefusedThenComparedAnyway();
    void verdictFollowsSetting();
    void staleStateAndShortcuts();
    void screenshots();

private:
    QTemporaryDir m_dir;
    QString m_freeModel; ///< x[N, 3, H, W] -> Relu
    QString m_addModel; ///< x[N, 4] + b[4]: a width other than 4 cannot broadcast
    QString m_fixedModel; ///< tests/data/valid/add_relu.onnx, x[1x4]
};

namespace {
LoadResult load(const QString& path)
{
    auto m = loadAndLayout(path, {});
    if (!m)
        qWarning() << QString::fromStdString(m.status().toString());
    LoadResult r;
    r.primary = m ? *m : nullptr;
    return r;
}

// Two ModelRecords with the signatures of two different networks and identical inputs and outputs.
RunRecord mismatchedRun(int settings)
{
    RunRecord r;
    r.createdUtc = "2026-11-26T12:00:00Z";
    ModelRecord b, q;
    b.id = "net_a_fp32";
    b.format = qs::QuantFormat::Fp32;
    q.id = "net_b_int8";
    q.format = qs::QuantFormat::Qdq;
    b.network
        = NetworkSignature { { "input[1x3x224x224]" }, { "output[1x1000]" }, { "Conv 64x3x7x7", "Gemm 1000x512" }, {} };
    q.network = NetworkSignature { { "input[1x3x224x224]" }, { "output[1x1000]" },
        { "Conv 16x3x3x3", "Conv 8x16x1x1", "Gemm 1000x1280" }, {} };
    r.models = { b, q };
    r.config.threads = { 1 };
    r.config.modes = { qs::ExecutionMode::Optimized };
    r.config.runs = 10;
    const auto scenario = [](const std::string& model, qs::ExecutionMode mode, double base) {
        ScenarioRecord s;
        s.modelId = model;
        s.mode = mode;
        for (int i = 0; i < 10; ++i)
            s.latenciesMs.push_back(base + 0.1 * (i % 3));
        computeScenarioStatistics(s);
        return s;
    };
    r.scenarios
        = { scenario(b.id, qs::ExecutionMode::Optimized, 10), scenario(q.id, qs::ExecutionMode::Optimized, 12) };
    if (settings == 2) {
        r.config.modes.push_back(qs::ExecutionMode::AsWritten);
        r.scenarios.push_back(scenario(b.id, qs::ExecutionMode::AsWritten, 30));
        r.scenarios.push_back(scenario(q.id, qs::ExecutionMode::AsWritten, 15));
    }
    return r;
}
} // namespace

void TestRunTrust::initTestCase()
{
    QVERIFY(m_dir.isValid());
    {
        qs::test::ModelBuilder mb;
        mb.graph().input("x", onnx::TensorProto_DataType_FLOAT, { "N", 3, "H", "W" });
        mb.graph().output("y", onnx::TensorProto_DataType_FLOAT);
        mb.graph().node("Relu", { "x" }, { "y" }, "relu");
        m_freeModel = m_dir.filePath(QStringLiteral("free_hw.onnx"));
        mb.save(m_freeModel.toStdString());
    }
    {
        qs::test::ModelBuilder mb;
        mb.graph().input("x", onnx::TensorProto_DataType_FLOAT, { "N", 4 });
        mb.graph().output("y", onnx::TensorProto_DataType_FLOAT);
        mb.graph().floatInitializer("b", { 4 }, { 1, 2, 3, 4 });
        mb.graph().node("Add", { "x", "b" }, { "y" }, "add");
        m_addModel = m_dir.filePath(QStringLiteral("free_batch_add.onnx"));
        mb.save(m_addModel.toStdString());
    }
    m_fixedModel = QString::fromStdString((qs::test::testDataDir() / "valid" / "add_relu.onnx").string());
}

void TestRunTrust::freeDimensionsAreAskedPerModel()
{
    RunsPanel panel;
    panel.setRunFolder(m_dir.filePath(QStringLiteral("runs")));
    const LoadResult free = load(m_freeModel);
    QVERIFY(free.primary);
    QVERIFY(RunsPanel::rememberedShapes(m_freeModel).isEmpty());
    panel.setModels(free);
    // Asked at load time, with the model's own input name and a default: batch 1, height and width 224.
    InputShapeDialog* dialog = panel.inputShapeDialog();
    QVERIFY(dialog);
    QCOMPARE(dialog->shapes(), QStringList { QStringLiteral("x=1x3x224x224") });
    QCOMPARE(panel.inputShapesText(), QStringLiteral("x=1x3x224x224"));
    if (const QByteArray dir = qgetenv("QS_UI_SCREENSHOT_DIR"); !dir.isEmpty()) {
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        dialog->grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("input_shapes_dialog.png")));
    }
    dialog->setShape(QStringLiteral("x"), QStringLiteral("1x3x48x320"));
    dialog->accept();
    QCOMPARE(panel.inputShapesText(), QStringLiteral("x=1x3x48x320"));
    QCOMPARE(RunsPanel::rememberedShapes(m_freeModel), QStringList { QStringLiteral("x=1x3x48x320") });

    // Another model: nothing carried over, nothing asked (its shapes are fixed).
    panel.setModels(load(m_fixedModel));
    QCOMPARE(panel.inputShapesText(), QString());
    QTRY_VERIFY(!panel.inputShapeDialog());

    // Back to the first: its own shapes, remembered, without asking again.
    panel.setModels(load(m_freeModel));
    QCOMPARE(panel.inputShapesText(), QStringLiteral("x=1x3x48x320"));
    QVERIFY(!panel.inputShapeDialog());
}

void TestRunTrust::shapeForAnotherModelIsRefusedBeforeRunning()
{
    RunsPanel panel;
    panel.setModels(load(m_fixedModel));
    panel.setInputShapesText(QStringLiteral("images=1x3x640x640"));
    BenchmarkRequest request;
    QString error;
    QVERIFY(!panel.buildRequest(request, &error));
    QVERIFY2(error.contains(QStringLiteral("'images' is not an input of the chosen models")), qPrintable(error));
}

void TestRunTrust::failedRunLooksFailed()
{
    QTemporaryDir runs;
    RunsPanel panel;
    panel.setRunFolder(runs.path());
    const LoadResult model = load(m_addModel);
    QVERIFY(model.primary);
    panel.setModels(model);
    if (panel.inputShapeDialog())
        panel.inputShapeDialog()->reject();
    // Width 5 cannot be added to b[4]: the user's shape is at fault, and the message must say which was given.
    panel.setInputShapesText(QStringLiteral("x=1x5"));
    panel.setSettings(1, 0, 2, 0, true);
    QSignalSpy finished(&panel, &RunsPanel::runFinished);
    panel.startRun();
    QVERIFY(finished.wait(60000));
    QCOMPARE(panel.runList()->rowCount(), 1);
    const QModelIndex row = panel.runList()->index(0);
    QCOMPARE(row.data(RunListModel::StatusRole).toString(), QStringLiteral("failed"));
    QVERIFY2(
        row.data().toString().contains(QStringLiteral("FAILED (1 of 1 scenarios)")), qPrintable(row.data().toString()));
    QVERIFY(!row.data(Qt::DecorationRole).isNull());
    const RunRecord& record = *panel.runList()->entry(0)->record;
    QCOMPARE(record.scenarios.at(0).status, ScenarioStatus::Failed);
    const QString error = QString::fromStdString(record.scenarios.at(0).error);
    QVERIFY2(error.contains(QStringLiteral("with the input shapes given: x=1x5")), qPrintable(error));
    // The engine's message in full, in the tooltip and under the Run button; never "Done".
    QVERIFY(row.data(Qt::ToolTipRole).toString().contains(error));
    auto* progress = panel.findChild<QLabel*>(QStringLiteral("progressText"));
    QVERIFY(progress);
    QVERIFY2(progress->text().startsWith(QStringLiteral("Failed")), qPrintable(progress->text()));
    QVERIFY(progress->text().contains(error));
    QVERIFY(!progress->text().contains(QStringLiteral("Done")));
    QVERIFY(panel.errorDialog());

    // The Results tab blames the run, not the pair, and no chart pretends the run was merely not profiled.
    ResultsPanel results;
    results.setRun(panel.runList()->entry(0)->record, panel.runList()->entry(0)->path);
    QVERIFY2(results.verdictText().contains(QStringLiteral("the run failed")), qPrintable(results.verdictText()));
    QVERIFY(results.verdictText().contains(error));
    QVERIFY(!results.verdictText().contains(QStringLiteral("needs an FP32 and a quantized model")));
    const QString opTime = results.opTimeView()->chart()->title();
    QVERIFY2(!opTime.contains(QStringLiteral("not profiled")), qPrintable(opTime));
    QVERIFY(opTime.contains(QStringLiteral("failed")));
}

void TestRunTrust::differentNetworksRefusedThenComparedAnyway()
{
    QTemporaryDir dir;
    RunRecord r = mismatchedRun(1);
    r.comparisons = compareModels(r);
    r.findings = diagnoseRun(r);
    QVERIFY(r.comparisons.empty());
    const QString path = dir.filePath(QStringLiteral("mismatch.json"));
    QVERIFY(writeRunFile(path.toStdString(), r));

    RunsPanel panel;
    panel.setRunFolder(dir.filePath(QStringLiteral("empty")));
    QSignalSpy opened(&panel, &RunsPanel::runOpened);
    QSignalSpy selected(&panel, &RunsPanel::runSelected);
    panel.openRunFiles({ path });
    QVERIFY(opened.wait(10000));
    QVERIFY(panel.compareAnywayAction()->isEnabled());

    ResultsPanel results;
    results.setRun(panel.runList()->entry(0)->record, path);
    QVERIFY2(results.verdictText().contains(QStringLiteral("net_a_fp32 and net_b_int8 are not the same network")),
        qPrintable(results.verdictText()));
    auto* button = results.findChild<QPushButton*>(QStringLiteral("compareAnywayButton"));
    QVERIFY(button && !button->isHidden());
    QVERIFY(results.findingsText().contains(QStringLiteral("net_a_fp32 has 1 Conv layers, net_b_int8 has 2")));

    connect(&results, &ResultsPanel::compareAnywayRequested, &panel, &RunsPanel::compareAnyway);
    selected.clear();
    button->click();
    QVERIFY(!selected.isEmpty());
    const auto record = panel.runList()->entry(0)->record;
    QCOMPARE(record->comparisons.size(), size_t(1));
    QVERIFY(!panel.compareAnywayAction()->isEnabled());
    // Saved: the file says the user asked.
    auto back = readRunFile(path.toStdString());
    QVERIFY(back);
    QVERIFY(back->config.allowDifferentNetworks);
    QCOMPARE(back->comparisons.size(), size_t(1));
    results.setRun(record, path);
    QVERIFY2(results.verdictText().contains(QStringLiteral("INT8 is")), qPrintable(results.verdictText()));
    QVERIFY(button->isHidden());
}

void TestRunTrust::verdictFollowsSetting()
{
    RunRecord r = mismatchedRun(2);
    r.models[1].network = r.models[0].network; // the same network now
    r.comparisons = compareModels(r);
    r.findings = diagnoseRun(r);
    QCOMPARE(r.comparisons.size(), size_t(2));
    ResultsPanel results;
    results.setRun(std::make_shared<const RunRecord>(r), QString());
    QCOMPARE(results.groupCount(), 2);
    // Latencies base + 0.1 * (i % 3) for i < 10: four at base, three at +0.1, three at +0.2, median base + 0.1.
    // Optimized: INT8 12.1 ms vs FP32 10.1 ms -> slower. As written: FP32 30.1 / INT8 15.1 = 1.993 -> "1.99x faster".
    results.setGroup(0);
    QVERIFY2(results.verdictText().contains(QStringLiteral("slower")), qPrintable(results.verdictText()));
    QVERIFY(results.verdictText().contains(QStringLiteral("optimized")));
    results.setGroup(1);
    QVERIFY2(results.verdictText().contains(QStringLiteral("INT8 is 1.99x faster")), qPrintable(results.verdictText()));
    QVERIFY(results.verdictText().contains(QStringLiteral("as-written")));
}

// Items 12 and 13: no panel keeps the previous model's state, the status bar describes the graph on screen, Alt+G
// works on the Results tab, Open Recent remembers a pair as a pair.
void TestRunTrust::staleStateAndShortcuts()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QSignalSpy opened(w.runsPanel(), &RunsPanel::runOpened);
    w.runsPanel()->openRunFiles(
        { QString::fromStdString((qs::test::testDataDir() / "runs" / "crafted_pair.json").string()) });
    QVERIFY(opened.wait(10000));
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.resultsPanel()));
    QVERIFY(w.resultsPanel()->run());
    // Alt+G clashed with the "Colour &Graph by Time" button's mnemonic on this tab.
    QTest::keyClick(&w, Qt::Key_G, Qt::AltModifier);
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.graphPanel()));

    // Opening a pair the shown run is not about: results and report are cleared, not left from before.
    const QString dir = QStringLiteral(QS_DEMO_DIR);
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openPair(dir + QStringLiteral("/demo_fp32.onnx"), dir + QStringLiteral("/demo_int8_dynamic.onnx"));
    QVERIFY(loaded.wait(120000));
    QVERIFY(!w.resultsPanel()->run());
    QVERIFY2(!w.reportPanel()->previewText().contains(QStringLiteral("crafted")),
        qPrintable(w.reportPanel()->previewText()));
    // resources/demo/README.md: 21 nodes in the FP32 model, 62 in the INT8 one.
    auto* label = w.statusBar()->findChild<QLabel*>(QStringLiteral("modelLabel"));
    QVERIFY(label);
    w.graphPanel()->showSide(0);
    QVERIFY2(label->text().contains(QStringLiteral("21 nodes")), qPrintable(label->text()));
    QVERIFY(label->text().contains(QStringLiteral("demo_fp32")));
    w.graphPanel()->showSide(1);
    QVERIFY2(label->text().contains(QStringLiteral("62 nodes")), qPrintable(label->text()));
    QVERIFY(label->text().contains(QStringLiteral("demo_int8_dynamic")));
    // Open Recent: the pair is one entry that opens both.
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    QVERIFY(!recent.isEmpty());
    QVERIFY2(recent.front().contains(QLatin1Char('\n')), qPrintable(recent.front()));
    QVERIFY(recent.front().endsWith(QStringLiteral("demo_int8_dynamic.onnx")));
}

// For the walkthrough (../shared/design/GUI-WALKTHROUGH.md): the refused pair, the failed run and a good run on the
// Results tab at 1920x1080 and 1366x768, in English and German, written to $QS_UI_SCREENSHOT_DIR.
void TestRunTrust::screenshots()
{
    const QString dir = qs::test::screenshotDir();
    if (dir.isEmpty())
        QSKIP("set QS_UI_SCREENSHOT_DIR to write screenshots");
    QTemporaryDir runs;
    RunRecord mismatch = mismatchedRun(2);
    mismatch.comparisons = compareModels(mismatch);
    mismatch.findings = diagnoseRun(mismatch);
    QVERIFY(writeRunFile(runs.filePath(QStringLiteral("mismatch.json")).toStdString(), mismatch));
    RunRecord failed = mismatchedRun(1);
    failed.models[1].network = failed.models[0].network;
    failed.scenarios[1].status = ScenarioStatus::Failed;
    failed.scenarios[1].latenciesMs.clear();
    computeScenarioStatistics(failed.scenarios[1]); // no samples, no statistics (the reader checks)
    failed.scenarios[1].error = "invalid model: node 'add' (Add): shapes [1x5] and [4] cannot be broadcast (with the "
                                "input shapes given: x=1x5; they may not fit this model)";
    failed.config.profile = true;
    failed.createdUtc = "2026-11-26T12:05:00Z";
    failed.comparisons = compareModels(failed);
    failed.findings = diagnoseRun(failed);
    QVERIFY(writeRunFile(runs.filePath(QStringLiteral("failed.json")).toStdString(), failed));
    const QString good = QString::fromStdString((qs::test::testDataDir() / "runs" / "crafted_pair.json").string());

    const bool translated = qs::test::forEachScreenshotSetting(
        QStringLiteral(QS_GERMAN_QM), [&](const char* lang, QSize size) {
            MainWindow w;
            w.resize(size);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QSignalSpy opened(w.runsPanel(), &RunsPanel::runOpened);
            w.runsPanel()->setRunFolder(runs.filePath(QStringLiteral("none")));
            w.runsPanel()->openRunFiles(
                { runs.filePath(QStringLiteral("mismatch.json")), runs.filePath(QStringLiteral("failed.json")), good });
            QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 3, 10000);
            if (auto* d = w.findChild<QDockWidget*>(QStringLiteral("RunsDock"))) {
                d->show();
                d->raise();
            }
            for (int row = 0; row < 3; ++row) {
                w.runsPanel()->selectRow(row);
                w.centralTabs()->setCurrentWidget(w.resultsPanel());
                QTest::qWait(300);
                const QString name = QStringLiteral("trust_%1_%2x%3_row%4.png")
                                         .arg(QLatin1String(lang))
                                         .arg(size.width())
                                         .arg(size.height())
                                         .arg(row);
                QVERIFY(w.grab().save(QDir(dir).filePath(name)));
            }
        });
    QVERIFY(translated);
}

QS_UI_TEST_MAIN(TestRunTrust)
#include "tst_run_trust.moc"
