// SPDX-License-Identifier: MIT
// The application window: menus, docks, status bar; owns the load controller.
#pragma once

#include "workers/loaded_model.h"

#include <quantscope/engine/profile_report.h>

#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QTabWidget;
class QToolButton;

namespace qs {
struct RunRecord;
}

namespace qs::ui {

class ComparePanel;
class GraphPanel;
class HotspotPanel;
class LoadController;
class OperatorsPanel;
class ParityPanel;
class PropertiesPanel;
class QuantizeCoordinator;
class ReportPanel;
class ResultsPanel;
class RunsPanel;
class SessionController;
class SummaryPanel;
class TargetsPanel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    const LoadResult& currentResult() const { return m_result; }
    GraphPanel* graphPanel() const { return m_graph; }
    OperatorsPanel* operatorsPanel() const { return m_operators; }
    PropertiesPanel* propertiesPanel() const { return m_properties; }
    SummaryPanel* summaryPanel() const { return m_summary; }
    RunsPanel* runsPanel() const { return m_runs; }
    ResultsPanel* resultsPanel() const { return m_results; }
    ComparePanel* comparePanel() const { return m_compare; }
    ReportPanel* reportPanel() const { return m_report; }
    HotspotPanel* hotspotPanel() const { return m_hotspots; }
    TargetsPanel* targetsPanel() const { return m_targets; }
    ParityPanel* parityPanel() const { return m_parity; }
    /// The central tabs: the graph (0) and the selected run's results (1).
    QTabWidget* centralTabs() const { return m_tabs; }
    LoadController* loadController() const { return m_loader; }
    /// Model > Quantize... and the findings' quantize actions.
    QuantizeCoordinator* quantizer() const { return m_quantizer; }
    /// Enabled while a float model is open and nothing is being quantized.
    QAction* quantizeAction() const { return m_quantizeAction; }
    /// The last error dialog (non-modal), for tests and for not stacking dialogs.
    QMessageBox* errorDialog() const { return m_errorBox; }
    /// File > Save Session... and Open Session...
    SessionController* sessions() const { return m_sessions; }
    /// A first start on a screen smaller than the default window: show it maximized.
    bool startMaximized() const { return m_startMaximized; }

public slots:
    void openFile(const QString& path);
    void openPair(const QString& floatPath, const QString& quantizedPath);
    void openFileDialog();
    void openPairDialog();
    void exportGraphDialog(bool svg);
    /// Colours the graph by a run's per-node profile, switching to the model of the pair it belongs to.
    void showProfileOnGraph(const qs::ProfileReport& profile, const QString& modelPath, const QString& label);

signals:
    void modelLoaded();
    /// Emitted with the message also shown in the error dialog; the previous model stays open.
    void loadFailed(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createDocks();
    void applyDefaultDockHeight();
    void setBusy(bool busy);
    void showResult(const LoadResult& result, bool isRelayout);
    void showError(const QString& message);
    void addRecentFile(const QString& path);
    void updateRecentMenu();
    void updateTitle();
    void updateModelLabel();
    void showRunOfOpenModels();
    void offerProfileOfShownModel();
    void readSettings();
    void writeSettings() const;
    void showAbout();
    void updateQuantizeEnabled();
    void showQuantizeError(const QString& message);

    LoadController* m_loader = nullptr;
    QuantizeCoordinator* m_quantizer = nullptr;
    SessionController* m_sessions = nullptr;
    QAction* m_quantizeAction = nullptr;
    QAction* m_cancelQuantizeAction = nullptr;
    QString m_pendingQuantizeMessage; ///< what the quantizer did, shown once the pair it made is open
    bool m_measureWhenLoaded = false; ///< a finding's action: measure the pair once it is open
    LoadResult m_result;
    QString m_pendingDescription;
    /// The run shown when the last load was asked for: a run opened since is not the previous pair's.
    std::shared_ptr<const RunRecord> m_runAtOpen;
    GraphPanel* m_graph = nullptr;
    OperatorsPanel* m_operators = nullptr;
    PropertiesPanel* m_properties = nullptr;
    SummaryPanel* m_summary = nullptr;
    RunsPanel* m_runs = nullptr;
    ResultsPanel* m_results = nullptr;
    ComparePanel* m_compare = nullptr;
    ReportPanel* m_report = nullptr;
    HotspotPanel* m_hotspots = nullptr;
    TargetsPanel* m_targets = nullptr;
    ParityPanel* m_parity = nullptr;
    /// The run the Runs panel selected, as read: the report shows it with the Parity panel's check added.
    std::shared_ptr<const RunRecord> m_selectedRun;
    QString m_selectedRunPath;
    QTabWidget* m_tabs = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QLabel* m_modelLabel = nullptr;
    QPointer<QMessageBox> m_errorBox;
    QByteArray m_defaultState;
    bool m_dockHeightPending = false; ///< no remembered layout: the bottom docks are sized when first shown
    bool m_startMaximized = false;
};

} // namespace qs::ui
