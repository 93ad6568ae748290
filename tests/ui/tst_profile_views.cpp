// SPDX-License-Identifier: MIT
// Issue 16, item 9: with a profile on the graph, tooltips and the Properties panel show each node's measured time
// and share, "Colour by" lists time, and the legend's numbers carry units in the UI locale. The profile is the
// engine's collector fed hand-chosen times on the demo model, so every expected number is known here.
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/legend_widget.h"
#include "graph/node_item.h"
#include "main_window.h"
#include "models/hotspot_model.h"
#include "panels/hotspot_panel.h"
#include "panels/properties_panel.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "screenshot_settings.h"
#include "ui_test_main.h"
#include "util/metric_format.h"

#include <quantscope/engine/profile_collector.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QHelpEvent>
#include <QLocale>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolTip>
#include <QTranslator>

using namespace qs;
using namespace qs::ui;

namespace {
const QString kDemo = QStringLiteral(QS_DEMO_DIR "/demo_int8_dynamic.onnx");
const QString kDemoFloat = QStringLiteral(QS_DEMO_DIR "/demo_fp32.onnx");

bool openAndWait(MainWindow& w, const QString& path)
{
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openFile(path);
    return loaded.wait(60000);
}

// Two runs: the first ConvInteger takes 2 ms and 3 ms (mean 2.5), the first Mul 0.25 ms twice, the last
// ConvInteger 0.5 ms and 1.5 ms (mean 1); nothing else ran. Per-run total 3.75 ms.
struct HandProfile
{
    ProfileReport report;
    NodeId slow = kNoNode, fast = kNoNode, middle = kNoNode, idle = kNoNode;
};

HandProfile handProfile(const LoadedModel& lm)
{
    const Graph& g = lm.model->graph();
    HandProfile h;
    std::vector<NodeId> convs;
    for (NodeId id : g.topologicalOrder()) {
        const std::string& op = g.node(id).opType;
        if (op == "ConvInteger")
            convs.push_back(id);
        else if (op == "Mul" && h.fast == kNoNode)
            h.fast = id;
        else if (op == "Sigmoid" && h.idle == kNoNode)
            h.idle = id;
    }
    h.slow = convs.front();
    h.middle = convs.back();
    ProfileCollector c(g.nodes().size());
    c.addSample(h.slow, 2.0);
    c.addSample(h.fast, 0.25);
    c.addSample(h.middle, 0.5);
    c.endRun();
    c.addSample(h.slow, 3.0);
    c.addSample(h.fast, 0.25);
    c.addSample(h.middle, 1.5);
    c.endRun();
    h.report = c.report(*lm.model);
    return h;
}

QStringList chooserItems(const GraphPanel* panel)
{
    QStringList items;
    const auto* chooser = panel->findChild<QComboBox*>(QStringLiteral("overlayChooser"));
    for (int i = 0; i < chooser->count(); ++i)
        items << chooser->itemText(i);
    return items;
}
} // namespace

class TestProfileViews : public QObject
{
    Q_OBJECT
private slots:
    void formatsNumbersInLocale();
    void timeShownOnHoverAndSelection();
    void colourByListsTime();
    void legendFormatsNumbers();
    void hotspotModelRows();
    void hotspotRowSelectsAndCentresNode();
    void profiledRunOffersTime();
    void screenshots();
};

void TestProfileViews::formatsNumbersInLocale()
{
    QCOMPARE(formatMilliseconds(2.5), QStringLiteral("2.50\u00a0ms"));
    QCOMPARE(formatMilliseconds(0.0123), QStringLiteral("0.0123\u00a0ms"));
    QCOMPARE(formatMilliseconds(1234.4), QStringLiteral("1234\u00a0ms")); // no exponent, no grouping
    QCOMPARE(formatPercent(66.6667), QStringLiteral("66.7\u00a0%"));
    QCOMPARE(formatPercent(0.0456), QStringLiteral("0.046\u00a0%"));
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(formatMilliseconds(0.25), QStringLiteral("0,250\u00a0ms"));
    QCOMPARE(formatPercent(6.6667), QStringLiteral("6,7\u00a0%"));
    QLocale::setDefault(QLocale::c());
}

