// SPDX-License-Identifier: MIT
// The MIME types `cmake --install` registers (resources/linux/quantscope-mime.xml) recognise what Quantscope really
// writes and reads, as Qt's MIME database (KDE's file managers) sees them: ONNX models by name, run files written by
// the engine by their content, the names the GUI gives its run files by name, and session files by name. XDG_DATA_DIRS
// points at the staged install first (set by ctest).
#include "workers/benchmark_worker.h"

#include <quantscope/engine/run_file.h>
#include <quantscope/engine/run_record.h>
#include <quantscope/engine/session_file.h>

#include <QFileInfo>
#include <QMimeDatabase>
#include <QTemporaryDir>
#include <QTest>

class TestDesktopMime : public QObject
{
    Q_OBJECT
private slots:
    void onnxModelsByName()
    {
        const QMimeType type = QMimeDatabase().mimeTypeForFile(QStringLiteral(QS_DEMO_DIR "/demo_int8_dynamic.onnx"));
        QCOMPARE(type.name(), QStringLiteral("application/x-onnx"));
        QCOMPARE(type.comment(), QStringLiteral("ONNX model"));
    }

    void runFilesByContent()
    {
        qs::RunRecord record;
        record.createdUtc = "2026-11-26T12:00:00Z";
        const std::string text = qs::runRecordToJson(record);
        const QMimeType type = QMimeDatabase().mimeTypeForData(QByteArray::fromStdString(text));
        QCOMPARE(type.name(), QStringLiteral("application/x-quantscope-run"));
        QVERIFY(type.inherits(QStringLiteral("application/json")));
        // Other JSON is not taken for a run file.
        QVERIFY(QMimeDatabase().mimeTypeForData(QByteArray(R"({"schema": "something-else", "runs": []})")).name()
            != QStringLiteral("application/x-quantscope-run"));
    }

    void runFilesTheGuiWritesByName()
    {
        QTemporaryDir dir;
        qs::RunRecord record;
        record.models.resize(2);
        record.models[0].id = "demo_fp32";
        record.models[1].id = "demo_int8_dynamic";
        const QString path = qs::ui::BenchmarkWorker::runFilePath(dir.path(), record);
        QCOMPARE(QMimeDatabase().mimeTypeForFile(path, QMimeDatabase::MatchExtension).name(),
            QStringLiteral("application/x-quantscope-run"));
        QCOMPARE(QMimeDatabase()
                     .mimeTypeForFile(dir.filePath(QStringLiteral("results.json")), QMimeDatabase::MatchExtension)
                     .name(),
            QStringLiteral("application/json"));
    }

    void sessionFilesByName()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("comparison.qsession"));
        QVERIFY(qs::writeSessionFile(path.toStdString(), {}).isOk());
        const QMimeType type = QMimeDatabase().mimeTypeForFile(path);
        QCOMPARE(type.name(), QStringLiteral("application/x-quantscope-session"));
        QCOMPARE(type.comment(), QStringLiteral("Quantscope session"));
        QVERIFY(type.inherits(QStringLiteral("application/json")));
    }
};

QTEST_GUILESS_MAIN(TestDesktopMime)
#include "tst_desktop_mime.moc"
