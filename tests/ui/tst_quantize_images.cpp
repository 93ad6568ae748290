// SPDX-License-Identifier: MIT
// Issue 15, image calibration data in the GUI: the Quantize dialog shows its image preprocessing group only for a
// folder of PNG/JPEG images, states what the images become for the demo network's [1, 3, 64, 64] input (hand-known,
// resources/demo/README.md), refuses what the engine cannot settle with the reason, remembers the choices, and the
// worker calibrates on the images. The images are written here with QImage: the machines have no image data.
#include "dialogs/quantize_dialog.h"
#include "quantize_test_helpers.h"
#include "ui_test_main.h"
#include "workers/quantize_worker.h"

#include <quantscope/engine/model_loader.h>

#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>

using namespace qs;
using namespace qs::ui;
using namespace qs::test;

class TestQuantizeImages : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void imageGroupFollowsTheFolder();
    void statesThePreprocessingAndRefusesWhatCannotBeSettled();
    void mixedFolderIsRefused();
    void choicesAreRemembered();
    void workerCalibratesOnTheImages();

private:
    QuantizeDialog* qdqDialog();
    QTemporaryDir m_dir;
    QString m_images;
    QString m_mixed;
    std::unique_ptr<QuantizeDialog> m_dialog;
};

void TestQuantizeImages::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings().remove(QStringLiteral("quantize"));
    QVERIFY(loadDemo());
    m_images = m_dir.filePath(QStringLiteral("images"));
    m_mixed = m_dir.filePath(QStringLiteral("mixed"));
    QVERIFY(QDir().mkpath(m_images) && QDir().mkpath(m_mixed));
    QImage red(80, 60, QImage::Format_RGB888);
    red.fill(QColor(255, 0, 0));
    QImage blue(40, 40, QImage::Format_RGB888);
    blue.fill(QColor(0, 0, 255));
    QVERIFY(red.save(m_images + QStringLiteral("/a.png")));
    QVERIFY(blue.save(m_images + QStringLiteral("/b.jpg"), "JPEG", 95));
    QVERIFY(red.save(m_mixed + QStringLiteral("/a.png")));
    QFile npy(m_mixed + QStringLiteral("/x.npy"));
    QVERIFY(npy.open(QIODevice::WriteOnly));
}

QuantizeDialog* TestQuantizeImages::qdqDialog()
{
    m_dialog = std::make_unique<QuantizeDialog>(kDemoFp32, loadDemo());
    select(m_dialog->findChild<QComboBox*>(QStringLiteral("format")), int(QuantFormat::Qdq));
    m_dialog->setOutputPath(m_dir.filePath(QStringLiteral("out.onnx")));
    return m_dialog.get();
}

void TestQuantizeImages::imageGroupFollowsTheFolder()
{
    QuantizeDialog* d = qdqDialog();
    auto* group = d->findChild<QGroupBox*>(QStringLiteral("imagePreprocess"));
    QVERIFY(group);
    d->setRandomSamples(4);
    QVERIFY(group->isHidden());
    d->setCalibrationFolder(m_images);
    QVERIFY(!group->isHidden());
    QVERIFY2(d->quantizeButton()->isEnabled(), qPrintable(d->refusal()));
    // Dynamic quantization has no calibration: no images either.
    select(d->findChild<QComboBox*>(QStringLiteral("format")), int(QuantFormat::Dynamic));
    QVERIFY(group->isHidden());
    QVERIFY(d->imagePreprocess() == ImagePreprocess {});
    select(d->findChild<QComboBox*>(QStringLiteral("format")), int(QuantFormat::Qdq));
    QVERIFY(!group->isHidden());
    d->setRandomSamples(4);
    QVERIFY(group->isHidden());
    QCOMPARE(d->request().calibrationData, QStringLiteral("random:4"));
}

