// SPDX-License-Identifier: MIT
// The tables of the PDF report as data, in the UI language and locale: built from a run record before anything is
// laid out, so tests can ask what the report holds and the PDF builder only has to draw them.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace qs::ui {

struct ReportTable
{
    QString heading; ///< empty: the table continues the section above
    int level = 2; ///< heading level: 2 a section, 3 a subsection
    QString intro; ///< a sentence before the table
    QStringList header; ///< repeated on every page the table spans
    QList<QStringList> rows;
    QList<bool> numeric; ///< by column: right-aligned
    int boldLastRows = 0; ///< totals
    QString note; ///< a sentence after the table
    bool noteIsList = false; ///< each line of the note is an item of its own (scenarios that did not finish)
};

class ReportTables
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::ReportTables)

public:
    /// The summary page's key numbers: one row per INT8-vs-FP32 comparison (setting, both medians, speedup, interval,
    /// size ratio), or one per scenario when the run compares nothing.
    static ReportTable keyNumbers(const RunRecord& record);
    /// Everything after the charts, in order: latency, parity, preparation and memory, models, op counts, time per op
    /// type, FP32 vs quantized op-type time.
    static QList<ReportTable> details(const RunRecord& record);
    /// The machine in detail: CPU, cores, caches, instruction sets, OS, compiler, Quantscope and oneDNN builds.
    static ReportTable environment(const RunRecord& record);
    /// The scenario's status in the UI language.
    static QString statusText(ScenarioStatus status);
};

} // namespace qs::ui
