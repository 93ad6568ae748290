// SPDX-License-Identifier: MIT
#include "runs_panel.h"

#include "dialogs/message_box.h"
#include "models/run_list_model.h"
#include "panels/input_shape_dialog.h"
#include "util/qt_convert.h"
#include "util/run_warning_text.h"
#include "workers/benchmark_controller.h"
#include "workers/run_file_loader.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/verdict.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QShowEvent>
#include <QSpinBox>
#include <QStandardPaths>
#include <QThread>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace qs::ui {

namespace {
QString key(const char* k)
{
    return QStringLiteral("runs/") + QLatin1String(k);
}

bool isRunFile(const QString& path)
{
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
}
} // namespace

RunsPanel::RunsPanel(QWidget* parent)
    : QWidget(parent)
    , m_controller(new BenchmarkController(this))
    , m_scanLoader(new RunFileLoader(this))
    , m_openLoader(new RunFileLoader(this))
    , m_runs(new RunListModel(this))
{
    setAcceptDrops(true);

    // --- what to measure
    // Untitled: the dock is titled, and a title row would take the height the graph needs at 1366x768.
    auto* form = new QGroupBox(this);
    for (int i = 0; i < 2; ++i) {
        m_modelBoxes[i] = new QCheckBox(form);
        m_modelBoxes[i]->setObjectName(i == 0 ? QStringLiteral("modelBox0") : QStringLiteral("modelBox1"));
        m_modelBoxes[i]->setChecked(true);
        connect(m_modelBoxes[i], &QCheckBox::toggled, this, &RunsPanel::updateRunEnabled);
    }
    m_modelBoxes[0]->setToolTip(tr("Measure the open model (the FP32 model of a pair)"));
    m_modelBoxes[1]->setToolTip(tr("Measure the quantized model of the pair (open a pair with Ctrl+Shift+O)"));
    m_mode = new QComboBox(form);
    m_mode->addItems({ tr("Optimized"), tr("As written"), tr("Both") });
    m_mode->setToolTip(tr("Optimized: the engine's fused kernels. As written: one kernel per node of the file, the "
                          "way a naive runtime executes it."));
    m_runtime = new QComboBox(form);
    m_runtime->setObjectName(QStringLiteral("runtimeCombo"));
    m_runtime->addItems({ tr("Quantscope"), tr("ONNX Runtime"), tr("Both") });
    // The items are renamed once the adapters are detected ("Both (ONNX Runtime not found)"): the combo's minimum
    // must not follow them, or the dock (and the window's minimum) would grow after the window was laid out.
    m_runtime->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_runtime->setMinimumContentsLength(12);
    m_runtime->setToolTip(tr("Quantscope's engine, ONNX Runtime through its adapter process (see Settings \u2192 "
                             "Runtimes), or both with the same inputs, threads and runs"));
    m_threads = new QSpinBox(form);
    m_threads->setRange(0, std::max(1, QThread::idealThreadCount()) * 2);
    m_threads->setSpecialValueText(tr("all cores"));
    m_threads->setToolTip(tr("Intra-op threads for oneDNN and the engine's kernels. 1 is the controlled setting; "
                             "\u201c"
                             "all cores\u201d is the practical one.")); // split: lupdate misreads \u201ca
    m_warmup = new QSpinBox(form);
    m_warmup->setRange(0, 10000);
    m_warmup->setToolTip(tr("Runs before measuring (caches, lazy initialisation); the first is timed separately"));
    m_runCount = new QSpinBox(form);
    m_runCount->setRange(1, 1000000);
    m_runCount->setToolTip(tr("Measured runs per model; the statistics and histograms are of these"));
    m_profile = new QCheckBox(tr("Per-node profile"), form);
    m_profile->setToolTip(tr("Record time per node and per op type (for the op-type chart and the graph colouring); "
                             "its hooks add a little time between kernels"));
    m_parity = new QCheckBox(tr("Check parity"), form);
    m_parity->setObjectName(QStringLiteral("parityCheck"));
    m_parity->setToolTip(tr("Also compare the outputs of each FP32/INT8 pair on four random inputs (SQNR, cosine, "
                            "max and mean |difference|, top-1): the Results and the report show the verdict"));
    m_inputShapes = new QLineEdit(form);
    m_inputShapes->setObjectName(QStringLiteral("inputShapes"));
    m_inputShapes->setPlaceholderText(tr("e.g. images=1x3x640x640"));
    m_inputShapes->setToolTip(tr("Bind free input dimensions: NAME=DIMS, several separated by spaces"));
    auto* numbers = new QHBoxLayout;
    numbers->addWidget(m_threads);
    numbers->addWidget(new QLabel(tr("Warm-up:"), form));
    numbers->addWidget(m_warmup);
    numbers->addWidget(new QLabel(tr("Runs:"), form));
    numbers->addWidget(m_runCount);
    numbers->addStretch(1);
    // Two columns, four rows: on a 1366x768 screen the dock shares the height with the graph, which needs ~400 px.
    auto* grid = new QGridLayout(form);
    grid->setVerticalSpacing(4);
    const auto label = [form](const QString& text, QWidget* buddy) {
        auto* l = new QLabel(text, form);
        l->setBuddy(buddy);
        return l;
    };
    grid->addWidget(label(tr("Models:"), m_modelBoxes[0]), 0, 0);
    grid->addWidget(m_modelBoxes[0], 0, 1);
    grid->addWidget(m_modelBoxes[1], 1, 1);
    grid->addWidget(label(tr("Mode:"), m_mode), 0, 2);
    grid->addWidget(m_mode, 0, 3);
    grid->addWidget(label(tr("Runtime:"), m_runtime), 1, 2);
    grid->addWidget(m_runtime, 1, 3);
    grid->addWidget(label(tr("Threads:"), m_threads), 2, 0);
    grid->addLayout(numbers, 2, 1);
    auto* checks = new QHBoxLayout;
    checks->addWidget(m_profile);
    checks->addWidget(m_parity);
    checks->addStretch();
    grid->addLayout(checks, 2, 2, 1, 2);
    grid->addWidget(label(tr("Input shapes:"), m_inputShapes), 3, 0);
    grid->addWidget(m_inputShapes, 3, 1);
    grid->setColumnStretch(1, 1);

    m_runAction = new QAction(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("&Run Benchmark"), this);
    m_runAction->setObjectName(QStringLiteral("runBenchmark"));
    m_runAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_runAction->setToolTip(tr("Measure the chosen models on a background thread (Ctrl+R)"));
    connect(m_runAction, &QAction::triggered, this, &RunsPanel::startRun);
    m_cancelAction = new QAction(tr("&Cancel Benchmark"), this);
    m_cancelAction->setObjectName(QStringLiteral("cancelBenchmark"));
    m_cancelAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_cancelAction->setToolTip(tr("Stop after the current kernel; what was measured is kept, marked partial (Ctrl+.)"));
    connect(m_cancelAction, &QAction::triggered, this, &RunsPanel::cancelRun);
    m_openAction = new QAction(tr("Open Run &File..."), this);
    m_openAction->setObjectName(QStringLiteral("openRunFile"));
    m_openAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_openAction->setToolTip(tr("Open a run file written by Quantscope or 'quantscope-cli bench --json'"));
    connect(m_openAction, &QAction::triggered, this, &RunsPanel::openRunFileDialog);

    m_runButton = new QPushButton(tr("Run"), this);
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_runButton->setToolTip(m_runAction->toolTip());
    connect(m_runButton, &QPushButton::clicked, m_runAction, &QAction::trigger);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    m_cancelButton->setToolTip(m_cancelAction->toolTip());
    connect(m_cancelButton, &QPushButton::clicked, m_cancelAction, &QAction::trigger);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progressText = new QLabel(this);
    m_progressText->setObjectName(QStringLiteral("progressText"));
    m_progressText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Long run-file paths wrap instead of widening the form.
    m_progressText->setWordWrap(true);
    m_progressText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // Run and Cancel beside the input shapes, the progress under the form while a run goes.
    auto* runButtons = new QHBoxLayout;
    runButtons->addWidget(m_runButton);
    runButtons->addWidget(m_cancelButton);
    grid->addLayout(runButtons, 3, 2, 1, 2);

    // The form scrolls rather than setting the dock's minimum height: on a 1366x768 screen the dock shares the
    // height with the graph, and the German labels make every row taller.
    auto* settings = new QWidget;
    auto* left = new QVBoxLayout(settings);
    left->setContentsMargins(0, 0, 0, 0);
    left->setSpacing(2);
    left->addWidget(form);
    left->addWidget(m_progress);
    left->addWidget(m_progressText);
    left->addStretch(1);
    auto* settingsScroll = new QScrollArea(this);
    settingsScroll->setObjectName(QStringLiteral("runSettingsScroll"));
    settingsScroll->setWidget(settings);
    settingsScroll->setWidgetResizable(true);
    settingsScroll->setFrameShape(QFrame::NoFrame);
    settingsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    settingsScroll->setMinimumWidth(
        settings->minimumSizeHint().width() + settingsScroll->verticalScrollBar()->sizeHint().width());

    // --- the runs
    auto* listBox = new QGroupBox(this);
    m_list = new QListView(listBox);
    m_list->setObjectName(QStringLiteral("runList"));
    m_list->setModel(m_runs);
    m_list->setToolTip(tr("Runs measured here or opened from run files; select one to chart it"));
    m_list->setAlternatingRowColors(true);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        if (const RunEntry* e = m_runs->entry(index.row()))
            emit runSelected(e->record, e->path);
    });
    m_removeAction = new QAction(tr("&Remove from List"), m_list);
    m_removeAction->setObjectName(QStringLiteral("removeRun"));
    m_removeAction->setShortcut(QKeySequence::Delete);
    m_removeAction->setShortcutContext(Qt::WidgetShortcut);
    m_removeAction->setToolTip(tr("Remove the selected run from this list (Del); its run file stays on disk"));
    connect(m_removeAction, &QAction::triggered, this, &RunsPanel::removeSelectedRun);
    m_list->addAction(m_removeAction);
    m_compareAnywayAction = new QAction(tr("Compare &Anyway"), this);
    m_compareAnywayAction->setObjectName(QStringLiteral("compareAnyway"));
    m_compareAnywayAction->setToolTip(tr("Compare the FP32 and INT8 models of the selected run although they are "
                                         "not the same network; the run file records that you asked"));
    m_compareAnywayAction->setEnabled(false);
    connect(m_compareAnywayAction, &QAction::triggered, this, &RunsPanel::compareAnyway);
    connect(this, &RunsPanel::runSelected, this, [this](std::shared_ptr<const RunRecord> record, const QString&) {
        m_compareAnywayAction->setEnabled(record && verdictOf(*record).id == "different-networks");
    });
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);
    // A read-only field, not a label: a long folder path has no spaces to wrap at, and as a label it set the dock's
    // minimum width (about 1,460 px with a home folder's default path in German), wider than a laptop screen.
    auto* folderCaption = new QLabel(tr("Folder:"), listBox);
    m_folderLabel = new QLineEdit(listBox);
    m_folderLabel->setObjectName(QStringLiteral("runFolder"));
    m_folderLabel->setReadOnly(true);
    m_folderLabel->setFrame(false);
    m_folderLabel->setStyleSheet(QStringLiteral("background: transparent"));
    folderCaption->setBuddy(m_folderLabel);
    auto* openButton = new QPushButton(tr("Open..."), listBox);
    openButton->setToolTip(m_openAction->toolTip());
    connect(openButton, &QPushButton::clicked, m_openAction, &QAction::trigger);
    auto* folderButton = new QPushButton(tr("Folder..."), listBox);
    folderButton->setToolTip(tr("Choose the folder new runs are saved to and listed from"));
    connect(folderButton, &QPushButton::clicked, this, &RunsPanel::chooseRunFolder);
    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(folderCaption);
    listButtons->addWidget(m_folderLabel, 1);
    listButtons->addWidget(openButton);
    listButtons->addWidget(folderButton);
    auto* listLayout = new QVBoxLayout(listBox);
    listLayout->addWidget(m_list, 1);
    listLayout->addLayout(listButtons);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(settingsScroll, 2);
    layout->addWidget(listBox, 3);

    // --- workers
    connect(m_controller, &BenchmarkController::started, this, [this] { setBusy(true); });
    connect(
        m_controller, &BenchmarkController::progressChanged, this, [this](int done, int total, const QString& stage) {
            m_progress->setRange(0, total);
            m_progress->setValue(done);
            m_progressText->setText(stage);
        });
    connect(m_controller, &BenchmarkController::resultReady, this,
        [this](std::shared_ptr<const RunRecord> record, const QString& path, const QString& saveError) {
            setBusy(false);
            const bool partial = record->partial;
            const int failed = RunListModel::failedScenarios(*record);
            const QString errors = RunListModel::errorText(*record);
            const int total = static_cast<int>(record->scenarios.size());
            const std::vector<RunWarning> warnings = record->warnings;
            const int row = m_runs->addRun(path, std::move(record));
            selectRow(row);
            if (failed > 0) {
                // Never "Done": the list marks the run failed and the engine's message is shown in full.
                m_progressText->setStyleSheet(QStringLiteral("QLabel { color: #c92a2a; }"));
                m_progressText->setText(tr("Failed: %1 of %2 scenarios failed%3.\n%4")
                                            .arg(failed)
                                            .arg(total)
                                            .arg(path.isEmpty() ? QString() : tr(" (kept in %1)").arg(path), errors));
                showError(tr("%1 of %2 benchmark scenarios failed.").arg(failed).arg(total), errors);
            } else {
                m_progressText->setStyleSheet(QString());
                m_progressText->setText(partial
                        ? tr("Cancelled: the partial results are kept%1.")
                              .arg(path.isEmpty() ? QString() : tr(" in %1").arg(path))
                        : tr("Done%1.").arg(path.isEmpty() ? QString() : tr(": saved %1").arg(path)));
            }
            // Before the outcome: its line with the run file's path is cut at 1366x768. The status bar says it too.
            if (!warnings.empty())
                m_progressText->setText(tr("%1: see the Results tab.").arg(RunWarningText::count(warnings.size()))
                    + QLatin1Char(' ') + m_progressText->text());
            if (!saveError.isEmpty())
                showError(tr("The run finished but could not be saved."), saveError);
            emit runFinished(path);
            if (warnings.size() == 1)
                emit statusMessage(
                    tr("The run finished with a warning: %1").arg(RunWarningText::headline(warnings.front())));
            else if (!warnings.empty())
                emit statusMessage(tr("The run finished with %1; the Results tab lists them.")
                                       .arg(RunWarningText::count(warnings.size())));
        });
    connect(m_controller, &BenchmarkController::failed, this, [this](const QString& message) {
        setBusy(false);
        m_progressText->setText(tr("Failed."));
        showError(tr("The benchmark could not run."), message);
    });
    connect(m_controller, &BenchmarkController::cancelled, this, [this] {
        setBusy(false);
        m_progressText->setText(tr("Cancelled before anything was measured."));
    });
    connect(m_scanLoader, &RunFileLoader::loaded, this,
        [this](const QString& path, std::shared_ptr<const RunRecord> r) { m_runs->addRun(path, std::move(r)); });
    connect(m_scanLoader, &RunFileLoader::finished, this, [this] {
        // Show the newest run of the folder when nothing is shown yet.
        if (!m_list->currentIndex().isValid() && m_runs->rowCount() > 0)
            selectRow(0);
    });
    connect(m_scanLoader, &RunFileLoader::failed, this, [this](const QString& path, const QString& message) {
        emit statusMessage(tr("Skipped %1 in the run folder: %2").arg(QFileInfo(path).fileName(), message));
    });
    connect(
        m_openLoader, &RunFileLoader::loaded, this, [this](const QString& path, std::shared_ptr<const RunRecord> r) {
            selectRow(m_runs->addRun(path, std::move(r)));
            emit runOpened(path);
        });
    connect(m_openLoader, &RunFileLoader::failed, this, [this](const QString& path, const QString& message) {
        showError(tr("Quantscope could not read the run file %1.").arg(path), message);
        emit runFileFailed(path, message);
    });

    QSettings s;
    m_threads->setValue(s.value(key("threads"), 1).toInt());
    m_warmup->setValue(s.value(key("warmup"), 5).toInt());
    m_runCount->setValue(s.value(key("runs"), 20).toInt());
    m_mode->setCurrentIndex(s.value(key("mode"), 0).toInt());
    m_runtime->setCurrentIndex(s.value(key("runtime"), 0).toInt());
    m_profile->setChecked(s.value(key("profile"), true).toBool());
    m_parity->setChecked(s.value(key("parity"), false).toBool());
    const QString defaultFolder
        = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/runs");
    setRunFolder(s.value(key("folder"), defaultFolder).toString());
    setModels({});
    setBusy(false);
}

