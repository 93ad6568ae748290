// SPDX-License-Identifier: MIT
// The Results tab's statistics table: one column per scenario of a setting, one row per statistic, the numbers as the
// run file stores them.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QAbstractTableModel>
#include <QColor>

#include <vector>

namespace qs::ui {

class ScenarioStatsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Row
    {
        RunsRow,
        MedianRow,
        P95Row,
        IqrRow,
        MeanRow,
        StddevRow,
        CvRow,
        MinRow,
        MaxRow,
        P99Row,
        FpsRow,
        FirstRunRow,
        PrepareRow,
        StatusRow,
        RowCount
    };
    enum Role
    {
        RawRole = Qt::UserRole ///< the unrounded number from the run file (the status row: its stored word)
    };

    using QAbstractTableModel::QAbstractTableModel;

    /// Copies what the table shows of `scenarios` (pointers into `record`); nothing is kept pointing into either.
    void setScenarios(const RunRecord& record, const std::vector<const ScenarioRecord*>& scenarios);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Column
    {
        QString modelId;
        QString label; ///< "crafted_fp32 · 1 thread · optimized"
        QColor color; ///< the scenario's colour in the charts
        LatencyStats stats;
        bool hasSamples = false;
        std::optional<double> firstRunMs;
        double prepareMs = 0;
        ScenarioStatus status = ScenarioStatus::Ok;
        QString statusText; ///< translated status word, then the error or the reason it is partial
    };
    QString text(const Column& c, int row) const;
    QVariant raw(const Column& c, int row) const;

    std::vector<Column> m_columns;
};

} // namespace qs::ui
