// SPDX-License-Identifier: MIT
// Settings -> Runtimes: detection runs off the GUI thread; with onnxruntime-node (QS_ORT_NODE, set by ctest to the
// ort_node_setup cache folder) it is listed as found; with nothing it says how to get one; the Python adapter always
// carries the "not verified here" note.
#include "dialogs/runtimes_dialog.h"
#include "ui_test_main.h"

#include <QSignalSpy>
#include <QTextBrowser>

#include <filesystem>
#include <unistd.h>

using namespace qs::ui;

class TestRuntimesDialog : public QObject
{
    Q_OBJECT
private slots:
    void nothingFoundSaysHowToGetOne();
    void findsOnnxruntimeNode();
};

namespace {
QString detectedText(RuntimesDialog& dialog)
{
    QSignalSpy spy(&dialog, &RuntimesDialog::detected);
    if (spy.isEmpty())
        spy.wait(60000);
    return dialog.findChild<QTextBrowser*>(QStringLiteral("runtimesText"))->toPlainText();
}
} // namespace

void TestRuntimesDialog::nothingFoundSaysHowToGetOne()
{
    const QByteArray node = qgetenv("QS_ORT_NODE");
    const auto empty = std::filesystem::temp_directory_path() / ("qs_no_ort_" + std::to_string(::getpid()));
    std::filesystem::create_directories(empty);
    qunsetenv("QS_ORT_NODE");
    qunsetenv("NODE_PATH");
    qputenv("QS_ORT_CACHE", QByteArray::fromStdString(empty.string()));
    RuntimesDialog dialog;
    const QString text = detectedText(dialog);
    qputenv("QS_ORT_NODE", node);
    qunsetenv("QS_ORT_CACHE");
    std::filesystem::remove_all(empty);
    QVERIFY2(text.contains(QStringLiteral("Node.js adapter (onnxruntime-node): not found")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("npm install --ignore-scripts onnxruntime-node@1.30.0")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Not verified against a real installation here")), qPrintable(text));
}

void TestRuntimesDialog::findsOnnxruntimeNode()
{
    const QByteArray node = qgetenv("QS_ORT_NODE");
    if (node.isEmpty()
        || !std::filesystem::exists(std::filesystem::path(node.toStdString()) / "node_modules" / "onnxruntime-node"))
        QSKIP("onnxruntime-node is not installed (see the ort_node_setup test)");
    RuntimesDialog dialog;
    const QString text = detectedText(dialog);
    QVERIFY2(text.contains(QStringLiteral("Node.js adapter (onnxruntime-node): found")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("onnxruntime-node 1.30.0")), qPrintable(text));
}

QS_UI_TEST_MAIN(TestRuntimesDialog)
#include "tst_runtimes_dialog.moc"
