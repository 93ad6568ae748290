// SPDX-License-Identifier: MIT
#include "op_type_sort_proxy.h"

#include "op_type_comparison_model.h"

namespace qs::ui {

// QSortFilterProxyModel sorts stably and, for a descending order, asks lessThan(right, left): a row that must come
// last in both directions is "greater" when ascending and "smaller" when descending.
bool OpTypeSortProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const bool ascending = sortOrder() == Qt::AscendingOrder;
    const auto last = [&](const QModelIndex& x, const QModelIndex& y, int role) -> std::optional<bool> {
        const bool lx = x.data(role).toBool();
        const bool ly = y.data(role).toBool();
        if (lx == ly)
            return std::nullopt;
        return ascending ? ly : lx;
    };
    if (const auto total = last(left, right, OpTypeComparisonModel::TotalRole))
        return *total;
    if (left.column() == OpTypeComparisonModel::NameColumn)
        return QString::localeAwareCompare(left.data().toString(), right.data().toString()) < 0;
    if (const auto missing = last(left, right, OpTypeComparisonModel::MissingRole))
        return *missing;
    return left.data(OpTypeComparisonModel::RawRole).toDouble() < right.data(OpTypeComparisonModel::RawRole).toDouble();
}

} // namespace qs::ui
