// SPDX-License-Identifier: MIT
// Graph scene against the engine and the shared README: node items, boundary items, find, overlay, export.
#include "graph/edge_item.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/metric_overlay.h"
#include "graph/node_item.h"
#include "ui_test_main.h"
#include "util/weight_stats.h"
#include "workers/loaded_model.h"

#include <quantscope/engine/op_schema_docs.h>
#include <quantscope/engine/profile_collector.h>

#include <QImage>
#include <QTemporaryDir>

#include <map>

using namespace qs;
using namespace qs::ui;

namespace {
using BoundaryCounts = std::map<NodeCategory, int>;

// These cases index nodes by id and compare totals with the README: every node drawn, constants included.
LayoutOptions everyNode()
{
    LayoutOptions o;
    o.foldConstants = false;
    return o;
}

std::shared_ptr<const LoadedModel> mustLoad(const QString& path, LayoutOptions options = everyNode())
{
    auto r = loadAndLayout(path, options);
    if (!r)
        qFatal("loading %s failed: %s", qPrintable(path), r.status().toString().c_str());
    return *r;
}
} // namespace

Q_DECLARE_METATYPE(BoundaryCounts)

class TestGraphScene : public QObject
{
    Q_OBJECT
private slots:
    void nodeItemsMatchEngine_data();
    void nodeItemsMatchEngine();
    void collapseQdqRemovesQdqNodes();
    void leftToRightLayoutIsWide();
    void findSelectsTheRightNode();
    void overlayColoursFollowMetric();
    void overlayFromEngineProfile();
    void exportWritesFiles();
    void destructionWithSelectionIsSilent();
    void weightStatsHandComputed();
    void schemaDocs();
};

void TestGraphScene::nodeItemsMatchEngine_data()
{
    QTest::addColumn<QString>("caseName");
    QTest::addColumn<int>("readmeNodes");
    QTest::addColumn<BoundaryCounts>("readmeBoundaries");
    // Counts from ../shared/README.md (independent of this code): node totals and quantization op counts.
    QTest::newRow("yolov5nu_int8_dynamic")
        << QStringLiteral("yolov5nu_int8_dynamic_seed") << 703
        << BoundaryCounts { { NodeCategory::DynamicQuantize, 63 }, { NodeCategory::IntegerCompute, 76 } };
    QTest::newRow("yolov5nu_fp32") << QStringLiteral("yolov5nu_fp32_from_seed") << 262 << BoundaryCounts {};
    QTest::newRow("resnet18_fp32") << QStringLiteral("resnet18_fp32") << 65 << BoundaryCounts {};
    QTest::newRow("resnet18_int8_qdq") << QStringLiteral("resnet18_int8_qdq_torch") << 511
                                       << BoundaryCounts { { NodeCategory::Quantize, 33 },
                                              { NodeCategory::Dequantize, 83 } };
    QTest::newRow("mobilenet_v2_fp32") << QStringLiteral("mobilenet_v2_fp32") << 209 << BoundaryCounts {};
}

