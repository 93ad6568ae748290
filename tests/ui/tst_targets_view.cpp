// SPDX-License-Identifier: MIT
// Issue 17 part 2 in the GUI: the Targets view and the graph's verdict overlay. The expected verdicts are facts of the
// published operator lists (resources/targets/README.md, asserted by tests/tools/check_targets_data.py): ConvInteger
// is not among the CoreML provider's operators, so it falls back to ONNX Runtime's CPU provider, which has a
// ConvInteger kernel; the 1.18 mobile package loads only .ort files and has no ConvInteger. Node counts are counted by
// hand from the models: the one built here, and the demo model (7 ConvInteger, 6 DynamicQuantizeLinear, per
// resources/demo/README.md).
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/legend_widget.h"
#include "graph/node_item.h"
#include "main_window.h"
#include "models/target_list_model.h"
#include "models/target_node_model.h"
#include "onnx_builder.h"
#include "panels/results_panel.h"
#include "panels/targets_panel.h"
#include "screenshot_settings.h"
#include "ui_test_main.h"
#include "util/qt_convert.h"
#include "util/target_text.h"
#include "workers/target_classifier.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>

using namespace qs;
using namespace qs::ui;

namespace {
const QString kDemo = QStringLiteral(QS_DEMO_DIR "/demo_int8_dynamic.onnx");
const QString kDemoFloat = QStringLiteral(QS_DEMO_DIR "/demo_fp32.onnx");
const QString kCoreMl = QStringLiteral("onnxruntime-coreml-mlprogram");
const QString kMobile = QStringLiteral("onnxruntime-mobile-1.18");
const QString kCpu = QStringLiteral("onnxruntime-cpu");

// A chain of seven nodes, so the topological order (and with it the partitions) is fixed:
//   x -> Conv -> DynamicQuantizeLinear -> ConvInteger -> Cast -> DynamicQuantizeLinear -> MatMulInteger -> Cast -> y
// On CoreML (ML Program) Conv and Cast are listed, the others are not: placement provider, CPU, CPU, provider, CPU,
// CPU, provider = 5 partitions (3 on the provider, 2 on the CPU) with 4 tensors crossing (conv, convint, cast1, mmi).
void buildChain(const QString& path)
{
    using namespace qs::test;
    ModelBuilder b(13);
    auto& g = b.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 8, 8 });
    g.output("y", onnx::TensorProto_DataType_FLOAT, { 1, 4, 6, 3 }, true);
    g.floatInitializer("w", { 4, 3, 3, 3 }, std::vector<float>(4 * 3 * 3 * 3, 0.1f));
    g.rawInitializer("w2", onnx::TensorProto_DataType_UINT8, { 4, 4, 1, 1 }, std::vector<uint8_t>(16, 7));
    g.rawInitializer("w2zp", onnx::TensorProto_DataType_UINT8, {}, std::vector<uint8_t> { 128 });
    g.rawInitializer("b", onnx::TensorProto_DataType_UINT8, { 6, 3 }, std::vector<uint8_t>(18, 9));
    g.rawInitializer("bzp", onnx::TensorProto_DataType_UINT8, {}, std::vector<uint8_t> { 128 });
    g.node("Conv", { "x", "w" }, { "c" }, "conv");
    g.node("DynamicQuantizeLinear", { "c" }, { "cq", "cs", "czp" }, "dql1");
    g.node("ConvInteger", { "cq", "w2", "czp", "w2zp" }, { "ci" }, "convint");
    setAttr(g.node("Cast", { "ci" }, { "cf" }, "cast1"), "to", int64_t(onnx::TensorProto_DataType_FLOAT));
    g.node("DynamicQuantizeLinear", { "cf" }, { "mq", "ms", "mzp" }, "dql2");
    g.node("MatMulInteger", { "mq", "b", "mzp", "bzp" }, { "mi" }, "mmi");
    setAttr(g.node("Cast", { "mi" }, { "y" }, "cast2"), "to", int64_t(onnx::TensorProto_DataType_FLOAT));
    b.save(path.toStdString());
}

