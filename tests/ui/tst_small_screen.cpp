// SPDX-License-Identifier: MIT
// The main window fits a 1366x768 laptop screen in English and in German (whose labels are longer): its minimum size,
// the sum of what every dock and panel needs, leaves room for the window frame. (That a first start sizes the window
// to the screen is checked under Xvfb at 1366x768: the offscreen platform's screen is smaller than any useful window.)
#include "main_window.h"
#include "panels/runs_panel.h"
#include "screenshot_settings.h"
#include "ui_test_main.h"

#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>

using namespace qs::ui;

class TestSmallScreen : public QObject
{
    Q_OBJECT
private slots:
    void minimumSizeFitsALaptopScreen();
    void resultsTabGivesItsSpaceToTheCharts();
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

// The Results tab at both sizes, in both languages, as a user sees it after opening a pair and its run file: the
// verdict takes the height of its text (it had about 200 px of empty space around one line), the first row of charts
// is in view whole (about 100 px of chart were visible at 1366x768), and the statistics headers keep both ends of a
// long model id (they were cut at the start: "olov5nu_fp32_from_see").
void TestSmallScreen::resultsTabGivesItsSpaceToTheCharts()
{
    QStringList problems;
    const bool translated = qs::test::forEachScreenshotSetting(
        QStringLiteral(QS_GERMAN_QM), [&](const char* lang, QSize size) {
            MainWindow w;
            w.resize(size);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QSignalSpy loaded(&w, &MainWindow::modelLoaded);
            w.openPair(kFloat, kInt8);
            QVERIFY(loaded.wait(60000));
            w.runsPanel()->openRunFiles(
                { QString::fromStdString((qs::test::testDataDir() / "runs" / "crafted_pair.json").string()) });
            auto* verdict = w.findChild<QLabel*>(QStringLiteral("verdict"));
            QVERIFY(verdict);
            QTRY_VERIFY_WITH_TIMEOUT(verdict->isVisible() && !verdict->text().isEmpty(), 10000);
            QTest::qWait(200);
            const QString where
                = QStringLiteral("%1 %2x%3").arg(QLatin1String(lang)).arg(size.width()).arg(size.height());

            // The verdict: its text's lines at its width, its 4 px padding, and no more than one line of slack.
            const QFontMetrics fm = verdict->fontMetrics();
            const int textHeight
                = fm.boundingRect(QRect(0, 0, verdict->width() - 8, 100000), Qt::TextWordWrap, verdict->text())
                      .height();
            if (verdict->height() > textHeight + 8 + fm.lineSpacing())
                problems << QStringLiteral("%1: the verdict is %2 px high for %3 px of text")
                                .arg(where)
                                .arg(verdict->height())
                                .arg(textHeight);

            // The first row of charts (one or two, by the width), whole: none cut by the scroll pane.
            auto* first = w.findChild<QChartView*>(QStringLiteral("histogramChart"));
            QVERIFY(first);
            for (const char* name : { "histogramChart", "boxChart", "opTimeChart", "opCountChart" }) {
                auto* chart = w.findChild<QChartView*>(QLatin1String(name));
                QVERIFY(chart);
                if (chart->y() != first->y())
                    continue;
                // The part of the chart inside the scroll pane's viewport (the charts' container's parent).
                const QWidget* viewport = chart->parentWidget()->parentWidget();
                const int shown
                    = QRect(chart->mapTo(viewport, QPoint(0, 0)), chart->size()).intersected(viewport->rect()).height();
                if (shown < chart->minimumHeight() || shown < chart->height())
                    problems << QStringLiteral("%1: %2 shows %3 of its %4 px")
                                    .arg(where, QLatin1String(name))
                                    .arg(shown)
                                    .arg(chart->height());
            }

            // A long model id in a statistics header keeps its start and its end.
            auto* stats = w.findChild<QTableView*>(QStringLiteral("statsTable"));
            QVERIFY(stats);
            if (stats->horizontalHeader()->textElideMode() != Qt::ElideMiddle)
                problems << QStringLiteral("%1: the statistics headers are not elided in the middle").arg(where);
        });
    QVERIFY(translated);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

QS_UI_TEST_MAIN(TestSmallScreen)
#include "tst_small_screen.moc"