void TestQuantizeImages::statesThePreprocessingAndRefusesWhatCannotBeSettled()
{
    QuantizeDialog* d = qdqDialog();
    d->setCalibrationFolder(m_images);
    auto* plan = d->findChild<QLabel*>(QStringLiteral("imagePlan"));
    auto* width = d->findChild<QSpinBox*>(QStringLiteral("imageWidth"));
    auto* height = d->findChild<QSpinBox*>(QStringLiteral("imageHeight"));
    auto* stdDev = d->findChild<QLineEdit*>(QStringLiteral("imageStd"));
    auto* channels = d->findChild<QComboBox*>(QStringLiteral("imageChannels"));
    QVERIFY(plan && width && height && stdDev && channels);
    // Everything from the demo's input float[1x3x64x64]: 64x64, NCHW, RGB, and the default scale.
    QCOMPARE(plan->text(), QStringLiteral("2 images, resized to 64×64 (stretch), RGB, NCHW float[1x3x64x64] = x/255"));

    d->findChild<QPushButton*>(QStringLiteral("imagenet"))->click();
    QCOMPARE(plan->text(),
        QStringLiteral("2 images, resized to 64×64 (stretch), RGB, NCHW float[1x3x64x64] = (x/255 − m) / s, "
                       "m = 0.485, 0.456, 0.406, s = 0.229, 0.224, 0.225"));
    const ImagePreprocess asked = d->request().image;
    QCOMPARE(asked.mean, (std::vector<double> { 0.485, 0.456, 0.406 }));
    QCOMPARE(asked.std, (std::vector<double> { 0.229, 0.224, 0.225 }));
    QVERIFY(d->quantizeButton()->isEnabled());

    stdDev->setText(QStringLiteral("0"));
    QVERIFY(!d->quantizeButton()->isEnabled());
    QVERIFY2(d->refusal().contains(QStringLiteral("a std of 0 would divide by zero")), qPrintable(d->refusal()));
    QCOMPARE(plan->text(), d->refusal());
    stdDev->setText(QStringLiteral("0.2, x"));
    QVERIFY2(d->refusal().contains(QStringLiteral("not a list of numbers")), qPrintable(d->refusal()));
    stdDev->clear();
    QVERIFY(d->quantizeButton()->isEnabled());

    width->setValue(32);
    QVERIFY2(d->refusal().contains(QStringLiteral("both the width and the height")), qPrintable(d->refusal()));
    height->setValue(32); // the demo's input is fixed at 64x64
    QVERIFY2(d->refusal().contains(QStringLiteral("not the image size 32x32")), qPrintable(d->refusal()));
    width->setValue(0);
    height->setValue(0);
    select(channels, int(ImageChannels::Gray));
    QVERIFY2(d->refusal().contains(QStringLiteral("has 3 channels")), qPrintable(d->refusal()));
    select(channels, int(ImageChannels::Bgr));
    QVERIFY(plan->text().contains(QStringLiteral(", BGR, NCHW")));
    QVERIFY(d->quantizeButton()->isEnabled());
}

void TestQuantizeImages::mixedFolderIsRefused()
{
    QuantizeDialog* d = qdqDialog();
    d->setCalibrationFolder(m_mixed);
    QVERIFY(!d->quantizeButton()->isEnabled());
    QVERIFY2(d->refusal().contains(QStringLiteral("holds both images (a.png, ...) and tensor data (x.npy, ...)")),
        qPrintable(d->refusal()));
}

void TestQuantizeImages::choicesAreRemembered()
{
    {
        QuantizeDialog* d = qdqDialog();
        d->setCalibrationFolder(m_images);
        select(d->findChild<QComboBox*>(QStringLiteral("imageResize")), int(ImageResize::CenterCrop));
        select(d->findChild<QComboBox*>(QStringLiteral("imageLayout")), int(ImageLayout::Nchw));
        d->findChild<QLineEdit*>(QStringLiteral("imageMean"))->setText(QStringLiteral("0.5"));
        d->findChild<QLineEdit*>(QStringLiteral("imageScale"))->setText(QStringLiteral("1/127.5"));
        d->accept();
        QCOMPARE(d->result(), int(QDialog::Accepted));
    }
    QuantizeDialog again(kDemoFp32, loadDemo());
    QCOMPARE(again.calibrationData(), m_images);
    const ImagePreprocess p = again.imagePreprocess();
    QCOMPARE(p.resize, ImageResize::CenterCrop);
    QCOMPARE(p.layout, std::optional<ImageLayout>(ImageLayout::Nchw));
    QCOMPARE(p.mean, std::vector<double> { 0.5 });
    QVERIFY(p.scale && qFuzzyCompare(*p.scale, 1 / 127.5));
    QVERIFY(!p.channels);
    QSettings().remove(QStringLiteral("quantize"));
}

// The worker reads the folder with the dialog's preprocessing: two samples, one per image.
void TestQuantizeImages::workerCalibratesOnTheImages()
{
    QuantizeDialog* d = qdqDialog();
    d->setCalibrationFolder(m_images);
    d->findChild<QPushButton*>(QStringLiteral("imagenet"))->click();
    const QuantizeRequest request = d->request();
    QuantizeWorker worker;
    QSignalSpy done(&worker, &QuantizeWorker::resultReady);
    QSignalSpy failed(&worker, &QuantizeWorker::failed);
    worker.run(1, request, std::make_shared<CancelToken>());
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));
    QCOMPARE(done.count(), 1);
    const auto result = done.first().at(1).value<QuantizeResult>();
    QCOMPARE(result.summary.calibrationSamples, 2);
    auto written = loadModel(request.outputPath.toStdString());
    QVERIFY2(written.isOk(), written.isOk() ? "" : written.status().message().c_str());
}

QS_UI_TEST_MAIN(TestQuantizeImages)
#include "tst_quantize_images.moc"
