// SPDX-License-Identifier: MIT
// Sessions (issue 16, item 16): a session saved with the demo pair, a run measured here and an opened run file comes
// back in a fresh window (models, runs, Compare sides, run shown, input shapes, tab, graph side), also after its
// folder moved; a missing model opens the rest and says what is missing; unsaved work is not replaced unasked; a bad
// file is refused by name and changes nothing.
#include "graph/graph_panel.h"
#include "main_window.h"
#include "models/run_list_model.h"
#include "panels/compare_panel.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "session/session_controller.h"
#include "ui_test_main.h"
#include "workers/load_controller.h"

#include <quantscope/engine/session_file.h>

#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QFile>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUrl>

using namespace qs;
using namespace qs::ui;

class TestSessions : public QObject
{
    Q_OBJECT
private slots:
    void saveMenuAndShortcut();
    void restoresPairRunsAndCompareInAFreshWindow();
    void restoresTheCompareTab();
    void missingModelOpensTheRestAndSaysSo();
    void unreadableRunFileIsListedWithTheRest();
    void unsavedWorkIsNotReplacedUnasked();
    void badSessionFileChangesNothing();
    void droppedSessionOpens();
    void freshWindowClosesWithoutAsking();
    void sessionNamesTheWindowAndAsksBeforeClosingUnsaved();
};

namespace {

QString demo(const char* name)
{
    return QStringLiteral(QS_DEMO_DIR "/") + QLatin1String(name);
}

QString dataFile(const char* relative)
{
    return QString::fromStdString((qs::test::testDataDir() / relative).string());
}

// A project folder: the demo pair under models/, an empty runs/ folder, another run file under other/.
struct Project
{
    QTemporaryDir dir;
    QString root() const { return dir.path() + QStringLiteral("/project"); }
    QString fp32() const { return root() + QStringLiteral("/models/demo_fp32.onnx"); }
    QString int8() const { return root() + QStringLiteral("/models/demo_int8_dynamic.onnx"); }
    QString runs() const { return root() + QStringLiteral("/runs"); }
    QString crafted() const { return root() + QStringLiteral("/other/crafted_pair.json"); }
    QString session() const { return root() + QStringLiteral("/work.qsession"); }
    bool create() const
    {
        return QDir().mkpath(root() + QStringLiteral("/models")) && QDir().mkpath(runs())
            && QDir().mkpath(root() + QStringLiteral("/other")) && QFile::copy(demo("demo_fp32.onnx"), fp32())
            && QFile::copy(demo("demo_int8_dynamic.onnx"), int8())
            && QFile::copy(dataFile("runs/crafted_pair.json"), crafted());
    }
};

bool openPairAndWait(MainWindow& w, const QString& a, const QString& b)
{
    QSignalSpy loaded(&w, &MainWindow::modelLoaded);
    w.openPair(a, b);
    return loaded.wait(120000);
}

bool openRunAndWait(MainWindow& w, const QString& path)
{
    QSignalSpy opened(w.runsPanel(), &RunsPanel::runOpened);
    w.runsPanel()->openRunFiles({ path });
    return opened.wait(30000);
}

// A fresh window whose run folder is empty, so that every run it lists came from the session.
void useEmptyRunFolder(const QString& folder)
{
    QDir().mkpath(folder);
    QSettings().setValue(QStringLiteral("runs/folder"), folder);
}

bool restoreAndWait(MainWindow& w, const QString& path, QStringList* problems)
{
    QSignalSpy restored(w.sessions(), &SessionController::restored);
    w.sessions()->open(path);
    if (restored.isEmpty() && !restored.wait(120000))
        return false;
    *problems = restored.at(0).at(1).toStringList();
    return true;
}

QString canonical(const QString& path)
{
    return QFileInfo(path).canonicalFilePath();
}

QString chosenRunPath(MainWindow& w, int side)
{
    const RunEntry* e = w.runsPanel()->runList()->entry(w.comparePanel()->chosenRun(side));
    return e ? canonical(e->path) : QString();
}

} // namespace

void TestSessions::saveMenuAndShortcut()
{
    MainWindow w;
    QMenu* file = w.menuBar()->findChildren<QMenu*>().value(0);
    QVERIFY(file);
    const QList<QAction*> actions = file->actions();
    QVERIFY(actions.contains(w.sessions()->saveAction()));
    QVERIFY(actions.contains(w.sessions()->openAction()));
    QCOMPARE(w.sessions()->saveAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    // No other action of the window claims Ctrl+Shift+S.
    for (QAction* a : w.findChildren<QAction*>())
        if (a != w.sessions()->saveAction())
            QVERIFY2(!a->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)), qPrintable(a->text()));
}

