// SPDX-License-Identifier: MIT
// The main window end to end: background loading, properties panel, pair mode, errors keep the previous model.
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "main_window.h"
#include "models/compare_stats_model.h"
#include "models/run_list_model.h"
#include "panels/compare_panel.h"
#include "panels/operators_panel.h"
#include "panels/properties_panel.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "panels/summary_panel.h"
#include "ui_test_main.h"
#include "workers/load_controller.h"

#include <QDockWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QUrl>

using namespace qs;
using namespace qs::ui;

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void opensModelInBackground();
    void propertiesShowScaleValue();
    void propertiesShowZeroPoint();
    void malformedFileKeepsPreviousModel();
    void staleJobsAreDropped();
    void pairOpensFloatFirst();
    void cancelDropsTheResult();
    void dropOpensFile();
    void relayoutKeepsModel();
    void runProfileColoursGraph();
    void dropRunFilesOpensThem();
    void compareShortcuts();
};

namespace {
/// Nodes in the model the graph shows (constants are folded into their consumers, so fewer are drawn).
size_t shownModelNodes(MainWindow& w)
{
    const auto model = w.graphPanel()->scene()->model();
    return model ? model->model->graph().nodes().size() : 0;
}

bool openAndWait(MainWindow& w, const QString& path)
{
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openFile(path);
    return loaded.wait(120000);
}

// Independent of the UI's own lookup: the engine's initializer, or a Constant node's tensor attribute.
const Tensor* constantOf(const Graph& g, ValueId v)
{
    if (const Tensor* t = g.constantData(v))
        return t;
    const NodeId p = g.producer(v);
    if (p != kNoNode && g.node(p).opType == "Constant")
        for (const Attribute& a : g.node(p).attributes)
            if (a.name == "value")
                return &a.t;
    return nullptr;
}
} // namespace

void TestMainWindow::opensModelInBackground()
{
    QS_REQUIRE_SHARED_MODEL(path, "yolov5nu_int8_dynamic_seed");
    MainWindow w;
    w.show();
    QVERIFY(openAndWait(w, path));
    QCOMPARE(shownModelNodes(w), size_t(703)); // the README's node total of the model shown
    QVERIFY(w.windowTitle().contains(QStringLiteral("yolov5nu_int8_dynamic_seed")));
    QVERIFY(w.summaryPanel()->toPlainText().contains(QStringLiteral("703")));
}

void TestMainWindow::propertiesShowScaleValue()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_int8_qdq_torch");
    MainWindow w;
    QVERIFY(openAndWait(w, path));
    const auto model = w.graphPanel()->scene()->model();
    const Graph& g = model->model->graph();
    // Truth: the x_scale input (slot 1) of the first DequantizeLinear whose scale is a constant in the file, read
    // through the engine loader's Tensor.
    NodeId dq = kNoNode;
    const Tensor* scale = nullptr;
    for (NodeId id : g.topologicalOrder()) {
        if (g.node(id).opType != "DequantizeLinear")
            continue;
        scale = constantOf(g, g.node(id).input(1));
        if (scale) {
            dq = id;
            break;
        }
    }
    QVERIFY(dq != kNoNode);
    const double truth = scale->valueAsDouble(0);
    QVERIFY(truth > 0.0);
    w.graphPanel()->scene()->selectNode(dq);
    const QString text = w.propertiesPanel()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("x_scale")), qPrintable(text));
    QVERIFY2(text.contains(QString::number(truth, 'g', 7)), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Quantization parameters")));
    QVERIFY(text.contains(QStringLiteral("DequantizeLinear")));

    // The model's first DequantizeLinear gets its scale through an Identity of an initializer (PyTorch's export);
    // the panel follows it. Truth: the initializer behind the Identity, read by the engine loader.
    const Node& firstDq = g.node(*std::find_if(g.topologicalOrder().begin(), g.topologicalOrder().end(),
        [&g](NodeId id) { return g.node(id).opType == "DequantizeLinear"; }));
    const NodeId identity = g.producer(firstDq.input(1));
    if (identity != kNoNode && g.node(identity).opType == "Identity") {
        const Tensor* viaIdentity = constantOf(g, g.node(identity).input(0));
        QVERIFY(viaIdentity);
        w.graphPanel()->scene()->selectNode(*g.findNode(firstDq.name));
        QVERIFY(w.propertiesPanel()->toPlainText().contains(QString::number(viaIdentity->valueAsDouble(0), 'g', 7)));
    }
}

