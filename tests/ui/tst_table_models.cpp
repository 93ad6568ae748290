// SPDX-License-Identifier: MIT
// The table models behind the Results and Compare panels: Qt's model checker on each (QAbstractItemModelTester,
// fatal on any violation), and their cells against the crafted run's statistics computed by hand
// (tests/data/runs/README.md) and a hand-made op-type comparison.
#include "models/compare_stats_model.h"
#include "models/op_type_comparison_model.h"
#include "models/op_type_sort_proxy.h"
#include "models/scenario_stats_model.h"
#include "ui_test_main.h"

#include <quantscope/engine/run_file.h>

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QFont>
#include <QLocale>

using namespace qs;
using namespace qs::ui;

class TestTableModels : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void scenarioStatsFromHandComputedFigures();
    void scenarioStatsOfFailedAndPartialScenarios();
    void compareStatsFromHandComputedFigures();
    void opTypeComparisonCells();
    void opTypeProxyKeepsTotalsAndDashesLast();
    void germanLocaleFormatsNumbers();

private:
    std::shared_ptr<const RunRecord> m_run;
};

namespace {

QString text(const QAbstractItemModel& m, int row, int column)
{
    return m.index(row, column).data().toString();
}

QStringList column(const QAbstractItemModel& m, int c)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << text(m, r, c);
    return out;
}

// FP32 Conv 9 ms vs INT8 ConvInteger 3 ms, Sigmoid 2 ms only in A, DynamicQuantizeLinear 1.5 ms only in B, Mul 1 ms on
// both sides; kernel totals 12 and 5.5 ms per run. Typed in by hand, not computed by compareOpTypeTimes.
OpTypeTimeComparison handMadeComparison()
{
    OpTypeTimeComparison c;
    c.rows.push_back({ "Conv", { "Conv" }, { "ConvInteger" }, 4, 4, 9.0, 3.0 });
    c.rows.push_back({ "Sigmoid", { "Sigmoid" }, {}, 2, 0, 2.0, 0.0 });
    c.rows.push_back({ "DynamicQuantizeLinear", {}, { "DynamicQuantizeLinear" }, 0, 3, 0.0, 1.5 });
    c.rows.push_back({ "Mul", { "Mul" }, { "Mul" }, 1, 1, 1.0, 1.0 });
    c.baselineTotalMs = 12.0;
    c.candidateTotalMs = 5.5;
    return c;
}

} // namespace

void TestTableModels::initTestCase()
{
    QLocale::setDefault(QLocale::c());
    auto r = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY2(r, r ? "" : r.status().toString().c_str());
    m_run = std::make_shared<const RunRecord>(std::move(*r));
}

