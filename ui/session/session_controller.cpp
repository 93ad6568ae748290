// SPDX-License-Identifier: MIT
#include "session_controller.h"

#include "dialogs/message_box.h"
#include "graph/graph_panel.h"
#include "main_window.h"
#include "models/run_list_model.h"
#include "panels/compare_panel.h"
#include "panels/input_shape_dialog.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "util/qt_convert.h"
#include "util/scenario_groups.h"
#include "workers/load_controller.h"
#include "workers/run_file_loader.h"

#include <quantscope/engine/model_loader.h>

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTimer>

namespace qs::ui {

namespace {

std::filesystem::path toPath(const QString& path)
{
    return std::filesystem::path(QFileInfo(path).absoluteFilePath().toStdString());
}

QString fromPath(const std::filesystem::path& path)
{
    return toQString(path.string());
}

bool sameFile(const QString& a, const QString& b)
{
    return QFileInfo(a).absoluteFilePath() == QFileInfo(b).absoluteFilePath();
}

bool measures(const ScenarioRecord& s, const SessionCompareSide& side)
{
    return s.modelId == side.modelId && s.runtime == side.runtime && s.threads == side.threads && s.mode == side.mode;
}

// The scenario a saved side names: where it was, else wherever the run file now has it; -1 when it has none.
int scenarioOf(const RunRecord& run, const SessionCompareSide& side)
{
    const int count = static_cast<int>(run.scenarios.size());
    if (side.scenario < count && measures(run.scenarios[static_cast<size_t>(side.scenario)], side))
        return side.scenario;
    for (int i = 0; i < count; ++i)
        if (measures(run.scenarios[static_cast<size_t>(i)], side))
            return i;
    return -1;
}

const QString kLastFolderKey = QStringLiteral("sessions/lastDirectory");

} // namespace

SessionController::SessionController(MainWindow* window)
    : QObject(window)
    , m_window(window)
    , m_runLoader(new RunFileLoader(this))
{
    m_saveAction = new QAction(tr("Sa&ve Session..."), this);
    m_saveAction->setObjectName(QStringLiteral("saveSession"));
    m_saveAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_saveAction->setStatusTip(tr("Save the open models, the runs and the Compare selection to reopen them later"));
    connect(m_saveAction, &QAction::triggered, this, &SessionController::saveDialog);
    m_openAction = new QAction(tr("Open Sessio&n..."), this);
    m_openAction->setObjectName(QStringLiteral("openSession"));
    m_openAction->setStatusTip(tr("Reopen saved models, runs and Compare selection"));
    connect(m_openAction, &QAction::triggered, this, &SessionController::openDialog);

    connect(window->comparePanel(), &ComparePanel::sidesChosenByUser, this, [this] { m_userChoseSides = true; });
    connect(window, &MainWindow::modelLoaded, this, [this] {
        if (!m_restore || !m_restore->modelsPending)
            return;
        // A relayout or another model the user opened meanwhile is not the session's pair.
        const LoadResult& open = m_window->currentResult();
        const QString paths[2]
            = { open.primary ? open.primary->path : QString(), open.secondary ? open.secondary->path : QString() };
        for (int i = 0; i < m_restore->modelPaths.size(); ++i)
            if (!sameFile(paths[i], m_restore->modelPaths[i]))
                return;
        modelsDone();
    });
    connect(window, &MainWindow::loadFailed, this, [this](const QString& message) {
        if (!m_restore || !m_restore->modelsPending)
            return;
        // One message for the whole session: the window's own dialog would say half of it.
        if (QMessageBox* box = m_window->errorDialog())
            box->close();
        m_restore->problems << tr("The models could not be opened: %1").arg(message);
        modelsDone();
    });
    connect(window->loadController(), &LoadController::cancelled, this, [this] {
        if (!m_restore || !m_restore->modelsPending)
            return;
        m_restore->problems << tr("Opening the models was cancelled.");
        modelsDone();
    });
    connect(m_runLoader, &RunFileLoader::loaded, this, [this](const QString& path, std::shared_ptr<const RunRecord> r) {
        m_window->runsPanel()->runList()->addRun(path, std::move(r));
    });
    connect(m_runLoader, &RunFileLoader::failed, this, [this](const QString&, const QString& message) {
        if (m_restore)
            m_restore->problems << message;
    });
    connect(m_runLoader, &RunFileLoader::finished, this, &SessionController::runsDone);

    // What a session holds changed: the title's [*] follows, once per event loop turn however many signals came.
    m_modifiedCheck.setSingleShot(true);
    connect(&m_modifiedCheck, &QTimer::timeout, this, &SessionController::updateModified);
    const auto check = [this] { m_modifiedCheck.start(0); };
    RunListModel* runs = window->runsPanel()->runList();
    connect(runs, &QAbstractItemModel::rowsInserted, this, check);
    connect(runs, &QAbstractItemModel::rowsRemoved, this, check);
    connect(runs, &QAbstractItemModel::modelReset, this, check);
    connect(window->runsPanel(), &RunsPanel::runSelected, this, check);
    connect(window->comparePanel(), &ComparePanel::sidesChosenByUser, this, check);
    connect(window, &MainWindow::modelLoaded, this, check);
    if (auto* shapes = window->runsPanel()->findChild<QLineEdit*>(QStringLiteral("inputShapes")))
        connect(shapes, &QLineEdit::textChanged, this, check);
}

bool SessionController::isSessionFile(const QString& path)
{
    return path.endsWith(toQString(std::string(kSessionFileSuffix)), Qt::CaseInsensitive);
}

SavedSession SessionController::capture(int* runsWithoutFile) const
{
    SavedSession s;
    const LoadResult& open = m_window->currentResult();
    for (const auto& m : { open.primary, open.secondary })
        if (m)
            s.models.push_back({ toPath(m->path), {} });

    const RunListModel* list = m_window->runsPanel()->runList();
    std::vector<int> indexOfRow(static_cast<size_t>(list->rowCount()), -1);
    int withoutFile = 0;
    for (int row = 0; row < list->rowCount(); ++row) {
        const RunEntry* e = list->entry(row);
        if (e->path.isEmpty()) {
            ++withoutFile;
            continue;
        }
        indexOfRow[static_cast<size_t>(row)] = static_cast<int>(s.runs.size());
        s.runs.push_back({ toPath(e->path), {} });
    }
    if (runsWithoutFile)
        *runsWithoutFile = withoutFile;
    const auto indexOf = [&](int row) { return row >= 0 && row < list->rowCount() ? indexOfRow[size_t(row)] : -1; };
    if (const int i = indexOf(m_window->runsPanel()->selectedRow()); i >= 0)
        s.selectedRun = i;

    const ComparePanel* compare = m_window->comparePanel();
    for (int side = 0; side < 2; ++side) {
        const int row = compare->chosenRun(side);
        const int index = indexOf(row);
        const int scenario = compare->chosenScenario(side);
        if (index < 0 || scenario < 0 || scenario >= static_cast<int>(list->entry(row)->record->scenarios.size()))
            continue;
        const ScenarioRecord& sc = list->entry(row)->record->scenarios[static_cast<size_t>(scenario)];
        s.compare[static_cast<size_t>(side)]
            = SessionCompareSide { index, scenario, sc.modelId, sc.runtime, sc.threads, sc.mode };
    }

    // What the Runs panel would refuse to run with is not worth saving (and the reader refuses it).
    for (const QString& spec : m_window->runsPanel()->inputShapesText().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        if (parseInputShapeSpec(spec.toStdString()))
            s.inputShapes.push_back(spec.toStdString());
    const QWidget* tab = m_window->centralTabs()->currentWidget();
    s.tab = tab == m_window->resultsPanel() ? SessionTab::Results
        : tab == m_window->comparePanel()   ? SessionTab::Compare
                                            : SessionTab::Graph;
    s.graphSide = open.isPair() ? m_window->graphPanel()->shownSide() : 0;
    return s;
}

QString SessionController::currentText() const
{
    // A fixed place: only what the session names matters here, not where it would be saved. The tab and the side of
    // the pair shown are saved but are views, not work: switching them does not make the session unsaved.
    SavedSession s = capture();
    s.tab = SessionTab::Graph;
    s.graphSide = 0;
    return toQString(sessionToJson(s, "/session.qsession"));
}

bool SessionController::hasUnsavedState() const
{
    const bool somethingChosen = m_window->currentResult().primary || m_userChoseSides;
    return somethingChosen && currentText() != m_savedText;
}

bool SessionController::save(const QString& path, QString* error)
{
    int withoutFile = 0;
    const SavedSession session = capture(&withoutFile);
    if (Status st = writeSessionFile(toPath(path), session); !st) {
        *error = toQString(st.message());
        return false;
    }
    m_savedText = currentText();
    m_userChoseSides = false;
    m_file = QFileInfo(path).absoluteFilePath();
    emit fileChanged(m_file);
    updateModified();
    emit fileUsed(m_file);
    emit statusMessage(withoutFile > 0
            ? tr("Saved the session to %1. Runs that have no run file (%2) are not in it.").arg(path).arg(withoutFile)
            : tr("Saved the session to %1.").arg(path));
    return true;
}

void SessionController::saveDialog()
{
    QSettings settings;
    const QString folder = settings.value(kLastFolderKey, settings.value(QStringLiteral("lastDirectory"))).toString();
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Session"),
        folder + QStringLiteral("/session") + toQString(std::string(kSessionFileSuffix)),
        tr("Quantscope sessions (*.qsession)"));
    if (path.isEmpty())
        return;
    if (!isSessionFile(path))
        path += toQString(std::string(kSessionFileSuffix));
    settings.setValue(kLastFolderKey, QFileInfo(path).absolutePath());
    QString error;
    if (!save(path, &error))
        showMessage(QMessageBox::Critical,
            tr("Quantscope could not save the session; the previous file, if any, is unchanged."), error);
}

void SessionController::openDialog()
{
    QSettings settings;
    const QString folder = settings.value(kLastFolderKey, settings.value(QStringLiteral("lastDirectory"))).toString();
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Session"), folder, tr("Quantscope sessions (*.qsession);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(kLastFolderKey, QFileInfo(path).absolutePath());
    open(path);
}

void SessionController::open(const QString& path)
{
    if (!hasUnsavedState()) {
        restore(path);
        return;
    }
    QMessageBox* ask = askUnsaved(tr("Open the session %1?").arg(displayNameForPath(path)),
        tr("The open models and the Compare selection are not saved in a session. Opening the session replaces "
           "them; runs stay in the Runs list."));
    ask->addButton(tr("Save Session First..."), QMessageBox::AcceptRole)->setObjectName(QStringLiteral("saveFirst"));
    ask->addButton(tr("Open Without Saving"), QMessageBox::DestructiveRole)
        ->setObjectName(QStringLiteral("openWithoutSaving"));
    ask->addButton(QMessageBox::Cancel)->setText(tr("Cancel"));
    connect(ask, &QMessageBox::buttonClicked, this, [this, path](QAbstractButton* button) {
        const QString choice = button->objectName();
        if (choice == QLatin1String("openWithoutSaving")) {
            restore(path);
        } else if (choice == QLatin1String("saveFirst")) {
            saveDialog();
            if (currentText() == m_savedText) // saved; a cancelled or failed save leaves the state as it was
                restore(path);
        }
    });
    ask->open();
}

QMessageBox* SessionController::askUnsaved(const QString& text, const QString& detail)
{
    if (m_box)
        m_box->close();
    // Non-modal, like the window's other messages, so loading and a test keep running.
    m_box = new QMessageBox(QMessageBox::Question, messageTitle(), text, QMessageBox::NoButton, m_window);
    m_box->setInformativeText(detail);
    m_box->setAttribute(Qt::WA_DeleteOnClose);
    return m_box;
}

bool SessionController::isModified() const
{
    return !m_file.isEmpty() && !m_restore && currentText() != m_savedText;
}

void SessionController::updateModified()
{
    m_window->setWindowModified(isModified());
}

bool SessionController::confirmClose()
{
    if (m_closeConfirmed || !isModified())
        return true;
    QMessageBox* ask = askUnsaved(tr("Save the changes to the session %1?").arg(displayNameForPath(m_file)),
        tr("The runs, the run shown or the Compare selection changed since the session was saved or opened. "
           "Closing without saving loses these changes; run files stay on disk."));
    ask->setStandardButtons(QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    ask->setDefaultButton(QMessageBox::Save);
    // Named here: Qt's own translations (qtbase_de) are not installed everywhere.
    ask->button(QMessageBox::Save)->setText(tr("&Save"));
    ask->button(QMessageBox::Discard)->setText(tr("&Discard"));
    ask->button(QMessageBox::Cancel)->setText(tr("Cancel"));
    connect(ask, &QMessageBox::buttonClicked, this, [this, ask](QAbstractButton* button) {
        const QMessageBox::StandardButton choice = ask->standardButton(button);
        if (choice == QMessageBox::Save) {
            QString error;
            if (!save(m_file, &error)) {
                showMessage(QMessageBox::Critical,
                    tr("Quantscope could not save the session; the window stays open and the previous file, if "
                       "any, is unchanged."),
                    error);
                return;
            }
        } else if (choice != QMessageBox::Discard) {
            return;
        }
        m_closeConfirmed = true;
        // After this click's handling: closing deletes the box this lambda belongs to.
        QMetaObject::invokeMethod(m_window, &QWidget::close, Qt::QueuedConnection);
    });
    ask->open();
    return false;
}

void SessionController::restore(const QString& path)
{
    if (m_box)
        m_box->close();
    m_runLoader->reset();
    m_restore.reset();
    auto read = readSessionFile(toPath(path));
    if (!read) {
        showMessage(QMessageBox::Critical,
            tr("Quantscope could not open the session %1; nothing was changed.").arg(displayNameForPath(path)),
            toQString(read.status().message()));
        return;
    }
    Restore r;
    r.path = QFileInfo(path).absoluteFilePath();
    r.session = std::move(*read);
    const std::filesystem::path file = toPath(path);
    for (const SessionPath& m : r.session.models) {
        if (auto found = resolveSessionPath(m, file))
            r.modelPaths << fromPath(*found);
        else
            r.problems << tr("Model not found: %1").arg(fromPath(m.absolute));
    }
    QStringList runFiles;
    for (const SessionPath& run : r.session.runs) {
        const auto found = resolveSessionPath(run, file);
        r.runPaths.push_back(found ? fromPath(*found) : QString());
        if (found)
            runFiles << r.runPaths.back();
        else
            r.problems << tr("Run file not found: %1").arg(fromPath(run.absolute));
    }
    // The models open already (a session reopened, or saved from this window) are not loaded again.
    const LoadResult& open = m_window->currentResult();
    const QString openPaths[2]
        = { open.primary ? open.primary->path : QString(), open.secondary ? open.secondary->path : QString() };
    bool alreadyOpen = !r.modelPaths.isEmpty() && (r.modelPaths.size() == 2) == open.isPair();
    for (int i = 0; i < r.modelPaths.size(); ++i)
        alreadyOpen = alreadyOpen && sameFile(openPaths[i], r.modelPaths[i]);
    r.modelsPending = !r.modelPaths.isEmpty() && !alreadyOpen;
    r.runsPending = runFiles.isEmpty() ? 0 : 1;
    const QStringList models = r.modelPaths;
    const bool loadModels = r.modelsPending;
    m_restore = std::move(r);
    emit fileUsed(m_restore->path);
    emit statusMessage(tr("Opening the session %1...").arg(displayNameForPath(path)));
    m_runLoader->load(runFiles);
    if (loadModels) {
        if (models.size() == 2)
            m_window->openPair(models[0], models[1]);
        else
            m_window->openFile(models[0]);
    }
    finishIfDone();
}

void SessionController::modelsDone()
{
    m_restore->modelsPending = false;
    finishIfDone();
}

void SessionController::runsDone()
{
    if (!m_restore)
        return;
    m_restore->runsPending = 0;
    finishIfDone();
}

void SessionController::finishIfDone()
{
    if (m_restore && !m_restore->modelsPending && m_restore->runsPending == 0)
        apply();
}

void SessionController::apply()
{
    Restore r = std::move(*m_restore);
    m_restore.reset();
    const SavedSession& s = r.session;
    RunsPanel* runs = m_window->runsPanel();
    RunListModel* list = runs->runList();
    const auto rowOf = [&](int index) {
        const QString& path = r.runPaths[static_cast<size_t>(index)];
        return path.isEmpty() ? -1 : list->rowOfPath(path);
    };

    if (!s.inputShapes.empty()) {
        QStringList specs;
        for (const std::string& spec : s.inputShapes)
            specs << toQString(spec);
        runs->setInputShapesText(specs.join(QLatin1Char(' ')));
        // The session answers what the dialog would ask for the models it opened.
        if (InputShapeDialog* ask = runs->inputShapeDialog())
            ask->close();
    }
    const QString sideNames[2] = { tr("A"), tr("B") };
    for (int side = 0; side < 2; ++side) {
        const auto& saved = s.compare[static_cast<size_t>(side)];
        const int row = saved ? rowOf(saved->run) : -1;
        if (row < 0)
            continue; // its run file is missing or unreadable: said above
        const int scenario = scenarioOf(*list->entry(row)->record, *saved);
        if (scenario < 0) {
            ScenarioRecord wanted;
            wanted.modelId = saved->modelId;
            wanted.runtime = saved->runtime;
            wanted.threads = saved->threads;
            wanted.mode = saved->mode;
            r.problems << tr("%1 no longer has the scenario chosen for Compare side %2 (%3).")
                              .arg(list->entry(row)->path, sideNames[side], scenarioLabel(wanted));
            continue;
        }
        m_window->comparePanel()->choose(side, row, scenario);
    }
    if (s.selectedRun)
        if (const int row = rowOf(*s.selectedRun); row >= 0)
            runs->selectRow(row);
    if (m_window->currentResult().isPair())
        m_window->graphPanel()->showSide(s.graphSide);
    QWidget* const tabs[] = { m_window->graphPanel(), m_window->resultsPanel(), m_window->comparePanel() };
    m_window->centralTabs()->setCurrentWidget(tabs[static_cast<size_t>(s.tab)]);

    m_savedText = currentText();
    m_userChoseSides = false;
    m_file = r.path;
    emit fileChanged(m_file);
    updateModified();
    const QString name = displayNameForPath(r.path);
    if (r.problems.isEmpty()) {
        emit statusMessage(tr("Opened the session %1.").arg(name));
    } else {
        emit statusMessage(tr("Opened the session %1 in part.").arg(name));
        showMessage(QMessageBox::Warning,
            tr("Quantscope opened what it could of the session %1. Not found or not readable:").arg(name),
            r.problems.join(QLatin1Char('\n')));
    }
    emit restored(r.path, r.problems);
}

void SessionController::showMessage(int icon, const QString& text, const QString& details)
{
    if (m_box)
        m_box->close();
    m_box = openMessage(m_window, static_cast<QMessageBox::Icon>(icon), text, details);
}

} // namespace qs::ui
