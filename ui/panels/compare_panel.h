// SPDX-License-Identifier: MIT
// Two scenarios side by side — from one run (FP32 vs INT8) or from two runs (before/after, two machines): their
// statistics, the ratios, the engine's bootstrap interval of the median ratio, and both histograms on one axis.
#pragma once

#include <quantscope/engine/latency_stats.h>
#include <quantscope/engine/run_record.h>

#include <QWidget>

class QAction;
class QChartView;
class QComboBox;
class QLabel;
class QTableView;

namespace qs::ui {

class CompareStatsModel;
class OpTypeComparisonModel;
class OpTypeSortProxy;
class RunListModel;

class ComparePanel : public QWidget
{
    Q_OBJECT
public:
    explicit ComparePanel(RunListModel* runs, QWidget* parent = nullptr);

    /// Picks side 0 (A) or 1 (B): a row of the run list and a scenario index inside that run.
    void choose(int side, int runRow, int scenarioIndex);
    /// The run-list row and the scenario index side 0 (A) or 1 (B) shows; -1 when none.
    int chosenRun(int side) const;
    int chosenScenario(int side) const;
    /// The statistics of both sides (CompareStatsModel's rows and columns).
    QTableView* table() const { return m_table; }
    const CompareStatsModel* statsModel() const { return m_statsModel; }
    /// Time per op type of both sides, largest absolute difference first, then an "all kernels" row; the view shows
    /// opTypeModel() through a sorting proxy.
    QTableView* opTypeTable() const { return m_opTypes; }
    const OpTypeComparisonModel* opTypeModel() const { return m_opTypeModel; }
    /// Orders the op-type rows by a column, as a click on its header does (a second click reverses); the "all
    /// kernels" row stays last. Kept when the sides change; column -1 restores the largest-difference order.
    void sortOpTypes(int column, Qt::SortOrder order);
    QString opTypeNoteText() const;
    /// Exchanges A and B (run and scenario), Ctrl+Shift+X.
    void swapSides();
    QAction* swapAction() const { return m_swapAction; }
    /// Tab-separated text of a table (headers included) as "Copy" puts it on the clipboard: the selected rows, or
    /// every row when nothing is selected, so it pastes into a spreadsheet.
    static QString tableText(const QTableView* table);
    QString speedupText() const;
    QString caveatText() const;
    /// True while the bootstrap interval is computed in the background.
    bool isComputing() const;

signals:
    /// The user picked a run or scenario, or swapped the sides (not the defaults chosen for new runs).
    void sidesChosenByUser();

private:
    void fillScenarios(int side);
    void updateComparison();
    const ScenarioRecord* chosen(int side, const RunRecord** record = nullptr) const;
    void chooseDefaults();
    void showSpeedup(const std::optional<SpeedupEstimate>& estimate);
    void updateOpTypes(const ScenarioRecord* a, const ScenarioRecord* b);

    RunListModel* m_runs;
    QComboBox* m_run[2] = { nullptr, nullptr };
    QComboBox* m_scenario[2] = { nullptr, nullptr };
    CompareStatsModel* m_statsModel = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_speedup = nullptr;
    QLabel* m_caveat = nullptr;
    QChartView* m_chart = nullptr;
    OpTypeComparisonModel* m_opTypeModel = nullptr;
    OpTypeSortProxy* m_opTypeProxy = nullptr;
    QTableView* m_opTypes = nullptr;
    QLabel* m_opTypeNote = nullptr;
    int m_opTypeSortColumn = -1; ///< -1: the comparison's own order (largest absolute difference first)
    Qt::SortOrder m_opTypeSortOrder = Qt::DescendingOrder;
    QAction* m_swapAction = nullptr;
    quint64 m_speedupJob = 0; ///< results of older bootstrap jobs are dropped
};

} // namespace qs::ui
