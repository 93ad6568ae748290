// SPDX-License-Identifier: MIT
// The graph's "Colour by: Verdict on target" overlay: every node of a target report coloured by its verdict (runs,
// falls back, no kernel, unknown, ...), the legend counting each, the tooltip giving the reason.
#pragma once

#include "metric_overlay.h"

#include <quantscope/engine/targets.h>

namespace qs::ui {

/// `title` names the target in the legend.
MetricOverlay targetVerdictOverlay(const TargetReport& report, const QString& title);

} // namespace qs::ui
