// SPDX-License-Identifier: MIT
// One run in charts and numbers: latency histogram, box plot, per-op-type time and op counts for the FP32 and INT8
// scenarios of one setting, the statistics table, the verdict and findings, and how it was measured.
#pragma once

#include <quantscope/engine/parity.h>
#include <quantscope/engine/run_record.h>

#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QComboBox;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTableView;
class QTableWidget;
class QTextBrowser;

namespace qs::ui {

class ScenarioStatsModel;

class ResultsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ResultsPanel(QWidget* parent = nullptr);

    /// Shows a run (null: the empty state). `path` names it in the title.
    void setRun(std::shared_ptr<const RunRecord> record, const QString& path);
    const std::shared_ptr<const RunRecord>& run() const { return m_record; }
    /// A parity check of the open pair made in the GUI (null: none): its per-output verdict is listed after the run
    /// file's own parity entries, and alone when no run is shown.
    void setComputedParity(std::shared_ptr<const ParityReport> report);
    /// The per-output parity verdicts shown: the run's page, or the empty page when no run is shown.
    QTableWidget* parityTable() const;
    /// Picks the scenario group (threads · mode) the charts show.
    void setGroup(int index);
    int groupCount() const;
    /// The profiled scenarios of the setting shown (pointers into run()).
    std::vector<const ScenarioRecord*> profiledScenarios() const;

    /// The statistics of the setting shown (ScenarioStatsModel's rows, one column per scenario).
    QTableView* statsTable() const { return m_stats; }
    const ScenarioStatsModel* statsModel() const { return m_statsModel; }
    QChartView* histogramView() const { return m_histogram; }
    QChartView* boxView() const { return m_box; }
    QChartView* opTimeView() const { return m_opTime; }
    QChartView* opCountView() const { return m_opCount; }
    /// What the shown run went on without (RunRecord::warnings): a bar under the verdict, one line per warning with
    /// the engine's reason as its tooltip; hidden when the run has none.
    QWidget* warningsBar() const { return m_warnings; }
    /// The bar's lines as shown (the headline of each warning, the "(N more)" line last), for tests.
    QList<QLabel*> warningLabels() const;
    QString findingsText() const;
    QString verdictText() const;
    QString measuredText() const;

    /// The four charts of the current group, rendered for a report (GUI thread), in the order shown.
    QList<QPair<QString, QImage>> chartImages(const QSize& size) const;

signals:
    /// The user asked to colour the graph by a scenario's per-node profile.
    void overlayRequested(const qs::ProfileReport& profile, const QString& modelPath, const QString& label);
    /// The user asked to compare two models that are not the same network (the verdict refused them).
    void compareAnywayRequested();
    /// Another run or setting is shown: its profiles are what the graph can be coloured by.
    void profilesChanged();
    /// A finding's action: quantize the run's FP32 model as the advice of run()->findings[findingIndex] says
    /// (QuantizeText::advice).
    void quantizeRequested(int findingIndex);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void placeCharts(int columns);

private:
    void fitVerdict();
    void rebuild();
    void fillStats();
    void requestOverlay();
    void fillParity();
    void fillWarnings();

    std::shared_ptr<const RunRecord> m_record;
    QString m_path;
    int m_group = 0;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_title = nullptr;
    QComboBox* m_groupChooser = nullptr;
    QPushButton* m_overlayButton = nullptr;
    QLabel* m_verdict = nullptr;
    QWidget* m_warnings = nullptr;
    QLabel* m_warningsTitle = nullptr;
    QWidget* m_warningLines = nullptr;
    QHBoxLayout* m_verdictRow = nullptr;
    QPushButton* m_compareAnyway = nullptr;
    QPushButton* m_quantizeAdvice = nullptr;
    QGridLayout* m_chartGrid = nullptr;
    int m_chartColumns = 2;
    QChartView* m_histogram = nullptr;
    QChartView* m_box = nullptr;
    QChartView* m_opTime = nullptr;
    QChartView* m_opCount = nullptr;
    QLabel* m_measured = nullptr;
    ScenarioStatsModel* m_statsModel = nullptr;
    QTableView* m_stats = nullptr;
    QTextBrowser* m_findings = nullptr;
    std::shared_ptr<const ParityReport> m_computedParity;
    QWidget* m_parityBox = nullptr; ///< on the run's page
    QTableWidget* m_parity = nullptr;
    QLabel* m_parityRule = nullptr;
    QWidget* m_emptyParityBox = nullptr; ///< on the empty page
    QTableWidget* m_emptyParity = nullptr;
    QLabel* m_emptyParityRule = nullptr;
};

} // namespace qs::ui