void TestSessions::restoresPairRunsAndCompareInAFreshWindow()
{
    Project p;
    QVERIFY(p.create());
    QString demoRun;
    {
        MainWindow w;
        w.runsPanel()->setRunFolder(p.runs());
        QVERIFY(openPairAndWait(w, p.fp32(), p.int8()));
        // A real run of the demo pair, both modes: four scenarios, saved in runs/.
        w.runsPanel()->setSettings(1, 0, 3, 2, false);
        QSignalSpy finished(w.runsPanel(), &RunsPanel::runFinished);
        w.runsPanel()->startRun();
        QVERIFY(finished.wait(120000));
        demoRun = finished.at(0).at(0).toString();
        QVERIFY(QFileInfo(demoRun).absolutePath() == QFileInfo(p.runs()).absoluteFilePath());
        QVERIFY(openRunAndWait(w, p.crafted()));
        RunListModel* list = w.runsPanel()->runList();
        QCOMPARE(list->rowCount(), 2);
        const int demoRow = list->rowOfPath(demoRun);
        const int craftedRow = list->rowOfPath(p.crafted());
        QVERIFY(demoRow >= 0 && craftedRow >= 0);
        QCOMPARE(list->entry(demoRow)->record->scenarios.size(), size_t(4));
        // Not what the defaults would pick: A is the demo run's last scenario, B the crafted run's INT8 one.
        w.comparePanel()->choose(0, demoRow, 3);
        w.comparePanel()->choose(1, craftedRow, 1);
        w.runsPanel()->selectRow(craftedRow);
        w.runsPanel()->setInputShapesText(QStringLiteral("input=1x3x8x8"));
        w.graphPanel()->showSide(1);
        w.centralTabs()->setCurrentIndex(1);
        QString error;
        QVERIFY2(w.sessions()->save(p.session(), &error), qPrintable(error));
    }
    // The project folder moves with its session: every file is found through its relative path.
    const QString moved = p.dir.path() + QStringLiteral("/moved");
    QVERIFY(QDir().rename(p.root(), moved));
    const QString demoRunMoved = moved + QStringLiteral("/runs/") + QFileInfo(demoRun).fileName();
    useEmptyRunFolder(p.dir.path() + QStringLiteral("/empty"));

    MainWindow w;
    QCOMPARE(w.runsPanel()->runList()->rowCount(), 0);
    QStringList problems;
    QVERIFY(restoreAndWait(w, moved + QStringLiteral("/work.qsession"), &problems));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QVERIFY(!w.sessions()->messageBox());
    QVERIFY(w.currentResult().isPair());
    QCOMPARE(canonical(w.currentResult().primary->path), canonical(moved + QStringLiteral("/models/demo_fp32.onnx")));
    QCOMPARE(canonical(w.currentResult().secondary->path),
        canonical(moved + QStringLiteral("/models/demo_int8_dynamic.onnx")));
    RunListModel* list = w.runsPanel()->runList();
    QCOMPARE(list->rowCount(), 2);
    QCOMPARE(chosenRunPath(w, 0), canonical(demoRunMoved));
    QCOMPARE(w.comparePanel()->chosenScenario(0), 3);
    QCOMPARE(chosenRunPath(w, 1), canonical(moved + QStringLiteral("/other/crafted_pair.json")));
    QCOMPARE(w.comparePanel()->chosenScenario(1), 1);
    QCOMPARE(canonical(list->entry(w.runsPanel()->selectedRow())->path),
        canonical(moved + QStringLiteral("/other/crafted_pair.json")));
    QCOMPARE(w.runsPanel()->inputShapesText(), QStringLiteral("input=1x3x8x8"));
    QCOMPARE(w.graphPanel()->shownSide(), 1);
    QCOMPARE(w.centralTabs()->currentIndex(), 1);
    // What was opened is what is saved: opening another session would not ask.
    QVERIFY(!w.loadController()->isBusy());
}

