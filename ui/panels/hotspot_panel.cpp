// SPDX-License-Identifier: MIT
#include "hotspot_panel.h"

#include "models/hotspot_model.h"
#include "util/metric_format.h"
#include "util/node_rows.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace qs::ui {

HotspotPanel::HotspotPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new HotspotModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(HotspotModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // name and op type alike

    m_mode = new QComboBox(this);
    m_mode->addItem(tr("Slowest nodes"));
    m_mode->addItem(tr("Op types"));
    m_mode->setToolTip(tr("List single nodes or the time summed per op type"));
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter by node name or op type"));
    m_filter->setClearButtonEnabled(true);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);

    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(HotspotModel::TimeColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(22);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(HotspotModel::NameColumn, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    // Node names share their ends ("…conv_quant") and differ at the front ("block3.b1."): keep the front.
    m_table->setTextElideMode(Qt::ElideRight);

    auto* top = new QHBoxLayout;
    top->addWidget(m_mode);
    top->addWidget(m_filter, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_model->setMode(i == 1 ? HotspotModel::Mode::OpTypes : HotspotModel::Mode::Nodes);
        fitColumns();
    });
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    followNodeRows(m_table, HotspotModel::NodeIdRole, [this](NodeId id) { emit nodeRequested(id); });
    setNodeTimes({});
}

void HotspotPanel::setMode(int mode)
{
    m_mode->setCurrentIndex(mode);
}

void HotspotPanel::setNodeTimes(const NodeTimes& times)
{
    m_model->setProfile(times.profile());
    fitColumns();
    if (times.isEmpty()) {
        // The option's name as an argument: lupdate misreads "\u201c" followed by a hex letter.
        m_summary->setText(tr("No profile on the graph: measure the model shown with \u201c%1\u201d on, or select a "
                              "profiled run of it.")
                               .arg(tr("Per-node profile")));
        return;
    }
    const QString total = tr("%1 per run in %n kernel(s)", "", static_cast<int>(times.profile()->nodes.size()))
                              .arg(formatMilliseconds(times.totalMs()));
    m_summary->setText(times.label().isEmpty() ? total : QStringLiteral("%1 \u00b7 %2").arg(times.label(), total));
}

void HotspotPanel::fitColumns()
{
    m_table->resizeColumnsToContents();
    // The name column stretches into what is left: a long op type ("DynamicQuantizeLinear") would leave it nothing
    // in the narrow dock, and the node's name matters more.
    constexpr int kMaxDetailWidth = 96;
    if (m_table->columnWidth(HotspotModel::DetailColumn) > kMaxDetailWidth)
        m_table->setColumnWidth(HotspotModel::DetailColumn, kMaxDetailWidth);
}

} // namespace qs::ui
