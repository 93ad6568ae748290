// SPDX-License-Identifier: MIT
#include "hotspot_model.h"

#include "util/metric_format.h"
#include "util/qt_convert.h"

#include <QBrush>
#include <QColor>

#include <unordered_map>

namespace qs::ui {

void HotspotModel::setProfile(std::shared_ptr<const ProfileReport> profile)
{
    beginResetModel();
    m_profile = std::move(profile);
    rebuild();
    endResetModel();
}

void HotspotModel::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    beginResetModel();
    m_mode = mode;
    rebuild();
    endResetModel();
}

void HotspotModel::rebuild()
{
    m_rows.clear();
    if (!m_profile)
        return;
    if (m_mode == Mode::Nodes) {
        for (const NodeProfile& n : m_profile->nodes)
            m_rows.push_back({ toQString(n.nodeName), toQString(n.opType), 0, n.meanMs, n.share, n.nodeIndex });
        return;
    }
    // An op type's row selects its slowest node that is in the graph; the profile lists nodes slowest first.
    std::unordered_map<std::string, NodeId> slowest;
    for (const NodeProfile& n : m_profile->nodes)
        if (n.nodeIndex >= 0)
            slowest.emplace(n.opType, n.nodeIndex);
    for (const OpTypeProfile& t : m_profile->opTypes) {
        const auto it = slowest.find(t.opType);
        m_rows.push_back({ toQString(t.opType), QString::number(t.nodes), static_cast<double>(t.nodes), t.meanMs,
            t.share, it == slowest.end() ? kNoNode : it->second });
    }
}

int HotspotModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int HotspotModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HotspotModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return r.name;
        case DetailColumn:
            return r.detail;
        case TimeColumn:
            return formatMilliseconds(r.meanMs);
        case ShareColumn:
            return formatPercent(r.share * 100.0);
        }
        return {};
    case SortRole:
        switch (column) {
        case NameColumn:
            return r.name;
        case DetailColumn:
            return m_mode == Mode::OpTypes ? QVariant(r.detailNumber) : QVariant(r.detail);
        case TimeColumn:
            return r.meanMs;
        case ShareColumn:
            return r.share;
        }
        return {};
    case NodeIdRole:
        return static_cast<qlonglong>(r.node);
    case Qt::TextAlignmentRole:
        if (column == TimeColumn || column == ShareColumn || (column == DetailColumn && m_mode == Mode::OpTypes))
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        // Kernels the runtime fused or renamed have no node to show: listed for their time, greyed.
        return r.node == kNoNode ? QVariant(QBrush(QColor(0x86, 0x8e, 0x96))) : QVariant();
    case Qt::ToolTipRole: {
        // The name column is narrow in the dock: its tooltip names the node in full.
        const QString what = column == NameColumn ? r.name + QLatin1Char('\n') : QString();
        QString hint;
        if (r.node == kNoNode)
            hint = m_mode == Mode::Nodes ? tr("The runtime fused or renamed this node: it has no node in the graph")
                                         : tr("No node of this type in the graph has a time of its own");
        else
            hint = m_mode == Mode::Nodes ? tr("Select and centre this node in the graph")
                                         : tr("Select and centre the slowest %1 node in the graph").arg(r.name);
        return QString(what + hint);
    }
    }
    return {};
}

QVariant HotspotModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == TimeColumn)
        return tr("Mean time per run of the profiled runs");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool nodes = m_mode == Mode::Nodes;
    switch (section) {
    case NameColumn:
        return nodes ? tr("Node") : tr("Op type");
    case DetailColumn:
        return nodes ? tr("Op type") : tr("Nodes");
    case TimeColumn:
        return tr("Time");
    case ShareColumn:
        return tr("Share");
    }
    return {};
}

} // namespace qs::ui