// relu (Relu on x) beside an If on cond whose then-branch computes ConvInteger on its own uint8 initializers and
// whose else-branch passes an int32 initializer through Identity (the model of tests/engine/targets' If case). The
// 1.18 mobile package has no ConvInteger: the branch alone keeps the file out.
void buildIfWithConvIntegerBranch(const QString& path)
{
    using namespace qs::test;
    ModelBuilder b(13);
    auto& g = b.graph();
    g.input("cond", onnx::TensorProto_DataType_BOOL, {});
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 4 });
    g.output("r", onnx::TensorProto_DataType_FLOAT, { 4 });
    g.output("y", onnx::TensorProto_DataType_INT32, { 1, 1, 2, 2 });
    g.node("Relu", { "x" }, { "r" }, "relu");
    auto& node = g.node("If", { "cond" }, { "y" }, "if");
    GraphBuilder thenBranch(setGraphAttr(node, "then_branch"), "then");
    thenBranch.rawInitializer("a", onnx::TensorProto_DataType_UINT8, { 1, 1, 3, 3 }, std::vector<uint8_t>(9, 3));
    thenBranch.rawInitializer("w", onnx::TensorProto_DataType_UINT8, { 1, 1, 2, 2 }, std::vector<uint8_t>(4, 2));
    thenBranch.node("ConvInteger", { "a", "w" }, { "t" }, "branch_conv");
    thenBranch.output("t", onnx::TensorProto_DataType_INT32, { 1, 1, 2, 2 }, true);
    GraphBuilder elseBranch(setGraphAttr(node, "else_branch"), "else");
    elseBranch.rawInitializer("z", onnx::TensorProto_DataType_INT32, { 1, 1, 2, 2 }, std::vector<int32_t>(4, 0));
    elseBranch.node("Identity", { "z" }, { "e" }, "branch_identity");
    elseBranch.output("e", onnx::TensorProto_DataType_INT32, { 1, 1, 2, 2 }, true);
    b.save(path.toStdString());
}

NodeId nodeNamed(const Model& m, const std::string& name)
{
    const Graph& g = m.graph();
    for (NodeId id = 0; id < static_cast<NodeId>(g.nodes().size()); ++id)
        if (g.node(id).name == name)
            return id;
    return kNoNode;
}

bool openAndWait(MainWindow& w, const QString& path)
{
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openFile(path);
    return loaded.wait(60000);
}

/// Waits until the Targets view lists the targets of the model on screen.
bool waitForTargets(MainWindow& w)
{
    return QTest::qWaitFor(
        [&w] {
            const auto& r = w.targetsPanel()->targetModel()->results();
            const auto& shown = w.graphPanel()->scene()->model();
            return r && shown && r->model == shown->model;
        },
        60000);
}

/// A window at the small screen's size showing `path` with its targets listed.
bool showInWindow(MainWindow& w, const QString& path)
{
    w.resize(1366, 768);
    w.show();
    return QTest::qWaitForWindowExposed(&w) && openAndWait(w, path) && waitForTargets(w);
}

/// Clicks the Targets view's node row `index` with the Results tab up and the graph scrolled away: the graph must
/// come up with `expected` selected and centred. Check QTest::currentTestFailed() after it.
void clickNodeRowAndExpectCentred(MainWindow& w, const QModelIndex& index, NodeId expected)
{
    w.centralTabs()->setCurrentWidget(w.resultsPanel());
    GraphView* view = w.graphPanel()->view();
    view->centerOn(-5000, -5000);
    QTableView* table = w.targetsPanel()->nodeTable();
    table->scrollTo(index);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.graphPanel()));
    QCOMPARE(w.graphPanel()->scene()->selectedNode(), expected);
    const QPointF centre = view->mapToScene(view->viewport()->rect().center());
    QVERIFY(w.graphPanel()->scene()->nodeItem(expected)->sceneBoundingRect().adjusted(-2, -2, 2, 2).contains(centre));
}

QString cell(const QAbstractItemModel& m, int row, int column)
{
    return m.index(row, column).data().toString();
}
} // namespace

