// SPDX-License-Identifier: MIT
// The Compare panel: ratios from the crafted run's hand-computed statistics and the engine's bootstrap interval.
#include "models/compare_stats_model.h"
#include "models/op_type_comparison_model.h"
#include "models/run_list_model.h"
#include "panels/compare_panel.h"
#include "panels/runs_panel.h"
#include "ui_test_main.h"

#include <quantscope/engine/run_file.h>

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTableView>
#include <QTemporaryDir>

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
    void corruptRunFileLeavesTheComparisonAlone();
};

namespace {
std::shared_ptr<const RunRecord> crafted()
{
    auto r = readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    return r ? std::make_shared<const RunRecord>(std::move(*r)) : nullptr;
}

// A cell as the view shows it (through the op-type table's sorting proxy).
QVariant cell(const QTableView* t, int row, int column, int role = Qt::DisplayRole)
{
    return t->model()->index(row, column).data(role);
}

QString text(const QTableView* t, int row, int column)
{
    return cell(t, row, column).toString();
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
    QTableView* t = panel.table();
    // Hand-computed medians 12 (FP32) and 6 (INT8): B / A = 0.5; P95 26.6 and 7.75: 0.291...
    QCOMPARE(text(t, CompareStatsModel::MedianRow, CompareStatsModel::AColumn), QStringLiteral("12.00"));
    QCOMPARE(text(t, CompareStatsModel::MedianRow, CompareStatsModel::BColumn), QStringLiteral("6.000"));
    QCOMPARE(text(t, CompareStatsModel::MedianRow, CompareStatsModel::RatioColumn), QStringLiteral("0.500\u00d7"));
    QCOMPARE(cell(t, CompareStatsModel::P95Row, CompareStatsModel::RatioColumn, Qt::UserRole).toDouble(), 7.75 / 26.6);
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
    for (int r = 0; r < CompareStatsModel::RowCount; ++r) // every statistic explains itself
        QVERIFY2(!t->model()->headerData(r, Qt::Vertical, Qt::ToolTipRole).toString().isEmpty(),
            qPrintable(t->model()->headerData(r, Qt::Vertical).toString()));
}

void TestComparePanel::sameScenarioOnBothSides()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    runs.addRun(QStringLiteral("crafted_pair.json"), crafted());
    panel.choose(1, 0, 0);
    QCOMPARE(text(panel.table(), CompareStatsModel::MedianRow, CompareStatsModel::RatioColumn),
        QStringLiteral("1.000\u00d7"));
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
    QTableView* t = panel.opTypeTable();
    QCOMPARE(t->model()->rowCount(), 6);
    const QStringList names { QStringLiteral("Conv \u2192 ConvInteger"), QStringLiteral("Sigmoid"),
        QStringLiteral("DynamicQuantizeLinear"), QStringLiteral("Cast"), QStringLiteral("Mul"),
        QStringLiteral("All kernels") };
    for (int r = 0; r < names.size(); ++r)
        QCOMPARE(text(t, r, OpTypeComparisonModel::NameColumn), names[r]);
    QCOMPARE(text(t, 0, OpTypeComparisonModel::AColumn), QStringLiteral("9.000"));
    QCOMPARE(text(t, 0, OpTypeComparisonModel::BColumn), QStringLiteral("3.000"));
    QCOMPARE(text(t, 0, OpTypeComparisonModel::DeltaColumn), QStringLiteral("-6.000"));
    QCOMPARE(text(t, 0, OpTypeComparisonModel::RatioColumn), QStringLiteral("0.33\u00d7"));
    QCOMPARE(text(t, 1, OpTypeComparisonModel::BColumn), QStringLiteral("\u2013")); // no Sigmoid in INT8
    QCOMPARE(text(t, 2, OpTypeComparisonModel::DeltaColumn), QStringLiteral("+1.500"));
    QCOMPARE(text(t, 2, OpTypeComparisonModel::RatioColumn), QStringLiteral("\u2013"));
    QCOMPARE(text(t, 4, OpTypeComparisonModel::RatioColumn), QStringLiteral("1.00\u00d7"));
    QCOMPARE(text(t, 4, OpTypeComparisonModel::DeltaColumn), QStringLiteral("0.000")); // Mul 1 vs 1
    QCOMPARE(text(t, 5, OpTypeComparisonModel::DeltaColumn), QStringLiteral("-6.000"));
    QCOMPARE(cell(t, 5, OpTypeComparisonModel::RatioColumn, Qt::UserRole).toDouble(), 0.5);
    // Faster in B: green; the Mul row (no difference) keeps the default colour.
    QCOMPARE(cell(t, 0, OpTypeComparisonModel::DeltaColumn, Qt::ForegroundRole).value<QBrush>().color(),
        QColor(0x2b, 0x8a, 0x3e));
    QCOMPARE(cell(t, 2, OpTypeComparisonModel::DeltaColumn, Qt::ForegroundRole).value<QBrush>().color(),
        QColor(0xc9, 0x2a, 0x2a));
    QCOMPARE(cell(t, 4, OpTypeComparisonModel::DeltaColumn, Qt::ForegroundRole).value<QBrush>().style(), Qt::NoBrush);

