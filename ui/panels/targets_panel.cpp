// SPDX-License-Identifier: MIT
#include "targets_panel.h"

#include "models/target_list_model.h"
#include "models/target_node_model.h"
#include "util/node_rows.h"
#include "util/qt_convert.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace qs::ui {

namespace {
QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* t = new QTableView(parent);
    t->setModel(model);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(22);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    t->horizontalHeader()->setStretchLastSection(true);
    // Unsorted until the user clicks a header: targets in table-id order, nodes in topological order.
    t->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    t->setSortingEnabled(true);
    return t;
}
} // namespace

TargetsPanel::TargetsPanel(QWidget* parent)
    : QWidget(parent)
    , m_classifier(new TargetClassifier(this))
    , m_targets(new TargetListModel(this))
    , m_targetProxy(new QSortFilterProxyModel(this))
    , m_nodes(new TargetNodeModel(this))
    , m_nodeProxy(new QSortFilterProxyModel(this))
{
    m_targetProxy->setSourceModel(m_targets);
    m_targetProxy->setSortRole(TargetListModel::SortRole);
    m_nodeProxy->setSourceModel(m_nodes);
    m_nodeProxy->setSortRole(TargetNodeModel::SortRole);
    m_nodeProxy->setFilterRole(TargetNodeModel::ProblemRole);
    m_nodeProxy->setFilterKeyColumn(TargetNodeModel::NodeColumn);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("targetsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_colour = new QPushButton(tr("Colour Graph by Verdict"), this);
    m_colour->setToolTip(tr("Colour the graph's nodes by their verdict on the selected target"));
    m_colour->setEnabled(false);

    m_targetTable = makeTable(m_targetProxy, this);
    m_targetTable->setObjectName(QStringLiteral("targetTable"));
    m_targetTable->horizontalHeader()->setStretchLastSection(false);
    // The titles differ at their ends ("... ML Program format", "... NeuralNetwork format").
    m_targetTable->setTextElideMode(Qt::ElideMiddle);

    auto* nodesPane = new QWidget(this);
    m_nodeSummary = new QLabel(nodesPane);
    m_nodeSummary->setWordWrap(true);
    m_problemsOnly = new QCheckBox(tr("&Problems only"), nodesPane);
    m_problemsOnly->setToolTip(
        tr("List only the nodes that do not simply run there: fallbacks, missing kernels, unknowns and run-time "
           "failures"));
    m_nodeTable = makeTable(m_nodeProxy, nodesPane);
    m_nodeTable->setObjectName(QStringLiteral("targetNodeTable"));
    // Node names share their ends ("…conv_quant") and differ at the front ("block3.b1."): keep the front.
    m_nodeTable->setTextElideMode(Qt::ElideRight);
    auto* nodeTop = new QHBoxLayout;
    nodeTop->addWidget(m_nodeSummary, 1);
    nodeTop->addWidget(m_problemsOnly);
    auto* nodeLayout = new QVBoxLayout(nodesPane);
    nodeLayout->setContentsMargins(0, 0, 0, 0);
    nodeLayout->addLayout(nodeTop);
    nodeLayout->addWidget(m_nodeTable, 1);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("targetsSplitter"));
    m_splitter->addWidget(m_targetTable);
    m_splitter->addWidget(nodesPane);
    m_splitter->setStretchFactor(0, 6);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setChildrenCollapsible(false);

    auto* top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_colour);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_splitter, 1);

    connect(m_classifier, &TargetClassifier::finished, this, &TargetsPanel::showResults);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_splitterMoved = true; });
    connect(m_targetTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showTarget(current); });
    connect(m_colour, &QPushButton::clicked, this, [this] {
        if (const auto& report = m_nodes->report())
            emit colourRequested(report, m_targets->results()->model, toQString(report->title));
    });
    connect(m_problemsOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_nodeProxy->setFilterFixedString(on ? QStringLiteral("1") : QString());
        updateNodeSummary();
    });
    followNodeRows(m_nodeTable, TargetNodeModel::NodeIdRole, [this](NodeId id) {
        emit nodeRequested(id);
        // A body node's row selects its If/Loop/Scan node in the graph: say so (the row is current by now).
        const QModelIndex current = m_nodeProxy->mapToSource(m_nodeTable->currentIndex());
        if (const QString note = m_nodes->bodyNote(current.isValid() ? current.row() : -1); !note.isEmpty())
            emit bodyNodeShown(note);
    });
    setModel(nullptr);
}

void TargetsPanel::setModel(std::shared_ptr<const LoadedModel> model)
{
    // A new layout of the same model keeps its classification.
    const bool same = model && m_model && model->model == m_model->model;
    m_model = std::move(model);
    if (same)
        return;
    m_targets->setResults(nullptr);
    m_nodes->setReport(nullptr, nullptr);
    m_colour->setEnabled(false);
    updateNodeSummary();
    emit targetSelected(nullptr, nullptr, {});
    if (!m_model) {
        m_classifier->classify(nullptr);
        m_status->setText(tr("Open a model to see where it runs, falls back to the CPU provider, or cannot load."));
        return;
    }
    m_status->setText(tr("Classifying %1 against the deployment targets...").arg(displayNameForPath(m_model->path)));
    m_classifier->classify(m_model->model);
}

