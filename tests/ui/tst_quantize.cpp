// SPDX-License-Identifier: MIT
// Issue 15, the GUI's quantizer: the dialog refuses the combinations the engine refuses (with its reason), the
// controller quantizes on its own thread with progress, Cancel writes nothing and leaves a previous file as it was,
// errors name the file and the problem, and the main window opens the result as a pair beside the original. The
// truth for the written model is its structure, read back with the engine's loader and compared with the demo
// network's hand-known layers (resources/demo/README.md): seven Convs, and in QDQ every Conv reads its activation
// and its weight through DequantizeLinear.
#include "dialogs/quantize_coordinator.h"
#include "dialogs/quantize_dialog.h"
#include "main_window.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "quantize_test_helpers.h"
#include "ui_test_main.h"
#include "util/qt_convert.h"
#include "util/quantize_text.h"
#include "workers/quantize_controller.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/run_file.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>

#include <set>

using namespace qs;
using namespace qs::ui;
using namespace qs::test;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QuantizeRequest qdqRequest(const QString& output, const QString& calibration)
{
    QuantizeRequest r;
    r.sourcePath = kDemoFp32;
    r.model = loadDemo();
    r.options.format = QuantFormat::Qdq;
    r.options.perChannel = true;
    r.calibrationData = calibration;
    r.outputPath = output;
    return r;
}

// Answers the next message box (shown in a nested event loop) with its button of `role`; `text` gets its question.
void answerNextQuestion(QObject* context, QMessageBox::ButtonRole role, QString* text)
{
    auto* poll = new QTimer(context);
    poll->setInterval(10);
    QObject::connect(poll, &QTimer::timeout, context, [poll, role, text] {
        for (QWidget* w : QApplication::topLevelWidgets()) {
            auto* box = qobject_cast<QMessageBox*>(w);
            if (!box || !box->isVisible())
                continue;
            *text = box->text();
            poll->stop();
            poll->deleteLater();
            for (QAbstractButton* b : box->buttons())
                if (box->buttonRole(b) == role)
                    b->click();
            return;
        }
    });
    poll->start();
}

} // namespace

class TestQuantize : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void dialogRefusesSenselessCombinations();
    void dialogDefaultsBesideTheOriginal();
    void dialogAsksBeforeReplacing();
    void quantizesDemoToQdqPerChannelAndOpensThePair();
    void cancelDuringCalibrationWritesNothing();
    void guiKeepsRunningWhileQuantizing();
    void errorsNameFileAndProblem();
    void staleJobIsDropped();
    void findingOffersTheAdvisedQuantization();

private:
    QTemporaryDir m_dir;
};

void TestQuantize::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings().remove(QStringLiteral("quantize"));
    QVERIFY(loadDemo());
}