void TestMainWindow::propertiesShowZeroPoint()
{
    QS_REQUIRE_SHARED_MODEL(path, "yolov5nu_int8_dynamic_seed");
    MainWindow w;
    QVERIFY(openAndWait(w, path));
    const Graph& g = w.graphPanel()->scene()->model()->model->graph();
    NodeId conv = kNoNode;
    for (NodeId id : g.topologicalOrder())
        if (g.node(id).opType == "ConvInteger") {
            conv = id;
            break;
        }
    QVERIFY(conv != kNoNode);
    const Tensor* zp = g.constantData(g.node(conv).input(3)); // w_zero_point; README: per-tensor uint8 0..128
    QVERIFY(zp);
    QCOMPARE(zp->dataType(), DataType::UInt8);
    const int truth = static_cast<int>(zp->valueAsDouble(0));
    QVERIFY(truth >= 0 && truth <= 128);
    w.graphPanel()->scene()->selectNode(conv);
    const QString text = w.propertiesPanel()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("w_zero_point")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Weight statistics")));
    QVERIFY(text.contains(QStringLiteral("sparsity")));
    // The weight is uint8, so its min and max lie in [0, 255]; the panel states the type.
    QVERIFY(text.contains(QStringLiteral("uint8")));
}

void TestMainWindow::malformedFileKeepsPreviousModel()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_fp32");
    MainWindow w;
    w.show();
    QVERIFY(openAndWait(w, path));
    const auto before = w.currentResult().primary;

    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.onnx"));
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is not a protobuf-encoded ONNX model\x01\x02\x03");
    f.close();

    QSignalSpy failed(&w, &MainWindow::loadFailed);
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openFile(broken);
    QVERIFY(failed.wait(60000));
    const QString message = failed.at(0).at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("broken.onnx")), qPrintable(message));
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(w.currentResult().primary, before);
    QCOMPARE(shownModelNodes(w), size_t(65)); // the README's node total of the model shown
    QVERIFY(w.errorDialog());
    QVERIFY(w.errorDialog()->isVisible());
    QCOMPARE(w.errorDialog()->informativeText(), message);
}

void TestMainWindow::staleJobsAreDropped()
{
    QS_REQUIRE_SHARED_MODEL(big, "yolov5nu_int8_dynamic_seed");
    QS_REQUIRE_SHARED_MODEL(small, "resnet18_fp32");
    MainWindow w;
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openFile(big);
    w.openFile(small); // supersedes the first job; its result must never be shown
    QVERIFY(loaded.wait(120000));
    QTest::qWait(200);
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(w.currentResult().primary->path, small);
    QCOMPARE(shownModelNodes(w), size_t(65)); // the README's node total of the model shown
}

void TestMainWindow::pairOpensFloatFirst()
{
    QS_REQUIRE_SHARED_MODEL(fp32, "yolov5nu_fp32_from_seed");
    QS_REQUIRE_SHARED_MODEL(int8, "yolov5nu_int8_dynamic_seed");
    MainWindow w;
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openPair(int8, fp32); // picked in the "wrong" order on purpose
    QVERIFY(loaded.wait(120000));
    QVERIFY(w.currentResult().isPair());
    QCOMPARE(w.currentResult().primary->path, fp32);
    QCOMPARE(w.currentResult().secondary->path, int8);
    QVERIFY(w.operatorsPanel()->totalsText().startsWith(QStringLiteral("262 \u2192 703")));
    // The graph shows the quantized side of the pair.
    QCOMPARE(shownModelNodes(w), size_t(703)); // the README's node total of the model shown
}

void TestMainWindow::cancelDropsTheResult()
{
    QS_REQUIRE_SHARED_MODEL(path, "yolov5nu_int8_dynamic_seed");
    MainWindow w;
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    QSignalSpy cancelled(w.loadController(), &LoadController::cancelled);
    w.openFile(path);
    QVERIFY(w.loadController()->isBusy());
    w.loadController()->cancel();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!w.loadController()->isBusy());
    // The worker may still finish its current stage; whatever it produces is stale and must not appear.
    QTest::qWait(3000);
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!w.currentResult().primary);
}

void TestMainWindow::dropOpensFile()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_fp32");
    MainWindow w;
    w.show();
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(path) });
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w.currentResult().primary->path, path);
}

