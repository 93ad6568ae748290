// SPDX-License-Identifier: MIT
// The statistics the two statistics tables show as rows (the Results tab's ScenarioStatsModel, the Compare panel's
// CompareStatsModel) and their row labels, written and translated once so that the tables name a statistic alike.
#pragma once

#include <QString>

namespace qs::ui {

enum class Statistic
{
    Runs,
    Median,
    P95,
    Iqr,
    Mean,
    Stddev,
    Cv,
    Min,
    Max,
    P99,
    Fps,
    FirstRun,
    Prepare,
    PeakRss,
    Status,
};

/// The row label in the UI language ("Median ms", "First run ms").
QString statisticLabel(Statistic statistic);

} // namespace qs::ui