RunsPanel::~RunsPanel()
{
    writeSettings();
}

void RunsPanel::setModels(const LoadResult& result)
{
    m_models = result;
    const std::shared_ptr<const LoadedModel> models[2] = { result.primary, result.secondary };
    for (int i = 0; i < 2; ++i) {
        QCheckBox* box = m_modelBoxes[i];
        if (!models[i]) {
            box->setText(i == 0 ? tr("(open a model)") : tr("(open a pair for FP32 vs INT8)"));
            box->setEnabled(false);
            continue;
        }
        const bool quantized = models[i]->analysis && models[i]->analysis->format != QuantFormat::Fp32;
        // Elided so that a long file name does not widen the form past the dock (the tooltip has the path).
        box->setText(box->fontMetrics().elidedText(
            QStringLiteral("%1: %2").arg(quantized ? tr("INT8") : tr("FP32"), displayNameForPath(models[i]->path)),
            Qt::ElideMiddle, box->fontMetrics().averageCharWidth() * 30));
        box->setToolTip(models[i]->path);
        box->setEnabled(true);
        box->setChecked(true);
    }
    // Shapes belong to a model file: show the ones remembered for these models (none carried over from the last
    // model), and ask for free dimensions the first time a model with some is opened.
    QStringList shapes;
    std::shared_ptr<const LoadedModel> ask;
    for (const auto& m : models) {
        if (!m)
            continue;
        const QStringList remembered = rememberedShapes(m->path);
        if (remembered.isEmpty() && !freeInputs(*m->model).empty() && !ask)
            ask = m;
        for (const QString& spec : remembered.isEmpty() ? suggestedShapes(*m->model) : remembered)
            if (!shapes.contains(spec))
                shapes << spec;
    }
    m_inputShapes->setText(shapes.join(QLatin1Char(' ')));
    if (ask)
        askInputShapes(ask);
    updateRunEnabled();
}

