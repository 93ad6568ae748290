// SPDX-License-Identifier: MIT
#include "run_list_model.h"

#include "util/qt_convert.h"
#include "util/scenario_groups.h"

#include <QDateTime>
#include <QFileInfo>

#include <algorithm>

namespace qs::ui {

int RunListModel::addRun(const QString& path, std::shared_ptr<const RunRecord> record)
{
    if (!record)
        return -1;
    const QString abs = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    if (const int row = rowOfPath(abs); row >= 0 && !abs.isEmpty()) {
        m_runs[row].record = std::move(record);
        emit dataChanged(index(row), index(row));
        return row;
    }
    // ISO 8601 UTC strings sort chronologically as text.
    const auto pos = std::find_if(
        m_runs.begin(), m_runs.end(), [&](const RunEntry& e) { return e.record->createdUtc < record->createdUtc; });
    const int row = static_cast<int>(pos - m_runs.begin());
    beginInsertRows({}, row, row);
    m_runs.insert(pos, RunEntry { abs, std::move(record) });
    endInsertRows();
    return row;
}

void RunListModel::clear()
{
    beginResetModel();
    m_runs.clear();
    endResetModel();
}

bool RunListModel::removeRun(int row)
{
    if (row < 0 || row >= static_cast<int>(m_runs.size()))
        return false;
    beginRemoveRows({}, row, row);
    m_runs.erase(m_runs.begin() + row);
    endRemoveRows();
    return true;
}

const RunEntry* RunListModel::entry(int row) const
{
    return row >= 0 && row < static_cast<int>(m_runs.size()) ? &m_runs[row] : nullptr;
}

int RunListModel::rowOfPath(const QString& path) const
{
    for (size_t i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].path == path)
            return static_cast<int>(i);
    return -1;
}

QString RunListModel::describe(const RunEntry& entry)
{
    const RunRecord& r = *entry.record;
    QStringList models;
    for (const ModelRecord& m : r.models)
        models << toQString(m.id);
    QStringList threads;
    for (int32_t t : r.config.threads)
        threads << threadsText(t);
    const QDateTime created = QDateTime::fromString(toQString(r.createdUtc), Qt::ISODate);
    QString text = tr("%1 \u00b7 %2 \u00b7 %3")
                       .arg(models.join(tr(" vs ")), threads.join(QStringLiteral(", ")),
                           created.isValid() ? created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                                             : toQString(r.createdUtc));
    if (r.partial)
        text += tr(" (partial)");
    return text;
}

int RunListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

QVariant RunListModel::data(const QModelIndex& index, int role) const
{
    const RunEntry* e = entry(index.row());
    if (!e || index.column() != 0)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return describe(*e);
    case Qt::ToolTipRole:
        return e->path.isEmpty() ? tr("Not saved") : e->path;
    case PathRole:
        return e->path;
    case CreatedRole:
        return toQString(e->record->createdUtc);
    default:
        return {};
    }
}

} // namespace qs::ui
