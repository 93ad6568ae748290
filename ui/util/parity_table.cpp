// SPDX-License-Identifier: MIT
#include "parity_table.h"

#include "util/qt_convert.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QLocale>
#include <QTableWidget>

#include <cmath>

namespace qs::ui {

namespace {
QString general(double v)
{
    return QLocale().toString(v, 'g', 4);
}
QString percent(const std::optional<double>& share)
{
    return share ? formatDecimal(100 * *share, 0) + QStringLiteral(" %") : QStringLiteral("\u2013");
}
} // namespace

std::vector<ParityRow> ParityTable::rows(const RunRecord& run)
{
    std::vector<ParityRow> out;
    for (const ParityRecord& p : run.parity) {
        ParityRow r;
        r.model = toQString(p.modelId);
        r.reference = toQString(p.reference);
        r.output = toQString(p.output);
        r.sqnrDb = p.sqnrDb;
        // Since run file 1.2 an RMSE is always written; SQNR null beside it means the two were identical.
        r.identical = !p.sqnrDb && p.rmse && *p.rmse == 0;
        r.cosine = p.cosineSimilarity;
        r.maxAbs = p.maxAbsError;
        r.meanAbs = p.meanAbsError;
        r.top1 = p.top1Agreement;
        r.pass = p.pass;
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<ParityRow> ParityTable::rows(const ParityReport& report)
{
    std::vector<ParityRow> out;
    for (const OutputParity& o : report.outputs) {
        ParityRow r;
        r.model = toQString(report.candidateName);
        r.reference = toQString(report.referenceName);
        r.output = toQString(o.name);
        if (std::isfinite(o.diff.sqnrDb))
            r.sqnrDb = o.diff.sqnrDb;
        r.identical = std::isinf(o.diff.sqnrDb) && o.diff.sqnrDb > 0;
        r.cosine = o.diff.cosine;
        r.maxAbs = o.diff.maxAbs;
        r.meanAbs = o.diff.meanAbs;
        if (o.classes && o.classes->rows > 0) {
            r.top1 = double(o.classes->top1) / double(o.classes->rows);
            if (o.classes->hasTop5)
                r.top5 = double(o.classes->top5) / double(o.classes->rows);
        }
        r.pass = o.pass;
        // The engine's failure lines are English; the same checks, phrased here.
        const ParityThresholds& t = report.thresholds;
        QStringList why;
        if (o.diff.sqnrDb < t.minSqnrDb)
            why << tr("SQNR %1 dB < %2 dB").arg(formatDecimal(o.diff.sqnrDb, 1), formatDecimal(t.minSqnrDb, 0));
        if (o.diff.cosine < t.minCosine)
            why << tr("cosine %1 < %2").arg(formatDecimal(o.diff.cosine, 5), QLocale().toString(t.minCosine, 'g', 4));
        if (t.maxAbsTolerance && o.diff.maxAbs > *t.maxAbsTolerance)
            why << tr("max |\u0394| %1 > %2").arg(general(o.diff.maxAbs), general(*t.maxAbsTolerance));
        if (t.meanAbsTolerance && o.diff.meanAbs > *t.meanAbsTolerance)
            why << tr("mean |\u0394| %1 > %2").arg(general(o.diff.meanAbs), general(*t.meanAbsTolerance));
        r.failures = why.join(QStringLiteral("; "));
        out.push_back(std::move(r));
    }
    return out;
}

void ParityTable::setup(QTableWidget* table)
{
    table->setColumnCount(ColumnCount);
    table->setHorizontalHeaderLabels({ tr("Model"), tr("Reference"), tr("Output"), tr("SQNR"), tr("Cosine"),
        tr("Max |\u0394|"), tr("Mean |\u0394|"), tr("Top-1"), tr("Top-5"), tr("Result") });
    const std::pair<Column, const char*> tips[] = {
        { Sqnr,
            QT_TRANSLATE_NOOP("qs::ui::ParityTable",
                "Signal-to-quantization-noise ratio: 10\u00b7log10(\u03a3 reference\u00b2 / \u03a3 (reference "
                "\u2212 model)\u00b2); higher is better, scale-free") },
        { Cosine, QT_TRANSLATE_NOOP("qs::ui::ParityTable", "Cosine similarity of the two outputs; 1 is identical") },
        { MaxAbs, QT_TRANSLATE_NOOP("qs::ui::ParityTable", "Largest absolute difference of one element") },
        { MeanAbs, QT_TRANSLATE_NOOP("qs::ui::ParityTable", "Mean absolute difference over all elements") },
        { Top1,
            QT_TRANSLATE_NOOP(
                "qs::ui::ParityTable", "Classifier outputs: share of samples whose top class is the FP32 model's") },
        { Top5,
            QT_TRANSLATE_NOOP("qs::ui::ParityTable",
                "Classifier outputs: share of samples where the FP32 model's top class is among the five "
                "largest") },
        { Result, QT_TRANSLATE_NOOP("qs::ui::ParityTable", "Pass or fail against the thresholds stated below") },
    };
    for (const auto& [column, tip] : tips)
        table->horizontalHeaderItem(column)->setToolTip(tr(tip));
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(20);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The verdict beside the output's name, the numbers after it: in a narrow table it stays in view.
    table->horizontalHeader()->moveSection(Result, Output + 1);
    table->horizontalHeader()->setStretchLastSection(true);
}

void ParityTable::fill(QTableWidget* table, const std::vector<ParityRow>& rows)
{
    table->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) {
        const ParityRow& r = rows[size_t(i)];
        const QString dash = QStringLiteral("\u2013");
        const QString cells[ColumnCount] = { r.model, r.reference, r.output,
            r.sqnrDb ? tr("%1 dB").arg(formatDecimal(*r.sqnrDb, 1)) : (r.identical ? tr("identical") : dash),
            r.cosine ? formatDecimal(*r.cosine, 5) : dash, general(r.maxAbs), general(r.meanAbs), percent(r.top1),
            percent(r.top5), r.pass ? (*r.pass ? tr("pass") : tr("fail")) : dash };
        for (int c = 0; c < ColumnCount; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= Sqnr && c <= Top5)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(i, c, item);
        }
        QTableWidgetItem* result = table->item(i, Result);
        if (r.pass && !*r.pass) {
            result->setForeground(QColor(0xc9, 0x2a, 0x2a));
            QFont bold = result->font();
            bold.setBold(true);
            result->setFont(bold);
            result->setToolTip(r.failures.isEmpty() ? tr("Below the thresholds") : r.failures);
        } else if (r.pass) {
            result->setForeground(QColor(0x2b, 0x8a, 0x3e));
        }
    }
}

QString ParityTable::ruleText(const ParityThresholds& t)
{
    QString text = tr("Pass: SQNR \u2265 %1 dB and cosine \u2265 %2 for every output over the same inputs")
                       .arg(formatDecimal(t.minSqnrDb, 0), QLocale().toString(t.minCosine, 'g', 4));
    if (t.maxAbsTolerance)
        text += tr(", max |\u0394| \u2264 %1").arg(general(*t.maxAbsTolerance));
    if (t.meanAbsTolerance)
        text += tr(", mean |\u0394| \u2264 %1").arg(general(*t.meanAbsTolerance));
    return text + QLatin1Char('.');
}

} // namespace qs::ui
