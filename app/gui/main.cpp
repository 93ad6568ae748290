// SPDX-License-Identifier: MIT
// quantscope: the desktop application. Everything but argument handling lives in qs_ui.
#include "graph/graph_panel.h"
#include "main_window.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "session/session_controller.h"

#include <quantscope/engine/openmp_policy.h>
#include <quantscope/engine/version.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QLibraryInfo>
#include <QLocale>
#include <QTabWidget>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <memory>
#include <string_view>

namespace {
// --help and --version only print: they must work without a display (over ssh, in a package check), so for them
// main() creates a QCoreApplication, which does not connect to a window system, instead of the QApplication.
bool onlyPrints(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--")
            return false;
        if (a == "-h" || a == "--help" || a == "-?" || a == "--help-all" || a == "-v" || a == "--version")
            return true;
    }
    return false;
}

// Run files are JSON (engine/RUN_FILE_FORMAT.md); everything else given on the command line is a model.
bool isRunFilePath(const QString& path)
{
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
}
} // namespace

int main(int argc, char** argv)
{
    // Runs in the Runs panel must wait for OpenMP threads as the CLI's do, so their numbers agree.
    qs::applyOpenMpWaitPolicy(argv);
    const std::unique_ptr<QCoreApplication> app = onlyPrints(argc, argv)
        ? std::make_unique<QCoreApplication>(argc, argv)
        : std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Quantscope"));
    QCoreApplication::setApplicationName(QStringLiteral("Quantscope"));
    QCoreApplication::setApplicationVersion(
        QString::fromLatin1(qs::versionString().data(), static_cast<qsizetype>(qs::versionString().size())));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("quantscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Is INT8 faster than FP32 for this ONNX model here, and if not, why?"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"),
        QApplication::translate("main", "ONNX model to open; give two (FP32 and INT8) to open them as a pair."),
        QStringLiteral("[model [quantized-model]] [run-file.json...] [session.qsession]"));
    // Hidden helpers for documentation screenshots and visual checks under Xvfb.
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a screenshot of the window after loading, then quit."),
        QStringLiteral("file"));
    QCommandLineOption find(QStringLiteral("find"),
        QApplication::translate("main", "Find (and select) a node after loading."), QStringLiteral("text"));
    QCommandLineOption panel(QStringLiteral("raise-panel"),
        QApplication::translate("main", "Bring a panel to the front (its object name, e.g. OperatorsDock)."),
        QStringLiteral("name"));
    panel.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption trigger(QStringLiteral("trigger"),
        QApplication::translate("main",
            "Trigger actions by object name before loading (leftToRight, collapseQdq, "
            "boundariesOnly, tensorShapes), comma-separated."),
        QStringLiteral("names"));
    trigger.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption overlay(QStringLiteral("colour-by"),
        QApplication::translate("main", "Select the graph colouring by index (0 category, 1 MACs, 2 weight bytes)."),
        QStringLiteral("index"));
    overlay.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption openRun(QStringLiteral("open-run"),
        QApplication::translate("main", "Open a run file (repeatable)."), QStringLiteral("file"));
    QCommandLineOption tab(QStringLiteral("tab"),
        QApplication::translate("main", "Show a central tab by index (0 graph, 1 results)."), QStringLiteral("index"));
    tab.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption bench(QStringLiteral("bench"),
        QApplication::translate("main", "Start a benchmark of the opened model(s) with the remembered settings."));
    bench.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption delay(QStringLiteral("screenshot-delay"),
        QApplication::translate("main", "Milliseconds to wait before the screenshot."), QStringLiteral("ms"));
    delay.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption showProfile(QStringLiteral("show-profile"),
        QApplication::translate("main", "After a --bench run, colour the graph by the last scenario's profile."));
    showProfile.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(showProfile);
    parser.addOption(openRun);
    parser.addOption(tab);
    parser.addOption(bench);
    parser.addOption(delay);
    parser.addOption(trigger);
    parser.addOption(overlay);
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(panel);
    parser.addOption(screenshot);
    parser.addOption(find);
    parser.process(*app); // prints and exits for --help, --version and bad options
    if (!qobject_cast<QApplication*>(app.get())) {
        // onlyPrints() saw --help or --version where the parser read it as an option's value (--find --help).
        std::fputs("quantscope: --help/--version given as an option's value; no window can be opened\n", stderr);
        return 2;
    }

    // The installed .desktop file names this ID: it lets Wayland compositors find the window's icon and name.
    QGuiApplication::setDesktopFileName(QStringLiteral(QS_APP_ID));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/quantscope.svg")));
    qs::ui::MainWindow window;
    if (window.startMaximized())
        window.showMaximized();
    else
        window.show();

    if (parser.isSet(panel))
        if (auto* dock = window.findChild<QDockWidget*>(parser.value(panel)))
            dock->raise();
    for (const QString& name : parser.value(trigger).split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (auto* action = window.findChild<QAction*>(name))
            action->trigger();
    if (parser.isSet(overlay))
        if (auto* chooser = window.findChild<QComboBox*>(QStringLiteral("overlayChooser")))
            chooser->setCurrentIndex(parser.value(overlay).toInt());
    // The desktop passes double-clicked models, run files and sessions alike as arguments (Exec=quantscope %F).
    QStringList files, runFiles = parser.values(openRun), sessions;
    for (const QString& arg : parser.positionalArguments())
        (qs::ui::SessionController::isSessionFile(arg) ? sessions : isRunFilePath(arg) ? runFiles : files) << arg;
    window.runsPanel()->openRunFiles(runFiles);
    if (parser.isSet(tab))
        window.centralTabs()->setCurrentIndex(parser.value(tab).toInt());
    if (parser.isSet(bench))
        QObject::connect(
            &window, &qs::ui::MainWindow::modelLoaded, &window, [&window] { window.runsPanel()->startRun(); },
            Qt::SingleShotConnection);
    if (parser.isSet(showProfile))
        QObject::connect(window.runsPanel(), &qs::ui::RunsPanel::runFinished, &window, [&window] {
            const auto run = window.resultsPanel()->run();
            if (!run || run->scenarios.empty() || !run->scenarios.back().profile)
                return;
            const qs::ScenarioRecord& s = run->scenarios.back();
            window.showProfileOnGraph(
                *s.profile, QString::fromStdString(run->model(s.modelId)->path), QString::fromStdString(s.label()));
        });
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        const QString findText = parser.value(find);
        const int wait = parser.isSet(delay) ? parser.value(delay).toInt() : 600;
        const auto shoot = [&window, path] {
            window.grab().save(path);
            QApplication::quit();
        };
        QObject::connect(&window, &qs::ui::MainWindow::modelLoaded, &window, [&window, findText, shoot, wait] {
            if (!findText.isEmpty())
                window.graphPanel()->find(findText);
            QTimer::singleShot(wait, &window, shoot);
        });
        QObject::connect(&window, &qs::ui::MainWindow::loadFailed, &window,
            [&window, shoot, wait] { QTimer::singleShot(wait, &window, shoot); });
        if (files.isEmpty())
            QTimer::singleShot(wait, &window, shoot);
    } else if (parser.isSet(find)) {
        const QString findText = parser.value(find);
        QObject::connect(
            &window, &qs::ui::MainWindow::modelLoaded, &window,
            [&window, findText] { window.graphPanel()->find(findText); }, Qt::SingleShotConnection);
    }
    if (files.size() >= 2)
        window.openPair(files[0], files[1]);
    else if (files.size() == 1)
        window.openFile(files[0]);
    else if (!sessions.isEmpty()) // a session stands for the whole window, as when dropped
        window.sessions()->open(sessions.first());
    return QApplication::exec();
}
