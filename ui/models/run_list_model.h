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
        CreatedRole,
        StatusRole ///< "ok", "partial" or "failed" (a scenario failed)
    };
    using QAbstractListModel::QAbstractListModel;

    /// Adds a run, or replaces the one from the same file; returns its row. Newest runs sort first.
    int addRun(const QString& path, std::shared_ptr<const RunRecord> record);
    void clear();
    /// Replaces the record of a row (a re-diagnosed run); false for a row that does not exist.
    bool replaceRun(int row, std::shared_ptr<const RunRecord> record);
    /// Drops a run from the list (its file stays on disk); false for a row that does not exist.
    bool removeRun(int row);
    const RunEntry* entry(int row) const;
    int rowOfPath(const QString& path) const;

    /// "demo_fp32 vs demo_int8_dynamic · ok · optimized · 1 thread · 20 runs · 2026-11-22 08:35" — what the list and
    /// the choosers show.
    static QString describe(const RunEntry& entry);
    /// "ok", "partial" or "FAILED (1 of 2 scenarios)" in the UI language.
    static QString statusText(const RunRecord& record);
    /// One line per failed scenario with the engine's message in full; empty when none failed.
    static QString errorText(const RunRecord& record);
    static int failedScenarios(const RunRecord& record);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    std::vector<RunEntry> m_runs;
};

} // namespace qs::ui
