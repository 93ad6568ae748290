// SPDX-License-Identifier: MIT
// quantscope: the desktop application. Everything but argument handling lives in qs_ui.
#include "graph/graph_panel.h"
#include "main_window.h"

#include <quantscope/engine/version.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Quantscope"));
    QApplication::setApplicationName(QStringLiteral("Quantscope"));
    QApplication::setApplicationVersion(QString::fromLatin1(qs::versionString().data(),
        static_cast<qsizetype>(qs::versionString().size())));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/quantscope.svg")));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("quantscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Is INT8 faster than FP32 for this ONNX model here, and if not, why?"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"),
        QApplication::translate("main", "ONNX model to open; give two (FP32 and INT8) to open them as a pair."),
        QStringLiteral("[model [quantized-model]]"));
    // Hidden helpers for documentation screenshots and visual checks under Xvfb.
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a screenshot of the window after loading, then quit."),
        QStringLiteral("file"));
    QCommandLineOption find(
        QStringLiteral("find"), QApplication::translate("main", "Find (and select) a node after loading."),
        QStringLiteral("text"));
    parser.addOption(screenshot);
    parser.addOption(find);
    parser.process(app);

    qs::ui::MainWindow window;
    window.show();

    const QStringList files = parser.positionalArguments();
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        const QString findText = parser.value(find);
        const auto shoot = [&window, path] {
            window.grab().save(path);
            QApplication::quit();
        };
        QObject::connect(&window, &qs::ui::MainWindow::modelLoaded, &window, [&window, findText, shoot] {
            if (!findText.isEmpty())
                window.graphPanel()->find(findText);
            QTimer::singleShot(600, &window, shoot);
        });
        QObject::connect(&window, &qs::ui::MainWindow::loadFailed, &window,
            [&window, shoot] { QTimer::singleShot(600, &window, shoot); });
        if (files.isEmpty())
            QTimer::singleShot(600, &window, shoot);
    } else if (parser.isSet(find)) {
        const QString findText = parser.value(find);
        QObject::connect(&window, &qs::ui::MainWindow::modelLoaded, &window,
            [&window, findText] { window.graphPanel()->find(findText); }, Qt::SingleShotConnection);
    }
    if (files.size() >= 2)
        window.openPair(files[0], files[1]);
    else if (files.size() == 1)
        window.openFile(files[0]);
    return QApplication::exec();
}
