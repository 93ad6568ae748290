// SPDX-License-Identifier: MIT
// Measuring and keeping runs: which models (the open model and its pair), mode, threads, warm-up and runs; Run with
// progress and Cancel on the benchmark thread; the list of run files (remembered folder, opened or dropped files).
#pragma once

#include "panels/input_shape_dialog.h"
#include "workers/loaded_model.h"

#include <quantscope/engine/run_record.h>
#include <quantscope/engine/runtime_discovery.h>

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QMessageBox;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace qs::ui {

class BenchmarkController;
class RunFileLoader;
class RunListModel;
struct BenchmarkRequest;

class RunsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RunsPanel(QWidget* parent = nullptr);
    ~RunsPanel() override;

    /// The models a run can measure: the open model, or both models of a pair.
    void setModels(const LoadResult& result);

    RunListModel* runList() const { return m_runs; }
    BenchmarkController* controller() const { return m_controller; }
    QAction* runAction() const { return m_runAction; }
    QAction* cancelAction() const { return m_cancelAction; }
    QAction* openRunAction() const { return m_openAction; }
    /// Removes the selected run from the list (Delete); the run file is not touched.
    QAction* removeRunAction() const { return m_removeAction; }
    /// Re-compares the selected run although its FP32 and INT8 models are not the same network (saved in its file).
    QAction* compareAnywayAction() const { return m_compareAnywayAction; }
    void compareAnyway();
    /// The dialog asking for free input dimensions (non-modal; null when none is open), for tests.
    InputShapeDialog* inputShapeDialog() const { return m_shapeDialog; }
    QString inputShapesText() const;
    void setInputShapesText(const QString& text);
    /// "NAME=DIMS" specs remembered for a model file (empty when none).
    static QStringList rememberedShapes(const QString& modelPath);
    static void rememberShapes(const QString& modelPath, const QStringList& specs);
    void removeSelectedRun();
    /// The last error dialog (non-modal), for tests and for not stacking dialogs.
    QMessageBox* errorDialog() const { return m_errorBox; }

    QString runFolder() const { return m_folder; }
    /// Remembers the folder and lists the run files in it (read in the background).
    void setRunFolder(const QString& folder);
    /// The request the form describes now; `error` says why there is none (no model chosen, bad input shape).
    bool buildRequest(BenchmarkRequest& request, QString* error) const;

    /// The form's settings, for tests: threads (0 = all cores), warm-up, runs, mode index (0 optimized,
    /// 1 as-written, 2 both), profile, and which models are ticked.
    void setSettings(int threads, int warmup, int runs, int modeIndex, bool profile);
    void setModelChecked(int index, bool checked);

    /// Looks for the ONNX Runtime adapters off the GUI thread (the first time the panel is shown, or when called):
    /// the runtime choice then says whether one was found, and a request that uses ONNX Runtime carries the adapter
    /// found. Emits runtimesDetected when done.
    void detectRuntimes();
    /// The adapter a run with ONNX Runtime gets; nullopt before detection ends or when none was found.
    const std::optional<RuntimeAdapterSpec>& ortAdapter() const { return m_ortAdapter; }

public slots:
    void startRun();
    void cancelRun();
    /// Opens run files (each read in the background); a bad file gets an error dialog naming it and the problem.
    void openRunFiles(const QStringList& paths);
    void openRunFileDialog();
    void chooseRunFolder();
    void selectRow(int row);
    /// The row of the run shown (the Results tab's); -1 when none.
    int selectedRow() const;
    /// Selects no run (the Results tab and the Report dock then show their empty state).
    void clearSelection();

signals:
    void runSelected(std::shared_ptr<const qs::RunRecord> record, const QString& path);
    void runFinished(const QString& path);
    /// A run file the user opened (not one found in the folder) was read and selected.
    void runOpened(const QString& path);
    void runFileFailed(const QString& path, const QString& message);
    void statusMessage(const QString& text);
    void runtimesDetected();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void setBusy(bool busy);
    void showError(const QString& text, const QString& details);
    void writeSettings() const;
    void updateRunEnabled();
    void askInputShapes(const std::shared_ptr<const LoadedModel>& model);
    void applyRuntimeDetection(const std::vector<DiscoveredRuntime>& found);

    LoadResult m_models;
    BenchmarkController* m_controller = nullptr;
    RunFileLoader* m_scanLoader = nullptr; ///< the folder's files: problems go to the status bar
    RunFileLoader* m_openLoader = nullptr; ///< files the user opened: problems get a dialog
    RunListModel* m_runs = nullptr;
    QString m_folder;
    QCheckBox* m_modelBoxes[2] = { nullptr, nullptr };
    QComboBox* m_mode = nullptr;
    QComboBox* m_runtime = nullptr;
    std::optional<RuntimeAdapterSpec> m_ortAdapter; ///< the adapter a run with ONNX Runtime gets, once detected
    bool m_detectionStarted = false;
    QSpinBox* m_threads = nullptr;
    QSpinBox* m_warmup = nullptr;
    QSpinBox* m_runCount = nullptr;
    QCheckBox* m_profile = nullptr;
    QCheckBox* m_parity = nullptr;
    QLineEdit* m_inputShapes = nullptr;
    QLineEdit* m_folderLabel = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    QListView* m_list = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_removeAction = nullptr;
    QAction* m_compareAnywayAction = nullptr;
    QPointer<QMessageBox> m_errorBox;
    QPointer<InputShapeDialog> m_shapeDialog;
};

} // namespace qs::ui
