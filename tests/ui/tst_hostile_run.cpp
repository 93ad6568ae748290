// SPDX-License-Identifier: MIT
// Issue 19 in the GUI: a model that asks for a 4.0 TB tensor (ConstantOfShape of 10^6 x 10^6 floats, sizes worked out
// by hand) fails its scenario with the engine's message naming the node and the size; the application keeps running,
// the run file records the failure, and the next run of a good model on the same panel measures normally.
#include "models/run_list_model.h"
#include "panels/runs_panel.h"
#include "ui_test_main.h"
#include "workers/benchmark_controller.h"
#include "workers/loaded_model.h"

#include <quantscope/engine/run_file.h>

#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <onnx_builder.h>

using namespace qs;
using namespace qs::ui;

class TestHostileRun : public QObject
{
    Q_OBJECT
private slots:
    void hugeTensorFailsTheScenarioAndTheGuiCarriesOn();
};

void TestHostileRun::hugeTensorFailsTheScenarioAndTheGuiCarriesOn()
{
    QTemporaryDir dir;
    const QString hugePath = dir.filePath(QStringLiteral("huge_fill.onnx"));
    {
        using namespace qs::test;
        ModelBuilder m(13);
        // x is an input so the benchmark has something to feed; y = ConstantOfShape([10^6, 10^6]) is 4.0 TB of floats.
        m.graph().input("x", onnx::TensorProto_DataType_FLOAT, { 1 });
        m.graph().rawInitializer(
            "shape", onnx::TensorProto_DataType_INT64, { 2 }, std::vector<int64_t> { 1000000, 1000000 });
        m.graph().node("ConstantOfShape", { "shape" }, { "y" }, "huge_fill");
        m.graph().node("Identity", { "x" }, { "x_out" }, "pass_x");
        m.graph().output("y", onnx::TensorProto_DataType_FLOAT);
        m.graph().output("x_out", onnx::TensorProto_DataType_FLOAT);
        m.save(hugePath.toStdString());
    }
    auto huge = loadAndLayout(hugePath, {});
    QVERIFY2(huge.isOk(), huge.status().toString().c_str()); // loading is fine: the size is only asked for at a run

    RunsPanel panel;
    panel.setRunFolder(dir.path());
    LoadResult models;
    models.primary = *huge;
    panel.setModels(models);
    panel.setSettings(1, 1, 3, 0, false);
    QSignalSpy finished(&panel, &RunsPanel::runFinished);
    panel.startRun();
    QVERIFY(finished.wait(120000));
    QVERIFY(!panel.controller()->isBusy());
    auto record = readRunFile(finished.at(0).at(0).toString().toStdString());
    QVERIFY(record);
    QCOMPARE(record->scenarios.size(), size_t(1));
    const ScenarioRecord& s = record->scenarios[0];
    QCOMPARE(s.status, ScenarioStatus::Failed);
    QVERIFY(s.latenciesMs.empty());
    QVERIFY2(s.error.find("'huge_fill' (ConstantOfShape)") != std::string::npos, s.error.c_str());
    QVERIFY2(s.error.find("4.0 TB") != std::string::npos, s.error.c_str());
    // The Runs list marks the run as failed and carries the message for its tooltip.
    const int row = panel.runList()->rowOfPath(finished.at(0).at(0).toString());
    QVERIFY(row >= 0);
    const QModelIndex index = panel.runList()->index(row);
    QCOMPARE(panel.runList()->data(index, RunListModel::StatusRole).toString(), QStringLiteral("failed"));
    QVERIFY(RunListModel::errorText(*panel.runList()->entry(row)->record).contains(QStringLiteral("huge_fill")));

    // The same panel, the next model: measured as usual.
    auto demo = loadAndLayout(QStringLiteral(QS_DEMO_DIR "/demo_fp32.onnx"), {});
    QVERIFY(demo.isOk());
    LoadResult good;
    good.primary = *demo;
    panel.setModels(good);
    panel.startRun();
    QVERIFY(finished.wait(120000));
    auto second = readRunFile(finished.at(1).at(0).toString().toStdString());
    QVERIFY(second);
    QCOMPARE(second->scenarios.at(0).status, ScenarioStatus::Ok);
    QCOMPARE(second->scenarios.at(0).latenciesMs.size(), size_t(3));
}

QS_UI_TEST_MAIN(TestHostileRun)
#include "tst_hostile_run.moc"
