// SPDX-License-Identifier: MIT
// Runs the Graphviz layout in the quantscope-layout process (app/layout) and reads its answer. A process of its own
// because gvLayout can't be interrupted: a layout the GUI no longer needs is ended by killing the process, so a new
// load or the application's exit never waits for it.
#pragma once

#include <quantscope/engine/status.h>

#include <QPointF>
#include <QRectF>
#include <QString>

#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace qs::ui {

/// What quantscope-layout wrote: Graphviz coordinates (points, y up), node sizes in inches.
struct ProcessLayout
{
    QPointF lowerLeft;
    QPointF upperRight;
    struct Node
    {
        QPointF centre;
        double widthInches = 0;
        double heightInches = 0;
    };
    struct Edge
    {
        std::vector<QPointF> bezier; ///< the first spline: start point, then triples of control points
        bool hasArrowEnd = false;
        QPointF arrowEnd;
        std::optional<QRectF> label; ///< the label's centre (as topLeft) and size, when the edge had one
    };
    std::unordered_map<std::string, Node> nodes; ///< by DOT node name
    std::unordered_map<std::string, Edge> edges; ///< by the edge's "id" attribute
};

/// The quantscope-layout executable: $QS_LAYOUT_HELPER, else beside this program (the build tree), else
/// <program dir>/../libexec/quantscope (an installed tree). Empty when none is there.
QString layoutHelperPath();

/// Lays out `dot` (a graph in the DOT language) in a child process. `cancel` is polled every 50 ms: when it is set
/// the child is killed and the result is Cancelled. `displayName` names the model in error messages.
Result<ProcessLayout> runLayoutProcess(
    const std::string& dot, const std::string& displayName, const std::atomic<bool>* cancel);

/// Parses quantscope-layout's output (the format in app/layout/main.cpp).
Result<ProcessLayout> parseLayoutOutput(std::string_view text);

} // namespace qs::ui