// The Compare tab (central since session 11, Alt+C) came back as the Graph tab: the session saved only Graph or
// Results.
void TestSessions::restoresTheCompareTab()
{
    Project p;
    QVERIFY(p.create());
    {
        MainWindow w;
        useEmptyRunFolder(p.runs());
        QVERIFY(openRunAndWait(w, p.crafted()));
        w.comparePanel()->choose(0, 0, 0);
        w.comparePanel()->choose(1, 0, 1);
        auto* showCompare = w.findChild<QAction*>(QStringLiteral("showCompare"));
        QVERIFY(showCompare);
        QCOMPARE(showCompare->shortcut(), QKeySequence(Qt::ALT | Qt::Key_C));
        showCompare->trigger();
        QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.comparePanel()));
        QString error;
        QVERIFY2(w.sessions()->save(p.session(), &error), qPrintable(error));
    }
    // The file says so in the key this version reads, and gives a 1.0 reader a tab it knows.
    QFile file(p.session());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY2(text.contains("\"centralTab\": \"compare\""), text.constData());
    QVERIFY2(text.contains("\"tab\": \"results\""), text.constData());

    MainWindow w;
    QStringList problems;
    QVERIFY(restoreAndWait(w, p.session(), &problems));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(w.centralTabs()->currentWidget(), static_cast<QWidget*>(w.comparePanel()));
    QCOMPARE(chosenRunPath(w, 0), canonical(p.crafted()));
    QCOMPARE(w.comparePanel()->chosenScenario(0), 0);
    QCOMPARE(w.comparePanel()->chosenScenario(1), 1);

    // Saved again from the Graph and Results tabs, each comes back as itself.
    for (QWidget* tab : { static_cast<QWidget*>(w.graphPanel()), static_cast<QWidget*>(w.resultsPanel()) }) {
        w.centralTabs()->setCurrentWidget(tab);
        QString error;
        QVERIFY2(w.sessions()->save(p.session(), &error), qPrintable(error));
        MainWindow again;
        QVERIFY(restoreAndWait(again, p.session(), &problems));
        QCOMPARE(again.centralTabs()->indexOf(again.centralTabs()->currentWidget()), w.centralTabs()->indexOf(tab));
    }
}

void TestSessions::missingModelOpensTheRestAndSaysSo()
{
    Project p;
    QVERIFY(p.create());
    {
        MainWindow w;
        useEmptyRunFolder(p.runs());
        w.runsPanel()->setRunFolder(p.runs());
        QVERIFY(openPairAndWait(w, p.fp32(), p.int8()));
        QVERIFY(openRunAndWait(w, p.crafted()));
        w.comparePanel()->choose(0, 0, 1);
        w.comparePanel()->choose(1, 0, 0);
        QString error;
        QVERIFY2(w.sessions()->save(p.session(), &error), qPrintable(error));
    }
    QVERIFY(QFile::remove(p.int8()));

    MainWindow w;
    QStringList problems;
    QVERIFY(restoreAndWait(w, p.session(), &problems));
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems[0].contains(QStringLiteral("demo_int8_dynamic.onnx")), qPrintable(problems[0]));
    // The float model opened alone, the run and both sides came back.
    QVERIFY(w.currentResult().primary);
    QVERIFY(!w.currentResult().secondary);
    QCOMPARE(canonical(w.currentResult().primary->path), canonical(p.fp32()));
    QCOMPARE(chosenRunPath(w, 0), canonical(p.crafted()));
    QCOMPARE(w.comparePanel()->chosenScenario(0), 1);
    QCOMPARE(w.comparePanel()->chosenScenario(1), 0);
    // One message, naming the missing file; the window's own error dialog is not shown beside it.
    QMessageBox* box = w.sessions()->messageBox();
    QVERIFY(box);
    QCOMPARE(box->icon(), QMessageBox::Warning);
    QVERIFY(box->informativeText().contains(p.int8()));
    QVERIFY(!w.errorDialog());
}

