// SPDX-License-Identifier: MIT
#include "main_window.h"

#include "dialogs/message_box.h"
#include "dialogs/quantize_coordinator.h"
#include "dialogs/runtimes_dialog.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/metric_overlay.h"
#include "models/run_list_model.h"
#include "panels/compare_panel.h"
#include "panels/hotspot_panel.h"
#include "panels/operators_panel.h"
#include "panels/parity_panel.h"
#include "panels/properties_panel.h"
#include "panels/report_panel.h"
#include "panels/results_panel.h"
#include "panels/runs_panel.h"
#include "panels/summary_panel.h"
#include "panels/targets_panel.h"
#include "report/pdf_report.h"
#include "session/session_controller.h"
#include "util/qt_convert.h"
#include "util/scenario_groups.h"
#include "workers/benchmark_controller.h"
#include "workers/load_controller.h"

#include <quantscope/engine/version.h>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

// The .qrc is compiled into the static qs_ui library; its initializer must be referenced to be linked in.
static void initQuantscopeResources()
{
    Q_INIT_RESOURCE(quantscope);
}

namespace qs::ui {

namespace {
constexpr int kMaxRecentFiles = 10;
constexpr int kBottomDockPercent = 22;
const QString kOnnxFilter = QStringLiteral("ONNX models (*.onnx);;All files (*)");

QString settingsKey(const char* key)
{
    return QString::fromLatin1(key);
}
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(new LoadController(this))
    , m_quantizer(new QuantizeCoordinator(this))
{
    initQuantscopeResources();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/quantscope.svg")));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);

    m_graph = new GraphPanel(this);
    m_results = new ResultsPanel(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("centralTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_graph, tr("Graph"));
    m_tabs->addTab(m_results, tr("Results"));
    m_tabs->setTabToolTip(0, tr("The model's graph (Alt+G)"));
    m_tabs->setTabToolTip(1, tr("Charts, statistics and findings of the selected run (Alt+E)"));
    setCentralWidget(m_tabs);
    createDocks();
    // A tab of the central area, not a bottom dock: its chart and table need the height the graph gets (at 1366x768
    // a bottom dock keeps 180 px, which left the chart 30-50 px of plot).
    m_tabs->addTab(m_compare, tr("Compare"));
    m_tabs->setTabToolTip(2, tr("Two runs or scenarios side by side, with the bootstrap interval (Alt+C)"));
    m_sessions = new SessionController(this);
    createActions();

    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading; the model shown now stays open"));
    m_modelLabel = new QLabel(this);
    m_modelLabel->setObjectName(QStringLiteral("modelLabel"));
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    statusBar()->addPermanentWidget(m_modelLabel);
    setBusy(false);
    // One Cancel in the status bar for what it shows the progress of: quantizing, else loading.
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_quantizer->isBusy())
            m_quantizer->cancel();
        else
            m_loader->cancel();
    });
    connect(m_quantizer, &QuantizeCoordinator::busyChanged, this, [this](bool busy) {
        setBusy(busy);
        if (busy)
            m_cancel->setToolTip(tr("Stop quantizing; nothing is written"));
        updateQuantizeEnabled();
    });
    connect(m_quantizer, &QuantizeCoordinator::progressChanged, this, [this](int done, int total, const QString& text) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(text);
    });
    connect(m_quantizer, &QuantizeCoordinator::statusMessage, this,
        [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(m_quantizer, &QuantizeCoordinator::failed, this, &MainWindow::showQuantizeError);
    connect(m_quantizer, &QuantizeCoordinator::pairReady, this,
        [this](const QString& floatPath, const QString& quantizedPath, const QString& message, bool measure) {
            m_pendingQuantizeMessage = message;
            m_measureWhenLoaded = measure;
            openPair(floatPath, quantizedPath);
        });

    connect(m_loader, &LoadController::started, this, [this] { setBusy(true); });
    connect(m_loader, &LoadController::progressChanged, this, [this](int done, int total, const QString& stage) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(stage);
    });
    connect(m_loader, &LoadController::resultReady, this, &MainWindow::showResult);
    connect(m_loader, &LoadController::failed, this, &MainWindow::showError);
    connect(m_loader, &LoadController::cancelled, this, [this] {
        setBusy(false);
        statusBar()->showMessage(tr("Cancelled."), 4000);
    });
    connect(m_graph, &GraphPanel::layoutOptionsChanged, this, [this](const LayoutOptions& options) {
        if (m_result.primary)
            m_loader->relayout(m_result, options);
    });
    connect(m_graph, &GraphPanel::nodeSelected, m_properties, &PropertiesPanel::showNode);
    connect(m_graph, &GraphPanel::nodeTimesChanged, m_properties, &PropertiesPanel::setNodeTimes);
    connect(m_graph, &GraphPanel::nodeTimesChanged, m_hotspots, &HotspotPanel::setNodeTimes);
    connect(m_hotspots, &HotspotPanel::nodeRequested, this, [this](NodeId id) {
        m_tabs->setCurrentWidget(m_graph);
        m_graph->showNode(id);
    });
    connect(m_graph, &GraphPanel::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 5000); });
    connect(m_operators, &OperatorsPanel::findOpTypeRequested, this, [this](const QString& op) {
        m_tabs->setCurrentWidget(m_graph);
        m_graph->findAction()->trigger();
        m_graph->find(op);
    });
    connect(
        m_runs, &RunsPanel::runSelected, this, [this](std::shared_ptr<const RunRecord> record, const QString& path) {
            m_selectedRun = record;
            m_selectedRunPath = path;
            m_results->setRun(record, path);
            m_report->setRun(m_parity->withCheck(record), path);
        });
    connect(m_runs, &RunsPanel::runFinished, this, [this] { m_tabs->setCurrentWidget(m_results); });
    connect(m_runs, &RunsPanel::runOpened, this, [this] { m_tabs->setCurrentWidget(m_results); });
    connect(m_runs, &RunsPanel::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(
        m_report, &ReportPanel::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(m_results, &ResultsPanel::overlayRequested, this, &MainWindow::showProfileOnGraph);
    connect(m_results, &ResultsPanel::compareAnywayRequested, m_runs, &RunsPanel::compareAnyway);
    connect(m_results, &ResultsPanel::quantizeRequested, this, [this](int finding) {
        if (m_results->run())
            m_quantizer->openDialogForFinding(*m_results->run(), size_t(finding), m_result.primary);
    });
    connect(m_graph, &GraphPanel::modelShown, this, [this] {
        updateModelLabel();
        offerProfileOfShownModel();
    });
    connect(m_results, &ResultsPanel::profilesChanged, this, &MainWindow::offerProfileOfShownModel);
    // Targets classify the model on screen; their verdicts go to the graph's "Colour by".
    connect(m_graph, &GraphPanel::modelShown, m_targets, &TargetsPanel::setModel);
    connect(m_targets, &TargetsPanel::targetSelected, m_graph,
        [this](std::shared_ptr<const TargetReport> report, std::shared_ptr<const Model> model, const QString& title) {
            m_graph->setTargetReport(std::move(report), std::move(model), title);
        });
    connect(m_targets, &TargetsPanel::colourRequested, this,
        [this](std::shared_ptr<const TargetReport> report, std::shared_ptr<const Model> model, const QString& title) {
            m_graph->setTargetReport(std::move(report), std::move(model), title, true);
            m_tabs->setCurrentWidget(m_graph);
        });
    connect(m_targets, &TargetsPanel::nodeRequested, this, [this](NodeId id) {
        m_tabs->setCurrentWidget(m_graph);
        m_graph->showNode(id);
    });
    connect(m_targets, &TargetsPanel::bodyNodeShown, this,
        [this](const QString& note) { statusBar()->showMessage(note, 10000); });

    // Parity of the open pair: the graph's "Colour by", the Results' verdict table and the report follow the check.
    connect(m_graph, &GraphPanel::modelShown, m_parity, &ParityPanel::setShownModel);
    connect(m_parity, &ParityPanel::parityChanged, this, [this](const ParityResult& r) {
        m_graph->setParity(r.report, r.reference, r.candidate);
        m_results->setComputedParity(r.report);
        m_report->setRun(m_parity->withCheck(m_selectedRun), m_selectedRunPath);
    });
    connect(m_parity, &ParityPanel::colourRequested, this, [this] {
        const ParityResult& r = m_parity->result();
        m_graph->setParity(r.report, r.reference, r.candidate, true);
        m_tabs->setCurrentWidget(m_graph);
    });
    connect(m_parity, &ParityPanel::nodeRequested, this, [this](NodeId id) {
        m_tabs->setCurrentWidget(m_graph);
        m_graph->showNode(id);
    });
    connect(
        m_parity, &ParityPanel::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });

    m_defaultState = saveState();
    readSettings();
    updateTitle();
    statusBar()->showMessage(tr("Open an ONNX model with Ctrl+O or drop one on the window."));
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    const auto dock = [this](QWidget* w, const QString& title, const char* name, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(QString::fromLatin1(name));
        d->setWidget(w);
        // Below the graph the title runs down the dock's left side: its height is the graph's at 1366x768.
        if (area == Qt::BottomDockWidgetArea)
            d->setFeatures(d->features() | QDockWidget::DockWidgetVerticalTitleBar);
        addDockWidget(area, d);
        return d;
    };
    m_summary = new SummaryPanel(this);
    m_operators = new OperatorsPanel(this);
    m_properties = new PropertiesPanel(this);
    QDockWidget* summary = dock(m_summary, tr("Model Summary"), "SummaryDock", Qt::LeftDockWidgetArea);
    QDockWidget* ops = dock(m_operators, tr("Operators"), "OperatorsDock", Qt::LeftDockWidgetArea);
    dock(m_properties, tr("Properties"), "PropertiesDock", Qt::RightDockWidgetArea);
    m_runs = new RunsPanel(this);
    m_compare = new ComparePanel(m_runs->runList(), this);
    m_report = new ReportPanel([this] { return m_results->chartImages(PdfReport::kChartSize); }, this);
    QDockWidget* runs = dock(m_runs, tr("Runs"), "RunsDock", Qt::BottomDockWidgetArea);
    QDockWidget* report = dock(m_report, tr("Report"), "ReportDock", Qt::BottomDockWidgetArea);
    m_hotspots = new HotspotPanel(this);
    // Beside Operators (counts per op type), where a table of nodes and op types is expected.
    QDockWidget* hotspots = dock(m_hotspots, tr("Hotspots"), "HotspotsDock", Qt::LeftDockWidgetArea);
    tabifyDockWidget(summary, ops);
    tabifyDockWidget(ops, hotspots);
    summary->raise();
    tabifyDockWidget(runs, report);
    // At the bottom, where the width holds a table of targets beside the table of the selected target's nodes.
    m_targets = new TargetsPanel(this);
    QDockWidget* targets = dock(m_targets, tr("Targets"), "TargetsDock", Qt::BottomDockWidgetArea);
    tabifyDockWidget(report, targets);
    m_parity = new ParityPanel(this);
    QDockWidget* parity = dock(m_parity, tr("Parity"), "ParityDock", Qt::BottomDockWidgetArea);
    tabifyDockWidget(targets, parity);
    runs->raise();
    // Narrow enough that a 1366 px window keeps about 700 px for the graph and the Results tab. The bottom docks'
    // height follows the window's once it is shown (applyDefaultDockHeight).
    resizeDocks({ summary, findChild<QDockWidget*>(QStringLiteral("PropertiesDock")) }, { 340, 300 }, Qt::Horizontal);
}

