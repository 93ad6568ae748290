// SPDX-License-Identifier: MIT
// Colour key under the graph: node categories and edge kinds, or the active metric overlay's scale.
#pragma once

#include "metric_overlay.h"

#include <quantscope/engine/analysis.h>

#include <QLabel>

#include <map>

namespace qs::ui {

class LegendWidget : public QLabel
{
    Q_OBJECT
public:
    explicit LegendWidget(QWidget* parent = nullptr);

    /// Categories present in the shown graph get their counts; absent ones are listed greyed out.
    void setCategoryCounts(const std::map<NodeCategory, int>& counts, int crossingEdges);
    void setOverlay(const MetricOverlay& overlay);

private:
    void rebuild();

    std::map<NodeCategory, int> m_counts;
    int m_crossing = 0;
    MetricOverlay m_overlay;
};

} // namespace qs::ui