void TestSessions::unreadableRunFileIsListedWithTheRest()
{
    Project p;
    QVERIFY(p.create());
    const QString bad = p.root() + QStringLiteral("/other/bad_version.json");
    QVERIFY(QFile::copy(dataFile("runs/bad_version.json"), bad));
    SavedSession s;
    s.runs = { { bad.toStdString(), {} }, { p.crafted().toStdString(), {} },
        { QString(p.root() + QStringLiteral("/other/gone.json")).toStdString(), {} } };
    s.compare[1] = SessionCompareSide { 1, 0, "crafted_fp32", Runtime::Quantscope, 1, ExecutionMode::Optimized };
    QVERIFY(writeSessionFile(p.session().toStdString(), s).isOk());
    useEmptyRunFolder(p.runs());
    MainWindow w;
    QStringList problems;
    QVERIFY(restoreAndWait(w, p.session(), &problems));
    // The run-file reader's own message for the bad file, the missing one by path; the good one is in the list.
    QCOMPARE(problems.size(), 2);
    QVERIFY2(problems.join(QLatin1Char('\n')).contains(QStringLiteral("bad_version.json: run file version")),
        qPrintable(problems.join(QLatin1Char('\n'))));
    QVERIFY(problems.join(QLatin1Char('\n')).contains(QStringLiteral("gone.json")));
    QCOMPARE(w.runsPanel()->runList()->rowCount(), 1);
    QCOMPARE(chosenRunPath(w, 1), canonical(p.crafted()));
    QCOMPARE(w.comparePanel()->chosenScenario(1), 0);
    // No run-file dialog of its own: the one message lists it all.
    QVERIFY(!w.runsPanel()->errorDialog());
    QVERIFY(w.sessions()->messageBox());
}

void TestSessions::unsavedWorkIsNotReplacedUnasked()
{
    Project p;
    QVERIFY(p.create());
    SavedSession s; // a session of the crafted run only, written by the engine
    s.runs = { { p.crafted().toStdString(), {} } };
    s.compare[0] = SessionCompareSide { 0, 1, "crafted_int8", Runtime::Quantscope, 1, ExecutionMode::Optimized };
    QVERIFY(writeSessionFile(p.session().toStdString(), s).isOk());

    useEmptyRunFolder(p.runs());
    MainWindow w;
    QVERIFY(openPairAndWait(w, p.fp32(), p.int8()));
    QSignalSpy restored(w.sessions(), &SessionController::restored);
    w.sessions()->open(p.session());
    QMessageBox* ask = w.sessions()->messageBox();
    QVERIFY(ask);
    QCOMPARE(ask->icon(), QMessageBox::Question);
    QVERIFY(w.sessions()->isRestoring() == false);
    // Cancel: nothing happens.
    ask->button(QMessageBox::Cancel)->click();
    QTest::qWait(200);
    QVERIFY(restored.isEmpty());
    QCOMPARE(w.runsPanel()->runList()->rowCount(), 0);
    QVERIFY(w.currentResult().isPair());
    // Asked again, the user chooses to open it without saving.
    w.sessions()->open(p.session());
    ask = w.sessions()->messageBox();
    QVERIFY(ask);
    auto* discard = ask->findChild<QAbstractButton*>(QStringLiteral("openWithoutSaving"));
    QVERIFY(discard);
    discard->click();
    QVERIFY(restored.wait(30000));
    QCOMPARE(w.runsPanel()->runList()->rowCount(), 1);
    QCOMPARE(w.comparePanel()->chosenScenario(0), 1);
    // The session names no models: the open pair stays.
    QVERIFY(w.currentResult().isPair());
    // Now the state on screen is the session's: opening it again does not ask.
    QSignalSpy again(w.sessions(), &SessionController::restored);
    w.sessions()->open(p.session());
    QVERIFY(again.wait(30000));
}

void TestSessions::badSessionFileChangesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.qsession"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema": "quantscope-session", "version": "1.0", "models": [{"path": "models/a.onnx"}]})");
    f.close();
    MainWindow w;
    QVERIFY(openPairAndWait(w, demo("demo_fp32.onnx"), demo("demo_int8_dynamic.onnx")));
    w.sessions()->restore(path);
    QMessageBox* box = w.sessions()->messageBox();
    QVERIFY(box);
    QCOMPARE(box->icon(), QMessageBox::Critical);
    QVERIFY2(box->informativeText().contains(QStringLiteral("bad.qsession: invalid session file: models[0]: field "
                                                            "'path' is not an absolute path")),
        qPrintable(box->informativeText()));
    QVERIFY(!w.sessions()->isRestoring());
    QVERIFY(w.currentResult().isPair());
    QVERIFY(!w.loadController()->isBusy());
}

void TestSessions::droppedSessionOpens()
{
    Project p;
    QVERIFY(p.create());
    SavedSession s;
    s.models = { { p.fp32().toStdString(), {} } };
    QVERIFY(writeSessionFile(p.session().toStdString(), s).isOk());
    MainWindow w;
    w.show();
    QSignalSpy restored(w.sessions(), &SessionController::restored);
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(p.session()) });
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QVERIFY(restored.wait(120000));
    QCOMPARE(canonical(w.currentResult().primary->path), canonical(p.fp32()));
    // Remembered in Open Recent as a session.
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    QVERIFY(recent.contains(QFileInfo(p.session()).absoluteFilePath()));
}

