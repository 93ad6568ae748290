// SPDX-License-Identifier: MIT
// Latency histograms of several scenarios overlaid on one millisecond axis (the run file's own bins).
#pragma once

#include "chart_common.h"

#include <vector>

class QChart;

namespace qs::ui {

/// One translucent step area per scenario with samples. The bins are the engine's Freedman–Diaconis histogram
/// stored with each scenario; a scenario without one gets it computed from its latencies the same way. Runs beyond
/// the Tukey fences (1.5 IQR) are binned apart from the body and drawn as marked points (a QScatterSeries named
/// "outliers"), one per run; a logarithmic axis keeps a long tail and the body readable together.
QChart* makeLatencyHistogramChart(const std::vector<ChartScenario>& scenarios);

} // namespace qs::ui