class TestTargetsView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void classifierKeepsOnlyTheNewestRequest();
    void missingTablesAreAMessage();
    void listAndNodeModelsOnTheChain();
    void overlayColoursTheChain();
    void demoModelInTheWindow();
    void bodyNodesAreRowsUnderTheirNode();
    void dockStateIsRemembered();
    void screenshots();

private:
    QTemporaryDir m_dir;
    QString m_chain;
    QString m_if;
};

void TestTargetsView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_chain = m_dir.filePath(QStringLiteral("chain.onnx"));
    buildChain(m_chain);
    m_if = m_dir.filePath(QStringLiteral("if_branch.onnx"));
    buildIfWithConvIntegerBranch(m_if);
}

// Two requests in a row: only the second model's result arrives, whichever finishes first.
void TestTargetsView::classifierKeepsOnlyTheNewestRequest()
{
    auto a = loadAndLayout(kDemo, {});
    auto b = loadAndLayout(m_chain, {});
    QVERIFY(a.isOk());
    QVERIFY2(b.isOk(), b.isOk() ? "" : b.status().message().c_str());
    TargetClassifier classifier;
    QSignalSpy finished(&classifier, &TargetClassifier::finished);
    classifier.classify((*a)->model);
    classifier.classify((*b)->model);
    QVERIFY(finished.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!classifier.isBusy(), 60000);
    QTest::qWait(50);
    QCOMPARE(finished.count(), 1);
    const auto results = finished.first().first().value<std::shared_ptr<const TargetResults>>();
    QCOMPARE(results->model, (*b)->model);
    QVERIFY(results->error.isEmpty());
    QCOMPARE(results->reports.size(), results->tables.size());
    QVERIFY(!results->reports.empty());
}

// A tables folder that is not there: the view says so and lists nothing; the graph gets no verdicts.
void TestTargetsView::missingTablesAreAMessage()
{
    QTemporaryDir empty;
    auto m = loadAndLayout(kDemo, {});
    QVERIFY(m.isOk());
    for (const QString& dir : { empty.filePath(QStringLiteral("absent")), empty.path() }) {
        TargetsPanel panel;
        panel.classifier()->setTablesDirectory(dir);
        QSignalSpy finished(panel.classifier(), &TargetClassifier::finished);
        panel.setModel(*m);
        QVERIFY(finished.wait(60000));
        QVERIFY2(panel.statusText().contains(QStringLiteral("could not be read")), qPrintable(panel.statusText()));
        QVERIFY2(panel.statusText().contains(dir), qPrintable(panel.statusText()));
        QCOMPARE(panel.targetProxy()->rowCount(), 0);
        QCOMPARE(panel.nodeProxy()->rowCount(), 0);
        QVERIFY(!panel.selectedReport());
        QVERIFY(!panel.colourButton()->isEnabled());
    }
}

