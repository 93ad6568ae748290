// SPDX-License-Identifier: MIT
#include "op_count_model.h"

#include "graph/node_style.h"
#include "util/qt_convert.h"

#include <QColor>
#include <QFileInfo>
#include <QFont>

#include <map>

namespace qs::ui {

void OpCountModel::setResult(const LoadResult& result)
{
    beginResetModel();
    m_rows.clear();
    m_pair = result.isPair();
    m_total = m_pairTotal = 0;
    std::map<QString, Row> rows;
    const auto count = [&rows](const LoadedModel* lm, bool second) {
        if (!lm)
            return 0;
        const Graph& g = lm->model->graph();
        for (NodeId id = 0; id < static_cast<NodeId>(g.nodes().size()); ++id) {
            Row& r = rows[toQString(g.node(id).qualifiedOpType())];
            r.category = lm->classification.category(id);
            (second ? r.pairCount : r.count) += 1;
        }
        return static_cast<int>(g.nodes().size());
    };
    m_total = count(result.primary.get(), false);
    m_pairTotal = count(result.secondary.get(), true);
    for (auto& [op, row] : rows) {
        row.opType = op;
        m_rows.push_back(row);
    }
    endResetModel();
}

int OpCountModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int OpCountModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return m_pair ? ChangeColumn + 1 : CountColumn + 1;
}

QVariant OpCountModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    const int change = r.pairCount - r.count;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OpTypeColumn:
            return r.opType;
        case CategoryColumn:
            return categoryShortName(r.category);
        case CountColumn:
            return r.count;
        case PairCountColumn:
            return r.pairCount;
        case ChangeColumn:
            if (change == 0)
                return QStringLiteral("0");
            return change > 0 ? QStringLiteral("+%1").arg(change) : QString::number(change);
        }
        break;
    case SortRole:
        switch (index.column()) {
        case OpTypeColumn:
            return r.opType.toLower();
        case CategoryColumn:
            return static_cast<int>(r.category);
        case CountColumn:
            return r.count;
        case PairCountColumn:
            return r.pairCount;
        case ChangeColumn:
            return change;
        }
        break;
    case Qt::DecorationRole:
        if (index.column() == CategoryColumn)
            return categoryStyle(r.category).accent;
        break;
    case Qt::FontRole:
        if (isQuantizationBoundary(r.category) && index.column() <= CategoryColumn) {
            QFont f;
            f.setBold(true);
            return f;
        }
        break;
    case Qt::ForegroundRole:
        if (index.column() == ChangeColumn && change != 0)
            return change > 0 ? QColor(0xc9, 0x2a, 0x2a) : QColor(0x2b, 0x8a, 0x3e);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() >= CountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::ToolTipRole:
        if (index.column() == CategoryColumn && !isQuantizationBoundary(r.category))
            return categoryDisplayName(r.category);
        if (isQuantizationBoundary(r.category))
            return tr("%1 is a quantization boundary (%2)").arg(r.opType, categoryDisplayName(r.category));
        break;
    case CategoryRole:
        return static_cast<int>(r.category);
    case IsBoundaryRole:
        return isQuantizationBoundary(r.category);
    }
    return {};
}

QVariant OpCountModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CategoryColumn:
            return tr("Operator kind, coloured as in the graph");
        case CountColumn:
            return m_pair ? tr("Nodes of this type in the FP32 model") : tr("Nodes of this type in the model");
        case PairCountColumn:
            return tr("Nodes of this type in the quantized model");
        case ChangeColumn:
            return tr("Change from the FP32 model to the quantized model");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    // Short titles (the tooltips say them in full): the five columns must fit the default dock width.
    switch (section) {
    case OpTypeColumn:
        return tr("Operator");
    case CategoryColumn:
        return tr("Kind");
    case CountColumn:
        return m_pair ? tr("FP32") : tr("Count");
    case PairCountColumn:
        return QStringLiteral("INT8");
    case ChangeColumn:
        return QStringLiteral("\u0394");
    }
    return {};
}

} // namespace qs::ui