// The engine's rules (validateQuantizeOptions), known by hand: per-channel weights must be symmetric (uint8 weights
// are asymmetric unless told); dynamic quantization has only uint8 activations; QDQ has no S8U8 kernel.
void TestQuantize::dialogRefusesSenselessCombinations()
{
    QuantizeDialog d(kDemoFp32, loadDemo());
    d.setOutputPath(m_dir.filePath(QStringLiteral("refusal.onnx")));
    QCOMPARE(d.outputPath(), m_dir.filePath(QStringLiteral("refusal.onnx"))); // a chosen path stays
    auto* format = d.findChild<QComboBox*>(QStringLiteral("format"));
    auto* weights = d.findChild<QComboBox*>(QStringLiteral("weightType"));
    auto* activations = d.findChild<QComboBox*>(QStringLiteral("activationType"));
    auto* symmetry = d.findChild<QComboBox*>(QStringLiteral("weightSymmetry"));
    auto* perChannel = d.findChild<QCheckBox*>(QStringLiteral("perChannel"));
    QVERIFY(format && weights && activations && symmetry && perChannel);

    select(format, int(QuantFormat::Qdq));
    perChannel->setChecked(true);
    select(weights, int(DataType::Int8));
    select(activations, int(DataType::UInt8));
    select(symmetry, 0);
    QVERIFY2(d.refusal().isEmpty(), qPrintable(d.refusal()));
    QVERIFY(d.quantizeButton()->isEnabled());

    select(weights, int(DataType::UInt8)); // per channel + asymmetric uint8 weights
    QVERIFY(!d.quantizeButton()->isEnabled());
    QVERIFY2(d.refusal().contains(QStringLiteral("per-channel weights must be symmetric")), qPrintable(d.refusal()));
    QCOMPARE(d.findChild<QLabel*>(QStringLiteral("refusal"))->text(), d.refusal());
    select(symmetry, 1); // symmetric uint8 per channel is allowed
    QVERIFY2(d.quantizeButton()->isEnabled(), qPrintable(d.refusal()));

    select(symmetry, 0);
    select(weights, int(DataType::UInt8));
    perChannel->setChecked(false);
    select(activations, int(DataType::Int8)); // QDQ S8U8
    QVERIFY(!d.quantizeButton()->isEnabled());
    QVERIFY2(d.refusal().contains(QStringLiteral("S8U8")), qPrintable(d.refusal()));

    select(weights, int(DataType::Int8));
    select(format, int(QuantFormat::Dynamic)); // dynamic with int8 activations
    QVERIFY(!d.quantizeButton()->isEnabled());
    QVERIFY2(d.refusal().contains(QStringLiteral("dynamic quantization computes uint8 activations")),
        qPrintable(d.refusal()));
    select(activations, int(DataType::UInt8));
    QVERIFY2(d.quantizeButton()->isEnabled(), qPrintable(d.refusal()));

    // Not the engine's: a calibration folder that is not there, and writing over the model itself.
    select(format, int(QuantFormat::Qdq));
    d.setCalibrationFolder(m_dir.filePath(QStringLiteral("no-such-folder")));
    QVERIFY(!d.quantizeButton()->isEnabled());
    QVERIFY(d.refusal().contains(QStringLiteral("no-such-folder")));
    d.setRandomSamples(4);
    QVERIFY(d.quantizeButton()->isEnabled());
    QCOMPARE(d.calibrationData(), QStringLiteral("random:4"));
    d.setOutputPath(kDemoFp32);
    QVERIFY(!d.quantizeButton()->isEnabled());
}

void TestQuantize::dialogDefaultsBesideTheOriginal()
{
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.perChannel = true;
    QCOMPARE(QuantizeText::defaultOutputPath(QStringLiteral("/m/demo_fp32.onnx"), o),
        QStringLiteral("/m/demo_int8_qdq_per_channel.onnx"));
    o.format = QuantFormat::Dynamic;
    o.perChannel = false;
    QCOMPARE(QuantizeText::defaultOutputPath(QStringLiteral("/m/resnet/model.onnx"), o),
        QStringLiteral("/m/resnet/model_int8_dynamic.onnx"));

    QuantizeDialog d(kDemoFp32, loadDemo());
    d.setOptions(o);
    QCOMPARE(QFileInfo(d.outputPath()).fileName(), QStringLiteral("demo_int8_dynamic.onnx"));
    QCOMPARE(QFileInfo(d.outputPath()).absolutePath(), QFileInfo(kDemoFp32).absolutePath());
}

void TestQuantize::dialogAsksBeforeReplacing()
{
    const QString out = m_dir.filePath(QStringLiteral("exists.onnx"));
    QVERIFY(writeFile(out, "kept"));
    for (const bool replace : { false, true }) {
        QuantizeDialog d(kDemoFp32, loadDemo());
        d.setOutputPath(out);
        QString question;
        answerNextQuestion(this, replace ? QMessageBox::AcceptRole : QMessageBox::RejectRole, &question);
        d.open();
        d.quantizeButton()->click();
        QVERIFY2(question.contains(QStringLiteral("exists.onnx")), qPrintable(question));
        QCOMPARE(d.result(), replace ? int(QDialog::Accepted) : int(QDialog::Rejected));
        QCOMPARE(readAll(out), QByteArray("kept")); // the dialog only asks; the worker writes
    }
}