void TestProfileViews::timeShownOnHoverAndSelection()
{
    MainWindow w;
    QVERIFY(openAndWait(w, kDemo));
    const HandProfile h = handProfile(*w.currentResult().primary);
    QCOMPARE(h.report.totalMs, 3.75);
    w.showProfileOnGraph(h.report, kDemo, QStringLiteral("INT8 \u00b7 1 thread \u00b7 optimized"));
    GraphScene* scene = w.graphPanel()->scene();

    // Tooltip: 2.5 ms per run, 2.5 / 3.75 = 66.7 % of the total.
    const QString slowTip = scene->nodeItem(h.slow)->toolTip();
    QVERIFY2(slowTip.contains(QStringLiteral("2.50\u00a0ms")), qPrintable(slowTip));
    QVERIFY2(slowTip.contains(QStringLiteral("66.7\u00a0%")), qPrintable(slowTip));
    QVERIFY(scene->nodeItem(h.slow)->toolTip().contains(QStringLiteral("ConvInteger"))); // the name stays
    QVERIFY(scene->nodeItem(h.fast)->toolTip().contains(QStringLiteral("0.250\u00a0ms")));
    QVERIFY(scene->nodeItem(h.fast)->toolTip().contains(QStringLiteral("6.7\u00a0%")));
    QVERIFY(scene->nodeItem(h.idle)->toolTip().contains(QStringLiteral("No time measured")));

    // Selection: the Properties panel leads with the same numbers and names the profile.
    scene->selectNode(h.middle);
    // (toPlainText() turns the no-break spaces between number and unit into plain ones.)
    QString text = w.propertiesPanel()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("Measured time")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("1.00 ms")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("26.7 %")), qPrintable(text)); // 1 / 3.75
    QVERIFY(text.contains(QStringLiteral("of 3.75 ms")));
    QVERIFY(text.contains(QStringLiteral("INT8 \u00b7 1 thread \u00b7 optimized")));
    scene->selectNode(h.idle);
    QVERIFY(w.propertiesPanel()->toPlainText().contains(QStringLiteral("no time for this node")));

    // Another model: its node ids mean other nodes, so the times go.
    QVERIFY(openAndWait(w, kDemoFloat));
    QVERIFY(w.graphPanel()->nodeTimes().isEmpty());
    QVERIFY(!w.graphPanel()->scene()->nodeItem(0)->toolTip().contains(QStringLiteral("ms")));
    w.graphPanel()->scene()->selectNode(0);
    QVERIFY(!w.propertiesPanel()->toPlainText().contains(QStringLiteral("Measured time")));
}

void TestProfileViews::colourByListsTime()
{
    MainWindow w;
    QVERIFY(openAndWait(w, kDemo));
    GraphPanel* panel = w.graphPanel();
    QVERIFY(!chooserItems(panel).join(u'|').contains(QStringLiteral("time")));
    const HandProfile h = handProfile(*w.currentResult().primary);
    w.showProfileOnGraph(h.report, kDemo, {});
    QCOMPARE(chooserItems(panel),
        QStringList(
            { QStringLiteral("Node category"), QStringLiteral("MACs per node"), QStringLiteral("Weight bytes per node"),
                QStringLiteral("Time per node"), QStringLiteral("Share of time per node") }));
    auto* chooser = panel->findChild<QComboBox*>(QStringLiteral("overlayChooser"));
    QCOMPARE(chooser->currentText(), QStringLiteral("Time per node"));
    QCOMPARE(panel->scene()->overlay().unit(), QStringLiteral("ms"));
    QCOMPARE(panel->scene()->nodeItem(h.slow)->fillColor(), MetricOverlay::rampColor(1.0));
    // Away from time and back: the profile stays listed and colours again.
    chooser->setCurrentIndex(1);
    QCOMPARE(panel->scene()->overlay().unit(), QString());
    chooser->setCurrentIndex(4);
    QCOMPARE(panel->scene()->overlay().unit(), QStringLiteral("%"));
    QVERIFY(qAbs(panel->scene()->overlay().value(h.slow).value_or(-1) - 100.0 * 2.5 / 3.75) < 1e-9);
    // The times stay in the tooltips whatever colours the graph.
    chooser->setCurrentIndex(0);
    QVERIFY(panel->scene()->nodeItem(h.slow)->toolTip().contains(QStringLiteral("2.50\u00a0ms")));
    // Another model drops the entries and falls back to the category colours.
    chooser->setCurrentIndex(3);
    QVERIFY(openAndWait(w, kDemoFloat));
    QCOMPARE(chooser->count(), 3);
    QCOMPARE(chooser->currentIndex(), 0);
    QVERIFY(panel->scene()->overlay().isEmpty());
}

