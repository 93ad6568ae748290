// SPDX-License-Identifier: MIT
// Operator count model (single and pair) against the README's documented counts, under QAbstractItemModelTester.
#include "models/op_count_model.h"
#include "panels/operators_panel.h"
#include "ui_test_main.h"
#include "workers/loaded_model.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

using namespace qs;
using namespace qs::ui;

class TestOpCountModel : public QObject
{
    Q_OBJECT
private slots:
    void singleModel();
    void pairShowsGrowth();
};

namespace {
const OpCountModel::Row* findRow(const OpCountModel& m, const QString& op)
{
    for (const auto& r : m.rows())
        if (r.opType == op)
            return &r;
    return nullptr;
}
} // namespace

void TestOpCountModel::singleModel()
{
    QS_REQUIRE_SHARED_MODEL(path, "yolov5nu_fp32_from_seed");
    OperatorsPanel panel;
    QAbstractItemModelTester sourceTester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(panel.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    LoadResult r;
    r.primary = *loadAndLayout(path, {});
    panel.setResult(r);
    const OpCountModel& m = *panel.model();
    QCOMPARE(m.columnCount(), 3);
    QCOMPARE(m.totalCount(), 262);
    // README: Conv 76, Sigmoid 70, Mul 70, Concat 19, Add 9, MaxPool 3, Resize 2.
    QCOMPARE(findRow(m, QStringLiteral("Conv"))->count, 76);
    QCOMPARE(findRow(m, QStringLiteral("Sigmoid"))->count, 70);
    QCOMPARE(findRow(m, QStringLiteral("Mul"))->count, 70);
    QCOMPARE(findRow(m, QStringLiteral("Concat"))->count, 19);
    QCOMPARE(findRow(m, QStringLiteral("MaxPool"))->count, 3);
    // Sorted by count, descending: Conv on top.
    panel.proxy()->sort(OpCountModel::CountColumn, Qt::DescendingOrder);
    QCOMPARE(panel.proxy()->index(0, OpCountModel::OpTypeColumn).data().toString(), QStringLiteral("Conv"));
    QCOMPARE(panel.proxy()->index(0, OpCountModel::CountColumn).data().toInt(), 76);
}

void TestOpCountModel::pairShowsGrowth()
{
    QS_REQUIRE_SHARED_MODEL(fp32, "yolov5nu_fp32_from_seed");
    QS_REQUIRE_SHARED_MODEL(int8, "yolov5nu_int8_dynamic_seed");
    OperatorsPanel panel;
    QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    LoadResult r;
    r.primary = *loadAndLayout(fp32, {});
    r.secondary = *loadAndLayout(int8, {});
    panel.setResult(r);
    const OpCountModel& m = *panel.model();
    QCOMPARE(m.columnCount(), 5);
    QVERIFY2(panel.totalsText().startsWith(QStringLiteral("262 \u2192 703 nodes")), qPrintable(panel.totalsText()));
    const auto* conv = findRow(m, QStringLiteral("Conv"));
    QCOMPARE(conv->count, 76);
    QCOMPARE(conv->pairCount, 0);
    const auto* convInt = findRow(m, QStringLiteral("ConvInteger"));
    QCOMPARE(convInt->count, 0);
    QCOMPARE(convInt->pairCount, 76);
    QVERIFY(m.data(m.index(static_cast<int>(convInt - m.rows().data()), 0), OpCountModel::IsBoundaryRole).toBool());
    QCOMPARE(findRow(m, QStringLiteral("DynamicQuantizeLinear"))->pairCount, 63);
    const QModelIndex change = m.index(static_cast<int>(convInt - m.rows().data()), OpCountModel::ChangeColumn);
    QCOMPARE(change.data().toString(), QStringLiteral("+76"));
    // The kind column is shown last, after the counts, so a narrow dock cuts it rather than the numbers.
    QHeaderView* header = panel.findChild<QTableView*>()->horizontalHeader();
    QCOMPARE(header->visualIndex(OpCountModel::CategoryColumn), 4);
    QCOMPARE(header->visualIndex(OpCountModel::PairCountColumn), 2);
}

QS_UI_TEST_MAIN(TestOpCountModel)
#include "tst_op_count_model.moc"
