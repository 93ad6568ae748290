// SPDX-License-Identifier: MIT
// The Compare panel: ratios from the crafted run's hand-computed statistics and the engine's bootstrap interval.
#include "models/run_list_model.h"
#include "panels/compare_panel.h"
#include "ui_test_main.h"

#include <quantscope/engine/run_file.h>

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QSettings>
#include <QSplitter>
#include <QTableWidget>

using namespace qs;
using namespace qs::ui;

class TestComparePanel : public QObject
{
    Q_OBJECT
private slots:
    void defaultsToFp32VersusInt8OfNewestRun();
    void sameScenarioOnBothSides();
    void twoRunsWarnWhenNotLikeForLike();
    void opTypeTimesFromBothProfiles();
    void opTypeTimesNeedBothProfiles();
    void sortsOpTypesByAClickedColumn();
    void swapExchangesTheSides();
    void copiesTablesAsTabSeparatedText();
    void remembersTheColumnSplit();
};

namespace {
std::shared_ptr<const RunRecord> crafted()
{
    auto r = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    return r ? std::make_shared<const RunRecord>(std::move(*r)) : nullptr;
}
} // namespace

void TestComparePanel::defaultsToFp32VersusInt8OfNewestRun()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    QVERIFY(panel.speedupText().contains(QStringLiteral("Measure or open runs")));
    const auto run = crafted();
    QVERIFY(run);
    runs.addRun(QStringLiteral("crafted_pair.json"), run);
    QTableWidget* t = panel.table();
    // Hand-computed medians 12 (FP32) and 6 (INT8): B / A = 0.5; P95 26.6 and 7.75: 0.291...
    QCOMPARE(t->item(ComparePanel::MedianRow, ComparePanel::AColumn)->text(), QStringLiteral("12.00"));
    QCOMPARE(t->item(ComparePanel::MedianRow, ComparePanel::BColumn)->text(), QStringLiteral("6.000"));
    QCOMPARE(t->item(ComparePanel::MedianRow, ComparePanel::RatioColumn)->text(), QStringLiteral("0.500\u00d7"));
    QCOMPARE(t->item(ComparePanel::P95Row, ComparePanel::RatioColumn)->data(Qt::UserRole).toDouble(), 7.75 / 26.6);
    // Speedup = median A / median B = 2 exactly; the interval is the engine's bootstrap of the same samples.
    const auto expected = bootstrapSpeedup(run->scenarios[0].latenciesMs, run->scenarios[1].latenciesMs);
    QVERIFY(expected);
    QCOMPARE(expected->speedup, 2.0);
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
    const QString text = panel.speedupText();
    QVERIFY2(text.contains(QStringLiteral("2.00\u00d7")), qPrintable(text));
    QVERIFY(
        text.contains(QStringLiteral("%1\u2013%2\u00d7").arg(expected->low, 0, 'f', 2).arg(expected->high, 0, 'f', 2)));
    QVERIFY(panel.caveatText().isEmpty());
    for (int r = 0; r < ComparePanel::RowCount; ++r) // every statistic explains itself
        QVERIFY2(!t->verticalHeaderItem(r)->toolTip().isEmpty(), qPrintable(t->verticalHeaderItem(r)->text()));
}

void TestComparePanel::sameScenarioOnBothSides()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    runs.addRun(QStringLiteral("crafted_pair.json"), crafted());
    panel.choose(1, 0, 0);
    QCOMPARE(
        panel.table()->item(ComparePanel::MedianRow, ComparePanel::RatioColumn)->text(), QStringLiteral("1.000\u00d7"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
    QVERIFY(panel.speedupText().contains(QStringLiteral("no clear difference")));
}

void TestComparePanel::twoRunsWarnWhenNotLikeForLike()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    runs.addRun(QStringLiteral("a.json"), crafted());
    auto other = std::make_shared<RunRecord>(*crafted());
    other->createdUtc = "2026-11-22T10:00:00Z";
    other->machine.cpuModel = "Another CPU";
    other->scenarios[1].threads = 2;
    runs.addRun(QStringLiteral("b.json"), other);
    panel.choose(0, 1, 0); // the older run (a.json), FP32
    panel.choose(1, 0, 1); // the newer one, INT8 at 2 threads
    QVERIFY2(panel.caveatText().contains(QStringLiteral("different CPUs")), qPrintable(panel.caveatText()));
    QVERIFY(panel.caveatText().contains(QStringLiteral("different thread settings")));
}

