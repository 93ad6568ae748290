// SPDX-License-Identifier: MIT
// Hotspots: the slowest nodes and op types of the profile on the graph; a row selects and centres its node.
#pragma once

#include "graph/node_times.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace qs::ui {

class HotspotModel;

class HotspotPanel : public QWidget
{
    Q_OBJECT
public:
    explicit HotspotPanel(QWidget* parent = nullptr);

    void setNodeTimes(const NodeTimes& times);
    HotspotModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    /// 0: slowest nodes, 1: op types.
    void setMode(int mode);

signals:
    /// The user picked a row whose node is in the graph.
    void nodeRequested(qs::NodeId id);

private:
    void fitColumns();

    HotspotModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QComboBox* m_mode = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace qs::ui
