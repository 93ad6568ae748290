// SPDX-License-Identifier: MIT
// Parity in the GUI, on the demo FP32/INT8 pair: the Parity panel checks it on its worker thread (progress, cancel),
// the graph's "SQNR per layer" colouring carries exactly the engine's per-layer SQNR on both models of the pair, the
// worst layers' rows select their nodes, and the Results tab shows each output's pass/fail from a run file's parity
// entries and from the check made here.
#include "demo_pair.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "main_window.h"
#include "panels/parity_panel.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "ui_test_main.h"
#include "util/parity_table.h"

#include <quantscope/engine/parity.h>
#include <quantscope/engine/run_file.h>

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>

#include <cmath>
#include <map>

using namespace qs;
using namespace qs::ui;

namespace {

/// The engine's report for the pair, made directly (the truth the GUI must show).
ParityReport engineReport(const LoadResult& pair, const char* inputs)
{
    auto samples = loadSamples(*pair.primary->model, inputs);
    if (!samples)
        qFatal("samples: %s", samples.status().message().c_str());
    auto report = computeParity(pair.primary->model, pair.secondary->model, *samples, {});
    if (!report)
        qFatal("parity: %s", report.status().message().c_str());
    return *report;
}

/// Per node of `graph`, the lowest finite SQNR of the tensors it computes, from the report's layers and outputs.
std::map<NodeId, double> expectedSqnr(const ParityReport& r, const Graph& graph, bool candidate)
{
    std::map<NodeId, double> out;
    const auto add = [&](const std::string& tensor, double db) {
        const NodeId node = MetricOverlay::parityNode(graph, tensor);
        if (node == kNoNode || !std::isfinite(db))
            return;
        const auto [it, inserted] = out.emplace(node, db);
        if (!inserted)
            it->second = std::min(it->second, db);
    };
    for (const LayerParity& l : r.layers)
        add(candidate ? l.candidateTensor : l.referenceTensor, l.diff.sqnrDb);
    for (const OutputParity& o : r.outputs)
        add(candidate ? o.candidateName : o.name, o.diff.sqnrDb);
    return out;
}

QString resultCell(QTableWidget* table, int row)
{
    return table->item(row, ParityTable::Result)->text();
}

} // namespace

class TestParity : public QObject
{
    Q_OBJECT
private slots:
    void panelChecksOnItsWorkerAndListsWorstLayers();
    void cancelStopsTheCheck();
    void graphColoursBySqnrOnBothModels();
    void resultsShowPassAndFail();
    void runWithParityFitsALaptopScreen();
};