void TestTargetsView::listAndNodeModelsOnTheChain()
{
    auto loaded = loadAndLayout(m_chain, {});
    QVERIFY(loaded.isOk());
    const Model& model = *(*loaded)->model;
    TargetsPanel panel;
    QAbstractItemModelTester t1(panel.targetModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(panel.targetProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(panel.nodeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t4(panel.nodeProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy finished(panel.classifier(), &TargetClassifier::finished);
    panel.setModel(*loaded);
    QVERIFY(finished.wait(60000));
    QVERIFY2(panel.statusText().contains(QStringLiteral("chain.onnx")), qPrintable(panel.statusText()));
    const TargetListModel& list = *panel.targetModel();

    // CoreML: 3 run (Conv, Cast, Cast), 4 fall back (2 DynamicQuantizeLinear, ConvInteger, MatMulInteger), all of
    // which the CPU provider has kernels for; 5 partitions and 4 copies (see buildChain).
    const int coreml = list.rowOf(kCoreMl);
    QVERIFY(coreml >= 0);
    QCOMPARE(cell(list, coreml, TargetListModel::VerdictColumn), QStringLiteral("falls back"));
    QCOMPARE(cell(list, coreml, TargetListModel::RunsColumn), QStringLiteral("3"));
    QCOMPARE(cell(list, coreml, TargetListModel::FallsBackColumn), QStringLiteral("4"));
    QCOMPARE(cell(list, coreml, TargetListModel::CpuNoKernelColumn), QStringLiteral("0"));
    QCOMPARE(cell(list, coreml, TargetListModel::NoKernelColumn), QStringLiteral("0"));
    QCOMPARE(cell(list, coreml, TargetListModel::UnknownColumn), QStringLiteral("0"));
    QCOMPARE(cell(list, coreml, TargetListModel::PartitionsColumn), QStringLiteral("5"));
    QCOMPARE(cell(list, coreml, TargetListModel::CopiesColumn), QStringLiteral("4"));
    QCOMPARE(list.index(coreml, TargetListModel::PartitionsColumn).data(TargetListModel::SortRole).toLongLong(), 5);
    QVERIFY(cell(list, coreml, TargetListModel::VersionColumn).contains(QStringLiteral("approximate")));
    const QString tip = list.index(coreml, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("458e1bb3")), qPrintable(tip)); // the source revision
    QVERIFY2(tip.contains(QStringLiteral("3 on the provider, 2 on the CPU")), qPrintable(tip));

    // The 1.18 mobile package: a .onnx file cannot load at all, and ConvInteger has no kernel in it.
    const int mobile = list.rowOf(kMobile);
    QVERIFY(mobile >= 0);
    QCOMPARE(cell(list, mobile, TargetListModel::VerdictColumn), QStringLiteral("cannot load"));
    QCOMPARE(cell(list, mobile, TargetListModel::NoKernelColumn), QStringLiteral("1"));
    QCOMPARE(cell(list, mobile, TargetListModel::VersionColumn), QStringLiteral("1.18.0"));
    // Not an execution provider: no fallbacks, no partitions.
    QCOMPARE(cell(list, mobile, TargetListModel::FallsBackColumn), QStringLiteral("\u2013"));
    QCOMPARE(cell(list, mobile, TargetListModel::PartitionsColumn), QStringLiteral("\u2013"));
    QVERIFY(list.index(mobile, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral(".ort")));

    // The CPU provider has kernels for all seven.
    const int cpu = list.rowOf(kCpu);
    QCOMPARE(cell(list, cpu, TargetListModel::VerdictColumn), QStringLiteral("runs"));
    QCOMPARE(cell(list, cpu, TargetListModel::RunsColumn), QStringLiteral("7"));

    // Sorting the proxy by the falls-back count puts numbers in numeric order.
    panel.targetProxy()->sort(TargetListModel::FallsBackColumn, Qt::DescendingOrder);
    qint64 previous = std::numeric_limits<qint64>::max();
    for (int r = 0; r < panel.targetProxy()->rowCount(); ++r) {
        const qint64 n = panel.targetProxy()
                             ->index(r, TargetListModel::FallsBackColumn)
                             .data(TargetListModel::SortRole)
                             .toLongLong();
        QVERIFY(n <= previous);
        previous = n;
    }

    // Selecting CoreML lists its seven nodes; "problems only" keeps the four fallbacks.
    QSignalSpy selected(&panel, &TargetsPanel::targetSelected);
    QVERIFY(panel.selectTarget(kCpu));
    QVERIFY(panel.selectTarget(kCoreMl));
    QCOMPARE(selected.count(), 2);
    QCOMPARE(selected.last().at(2).toString(), toQString(panel.selectedReport()->title));
    QCOMPARE(toQString(panel.selectedReport()->tableId), kCoreMl);
    QSortFilterProxyModel& nodes = *panel.nodeProxy();
    QCOMPARE(nodes.rowCount(), 7);
    // Until a header is clicked, the view lists the nodes in the chain's (topological) order.
    QStringList order;
    for (int r = 0; r < nodes.rowCount(); ++r)
        order << panel.nodeTable()->model()->index(r, TargetNodeModel::NodeColumn).data().toString();
    QCOMPARE(order.join(QLatin1Char(' ')), QStringLiteral("conv dql1 convint cast1 dql2 mmi cast2"));
    panel.problemsOnlyBox()->setChecked(true);
    QCOMPARE(nodes.rowCount(), 4);
    QStringList fallbacks;
    for (int r = 0; r < nodes.rowCount(); ++r) {
        QCOMPARE(cell(nodes, r, TargetNodeModel::VerdictColumn), QStringLiteral("falls back"));
        QCOMPARE(cell(nodes, r, TargetNodeModel::CpuColumn), QStringLiteral("runs"));
        fallbacks << cell(nodes, r, TargetNodeModel::NodeColumn);
    }
    fallbacks.sort();
    QCOMPARE(fallbacks,
        QStringList(
            { QStringLiteral("convint"), QStringLiteral("dql1"), QStringLiteral("dql2"), QStringLiteral("mmi") }));
    // Each row carries its node for the graph.
    for (int r = 0; r < nodes.rowCount(); ++r) {
        const auto id = static_cast<NodeId>(nodes.index(r, 0).data(TargetNodeModel::NodeIdRole).toLongLong());
        QCOMPARE(toQString(model.graph().node(id).name), cell(nodes, r, TargetNodeModel::NodeColumn));
    }
    panel.problemsOnlyBox()->setChecked(false);
    QCOMPARE(nodes.rowCount(), 7);

    // The mobile package: ConvInteger is the node without a kernel.
    QVERIFY(panel.selectTarget(kMobile));
    panel.problemsOnlyBox()->setChecked(true);
    int noKernel = 0;
    for (int r = 0; r < nodes.rowCount(); ++r)
        if (cell(nodes, r, TargetNodeModel::VerdictColumn) == QStringLiteral("no kernel")) {
            ++noKernel;
            QCOMPARE(cell(nodes, r, TargetNodeModel::NodeColumn), QStringLiteral("convint"));
        }
    QCOMPARE(noKernel, 1);

    // Another model empties both tables until its classification arrives.
    panel.setModel(nullptr);
    QCOMPARE(panel.targetProxy()->rowCount(), 0);
    QCOMPARE(nodes.rowCount(), 0);
}

// The graph's "Colour by" lists the verdict while a target is selected and colours the hand-known nodes.
void TestTargetsView::overlayColoursTheChain()
{
    MainWindow w;
    QVERIFY(openAndWait(w, m_chain));
    QVERIFY(waitForTargets(w));
    QVERIFY(w.targetsPanel()->selectTarget(kCoreMl));
    GraphPanel* graph = w.graphPanel();
    auto* chooser = graph->findChild<QComboBox*>(QStringLiteral("overlayChooser"));
    const int entry = chooser->findText(QStringLiteral("Verdict on target"));
    QVERIFY(entry >= 0);
    QVERIFY(graph->scene()->overlay().isEmpty()); // listed, not chosen
    chooser->setCurrentIndex(entry);
    const Model& m = *w.currentResult().primary->model;
    const QColor runs = TargetText::verdictCategoryColor(VerdictCategory::Runs);
    const QColor fallsBack = TargetText::verdictCategoryColor(VerdictCategory::FallsBack);
    QVERIFY(runs != fallsBack);
    for (const char* name : { "conv", "cast1", "cast2" })
        QCOMPARE(graph->scene()->nodeItem(nodeNamed(m, name))->fillColor(), runs);
    for (const char* name : { "dql1", "convint", "dql2", "mmi" }) {
        NodeItem* item = graph->scene()->nodeItem(nodeNamed(m, name));
        QCOMPARE(item->fillColor(), fallsBack);
        QVERIFY2(
            item->toolTip().contains(QStringLiteral("falls back to the CPU provider")), qPrintable(item->toolTip()));
    }
    QVERIFY(
        graph->scene()->nodeItem(nodeNamed(m, "convint"))->toolTip().contains(QStringLiteral("CPU provider: runs")));
    const QString legend = graph->findChild<LegendWidget*>()->text();
    QVERIFY2(legend.contains(QStringLiteral("falls&nbsp;back&nbsp;to&nbsp;the&nbsp;CPU&nbsp;provider <b>4</b>"))
            || legend.contains(QStringLiteral("falls&nbsp;back&nbsp;to&nbsp;the&nbsp;CPU&nbsp;provider&nbsp;<b>4</b>")),
        qPrintable(legend));
    QVERIFY2(legend.contains(QStringLiteral("runs&nbsp;<b>3</b>")), qPrintable(legend));
    QVERIFY2(!legend.contains(QStringLiteral("no&nbsp;kernel")), qPrintable(legend)); // absent categories are left out

    // Another target recolours in place: on the mobile package ConvInteger has no kernel.
    QVERIFY(w.targetsPanel()->selectTarget(kMobile));
    QCOMPARE(chooser->currentIndex(), entry);
    QCOMPARE(graph->scene()->nodeItem(nodeNamed(m, "convint"))->fillColor(),
        TargetText::verdictCategoryColor(VerdictCategory::NoKernel));
    QCOMPARE(graph->scene()->nodeItem(nodeNamed(m, "conv"))->fillColor(), runs);

    // Another model drops the entry, then the new model's verdicts bring it back, still chosen.
    QVERIFY(openAndWait(w, kDemo));
    QVERIFY(waitForTargets(w));
    QTRY_COMPARE(chooser->currentText(), QStringLiteral("Verdict on target"));
    QCOMPARE(toQString(graph->targetReport()->tableId), kMobile);
    QCOMPARE(graph->targetReport()->nodes.size(), w.currentResult().primary->model->graph().nodes().size());
}

// The demo model in the whole window: CoreML's 13 fallbacks (7 ConvInteger + 6 DynamicQuantizeLinear), a node row
// centring its node on the graph, the View menu's shortcut, the colour button.
void TestTargetsView::demoModelInTheWindow()
{
    MainWindow w;
    QVERIFY(showInWindow(w, kDemo));
    TargetsPanel* panel = w.targetsPanel();
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("TargetsDock"));
    QVERIFY(dock);
    auto* show = w.findChild<QAction*>(QStringLiteral("showTargets"));
    QVERIFY(show);
    QCOMPARE(show->shortcut(), QKeySequence(Qt::ALT | Qt::Key_T));
    dock->hide();
    show->trigger();
    QVERIFY(dock->isVisible());

    QVERIFY(panel->selectTarget(kCoreMl));
    const TargetListModel& list = *panel->targetModel();
    const int row = list.rowOf(kCoreMl);
    QCOMPARE(cell(list, row, TargetListModel::FallsBackColumn), QStringLiteral("13"));
    QCOMPARE(cell(list, row, TargetListModel::CpuNoKernelColumn), QStringLiteral("0"));
    panel->problemsOnlyBox()->setChecked(true);
    QCOMPARE(panel->nodeProxy()->rowCount(), 13);
    int convInteger = 0;
    for (int r = 0; r < panel->nodeProxy()->rowCount(); ++r) {
        const QString op = cell(*panel->nodeProxy(), r, TargetNodeModel::OpTypeColumn);
        QVERIFY(op == QStringLiteral("ConvInteger") || op == QStringLiteral("DynamicQuantizeLinear"));
        convInteger += op == QStringLiteral("ConvInteger") ? 1 : 0;
    }
    QCOMPARE(convInteger, 7);
    const int mobile = list.rowOf(kMobile);
    QCOMPARE(cell(list, mobile, TargetListModel::VerdictColumn), QStringLiteral("cannot load"));
    QCOMPARE(cell(list, mobile, TargetListModel::NoKernelColumn), QStringLiteral("7"));

    // A click on a node row, with the Results tab up and the view elsewhere, brings the graph to that node.
    QTableView* table = panel->nodeTable();
    dock->raise();
    QTest::qWait(50);
    const QModelIndex second = panel->nodeProxy()->index(1, TargetNodeModel::NodeColumn);
    const auto id = static_cast<NodeId>(second.data(TargetNodeModel::NodeIdRole).toLongLong());
    clickNodeRowAndExpectCentred(w, second, id);
    if (QTest::currentTestFailed())
        return;
    // Keyboard: the next row follows.
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(w.graphPanel()->scene()->selectedNode(),
        static_cast<NodeId>(panel->nodeProxy()->index(2, 0).data(TargetNodeModel::NodeIdRole).toLongLong()));

    // The button colours the graph by the selected target.
    QTest::mouseClick(panel->colourButton(), Qt::LeftButton);
    auto* chooser = w.graphPanel()->findChild<QComboBox*>(QStringLiteral("overlayChooser"));
    QCOMPARE(chooser->currentText(), QStringLiteral("Verdict on target"));
    QCOMPARE(w.graphPanel()->scene()->nodeItem(id)->fillColor(),
        TargetText::verdictCategoryColor(VerdictCategory::FallsBack));
    // The window still fits a 1366 px screen with the dock up.
    QVERIFY2(w.width() <= 1366, qPrintable(QString::number(w.width())));
}

// The nodes of an If's branches are rows right under it, with the same columns; "problems only" keeps the branch
// node without a kernel and its If; a branch row selects and centres the If in the graph, which draws no bodies,
// and the status bar says so.
void TestTargetsView::bodyNodesAreRowsUnderTheirNode()
{
    MainWindow w;
    QVERIFY(showInWindow(w, m_if));
    TargetsPanel* panel = w.targetsPanel();
    QAbstractItemModelTester tester(panel->nodeProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    w.findChild<QAction*>(QStringLiteral("showTargets"))->trigger();
    QVERIFY(panel->selectTarget(kMobile));
    const QAbstractItemModel& nodes = *panel->nodeProxy();
    // Two main-graph nodes and two branch nodes, the branches' right after the If (then before else).
    QCOMPARE(nodes.rowCount(), 4);
    int ifRow = -1;
    for (int r = 0; r < nodes.rowCount(); ++r)
        if (cell(nodes, r, TargetNodeModel::NodeColumn) == QStringLiteral("if"))
            ifRow = r;
    QVERIFY(ifRow >= 0 && ifRow + 2 < nodes.rowCount());
    const int conv = ifRow + 1;
    QCOMPARE(cell(nodes, conv, TargetNodeModel::NodeColumn), QStringLiteral("\u21b3 branch_conv"));
    QCOMPARE(cell(nodes, conv, TargetNodeModel::OpTypeColumn), QStringLiteral("ConvInteger"));
    QCOMPARE(cell(nodes, conv, TargetNodeModel::VerdictColumn), QStringLiteral("no kernel"));
    QCOMPARE(nodes.index(conv, 0).data(TargetNodeModel::BodyPathRole).toString(), QStringLiteral("if \u203a then"));
    QCOMPARE(cell(nodes, ifRow + 2, TargetNodeModel::NodeColumn), QStringLiteral("\u21b3 branch_identity"));
    QCOMPARE(cell(nodes, ifRow + 2, TargetNodeModel::OpTypeColumn), QStringLiteral("Identity"));
    QCOMPARE(
        nodes.index(ifRow + 2, 0).data(TargetNodeModel::BodyPathRole).toString(), QStringLiteral("if \u203a else"));
    QVERIFY(nodes.index(ifRow, 0).data(TargetNodeModel::BodyPathRole).toString().isEmpty());
    const Model& model = *w.graphPanel()->scene()->model()->model;
    const NodeId ifId = nodeNamed(model, "if");
    QVERIFY(ifId != kNoNode);
    for (int r : { ifRow, conv, ifRow + 2 })
        QCOMPARE(static_cast<NodeId>(nodes.index(r, 0).data(TargetNodeModel::NodeIdRole).toLongLong()), ifId);

    // Problems only: the branch ConvInteger stays, under its If.
    panel->problemsOnlyBox()->setChecked(true);
    QStringList listed;
    for (int r = 0; r < nodes.rowCount(); ++r)
        listed << cell(nodes, r, TargetNodeModel::NodeColumn);
    QVERIFY2(listed.contains(QStringLiteral("if")) && listed.contains(QStringLiteral("\u21b3 branch_conv")),
        qPrintable(listed.join(QLatin1Char(','))));
    QVERIFY2(listed.indexOf(QStringLiteral("\u21b3 branch_conv")) == listed.indexOf(QStringLiteral("if")) + 1,
        qPrintable(listed.join(QLatin1Char(','))));

    // A click on the branch row: the graph selects and centres the If, and the status bar says why.
    QTableView* table = panel->nodeTable();
    const QModelIndex branch = nodes.index(listed.indexOf(QStringLiteral("\u21b3 branch_conv")), 0);
    clickNodeRowAndExpectCentred(w, branch, ifId);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(w.statusBar()->currentMessage(),
        QStringLiteral("'branch_conv' is in the body if \u203a then: the graph does not draw bodies, so it selects the "
                       "If node 'if' instead"));
    QVERIFY(table->model()
                ->index(branch.row(), 0)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("does not draw bodies")));
    // A main-graph row says nothing of bodies.
    QSignalSpy notes(panel, &TargetsPanel::bodyNodeShown);
    const QModelIndex ifIndex = nodes.index(listed.indexOf(QStringLiteral("if")), 0);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(ifIndex).center());
    QCOMPARE(w.graphPanel()->scene()->selectedNode(), ifId);
    QCOMPARE(notes.count(), 0);
}

// The Targets dock is saved with the window's state like the other docks: closed, it stays closed next time.
void TestTargetsView::dockStateIsRemembered()
{
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("TargetsDock"));
        QVERIFY(dock && !dock->isHidden());
        dock->close();
        w.close();
    }
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("TargetsDock"));
        QVERIFY(dock->isHidden());
        w.findChild<QAction*>(QStringLiteral("showTargets"))->trigger();
        QVERIFY(dock->isVisible());
        w.close();
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("TargetsDock"))->isVisible());
    w.close();
}

