// SPDX-License-Identifier: MIT
#include "compare_panel.h"

#include "charts/chart_common.h"
#include "charts/latency_histogram_chart.h"
#include "models/compare_stats_model.h"
#include "models/op_type_comparison_model.h"
#include "models/op_type_sort_proxy.h"
#include "models/run_list_model.h"
#include "util/qt_convert.h"
#include "util/run_text.h"
#include "util/scenario_groups.h"

#include <quantscope/engine/latency_stats.h>
#include <quantscope/engine/op_type_comparison.h>

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QComboBox>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <vector>

namespace qs::ui {

ComparePanel::ComparePanel(RunListModel* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
{
    auto* pick = new QGridLayout;
    const QString sides[2] = { tr("A (baseline):"), tr("B (candidate):") };
    for (int i = 0; i < 2; ++i) {
        m_run[i] = new QComboBox(this);
        m_run[i]->setObjectName(i == 0 ? QStringLiteral("runA") : QStringLiteral("runB"));
        m_run[i]->setModel(m_runs);
        m_run[i]->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_run[i]->setMinimumContentsLength(24);
        m_run[i]->setToolTip(tr("A run from the Runs panel"));
        m_scenario[i] = new QComboBox(this);
        m_scenario[i]->setObjectName(i == 0 ? QStringLiteral("scenarioA") : QStringLiteral("scenarioB"));
        m_scenario[i]->setToolTip(tr("Which model, threads and mode of that run"));
        // A and B side by side on one row: the bottom docks share a 1366x768 window's height with the graph.
        pick->addWidget(new QLabel(sides[i], this), 0, 3 * i);
        pick->addWidget(m_run[i], 0, 3 * i + 1);
        pick->addWidget(m_scenario[i], 0, 3 * i + 2);
        connect(m_run[i], &QComboBox::currentIndexChanged, this, [this, i] {
            fillScenarios(i);
            updateComparison();
        });
        connect(m_scenario[i], &QComboBox::currentIndexChanged, this, &ComparePanel::updateComparison);
        for (QComboBox* box : { m_run[i], m_scenario[i] })
            connect(box, &QComboBox::activated, this, &ComparePanel::sidesChosenByUser);
    }
    for (int i = 0; i < 2; ++i) {
        pick->setColumnStretch(3 * i + 1, 2);
        pick->setColumnStretch(3 * i + 2, 1);
    }
    m_swapAction = new QAction(tr("&Swap A and B"), this);
    m_swapAction->setObjectName(QStringLiteral("swapSides"));
    m_swapAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    m_swapAction->setToolTip(tr("Exchange baseline and candidate (Ctrl+Shift+X)"));
    connect(m_swapAction, &QAction::triggered, this, &ComparePanel::swapSides);
    connect(m_swapAction, &QAction::triggered, this, &ComparePanel::sidesChosenByUser);
    auto* swap = new QToolButton(this);
    swap->setDefaultAction(m_swapAction);
    swap->setText(QStringLiteral("\u21c5"));
    pick->addWidget(swap, 0, 6);

    m_speedup = new QLabel(this);
    m_speedup->setObjectName(QStringLiteral("speedup"));
    m_speedup->setWordWrap(true);
    m_speedup->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caveat = new QLabel(this);
    m_caveat->setObjectName(QStringLiteral("caveat"));
    m_caveat->setWordWrap(true);
    m_caveat->setStyleSheet(QStringLiteral("QLabel { color: #c92a2a; }"));

    m_statsModel = new CompareStatsModel(this);
    m_table = new QTableView(this);
    m_table->setModel(m_statsModel);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setToolTip(tr("B / A below 1: B takes less time (or memory) than A"));
    m_chart = new QChartView(this);
    m_chart->setRenderHint(QPainter::Antialiasing);
    // A tab of the central area: at 1366x768 about 480 px of height hold the tables (about 250 px) and a chart whose
    // axes and labels stay readable (below about 200 px they were cut to "...").
    m_chart->setMinimumSize(300, 200);

    m_opTypeNote = new QLabel(this);
    m_opTypeNote->setObjectName(QStringLiteral("opTypeNote"));
    m_opTypeNote->setWordWrap(true);
    m_opTypeModel = new OpTypeComparisonModel(this);
    // Sorted by the proxy, not by the view's own sorting: a first click on a number column sorts largest first.
    m_opTypeProxy = new OpTypeSortProxy(this);
    m_opTypeProxy->setSourceModel(m_opTypeModel);
    m_opTypes = new QTableView(this);
    m_opTypes->setModel(m_opTypeProxy);
    m_opTypes->setObjectName(QStringLiteral("opTypeTable"));
    m_opTypes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_opTypes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_opTypes->verticalHeader()->setVisible(false);
    m_opTypes->verticalHeader()->setDefaultSectionSize(20);
    m_opTypes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_opTypes->horizontalHeader()->setSectionResizeMode(OpTypeComparisonModel::NameColumn, QHeaderView::Stretch);
    m_opTypes->horizontalHeader()->setSectionsClickable(true);
    connect(m_opTypes->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int column) {
        // First click: names A to Z, numbers largest first (where the time goes); a second click reverses.
        const Qt::SortOrder first
            = column == OpTypeComparisonModel::NameColumn ? Qt::AscendingOrder : Qt::DescendingOrder;
        const Qt::SortOrder order = column != m_opTypeSortColumn ? first
            : m_opTypeSortOrder == Qt::AscendingOrder            ? Qt::DescendingOrder
                                                                 : Qt::AscendingOrder;
        sortOpTypes(column, order);
    });
    m_opTypes->setToolTip(tr("Kernel time per run of each op type on both sides, from the per-node profiles. "
                             "Quantized op types share a row with the float op they replace (ConvInteger and "
                             "QLinearConv with Conv); a fused step counts for the node it is named after. "
                             "Red: B spends more time there, green: less. Click a column header to sort by it."));

    // Three columns: the dock is wide and short where it sits by default (under the central area).
    // Ctrl+C (and the context menu) copies a table as tab-separated text, for spreadsheets and bug reports.
    for (QTableView* t : { m_table, m_opTypes }) {
        auto* copy = new QAction(tr("&Copy as Text"), t);
        copy->setShortcut(QKeySequence::Copy);
        copy->setShortcutContext(Qt::WidgetShortcut);
        connect(copy, &QAction::triggered, t, [t] { QApplication::clipboard()->setText(ComparePanel::tableText(t)); });
        t->addAction(copy);
        t->setContextMenuPolicy(Qt::ActionsContextMenu);
    }

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    auto* stats = new QWidget(split);
    auto* statsLayout = new QVBoxLayout(stats);
    statsLayout->setContentsMargins(0, 0, 0, 0);
    statsLayout->addWidget(m_speedup);
    statsLayout->addWidget(m_caveat);
    statsLayout->addWidget(m_table, 1);
    auto* ops = new QWidget(split);
    auto* opsLayout = new QVBoxLayout(ops);
    opsLayout->setContentsMargins(0, 0, 0, 0);
    opsLayout->addWidget(m_opTypeNote);
    opsLayout->addWidget(m_opTypes, 1);
    split->addWidget(stats);
    split->addWidget(ops);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    // The tables side by side above the chart: as a tab of the central area the panel has height to spare, and each
    // table then gets half the width instead of a third (its ratio columns were cut at 1366x768).
    auto* rows = new QSplitter(Qt::Vertical, this);
    rows->setChildrenCollapsible(false);
    rows->addWidget(split);
    rows->addWidget(m_chart);
    rows->setStretchFactor(0, 1);
    rows->setStretchFactor(1, 1);
    // Remembered like the docks: where the user put the boundaries.
    split->setObjectName(QStringLiteral("compareSplitter"));
    rows->setObjectName(QStringLiteral("compareRows"));
    split->restoreState(QSettings().value(QStringLiteral("ComparePanel/columns")).toByteArray());
    rows->restoreState(QSettings().value(QStringLiteral("ComparePanel/rows")).toByteArray());
    connect(split, &QSplitter::splitterMoved, this,
        [split] { QSettings().setValue(QStringLiteral("ComparePanel/columns"), split->saveState()); });
    connect(rows, &QSplitter::splitterMoved, this,
        [rows] { QSettings().setValue(QStringLiteral("ComparePanel/rows"), rows->saveState()); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(pick);
    layout->addWidget(rows, 1);

    // A new run (or the first ones) gets sensible sides: FP32 vs INT8 of the newest run.
    connect(m_runs, &QAbstractItemModel::rowsInserted, this, &ComparePanel::chooseDefaults);
    connect(m_runs, &QAbstractItemModel::dataChanged, this, [this] {
        fillScenarios(0);
        fillScenarios(1);
        updateComparison();
    });
    updateComparison();
}

void ComparePanel::chooseDefaults()
{
    const RunEntry* e = m_runs->entry(0);
    if (!e)
        return;
    int fp = -1, q = -1;
    for (int i = 0; i < static_cast<int>(e->record->scenarios.size()); ++i) {
        const ScenarioRecord& s = e->record->scenarios[i];
        const ModelRecord* m = e->record->model(s.modelId);
        if (!s.hasSamples() || !m)
            continue;
        if (!m->isQuantized() && fp < 0)
            fp = i;
        if (m->isQuantized() && q < 0)
            q = i;
    }
    choose(0, 0, fp >= 0 ? fp : 0);
    choose(1, 0, q >= 0 ? q : std::min<int>(1, static_cast<int>(e->record->scenarios.size()) - 1));
}

void ComparePanel::choose(int side, int runRow, int scenarioIndex)
{
    {
        const QSignalBlocker blocker(m_run[side]);
        m_run[side]->setCurrentIndex(runRow);
    }
    fillScenarios(side);
    m_scenario[side]->setCurrentIndex(scenarioIndex);
    updateComparison();
}

int ComparePanel::chosenRun(int side) const
{
    return m_run[side]->currentIndex();
}

int ComparePanel::chosenScenario(int side) const
{
    return m_scenario[side]->currentIndex();
}

void ComparePanel::fillScenarios(int side)
{
    const QSignalBlocker blocker(m_scenario[side]);
    const int previous = m_scenario[side]->currentIndex();
    m_scenario[side]->clear();
    if (const RunEntry* e = m_runs->entry(m_run[side]->currentIndex()))
        for (const ScenarioRecord& s : e->record->scenarios)
            m_scenario[side]->addItem(scenarioLabel(s));
    if (previous >= 0 && previous < m_scenario[side]->count())
        m_scenario[side]->setCurrentIndex(previous);
}

const ScenarioRecord* ComparePanel::chosen(int side, const RunRecord** record) const
{
    const RunEntry* e = m_runs->entry(m_run[side]->currentIndex());
    const int i = m_scenario[side]->currentIndex();
    if (!e || i < 0 || i >= static_cast<int>(e->record->scenarios.size()))
        return nullptr;
    if (record)
        *record = e->record.get();
    return &e->record->scenarios[static_cast<size_t>(i)];
}

QString ComparePanel::speedupText() const
{
    return m_speedup->text();
}

bool ComparePanel::isComputing() const
{
    return !findChildren<QFutureWatcherBase*>().isEmpty();
}

QString ComparePanel::caveatText() const
{
    return m_caveat->text();
}

void ComparePanel::swapSides()
{
    const int run[2] = { m_run[0]->currentIndex(), m_run[1]->currentIndex() };
    const int scenario[2] = { m_scenario[0]->currentIndex(), m_scenario[1]->currentIndex() };
    {
        // One comparison for the swapped pair, not one for the intermediate state.
        const QSignalBlocker a(m_run[0]), b(m_run[1]), c(m_scenario[0]), d(m_scenario[1]);
        for (int side = 0; side < 2; ++side) {
            m_run[side]->setCurrentIndex(run[1 - side]);
            fillScenarios(side);
            m_scenario[side]->setCurrentIndex(scenario[1 - side]);
        }
    }
    updateComparison();
}

QString ComparePanel::tableText(const QTableView* table)
{
    const QAbstractItemModel* model = table->model();
    QList<int> rows;
    for (const QModelIndex& i : table->selectionModel()->selectedRows())
        rows << i.row();
    if (rows.isEmpty()) {
        for (int r = 0; r < model->rowCount(); ++r)
            rows << r;
    }
    std::sort(rows.begin(), rows.end());
    const bool rowHeaders = !table->verticalHeader()->isHidden(); // isVisible() is false while the dock is hidden
    QStringList lines;
    QStringList cells;
    if (rowHeaders)
        cells << QString();
    for (int c = 0; c < model->columnCount(); ++c)
        cells << model->headerData(c, Qt::Horizontal).toString();
    lines << cells.join(QLatin1Char('\t'));
    for (int r : rows) {
        cells.clear();
        if (rowHeaders)
            cells << model->headerData(r, Qt::Vertical).toString();
        for (int c = 0; c < model->columnCount(); ++c)
            cells << model->index(r, c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString ComparePanel::opTypeNoteText() const
{
    return m_opTypeNote->text();
}

void ComparePanel::updateOpTypes(const ScenarioRecord* a, const ScenarioRecord* b)
{
    if (!a || !b || !a->profile || !b->profile) {
        m_opTypeModel->setComparison(std::nullopt);
        m_opTypes->setEnabled(false);
        m_opTypeNote->setText(tr("<b>Time per op type</b>: needs a per-node profile on both sides (tick "
                                 "\u201cPer-node profile\u201d in the Runs panel before measuring)."));
        return;
    }
    m_opTypes->setEnabled(true);
    m_opTypeModel->setComparison(compareOpTypeTimes(*a->profile, *b->profile));
    m_opTypeNote->setText(tr("<b>Time per op type</b> (ms per run, largest difference first): which op types make "
                             "B slower or faster than A."));
}

void ComparePanel::sortOpTypes(int column, Qt::SortOrder order)
{
    m_opTypeSortColumn = column >= 0 && column < OpTypeComparisonModel::ColumnCount ? column : -1;
    m_opTypeSortOrder = order;
    QHeaderView* header = m_opTypes->horizontalHeader();
    header->setSortIndicatorShown(m_opTypeSortColumn >= 0);
    if (m_opTypeSortColumn >= 0)
        header->setSortIndicator(m_opTypeSortColumn, m_opTypeSortOrder);
    m_opTypeProxy->sort(m_opTypeSortColumn, m_opTypeSortOrder); // -1: the comparison's own order
}

void ComparePanel::showSpeedup(const std::optional<SpeedupEstimate>& estimate)
{
    if (!estimate) {
        m_speedup->setText(tr("No speedup: a median is not positive."));
        return;
    }
    const QString who = estimate->low > 1.0 ? tr("B is faster")
        : estimate->high < 1.0              ? tr("B is slower")
                                            : tr("no clear difference: the interval includes 1");
    m_speedup->setText(tr("<b>Speedup of B over A: %1\u00d7</b> (median A / median B; %2% bootstrap interval "
                          "%3\u2013%4\u00d7, %5 resamples, seed %6): %7.")
                           .arg(formatDecimal(estimate->speedup, 2))
                           .arg(formatDecimal(estimate->confidence * 100, 0))
                           .arg(formatDecimal(estimate->low, 2))
                           .arg(formatDecimal(estimate->high, 2))
                           .arg(estimate->iterations)
                           .arg(estimate->seed)
                           .arg(who));
}

void ComparePanel::updateComparison()
{
    const RunRecord* ra = nullptr;
    const RunRecord* rb = nullptr;
    const ScenarioRecord* a = chosen(0, &ra);
    const ScenarioRecord* b = chosen(1, &rb);
    m_caveat->clear();
    if (!a || !b || !a->hasSamples() || !b->hasSamples()) {
        ++m_speedupJob; // a bootstrap still running is for scenarios no longer shown
        m_speedup->setText(m_runs->rowCount() == 0
                ? tr("Measure or open runs in the Runs panel, then pick two scenarios to compare.")
                : tr("Pick two scenarios with measured runs."));
        QChart* old = m_chart->chart();
        m_chart->setChart(makeStyledChart(tr("Latency distribution")));
        delete old;
        m_statsModel->setScenarios(nullptr, nullptr);
        updateOpTypes(nullptr, nullptr);
        return;
    }
    m_statsModel->setScenarios(a, b);
    updateOpTypes(a, b);
    // 2000 resamples of two sample sets take seconds for very long runs: computed on the thread pool, and only
    // the answer for the scenarios still chosen is shown.
    const quint64 job = ++m_speedupJob;
    m_speedup->setText(tr("Computing the bootstrap interval of the speedup..."));
    auto* watcher = new QFutureWatcher<std::optional<SpeedupEstimate>>(this);
    connect(watcher, &QFutureWatcher<std::optional<SpeedupEstimate>>::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        if (job == m_speedupJob)
            showSpeedup(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([a = a->latenciesMs, b = b->latenciesMs] { return bootstrapSpeedup(a, b); }));

    QStringList caveats;
    if (ra != rb) {
        if (ra->machine.cpuModel != rb->machine.cpuModel)
            caveats << tr("different CPUs (%1 vs %2)")
                           .arg(toQString(ra->machine.cpuModel), toQString(rb->machine.cpuModel));
        if (ra->machine.gitRevision != rb->machine.gitRevision)
            caveats << tr("different Quantscope builds");
    }
    if (a->threads != b->threads)
        caveats << tr("different thread settings");
    if (a->mode != b->mode)
        caveats << tr("different modes (%1 vs %2)").arg(modeText(a->mode), modeText(b->mode));
    if (a->runtime != b->runtime)
        caveats << tr("different runtimes");
    if (a->status == ScenarioStatus::Partial || b->status == ScenarioStatus::Partial)
        caveats << tr("a side is partial (cancelled)");
    if (!caveats.isEmpty())
        m_caveat->setText(tr("Not like for like: %1.").arg(caveats.join(QStringLiteral("; "))));

    std::vector<ChartScenario> series;
    const auto colorOf = [](const RunRecord& r, const ScenarioRecord& s, int n) { return scenarioColor(r, s, n); };
    const QColor ca = colorOf(*ra, *a, 0);
    QColor cb = colorOf(*rb, *b, 0);
    if (cb == ca)
        cb = colorOf(*rb, *b, 1);
    series.push_back({ a, tr("A: %1").arg(toQString(a->modelId)), ca });
    series.push_back({ b, tr("B: %1").arg(toQString(b->modelId)), cb });
    QChart* old = m_chart->chart();
    m_chart->setChart(makeLatencyHistogramChart(series));
    delete old;
}

} // namespace qs::ui
