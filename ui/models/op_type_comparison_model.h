// SPDX-License-Identifier: MIT
// Time per op type of two profiles side by side (qs::compareOpTypeTimes), in the comparison's order (largest absolute
// difference first), then one "all kernels" row. OpTypeSortProxy orders it by a column.
#pragma once

#include <quantscope/engine/op_type_comparison.h>

#include <QAbstractTableModel>

#include <optional>

namespace qs::ui {

class OpTypeComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        AColumn,
        BColumn,
        DeltaColumn,
        RatioColumn,
        ColumnCount
    };
    enum Role
    {
        RawRole = Qt::UserRole, ///< the unrounded number (0 where a dash is shown; the name column: 0)
        MissingRole, ///< true where a side lacks the op type or there is no ratio: the cell shows a dash
        TotalRole ///< true on the "all kernels" row
    };

    using QAbstractTableModel::QAbstractTableModel;

    /// Both profiles given: their comparison; otherwise no rows.
    void setComparison(std::optional<OpTypeTimeComparison> comparison);
    bool hasComparison() const { return m_comparison.has_value(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Cell
    {
        QString text;
        double raw = 0;
        bool missing = false;
    };
    Cell cell(int row, int column) const;

    std::optional<OpTypeTimeComparison> m_comparison;
};

} // namespace qs::ui
