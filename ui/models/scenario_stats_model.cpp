// SPDX-License-Identifier: MIT
#include "scenario_stats_model.h"

#include "charts/chart_common.h"
#include "report/report_tables.h"
#include "statistic_rows.h"
#include "util/qt_convert.h"
#include "util/run_text.h"
#include "util/scenario_groups.h"

#include <QBrush>

#include <array>

namespace qs::ui {

namespace {
const QString kNone = QStringLiteral("\u2013");
/// What each row shows (ScenarioStatsModel::Row order).
constexpr std::array<Statistic, ScenarioStatsModel::RowCount> kRowStatistic { Statistic::Runs, Statistic::Median,
    Statistic::P95, Statistic::Iqr, Statistic::Mean, Statistic::Stddev, Statistic::Cv, Statistic::Min, Statistic::Max,
    Statistic::P99, Statistic::Fps, Statistic::FirstRun, Statistic::Prepare, Statistic::Status };
} // namespace

void ScenarioStatsModel::setScenarios(const RunRecord& record, const std::vector<const ScenarioRecord*>& scenarios)
{
    beginResetModel();
    m_columns.clear();
    int floats = 0, quants = 0;
    for (const ScenarioRecord* s : scenarios) {
        Column c;
        c.modelId = toQString(s->modelId);
        c.label = scenarioLabel(*s);
        const bool isFloat = isFloatScenario(record, *s);
        c.color = scenarioColor(record, *s, isFloat ? floats++ : quants++);
        c.stats = s->stats;
        c.hasSamples = s->hasSamples();
        c.firstRunMs = s->firstRunMs;
        c.prepareMs = s->prepareMs;
        c.status = s->status;
        c.statusText = s->status == ScenarioStatus::Failed ? tr("failed")
            : s->status == ScenarioStatus::Partial         ? tr("partial")
                                                           : tr("ok");
        if (s->status == ScenarioStatus::Failed)
            c.statusText += QStringLiteral(": ") + toQString(s->error);
        else if (s->status == ScenarioStatus::Partial)
            c.statusText += QStringLiteral(": ") + toQString(s->partialReason);
        m_columns.push_back(std::move(c));
    }
    endResetModel();
}

int ScenarioStatsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : RowCount;
}

int ScenarioStatsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

QString ScenarioStatsModel::text(const Column& c, int row) const
{
    const LatencyStats& st = c.stats;
    const auto ms = [&](double v) { return c.hasSamples ? formatMs(v) : kNone; };
    switch (row) {
    case RunsRow:
        return QString::number(st.count);
    case MedianRow:
        return ms(st.p50Ms);
    case P95Row:
        return ms(st.p95Ms);
    case IqrRow:
        return ms(st.iqrMs);
    case MeanRow:
        return ms(st.meanMs);
    case StddevRow:
        return ms(st.stddevMs);
    case CvRow:
        return c.hasSamples ? QStringLiteral("%1%").arg(formatDecimal(st.cv * 100.0, 1)) : kNone;
    case MinRow:
        return ms(st.minMs);
    case MaxRow:
        return ms(st.maxMs);
    case P99Row:
        return ms(st.p99Ms);
    case FpsRow:
        return c.hasSamples ? formatDecimal(st.fps, 1) : kNone;
    case FirstRunRow:
        return c.firstRunMs ? formatMs(*c.firstRunMs) : kNone;
    case PrepareRow:
        return formatMs(c.prepareMs);
    case StatusRow:
        return c.statusText;
    }
    return {};
}

QVariant ScenarioStatsModel::raw(const Column& c, int row) const
{
    const LatencyStats& st = c.stats;
    switch (row) {
    case RunsRow:
        return QVariant::fromValue<qint64>(st.count);
    case MedianRow:
        return st.p50Ms;
    case P95Row:
        return st.p95Ms;
    case IqrRow:
        return st.iqrMs;
    case MeanRow:
        return st.meanMs;
    case StddevRow:
        return st.stddevMs;
    case CvRow:
        return st.cv;
    case MinRow:
        return st.minMs;
    case MaxRow:
        return st.maxMs;
    case P99Row:
        return st.p99Ms;
    case FpsRow:
        return st.fps;
    case FirstRunRow:
        return c.firstRunMs ? QVariant(*c.firstRunMs) : QVariant();
    case PrepareRow:
        return c.prepareMs;
    case StatusRow:
        return ReportTables::statusText(c.status);
    }
    return {};
}

QVariant ScenarioStatsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Column& c = m_columns[static_cast<size_t>(index.column())];
    switch (role) {
    case Qt::DisplayRole:
        return text(c, index.row());
    case RawRole:
        return raw(c, index.row());
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        // The status cell is narrow for an engine message: the tooltip has all of it.
        return index.row() == StatusRow ? QVariant(c.statusText) : QVariant();
    }
    return {};
}

QVariant ScenarioStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= columnCount())
            return {};
        const Column& c = m_columns[static_cast<size_t>(section)];
        switch (role) {
        case Qt::DisplayRole:
            return c.modelId;
        case Qt::ForegroundRole:
            return QBrush(c.color);
        case Qt::ToolTipRole:
            return c.label;
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    // Beside its P95 and P99 rows this table names the median's percentile too.
    if (section == MedianRow)
        return tr("Median (P50) ms");
    return section >= 0 && section < RowCount ? statisticLabel(kRowStatistic[size_t(section)]) : QVariant();
}

} // namespace qs::ui