QStringList RunsPanel::rememberedShapes(const QString& modelPath)
{
    const QVariantMap map = QSettings().value(key("inputShapesByModel")).toMap();
    return map.value(QFileInfo(modelPath).absoluteFilePath()).toStringList();
}

void RunsPanel::rememberShapes(const QString& modelPath, const QStringList& specs)
{
    QSettings s;
    QVariantMap map = s.value(key("inputShapesByModel")).toMap();
    map.insert(QFileInfo(modelPath).absoluteFilePath(), specs);
    s.setValue(key("inputShapesByModel"), map);
}

void RunsPanel::askInputShapes(const std::shared_ptr<const LoadedModel>& model)
{
    if (m_shapeDialog)
        m_shapeDialog->close();
    const QStringList current = m_inputShapes->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    m_shapeDialog = new InputShapeDialog(displayNameForPath(model->path), freeInputs(*model->model), current, this);
    m_shapeDialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString path = model->path;
    connect(m_shapeDialog, &QDialog::accepted, this, [this, path] {
        const QStringList specs = m_shapeDialog->shapes();
        rememberShapes(path, specs);
        QStringList all = m_inputShapes->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (const QString& spec : specs) {
            const QString name = spec.section(QLatin1Char('='), 0, 0) + QLatin1Char('=');
            all.erase(std::remove_if(all.begin(), all.end(), [&](const QString& s) { return s.startsWith(name); }),
                all.end());
            all << spec;
        }
        m_inputShapes->setText(all.join(QLatin1Char(' ')));
    });
    // Non-modal: loading finishes and the window stays usable; the suggested sizes are already in the form.
    m_shapeDialog->open();
}

