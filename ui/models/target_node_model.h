// SPDX-License-Identifier: MIT
// The Targets view's lower table: every node of the model with its verdict on one target, why, what the CPU provider
// does with a fallback, the conditions the table attaches and known run-time failures. The nodes of If/Loop/Scan
// bodies follow their node as indented rows (depth first, as forEachNodeResult visits them); the graph draws only the
// main graph, so such a row stands for the control-flow node that holds it there.
#pragma once

#include <quantscope/engine/model.h>
#include <quantscope/engine/targets.h>

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace qs::ui {

class TargetNodeModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NodeColumn,
        OpTypeColumn,
        VerdictColumn,
        ReasonColumn,
        CpuColumn, ///< for a fallback: the CPU provider's verdict
        ConditionsColumn,
        RunTimeColumn, ///< known restrictions the node breaks: it fails at run time
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole,
        /// The main-graph node the graph selects for the row: the node itself, or for a body node the If/Loop/Scan
        /// node of the main graph that holds it.
        NodeIdRole,
        /// 1 for a node that is not stated to run cleanly (falls back, no kernel, unknown, fails at run time), and for
        /// an If/Loop/Scan node with such a node in its bodies (it stays listed above them), else 0: the "problems
        /// only" filter of a proxy with this filter role and the fixed string "1".
        ProblemRole,
        /// For a body node: where it is ("if › then"), empty for a main-graph node.
        BodyPathRole,
    };

    using QAbstractTableModel::QAbstractTableModel;

    /// `report` classifies the main graph of `model`; either null empties the table.
    void setReport(std::shared_ptr<const TargetReport> report, std::shared_ptr<const Model> model);
    const std::shared_ptr<const TargetReport>& report() const { return m_report; }

    int rowCount(const QModelIndex& parent = {}) const override;
    /// For a body node's row: that the graph shows the control-flow node holding it instead; empty otherwise.
    QString bodyNote(int row) const;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        const NodeTargetResult* result = nullptr;
        const Graph* graph = nullptr; ///< the graph holding the node: the main graph or a body
        NodeId shown = kNoNode; ///< NodeIdRole
        int depth = 0; ///< 0 in the main graph, 1 in a body of a main-graph node, ...
        QString path; ///< BodyPathRole
        bool bodyProblem = false; ///< some node of its bodies (nested ones included) does not run cleanly
    };
    void addRows(
        const Graph& graph, const std::vector<NodeTargetResult>& nodes, NodeId shown, int depth, const QString& path);
    QString text(const Row& r, int column) const;
    /// If/Loop/Scan: how many nodes its bodies hold (classified too, not listed as rows) and how many do not run.
    QString bodiesText(const NodeTargetResult& n) const;

    std::shared_ptr<const TargetReport> m_report;
    std::shared_ptr<const Model> m_model;
    std::vector<Row> m_rows;
};

} // namespace qs::ui
