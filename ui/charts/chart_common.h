// SPDX-License-Identifier: MIT
// What every run chart shares: the FP32/INT8 colours, a fresh styled chart, rendering to an image for reports.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QColor>
#include <QImage>
#include <QString>

#include <vector>

class QChart;

namespace qs::ui {

/// One scenario as a chart draws it: its samples and statistics, the name in the legend and its colour.
struct ChartScenario
{
    const ScenarioRecord* scenario = nullptr;
    QString name;
    QColor color;
};

/// The scenarios of one run with their model ids as names and the FP32/INT8 colours; those without samples are
/// left out.
std::vector<ChartScenario> chartScenarios(const RunRecord& record, const std::vector<const ScenarioRecord*>& scenarios);

/// FP32 scenarios are blue, quantized ones orange, everywhere (charts, tables, reports).
QColor scenarioColor(const RunRecord& record, const ScenarioRecord& scenario, int indexAmongSameKind = 0);
/// Distinct colours for stacked op-type segments; "other" is grey.
QColor seriesColor(int index);
QColor otherColor();

/// A chart with the look all run charts share (no animation: charts must be final when grabbed for a report).
QChart* makeStyledChart(const QString& title);

/// Renders `chart` (taking ownership) at `size` into an image, off screen. Call on the GUI thread.
QImage renderChartImage(QChart* chart, const QSize& size);

} // namespace qs::ui