void TestGraphScene::nodeItemsMatchEngine()
{
    QFETCH(QString, caseName);
    QFETCH(int, readmeNodes);
    QFETCH(BoundaryCounts, readmeBoundaries);
    const QString path = qs::test::sharedModelPath(caseName.toUtf8().constData());
    if (path.isEmpty())
        QSKIP("shared data absent (../shared is not beside the checkout)");

    const auto lm = mustLoad(path);
    const size_t engineNodes = lm->model->graph().nodes().size();
    QCOMPARE(static_cast<int>(engineNodes), readmeNodes);

    GraphScene scene;
    scene.setModel(lm);
    QCOMPARE(scene.nodeItems().size(), engineNodes);

    BoundaryCounts boundaries;
    int boundaryItems = 0;
    for (const NodeItem* item : scene.nodeItems()) {
        QCOMPARE(item->category(), lm->classification.category(item->nodeId()));
        if (isQuantizationBoundary(item->category())) {
            ++boundaries[item->category()];
            ++boundaryItems;
        }
    }
    QCOMPARE(boundaries, readmeBoundaries);
    QCOMPARE(static_cast<int64_t>(boundaryItems), lm->analysis->boundaryNodeCount);
    int64_t crossing = 0;
    for (const EdgeItem* e : scene.edgeItems())
        crossing += e->isCrossing() ? 1 : 0;
    // Every analysed crossing edge between two drawn nodes/terminals has an item.
    QVERIFY(crossing <= static_cast<int64_t>(lm->analysis->crossingEdges.size()));
    if (caseName == QLatin1String("yolov5nu_int8_dynamic_seed")) {
        // Each of the 63 DynamicQuantizeLinear nodes turns a float activation into uint8: a crossing edge each.
        int intoDynamicQuant = 0;
        for (const EdgeItem* e : scene.edgeItems())
            if (e->isCrossing() && e->edge().consumer != kNoNode
                && lm->classification.category(e->edge().consumer) == NodeCategory::DynamicQuantize)
                ++intoDynamicQuant;
        QCOMPARE(intoDynamicQuant, 63);
    }
    QVERIFY(scene.sceneRect().width() > 100);
}

void TestGraphScene::collapseQdqRemovesQdqNodes()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_int8_qdq_torch");
    LayoutOptions options = everyNode();
    options.collapseQdq = true;
    const auto lm = mustLoad(path, options);
    GraphScene scene;
    scene.setModel(lm);
    // README: 511 nodes, of which 33 QuantizeLinear and 83 DequantizeLinear.
    QCOMPARE(scene.nodeItems().size(), size_t(511 - 33 - 83));
    int absorbed = 0;
    for (const NodeItem* item : scene.nodeItems()) {
        QVERIFY(item->category() != NodeCategory::Quantize && item->category() != NodeCategory::Dequantize);
        absorbed += item->absorbedQdq();
    }
    QVERIFY(absorbed >= 83); // every DQ feeds some consumer; Qs are counted where their DQ chains end
}

void TestGraphScene::leftToRightLayoutIsWide()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_fp32");
    const auto tb = mustLoad(path);
    LayoutOptions lr;
    lr.direction = LayoutDirection::LeftToRight;
    const auto wide = relayout(*tb, lr);
    QVERIFY(wide.isOk());
    QVERIFY(tb->layout.bounds.height() > tb->layout.bounds.width());
    QVERIFY((*wide)->layout.bounds.width() > (*wide)->layout.bounds.height());
}

void TestGraphScene::findSelectsTheRightNode()
{
    QS_REQUIRE_SHARED_MODEL(path, "yolov5nu_int8_dynamic_seed");
    GraphPanel panel;
    LoadResult r;
    r.primary = mustLoad(path);
    panel.setResult(r, false);
    const Graph& g = r.primary->model->graph();

    // By op type: the README's 76 ConvInteger nodes, selected in turn.
    QCOMPARE(panel.find(QStringLiteral("convinteger")), 76);
    const NodeId first = panel.scene()->selectedNode();
    QVERIFY(first != kNoNode);
    QCOMPARE(g.node(first).opType, std::string("ConvInteger"));
    panel.findNext();
    const NodeId second = panel.scene()->selectedNode();
    QVERIFY(second != first);
    QCOMPARE(g.node(second).opType, std::string("ConvInteger"));
    panel.findPrevious();
    QCOMPARE(panel.scene()->selectedNode(), first);

    // By node name and by tensor name, taken from the engine's graph.
    const NodeId target = g.topologicalOrder().at(200);
    const QString name = QString::fromStdString(g.node(target).name);
    QVERIFY(panel.find(name) >= 1);
    QVERIFY(QString::fromStdString(g.node(panel.scene()->selectedNode()).name).contains(name));
    const QString tensor = QString::fromStdString(g.value(g.node(target).outputs.at(0)).name);
    const auto matches = panel.scene()->findNodes(tensor);
    QVERIFY(std::find(matches.begin(), matches.end(), target) != matches.end());
    QCOMPARE(panel.find(QStringLiteral("no-such-node-anywhere")), 0);
}