void TestProfileViews::legendFormatsNumbers()
{
    for (const bool german : { false, true }) {
        if (german)
            QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        MainWindow w;
        QVERIFY(openAndWait(w, kDemo));
        const HandProfile h = handProfile(*w.currentResult().primary);
        w.showProfileOnGraph(h.report, kDemo, {});
        const auto* legend = w.graphPanel()->findChild<LegendWidget*>();
        QVERIFY(legend);
        // The ends of the time scale: 0.25 ms (the Mul) and 2.5 ms (the first ConvInteger).
        QString text = legend->text();
        QVERIFY2(text.contains(german ? QStringLiteral("0,250&nbsp;ms") : QStringLiteral("0.250&nbsp;ms"))
                || text.contains(german ? QStringLiteral("0,250\u00a0ms") : QStringLiteral("0.250\u00a0ms")),
            qPrintable(text));
        QVERIFY2(text.contains(german ? QStringLiteral("2,50") : QStringLiteral("2.50")), qPrintable(text));
        w.graphPanel()->findChild<QComboBox*>(QStringLiteral("overlayChooser"))->setCurrentIndex(4);
        text = legend->text();
        QVERIFY2(text.contains(german ? QStringLiteral("6,7") : QStringLiteral("6.7")), qPrintable(text));
        QVERIFY2(text.contains(german ? QStringLiteral("66,7") : QStringLiteral("66.7")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("\u00a0%")) || text.contains(QStringLiteral("&nbsp;%")));
        QVERIFY(!text.contains(QStringLiteral("e-0")));
    }
    QLocale::setDefault(QLocale::c());
}