void TestParity::panelChecksOnItsWorkerAndListsWorstLayers()
{
    const auto pair = test::loadDemoPair();
    QVERIFY(pair);
    ParityPanel panel;
    QVERIFY(!panel.checkAction()->isEnabled()); // no pair yet
    const QString noPair = panel.verdictLabel()->text();
    panel.setModels(*pair);
    panel.setShownModel(pair->secondary);
    QVERIFY(panel.checkAction()->isEnabled());
    QVERIFY(panel.verdictLabel()->text() != noPair); // no longer asks for a pair
    panel.setInputs(QStringLiteral("random:2"));
    QSignalSpy changed(&panel, &ParityPanel::parityChanged);
    panel.check();
    QVERIFY(panel.isBusy()); // the event loop is free while the worker compares
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 60000);
    const ParityReport& r = *panel.result().report;
    const ParityReport truth = engineReport(*pair, "random:2");
    QCOMPARE(r.samples, 2);
    QCOMPARE(r.outputs.size(), truth.outputs.size());
    QCOMPARE(r.outputs[0].diff.sqnrDb, truth.outputs[0].diff.sqnrDb);
    QCOMPARE(r.layers.size(), truth.layers.size());
    QVERIFY(!r.layers.empty()); // the dynamic file keeps the float names

    // The verdict per output, judged by the stated rule.
    QTableWidget* outputs = panel.outputsTable();
    QCOMPARE(outputs->rowCount(), int(truth.outputs.size()));
    QCOMPARE(resultCell(outputs, 0), truth.outputs[0].pass ? QStringLiteral("pass") : QStringLiteral("fail"));
    QCOMPARE(outputs->item(0, ParityTable::Sqnr)->text(),
        QStringLiteral("%1 dB").arg(QLocale().toString(truth.outputs[0].diff.sqnrDb, 'f', 1)));

    // Worst layer first; its row names the INT8 model's node that computes it.
    QTableWidget* layers = panel.layersTable();
    QCOMPARE(layers->rowCount(), int(truth.layers.size()));
    QCOMPARE(layers->item(0, 0)->text(), QString::fromStdString(truth.layers[0].candidateTensor));
    const NodeId worst = MetricOverlay::parityNode(pair->secondary->model->graph(), truth.layers[0].candidateTensor);
    QVERIFY(worst != kNoNode);
    QSignalSpy requested(&panel, &ParityPanel::nodeRequested);
    layers->setCurrentCell(0, 0);
    QVERIFY(!requested.isEmpty());
    QCOMPARE(requested.last().at(0).value<NodeId>(), worst);
    // The FP32 side shown: the same row names the float node.
    panel.setShownModel(pair->primary);
    QCOMPARE(layers->item(0, 0)->text(), QString::fromStdString(truth.layers[0].referenceTensor));
}

void TestParity::cancelStopsTheCheck()
{
    const auto pair = test::loadDemoPair();
    QVERIFY(pair);
    ParityPanel panel;
    panel.setModels(*pair);
    panel.setInputs(QStringLiteral("random:256"));
    QSignalSpy changed(&panel, &ParityPanel::parityChanged);
    QSignalSpy status(&panel, &ParityPanel::statusMessage);
    panel.check();
    panel.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isBusy(), 60000);
    QCOMPARE(changed.count(), 0);
    QVERIFY(!panel.result().report);
    QVERIFY(!status.isEmpty());
    QVERIFY(status.last().at(0).toString().contains(QStringLiteral("cancelled")));
}

void TestParity::graphColoursBySqnrOnBothModels()
{
    const auto pair = test::loadDemoPair();
    QVERIFY(pair);
    const auto report = std::make_shared<const ParityReport>(engineReport(*pair, "random:2"));
    GraphPanel panel;
    panel.setResult(*pair, false);
    panel.showSide(1);
    panel.setParity(report, pair->primary->model, pair->secondary->model, true);
    auto* chooser = panel.findChild<QComboBox*>(QStringLiteral("overlayChooser"));
    QVERIFY(chooser);
    QCOMPARE(chooser->currentText(), QStringLiteral("SQNR per layer"));
    for (const int side : { 1, 0 }) {
        panel.showSide(side);
        QCOMPARE(chooser->currentText(), QStringLiteral("SQNR per layer")); // kept across the pair
        const LoadedModel& shown = side == 1 ? *pair->secondary : *pair->primary;
        const MetricOverlay& overlay = panel.scene()->overlay();
        QCOMPARE(overlay.unit(), QStringLiteral("dB"));
        QVERIFY(!overlay.higherIsWorse()); // low SQNR is the hot end
        const auto expected = expectedSqnr(*report, shown.model->graph(), side == 1);
        QVERIFY(expected.size() >= 5);
        for (const auto& [node, db] : expected)
            QCOMPARE(overlay.value(node).value_or(-1000), db);
        int coloured = 0;
        for (NodeId id = 0; id < NodeId(shown.model->graph().nodes().size()); ++id)
            coloured += overlay.value(id) ? 1 : 0;
        QCOMPARE(coloured, int(expected.size())); // nothing else is coloured
    }
    // Dropped with the check: back to the node categories.
    panel.setParity(nullptr, nullptr, nullptr);
    QVERIFY(chooser->findText(QStringLiteral("SQNR per layer")) < 0);
    QVERIFY(panel.scene()->overlay().isEmpty());
}