    // Swapping the sides swaps the signs.
    panel.choose(0, 0, 1);
    panel.choose(1, 0, 0);
    QCOMPARE(text(t, 0, OpTypeComparisonModel::NameColumn), QStringLiteral("ConvInteger \u2192 Conv"));
    QCOMPARE(text(t, 0, OpTypeComparisonModel::DeltaColumn), QStringLiteral("+6.000"));
    QCOMPARE(text(t, 0, OpTypeComparisonModel::RatioColumn), QStringLiteral("3.00\u00d7"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
}

void TestComparePanel::opTypeTimesNeedBothProfiles()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    auto run = std::make_shared<RunRecord>(*crafted());
    run->scenarios[1].profile.reset();
    runs.addRun(QStringLiteral("crafted_pair.json"), run);
    QCOMPARE(panel.opTypeTable()->model()->rowCount(), 0);
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
    QTableView* t = panel.opTypeTable();
    const auto names = [t] {
        QStringList n;
        for (int r = 0; r < t->model()->rowCount(); ++r)
            n << text(t, r, OpTypeComparisonModel::NameColumn);
        return n;
    };
    const QString conv = QStringLiteral("Conv \u2192 ConvInteger");
    const QString dql = QStringLiteral("DynamicQuantizeLinear");
    const QString all = QStringLiteral("All kernels");
    // tests/data/runs/README.md: B (INT8) ms per run: ConvInteger 3, DQL 1.5, Mul 1, Cast 0.5, no Sigmoid.
    QHeaderView* header = t->horizontalHeader();
    emit header->sectionClicked(OpTypeComparisonModel::BColumn);
    QCOMPARE(names(),
        QStringList({ conv, dql, QStringLiteral("Mul"), QStringLiteral("Cast"), QStringLiteral("Sigmoid"),
            all })); // no time on B: last, not as zero
    QCOMPARE(text(t, 0, OpTypeComparisonModel::BColumn), QStringLiteral("3.000")); // cells move with the row
    QCOMPARE(text(t, 0, OpTypeComparisonModel::AColumn), QStringLiteral("9.000"));
    QCOMPARE(header->sortIndicatorSection(), int(OpTypeComparisonModel::BColumn));
    emit header->sectionClicked(OpTypeComparisonModel::BColumn); // again: reversed, the dash still last
    QCOMPARE(names(),
        QStringList({ QStringLiteral("Cast"), QStringLiteral("Mul"), dql, conv, QStringLiteral("Sigmoid"), all }));
    emit header->sectionClicked(OpTypeComparisonModel::NameColumn);
    QCOMPARE(names(),
        QStringList({ QStringLiteral("Cast"), conv, dql, QStringLiteral("Mul"), QStringLiteral("Sigmoid"), all }));
    // The order survives a change of sides, and -1 restores the largest difference first.
    panel.swapSides();
    QCOMPARE(text(t, 1, OpTypeComparisonModel::NameColumn), QStringLiteral("ConvInteger \u2192 Conv"));
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
    QCOMPARE(text(panel.table(), CompareStatsModel::MedianRow, CompareStatsModel::AColumn), QStringLiteral("6.000"));
    QCOMPARE(text(panel.table(), CompareStatsModel::MedianRow, CompareStatsModel::RatioColumn),
        QStringLiteral("2.000\u00d7"));
    QCOMPARE(
        text(panel.opTypeTable(), 0, OpTypeComparisonModel::NameColumn), QStringLiteral("ConvInteger \u2192 Conv"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
    QVERIFY2(panel.speedupText().contains(QStringLiteral("0.50\u00d7")), qPrintable(panel.speedupText()));
    panel.swapSides();
    QCOMPARE(text(panel.table(), CompareStatsModel::MedianRow, CompareStatsModel::AColumn), QStringLiteral("12.00"));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
}

void TestComparePanel::copiesTablesAsTabSeparatedText()
{
    RunListModel runs;
    ComparePanel panel(&runs);
    runs.addRun(QStringLiteral("crafted_pair.json"), crafted());
    QTableView* ops = panel.opTypeTable();
    // Nothing selected: the whole table, headers first.
    QStringList lines = ComparePanel::tableText(ops).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 7);
    QCOMPARE(lines[0], QStringLiteral("Op type\tA ms\tB ms\tB \u2212 A ms\tB / A"));
    QCOMPARE(lines[1], QStringLiteral("Conv \u2192 ConvInteger\t9.000\t3.000\t-6.000\t0.33\u00d7"));
    QCOMPARE(lines[6], QStringLiteral("All kernels\t12.00\t6.000\t-6.000\t0.50\u00d7"));
    // A selected row of the statistics table, with its row header; through the Ctrl+C action onto the clipboard.
    panel.table()->selectRow(CompareStatsModel::MedianRow);
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
    QSettings().remove(QStringLiteral("ComparePanel/columns"));
    RunListModel runs;
    QList<int> moved;
    {
        ComparePanel panel(&runs);
        panel.resize(1200, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* split = panel.findChild<QSplitter*>(QStringLiteral("compareSplitter"));
        QVERIFY(split);
        split->setSizes({ 400, 800 });
        moved = split->sizes();
        emit split->splitterMoved(300, 1); // what a drag of the handle emits
    }
    ComparePanel again(&runs);
    again.resize(1200, 400);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.findChild<QSplitter*>(QStringLiteral("compareSplitter"))->sizes(), moved);
    QSettings().remove(QStringLiteral("ComparePanel/columns"));
}

// Opening a damaged run file while a comparison is shown: the error names the file and the problem, and neither the
// run list nor the figures on screen change. The variants are what a crash mid-write, a hand edit or a disk error
// leave behind.
void TestComparePanel::corruptRunFileLeavesTheComparisonAlone()
{
    const QString good = QString::fromStdString((qs::test::testDataDir() / "runs" / "crafted_pair.json").string());
    QFile in(good);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray bytes = in.readAll();
    const QJsonObject doc = QJsonDocument::fromJson(bytes).object();
    QVERIFY(!doc.isEmpty());
    auto edited = [&doc](int scenario, const QString& key, const QJsonValue& value) {
        QJsonObject d = doc;
        QJsonArray scenarios = d[QStringLiteral("scenarios")].toArray();
        QJsonObject s = scenarios[scenario].toObject();
        s[key] = value;
        scenarios[scenario] = s;
        d[QStringLiteral("scenarios")] = scenarios;
        return QJsonDocument(d).toJson();
    };
    QJsonObject stats = doc[QStringLiteral("scenarios")].toArray()[1].toObject()[QStringLiteral("stats")].toObject();
    stats[QStringLiteral("p50Ms")] = 1.0; // a hand-"improved" median: the samples say 6
    struct Variant
    {
        QString file;
        QByteArray bytes;
        QString problem;
    };
    const QList<Variant> variants {
        { QStringLiteral("cut.json"), bytes.left(bytes.size() / 2), QStringLiteral("truncated JSON") },
        { QStringLiteral("noise.json"), QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16),
            QStringLiteral("malformed JSON") },
        { QStringLiteral("negative.json"), edited(0, QStringLiteral("latenciesMs"), QJsonArray { 10, -12, 11, 13, 30 }),
            QStringLiteral("scenarios[0].latenciesMs[1]: -12 ms is negative") },
        { QStringLiteral("median.json"), edited(1, QStringLiteral("stats"), stats),
            QStringLiteral("scenarios[1].stats.p50Ms: 1 but the median of the latencies is 6") },
        { QStringLiteral("type.json"), edited(0, QStringLiteral("threads"), QStringLiteral("one")),
            QStringLiteral("field 'threads' has the wrong type") },
    };

    RunsPanel runsPanel;
    ComparePanel panel(runsPanel.runList());
    QSignalSpy selected(&runsPanel, &RunsPanel::runSelected);
    runsPanel.openRunFiles({ good });
    QVERIFY(selected.wait(10000));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 30000);
    QTableView* t = panel.table();
    const QString ratio = text(t, CompareStatsModel::MedianRow, CompareStatsModel::RatioColumn);
    QCOMPARE(ratio, QStringLiteral("0.500\u00d7"));
    const QString speedup = panel.speedupText();
    const int opTypeRows = panel.opTypeTable()->model()->rowCount();

    QTemporaryDir dir;
    for (const Variant& v : variants) {
        const QString path = dir.filePath(v.file);
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(v.bytes);
        out.close();
        QSignalSpy failed(&runsPanel, &RunsPanel::runFileFailed);
        runsPanel.openRunFiles({ path });
        QVERIFY2(failed.wait(10000), qPrintable(v.file));
        const QString message = failed.at(0).at(1).toString();
        QVERIFY2(message.contains(v.file), qPrintable(message));
        QVERIFY2(message.contains(v.problem), qPrintable(message));
        QVERIFY(runsPanel.errorDialog());
        QVERIFY(runsPanel.errorDialog()->text().contains(path));
        // Nothing shown changed: one run listed, the same figures, no stale computation started.
        QCOMPARE(runsPanel.runList()->rowCount(), 1);
        QCOMPARE(text(t, CompareStatsModel::MedianRow, CompareStatsModel::RatioColumn), ratio);
        QCOMPARE(panel.speedupText(), speedup);
        QCOMPARE(panel.opTypeTable()->model()->rowCount(), opTypeRows);
    }
}

QS_UI_TEST_MAIN(TestComparePanel)
#include "tst_compare_panel.moc"