void TestTableModels::scenarioStatsFromHandComputedFigures()
{
    ScenarioStatsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.columnCount(), 0);
    model.setScenarios(*m_run, { &m_run->scenarios[0], &m_run->scenarios[1] });
    QCOMPARE(model.rowCount(), int(ScenarioStatsModel::RowCount));
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("crafted_fp32"));
    QCOMPARE(model.headerData(1, Qt::Horizontal, Qt::ToolTipRole).toString(),
        QStringLiteral("crafted_int8 \u00b7 1 thread \u00b7 optimized"));
    QVERIFY(model.headerData(0, Qt::Horizontal, Qt::ForegroundRole).value<QBrush>().color()
        != model.headerData(1, Qt::Horizontal, Qt::ForegroundRole).value<QBrush>().color());
    QCOMPARE(
        model.headerData(ScenarioStatsModel::MedianRow, Qt::Vertical).toString(), QStringLiteral("Median (P50) ms"));
    // FP32 10 12 11 13 30: mean 15.2; squared deviations 27.04 + 10.24 + 17.64 + 4.84 + 219.04 = 278.8, sample
    // variance 69.7, std dev 8.349, CV 8.349 / 15.2 = 54.9%; P99 rank 3.96: 13 + 0.96 * 17 = 29.32; 1000 / 15.2 =
    // 65.8 FPS. INT8 5 5 6 6 7 8: mean 6.167; squared deviations sum 6.833, variance 1.367, std dev 1.169, CV 19.0%;
    // P99 rank 4.95: 7.95; 162.2 FPS. Both: first run 20 ms, preparation 4.5 ms.
    const QStringList fp32 { QStringLiteral("5"), QStringLiteral("12.00"), QStringLiteral("26.60"),
        QStringLiteral("2.000"), QStringLiteral("15.20"), QStringLiteral("8.349"), QStringLiteral("54.9%"),
        QStringLiteral("10.00"), QStringLiteral("30.00"), QStringLiteral("29.32"), QStringLiteral("65.8"),
        QStringLiteral("20.00"), QStringLiteral("4.500"), QStringLiteral("ok") };
    const QStringList int8 { QStringLiteral("6"), QStringLiteral("6.000"), QStringLiteral("7.750"),
        QStringLiteral("1.500"), QStringLiteral("6.167"), QStringLiteral("1.169"), QStringLiteral("19.0%"),
        QStringLiteral("5.000"), QStringLiteral("8.000"), QStringLiteral("7.950"), QStringLiteral("162.2"),
        QStringLiteral("20.00"), QStringLiteral("4.500"), QStringLiteral("ok") };
    QCOMPARE(column(model, 0), fp32);
    QCOMPARE(column(model, 1), int8);
    QCOMPARE(model.index(ScenarioStatsModel::P99Row, 0).data(ScenarioStatsModel::RawRole).toDouble(), 29.32);
    QCOMPARE(model.index(ScenarioStatsModel::RunsRow, 1).data(ScenarioStatsModel::RawRole).toLongLong(), 6);
    QCOMPARE(model.index(ScenarioStatsModel::StatusRow, 1).data(ScenarioStatsModel::RawRole).toString(),
        QStringLiteral("ok"));
    QCOMPARE(model.index(ScenarioStatsModel::MeanRow, 0).data(Qt::TextAlignmentRole).toInt(),
        int(Qt::AlignRight | Qt::AlignVCenter));
    // One setting of two scenarios replaced by one of a single scenario.
    model.setScenarios(*m_run, { &m_run->scenarios[1] });
    QCOMPARE(model.columnCount(), 1);
    QCOMPARE(text(model, ScenarioStatsModel::MedianRow, 0), QStringLiteral("6.000"));
}

void TestTableModels::scenarioStatsOfFailedAndPartialScenarios()
{
    RunRecord run = *m_run;
    run.scenarios[0].status = ScenarioStatus::Failed;
    run.scenarios[0].error = "a shape was given for 'x', which is not an input";
    run.scenarios[0].firstRunMs.reset();
    run.scenarios[1].status = ScenarioStatus::Partial;
    run.scenarios[1].partialReason = "cancelled";
    ScenarioStatsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setScenarios(run, { &run.scenarios[0], &run.scenarios[1] });
    // A failed scenario has no samples to speak of: dashes, not the stored numbers; the status cell has the message.
    QCOMPARE(text(model, ScenarioStatsModel::MedianRow, 0), QStringLiteral("\u2013"));
    QCOMPARE(text(model, ScenarioStatsModel::FpsRow, 0), QStringLiteral("\u2013"));
    QCOMPARE(text(model, ScenarioStatsModel::FirstRunRow, 0), QStringLiteral("\u2013"));
    QVERIFY(!model.index(ScenarioStatsModel::FirstRunRow, 0).data(ScenarioStatsModel::RawRole).isValid());
    const QString failed = QStringLiteral("failed: a shape was given for 'x', which is not an input");
    QCOMPARE(text(model, ScenarioStatsModel::StatusRow, 0), failed);
    QCOMPARE(model.index(ScenarioStatsModel::StatusRow, 0).data(Qt::ToolTipRole).toString(), failed);
    QCOMPARE(text(model, ScenarioStatsModel::MedianRow, 1), QStringLiteral("6.000")); // partial keeps its samples
    QCOMPARE(text(model, ScenarioStatsModel::StatusRow, 1), QStringLiteral("partial: cancelled"));
}