void TestComparePanel::opTypeTimesFromBothProfiles()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    runs.addRun(QStringLiteral("crafted_pair.json"), crafted());
    // tests/data/runs/README.md: FP32 Conv 9, Sigmoid 2, Mul 1 ms; INT8 ConvInteger 3, DynamicQuantizeLinear 1.5,
    // Mul 1, Cast 0.5 ms per run. Differences B - A: Conv -6, Sigmoid -2, DQL +1.5, Cast +0.5, Mul 0.
    QTableWidget* t = panel.opTypeTable();
    QCOMPARE(t->rowCount(), 6);
    const QStringList names { QStringLiteral("Conv \u2192 ConvInteger"), QStringLiteral("Sigmoid"),
        QStringLiteral("DynamicQuantizeLinear"), QStringLiteral("Cast"), QStringLiteral("Mul"),
        QStringLiteral("All kernels") };
    for (int r = 0; r < names.size(); ++r)
        QCOMPARE(t->item(r, ComparePanel::OpTypeNameColumn)->text(), names[r]);
    QCOMPARE(t->item(0, ComparePanel::OpTypeAColumn)->text(), QStringLiteral("9.000"));
    QCOMPARE(t->item(0, ComparePanel::OpTypeBColumn)->text(), QStringLiteral("3.000"));
    QCOMPARE(t->item(0, ComparePanel::OpTypeDeltaColumn)->text(), QStringLiteral("-6.000"));
    QCOMPARE(t->item(0, ComparePanel::OpTypeRatioColumn)->text(), QStringLiteral("0.33\u00d7"));
    QCOMPARE(t->item(1, ComparePanel::OpTypeBColumn)->text(), QStringLiteral("\u2013")); // no Sigmoid in INT8
    QCOMPARE(t->item(2, ComparePanel::OpTypeDeltaColumn)->text(), QStringLiteral("+1.500"));
    QCOMPARE(t->item(2, ComparePanel::OpTypeRatioColumn)->text(), QStringLiteral("\u2013"));
    QCOMPARE(t->item(4, ComparePanel::OpTypeRatioColumn)->text(), QStringLiteral("1.00\u00d7"));
    QCOMPARE(t->item(4, ComparePanel::OpTypeDeltaColumn)->text(), QStringLiteral("0.000")); // Mul 1 vs 1
    QCOMPARE(t->item(5, ComparePanel::OpTypeDeltaColumn)->text(), QStringLiteral("-6.000"));
    QCOMPARE(t->item(5, ComparePanel::OpTypeRatioColumn)->data(Qt::UserRole).toDouble(), 0.5);
    // Faster in B: green; the Mul row (no difference) keeps the default colour.
    QCOMPARE(t->item(0, ComparePanel::OpTypeDeltaColumn)->foreground().color(), QColor(0x2b, 0x8a, 0x3e));
    QCOMPARE(t->item(2, ComparePanel::OpTypeDeltaColumn)->foreground().color(), QColor(0xc9, 0x2a, 0x2a));
    QCOMPARE(t->item(4, ComparePanel::OpTypeDeltaColumn)->foreground().style(), Qt::NoBrush);

    // Swapping the sides swaps the signs.
    panel.choose(0, 0, 1);
    panel.choose(1, 0, 0);
    QCOMPARE(t->item(0, ComparePanel::OpTypeNameColumn)->text(), QStringLiteral("ConvInteger \u2192 Conv"));
    QCOMPARE(t->item(0, ComparePanel::OpTypeDeltaColumn)->text(), QStringLiteral("+6.000"));
    QCOMPARE(t->item(0, ComparePanel::OpTypeRatioColumn)->text(), QStringLiteral("3.00\u00d7"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
}

void TestComparePanel::opTypeTimesNeedBothProfiles()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    auto run = std::make_shared<RunRecord>(*crafted());
    run->scenarios[1].profile.reset();
    runs.addRun(QStringLiteral("crafted_pair.json"), run);
    QCOMPARE(panel.opTypeTable()->rowCount(), 0);
    QVERIFY(!panel.opTypeTable()->isEnabled());
    QVERIFY2(panel.opTypeNoteText().contains(QStringLiteral("per-node profile on both sides")),
        qPrintable(panel.opTypeNoteText()));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
}

