// SPDX-License-Identifier: MIT
// Colours of node categories and edges: one palette shared by the graph, legend, operator table and chart.
#pragma once

#include <quantscope/engine/analysis.h>

#include <QColor>
#include <QString>

#include <vector>

namespace qs::ui {

struct CategoryStyle
{
    QColor fill;
    QColor accent; ///< border and accent bar; also the chart colour
};

CategoryStyle categoryStyle(NodeCategory category);
/// Translated display name ("Float compute", "DynamicQuantizeLinear", ...).
QString categoryDisplayName(NodeCategory category);
/// Compact name for tables ("Float", "Shape", "Q", "DQ", "DynQ", "QLinear", "Integer", "Control").
QString categoryShortName(NodeCategory category);
/// Every category in legend order.
const std::vector<NodeCategory>& allCategories();

QColor edgeColor();
QColor crossingEdgeColor();
QColor selectionColor();

} // namespace qs::ui