void RunsPanel::setSettings(int threads, int warmup, int runs, int modeIndex, bool profile)
{
    m_threads->setValue(threads);
    m_warmup->setValue(warmup);
    m_runCount->setValue(runs);
    m_mode->setCurrentIndex(modeIndex);
    m_profile->setChecked(profile);
}

QString RunsPanel::inputShapesText() const
{
    return m_inputShapes->text();
}

void RunsPanel::setInputShapesText(const QString& text)
{
    m_inputShapes->setText(text);
}

void RunsPanel::setModelChecked(int index, bool checked)
{
    m_modelBoxes[index]->setChecked(checked);
}

bool RunsPanel::buildRequest(BenchmarkRequest& request, QString* error) const
{
    const std::shared_ptr<const LoadedModel> models[2] = { m_models.primary, m_models.secondary };
    BenchmarkPlan& plan = request.plan;
    plan.models.clear();
    for (int i = 0; i < 2; ++i)
        if (models[i] && m_modelBoxes[i]->isChecked())
            plan.models.push_back(models[i]->model);
    if (plan.models.empty()) {
        *error = tr("Choose at least one model to measure.");
        return false;
    }
    plan.threads = { m_threads->value() };
    switch (m_mode->currentIndex()) {
    case 1:
        plan.modes = { ExecutionMode::AsWritten };
        break;
    case 2:
        plan.modes = { ExecutionMode::Optimized, ExecutionMode::AsWritten };
        break;
    default:
        plan.modes = { ExecutionMode::Optimized };
    }
    switch (m_runtime->currentIndex()) {
    case 1:
        plan.runtimes = { Runtime::OnnxRuntime };
        break;
    case 2:
        plan.runtimes = { Runtime::Quantscope, Runtime::OnnxRuntime };
        break;
    default:
        plan.runtimes = { Runtime::Quantscope };
    }
    request.ortAdapter.reset();
    if (plan.runtimes.back() == Runtime::OnnxRuntime)
        request.ortAdapter = m_ortAdapter;
    plan.config.warmupRuns = m_warmup->value();
    plan.config.runs = m_runCount->value();
    plan.profile = m_profile->isChecked();
    plan.parity = m_parity->isChecked();
    plan.parityInputs = "random:4";
    plan.inputShapes.clear();
    for (const QString& spec : m_inputShapes->text().split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        auto parsed = parseInputShapeSpec(spec.toStdString());
        if (!parsed) {
            *error = tr("Input shape '%1': %2").arg(spec, toQString(parsed.status().message()));
            return false;
        }
        // Each model gets the shapes of its own inputs (inputShapesOf); a name no chosen model has is an error said
        // here, before every scenario fails with it.
        const bool used = std::any_of(plan.models.begin(), plan.models.end(),
            [&](const auto& model) { return inputShapesOf(*model, { spec.toStdString() }).count(parsed->first) != 0; });
        if (!used) {
            *error = tr("Input shape '%1': '%2' is not an input of the chosen models.")
                         .arg(spec, toQString(parsed->first));
            return false;
        }
        plan.inputShapes.push_back(spec.toStdString());
    }
    // The parity samples are made for the FP32 model's inputs (the engine pairs the models by format).
    if (!plan.models.empty())
        plan.parityInputShapes = inputShapesOf(*plan.models.front(), plan.inputShapes);
    request.outputFolder = m_folder;
    return true;
}

void RunsPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (!m_detectionStarted)
        detectRuntimes();
}

void RunsPanel::detectRuntimes()
{
    m_detectionStarted = true;
    auto* watcher = new QFutureWatcher<std::vector<DiscoveredRuntime>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        applyRuntimeDetection(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([] { return discoverRuntimeAdapters(); }));
}

void RunsPanel::applyRuntimeDetection(const std::vector<DiscoveredRuntime>& found)
{
    // Node first, as findOrtAdapter prefers it: the verified adapter.
    const auto chosen
        = std::find_if(found.begin(), found.end(), [](const DiscoveredRuntime& r) { return r.available; });
    QString tip;
    if (chosen != found.end()) {
        m_ortAdapter = chosen->spec;
        m_runtime->setItemText(1, tr("ONNX Runtime"));
        m_runtime->setItemText(2, tr("Both"));
        tip = tr("ONNX Runtime through its %1 adapter: %2")
                  .arg(toQString(chosen->adapter),
                      toQString(chosen->detail.empty() ? chosen->location : chosen->detail));
    } else {
        m_ortAdapter.reset();
        m_runtime->setItemText(1, tr("ONNX Runtime (not found)"));
        m_runtime->setItemText(2, tr("Both (ONNX Runtime not found)"));
        tip = tr("No ONNX Runtime adapter was found, so its scenarios would fail (Settings \u2192 Runtimes). How to "
                 "get one:\n%1")
                  .arg(toQString(ortInstallHint()));
    }
    m_runtime->setItemData(1, tip, Qt::ToolTipRole);
    m_runtime->setItemData(2, tip, Qt::ToolTipRole);
    emit runtimesDetected();
}