void TestParity::resultsShowPassAndFail()
{
    ResultsPanel results;
    // A run file's parity array (bench --parity): one output within the thresholds, one below.
    auto read = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY(read);
    auto run = std::make_shared<RunRecord>(std::move(*read));
    ParityRecord good;
    good.modelId = "demo_int8";
    good.reference = "demo_fp32";
    good.output = "output";
    good.sqnrDb = 31.2;
    good.cosineSimilarity = 0.9996;
    good.rmse = 0.01;
    good.pass = true;
    ParityRecord bad = good;
    bad.output = "boxes";
    bad.sqnrDb = 12.5;
    bad.cosineSimilarity = 0.97;
    bad.pass = false;
    run->parity = { good, bad };
    results.setRun(run, QString());
    QTableWidget* table = results.parityTable();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(resultCell(table, 0), QStringLiteral("pass"));
    QCOMPARE(resultCell(table, 1), QStringLiteral("fail"));
    QCOMPARE(table->item(1, ParityTable::Sqnr)->text(), QStringLiteral("12.5 dB"));

    // The check made here, after the run's rows; with no run shown, alone on the empty page.
    const auto pair = test::loadDemoPair();
    QVERIFY(pair);
    const auto report = std::make_shared<const ParityReport>(engineReport(*pair, "random:2"));
    results.setComputedParity(report);
    QCOMPARE(table->rowCount(), 3);
    const QString expected = report->outputs[0].pass ? QStringLiteral("pass") : QStringLiteral("fail");
    QCOMPARE(resultCell(table, 2), expected);
    results.setRun(nullptr, QString());
    QTableWidget* alone = results.parityTable();
    QVERIFY(alone != table);
    QCOMPARE(alone->rowCount(), 1);
    QCOMPARE(resultCell(alone, 0), expected);
    QCOMPARE(alone->item(0, ParityTable::Model)->text(), QString::fromStdString(report->candidateName));
}

// A run file with parity entries (bench --parity) shown beside a pair: the Results' parity table must not raise the
// window's minimum height beyond a 1366x768 screen (less frame, title bar and panel, as tst_small_screen allows).
void TestParity::runWithParityFitsALaptopScreen()
{
    auto read = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY(read);
    ParityRecord p;
    p.modelId = read->models.back().id;
    p.reference = read->models.front().id;
    p.output = "output";
    p.sqnrDb = 37.6;
    p.cosineSimilarity = 0.99992;
    p.rmse = 0.005;
    p.pass = true;
    read->parity = { p, p };
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("with_parity.json"));
    QVERIFY(writeRunFile(path.toStdString(), *read));
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openPair(QStringLiteral(QS_DEMO_DIR "/demo_fp32.onnx"), QStringLiteral(QS_DEMO_DIR "/demo_int8_dynamic.onnx"));
    QVERIFY(loaded.wait(60000));
    QSignalSpy selected(w.runsPanel(), &RunsPanel::runSelected);
    w.runsPanel()->openRunFiles({ path });
    QTRY_VERIFY_WITH_TIMEOUT(!selected.isEmpty(), 10000);
    qobject_cast<QTabWidget*>(w.centralWidget())->setCurrentWidget(w.resultsPanel());
    QTest::qWait(200);
    QTRY_COMPARE(w.resultsPanel()->parityTable()->rowCount(), 2);
    QVERIFY(w.resultsPanel()->parityTable()->isVisible());
    const QSize need = w.minimumSizeHint().expandedTo(w.minimumSize());
    QVERIFY2(need.height() <= 768 - 64 && need.width() <= 1366 - 16,
        qPrintable(QStringLiteral("minimum %1x%2").arg(need.width()).arg(need.height())));
}

QS_UI_TEST_MAIN(TestParity)
#include "tst_parity.moc"
