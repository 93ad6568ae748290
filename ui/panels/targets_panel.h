// SPDX-License-Identifier: MIT
// Targets (issue 17 part 2): where the model on the graph runs, falls back to ONNX Runtime's CPU provider, or fails to
// load, per deployment target. The upper table lists the targets; the selected one's nodes are listed below it (all,
// or the problems only), and a node row selects and centres its node in the graph. Classification runs off the GUI
// thread whenever the graph shows another model.
#pragma once

#include "workers/loaded_model.h"
#include "workers/target_classifier.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace qs::ui {

class TargetListModel;
class TargetNodeModel;

class TargetsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TargetsPanel(QWidget* parent = nullptr);

    /// Classifies `model` (the one the graph shows) in the background; the same Model laid out again is kept.
    void setModel(std::shared_ptr<const LoadedModel> model);
    /// Selects a target by table id; false when it is not listed.
    bool selectTarget(const QString& tableId);
    /// The selected target's report, or null.
    std::shared_ptr<const TargetReport> selectedReport() const;

    TargetClassifier* classifier() const { return m_classifier; }
    TargetListModel* targetModel() const { return m_targets; }
    QSortFilterProxyModel* targetProxy() const { return m_targetProxy; }
    QTableView* targetTable() const { return m_targetTable; }
    TargetNodeModel* nodeModel() const { return m_nodes; }
    QSortFilterProxyModel* nodeProxy() const { return m_nodeProxy; }
    QTableView* nodeTable() const { return m_nodeTable; }
    QCheckBox* problemsOnlyBox() const { return m_problemsOnly; }
    QPushButton* colourButton() const { return m_colour; }
    /// The line above the tables: the state of the classification, or why there is none.
    QString statusText() const;

signals:
    /// A target was selected (or the selection was cleared: null report); `model` is the classified model.
    void targetSelected(
        std::shared_ptr<const qs::TargetReport> report, std::shared_ptr<const qs::Model> model, const QString& title);
    /// The user asked to colour the graph by the selected target's verdicts (arguments as targetSelected's).
    void colourRequested(
        std::shared_ptr<const qs::TargetReport> report, std::shared_ptr<const qs::Model> model, const QString& title);
    /// The user picked a node row.
    void nodeRequested(qs::NodeId id);
    /// After nodeRequested for a body node's row: that the graph shows its If/Loop/Scan node instead (TargetNodeModel::
    /// bodyNote), for the status bar.
    void bodyNodeShown(const QString& note);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitSplitter();
    void showResults(std::shared_ptr<const TargetResults> results);
    void showTarget(const QModelIndex& proxyIndex);
    void updateNodeSummary();

    TargetClassifier* m_classifier = nullptr;
    TargetListModel* m_targets = nullptr;
    QSortFilterProxyModel* m_targetProxy = nullptr;
    TargetNodeModel* m_nodes = nullptr;
    QSortFilterProxyModel* m_nodeProxy = nullptr;
    QTableView* m_targetTable = nullptr;
    QTableView* m_nodeTable = nullptr;
    QSplitter* m_splitter = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_nodeSummary = nullptr;
    QCheckBox* m_problemsOnly = nullptr;
    QPushButton* m_colour = nullptr;
    std::shared_ptr<const LoadedModel> m_model;
    QString m_selectedId; ///< kept across models: the same target is shown for the next model
    bool m_splitterMoved = false; ///< the user placed the divider: keep it there
};

} // namespace qs::ui