void RunsPanel::startRun()
{
    if (m_controller->isBusy())
        return;
    BenchmarkRequest request;
    QString error;
    if (!buildRequest(request, &error)) {
        m_progressText->setText(error);
        emit statusMessage(error);
        return;
    }
    writeSettings();
    // What was measured with is what the model file remembers.
    const std::shared_ptr<const LoadedModel> models[2] = { m_models.primary, m_models.secondary };
    for (size_t i = 0; i < 2; ++i) {
        if (!models[i] || !m_modelBoxes[i]->isChecked())
            continue;
        QStringList specs;
        for (const auto& [name, dims] : inputShapesOf(*models[i]->model, request.plan.inputShapes)) {
            QStringList d;
            for (int64_t x : dims)
                d << QString::number(x);
            specs << toQString(name) + QLatin1Char('=') + d.join(QLatin1Char('x'));
        }
        rememberShapes(models[i]->path, specs);
    }
    m_progress->setValue(0);
    m_progressText->setStyleSheet(QString());
    m_progressText->setText(tr("Starting..."));
    m_controller->start(request);
}

void RunsPanel::cancelRun()
{
    if (!m_controller->isBusy())
        return;
    m_progressText->setText(tr("Cancelling after the current kernel..."));
    m_controller->cancel();
}