void TargetsPanel::showResults(std::shared_ptr<const TargetResults> results)
{
    if (!m_model || results->model != m_model->model)
        return;
    if (!results->error.isEmpty()) {
        m_status->setText(results->error);
        return;
    }
    m_targets->setResults(results);
    m_targetTable->resizeColumnsToContents();
    // The title is long ("ONNX Runtime CoreML execution provider, ML Program format"): the counts must stay visible.
    constexpr int kMaxTitleWidth = 220;
    if (m_targetTable->columnWidth(TargetListModel::TargetColumn) > kMaxTitleWidth)
        m_targetTable->setColumnWidth(TargetListModel::TargetColumn, kMaxTitleWidth);
    fitSplitter();
    int problems = 0;
    for (const TargetReport& r : results->reports)
        problems += r.verdict == TargetVerdict::Runs && r.runtimeFailureCount() == 0 ? 0 : 1;
    m_status->setText(tr("%1: %2 nodes against %n target(s), %3 with problems. Tables from %4.", "",
        static_cast<int>(results->reports.size()))
                          .arg(displayNameForPath(m_model->path))
                          .arg(m_model->model->graph().totalNodeCount()) // as the counts: bodies included
                          .arg(problems)
                          .arg(results->tablesDirectory));
    if (!selectTarget(m_selectedId) && m_targetProxy->rowCount() > 0)
        m_targetTable->setCurrentIndex(m_targetProxy->index(0, 0));
}

bool TargetsPanel::selectTarget(const QString& tableId)
{
    const int row = m_targets->rowOf(tableId);
    if (row < 0)
        return false;
    const QModelIndex index = m_targetProxy->mapFromSource(m_targets->index(row, 0));
    m_targetTable->setCurrentIndex(index);
    m_targetTable->scrollTo(index);
    return true;
}

std::shared_ptr<const TargetReport> TargetsPanel::selectedReport() const
{
    return m_nodes->report();
}

void TargetsPanel::showTarget(const QModelIndex& proxyIndex)
{
    const int row = m_targetProxy->mapToSource(proxyIndex).row();
    const TargetReport* report = m_targets->report(row);
    const auto& results = m_targets->results();
    if (!report || !results) {
        m_nodes->setReport(nullptr, nullptr);
        m_colour->setEnabled(false);
        updateNodeSummary();
        emit targetSelected(nullptr, nullptr, {});
        return;
    }
    m_selectedId = toQString(report->tableId);
    // Shares ownership of the results: the report lives as long as the table or the graph holds it.
    std::shared_ptr<const TargetReport> shared(results, report);
    m_nodes->setReport(shared, results->model);
    m_nodeTable->resizeColumnsToContents();
    // Long names and reasons are elided (their tooltips show them whole): the verdict must stay in view.
    constexpr int kMaxNodeColumnWidth = 220;
    for (int c = 0; c < TargetNodeModel::ColumnCount; ++c) {
        const int limit = c == TargetNodeModel::NodeColumn ? kMaxNodeColumnWidth - 40 : kMaxNodeColumnWidth;
        if (m_nodeTable->columnWidth(c) > limit)
            m_nodeTable->setColumnWidth(c, limit);
    }
    m_colour->setEnabled(true);
    updateNodeSummary();
    emit targetSelected(shared, results->model, toQString(report->title));
}

// The targets table gets the width of all its columns when there is room, until the user moves the divider. Also on
// resizes: the dock is often hidden behind another tab, at no useful width, when the results arrive.
void TargetsPanel::fitSplitter()
{
    if (m_splitterMoved || m_targets->rowCount() == 0)
        return;
    const int total = m_splitter->width();
    int wanted = m_targetTable->frameWidth() * 2 + m_targetTable->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < TargetListModel::ColumnCount; ++c)
        wanted += m_targetTable->columnWidth(c);
    // The node table needs about 500 px for its name, op type and verdict columns.
    const int left = std::min(wanted, std::max(total / 2, total - 500));
    m_splitter->setSizes({ left, total - left - m_splitter->handleWidth() });
}

void TargetsPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitSplitter();
}

void TargetsPanel::updateNodeSummary()
{
    const auto& report = m_nodes->report();
    if (!report) {
        m_nodeSummary->setText(tr("Select a target to list its nodes."));
        return;
    }
    m_nodeSummary->setText(tr("Nodes on %1: %2 of %3 listed")
                               .arg(toQString(report->title))
                               .arg(m_nodeProxy->rowCount())
                               .arg(m_nodes->rowCount()));
}

QString TargetsPanel::statusText() const
{
    return m_status->text();
}

} // namespace qs::ui
