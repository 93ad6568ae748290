// SPDX-License-Identifier: MIT
// The layout process (quantscope-layout) and the GUI's reading of its answer: a real two-node layout checked against
// what dot does by definition (a top-to-bottom graph puts the tail above the head), hand-written outputs for the
// parser, and a helper that fails, crashes or is missing, each with a message instead of a crash.
#include "graph/layout_process.h"
#include "ui_test_main.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <atomic>
#include <chrono>
#include <thread>

using namespace qs;
using namespace qs::ui;

class TestLayoutProcess : public QObject
{
    Q_OBJECT
private slots:
    void twoNodesAreLaidOutTopToBottom();
    void parsesTheDocumentedFormat();
    void malformedOutputNamesTheLine();
    void truncatedOutputIsAnError();
    void failingHelperGivesItsMessage();
    void crashingHelperIsReported();
    void missingHelperSaysWhereItLooked();
    void cancelKillsTheProcess();

private:
    /// Runs `script` (a shell script) as the layout helper for one call.
    Result<ProcessLayout> runWithHelperScript(const QByteArray& script, const std::string& dot = "digraph g {}");
};

Result<ProcessLayout> TestLayoutProcess::runWithHelperScript(const QByteArray& script, const std::string& dot)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("helper.sh"));
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("#!/bin/sh\n" + script + "\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qputenv("QS_LAYOUT_HELPER", path.toLocal8Bit());
    auto r = runLayoutProcess(dot, "test.onnx", nullptr);
    qunsetenv("QS_LAYOUT_HELPER");
    return r;
}

void TestLayoutProcess::twoNodesAreLaidOutTopToBottom()
{
    QVERIFY2(!layoutHelperPath().isEmpty(), "quantscope-layout is not beside the test binary");
    const std::string dot = "digraph g { rankdir=TB; node [shape=box, fixedsize=true, label=\"\"];\n"
                            "a [width=1.5, height=0.5]; b [width=1, height=0.5]; a -> b [id=e0]; }";
    auto r = runLayoutProcess(dot, "two.onnx", nullptr);
    QVERIFY2(r.isOk(), r.status().toString().c_str());
    QCOMPARE(r->nodes.size(), size_t(2));
    const auto& a = r->nodes.at("a");
    const auto& b = r->nodes.at("b");
    QCOMPARE(a.widthInches, 1.5); // fixedsize: dot keeps the sizes given
    QCOMPARE(b.heightInches, 0.5);
    QVERIFY(a.centre.y() > b.centre.y()); // Graphviz's y points up: the tail's rank is above the head's
    QCOMPARE(a.centre.x(), b.centre.x()); // one edge, no reason to shift either box
    const auto& e = r->edges.at("e0");
    QVERIFY(e.bezier.size() >= 4 && (e.bezier.size() - 1) % 3 == 0); // start + triples of control points
    QVERIFY(e.hasArrowEnd);
    QVERIFY(r->upperRight.y() > r->lowerLeft.y());
}

void TestLayoutProcess::parsesTheDocumentedFormat()
{
    auto r = parseLayoutOutput("qs-layout 1\nbb 0 0 100 200\nnode n0 50 150 1.25 0.5\n"
                               "edge e3 4 50 132 50 120 50 110 50 100 1 50 80\nend\n");
    QVERIFY2(r.isOk(), r.status().toString().c_str());
    QCOMPARE(r->upperRight, QPointF(100, 200));
    QCOMPARE(r->nodes.at("n0").centre, QPointF(50, 150));
    QCOMPARE(r->nodes.at("n0").widthInches, 1.25);
    QCOMPARE(r->edges.at("e3").bezier.size(), size_t(4));
    QCOMPARE(r->edges.at("e3").bezier[1], QPointF(50, 120));
    QVERIFY(r->edges.at("e3").hasArrowEnd);
    QCOMPARE(r->edges.at("e3").arrowEnd, QPointF(50, 80));
}

void TestLayoutProcess::malformedOutputNamesTheLine()
{
    auto r = parseLayoutOutput("qs-layout 1\nbb 0 0 100 200\nnode n0 50 1,5 1 1\nend\n");
    QVERIFY(!r.isOk());
    QVERIFY2(r.status().message().find("line 3") != std::string::npos, r.status().message().c_str());
    QVERIFY(!parseLayoutOutput("something else\n").isOk());
    QVERIFY(!parseLayoutOutput("qs-layout 1\nbb 0 0 1 1\nedge e0 2 1 1 end\nend\n").isOk()); // fewer points
}

void TestLayoutProcess::truncatedOutputIsAnError()
{
    auto r = parseLayoutOutput("qs-layout 1\nbb 0 0 100 200\nnode n0 50 150 1 1\n");
    QVERIFY(!r.isOk());
    QVERIFY(r.status().message().find("ended early") != std::string::npos);
}

void TestLayoutProcess::failingHelperGivesItsMessage()
{
    auto r = runWithHelperScript("echo 'quantscope-layout: no memory' >&2; exit 2");
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), StatusCode::Internal);
    QVERIFY2(r.status().message().find("Graphviz layout of test.onnx failed: quantscope-layout: no memory")
            != std::string::npos,
        r.status().message().c_str());
}

void TestLayoutProcess::crashingHelperIsReported()
{
    auto r = runWithHelperScript("kill -SEGV $$");
    QVERIFY(!r.isOk());
    QVERIFY2(r.status().message().find("crashed") != std::string::npos, r.status().message().c_str());
}

void TestLayoutProcess::missingHelperSaysWhereItLooked()
{
    qputenv("QS_LAYOUT_HELPER", "/nonexistent/quantscope-layout");
    auto r = runLayoutProcess("digraph g {}", "m.onnx", nullptr);
    qunsetenv("QS_LAYOUT_HELPER");
    QVERIFY(!r.isOk());
    QVERIFY2(
        r.status().message().find("/nonexistent/quantscope-layout") != std::string::npos, r.status().message().c_str());
}

void TestLayoutProcess::cancelKillsTheProcess()
{
    // A helper that would sleep for an hour: cancel set after it started ends the call promptly with Cancelled.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("slow.sh"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\nexec sleep 3600\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qputenv("QS_LAYOUT_HELPER", path.toLocal8Bit());
    std::atomic<bool> cancel { false };
    QElapsedTimer t;
    t.start();
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel = true;
    });
    auto r = runLayoutProcess("digraph g {}", "m.onnx", &cancel);
    canceller.join();
    qunsetenv("QS_LAYOUT_HELPER");
    QCOMPARE(r.status().code(), StatusCode::Cancelled);
    QVERIFY2(t.elapsed() < 30000, "cancel waited for the helper"); // generous: it is ~300 ms
}

QS_UI_TEST_MAIN(TestLayoutProcess)
#include "tst_layout_process.moc"
