// SPDX-License-Identifier: MIT
// Stacked horizontal bars, one bar per model or scenario and one segment per op type: the per-op-type time of
// profiled scenarios and the operator counts of the models.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QString>

#include <map>
#include <vector>

class QChart;

namespace qs::ui {

struct BreakdownBar
{
    QString label;
    std::map<std::string, double> values; ///< op type -> value
};

/// The `maxSegments` op types with the largest value in any bar get their own segment; the rest are summed into
/// "other". Bars keep their order, top to bottom.
QChart* makeBreakdownChart(
    const QString& title, const QString& unit, const std::vector<BreakdownBar>& bars, int maxSegments = 7);

/// Per-op-type mean time per run of the profiled scenarios; empty when none was profiled.
std::vector<BreakdownBar> opTimeBars(const std::vector<const ScenarioRecord*>& scenarios);
/// Node counts per op type of the models those scenarios ran (each model once).
std::vector<BreakdownBar> opCountBars(const RunRecord& record, const std::vector<const ScenarioRecord*>& scenarios);

} // namespace qs::ui
