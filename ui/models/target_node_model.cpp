// SPDX-License-Identifier: MIT
#include "target_node_model.h"

#include "util/qt_convert.h"
#include "util/target_text.h"

#include <QColor>
#include <QLocale>

#include <algorithm>

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
    m_rows.clear();
    if (m_report)
        addRows(m_model->graph(), m_report->nodes, kNoNode, 0, {});
    endResetModel();
}

void TargetNodeModel::addRows(
    const Graph& graph, const std::vector<NodeTargetResult>& nodes, NodeId shown, int depth, const QString& path)
{
    for (const NodeTargetResult& n : nodes) {
        const size_t at = m_rows.size();
        m_rows.push_back({ &n, &graph, depth == 0 ? n.node : shown, depth, path, false });
        const QString name = toQString(graph.node(n.node).name);
        for (const BodyTargetResult& b : n.bodies)
            addRows(*b.graph, b.nodes, m_rows[at].shown, depth + 1,
                (path.isEmpty() ? QString() : path + QStringLiteral(" \u203a ")) + name + QStringLiteral(" \u203a ")
                    + toQString(b.graph->name()));
        m_rows[at].bodyProblem = std::any_of(m_rows.begin() + static_cast<std::ptrdiff_t>(at) + 1, m_rows.end(),
            [](const Row& r) { return TargetText::verdictCategory(*r.result) != VerdictCategory::Runs; });
    }
}

int TargetNodeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QString TargetNodeModel::bodyNote(int row) const
{
    if (row < 0 || row >= rowCount() || m_rows[size_t(row)].depth == 0)
        return {};
    const Row& r = m_rows[size_t(row)];
    const Node& holder = m_model->graph().node(r.shown);
    return tr("'%1' is in the body %2: the graph does not draw bodies, so it selects the %3 node '%4' instead")
        .arg(toQString(r.graph->node(r.result->node).name), r.path, toQString(holder.opType), toQString(holder.name));
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
    return tr("its subgraphs hold %1 node(s), listed below it; %2 of them do not run there")
        .arg(QLocale().toString(nodes), QLocale().toString(notRunning));
}

QString TargetNodeModel::text(const Row& r, int column) const
{
    const NodeTargetResult& n = *r.result;
    const bool parser = m_report->kind == TargetTableKind::ParserSupportList;
    const Node& node = r.graph->node(n.node);
    switch (column) {
    case NodeColumn:
        // Body nodes indented under their If/Loop/Scan node, one step per nesting level.
        if (r.depth > 0)
            return QString(2 * (r.depth - 1), QLatin1Char(' ')) + QStringLiteral("\u21b3 ") + toQString(node.name);
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
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    const NodeTargetResult& n = *r.result;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(r, column);
    case SortRole:
        // Verdicts sort by how bad they are for loading, not alphabetically in the UI language.
        if (column == VerdictColumn)
            return static_cast<int>(TargetText::verdictCategory(n));
        return text(r, column);
    case NodeIdRole:
        return static_cast<qlonglong>(r.shown);
    case ProblemRole:
        return r.bodyProblem || TargetText::verdictCategory(n) != VerdictCategory::Runs ? 1 : 0;
    case BodyPathRole:
        return r.path;
    case Qt::DecorationRole:
        if (column == VerdictColumn)
            return TargetText::verdictCategoryColor(TargetText::verdictCategory(n));
        return {};
    case Qt::ToolTipRole: {
        // The columns are narrow in the dock: every cell's tooltip tells the whole story of the node.
        const bool parser = m_report->kind == TargetTableKind::ParserSupportList;
        const QString name = toQString(r.graph->node(n.node).name);
        QString tip
            = QStringLiteral("%1 (%2)\n").arg(name, text(r, OpTypeColumn)) + TargetText::nodeVerdictNote(n, parser);
        if (r.depth > 0)
            tip += QLatin1Char('\n') + bodyNote(index.row());
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