void TestGraphScene::overlayColoursFollowMetric()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_fp32");
    GraphScene scene;
    scene.setModel(mustLoad(path));
    // Synthetic per-node metric: value = node id for even ids, none for odd ids.
    std::unordered_map<NodeId, double> values;
    for (const NodeItem* item : scene.nodeItems())
        if (item->nodeId() % 2 == 0)
            values[item->nodeId()] = item->nodeId();
    scene.setOverlay(MetricOverlay(QStringLiteral("synthetic"), QStringLiteral("ms"), values));
    const NodeId maxId = static_cast<NodeId>(scene.nodeItems().size() - 1) & ~1;
    QCOMPARE(scene.nodeItem(0)->fillColor(), QColor(0xff, 0xff, 0xcc)); // YlOrRd low end
    QCOMPARE(scene.nodeItem(maxId)->fillColor(), QColor(0x80, 0x00, 0x26)); // YlOrRd high end
    QCOMPARE(scene.nodeItem(1)->fillColor(), MetricOverlay::noDataColor());
    // YlOrRd's green channel falls monotonically: larger metric, less green.
    for (NodeId id = 2; id <= maxId; id += 2)
        QVERIFY(scene.nodeItem(id)->fillColor().green() <= scene.nodeItem(id - 2)->fillColor().green());
    // A "lower is worse" metric (SQNR) puts its minimum at the hot end.
    scene.setOverlay(MetricOverlay(QStringLiteral("SQNR"), QStringLiteral("dB"), values, false));
    QCOMPARE(scene.nodeItem(0)->fillColor(), QColor(0x80, 0x00, 0x26));
    // Log scale: the geometric midpoint of [1, 100] sits in the middle of the ramp.
    scene.setOverlay(MetricOverlay(QStringLiteral("bytes"), QString(), { { 0, 1.0 }, { 1, 10.0 }, { 2, 100.0 } }, true,
        MetricOverlay::Scale::Log));
    QCOMPARE(scene.nodeItem(1)->fillColor(), MetricOverlay::rampColor(0.5));
    QCOMPARE(MetricOverlay::rampColor(0.5), QColor(0xfd, 0x8d, 0x3c)); // YlOrRd's middle stop
    scene.setOverlay({});
    QCOMPARE(scene.nodeItem(0)->fillColor(), categoryStyle(scene.nodeItem(0)->category()).fill);
}

void TestGraphScene::overlayFromEngineProfile()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_fp32");
    const auto lm = mustLoad(path);
    // The engine's profiler, fed hand-chosen kernel times over two runs: node 0 takes 4 ms and 6 ms (mean 5),
    // node 2 takes 1 ms twice (mean 1), node 4 takes 3 ms once (mean 1.5); every other node never ran.
    ProfileCollector collector(lm->model->graph().nodes().size());
    collector.addSample(0, 4.0);
    collector.addSample(2, 1.0);
    collector.addSample(4, 3.0);
    collector.endRun();
    collector.addSample(0, 6.0);
    collector.addSample(2, 1.0);
    collector.endRun();
    const ProfileReport report = collector.report(*lm->model);

    GraphScene scene;
    scene.setModel(lm);
    const MetricOverlay mean = MetricOverlay::fromProfile(report, MetricOverlay::ProfileMetric::MeanTime);
    QCOMPARE(mean.value(0).value_or(-1), 5.0);
    QCOMPARE(mean.value(2).value_or(-1), 1.0);
    QCOMPARE(mean.value(4).value_or(-1), 1.5);
    QVERIFY(!mean.value(1));
    scene.setOverlay(mean);
    QCOMPARE(scene.nodeItem(0)->fillColor(), MetricOverlay::rampColor(1.0)); // the slowest node is the hot end
    QCOMPARE(scene.nodeItem(2)->fillColor(), MetricOverlay::rampColor(0.0));
    QCOMPARE(scene.nodeItem(4)->fillColor(), MetricOverlay::rampColor(0.125)); // (1.5 - 1) / (5 - 1)
    QCOMPARE(scene.nodeItem(1)->fillColor(), MetricOverlay::noDataColor());
    // Shares: 5 / 7.5 of the per-run total for node 0.
    const MetricOverlay share = MetricOverlay::fromProfile(report, MetricOverlay::ProfileMetric::ShareOfTime);
    QVERIFY(qAbs(share.value(0).value_or(-1) - 100.0 * 5.0 / 7.5) < 1e-9);
}

