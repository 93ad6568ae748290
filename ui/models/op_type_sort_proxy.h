// SPDX-License-Identifier: MIT
// Orders an OpTypeComparisonModel by a column while the "all kernels" row stays last and dashes (a side without the
// op type, no ratio) come after every number in either direction, not as zeros. Column -1: the comparison's order.
#pragma once

#include <QSortFilterProxyModel>

namespace qs::ui {

class OpTypeSortProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace qs::ui
