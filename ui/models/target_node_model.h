// SPDX-License-Identifier: MIT
// The Targets view's lower table: every node of the model with its verdict on one target, why, what the CPU provider
// does with a fallback, the conditions the table attaches and known run-time failures.
#pragma once

#include <quantscope/engine/model.h>
#include <quantscope/engine/targets.h>

#include <QAbstractTableModel>

#include <memory>

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
        NodeIdRole,
        /// 1 for a node that is not stated to run cleanly (falls back, no kernel, unknown, fails at run time), else 0:
        /// the "problems only" filter of a proxy with this filter role and the fixed string "1".
        ProblemRole,
    };

    using QAbstractTableModel::QAbstractTableModel;

    /// `report` classifies the main graph of `model`; either null empties the table.
    void setReport(std::shared_ptr<const TargetReport> report, std::shared_ptr<const Model> model);
    const std::shared_ptr<const TargetReport>& report() const { return m_report; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString text(const NodeTargetResult& n, int column) const;
    /// If/Loop/Scan: how many nodes its bodies hold (classified too, not listed as rows) and how many do not run.
    QString bodiesText(const NodeTargetResult& n) const;

    std::shared_ptr<const TargetReport> m_report;
    std::shared_ptr<const Model> m_model;
};

} // namespace qs::ui
