// SPDX-License-Identifier: MIT
// Graph layout by Graphviz `dot`: positions of node boxes and edge splines in scene coordinates (points, y down).
// Computed on a worker thread; the result is a plain value the scene turns into items on the GUI thread.
#pragma once

#include "node_classification.h"

#include <quantscope/engine/model.h>
#include <quantscope/engine/status.h>

#include <QPointF>
#include <QRectF>
#include <QString>

#include <atomic>
#include <optional>
#include <vector>

namespace qs::ui {

enum class LayoutDirection
{
    TopToBottom,
    LeftToRight
};

struct LayoutOptions
{
    LayoutDirection direction = LayoutDirection::TopToBottom;
    /// Hide QuantizeLinear/DequantizeLinear nodes and route their edges to the consumer, which gets a badge.
    bool collapseQdq = false;
    /// Fold Constant nodes and constant-only subgraphs (ConstantOfShape, Cast, Reshape ... of constants) into the
    /// node they feed, as initializers already are; the consumer gets a badge. Quantization nodes stay (collapseQdq).
    bool foldConstants = true;
    /// Lay the edges' element-type/shape labels out with Graphviz, so they overlap neither nodes nor each other.
    bool edgeLabels = false;
    bool operator==(const LayoutOptions&) const = default;
};

struct LayoutNode
{
    NodeId id = kNoNode;
    QRectF rect;
    int absorbedQdq = 0; ///< Q/DQ nodes collapsed into this one
    int absorbedConstants = 0; ///< constant-only nodes folded into this one
};

/// A graph input or output shown as a terminal box.
struct LayoutTerminal
{
    ValueId value = kNoValue;
    bool isInput = true;
    QRectF rect;
};

struct LayoutEdge
{
    ValueId value = kNoValue;
    NodeId producer = kNoNode; ///< kNoNode: from a graph-input terminal
    NodeId consumer = kNoNode; ///< kNoNode: to a graph-output terminal
    int32_t inputIndex = 0;
    std::vector<QPointF> bezier; ///< start point followed by triples of cubic control points
    QPointF arrowTip; ///< where the arrow head points (end of the line after the last bezier point)
    bool crossing = false; ///< float <-> integer domain crossing
    std::optional<QRectF> labelRect; ///< where Graphviz placed the shape label (LayoutOptions::edgeLabels)
};

struct GraphLayout
{
    LayoutOptions options;
    QRectF bounds;
    std::vector<LayoutNode> nodes;
    std::vector<LayoutTerminal> terminals;
    std::vector<LayoutEdge> edges;
    double milliseconds = 0.0; ///< time spent in Graphviz, for the status bar and the benchmark
};

/// Box size used for a node; the view draws with the same numbers so text fits.
QSizeF nodeBoxSize(const Node& node);

/// Lays out the main graph with Graphviz's dot in the quantscope-layout process (layout_process.h). `cancel` is polled
/// while it runs; when set, the process is killed and the result is Cancelled, so nothing waits for a stale layout.
Result<GraphLayout> computeGraphLayout(const Model& model, const NodeClassification& classification,
    const LayoutOptions& options, const std::atomic<bool>* cancel = nullptr);

} // namespace qs::ui
