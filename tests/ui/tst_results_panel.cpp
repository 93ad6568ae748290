// SPDX-License-Identifier: MIT
// The Results panel against a crafted run file whose statistics were computed by hand (tests/data/runs/README.md).
#include "models/scenario_stats_model.h"
#include "panels/results_panel.h"
#include "ui_test_main.h"

#include <quantscope/engine/run_file.h>

#include <QAreaSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QTableView>
#include <QValueAxis>

using namespace qs;
using namespace qs::ui;

class TestResultsPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void statsTableShowsHandComputedValues();
    void statsTableEqualsRunFileStats();
    void verdictFindingsAndHowMeasured();
    void boxPlotUsesQuartilesAndTukeyWhiskers();
    void breakdownChartsShowProfileAndOpCounts();
    void histogramDrawsEveryRunAndMarksOutliers();
    void chartImagesForReport();
    void emptyState();
    void settingChooserSwitchesScenarios();

private:
    std::shared_ptr<const RunRecord> m_run;
    ResultsPanel* m_panel = nullptr;
};

namespace {
QString cell(const QTableView* t, int row, int col)
{
    return t->model()->index(row, col).data().toString();
}

QBarSet* findSet(QChart* chart, const QString& label)
{
    for (QAbstractSeries* s : chart->series())
        if (auto* bars = qobject_cast<QHorizontalStackedBarSeries*>(s))
            for (QBarSet* set : bars->barSets())
                if (set->label() == label)
                    return set;
    return nullptr;
}
} // namespace

void TestResultsPanel::initTestCase()
{
    const auto path = qs::test::testDataDir() / "runs" / "crafted_pair.json";
    auto record = readRunFile(path);
    QVERIFY2(record, record ? "" : record.status().toString().c_str());
    m_run = std::make_shared<const RunRecord>(std::move(*record));
    m_panel = new ResultsPanel;
    m_panel->resize(1400, 1200);
    m_panel->setRun(m_run, QString::fromStdString(path.string()));
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel));
    if (const QByteArray dir = qgetenv("QS_UI_SCREENSHOT_DIR"); !dir.isEmpty())
        m_panel->grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("results_panel.png")));
}

void TestResultsPanel::statsTableShowsHandComputedValues()
{
    QTableView* t = m_panel->statsTable();
    QCOMPARE(t->model()->columnCount(), 2);
    QCOMPARE(t->model()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("crafted_fp32"));
    QCOMPARE(t->model()->headerData(1, Qt::Horizontal).toString(), QStringLiteral("crafted_int8"));
    // FP32 latencies 10, 12, 11, 13, 30 -> sorted 10 11 12 13 30: median rank 2 = 12; P95 rank 3.8 = 13 + 0.8 * 17
    // = 26.6; P25 = 11, P75 = 13, IQR = 2; mean 76 / 5 = 15.2.
    QCOMPARE(cell(t, ScenarioStatsModel::RunsRow, 0), QStringLiteral("5"));
    QCOMPARE(cell(t, ScenarioStatsModel::MedianRow, 0), QStringLiteral("12.00"));
    QCOMPARE(cell(t, ScenarioStatsModel::P95Row, 0), QStringLiteral("26.60"));
    QCOMPARE(cell(t, ScenarioStatsModel::IqrRow, 0), QStringLiteral("2.000"));
    QCOMPARE(cell(t, ScenarioStatsModel::MeanRow, 0), QStringLiteral("15.20"));
    // INT8 latencies 6 5 7 5 8 6 -> sorted 5 5 6 6 7 8: median rank 2.5 = 6; P95 rank 4.75 = 7 + 0.75 = 7.75;
    // P25 rank 1.25 = 5.25, P75 rank 3.75 = 6.75, IQR 1.5.
    QCOMPARE(cell(t, ScenarioStatsModel::RunsRow, 1), QStringLiteral("6"));
    QCOMPARE(cell(t, ScenarioStatsModel::MedianRow, 1), QStringLiteral("6.000"));
    QCOMPARE(cell(t, ScenarioStatsModel::P95Row, 1), QStringLiteral("7.750"));
    QCOMPARE(cell(t, ScenarioStatsModel::IqrRow, 1), QStringLiteral("1.500"));
    QCOMPARE(cell(t, ScenarioStatsModel::StatusRow, 1), QStringLiteral("ok"));
}