// The demo and, when ../shared is there, the YOLOv5nu INT8 model (76 ConvInteger), with the Targets view up and the
// graph coloured by CoreML, at 1920x1080 and 1366x768, in English and German, written to $QS_UI_SCREENSHOT_DIR.
void TestTargetsView::screenshots()
{
    const QString dir = qs::test::screenshotDir();
    if (dir.isEmpty())
        QSKIP("set QS_UI_SCREENSHOT_DIR to write screenshots");
    const QString yolo = qs::test::sharedModelPath("yolov5nu_int8_dynamic_seed");
    const bool translated
        = qs::test::forEachScreenshotSetting(QStringLiteral(QS_GERMAN_QM), [&](const char* lang, QSize size) {
              for (const QString& path : { kDemo, yolo, m_if }) {
                  if (path.isEmpty())
                      continue;
                  MainWindow w;
                  w.resize(size);
                  w.show();
                  QVERIFY(QTest::qWaitForWindowExposed(&w));
                  QVERIFY(openAndWait(w, path));
                  QVERIFY(waitForTargets(w));
                  w.findChild<QAction*>(QStringLiteral("showTargets"))->trigger();
                  // The If model: its branch ConvInteger has no kernel in the mobile package.
                  QVERIFY(w.targetsPanel()->selectTarget(path == m_if ? kMobile : kCoreMl));
                  w.targetsPanel()->problemsOnlyBox()->setChecked(true);
                  QTest::mouseClick(w.targetsPanel()->colourButton(), Qt::LeftButton);
                  const QModelIndex first = w.targetsPanel()->nodeProxy()->index(0, 0);
                  w.graphPanel()->showNode(static_cast<NodeId>(first.data(TargetNodeModel::NodeIdRole).toLongLong()));
                  // The If model: its branch node's row is current, with the note above the table.
                  if (path == m_if)
                      w.targetsPanel()->nodeTable()->setCurrentIndex(w.targetsPanel()->nodeProxy()->index(1, 0));
                  QTest::qWait(300);
                  const QString name = QStringLiteral("targets_%1_%2_%3x%4.png")
                                           .arg(path == kDemo     ? QStringLiteral("demo")
                                                   : path == yolo ? QStringLiteral("yolo")
                                                                  : QStringLiteral("if"),
                                               QLatin1String(lang))
                                           .arg(size.width())
                                           .arg(size.height());
                  QVERIFY(w.grab().save(QDir(dir).filePath(name)));
              }
          });
    QVERIFY(translated);
}

QS_UI_TEST_MAIN(TestTargetsView)
#include "tst_targets_view.moc"
