// SPDX-License-Identifier: MIT
#include "operators_panel.h"

#include "graph/node_style.h"
#include "models/op_count_model.h"
#include "util/qt_convert.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace qs::ui {

namespace {
constexpr int kChartOps = 14;
}

OperatorsPanel::OperatorsPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new OpCountModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(OpCountModel::SortRole);
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(OpCountModel::CountColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(22);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(tr("Double-click an operator to find it in the graph"));
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        emit findOpTypeRequested(m_proxy->index(index.row(), OpCountModel::OpTypeColumn).data().toString());
    });

    m_chart = new QChartView(this);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(150); // the dock must fit a 768 px screen beside the Runs dock
    m_totals = new QLabel(this);
    m_totals->setContentsMargins(6, 4, 6, 4);
    m_totals->setTextFormat(Qt::RichText);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_totals);
    layout->addWidget(splitter, 1);
    setResult({});
}

QString OperatorsPanel::totalsText() const
{
    const int a = m_model->totalCount();
    const int b = m_model->totalPairCount();
    if (m_model->isPair()) {
        const double ratio = a > 0 ? static_cast<double>(b) / a : 0.0;
        return tr("%1 \u2192 %2 nodes (%3%4, \u00d7%5)")
            .arg(a)
            .arg(b)
            .arg(b >= a ? QStringLiteral("+") : QString())
            .arg(b - a)
            .arg(formatDecimal(ratio, 2));
    }
    return tr("%1 nodes, %2 operator types").arg(a).arg(m_model->rowCount());
}

void OperatorsPanel::setResult(const LoadResult& result)
{
    m_model->setResult(result);
    // The kind is also the swatch colour (and the graph legend's), so it is shown last: in a narrow dock it is the
    // column that is cut, never the counts the table is for.
    QHeaderView* header = m_table->horizontalHeader();
    header->moveSection(header->visualIndex(OpCountModel::CategoryColumn), header->count() - 1);
    header->setSortIndicator(
        m_model->isPair() ? OpCountModel::PairCountColumn : OpCountModel::CountColumn, Qt::DescendingOrder);
    m_totals->setText(result.primary ? QStringLiteral("<b>%1</b>").arg(totalsText().toHtmlEscaped()) : QString());
    updateChart();
}

void OperatorsPanel::updateChart()
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setVisible(m_model->isPair());
    chart->legend()->setAlignment(Qt::AlignBottom);
    std::vector<OpCountModel::Row> rows = m_model->rows();
    std::sort(rows.begin(), rows.end(),
        [](const auto& x, const auto& y) { return std::max(x.count, x.pairCount) > std::max(y.count, y.pairCount); });
    if (rows.size() > static_cast<size_t>(kChartOps))
        rows.resize(kChartOps);
    std::reverse(rows.begin(), rows.end()); // horizontal bars draw bottom-up; biggest on top
    if (rows.empty()) {
        chart->setTitle(tr("Open a model to see its operators"));
        QChart* old = m_chart->chart();
        m_chart->setChart(chart);
        delete old; // QChartView::setChart does not take ownership away from the old chart
        return;
    }
    chart->setTitle(
        m_model->isPair() ? tr("Most frequent operators: FP32 vs quantized") : tr("Most frequent operators"));
    auto* series = new QHorizontalBarSeries;
    auto* first = new QBarSet(m_model->isPair() ? tr("FP32") : tr("Nodes"));
    first->setColor(QColor(0x3b, 0x6e, 0xb0));
    auto* second = m_model->isPair() ? new QBarSet(tr("Quantized")) : nullptr;
    if (second)
        second->setColor(QColor(0xe8, 0x59, 0x0c));
    QStringList names;
    int peak = 1;
    for (const auto& r : rows) {
        names << r.opType;
        *first << r.count;
        if (second)
            *second << r.pairCount;
        peak = std::max({ peak, r.count, r.pairCount });
    }
    series->append(first);
    if (second)
        series->append(second);
    series->setBarWidth(0.8);
    chart->addSeries(series);
    auto* axisY = new QBarCategoryAxis;
    axisY->append(names);
    axisY->setTruncateLabels(false); // op names are the point of the chart; "..." helps nobody
    QFont small = axisY->labelsFont();
    small.setPointSizeF(8);
    axisY->setLabelsFont(small);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    auto* axisX = new QValueAxis;
    axisX->setRange(0, peak);
    axisX->setLabelFormat(QStringLiteral("%d"));
    axisX->applyNiceNumbers();
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

} // namespace qs::ui