void TestComparePanel::sortsOpTypesByAClickedColumn()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    runs.addRun(QStringLiteral("crafted_pair.json"), crafted());
    QTableWidget* t = panel.opTypeTable();
    const auto names = [t] {
        QStringList n;
        for (int r = 0; r < t->rowCount(); ++r)
            n << t->item(r, ComparePanel::OpTypeNameColumn)->text();
        return n;
    };
    const QString conv = QStringLiteral("Conv \u2192 ConvInteger");
    const QString dql = QStringLiteral("DynamicQuantizeLinear");
    const QString all = QStringLiteral("All kernels");
    // tests/data/runs/README.md: B (INT8) ms per run: ConvInteger 3, DQL 1.5, Mul 1, Cast 0.5, no Sigmoid.
    QHeaderView* header = t->horizontalHeader();
    emit header->sectionClicked(ComparePanel::OpTypeBColumn);
    QCOMPARE(names(),
        QStringList({ conv, dql, QStringLiteral("Mul"), QStringLiteral("Cast"), QStringLiteral("Sigmoid"),
            all })); // no time on B: last, not as zero
    QCOMPARE(t->item(0, ComparePanel::OpTypeBColumn)->text(), QStringLiteral("3.000")); // cells move with the row
    QCOMPARE(t->item(0, ComparePanel::OpTypeAColumn)->text(), QStringLiteral("9.000"));
    QCOMPARE(header->sortIndicatorSection(), int(ComparePanel::OpTypeBColumn));
    emit header->sectionClicked(ComparePanel::OpTypeBColumn); // again: reversed, the dash still last
    QCOMPARE(names(),
        QStringList({ QStringLiteral("Cast"), QStringLiteral("Mul"), dql, conv, QStringLiteral("Sigmoid"), all }));
    emit header->sectionClicked(ComparePanel::OpTypeNameColumn);
    QCOMPARE(names(),
        QStringList({ QStringLiteral("Cast"), conv, dql, QStringLiteral("Mul"), QStringLiteral("Sigmoid"), all }));
    // The order survives a change of sides, and -1 restores the largest difference first.
    panel.swapSides();
    QCOMPARE(t->item(1, ComparePanel::OpTypeNameColumn)->text(), QStringLiteral("ConvInteger \u2192 Conv"));
    panel.sortOpTypes(-1, Qt::DescendingOrder);
    QCOMPARE(names().first(), QStringLiteral("ConvInteger \u2192 Conv"));
    QCOMPARE(names().last(), all);
    QVERIFY(!header->isSortIndicatorShown());
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
}

void TestComparePanel::swapExchangesTheSides()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    runs.addRun(QStringLiteral("crafted_pair.json"), crafted());
    QCOMPARE(panel.swapAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+X")));
    panel.swapAction()->trigger();
    // A is now the INT8 scenario (median 6), B the FP32 one (median 12).
    QCOMPARE(panel.table()->item(ComparePanel::MedianRow, ComparePanel::AColumn)->text(), QStringLiteral("6.000"));
    QCOMPARE(
        panel.table()->item(ComparePanel::MedianRow, ComparePanel::RatioColumn)->text(), QStringLiteral("2.000\u00d7"));
    QCOMPARE(panel.opTypeTable()->item(0, ComparePanel::OpTypeNameColumn)->text(),
        QStringLiteral("ConvInteger \u2192 Conv"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
    QVERIFY2(panel.speedupText().contains(QStringLiteral("0.50\u00d7")), qPrintable(panel.speedupText()));
    panel.swapSides();
    QCOMPARE(panel.table()->item(ComparePanel::MedianRow, ComparePanel::AColumn)->text(), QStringLiteral("12.00"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
}

void TestComparePanel::copiesTablesAsTabSeparatedText()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    runs.addRun(QStringLiteral("crafted_pair.json"), crafted());
    QTableWidget* ops = panel.opTypeTable();
    // Nothing selected: the whole table, headers first.
    QStringList lines = ComparePanel::tableText(ops).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 7);
    QCOMPARE(lines[0], QStringLiteral("Op type\tA ms\tB ms\tB \u2212 A ms\tB / A"));
    QCOMPARE(lines[1], QStringLiteral("Conv \u2192 ConvInteger\t9.000\t3.000\t-6.000\t0.33\u00d7"));
    QCOMPARE(lines[6], QStringLiteral("All kernels\t12.00\t6.000\t-6.000\t0.50\u00d7"));
    // A selected row of the statistics table, with its row header; through the Ctrl+C action onto the clipboard.
    panel.table()->selectRow(ComparePanel::MedianRow);
    QAction* copy = panel.table()->actions().value(0);
    QVERIFY(copy);
    QCOMPARE(copy->shortcut(), QKeySequence(QKeySequence::Copy));
    copy->trigger();
    lines = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines[0], QStringLiteral("\tA\tB\tB / A"));
    QCOMPARE(lines[1], QStringLiteral("Median ms\t12.00\t6.000\t0.500\u00d7"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
}

void TestComparePanel::remembersTheColumnSplit()
{
    QSettings().remove(QStringLiteral("ComparePanel/splitter"));
    RunListModel runs;
    QList<int> moved;
    {
        ComparePanel panel(&runs);
        panel.resize(1200, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* split = panel.findChild<QSplitter*>(QStringLiteral("compareSplitter"));
        QVERIFY(split);
        split->setSizes({ 300, 600, 300 });
        moved = split->sizes();
        emit split->splitterMoved(300, 1); // what a drag of the handle emits
    }
    ComparePanel again(&runs);
    again.resize(1200, 400);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.findChild<QSplitter*>(QStringLiteral("compareSplitter"))->sizes(), moved);
    QSettings().remove(QStringLiteral("ComparePanel/splitter"));
}

QS_UI_TEST_MAIN(TestComparePanel)
#include "tst_compare_panel.moc"
