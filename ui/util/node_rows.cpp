// SPDX-License-Identifier: MIT
#include "node_rows.h"

#include <QItemSelectionModel>
#include <QTableView>

namespace qs::ui {

void followNodeRows(QTableView* table, int nodeIdRole, std::function<void(NodeId)> request)
{
    const auto follow = [nodeIdRole, request = std::move(request)](const QModelIndex& index) {
        if (!index.isValid())
            return;
        const auto id = static_cast<NodeId>(index.siblingAtColumn(0).data(nodeIdRole).toLongLong());
        if (id != kNoNode)
            request(id);
    };
    QObject::connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, table,
        [follow](const QModelIndex& current) { follow(current); });
    QObject::connect(table, &QTableView::clicked, table, follow);
    QObject::connect(table, &QTableView::activated, table, follow);
}

} // namespace qs::ui