void TestTableModels::compareStatsFromHandComputedFigures()
{
    CompareStatsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.rowCount(), int(CompareStatsModel::RowCount));
    QVERIFY(!model.index(CompareStatsModel::MedianRow, CompareStatsModel::AColumn).data().isValid());
    model.setScenarios(&m_run->scenarios[0], &m_run->scenarios[1]);
    // B / A: medians 6 / 12 = 0.5, P95 7.75 / 26.6 = 0.291, IQR 1.5 / 2 = 0.75, means 6.1667 / 15.2 = 0.406,
    // CV 0.18957 / 0.54925 = 0.345, min 5 / 10 = 0.5, max 8 / 30 = 0.267, first run and preparation and the peak RSS
    // of 100 MiB equal on both sides: 1. No ratio of run counts.
    const QStringList ratios { QString(), QStringLiteral("0.500\u00d7"), QStringLiteral("0.291\u00d7"),
        QStringLiteral("0.750\u00d7"), QStringLiteral("0.406\u00d7"), QStringLiteral("0.345\u00d7"),
        QStringLiteral("0.500\u00d7"), QStringLiteral("0.267\u00d7"), QStringLiteral("1.000\u00d7"),
        QStringLiteral("1.000\u00d7"), QStringLiteral("1.000\u00d7") };
    QCOMPARE(column(model, CompareStatsModel::RatioColumn), ratios);
    const QStringList a { QStringLiteral("5"), QStringLiteral("12.00"), QStringLiteral("26.60"),
        QStringLiteral("2.000"), QStringLiteral("15.20"), QStringLiteral("54.9%"), QStringLiteral("10.00"),
        QStringLiteral("30.00"), QStringLiteral("20.00"), QStringLiteral("4.500"), QStringLiteral("100.0 MiB") };
    QCOMPARE(column(model, CompareStatsModel::AColumn), a);
    QCOMPARE(model.index(CompareStatsModel::P95Row, CompareStatsModel::RatioColumn)
                 .data(CompareStatsModel::RawRole)
                 .toDouble(),
        7.75 / 26.6);
    QVERIFY(!model.headerData(CompareStatsModel::CvRow, Qt::Vertical, Qt::ToolTipRole).toString().isEmpty());
    // A missing first run and peak RSS show dashes and no ratio.
    ScenarioRecord noExtras = m_run->scenarios[1];
    noExtras.firstRunMs.reset();
    noExtras.peakRssBytes.reset();
    model.setScenarios(&m_run->scenarios[0], &noExtras);
    QCOMPARE(text(model, CompareStatsModel::FirstRunRow, CompareStatsModel::BColumn), QStringLiteral("\u2013"));
    QCOMPARE(text(model, CompareStatsModel::PeakRssRow, CompareStatsModel::BColumn), QStringLiteral("\u2013"));
    QVERIFY(text(model, CompareStatsModel::PeakRssRow, CompareStatsModel::RatioColumn).isEmpty());
    model.setScenarios(nullptr, nullptr);
    QVERIFY(text(model, CompareStatsModel::MedianRow, CompareStatsModel::AColumn).isEmpty());
    QCOMPARE(model.rowCount(), int(CompareStatsModel::RowCount)); // the row headers stay
}

void TestTableModels::opTypeComparisonCells()
{
    OpTypeComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.rowCount(), 0);
    model.setComparison(handMadeComparison());
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(column(model, OpTypeComparisonModel::NameColumn),
        QStringList({ QStringLiteral("Conv \u2192 ConvInteger"), QStringLiteral("Sigmoid"),
            QStringLiteral("DynamicQuantizeLinear"), QStringLiteral("Mul"), QStringLiteral("All kernels") }));
    // A side without the op type shows a dash; differences B - A: -6, -2, +1.5, 0 and 5.5 - 12 = -6.5 in total.
    QCOMPARE(column(model, OpTypeComparisonModel::AColumn),
        QStringList({ QStringLiteral("9.000"), QStringLiteral("2.000"), QStringLiteral("\u2013"),
            QStringLiteral("1.000"), QStringLiteral("12.00") }));
    QCOMPARE(column(model, OpTypeComparisonModel::DeltaColumn),
        QStringList({ QStringLiteral("-6.000"), QStringLiteral("-2.000"), QStringLiteral("+1.500"),
            QStringLiteral("0.000"), QStringLiteral("-6.500") }));
    // B / A: 3 / 9 = 0.33, 1 / 1 = 1.00, 5.5 / 12 = 0.46; no ratio where one side lacks the op type.
    QCOMPARE(column(model, OpTypeComparisonModel::RatioColumn),
        QStringList({ QStringLiteral("0.33\u00d7"), QStringLiteral("\u2013"), QStringLiteral("\u2013"),
            QStringLiteral("1.00\u00d7"), QStringLiteral("0.46\u00d7") }));
    QCOMPARE(
        model.index(4, OpTypeComparisonModel::RatioColumn).data(OpTypeComparisonModel::RawRole).toDouble(), 5.5 / 12.0);
    QVERIFY(model.index(2, OpTypeComparisonModel::AColumn).data(OpTypeComparisonModel::MissingRole).toBool());
    QVERIFY(!model.index(2, OpTypeComparisonModel::BColumn).data(OpTypeComparisonModel::MissingRole).toBool());
    QCOMPARE(model.index(2, OpTypeComparisonModel::RatioColumn).data(Qt::ToolTipRole).toString(),
        QStringLiteral("Only B runs this op type"));
    QCOMPARE(model.index(0, OpTypeComparisonModel::NameColumn).data(Qt::ToolTipRole).toString(),
        QStringLiteral("A: 4 node(s), B: 4 node(s)"));
    // Coloured when the difference is at least 2% of the larger total (0.24 ms): less time in B green, more red.
    const auto colour = [&](int row) {
        return model.index(row, OpTypeComparisonModel::DeltaColumn).data(Qt::ForegroundRole).value<QBrush>();
    };
    QCOMPARE(colour(0).color(), QColor(0x2b, 0x8a, 0x3e));
    QCOMPARE(colour(2).color(), QColor(0xc9, 0x2a, 0x2a));
    QCOMPARE(colour(3).style(), Qt::NoBrush);
    QVERIFY(model.index(4, OpTypeComparisonModel::AColumn).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(model.index(4, 0).data(OpTypeComparisonModel::TotalRole).toBool());
    QCOMPARE(model.headerData(OpTypeComparisonModel::DeltaColumn, Qt::Horizontal).toString(),
        QStringLiteral("B \u2212 A ms"));
    model.setComparison(std::nullopt);
    QCOMPARE(model.rowCount(), 0);
}