void TestGraphScene::exportWritesFiles()
{
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_fp32");
    GraphScene scene;
    scene.setModel(mustLoad(path));
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("graph.png"));
    const QString svg = dir.filePath(QStringLiteral("graph.svg"));
    QVERIFY2(scene.exportPng(png, 1.0, &error), qPrintable(error));
    QVERIFY2(scene.exportSvg(svg, &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), qRound(scene.sceneRect().width()));
    QVERIFY(QFileInfo(svg).size() > 10000);
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("Conv")); // node labels are real text in the drawing
}

void TestGraphScene::destructionWithSelectionIsSilent()
{
    // Regression: deleting a scene with a selected node emitted nodeSelected after the scene's model was destroyed
    // (a double free when the app closed with a node selected).
    QS_REQUIRE_SHARED_MODEL(path, "resnet18_fp32");
    auto* scene = new GraphScene;
    scene->setModel(mustLoad(path));
    scene->selectNode(3);
    QCOMPARE(scene->selectedNode(), NodeId(3));
    QObject context;
    int emittedDuringDestruction = 0;
    connect(scene, &GraphScene::nodeSelected, &context, [&] { ++emittedDuringDestruction; });
    delete scene;
    QCOMPARE(emittedDuringDestruction, 0);
}

void TestGraphScene::weightStatsHandComputed()
{
    const std::vector<float> v { 0.0f, 0.0f, 1.0f, 2.0f, -3.0f };
    const WeightStats s = computeWeightStats(Tensor::fromVector(DataType::Float, { 5 }, v), 5);
    QCOMPARE(s.count, int64_t(5));
    QCOMPARE(s.min, -3.0);
    QCOMPARE(s.max, 2.0);
    QCOMPARE(s.mean, 0.0);
    QVERIFY(qAbs(s.stddev - std::sqrt(14.0 / 5.0)) < 1e-12); // sum of squares 0+0+1+4+9
    QCOMPARE(s.sparsity, 0.4);
    QCOMPARE(s.histogram, (std::vector<int64_t> { 1, 0, 0, 2, 2 })); // bins of width 1 over [-3, 2]
}

void TestGraphScene::schemaDocs()
{
    // The ONNX spec's text for DynamicQuantizeLinear defines y_scale from the input range via qmax/qmin.
    const auto dql = opSchemaDoc("DynamicQuantizeLinear", "", 13);
    QVERIFY(dql.has_value());
    QVERIFY(dql->doc.find("qmax") != std::string::npos);
    QCOMPARE(dql->sinceVersion, int64_t(11));
    QCOMPARE(dql->outputs.size(), size_t(3));
    QCOMPARE(dql->outputs[1].name, std::string("y_scale"));
    const auto convInt = opSchemaDoc("ConvInteger", "ai.onnx", 13);
    QVERIFY(convInt && convInt->inputs.size() == 4 && convInt->inputs[3].name == "w_zero_point");
    const auto qgemm = opSchemaDoc("QGemm", "com.microsoft", 1);
    QVERIFY(qgemm && qgemm->builtIn && qgemm->inputs.at(1).name == "a_scale");
    QVERIFY(!opSchemaDoc("NoSuchOp", "", 13));
}

QS_UI_TEST_MAIN(TestGraphScene)
#include "tst_graph_scene.moc"
