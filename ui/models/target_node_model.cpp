// SPDX-License-Identifier: MIT
#include "target_node_model.h"

#include "util/qt_convert.h"
#include "util/target_text.h"

#include <QColor>
#include <QLocale>

namespace qs::ui {

namespace {
QString joined(const std::vector<std::string>& lines)
{
    QStringList out;
    for (const std::string& l : lines)
        out << toQString(l);
    return out.join(QStringLiteral("; "));
}
} // namespace

void TargetNodeModel::setReport(std::shared_ptr<const TargetReport> report, std::shared_ptr<const Model> model)
{
    beginResetModel();
    m_report = report && model ? std::move(report) : nullptr;
    m_model = m_report ? std::move(model) : nullptr;
    endResetModel();
}

int TargetNodeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_report ? 0 : static_cast<int>(m_report->nodes.size());
}

int TargetNodeModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString TargetNodeModel::bodiesText(const NodeTargetResult& n) const
{
    qlonglong nodes = 0;
    qlonglong notRunning = 0;
    for (const BodyTargetResult& b : n.bodies)
        forEachNodeResult(*b.graph, b.nodes, [&](const Graph&, const NodeTargetResult& x) {
            ++nodes;
            if (TargetText::verdictCategory(x) != VerdictCategory::Runs)
                ++notRunning;
        });
    return tr("its subgraphs hold %1 node(s), counted in the totals; %2 of them do not run there")
        .arg(QLocale().toString(nodes), QLocale().toString(notRunning));
}

QString TargetNodeModel::text(const NodeTargetResult& n, int column) const
{
    const bool parser = m_report->kind == TargetTableKind::ParserSupportList;
    const Node& node = m_model->graph().node(n.node);
    switch (column) {
    case NodeColumn:
        return toQString(node.name);
    case OpTypeColumn:
        return toQString(node.qualifiedOpType());
    case VerdictColumn:
        return TargetText::nodeVerdictText(n.verdict, parser);
    case ReasonColumn: {
        QString reason = toQString(n.reason);
        if (!n.bodies.empty())
            reason += (reason.isEmpty() ? QString() : QStringLiteral("; ")) + bodiesText(n);
        return reason;
    }
    case CpuColumn:
        if (n.verdict != NodeVerdict::FallsBack)
            return {};
        if (!n.cpuVerdict)
            return tr("no CPU kernel table loaded");
        return *n.cpuVerdict == NodeVerdict::NoKernel ? tr("no kernel: cannot load")
                                                      : TargetText::nodeVerdictText(*n.cpuVerdict, false);
    case ConditionsColumn:
        return joined(n.conditions);
    case RunTimeColumn:
        return joined(n.runtimeFailures);
    }
    return {};
}

QVariant TargetNodeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const NodeTargetResult& n = m_report->nodes[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(n, column);
    case SortRole:
        // Verdicts sort by how bad they are for loading, not alphabetically in the UI language.
        if (column == VerdictColumn)
            return static_cast<int>(TargetText::verdictCategory(n));
        return text(n, column);
    case NodeIdRole:
        return static_cast<qlonglong>(n.node);
    case ProblemRole:
        return TargetText::verdictCategory(n) == VerdictCategory::Runs ? 0 : 1;
    case Qt::DecorationRole:
        if (column == VerdictColumn)
            return TargetText::verdictCategoryColor(TargetText::verdictCategory(n));
        return {};
    case Qt::ToolTipRole: {
        // The columns are narrow in the dock: every cell's tooltip tells the whole story of the node.
        const bool parser = m_report->kind == TargetTableKind::ParserSupportList;
        QString tip = QStringLiteral("%1 (%2)\n").arg(text(n, NodeColumn), text(n, OpTypeColumn))
            + TargetText::nodeVerdictNote(n, parser);
        if (!n.conditions.empty())
            tip += QLatin1Char('\n') + tr("Conditions (not checked): %1").arg(joined(n.conditions));
        if (!n.bodies.empty())
            tip += QLatin1Char('\n') + bodiesText(n);
        return tip;
    }
    }
    return {};
}

QVariant TargetNodeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CpuColumn:
            return tr("For a node that falls back: whether ONNX Runtime's CPU provider has a kernel for it");
        case ConditionsColumn:
            return tr("Restrictions the table lists for the operator; not checked against the node");
        case RunTimeColumn:
            return tr("Known restrictions the node breaks: the model loads but fails when this node runs");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NodeColumn:
        return tr("Node");
    case OpTypeColumn:
        return tr("Op type");
    case VerdictColumn:
        return tr("Verdict");
    case ReasonColumn:
        return tr("Reason");
    case CpuColumn:
        return tr("CPU provider");
    case ConditionsColumn:
        return tr("Conditions");
    case RunTimeColumn:
        return tr("Run-time failures");
    }
    return {};
}

} // namespace qs::ui
