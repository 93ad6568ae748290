// SPDX-License-Identifier: MIT
// The main window fits a 1366x768 laptop screen in English and in German (whose labels are longer): its minimum size,
// the sum of what every dock and panel needs, leaves room for the window frame. (That a first start sizes the window
// to the screen is checked under Xvfb at 1366x768: the offscreen platform's screen is smaller than any useful window.)
#include "main_window.h"
#include "panels/runs_panel.h"
#include "screenshot_settings.h"
#include "ui_test_main.h"

#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>

using namespace qs::ui;

class TestSmallScreen : public QObject
{
    Q_OBJECT
private slots:
    void minimumSizeFitsALaptopScreen();
};

namespace {
const QString kFloat = QStringLiteral(QS_DEMO_DIR "/demo_fp32.onnx");
const QString kInt8 = QStringLiteral(QS_DEMO_DIR "/demo_int8_dynamic.onnx");

// 1366x768 less a window frame and title bar (about 8 and 32 px on common desktops) and a 32 px panel.
constexpr QSize kLaptopClient(1366 - 16, 768 - 32 - 32);
} // namespace

void TestSmallScreen::minimumSizeFitsALaptopScreen()
{
    QStringList problems;
    const bool translated
        = qs::test::forEachScreenshotSetting(QStringLiteral(QS_GERMAN_QM), [&](const char* lang, QSize size) {
              if (size.width() != 1366)
                  return;
              MainWindow w;
              w.resize(size);
              w.show();
              QVERIFY(QTest::qWaitForWindowExposed(&w));
              // As the desktop starts it with a pair and a run file: the run is read while the Results tab has never
              // been laid out, and every panel is filled.
              QSignalSpy loaded(&w, &MainWindow::modelLoaded);
              QSignalSpy selected(w.runsPanel(), &RunsPanel::runSelected);
              w.runsPanel()->openRunFiles(
                  { QString::fromStdString((qs::test::testDataDir() / "runs" / "crafted_pair.json").string()) });
              w.openPair(kFloat, kInt8);
              QVERIFY(loaded.wait(60000));
              QTRY_VERIFY_WITH_TIMEOUT(!selected.isEmpty(), 10000);
              // The run named with the pair is shown whichever of the two finished loading first (the pair's load
              // cleared a run read before it).
              auto* verdict = w.findChild<QLabel*>(QStringLiteral("verdict"));
              QVERIFY(verdict);
              QTRY_VERIFY_WITH_TIMEOUT(verdict->isVisible(), 10000);
              // A run folder deep in a home folder, as users have them: its path has no space to wrap at.
              w.runsPanel()->setRunFolder(QDir::tempPath()
                  + QStringLiteral("/a-user-with-a-long-name/.local/share/Quantscope/Quantscope/runs/"
                                   "project-with-a-long-name/experiment-2026-11-28"));
              QTest::qWait(200);
              const QSize need = w.minimumSizeHint().expandedTo(w.minimumSize());
              // The window grows when a panel's minimum does, and does not shrink back: it must still be the size set.
              if (need.width() > kLaptopClient.width() || need.height() > kLaptopClient.height() || w.size() != size) {
                  QString docks;
                  for (const QDockWidget* d : w.findChildren<QDockWidget*>())
                      if (d->isVisible())
                          docks += QStringLiteral(" %1 %2x%3")
                                       .arg(d->objectName())
                                       .arg(d->minimumSizeHint().width())
                                       .arg(d->minimumSizeHint().height());
                  const QSize central = w.centralWidget()->minimumSizeHint();
                  docks += QStringLiteral(" central %1x%2").arg(central.width()).arg(central.height());
                  problems << QStringLiteral("%1: the window is %5x%6 and needs at least %2x%3;%4")
                                  .arg(QLatin1String(lang))
                                  .arg(need.width())
                                  .arg(need.height())
                                  .arg(docks)
                                  .arg(w.width())
                                  .arg(w.height());
              }
          });
    QVERIFY(translated);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

QS_UI_TEST_MAIN(TestSmallScreen)
#include "tst_small_screen.moc"