void TestMainWindow::relayoutKeepsModel()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_fp32");
    MainWindow w;
    QVERIFY(openAndWait(w, path));
    const auto model = w.currentResult().primary->model;
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    LayoutOptions lr;
    lr.direction = LayoutDirection::LeftToRight;
    emit w.graphPanel()->layoutOptionsChanged(lr); // what the toolbar toggle emits
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w.currentResult().primary->model, model); // same parsed model, new layout
    const QRectF bounds = w.currentResult().primary->layout.bounds;
    QVERIFY(bounds.width() > bounds.height());
}

void TestMainWindow::runProfileColoursGraph()
{
    QTemporaryDir dir;
    MainWindow w;
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    const QString demo = QStringLiteral(QS_DEMO_DIR);
    w.openPair(demo + QStringLiteral("/demo_fp32.onnx"), demo + QStringLiteral("/demo_int8_dynamic.onnx"));
    QVERIFY(loaded.wait(60000));
    w.runsPanel()->setRunFolder(dir.path());
    w.runsPanel()->setSettings(1, 1, 3, 0, true);
    QSignalSpy finished(w.runsPanel(), &RunsPanel::runFinished);
    w.runsPanel()->startRun();
    QVERIFY(finished.wait(120000));
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.resultsPanel()));
    const auto record = w.resultsPanel()->run();
    QVERIFY(record);
    const ScenarioRecord* q = record->scenario("demo_int8_dynamic", 1, qs::ExecutionMode::Optimized);
    QVERIFY(q && q->profile);
    w.graphPanel()->showSide(0);
    w.showProfileOnGraph(*q->profile, QString::fromStdString(record->model("demo_int8_dynamic")->path), {});
    // The graph switched to the INT8 model and colours each authored node by its mean time in the run file.
    QCOMPARE(w.graphPanel()->shownSide(), 1);
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.graphPanel()));
    const MetricOverlay& overlay = w.graphPanel()->scene()->overlay();
    QVERIFY(!overlay.isEmpty());
    std::map<int32_t, double> expected;
    for (const NodeProfile& n : q->profile->nodes)
        if (n.nodeIndex >= 0)
            expected[n.nodeIndex] += n.meanMs;
    QVERIFY(!expected.empty());
    for (const auto& [node, ms] : expected)
        QCOMPARE(overlay.value(node).value_or(-1.0), ms);
}

void TestMainWindow::dropRunFilesOpensThem()
{
    MainWindow w;
    w.show();
    const auto data = qs::test::testDataDir() / "runs";
    const QString good = QString::fromStdString((data / "crafted_pair.json").string());
    const QString bad = QString::fromStdString((data / "bad_version.json").string());
    QSignalSpy opened(w.runsPanel(), &RunsPanel::runOpened);
    QSignalSpy failed(w.runsPanel(), &RunsPanel::runFileFailed);
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(good), QUrl::fromLocalFile(bad) });
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() && !failed.isEmpty(), 10000);
    QVERIFY(!w.loadController()->isBusy()); // no model load was started for run files
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.resultsPanel()));
    QVERIFY(w.resultsPanel()->run());
    QCOMPARE(w.resultsPanel()->run()->models.at(0).id, std::string("crafted_fp32"));
    QVERIFY(failed.at(0).at(1).toString().contains(QStringLiteral("bad_version.json")));
    QVERIFY(w.runsPanel()->errorDialog());
}

void TestMainWindow::compareShortcuts()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    // Compare is a tab of the central area: Alt+C shows it from the graph.
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.graphPanel()));
    QTest::keyClick(&w, Qt::Key_C, Qt::AltModifier);
    QTRY_COMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.comparePanel()));

    QSignalSpy opened(w.runsPanel(), &RunsPanel::runOpened);
    w.runsPanel()->openRunFiles(
        { QString::fromStdString((qs::test::testDataDir() / "runs" / "crafted_pair.json").string()) });
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty(), 10000);
    const QModelIndex median
        = w.comparePanel()->table()->model()->index(CompareStatsModel::MedianRow, CompareStatsModel::AColumn);
    QTRY_VERIFY(median.data().isValid());
    QCOMPARE(median.data().toString(), QStringLiteral("12.00")); // FP32
    QTest::keyClick(&w, Qt::Key_X, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(median.data().toString(), QStringLiteral("6.000")); // INT8
    QTRY_VERIFY_WITH_TIMEOUT(!w.comparePanel()->isComputing(), 30000);
}

QS_UI_TEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