void RunsPanel::setBusy(bool busy)
{
    m_cancelButton->setEnabled(busy);
    m_cancelAction->setEnabled(busy);
    m_progress->setVisible(busy);
    for (QWidget* w :
        std::initializer_list<QWidget*> { m_mode, m_threads, m_warmup, m_runCount, m_profile, m_parity, m_inputShapes })
        w->setEnabled(!busy);
    updateRunEnabled();
}

void RunsPanel::updateRunEnabled()
{
    bool any = false;
    for (QCheckBox* b : m_modelBoxes)
        any = any || (b->isEnabled() && b->isChecked());
    const bool can = any && !m_controller->isBusy();
    m_runButton->setEnabled(can);
    m_runAction->setEnabled(can);
}

void RunsPanel::setRunFolder(const QString& folder)
{
    m_folder = QDir::cleanPath(folder);
    QSettings().setValue(key("folder"), m_folder);
    m_folderLabel->setText(QDir::toNativeSeparators(m_folder));
    m_folderLabel->setCursorPosition(0);
    m_folderLabel->setToolTip(m_folder);
    m_scanLoader->reset();
    QStringList files;
    const QDir dir(m_folder);
    for (const QString& f : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
        files << dir.filePath(f);
    m_scanLoader->load(files);
}

void RunsPanel::chooseRunFolder()
{
    QDir().mkpath(m_folder);
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for Run Files"), m_folder);
    if (!folder.isEmpty())
        setRunFolder(folder);
}

void RunsPanel::openRunFiles(const QStringList& paths)
{
    m_openLoader->load(paths);
}

void RunsPanel::openRunFileDialog()
{
    const QStringList paths
        = QFileDialog::getOpenFileNames(this, tr("Open Run Files"), m_folder, tr("Run files (*.json);;All files (*)"));
    openRunFiles(paths);
}

void RunsPanel::removeSelectedRun()
{
    const int row = m_list->currentIndex().row();
    if (!m_runs->removeRun(row))
        return;
    // The neighbour takes its place, as in a file manager; an empty list shows nothing.
    if (m_runs->rowCount() > 0)
        selectRow(std::min(row, m_runs->rowCount() - 1));
    else
        emit runSelected(nullptr, QString());
}

void RunsPanel::compareAnyway()
{
    const int row = m_list->currentIndex().row();
    const RunEntry* e = m_runs->entry(row);
    if (!e || e->record->config.allowDifferentNetworks)
        return;
    // Comparisons and findings are functions of the record: no new measurement is needed.
    auto record = std::make_shared<RunRecord>(*e->record);
    record->config.allowDifferentNetworks = true;
    record->comparisons = compareModels(*record);
    record->findings = diagnoseRun(*record);
    if (!e->path.isEmpty())
        if (Status st = writeRunFile(e->path.toStdString(), *record); !st)
            showError(tr("The comparison is shown but could not be saved."), toQString(st.toString()));
    m_runs->replaceRun(row, std::move(record));
    selectRow(row);
}

void RunsPanel::clearSelection()
{
    m_list->setCurrentIndex(QModelIndex());
    emit runSelected(nullptr, QString());
}

void RunsPanel::selectRow(int row)
{
    if (row < 0)
        return;
    const QModelIndex index = m_runs->index(row);
    m_list->setCurrentIndex(index);
    // setCurrentIndex does not signal when the row was current already (a re-opened file): show it anyway.
    if (const RunEntry* e = m_runs->entry(row))
        emit runSelected(e->record, e->path);
}

int RunsPanel::selectedRow() const
{
    return m_list->currentIndex().row();
}

void RunsPanel::showError(const QString& text, const QString& details)
{
    if (m_errorBox)
        m_errorBox->close();
    // Non-modal so the window (and a test) keeps running.
    m_errorBox = openMessage(this, QMessageBox::Critical, text, details);
}

void RunsPanel::writeSettings() const
{
    QSettings s;
    s.setValue(key("threads"), m_threads->value());
    s.setValue(key("warmup"), m_warmup->value());
    s.setValue(key("runs"), m_runCount->value());
    s.setValue(key("mode"), m_mode->currentIndex());
    s.setValue(key("runtime"), m_runtime->currentIndex());
    s.setValue(key("profile"), m_profile->isChecked());
    s.setValue(key("parity"), m_parity->isChecked());
}

void RunsPanel::dragEnterEvent(QDragEnterEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile() && isRunFile(url.toLocalFile())) {
            event->acceptProposedAction();
            return;
        }
}

void RunsPanel::dropEvent(QDropEvent* event)
{
    QStringList files;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile() && isRunFile(url.toLocalFile()))
            files << url.toLocalFile();
    openRunFiles(files);
    event->acceptProposedAction();
}

} // namespace qs::ui
