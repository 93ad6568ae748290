// SPDX-License-Identifier: MIT
#include "run_list_model.h"

#include "util/qt_convert.h"
#include "util/run_warning_text.h"
#include "util/scenario_groups.h"

#include <QApplication>
#include <QColor>
#include <QDateTime>
#include <QFileInfo>
#include <QStyle>

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

bool RunListModel::replaceRun(int row, std::shared_ptr<const RunRecord> record)
{
    if (row < 0 || row >= static_cast<int>(m_runs.size()) || !record)
        return false;
    m_runs[row].record = std::move(record);
    emit dataChanged(index(row), index(row));
    return true;
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
    QStringList modes;
    for (ExecutionMode m : r.config.modes)
        modes << modeText(m);
    const QDateTime created = QDateTime::fromString(toQString(r.createdUtc), Qt::ISODate);
    const QString when = created.isValid() ? created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                                           : toQString(r.createdUtc);
    // Status first after the models: runs of one pair otherwise look alike.
    return tr("%1 \u00b7 %2 \u00b7 %3 \u00b7 %4 \u00b7 %5 \u00b7 %6")
        .arg(models.join(tr(" vs ")), statusText(r), modes.join(QStringLiteral(", ")),
            threads.join(QStringLiteral(", ")), tr("%1 runs").arg(r.config.runs), when);
}

int RunListModel::failedScenarios(const RunRecord& r)
{
    return static_cast<int>(std::count_if(r.scenarios.begin(), r.scenarios.end(),
        [](const ScenarioRecord& s) { return s.status == ScenarioStatus::Failed; }));
}

QString RunListModel::statusText(const RunRecord& r)
{
    if (const int failed = failedScenarios(r); failed > 0)
        return tr("FAILED (%1 of %2 scenarios)").arg(failed).arg(r.scenarios.size());
    if (r.partial)
        return tr("partial");
    return tr("ok");
}

QString RunListModel::errorText(const RunRecord& r)
{
    QStringList lines;
    for (const ScenarioRecord& s : r.scenarios)
        if (s.status == ScenarioStatus::Failed)
            lines << tr("%1 failed: %2").arg(scenarioLabel(s), toQString(s.error));
    return lines.join(QLatin1Char('\n'));
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
    case Qt::ToolTipRole: {
        QString tip = e->path.isEmpty() ? tr("Not saved") : e->path;
        if (const QString errors = errorText(*e->record); !errors.isEmpty())
            tip += QStringLiteral("\n\n") + errors;
        if (const auto& warnings = e->record->warnings; !warnings.empty()) {
            tip += QStringLiteral("\n\n") + tr("%1:").arg(RunWarningText::count(warnings.size()));
            for (const RunWarning& w : warnings)
                tip += QStringLiteral("\n") + RunWarningText::headline(w);
        }
        return tip;
    }
    case Qt::DecorationRole:
        if (failedScenarios(*e->record) > 0)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (e->record->partial || !e->record->warnings.empty())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::ForegroundRole:
        return failedScenarios(*e->record) > 0 ? QVariant(QColor(0xc9, 0x2a, 0x2a)) : QVariant();
    case StatusRole:
        return failedScenarios(*e->record) > 0 ? QStringLiteral("failed")
            : e->record->partial               ? QStringLiteral("partial")
                                               : QStringLiteral("ok");
    case PathRole:
        return e->path;
    case CreatedRole:
        return toQString(e->record->createdUtc);
    default:
        return {};
    }
}

} // namespace qs::ui
