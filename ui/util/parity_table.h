// SPDX-License-Identifier: MIT
// Per-output parity verdicts as table rows, for the Results tab (a run file's parity array, a check made in the GUI)
// and the Parity panel: the same columns, numbers and pass/fail wording in both.
#pragma once

#include <quantscope/engine/parity.h>
#include <quantscope/engine/run_record.h>

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

class QTableWidget;

namespace qs::ui {

struct ParityRow
{
    QString model; ///< the quantized model
    QString reference; ///< what it was compared with
    QString output;
    std::optional<double> sqnrDb; ///< none: identical (when `identical`) or not measured
    bool identical = false;
    std::optional<double> cosine;
    double maxAbs = 0;
    double meanAbs = 0;
    std::optional<double> top1; ///< share of samples, 0..1
    std::optional<double> top5;
    std::optional<bool> pass;
    QString failures; ///< which thresholds failed, when known
};

class ParityTable
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::ParityTable)

public:
    enum Column
    {
        Model,
        Reference,
        Output,
        Sqnr,
        Cosine,
        MaxAbs,
        MeanAbs,
        Top1,
        Top5,
        Result,
        ColumnCount
    };

    static std::vector<ParityRow> rows(const RunRecord& run);
    static std::vector<ParityRow> rows(const ParityReport& report);
    /// Sets up `table` (headers, tooltips, read-only) once.
    static void setup(QTableWidget* table);
    /// Replaces the rows; a failed output's Result cell is red and says why in its tooltip.
    static void fill(QTableWidget* table, const std::vector<ParityRow>& rows);
    /// "Pass: SQNR ≥ 20 dB and cosine ≥ 0.99 over the outputs of the same inputs" for these thresholds.
    static QString ruleText(const ParityThresholds& thresholds);
};

} // namespace qs::ui