void TestResultsPanel::statsTableEqualsRunFileStats()
{
    // The raw number behind every cell is the run file's, unrounded, and agrees with the engine's statistics of
    // the file's latencies.
    QTableView* t = m_panel->statsTable();
    for (int c = 0; c < 2; ++c) {
        const ScenarioRecord& s = m_run->scenarios[static_cast<size_t>(c)];
        const LatencyStats recomputed = computeLatencyStats(s.latenciesMs);
        QCOMPARE(t->model()->index(ScenarioStatsModel::MedianRow, c).data(ScenarioStatsModel::RawRole).toDouble(),
            s.stats.p50Ms);
        QCOMPARE(t->model()->index(ScenarioStatsModel::P95Row, c).data(ScenarioStatsModel::RawRole).toDouble(),
            s.stats.p95Ms);
        QCOMPARE(t->model()->index(ScenarioStatsModel::IqrRow, c).data(ScenarioStatsModel::RawRole).toDouble(),
            s.stats.iqrMs);
        QVERIFY(qFuzzyCompare(s.stats.p50Ms, recomputed.p50Ms));
        QVERIFY(qFuzzyCompare(s.stats.p95Ms, recomputed.p95Ms));
        QVERIFY(qFuzzyCompare(s.stats.iqrMs, recomputed.iqrMs));
    }
}

void TestResultsPanel::verdictFindingsAndHowMeasured()
{
    auto* verdict = m_panel->findChild<QLabel*>(QStringLiteral("verdict"));
    QVERIFY(verdict);
    QVERIFY2(verdict->text().contains(QStringLiteral("INT8 is 2.0x faster here")), qPrintable(verdict->text()));
    QVERIFY(m_panel->findingsText().contains(QStringLiteral("quantization multiplied the node count by 3.0")));
    QVERIFY(m_panel->findingsText().contains(QStringLiteral("crafted_fp32: 21 nodes, crafted_int8: 62 nodes")));
    const QString how = m_panel->measuredText();
    QVERIFY2(how.contains(QStringLiteral("warm-up runs: 2")), qPrintable(how));
    QVERIFY(how.contains(QStringLiteral("measured runs per scenario: 5")));
    QVERIFY(how.contains(QStringLiteral("Threads: 1 thread")));
    QVERIFY(how.contains(QString::fromStdString(m_run->machine.cpuModel).toHtmlEscaped()));
    QVERIFY(how.contains(QStringLiteral("Per-node profiling was on")));
}

void TestResultsPanel::boxPlotUsesQuartilesAndTukeyWhiskers()
{
    QChart* chart = m_panel->boxView()->chart();
    auto* series = qobject_cast<QBoxPlotSeries*>(chart->series().value(0));
    QVERIFY(series);
    QCOMPARE(series->count(), 2);
    const QBoxSet* fp = series->boxSets().at(0);
    // FP32: fences 11 - 3 = 8 and 13 + 3 = 16, so 30 is an outlier and the upper whisker ends at 13.
    QCOMPARE(fp->at(QBoxSet::LowerExtreme), 10.0);
    QCOMPARE(fp->at(QBoxSet::LowerQuartile), 11.0);
    QCOMPARE(fp->at(QBoxSet::Median), 12.0);
    QCOMPARE(fp->at(QBoxSet::UpperQuartile), 13.0);
    QCOMPARE(fp->at(QBoxSet::UpperExtreme), 13.0);
    const QBoxSet* q = series->boxSets().at(1);
    QCOMPARE(q->at(QBoxSet::LowerQuartile), 5.25);
    QCOMPARE(q->at(QBoxSet::Median), 6.0);
    QCOMPARE(q->at(QBoxSet::UpperQuartile), 6.75);
    QCOMPARE(q->at(QBoxSet::UpperExtreme), 8.0); // fence 6.75 + 2.25 = 9: no outlier
}

void TestResultsPanel::breakdownChartsShowProfileAndOpCounts()
{
    // Bars are listed bottom-up: index 0 is the INT8 model, index 1 the FP32 model (drawn on top).
    QChart* time = m_panel->opTimeView()->chart();
    QBarSet* conv = findSet(time, QStringLiteral("Conv"));
    QVERIFY(conv);
    QCOMPARE(conv->at(1), 9.0);
    QCOMPARE(conv->at(0), 0.0);
    QBarSet* dql = findSet(time, QStringLiteral("DynamicQuantizeLinear"));
    QVERIFY(dql);
    QCOMPARE(dql->at(0), 1.5);
    QChart* counts = m_panel->opCountView()->chart();
    QBarSet* mul = findSet(counts, QStringLiteral("Mul"));
    QVERIFY(mul);
    QCOMPARE(mul->at(0), 20.0);
    QCOMPARE(mul->at(1), 6.0);
    // The segments of a bar add up to the model's node count (21 and 62 in the file).
    double fpTotal = 0, qTotal = 0;
    for (QAbstractSeries* s : counts->series())
        for (QBarSet* set : qobject_cast<QHorizontalStackedBarSeries*>(s)->barSets()) {
            qTotal += set->at(0);
            fpTotal += set->at(1);
        }
    QCOMPARE(fpTotal, 21.0);
    QCOMPARE(qTotal, 62.0);
}

