// SPDX-License-Identifier: MIT
#include "compare_stats_model.h"

#include "statistic_rows.h"
#include "util/qt_convert.h"
#include "util/run_text.h"

namespace qs::ui {

namespace {
/// What each row shows (CompareStatsModel::Row order).
constexpr std::array<Statistic, CompareStatsModel::RowCount> kRowStatistic { Statistic::Runs, Statistic::Median,
    Statistic::P95, Statistic::Iqr, Statistic::Mean, Statistic::Cv, Statistic::Min, Statistic::Max, Statistic::FirstRun,
    Statistic::Prepare, Statistic::PeakRss };
} // namespace

void CompareStatsModel::setScenarios(const ScenarioRecord* a, const ScenarioRecord* b)
{
    m_filled = a && b;
    if (m_filled) {
        const auto opt = [](const std::optional<double>& v) { return v.value_or(0.0); };
        m_values = { {
            { double(a->stats.count), double(b->stats.count) },
            { a->stats.p50Ms, b->stats.p50Ms },
            { a->stats.p95Ms, b->stats.p95Ms },
            { a->stats.iqrMs, b->stats.iqrMs },
            { a->stats.meanMs, b->stats.meanMs },
            { a->stats.cv, b->stats.cv },
            { a->stats.minMs, b->stats.minMs },
            { a->stats.maxMs, b->stats.maxMs },
            { opt(a->firstRunMs), opt(b->firstRunMs) },
            { a->prepareMs, b->prepareMs },
            { double(a->peakRssBytes.value_or(0)), double(b->peakRssBytes.value_or(0)) },
        } };
    }
    emit dataChanged(index(0, 0), index(RowCount - 1, ColumnCount - 1));
}

int CompareStatsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : RowCount;
}

int CompareStatsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CompareStatsModel::text(int row, double x) const
{
    if (row == PeakRssRow)
        return x > 0 ? formatBytes(static_cast<qint64>(x)) : QStringLiteral("\u2013");
    if (row == CvRow)
        return QStringLiteral("%1%").arg(formatDecimal(x * 100, 1));
    if (row == RunsRow)
        return QString::number(static_cast<qint64>(x));
    if (row == FirstRunRow && x == 0)
        return QStringLiteral("\u2013");
    return formatMs(x);
}

// No ratio of run counts, nor of a value one side lacks.
std::optional<double> CompareStatsModel::ratio(int row) const
{
    const Values& v = m_values[static_cast<size_t>(row)];
    if (row == RunsRow || !(v.a > 0 && v.b > 0))
        return std::nullopt;
    return v.b / v.a;
}

QVariant CompareStatsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_filled)
        return {};
    const int row = index.row();
    const Values& v = m_values[static_cast<size_t>(row)];
    const std::optional<double> r = ratio(row);
    if (index.column() == RatioColumn && !r)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case AColumn:
            return text(row, v.a);
        case BColumn:
            return text(row, v.b);
        case RatioColumn:
            return QStringLiteral("%1\u00d7").arg(formatDecimal(*r, 3));
        }
        return {};
    case RawRole:
        return index.column() == AColumn ? v.a : index.column() == BColumn ? v.b : *r;
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant CompareStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal) {
        if (role != Qt::DisplayRole)
            return QAbstractTableModel::headerData(section, orientation, role);
        switch (section) {
        case AColumn:
            return tr("A");
        case BColumn:
            return tr("B");
        case RatioColumn:
            return tr("B / A");
        }
        return {};
    }
    if (role == Qt::DisplayRole)
        return section >= 0 && section < RowCount ? statisticLabel(kRowStatistic[size_t(section)]) : QVariant();
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case RunsRow:
            return tr("Timed inferences after warm-up; the statistics are of these");
        case MedianRow:
            return tr("Middle latency: half the runs were faster. The speedup compares medians");
        case P95Row:
            return tr("95th percentile: 1 run in 20 was slower (tail latency)");
        case IqrRow:
            return tr("Interquartile range P75 \u2212 P25: the spread of the middle half of the runs");
        case MeanRow:
            return tr("Arithmetic mean latency; pulled up by slow outliers, unlike the median");
        case CvRow:
            return tr("Coefficient of variation = standard deviation / mean; above 10% the measurement is noisy");
        case MinRow:
            return tr("Fastest run");
        case MaxRow:
            return tr("Slowest run");
        case FirstRunRow:
            return tr("The first inference after preparation (cold caches, lazy initialisation), not part of the "
                      "statistics");
        case PrepareRow:
            return tr("Loading the model into the engine and planning it (kernels, memory) before the first run");
        case PeakRssRow:
            return tr("Peak resident memory of the process while this scenario ran");
        }
        return {};
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace qs::ui
