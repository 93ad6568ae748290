// SPDX-License-Identifier: MIT
// Box and whisker per scenario: box P25–P75 (the IQR), line at the median, whiskers at min and max.
#pragma once

#include "chart_common.h"

#include <vector>

class QChart;

namespace qs::ui {

/// Values come from each scenario's stored statistics (the engine's numpy-linear percentiles). The value axis
/// starts at 0 so the heights compare honestly.
QChart* makeLatencyBoxChart(const std::vector<ChartScenario>& scenarios);

} // namespace qs::ui
