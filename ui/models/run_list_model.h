// SPDX-License-Identifier: MIT
// The runs the user has: measured in this session or opened from run files. One row per run file.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QAbstractListModel>

#include <memory>
#include <vector>

namespace qs::ui {

struct RunEntry
{
    QString path; ///< the run file; empty when the run could not be saved
    std::shared_ptr<const RunRecord> record;
};

class RunListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role
    {
        PathRole = Qt::UserRole,
        CreatedRole
    };
    using QAbstractListModel::QAbstractListModel;

    /// Adds a run, or replaces the one from the same file; returns its row. Newest runs sort first.
    int addRun(const QString& path, std::shared_ptr<const RunRecord> record);
    void clear();
    /// Drops a run from the list (its file stays on disk); false for a row that does not exist.
    bool removeRun(int row);
    const RunEntry* entry(int row) const;
    int rowOfPath(const QString& path) const;

    /// "demo_fp32 vs demo_int8_dynamic · 1 thread · 2026-11-22 08:35" — what the list and the choosers show.
    static QString describe(const RunEntry& entry);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    std::vector<RunEntry> m_runs;
};

} // namespace qs::ui