void TestResultsPanel::histogramDrawsEveryRunAndMarksOutliers()
{
    // Issue 16 item 5: every run is drawn, the one beyond the fences as a marked point at its latency (30 ms).
    QChart* chart = m_panel->histogramView()->chart();
    QCOMPARE(chart->series().size(), 3);
    QVERIFY2(
        chart->title().contains(QStringLiteral("all runs drawn; 1 beyond 1.5 IQR marked")), qPrintable(chart->title()));
    qint64 drawn = 0;
    QScatterSeries* outliers = nullptr;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* area = qobject_cast<QAreaSeries*>(s)) {
            const auto pts = area->upperSeries()->points();
            for (qsizetype i = 1; i + 1 < pts.size(); i += 2)
                drawn += qRound64(pts[i].y());
        } else if (auto* sc = qobject_cast<QScatterSeries*>(s)) {
            outliers = sc;
            drawn += sc->count();
        }
    }
    QVERIFY(outliers);
    QCOMPARE(outliers->count(), 1);
    QCOMPARE(outliers->at(0).x(), 30.0);
    // The axis reaches the slowest run.
    const auto axes = chart->axes(Qt::Horizontal);
    QVERIFY(!axes.isEmpty());
    const double max = qobject_cast<QLogValueAxis*>(axes.front()) ? qobject_cast<QLogValueAxis*>(axes.front())->max()
                                                                  : qobject_cast<QValueAxis*>(axes.front())->max();
    QVERIFY(max >= 30.0);
    // Every measured run of both scenarios is counted once: bins plus points.
    qint64 runs = 0;
    for (const ScenarioRecord& s : m_panel->run()->scenarios)
        runs += static_cast<qint64>(s.latenciesMs.size());
    QCOMPARE(drawn, runs);
}

void TestResultsPanel::chartImagesForReport()
{
    const auto images = m_panel->chartImages(QSize(400, 250));
    QCOMPARE(images.size(), 4);
    for (const auto& [title, image] : images) {
        QVERIFY(!title.isEmpty());
        QVERIFY(!image.isNull());
        // Something was drawn: not a blank white image.
        bool nonWhite = false;
        for (int y = 0; y < image.height() && !nonWhite; y += 7)
            for (int x = 0; x < image.width() && !nonWhite; x += 7)
                nonWhite = image.pixelColor(x, y) != QColor(Qt::white);
        QVERIFY(nonWhite);
    }
}

void TestResultsPanel::emptyState()
{
    ResultsPanel panel;
    panel.setRun(nullptr, {});
    QCOMPARE(panel.chartImages(QSize(100, 100)).size(), 0);
}

void TestResultsPanel::settingChooserSwitchesScenarios()
{
    // The same two models also measured as written: a second setting whose numbers the table must switch to.
    auto both = std::make_shared<RunRecord>(*m_run);
    for (size_t i = 0; i < 2; ++i) {
        ScenarioRecord s = m_run->scenarios[i];
        s.mode = qs::ExecutionMode::AsWritten;
        for (double& v : s.latenciesMs)
            v *= 2;
        s.stats = computeLatencyStats(s.latenciesMs);
        both->scenarios.push_back(s);
    }
    ResultsPanel panel;
    panel.setRun(both, {});
    QCOMPARE(panel.groupCount(), 2);
    QCOMPARE(cell(panel.statsTable(), ScenarioStatsModel::MedianRow, 0), QStringLiteral("12.00"));
    panel.setGroup(1);
    QCOMPARE(cell(panel.statsTable(), ScenarioStatsModel::MedianRow, 0), QStringLiteral("24.00"));
    QCOMPARE(cell(panel.statsTable(), ScenarioStatsModel::MedianRow, 1), QStringLiteral("12.00"));
    QCOMPARE(panel.chartImages(QSize(200, 150)).size(), 7); // 3 charts per setting + the op counts once
}

QS_UI_TEST_MAIN(TestResultsPanel)
#include "tst_results_panel.moc"