void TestProfileViews::hotspotModelRows()
{
    auto r = loadAndLayout(kDemo, {});
    QVERIFY(r.isOk());
    const HandProfile h = handProfile(**r);
    HotspotModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(HotspotModel::SortRole);
    proxy.sort(HotspotModel::TimeColumn, Qt::DescendingOrder);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setProfile(std::make_shared<const ProfileReport>(h.report));
    // Slowest nodes: the three that ran, slowest first.
    QCOMPARE(proxy.rowCount(), 3);
    const auto cell
        = [&proxy](int row, int column, int role = Qt::DisplayRole) { return proxy.index(row, column).data(role); };
    QCOMPARE(cell(0, HotspotModel::NameColumn, HotspotModel::NodeIdRole).toLongLong(), qlonglong(h.slow));
    QCOMPARE(cell(0, HotspotModel::DetailColumn).toString(), QStringLiteral("ConvInteger"));
    QCOMPARE(cell(0, HotspotModel::TimeColumn).toString(), QStringLiteral("2.50\u00a0ms"));
    QCOMPARE(cell(0, HotspotModel::ShareColumn).toString(), QStringLiteral("66.7\u00a0%"));
    QCOMPARE(cell(1, HotspotModel::NameColumn, HotspotModel::NodeIdRole).toLongLong(), qlonglong(h.middle));
    QCOMPARE(cell(2, HotspotModel::NameColumn, HotspotModel::NodeIdRole).toLongLong(), qlonglong(h.fast));
    // Sorting by share in ascending order puts the Mul first; the numbers sort as numbers, not as text.
    proxy.sort(HotspotModel::ShareColumn, Qt::AscendingOrder);
    QCOMPARE(cell(0, HotspotModel::NameColumn, HotspotModel::NodeIdRole).toLongLong(), qlonglong(h.fast));
    // Op types: ConvInteger 2.5 + 1 = 3.5 ms over 2 nodes (93.3 %), its row selects the slower ConvInteger.
    model.setMode(HotspotModel::Mode::OpTypes);
    proxy.sort(HotspotModel::TimeColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.rowCount(), 2);
    QCOMPARE(model.headerData(HotspotModel::NameColumn, Qt::Horizontal).toString(), QStringLiteral("Op type"));
    QCOMPARE(cell(0, HotspotModel::NameColumn).toString(), QStringLiteral("ConvInteger"));
    QCOMPARE(cell(0, HotspotModel::DetailColumn).toString(), QStringLiteral("2"));
    QCOMPARE(cell(0, HotspotModel::TimeColumn).toString(), QStringLiteral("3.50\u00a0ms"));
    QCOMPARE(cell(0, HotspotModel::ShareColumn).toString(), QStringLiteral("93.3\u00a0%"));
    QCOMPARE(cell(0, HotspotModel::NameColumn, HotspotModel::NodeIdRole).toLongLong(), qlonglong(h.slow));
    QCOMPARE(cell(1, HotspotModel::NameColumn).toString(), QStringLiteral("Mul"));
    // Filter: any column, case-insensitive.
    proxy.setFilterKeyColumn(-1);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy.setFilterFixedString(QStringLiteral("mul"));
    QCOMPARE(proxy.rowCount(), 1);
    model.setProfile(nullptr);
    QCOMPARE(proxy.rowCount(), 0);
}

void TestProfileViews::hotspotRowSelectsAndCentresNode()
{
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, kDemo));
    const HandProfile h = handProfile(*w.currentResult().primary);
    HotspotPanel* hotspots = w.hotspotPanel();
    QCOMPARE(hotspots->proxy()->rowCount(), 0);
    w.showProfileOnGraph(h.report, kDemo, {});
    QCOMPARE(hotspots->proxy()->rowCount(), 3);
    // Away from the graph, with the view elsewhere: a click on the middle row brings both back to its node.
    w.centralTabs()->setCurrentWidget(w.resultsPanel());
    GraphView* view = w.graphPanel()->view();
    view->centerOn(-5000, -5000);
    QTableView* table = hotspots->table();
    const QModelIndex row1 = hotspots->proxy()->index(1, HotspotModel::NameColumn);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(row1).center());
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.graphPanel()));
    QCOMPARE(w.graphPanel()->scene()->selectedNode(), h.middle);
    const QPointF centre = view->mapToScene(view->viewport()->rect().center());
    QVERIFY(w.graphPanel()->scene()->nodeItem(h.middle)->sceneBoundingRect().adjusted(-2, -2, 2, 2).contains(centre));
    QVERIFY(w.propertiesPanel()->toPlainText().contains(QStringLiteral("1.00 ms")));
    // Keyboard: the next row follows in the graph.
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(w.graphPanel()->scene()->selectedNode(), h.fast);
    // Op types: the ConvInteger row selects the slower ConvInteger.
    hotspots->setMode(1);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
        table->visualRect(hotspots->proxy()->index(0, HotspotModel::NameColumn)).center());
    QCOMPARE(w.graphPanel()->scene()->selectedNode(), h.slow);
    // Another model: the table empties.
    QVERIFY(openAndWait(w, kDemoFloat));
    QCOMPARE(hotspots->proxy()->rowCount(), 0);
}

