// SPDX-License-Identifier: MIT
// A per-node metric (time, share of time, SQNR, MACs, ...) mapped to colours, with the scale for a legend.
#pragma once

#include <quantscope/engine/graph.h>

#include <QColor>
#include <QString>

#include <optional>
#include <unordered_map>

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

    bool isEmpty() const { return m_values.empty(); }
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
};

} // namespace qs::ui
