// SPDX-License-Identifier: MIT
// Parity: checks the open FP32/INT8 pair on a worker thread (random inputs or a folder of samples, with progress and
// cancel) and shows the per-output verdict and the worst layers by SQNR; a layer's row selects and centres the node
// that computes it in the graph, whichever model of the pair is shown.
#pragma once

#include "workers/loaded_model.h"
#include "workers/parity_worker.h"

#include <quantscope/engine/run_record.h>

#include <QWidget>

#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QToolButton;

namespace qs::ui {

class ParityController;

class ParityPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ParityPanel(QWidget* parent = nullptr);
    ~ParityPanel() override;

    /// The models now open; a pair enables the check. A result for other models is dropped.
    void setModels(const LoadResult& result);
    /// The model the graph shows: the layers' rows then select its nodes.
    void setShownModel(std::shared_ptr<const LoadedModel> model);
    /// "random:N" or a folder, as the next check reads them.
    void setInputs(const QString& spec);
    QString inputs() const;
    /// Starts the check of the open pair (the action's slot).
    void check();
    void cancel();
    bool isBusy() const;
    const ParityResult& result() const { return m_result; }
    /// `run` with this panel's check added to its parity entries when the run measured the open pair and has none
    /// of its own for it (what the report then shows); else `run` itself.
    std::shared_ptr<const RunRecord> withCheck(std::shared_ptr<const RunRecord> run) const;

    QAction* checkAction() const { return m_checkAction; }
    QTableWidget* outputsTable() const { return m_outputs; }
    QTableWidget* layersTable() const { return m_layers; }
    QLabel* verdictLabel() const { return m_verdict; }

signals:
    /// A check finished, or its result was dropped (null report) because other models are open.
    void parityChanged(const qs::ui::ParityResult& result);
    /// The user picked a layer whose node is in the graph.
    void nodeRequested(qs::NodeId id);
    /// "Colour Graph by SQNR".
    void colourRequested();
    void statusMessage(const QString& text);

private:
    void setBusy(bool busy);
    void show(const ParityResult& result);
    void fillLayers();
    void saveJson();

    ParityController* m_controller = nullptr;
    LoadResult m_models;
    std::shared_ptr<const LoadedModel> m_shown;
    ParityResult m_result;
    QAction* m_checkAction = nullptr;
    QComboBox* m_source = nullptr;
    QSpinBox* m_samples = nullptr;
    QLineEdit* m_folder = nullptr;
    QToolButton* m_browse = nullptr;
    QPushButton* m_check = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_rule = nullptr;
    QTableWidget* m_outputs = nullptr;
    QTableWidget* m_layers = nullptr;
    QPushButton* m_colour = nullptr;
    QPushButton* m_save = nullptr;
};

} // namespace qs::ui