void TestQuantize::quantizesDemoToQdqPerChannelAndOpensThePair()
{
    const QString fp32 = m_dir.filePath(QStringLiteral("demo_fp32.onnx"));
    QFile::remove(fp32);
    QVERIFY(QFile::copy(kDemoFp32, fp32));
    MainWindow w;
    w.show();
    QVERIFY(!w.quantizeAction()->isEnabled()); // nothing open
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openFile(fp32);
    QVERIFY(loaded.wait(120000));
    QVERIFY(w.quantizeAction()->isEnabled());
    w.quantizeAction()->trigger();
    QuantizeDialog* d = w.quantizer()->dialog();
    QVERIFY(d && d->isVisible());
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.perChannel = true;
    d->setOptions(o);
    d->setRandomSamples(4);
    const QString out = m_dir.filePath(QStringLiteral("demo_int8_qdq_per_channel.onnx"));
    QCOMPARE(d->outputPath(), out); // the default: beside the original, named by the options
    QFile::remove(out);
    QVERIFY2(d->quantizeButton()->isEnabled(), qPrintable(d->refusal()));
    d->quantizeButton()->click();
    QVERIFY(loaded.wait(120000)); // the pair
    QVERIFY(w.currentResult().isPair());
    QCOMPARE(QFileInfo(w.currentResult().primary->path).canonicalFilePath(), QFileInfo(fp32).canonicalFilePath());
    QCOMPARE(QFileInfo(w.currentResult().secondary->path).canonicalFilePath(), QFileInfo(out).canonicalFilePath());
    // ONNX Runtime's QDQ op set: besides the convolutions, the SiLUs' Sigmoid and Mul, the Concat and the MaxPool.
    QVERIFY2(w.quantizer()->lastMessage().contains(
                 QStringLiteral("Quantized 1 Concat, 7 Conv, 1 MaxPool, 6 Mul, 6 Sigmoid")),
        qPrintable(w.quantizer()->lastMessage()));

    // The structure, read back with the engine's loader.
    auto written = loadModel(out.toStdString());
    QVERIFY2(written, written ? "" : written.status().message().c_str());
    const Graph& g = (*written)->graph();
    int convs = 0, quantizes = 0, dequantizes = 0;
    std::set<ValueId> quantizedActivations;
    const auto producedBy = [&](ValueId v, const char* op) {
        const NodeId p = g.producer(v);
        return p != kNoNode && g.node(p).opType == op;
    };
    for (const Node& n : g.nodes()) {
        quantizes += n.opType == "QuantizeLinear";
        dequantizes += n.opType == "DequantizeLinear";
        if (n.opType != "Conv")
            continue;
        ++convs;
        // Input and weight are DequantizeLinear outputs; the activation's DequantizeLinear reads a QuantizeLinear.
        QVERIFY2(producedBy(n.input(0), "DequantizeLinear"), n.describe().c_str());
        QVERIFY2(producedBy(n.input(1), "DequantizeLinear"), n.describe().c_str());
        const Node& dqx = g.node(g.producer(n.input(0)));
        QVERIFY2(producedBy(dqx.input(0), "QuantizeLinear"), n.describe().c_str());
        quantizedActivations.insert(g.node(g.producer(dqx.input(0))).input(0));
        // Per channel: the weight's DequantizeLinear has int8 data, axis 0 and one scale per output channel.
        const Node& dqw = g.node(g.producer(n.input(1)));
        const Tensor* w8 = g.constantData(dqw.input(0));
        const Tensor* scale = g.constantData(dqw.input(1));
        QVERIFY2(w8 && scale, n.describe().c_str());
        QCOMPARE(w8->dataType(), DataType::Int8);
        QCOMPARE(dqw.attrInt("axis", 1), int64_t(0));
        QCOMPARE(scale->elementCount(), w8->dims().at(0));
    }
    QCOMPARE(convs, 7); // README: seven convolutions
    // The Conv inputs quantized: images, both SiLUs before the branches, the branch SiLU, the MaxPool and the SiLU
    // after it (the shared branch input once): 6 activations; each has one QuantizeLinear.
    QCOMPARE(int(quantizedActivations.size()), 6);
    // Every tensor a quantized op reads or writes is quantized once: the image, the 7 Conv outputs, the 6 Sigmoid and
    // 6 Mul outputs, the Concat's and the MaxPool's (on the Concat's scale): 22 QuantizeLinear; each has its
    // DequantizeLinear, and the 7 weights and 7 int32 biases have theirs.
    QCOMPARE(quantizes, 22);
    QCOMPARE(dequantizes, 22 + 7 + 7);
}

