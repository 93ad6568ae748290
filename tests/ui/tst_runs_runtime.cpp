// SPDX-License-Identifier: MIT
// The Runs dock's runtime choice: with onnxruntime-node found (QS_ORT_NODE, set by ctest to the ort_node fixture's
// cache), choosing ONNX Runtime puts that runtime and the adapter found into the benchmark request, and a run measures
// the demo pair in ONNX Runtime through it; with no adapter anywhere the choice says "not found" and how to get one.
#include "demo_pair.h"
#include "panels/runs_panel.h"
#include "ui_test_main.h"
#include "workers/benchmark_controller.h"
#include "workers/benchmark_request.h"

#include <quantscope/engine/run_file.h>
#include <quantscope/engine/runtime_discovery.h>

#include <QComboBox>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <filesystem>

using namespace qs;
using namespace qs::ui;

class TestRunsRuntime : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void foundAdapterGoesIntoTheRequest();
    void noAdapterTheChoiceSaysSo();

private:
    LoadResult m_pair;
};

namespace {

QComboBox* runtimeCombo(RunsPanel& panel)
{
    return panel.findChild<QComboBox*>(QStringLiteral("runtimeCombo"));
}

} // namespace

void TestRunsRuntime::initTestCase()
{
    const auto pair = test::loadDemoPair();
    QVERIFY(pair);
    m_pair = *pair;
}

void TestRunsRuntime::foundAdapterGoesIntoTheRequest()
{
    const QByteArray node = qgetenv("QS_ORT_NODE");
    if (node.isEmpty()
        || !std::filesystem::exists(std::filesystem::path(node.toStdString()) / "node_modules" / "onnxruntime-node"))
        QSKIP("onnxruntime-node is not installed (see the ort_node_setup test)");
    QTemporaryDir dir;
    RunsPanel panel;
    panel.setRunFolder(dir.path());
    panel.setModels(m_pair);
    QSignalSpy detected(&panel, &RunsPanel::runtimesDetected);
    panel.show(); // the first show starts the detection
    QVERIFY(detected.wait(60000));
    QComboBox* combo = runtimeCombo(panel);
    QVERIFY(combo);
    QCOMPARE(combo->itemText(1), QStringLiteral("ONNX Runtime"));
    QVERIFY2(combo->itemData(1, Qt::ToolTipRole).toString().contains(QStringLiteral("node")),
        qPrintable(combo->itemData(1, Qt::ToolTipRole).toString()));

    combo->setCurrentIndex(1);
    BenchmarkRequest request;
    QString error;
    QVERIFY2(panel.buildRequest(request, &error), qPrintable(error));
    QCOMPARE(request.plan.runtimes, std::vector<Runtime> { Runtime::OnnxRuntime });
    QVERIFY(request.ortAdapter);
    QCOMPARE(request.ortAdapter->adapter, std::string("node"));
    // The adapter found is the onnxruntime-node that QS_ORT_NODE names.
    QVERIFY(request.ortAdapter->environment.count("QS_ORT_NODE_MODULE"));
    QVERIFY2(QString::fromStdString(request.ortAdapter->environment.at("QS_ORT_NODE_MODULE"))
                 .startsWith(QString::fromLocal8Bit(node)),
        request.ortAdapter->environment.at("QS_ORT_NODE_MODULE").c_str());

    combo->setCurrentIndex(2);
    QVERIFY(panel.buildRequest(request, &error));
    QCOMPARE(request.plan.runtimes, (std::vector<Runtime> { Runtime::Quantscope, Runtime::OnnxRuntime }));
    QVERIFY(request.ortAdapter);
    combo->setCurrentIndex(0);
    QVERIFY(panel.buildRequest(request, &error));
    QCOMPARE(request.plan.runtimes, std::vector<Runtime> { Runtime::Quantscope });
    QVERIFY(!request.ortAdapter);

    // The run itself: the demo pair measured in ONNX Runtime through that adapter.
    combo->setCurrentIndex(1);
    panel.setSettings(1, 1, 3, 0, false);
    QSignalSpy finished(&panel, &RunsPanel::runFinished);
    panel.startRun();
    QVERIFY(finished.wait(120000));
    auto record = readRunFile(finished.at(0).at(0).toString().toStdString());
    QVERIFY(record);
    QCOMPARE(record->scenarios.size(), size_t(2));
    for (const ScenarioRecord& s : record->scenarios) {
        QCOMPARE(s.runtime, Runtime::OnnxRuntime);
        QVERIFY2(s.status == ScenarioStatus::Ok, s.error.c_str());
        QCOMPARE(s.latenciesMs.size(), size_t(3));
        QVERIFY(s.runtimeInfo);
        QCOMPARE(s.runtimeInfo->adapter, std::string("node"));
    }
}

void TestRunsRuntime::noAdapterTheChoiceSaysSo()
{
    // Python's onnxruntime is not installed on the build machines; where it is, "none found" cannot be staged.
    RuntimeDiscoveryOptions pythonOnly;
    pythonOnly.probeNode = false;
    if (discoverRuntimeAdapters(pythonOnly).front().available)
        QSKIP("python3 has onnxruntime here: no adapter-less machine to stage");
    const QByteArray node = qgetenv("QS_ORT_NODE");
    const QByteArray nodePath = qgetenv("NODE_PATH");
    QTemporaryDir emptyCache;
    qunsetenv("QS_ORT_NODE");
    qunsetenv("NODE_PATH");
    qputenv("QS_ORT_CACHE", emptyCache.path().toLocal8Bit());
    RunsPanel panel;
    panel.setModels(m_pair);
    QSignalSpy detected(&panel, &RunsPanel::runtimesDetected);
    panel.detectRuntimes();
    const bool done = detected.wait(60000);
    qputenv("QS_ORT_NODE", node);
    qputenv("NODE_PATH", nodePath);
    qunsetenv("QS_ORT_CACHE");
    QVERIFY(done);
    QComboBox* combo = runtimeCombo(panel);
    QCOMPARE(combo->itemText(1), QStringLiteral("ONNX Runtime (not found)"));
    QCOMPARE(combo->itemText(2), QStringLiteral("Both (ONNX Runtime not found)"));
    const QString tip = combo->itemData(1, Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("npm install --ignore-scripts onnxruntime-node@1.30.0")), qPrintable(tip));
    QVERIFY(!panel.ortAdapter());
    // The choice stays possible: the worker then looks again, and the scenarios say how to get a runtime.
    combo->setCurrentIndex(1);
    BenchmarkRequest request;
    QString error;
    QVERIFY2(panel.buildRequest(request, &error), qPrintable(error));
    QCOMPARE(request.plan.runtimes, std::vector<Runtime> { Runtime::OnnxRuntime });
    QVERIFY(!request.ortAdapter);
}

QS_UI_TEST_MAIN(TestRunsRuntime)
#include "tst_runs_runtime.moc"
