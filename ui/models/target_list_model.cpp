// SPDX-License-Identifier: MIT
#include "target_list_model.h"

#include "util/qt_convert.h"
#include "util/target_text.h"

#include <QColor>

namespace qs::ui {

namespace {
bool isParser(const TargetReport& r)
{
    return r.kind == TargetTableKind::ParserSupportList;
}
} // namespace

void TargetListModel::setResults(std::shared_ptr<const TargetResults> results)
{
    beginResetModel();
    m_results = std::move(results);
    endResetModel();
}

const TargetReport* TargetListModel::report(int row) const
{
    if (!m_results || row < 0 || static_cast<size_t>(row) >= m_results->reports.size())
        return nullptr;
    return &m_results->reports[static_cast<size_t>(row)];
}

int TargetListModel::rowOf(const QString& tableId) const
{
    for (int row = 0; row < rowCount(); ++row)
        if (toQString(report(row)->tableId) == tableId)
            return row;
    return -1;
}

int TargetListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_results ? 0 : static_cast<int>(m_results->reports.size());
}

int TargetListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TargetListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TargetReport& r = *report(index.row());
    const int column = index.column();
    // Counts as numbers; -1 marks a column that does not apply to this kind of table.
    const auto number = [&r, column]() -> qint64 {
        switch (column) {
        case RunsColumn:
            return r.count(NodeVerdict::Runs);
        case FallsBackColumn:
            return r.kind == TargetTableKind::EpSupportList ? r.count(NodeVerdict::FallsBack) : -1;
        case CpuNoKernelColumn:
            return r.kind == TargetTableKind::EpSupportList ? r.cpuNoKernelCount() : -1;
        case NoKernelColumn:
            return r.count(NodeVerdict::NoKernel);
        case UnknownColumn:
            return r.count(NodeVerdict::Unknown);
        case PartitionsColumn:
            return r.partitions ? r.partitions->partitions : -1;
        case CopiesColumn:
            return r.partitions ? r.partitions->crossings : -1;
        }
        return -1;
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TargetColumn:
            return toQString(r.title);
        case VersionColumn:
            if (r.version == "unknown")
                return tr("unknown");
            return r.versionMatch == "exact" ? toQString(r.version)
                                             : QStringLiteral("%1 (%2)").arg(toQString(r.version),
                                                 r.versionMatch == "approximate" ? tr("approximate") : tr("unknown"));
        case VerdictColumn: {
            const QString verdict = TargetText::targetVerdictText(r.verdict, isParser(r));
            const int64_t failing = r.runtimeFailureCount();
            return failing > 0 ? tr("%1; %n fail(s) at run time", "", static_cast<int>(failing)).arg(verdict) : verdict;
        }
        default: {
            const qint64 n = number();
            return n < 0 ? QStringLiteral("\u2013") : QString::number(n);
        }
        }
    case SortRole:
        switch (column) {
        case TargetColumn:
        case VersionColumn:
            return data(index, Qt::DisplayRole);
        case VerdictColumn:
            return static_cast<int>(r.verdict);
        default:
            return number();
        }
    case TableIdRole:
        return toQString(r.tableId);
    case Qt::DecorationRole:
        if (column == VerdictColumn)
            return TargetText::targetVerdictColor(r.verdict);
        return {};
    case Qt::TextAlignmentRole:
        if (column >= RunsColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        return toolTip(r);
    }
    return {};
}

QString TargetListModel::toolTip(const TargetReport& r) const
{
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(toQString(r.title).toHtmlEscaped());
    if (r.fileFormat) {
        QStringList accepted;
        for (const std::string& f : r.fileFormat->accepted)
            accepted << toQString(f);
        lines << tr("Cannot load: this target loads only %1 files: a %2 file cannot load at all (it must be converted "
                    "first)")
                     .arg(accepted.join(QStringLiteral(", ")).toHtmlEscaped(),
                         toQString(r.fileFormat->format).toHtmlEscaped());
    } else if (r.fileProblem)
        lines << tr("Cannot load: %1").arg(toQString(*r.fileProblem).toHtmlEscaped());
    for (const std::string& note : r.fileNotes)
        lines << toQString(note).toHtmlEscaped();
    if (r.partitions)
        lines << tr("%1 partitions (%2 on the provider, %3 on the CPU) with %4 copies between them%5")
                     .arg(r.partitions->partitions)
                     .arg(r.partitions->providerPartitions)
                     .arg(r.partitions->cpuPartitions)
                     .arg(r.partitions->crossings)
                     .arg(r.partitions->exact ? QString() : tr(", not counting unknown nodes"));
    if (const int64_t n = r.cpuNoKernelCount())
        lines << tr("%n node(s) fall back to the CPU provider, which has no kernel for them: the model cannot load", "",
            static_cast<int>(n));
    if (const TargetTable* t = m_results ? m_results->table(r.tableId) : nullptr) {
        lines << tr("Source: %1, revision %2")
                     .arg(toQString(t->sourceDocument).toHtmlEscaped(), toQString(t->sourceRevision).toHtmlEscaped());
        lines << tr("Table version %1 (%2), file %3")
                     .arg(toQString(t->version).toHtmlEscaped(), toQString(t->versionMatch).toHtmlEscaped(),
                         toQString(t->file.filename().string()).toHtmlEscaped());
        for (const std::string& note : t->notes)
            lines << QStringLiteral("\u2022 %1").arg(toQString(note).toHtmlEscaped());
    }
    // Rich text so the notes wrap at a readable width instead of one screen-wide line.
    return QStringLiteral("<p style='max-width:40em'>%1</p>").arg(lines.join(QStringLiteral("<br/>")));
}

QVariant TargetListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case VersionColumn:
            // The word as an argument: lupdate misreads "\u201c" followed by a hex letter.
            return tr("The version the table stands for; \u201c%1\u201d: read from a nearby revision")
                .arg(tr("approximate"));
        case RunsColumn:
            return tr("Nodes the target runs");
        case FallsBackColumn:
            return tr("Nodes the execution provider does not take: ONNX Runtime's CPU provider runs them");
        case CpuNoKernelColumn:
            return tr("Fallbacks the CPU provider has no kernel for either: the model cannot load");
        case NoKernelColumn:
            return tr("Nodes without a kernel (or unsupported by a converter): the model cannot load or convert");
        case UnknownColumn:
            return tr("Nodes the source does not state anything about");
        case PartitionsColumn:
            return tr("Runs of nodes on one side (provider or CPU) in topological order");
        case CopiesColumn:
            return tr("Tensors produced on one side and consumed on the other: each needs a copy");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TargetColumn:
        return tr("Target");
    case VersionColumn:
        return tr("Version");
    case VerdictColumn:
        return tr("Verdict");
    case RunsColumn:
        return tr("Runs");
    case FallsBackColumn:
        return tr("Falls back");
    case CpuNoKernelColumn:
        return tr("No CPU kernel");
    case NoKernelColumn:
        return tr("No kernel");
    case UnknownColumn:
        return tr("Unknown");
    case PartitionsColumn:
        return tr("Partitions");
    case CopiesColumn:
        return tr("Copies");
    }
    return {};
}

} // namespace qs::ui