void TestQuantize::cancelDuringCalibrationWritesNothing()
{
    const QString out = m_dir.filePath(QStringLiteral("previous.onnx"));
    const QByteArray previous("a previous file that must survive a cancelled quantization");
    QVERIFY(writeFile(out, previous));
    const QStringList before = QDir(m_dir.path()).entryList(QDir::Files);

    QuantizeController c;
    QSignalSpy progress(&c, &QuantizeController::progressChanged);
    QSignalSpy cancelled(&c, &QuantizeController::cancelled);
    QSignalSpy done(&c, &QuantizeController::resultReady);
    c.start(qdqRequest(out, QStringLiteral("random:20000")));
    // Wait until calibration runs are counted (total > 0), then cancel.
    QTRY_VERIFY_WITH_TIMEOUT(
        std::any_of(progress.begin(), progress.end(), [](const QList<QVariant>& a) { return a.at(1).toInt() > 0; }),
        60000);
    c.cancel();
    QVERIFY(cancelled.wait(30000) || cancelled.count() == 1);
    QCOMPARE(done.count(), 0);
    QVERIFY(!c.isBusy());
    QCOMPARE(readAll(out), previous);
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), before); // no temporary file left either
}

void TestQuantize::guiKeepsRunningWhileQuantizing()
{
    QuantizeController c;
    int ticks = 0;
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] { ++ticks; });
    QSignalSpy progress(&c, &QuantizeController::progressChanged);
    QSignalSpy cancelled(&c, &QuantizeController::cancelled);
    timer.start();
    c.start(qdqRequest(m_dir.filePath(QStringLiteral("never.onnx")), QStringLiteral("random:20000")));
    // The GUI thread returns to its event loop at once: the timer fires while the calibration runs are counted.
    QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 3, 60000);
    const int ticksAtProgress = ticks;
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= ticksAtProgress + 5, 10000);
    QVERIFY(c.isBusy());
    c.cancel();
    QVERIFY(cancelled.wait(30000) || cancelled.count() == 1);
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("never.onnx"))));
}

void TestQuantize::errorsNameFileAndProblem()
{
    QuantizeController c;
    QSignalSpy failed(&c, &QuantizeController::failed);
    const QString missing = m_dir.filePath(QStringLiteral("no-calibration-here"));
    c.start(qdqRequest(m_dir.filePath(QStringLiteral("x.onnx")), missing));
    QVERIFY(failed.wait(60000));
    QVERIFY2(failed.at(0).at(0).toString().contains(missing), qPrintable(failed.at(0).at(0).toString()));

    const QString unwritable = m_dir.filePath(QStringLiteral("no-such-dir/y.onnx"));
    c.start(qdqRequest(unwritable, QStringLiteral("random:2")));
    QVERIFY(failed.wait(60000));
    const QString message = failed.at(1).at(0).toString();
    QVERIFY2(message.contains(unwritable), qPrintable(message));

    // Options the engine refuses never reach the disk, even when they did not come through the dialog.
    QuantizeRequest refused = qdqRequest(m_dir.filePath(QStringLiteral("z.onnx")), QStringLiteral("random:2"));
    refused.options.weightType = DataType::UInt8; // per channel with asymmetric uint8 weights
    c.start(refused);
    QVERIFY(failed.wait(60000));
    QVERIFY2(failed.at(2).at(0).toString().contains(QStringLiteral("per-channel weights must be symmetric")),
        qPrintable(failed.at(2).at(0).toString()));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("z.onnx"))));
}

void TestQuantize::staleJobIsDropped()
{
    QuantizeController c;
    QSignalSpy done(&c, &QuantizeController::resultReady);
    QSignalSpy cancelled(&c, &QuantizeController::cancelled);
    const QString slow = m_dir.filePath(QStringLiteral("slow.onnx"));
    const QString fast = m_dir.filePath(QStringLiteral("fast.onnx"));
    c.start(qdqRequest(slow, QStringLiteral("random:20000")));
    QuantizeRequest dynamic = qdqRequest(fast, QString());
    dynamic.options.format = QuantFormat::Dynamic;
    dynamic.options.perChannel = false;
    c.start(dynamic);
    QVERIFY(done.wait(120000));
    QCOMPARE(done.count(), 1);
    QCOMPARE(done.at(0).at(0).value<QuantizeResult>().outputPath, fast);
    QCOMPARE(cancelled.count(), 0); // the first job's cancellation is stale
    QVERIFY(!QFileInfo::exists(slow));
}

