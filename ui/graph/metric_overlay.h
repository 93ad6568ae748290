// SPDX-License-Identifier: MIT
// A per-node metric (time, share of time, SQNR, MACs, ...) mapped to colours, with the scale for a legend.
#pragma once

#include <quantscope/engine/graph.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/profile_report.h>

#include <QColor>
#include <QString>

#include <optional>
#include <unordered_map>
#include <vector>

namespace qs::ui {

class MetricOverlay
{
public:
    MetricOverlay() = default;
    /// `higherIsWorse` flips the ramp so "bad" is always the hot end (SQNR: low is bad).
    enum class Scale
    {
        Linear,
        Log
    }; ///< Log for quantities spanning decades (bytes, MACs); needs positive values
    MetricOverlay(QString name, QString unit, std::unordered_map<NodeId, double> values, bool higherIsWorse = true,
        Scale scale = Scale::Linear);

    enum class ProfileMetric
    {
        MeanTime,
        ShareOfTime
    };
    /// Per-node overlay from a profile (the engine's profiler or an imported ONNX Runtime profile). Nodes the
    /// runtime fused away or renamed (nodeIndex -1) have no authored node to colour and are left out.
    static MetricOverlay fromProfile(const ProfileReport& report, ProfileMetric metric);

    /// Per-node SQNR (dB) of a parity report on one of its two graphs (`candidate`: the quantized one): each node
    /// that computes a compared tensor (an intermediate layer or an output) gets that tensor's SQNR, the lowest when
    /// it computes several. Identical tensors (infinite SQNR) have no colour; low SQNR is the hot end.
    static MetricOverlay fromParity(const ParityReport& report, const Graph& graph, bool candidate);
    /// The node of `graph` that computes `tensor` for the parity overlay: its producer, or, when that is a
    /// DequantizeLinear (a QOperator file writes the float name there), the quantized op whose output it
    /// dequantizes. kNoNode when the graph has no such tensor.
    static NodeId parityNode(const Graph& graph, const std::string& tensor);

    /// A category of a categorical overlay (a verdict, say), with the number of nodes in it for the legend.
    struct Category
    {
        QString label;
        QColor color;
        int count = 0;
    };
    /// Colours nodes by category instead of a ramp: `nodeCategory` maps a node to an index into `categories`, and
    /// `notes` adds a line to a node's tooltip (why it is in its category). Nodes without a category get
    /// noDataColor(). The counts are computed here.
    static MetricOverlay categorical(QString name, std::vector<Category> categories,
        std::unordered_map<NodeId, int> nodeCategory, std::unordered_map<NodeId, QString> notes);

    bool isEmpty() const { return m_values.empty() && m_nodeCategory.empty(); }
    bool isCategorical() const { return !m_categories.empty(); }
    const std::vector<Category>& categories() const { return m_categories; }
    /// The tooltip line of a node in a categorical overlay; empty otherwise.
    QString note(NodeId id) const;
    const QString& name() const { return m_name; }
    const QString& unit() const { return m_unit; }
    double minimum() const { return m_min; }
    double maximum() const { return m_max; }
    bool higherIsWorse() const { return m_higherIsWorse; }
    Scale scale() const { return m_scale; }
    std::optional<double> value(NodeId id) const;
    /// Colour of a node: the ramp position of its value, or noDataColor() when it has none.
    QColor colorFor(NodeId id) const;
    /// Colour at normalised position t in [0, 1] of the ramp (0 = good/cold end).
    static QColor rampColor(double t);
    static QColor noDataColor();

private:
    QString m_name;
    QString m_unit;
    std::unordered_map<NodeId, double> m_values;
    double m_min = 0.0;
    double m_max = 0.0;
    bool m_higherIsWorse = true;
    Scale m_scale = Scale::Linear;
    std::vector<Category> m_categories;
    std::unordered_map<NodeId, int> m_nodeCategory;
    std::unordered_map<NodeId, QString> m_notes;
};

} // namespace qs::ui
