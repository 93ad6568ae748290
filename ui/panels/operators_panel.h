// SPDX-License-Identifier: MIT
// Operator counts: a sortable table (boundary kinds marked) and a bar chart; both columns for a pair.
#pragma once

#include "workers/loaded_model.h"

#include <QWidget>

class QChartView;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace qs::ui {

class OpCountModel;

class OperatorsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit OperatorsPanel(QWidget* parent = nullptr);

    void setResult(const LoadResult& result);
    OpCountModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    /// "262 → 703 nodes (+441, ×2.68)" for a pair, "262 nodes, 14 operator types" otherwise.
    QString totalsText() const;

signals:
    /// Double-clicking a row asks the graph to find that op type.
    void findOpTypeRequested(const QString& opType);

private:
    void updateChart();

    OpCountModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QChartView* m_chart = nullptr;
    QLabel* m_totals = nullptr;
};

} // namespace qs::ui