// The diagnosis' advice for dynamically quantized convolutions (engine diagnosis.cpp) is static QDQ with per-channel
// weights: the finding carries a link that asks for exactly that, for the run's FP32 model.
void TestQuantize::findingOffersTheAdvisedQuantization()
{
    // A real run file (FP32 + dynamic pair) with the models pointed at the demo files and the finding added.
    auto record = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY2(record, record ? "" : record.status().toString().c_str());
    auto run = std::make_shared<RunRecord>(std::move(*record));
    QCOMPARE(run->models.size(), size_t(2));
    QVERIFY(!run->models[0].isQuantized() && run->models[1].isQuantized());
    run->models[0].path = kDemoFp32.toStdString();
    run->models[1].path = QStringLiteral(QS_DEMO_DIR "/demo_int8_dynamic.onnx").toStdString();
    QCOMPARE(run->findings.size(), size_t(1));
    const Finding other = run->findings[0];
    Finding dynamic;
    dynamic.id = "dynamic-quantized-convolutions";
    dynamic.title = "the convolutions are dynamically quantized";
    dynamic.args = { { "model", std::string("crafted_int8") }, { "variant", std::string("fused") } };
    run->findings.push_back(dynamic);
    QVERIFY(!QuantizeText::advice(other, *run));

    ResultsPanel panel;
    panel.setRun(run, QString());
    QSignalSpy requested(&panel, &ResultsPanel::quantizeRequested);
    auto* findings = panel.findChild<QTextBrowser*>(QStringLiteral("findings"));
    QVERIFY(findings);
    QVERIFY2(findings->toHtml().contains(QStringLiteral("quantize:1")), qPrintable(findings->toHtml()));
    QVERIFY(!findings->toHtml().contains(QStringLiteral("quantize:0")));
    emit findings->anchorClicked(QUrl(QStringLiteral("quantize:1")));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toInt(), 1);
    auto* button = panel.findChild<QPushButton*>(QStringLiteral("quantizeAdviceButton"));
    QVERIFY(button && !button->isHidden());
    button->click();
    QCOMPARE(requested.count(), 2);
    QCOMPARE(requested.at(1).at(0).toInt(), 1);
    const auto advice = QuantizeText::advice(dynamic, *run);
    QVERIFY(advice);
    QCOMPARE(advice->floatModelPath, kDemoFp32);
    QCOMPARE(advice->options.format, QuantFormat::Qdq);
    QVERIFY(advice->options.perChannel);
    QCOMPARE(advice->options.weightType, DataType::Int8);
    QCOMPARE(advice->options.activationType, DataType::UInt8);

    // In the window, the link opens the dialog filled with that advice, for the run's FP32 model.
    MainWindow w;
    w.resultsPanel()->setRun(run, QString());
    auto* windowFindings = w.resultsPanel()->findChild<QTextBrowser*>(QStringLiteral("findings"));
    emit windowFindings->anchorClicked(QUrl(QStringLiteral("quantize:1")));
    QuantizeDialog* d = w.quantizer()->dialog();
    QVERIFY(d);
    QCOMPARE(d->request().sourcePath, kDemoFp32);
    QCOMPARE(d->options().format, QuantFormat::Qdq);
    QVERIFY(d->options().perChannel);

    // Quantizing from there opens the pair and measures FP32 against the new INT8 model.
    const QString out = m_dir.filePath(QStringLiteral("advised.onnx"));
    d->setOutputPath(out);
    d->setRandomSamples(2);
    w.runsPanel()->setSettings(1, 1, 3, 0, false);
    QSignalSpy measured(w.runsPanel(), &RunsPanel::runFinished);
    d->quantizeButton()->click();
    QVERIFY(measured.wait(180000));
    QVERIFY(w.currentResult().isPair());
    const auto measuredRun = w.resultsPanel()->run();
    QVERIFY(measuredRun);
    QStringList paths;
    for (const ModelRecord& m : measuredRun->models)
        paths << QFileInfo(toQString(m.path)).canonicalFilePath();
    QVERIFY2(paths.contains(QFileInfo(kDemoFp32).canonicalFilePath()), qPrintable(paths.join(u' ')));
    QVERIFY2(paths.contains(QFileInfo(out).canonicalFilePath()), qPrintable(paths.join(u' ')));
}

QS_UI_TEST_MAIN(TestQuantize)
#include "tst_quantize.moc"