// A fresh start with a model and no session: nothing to save, so closing does not ask, and the title has no [*].
void TestSessions::freshWindowClosesWithoutAsking()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openPairAndWait(w, demo("demo_fp32.onnx"), demo("demo_int8_dynamic.onnx")));
    QVERIFY(openRunAndWait(w, dataFile("runs/crafted_pair.json")));
    QTest::qWait(50);
    QVERIFY(!w.windowTitle().contains(QStringLiteral("[*]")));
    QVERIFY(!w.isWindowModified());
    QVERIFY(w.close());
    QVERIFY(!w.sessions()->messageBox());
}

// Saved, the session names the window; a run added since marks it modified ([*]) and closing asks Save, Discard or
// Cancel: Cancel keeps the window, Save writes the run into the session file and closes. A session opened in a new
// window is not modified; Discard closes it and leaves the file as it was.
void TestSessions::sessionNamesTheWindowAndAsksBeforeClosingUnsaved()
{
    Project p;
    QVERIFY(p.create());
    const QString second = p.root() + QStringLiteral("/other/second_run.json");
    QVERIFY(QFile::copy(p.crafted(), second));
    useEmptyRunFolder(p.runs());
    const auto runsInFile = [&p] {
        auto read = readSessionFile(p.session().toStdString());
        return read ? static_cast<int>(read->runs.size()) : -1;
    };
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(openPairAndWait(w, p.fp32(), p.int8()));
        QVERIFY(openRunAndWait(w, p.crafted()));
        QString error;
        QVERIFY2(w.sessions()->save(p.session(), &error), qPrintable(error));
        QCOMPARE(w.sessions()->currentFile(), QFileInfo(p.session()).absoluteFilePath());
        QVERIFY2(w.windowTitle().startsWith(QStringLiteral("work.qsession[*] \u00b7 ")), qPrintable(w.windowTitle()));
        QVERIFY(w.windowTitle().contains(QStringLiteral("demo_fp32.onnx")));
        QVERIFY(!w.isWindowModified());
        QCOMPARE(runsInFile(), 1);

        QVERIFY(openRunAndWait(w, second));
        QTRY_VERIFY(w.isWindowModified());
        QVERIFY(!w.close());
        QMessageBox* ask = w.sessions()->messageBox();
        QVERIFY(ask);
        QCOMPARE(ask->icon(), QMessageBox::Question);
        QVERIFY2(ask->text().contains(QStringLiteral("work.qsession")), qPrintable(ask->text()));
        QCOMPARE(ask->standardButtons(), QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
        ask->button(QMessageBox::Cancel)->click();
        QTest::qWait(100);
        QVERIFY(w.isVisible());
        QCOMPARE(runsInFile(), 1);

        QVERIFY(!w.close());
        ask = w.sessions()->messageBox();
        QVERIFY(ask);
        ask->button(QMessageBox::Save)->click();
        QTRY_VERIFY(!w.isVisible());
        QCOMPARE(runsInFile(), 2);
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QStringList problems;
    QVERIFY(restoreAndWait(w, p.session(), &problems));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QTest::qWait(50);
    QVERIFY(w.windowTitle().startsWith(QStringLiteral("work.qsession[*]")));
    QVERIFY(!w.isWindowModified());
    // Switching the tab is a view, not work: still unmodified. Input shapes are work, and marked at once.
    w.centralTabs()->setCurrentIndex(1);
    QVERIFY(!w.sessions()->isModified());
    const QString shapes = w.runsPanel()->inputShapesText();
    w.runsPanel()->setInputShapesText(QStringLiteral("images=1x3x64x64"));
    QTRY_VERIFY(w.isWindowModified());
    w.runsPanel()->setInputShapesText(shapes);
    QTRY_VERIFY(!w.isWindowModified());
    w.runsPanel()->selectRow(0);
    w.runsPanel()->removeSelectedRun();
    QTRY_VERIFY(w.isWindowModified());
    QVERIFY(!w.close());
    QMessageBox* ask = w.sessions()->messageBox();
    QVERIFY(ask);
    ask->button(QMessageBox::Discard)->click();
    QTRY_VERIFY(!w.isVisible());
    QCOMPARE(runsInFile(), 2);
}

QS_UI_TEST_MAIN(TestSessions)
#include "tst_sessions.moc"
