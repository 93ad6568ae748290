// SPDX-License-Identifier: MIT
#include "op_type_comparison_model.h"

#include "util/qt_convert.h"
#include "util/run_text.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <cmath>

namespace qs::ui {

namespace {

const QString kNone = QStringLiteral("\u2013");

QString ratioText(std::optional<double> r)
{
    return r ? QStringLiteral("%1\u00d7").arg(formatDecimal(*r, 2)) : kNone;
}

QString deltaText(double d)
{
    const int decimals = std::abs(d) < 10.0 ? 3 : 2;
    if (std::abs(d) < 0.0005) // would print as "-0.000" or "+0.000"
        return formatDecimal(0.0, decimals);
    return (d > 0 ? QStringLiteral("+") : QString()) + formatDecimal(d, decimals);
}

} // namespace

void OpTypeComparisonModel::setComparison(std::optional<OpTypeTimeComparison> comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

int OpTypeComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_comparison ? 0 : static_cast<int>(m_comparison->rows.size()) + 1;
}

int OpTypeComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

OpTypeComparisonModel::Cell OpTypeComparisonModel::cell(int row, int column) const
{
    const OpTypeTimeComparison& cmp = *m_comparison;
    if (row == static_cast<int>(cmp.rows.size())) {
        const double total = cmp.candidateTotalMs - cmp.baselineTotalMs;
        const std::optional<double> ratio = cmp.baselineTotalMs > 0 && cmp.candidateTotalMs > 0
            ? std::optional<double>(cmp.candidateTotalMs / cmp.baselineTotalMs)
            : std::nullopt;
        switch (column) {
        case NameColumn:
            return { tr("All kernels"), 0, false };
        case AColumn:
            return { formatMs(cmp.baselineTotalMs), cmp.baselineTotalMs, false };
        case BColumn:
            return { formatMs(cmp.candidateTotalMs), cmp.candidateTotalMs, false };
        case DeltaColumn:
            return { deltaText(total), total, false };
        case RatioColumn:
            return { ratioText(ratio), ratio.value_or(0.0), !ratio };
        }
        return {};
    }
    const OpTypeTimeDelta& d = cmp.rows[static_cast<size_t>(row)];
    switch (column) {
    case NameColumn:
        return { toQString(d.displayName()), 0, false };
    case AColumn:
        return d.baselineOps.empty() ? Cell { kNone, d.baselineMs, true }
                                     : Cell { formatMs(d.baselineMs), d.baselineMs, false };
    case BColumn:
        return d.candidateOps.empty() ? Cell { kNone, d.candidateMs, true }
                                      : Cell { formatMs(d.candidateMs), d.candidateMs, false };
    case DeltaColumn:
        return { deltaText(d.deltaMs()), d.deltaMs(), false };
    case RatioColumn:
        return { ratioText(d.ratio()), d.ratio().value_or(0.0), !d.ratio() };
    }
    return {};
}

QVariant OpTypeComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const int column = index.column();
    const bool total = row == static_cast<int>(m_comparison->rows.size());
    switch (role) {
    case Qt::DisplayRole:
        return cell(row, column).text;
    case RawRole:
        return cell(row, column).raw;
    case MissingRole:
        return cell(row, column).missing;
    case TotalRole:
        return total;
    case Qt::TextAlignmentRole:
        return column == NameColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (total) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ForegroundRole: {
        if (total || column != DeltaColumn)
            return {};
        // A difference below 2% of the larger total is within what profiling itself perturbs: not coloured.
        const double noticeable = 0.02 * std::max(m_comparison->baselineTotalMs, m_comparison->candidateTotalMs);
        const double delta = m_comparison->rows[static_cast<size_t>(row)].deltaMs();
        if (std::abs(delta) < noticeable || delta == 0)
            return {};
        return QBrush(delta > 0 ? QColor(0xc9, 0x2a, 0x2a) : QColor(0x2b, 0x8a, 0x3e));
    }
    case Qt::ToolTipRole: {
        if (total)
            return {};
        const OpTypeTimeDelta& d = m_comparison->rows[static_cast<size_t>(row)];
        if (column == NameColumn)
            return tr("A: %1 node(s), B: %2 node(s)").arg(d.baselineNodes).arg(d.candidateNodes);
        if (column == RatioColumn && !d.ratio())
            return d.baselineOps.empty() ? tr("Only B runs this op type") : tr("Only A runs this op type");
        return {};
    }
    }
    return {};
}

QVariant OpTypeComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Op type");
    case AColumn:
        return tr("A ms");
    case BColumn:
        return tr("B ms");
    case DeltaColumn:
        return tr("B \u2212 A ms");
    case RatioColumn:
        return tr("B / A");
    }
    return {};
}

} // namespace qs::ui
