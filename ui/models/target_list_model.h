// SPDX-License-Identifier: MIT
// The Targets view's upper table: one row per deployment target with its verdict on the model and how many nodes run
// there, fall back to ONNX Runtime's CPU provider, have no kernel or are unknown (sorted and filtered by a proxy).
#pragma once

#include "workers/target_classifier.h"

#include <QAbstractTableModel>

#include <memory>

namespace qs::ui {

class TargetListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TargetColumn,
        VersionColumn,
        VerdictColumn,
        RunsColumn,
        FallsBackColumn,
        CpuNoKernelColumn, ///< fallbacks the CPU provider has no kernel for (the model fails to load)
        NoKernelColumn,
        UnknownColumn,
        PartitionsColumn, ///< EP tables only
        CopiesColumn, ///< tensors crossing between the provider and the CPU, EP tables only
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, ///< numbers as numbers; -1 where a column does not apply
        TableIdRole, ///< the table's id ("onnxruntime-coreml-mlprogram")
    };

    using QAbstractTableModel::QAbstractTableModel;

    void setResults(std::shared_ptr<const TargetResults> results);
    const std::shared_ptr<const TargetResults>& results() const { return m_results; }
    /// The report of a source row, or nullptr.
    const TargetReport* report(int row) const;
    /// The source row of a table id, or -1.
    int rowOf(const QString& tableId) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString toolTip(const TargetReport& r) const;

    std::shared_ptr<const TargetResults> m_results;
};

} // namespace qs::ui