// A share of the window's height, not a fixed size: 260 px left the graph about 220 px at 1366x768. The size asked
// for includes the docks' tab bar; at 180 the whole Runs form (four rows) is in view.
void MainWindow::applyDefaultDockHeight()
{
    if (auto* runs = findChild<QDockWidget*>(QStringLiteral("RunsDock")))
        resizeDocks({ runs }, { std::clamp(height() * kBottomDockPercent / 100, 180, 320) }, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_dockHeightPending) {
        m_dockHeightPending = false;
        // Once the window has its shown size (a maximized window gets it after the first layout).
        QTimer::singleShot(0, this, &MainWindow::applyDefaultDockHeight);
    }
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open..."), this, &MainWindow::openFileDialog);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open an ONNX model"));
    QAction* pair = file->addAction(tr("Open &Pair (FP32 + INT8)..."), this, &MainWindow::openPairDialog);
    pair->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    pair->setStatusTip(tr("Open a float model and its quantized version side by side"));
    file->addAction(m_sessions->openAction());
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(m_sessions->saveAction());
    connect(m_sessions, &SessionController::fileUsed, this, &MainWindow::addRecentFile);
    connect(m_sessions, &SessionController::fileChanged, this, &MainWindow::updateTitle);
    connect(m_sessions, &SessionController::statusMessage, this,
        [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    file->addSeparator();
    file->addAction(m_graph->exportPngAction());
    file->addAction(m_graph->exportSvgAction());
    connect(m_graph->exportPngAction(), &QAction::triggered, this, [this] { exportGraphDialog(false); });
    connect(m_graph->exportSvgAction(), &QAction::triggered, this, [this] { exportGraphDialog(true); });
    file->addSeparator();
    file->addAction(m_runs->openRunAction());
    file->addAction(m_report->exportMarkdownAction());
    file->addAction(m_report->exportPdfAction());
    file->addAction(m_report->copyMarkdownAction());
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    const QList<QAction*> graphActions = m_graph->viewActions();
    for (QAction* a : graphActions) {
        m_viewMenu->addAction(a);
        if (a == graphActions.value(3) || a == graphActions.value(8))
            m_viewMenu->addSeparator();
    }
    m_viewMenu->addSeparator();
    QMenu* panels = m_viewMenu->addMenu(tr("&Panels"));
    for (QDockWidget* d : findChildren<QDockWidget*>())
        panels->addAction(d->toggleViewAction());
    panels->addSeparator();
    panels->addAction(tr("&Reset Layout"), this, [this] {
        restoreState(m_defaultState);
        applyDefaultDockHeight();
    });
    QAction* showTargets = m_viewMenu->addAction(tr("Show Tar&gets"), this, [this] {
        if (auto* d = findChild<QDockWidget*>(QStringLiteral("TargetsDock"))) {
            d->show();
            d->raise();
            m_targets->targetTable()->setFocus();
        }
    });
    showTargets->setShortcut(QKeySequence(Qt::ALT | Qt::Key_T));
    showTargets->setStatusTip(tr("Where the model runs, falls back to the CPU provider, or cannot load"));
    showTargets->setObjectName(QStringLiteral("showTargets"));

    QMenu* modelMenu = menuBar()->addMenu(tr("&Model"));
    m_quantizeAction
        = modelMenu->addAction(tr("&Quantize..."), this, [this] { m_quantizer->openDialog(m_result.primary); });
    m_quantizeAction->setObjectName(QStringLiteral("quantize"));
    m_quantizeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_quantizeAction->setStatusTip(tr("Write an INT8 version of the open FP32 model and open it beside the original"));
    m_cancelQuantizeAction = modelMenu->addAction(tr("&Cancel Quantizing"), m_quantizer, &QuantizeCoordinator::cancel);
    m_cancelQuantizeAction->setStatusTip(tr("Stop quantizing; nothing is written"));
    modelMenu->addSeparator();
    QAction* checkParity = modelMenu->addAction(m_parity->checkAction()->text(), this, [this] {
        if (auto* d = findChild<QDockWidget*>(QStringLiteral("ParityDock"))) {
            d->show();
            d->raise();
        }
        m_parity->check();
    });
    checkParity->setObjectName(QStringLiteral("checkParity"));
    checkParity->setStatusTip(m_parity->checkAction()->statusTip());
    connect(m_parity->checkAction(), &QAction::changed, checkParity,
        [checkParity, this] { checkParity->setEnabled(m_parity->checkAction()->isEnabled()); });
    checkParity->setEnabled(m_parity->checkAction()->isEnabled());
    updateQuantizeEnabled();

    QMenu* run = menuBar()->addMenu(tr("&Benchmark"));
    run->addAction(m_runs->runAction());
    run->addAction(m_runs->cancelAction());
    run->addAction(m_runs->compareAnywayAction());
    run->addSeparator();
    run->addAction(tr("Choose Run &Folder..."), m_runs, &RunsPanel::chooseRunFolder);
    QAction* showGraph = run->addAction(tr("Show &Graph"), this, [this] { m_tabs->setCurrentWidget(m_graph); });
    showGraph->setShortcut(QKeySequence(Qt::ALT | Qt::Key_G));
    QAction* showResults = run->addAction(tr("Show R&esults"), this, [this] { m_tabs->setCurrentWidget(m_results); });
    showResults->setShortcut(QKeySequence(Qt::ALT | Qt::Key_E));
    QAction* showCompare = run->addAction(tr("Show &Compare"), this, [this] { m_tabs->setCurrentWidget(m_compare); });
    showCompare->setShortcut(QKeySequence(Qt::ALT | Qt::Key_C));
    showCompare->setObjectName(QStringLiteral("showCompare"));
    run->addAction(m_compare->swapAction());

    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    QAction* runtimes = settings->addAction(tr("&Runtimes..."), this, [this] {
        auto* dialog = new RuntimesDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    runtimes->setObjectName(QStringLiteral("showRuntimes"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Quantscope"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    updateRecentMenu();
}

void MainWindow::setBusy(bool busy)
{
    // Loading the pair a finished quantization made must not hide the progress of a quantization started since.
    busy = busy || m_quantizer->isBusy();
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    if (!m_quantizer->isBusy())
        m_cancel->setToolTip(tr("Stop loading; the model shown now stays open"));
    if (busy) {
        m_progress->setRange(0, 0);
        m_progress->setFormat(tr("Working..."));
    }
}

void MainWindow::openFile(const QString& path)
{
    m_pendingDescription = displayNameForPath(path);
    statusBar()->showMessage(tr("Opening %1...").arg(m_pendingDescription));
    m_runAtOpen = m_results->run();
    m_loader->load(path, QString(), m_graph->layoutOptions());
}

void MainWindow::openPair(const QString& floatPath, const QString& quantizedPath)
{
    m_pendingDescription = tr("%1 and %2").arg(displayNameForPath(floatPath), displayNameForPath(quantizedPath));
    statusBar()->showMessage(tr("Opening %1...").arg(m_pendingDescription));
    m_runAtOpen = m_results->run();
    m_loader->load(floatPath, quantizedPath, m_graph->layoutOptions());
}

void MainWindow::openFileDialog()
{
    QSettings settings;
    const QString dir = settings.value(settingsKey("lastDirectory")).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open ONNX Model"), dir, kOnnxFilter);
    if (path.isEmpty())
        return;
    settings.setValue(settingsKey("lastDirectory"), QFileInfo(path).absolutePath());
    openFile(path);
}

void MainWindow::openPairDialog()
{
    QSettings settings;
    const QString dir = settings.value(settingsKey("lastDirectory")).toString();
    const QString a = QFileDialog::getOpenFileName(this, tr("Open Pair: the FP32 Model"), dir, kOnnxFilter);
    if (a.isEmpty())
        return;
    const QString b = QFileDialog::getOpenFileName(
        this, tr("Open Pair: the Quantized (INT8) Model"), QFileInfo(a).absolutePath(), kOnnxFilter);
    if (b.isEmpty())
        return;
    settings.setValue(settingsKey("lastDirectory"), QFileInfo(b).absolutePath());
    openPair(a, b);
}

void MainWindow::exportGraphDialog(bool svg)
{
    if (!m_graph->scene()->model())
        return;
    const QString base = QFileInfo(m_graph->scene()->model()->path).completeBaseName();
    const QString dir = QFileInfo(m_graph->scene()->model()->path).absolutePath();
    const QString path = QFileDialog::getSaveFileName(this, svg ? tr("Export Graph as SVG") : tr("Export Graph as PNG"),
        dir + QLatin1Char('/') + base + (svg ? QStringLiteral(".svg") : QStringLiteral(".png")),
        svg ? tr("SVG drawings (*.svg)") : tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_graph->exportImage(path, &error))
        openMessage(this, QMessageBox::Warning, tr("Quantscope could not export the graph to %1.").arg(path), error);
    else
        statusBar()->showMessage(tr("Exported the graph to %1.").arg(path), 5000);
}

void MainWindow::showResult(const LoadResult& result, bool isRelayout)
{
    setBusy(false);
    m_result = result;
    m_graph->setResult(result, isRelayout);
    if (!isRelayout) {
        m_summary->setResult(result);
        m_operators->setResult(result);
        m_runs->setModels(result);
        m_parity->setModels(result);
        m_properties->showNode(nullptr, kNoNode);
        // A pair is remembered as a pair (the two paths joined by a newline, which no file name holds).
        addRecentFile(result.secondary ? result.primary->path + QLatin1Char('\n') + result.secondary->path
                                       : result.primary->path);
    }
    updateTitle();
    updateModelLabel();
    if (!isRelayout)
        showRunOfOpenModels();
    statusBar()->showMessage(
        isRelayout ? tr("Graph laid out again.") : tr("Opened %1.").arg(m_pendingDescription), 5000);
    updateQuantizeEnabled();
    if (!isRelayout && !m_pendingQuantizeMessage.isEmpty()) {
        statusBar()->showMessage(m_pendingQuantizeMessage, 30000);
        m_pendingQuantizeMessage.clear();
    }
    emit modelLoaded();
    if (!isRelayout && m_measureWhenLoaded) {
        // A finding's action: measure the FP32 model against the INT8 model just made from it.
        m_measureWhenLoaded = false;
        m_runs->startRun();
    }
}

// The status bar describes the graph on screen, which changes when the other side of a pair is shown.
void MainWindow::updateModelLabel()
{
    const auto& shown = m_graph->scene()->model();
    if (!shown) {
        m_modelLabel->clear();
        return;
    }
    m_modelLabel->setText(tr("%1 \u00b7 %2 nodes \u00b7 %3 boundaries \u00b7 layout %4 ms")
                              .arg(displayNameForPath(shown->path))
                              .arg(shown->model->graph().nodes().size())
                              .arg(shown->boundaryNodeCount())
                              .arg(shown->layout.milliseconds, 0, 'f', 0));
}

// A profile of the model on screen in the run shown (its current setting) is loaded into the graph: time becomes a
// "Colour by" choice and the tooltips, Properties and Hotspots show it, without recolouring what the user chose.
void MainWindow::offerProfileOfShownModel()
{
    const auto& shown = m_graph->scene()->model();
    const auto& run = m_results->run();
    if (!shown || !run)
        return;
    for (const ScenarioRecord* s : m_results->profiledScenarios()) {
        const ModelRecord* m = run->model(s->modelId);
        if (m && QFileInfo(shown->path).absoluteFilePath() == QFileInfo(toQString(m->path)).absoluteFilePath()) {
            m_graph->setProfile(std::make_shared<const ProfileReport>(*s->profile), scenarioLabel(*s), false);
            return;
        }
    }
}

// A newly opened model must not sit beside the previous pair's results and report: show the newest run of the open
// models, or nothing.
void MainWindow::showRunOfOpenModels()
{
    const auto same = [](const QString& a, const std::string& b) {
        return QFileInfo(a).absoluteFilePath() == QFileInfo(toQString(b)).absoluteFilePath();
    };
    RunListModel* runs = m_runs->runList();
    for (int row = 0; row < runs->rowCount(); ++row) {
        const RunEntry* e = runs->entry(row);
        bool ofOpen = false;
        for (const ModelRecord& m : e->record->models)
            ofOpen = ofOpen || (m_result.primary && same(m_result.primary->path, m.path))
                || (m_result.secondary && same(m_result.secondary->path, m.path));
        if (ofOpen) {
            m_runs->selectRow(row);
            return;
        }
    }
    // A run opened while the models loaded (both named on the command line) was asked for with them: it stays. Which
    // of the two finished first decided it before.
    if (m_results->run() && m_results->run() != m_runAtOpen)
        return;
    m_runs->clearSelection();
}

void MainWindow::showError(const QString& message)
{
    setBusy(false);
    m_pendingQuantizeMessage.clear();
    m_measureWhenLoaded = false;
    statusBar()->showMessage(tr("Could not open %1.").arg(m_pendingDescription), 8000);
    if (m_errorBox)
        m_errorBox->close();
    // Non-modal so the window (and a test) keeps running; the previous model is untouched.
    m_errorBox = openMessage(
        this, QMessageBox::Critical, tr("Quantscope could not open %1.").arg(m_pendingDescription), message);
    emit loadFailed(message);
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList files = settings.value(settingsKey("recentFiles")).toStringList();
    QStringList parts = path.split(QLatin1Char('\n'));
    for (QString& p : parts)
        p = QFileInfo(p).absoluteFilePath();
    const QString abs = parts.join(QLatin1Char('\n'));
    files.removeAll(abs);
    files.prepend(abs);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings.setValue(settingsKey("recentFiles"), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = QSettings().value(settingsKey("recentFiles")).toStringList();
    for (const QString& f : files) {
        const QStringList pair = f.split(QLatin1Char('\n'));
        const bool session = pair.size() == 1 && SessionController::isSessionFile(f);
        QAction* a = m_recentMenu->addAction(pair.size() == 2
                ? tr("%1 + %2 (pair)").arg(displayNameForPath(pair[0]), displayNameForPath(pair[1]))
                : session ? tr("%1 (session)").arg(QFileInfo(f).fileName())
                          : displayNameForPath(f));
        a->setToolTip(pair.join(tr(" + ")));
        a->setStatusTip(a->toolTip());
        if (pair.size() == 2)
            connect(a, &QAction::triggered, this, [this, pair] { openPair(pair[0], pair[1]); });
        else if (session)
            connect(a, &QAction::triggered, m_sessions, [this, f] { m_sessions->open(f); });
        else
            connect(a, &QAction::triggered, this, [this, f] { openFile(f); });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("&Clear List"), this, [this] {
            QSettings().remove(settingsKey("recentFiles"));
            updateRecentMenu();
        });
    }
}

void MainWindow::updateTitle()
{
    QString title;
    if (m_result.primary) {
        const auto name = [](const LoadedModel& m) {
            const QFileInfo fi(m.path);
            return fi.fileName() == QLatin1String("model.onnx") ? fi.dir().dirName() : fi.fileName();
        };
        title = m_result.isPair() ? tr("%1 vs %2").arg(name(*m_result.primary), name(*m_result.secondary))
                                  : name(*m_result.primary);
    }
    // A session names the window (with Qt's [*], shown while it has unsaved changes), the open models follow it.
    const QString session = m_sessions->currentFile();
    if (!session.isEmpty())
        title = title.isEmpty() ? QStringLiteral("%1[*]").arg(QFileInfo(session).fileName())
                                : tr("%1[*] \u00b7 %2").arg(QFileInfo(session).fileName(), title);
    setWindowTitle(title.isEmpty() ? tr("Quantscope") : tr("%1 \u2014 Quantscope").arg(title));
}

void MainWindow::readSettings()
{
    QSettings s;
    if (!restoreGeometry(s.value(settingsKey("mainWindow/geometry")).toByteArray())) {
        // First start: 1500x940, or the screen's free area on a smaller screen (a 1366x768 laptop).
        QSize size(1500, 940);
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            size = size.boundedTo(screen->availableGeometry().size());
        // The minimum size resize() clamps to is the layout's last one, from before the docks were tabbed (about
        // 1,450 px wide): recompute it first.
        layout()->activate();
        resize(size);
        // A window the default size does not fit (a laptop) starts maximized: the window manager then fits its frame,
        // title bar and panels, which the screen's available size does not all subtract.
        if (const QScreen* screen = QGuiApplication::primaryScreen()) {
            const QSize free = screen->availableGeometry().size();
            m_startMaximized = free.width() < 1500 + 20 || free.height() < 940 + 60; // with room for a frame
        }
    }
    m_dockHeightPending = !restoreState(s.value(settingsKey("mainWindow/state")).toByteArray());
    LayoutOptions o;
    o.direction = s.value(settingsKey("graph/leftToRight"), false).toBool() ? LayoutDirection::LeftToRight
                                                                            : LayoutDirection::TopToBottom;
    o.collapseQdq = s.value(settingsKey("graph/collapseQdq"), false).toBool();
    o.foldConstants = s.value(settingsKey("graph/foldConstants"), true).toBool();
    o.edgeLabels = s.value(settingsKey("graph/tensorShapes"), false).toBool();
    m_graph->setLayoutOptions(o);
}

void MainWindow::writeSettings() const
{
    QSettings s;
    s.setValue(settingsKey("mainWindow/geometry"), saveGeometry());
    s.setValue(settingsKey("mainWindow/state"), saveState());
    const LayoutOptions o = m_graph->layoutOptions();
    s.setValue(settingsKey("graph/leftToRight"), o.direction == LayoutDirection::LeftToRight);
    s.setValue(settingsKey("graph/collapseQdq"), o.collapseQdq);
    s.setValue(settingsKey("graph/foldConstants"), o.foldConstants);
    s.setValue(settingsKey("graph/tensorShapes"), o.edgeLabels);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Unsaved changes to a session the user saved or opened: asked about first (the window closes itself after).
    if (!m_sessions->confirmClose()) {
        event->ignore();
        return;
    }
    m_loader->cancel();
    m_quantizer->cancel();
    m_runs->controller()->cancel();
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList files, runFiles;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (!url.isLocalFile())
            continue;
        // A session stands for the whole window: it is opened alone.
        if (SessionController::isSessionFile(url.toLocalFile())) {
            m_sessions->open(url.toLocalFile());
            event->acceptProposedAction();
            return;
        }
        (url.toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? runFiles : files)
            << url.toLocalFile();
    }
    m_runs->openRunFiles(runFiles);
    if (files.size() >= 2)
        openPair(files[0], files[1]); // the worker puts the float model first
    else if (files.size() == 1)
        openFile(files[0]);
    event->acceptProposedAction();
}

void MainWindow::showProfileOnGraph(const ProfileReport& profile, const QString& modelPath, const QString& label)
{
    const auto same = [](const QString& a, const QString& b) {
        const QFileInfo fa(a), fb(b);
        return fa.exists() && fb.exists() ? fa.canonicalFilePath() == fb.canonicalFilePath() : a == b;
    };
    int side = -1;
    if (m_result.primary && same(m_result.primary->path, modelPath))
        side = 0;
    else if (m_result.secondary && same(m_result.secondary->path, modelPath))
        side = 1;
    if (side < 0) {
        statusBar()->showMessage(
            tr("The graph shows another model: open %1 to see this profile on its graph.").arg(modelPath), 8000);
        return;
    }
    m_graph->showSide(side);
    m_graph->setProfile(std::make_shared<const ProfileReport>(profile), label);
    // The slowest nodes are the next question after the colours: show where they are listed.
    if (auto* d = findChild<QDockWidget*>(QStringLiteral("HotspotsDock")); d && d->isVisible())
        d->raise();
    m_tabs->setCurrentWidget(m_graph);
    statusBar()->showMessage(tr("Graph coloured by the mean time per node of %1.").arg(label), 8000);
}

void MainWindow::updateQuantizeEnabled()
{
    const auto& primary = m_result.primary;
    const bool floatOpen = primary && primary->analysis && primary->analysis->format == QuantFormat::Fp32;
    m_quantizeAction->setEnabled(floatOpen && !m_quantizer->isBusy());
    m_cancelQuantizeAction->setEnabled(m_quantizer->isBusy());
}

void MainWindow::showQuantizeError(const QString& message)
{
    statusBar()->showMessage(tr("Quantizing failed."), 8000);
    if (m_errorBox)
        m_errorBox->close();
    m_errorBox = openMessage(this, QMessageBox::Critical, tr("Quantscope could not write the INT8 model."), message);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Quantscope"),
        tr("<h3>Quantscope %1</h3>"
           "<p>Is INT8 faster than FP32 for this ONNX model on this machine, and if not, why?</p>"
           "<p>Git revision %2. Built with Qt %3; graph layout by Graphviz; ONNX schemas from libonnx.</p>"
           "<p>Licensed under the MIT license.</p>")
            .arg(toQString(versionString()), toQString(gitRevision()), QLatin1String(QT_VERSION_STR)));
}

} // namespace qs::ui
