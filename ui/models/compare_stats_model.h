// SPDX-License-Identifier: MIT
// The Compare panel's statistics of two scenarios side by side: A, B and the ratio B / A of each statistic.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QAbstractTableModel>

#include <array>

namespace qs::ui {

class CompareStatsModel : public QAbstractTableModel
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
        CvRow,
        MinRow,
        MaxRow,
        FirstRunRow,
        PrepareRow,
        PeakRssRow,
        RowCount
    };
    enum Column
    {
        AColumn,
        BColumn,
        RatioColumn,
        ColumnCount
    };
    enum Role
    {
        RawRole = Qt::UserRole ///< the unrounded number (a missing first run or peak RSS: 0)
    };

    using QAbstractTableModel::QAbstractTableModel;

    /// Copies the statistics of both sides; both null (or either) empties the cells, the rows stay.
    void setScenarios(const ScenarioRecord* a, const ScenarioRecord* b);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Values
    {
        double a = 0;
        double b = 0;
    };
    QString text(int row, double value) const;
    std::optional<double> ratio(int row) const;

    bool m_filled = false;
    std::array<Values, RowCount> m_values {};
};

} // namespace qs::ui