void TestTableModels::opTypeProxyKeepsTotalsAndDashesLast()
{
    OpTypeComparisonModel model;
    OpTypeSortProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setComparison(handMadeComparison());
    const QString conv = QStringLiteral("Conv \u2192 ConvInteger");
    const QString dql = QStringLiteral("DynamicQuantizeLinear");
    const QString all = QStringLiteral("All kernels");
    const QString mul = QStringLiteral("Mul");
    const QString sigmoid = QStringLiteral("Sigmoid");
    // A ms: Conv 9, Sigmoid 2, Mul 1, DQL has none (a dash: last in both directions, not as 0); the total stays last.
    proxy.sort(OpTypeComparisonModel::AColumn, Qt::DescendingOrder);
    QCOMPARE(column(proxy, OpTypeComparisonModel::NameColumn), QStringList({ conv, sigmoid, mul, dql, all }));
    proxy.sort(OpTypeComparisonModel::AColumn, Qt::AscendingOrder);
    QCOMPARE(column(proxy, OpTypeComparisonModel::NameColumn), QStringList({ mul, sigmoid, conv, dql, all }));
    // B - A: -6, -2, +1.5, 0: a number column with no dashes.
    proxy.sort(OpTypeComparisonModel::DeltaColumn, Qt::AscendingOrder);
    QCOMPARE(column(proxy, OpTypeComparisonModel::NameColumn), QStringList({ conv, sigmoid, mul, dql, all }));
    proxy.sort(OpTypeComparisonModel::NameColumn, Qt::DescendingOrder);
    QCOMPARE(column(proxy, OpTypeComparisonModel::NameColumn), QStringList({ sigmoid, mul, dql, conv, all }));
    // The order holds when the comparison is replaced (new sides), and -1 restores the comparison's own order.
    model.setComparison(handMadeComparison());
    QCOMPARE(column(proxy, OpTypeComparisonModel::NameColumn), QStringList({ sigmoid, mul, dql, conv, all }));
    proxy.sort(-1);
    QCOMPARE(column(proxy, OpTypeComparisonModel::NameColumn), QStringList({ conv, sigmoid, dql, mul, all }));
}

void TestTableModels::germanLocaleFormatsNumbers()
{
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    CompareStatsModel model;
    model.setScenarios(&m_run->scenarios[0], &m_run->scenarios[1]);
    QCOMPARE(text(model, CompareStatsModel::MedianRow, CompareStatsModel::AColumn), QStringLiteral("12,00"));
    QCOMPARE(text(model, CompareStatsModel::CvRow, CompareStatsModel::AColumn), QStringLiteral("54,9%"));
    QCOMPARE(text(model, CompareStatsModel::MedianRow, CompareStatsModel::RatioColumn), QStringLiteral("0,500\u00d7"));
    OpTypeComparisonModel ops;
    ops.setComparison(handMadeComparison());
    QCOMPARE(text(ops, 2, OpTypeComparisonModel::DeltaColumn), QStringLiteral("+1,500"));
    QLocale::setDefault(QLocale::c());
}

QS_UI_TEST_MAIN(TestTableModels)
#include "tst_table_models.moc"