// A profiled run of the model on screen puts time under "Colour by" (and in tooltips and Hotspots) as soon as the run
// is shown, before any "Colour Graph by Time"; the colours stay what the user chose.
void TestProfileViews::profiledRunOffersTime()
{
    QTemporaryDir dir;
    MainWindow w;
    QVERIFY(openAndWait(w, kDemo));
    w.runsPanel()->setRunFolder(dir.path());
    w.runsPanel()->setSettings(1, 1, 3, 0, true);
    QSignalSpy finished(w.runsPanel(), &RunsPanel::runFinished);
    w.runsPanel()->startRun();
    QVERIFY(finished.wait(120000));
    GraphPanel* panel = w.graphPanel();
    QVERIFY(!panel->nodeTimes().isEmpty());
    QVERIFY(chooserItems(panel).contains(QStringLiteral("Time per node")));
    QCOMPARE(panel->findChild<QComboBox*>(QStringLiteral("overlayChooser"))->currentIndex(), 0);
    QVERIFY(panel->scene()->overlay().isEmpty());
    const ScenarioRecord& s = w.resultsPanel()->run()->scenarios.front();
    QVERIFY(s.profile);
    QCOMPARE(panel->nodeTimes().totalMs(), s.profile->totalMs);
    QVERIFY(w.hotspotPanel()->proxy()->rowCount() > 0);
    QCOMPARE(w.hotspotPanel()->proxy()->rowCount(), static_cast<int>(s.profile->nodes.size()));
}

// The demo's graph coloured by the hand profile with the slowest node selected and its tooltip's text in the
// Properties panel, at 1920x1080 and 1366x768, in English and German, written to $QS_UI_SCREENSHOT_DIR.
void TestProfileViews::screenshots()
{
    const QString dir = qs::test::screenshotDir();
    if (dir.isEmpty())
        QSKIP("set QS_UI_SCREENSHOT_DIR to write screenshots");
    const bool translated = qs::test::forEachScreenshotSetting(
        QStringLiteral(QS_GERMAN_QM), [&](const char* lang, QSize size) {
            MainWindow w;
            w.resize(size);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(openAndWait(w, kDemo));
            const HandProfile h = handProfile(*w.currentResult().primary);
            w.showProfileOnGraph(h.report, kDemo, QStringLiteral("INT8 \u00b7 1 thread \u00b7 optimized"));
            w.graphPanel()->showNode(h.slow);
            if (auto* d = w.findChild<QDockWidget*>(QStringLiteral("HotspotsDock"))) {
                d->show();
                d->raise();
            }
            QTest::qWait(300);
            const QString name
                = QStringLiteral("profile_%1_%2x%3.png").arg(QLatin1String(lang)).arg(size.width()).arg(size.height());
            QVERIFY(w.grab().save(QDir(dir).filePath(name)));
            // The hover tooltip of the slowest node, as QGraphicsView shows it.
            GraphView* view = w.graphPanel()->view();
            const QPoint at
                = view->mapFromScene(w.graphPanel()->scene()->nodeItem(h.slow)->sceneBoundingRect().center());
            QHelpEvent help(QEvent::ToolTip, at, view->viewport()->mapToGlobal(at));
            QCoreApplication::sendEvent(view->viewport(), &help);
            QWidget* tip = nullptr;
            QTRY_VERIFY((tip = [] {
                for (QWidget* t : QApplication::topLevelWidgets())
                    if (t->inherits("QTipLabel") && t->isVisible())
                        return t;
                return static_cast<QWidget*>(nullptr);
            }()));
            QVERIFY(tip->grab().save(
                QDir(dir).filePath(QStringLiteral("tooltip_%1_%2.png").arg(QLatin1String(lang)).arg(size.width()))));
            QToolTip::hideText();
        });
    QVERIFY(translated);
}

QS_UI_TEST_MAIN(TestProfileViews)
#include "tst_profile_views.moc"
