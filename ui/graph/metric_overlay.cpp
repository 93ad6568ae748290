// SPDX-License-Identifier: MIT
#include "metric_overlay.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>

namespace qs::ui {

MetricOverlay::MetricOverlay(
    QString name, QString unit, std::unordered_map<NodeId, double> values, bool higherIsWorse, Scale scale)
    : m_name(std::move(name))
    , m_unit(std::move(unit))
    , m_higherIsWorse(higherIsWorse)
    , m_scale(scale)
{
    for (auto& [id, v] : values) {
        if (!std::isfinite(v) || (scale == Scale::Log && v <= 0.0))
            continue;
        if (m_values.empty()) {
            m_min = m_max = v;
        } else {
            m_min = std::min(m_min, v);
            m_max = std::max(m_max, v);
        }
        m_values.emplace(id, v);
    }
}

MetricOverlay MetricOverlay::fromProfile(const ProfileReport& report, ProfileMetric metric)
{
    std::unordered_map<NodeId, double> values;
    for (const NodeProfile& n : report.nodes)
        if (n.nodeIndex >= 0)
            values[n.nodeIndex] += metric == ProfileMetric::MeanTime ? n.meanMs : n.share * 100.0;
    const bool time = metric == ProfileMetric::MeanTime;
    // Marked for lupdate here, translated below: lupdate cannot read a literal chosen by a condition.
    const char* name = time ? QT_TRANSLATE_NOOP("qs::ui::MetricOverlay", "Mean time per run")
                            : QT_TRANSLATE_NOOP("qs::ui::MetricOverlay", "Share of the total time");
    return MetricOverlay(QCoreApplication::translate("qs::ui::MetricOverlay", name),
        time ? QStringLiteral("ms") : QStringLiteral("%"), std::move(values));
}

NodeId MetricOverlay::parityNode(const Graph& graph, const std::string& tensor)
{
    const auto value = graph.findValue(tensor);
    if (!value)
        return kNoNode;
    NodeId node = graph.producer(*value);
    if (node != kNoNode && graph.node(node).opType == "DequantizeLinear" && graph.node(node).input(0) != kNoValue) {
        const NodeId quantized = graph.producer(graph.node(node).input(0));
        if (quantized != kNoNode && graph.node(quantized).opType != "QuantizeLinear")
            node = quantized;
    }
    return node;
}

MetricOverlay MetricOverlay::fromParity(const ParityReport& report, const Graph& graph, bool candidate)
{
    std::unordered_map<NodeId, double> values;
    const auto add = [&](const std::string& tensor, double sqnr) {
        const NodeId node = parityNode(graph, tensor);
        if (node == kNoNode || !std::isfinite(sqnr))
            return;
        const auto [it, inserted] = values.emplace(node, sqnr);
        if (!inserted)
            it->second = std::min(it->second, sqnr);
    };
    for (const LayerParity& l : report.layers)
        add(candidate ? l.candidateTensor : l.referenceTensor, l.diff.sqnrDb);
    for (const OutputParity& o : report.outputs)
        add(candidate ? o.candidateName : o.name, o.diff.sqnrDb);
    return MetricOverlay(QCoreApplication::translate("qs::ui::MetricOverlay", "SQNR of the quantized model"),
        QStringLiteral("dB"), std::move(values), false);
}

MetricOverlay MetricOverlay::categorical(QString name, std::vector<Category> categories,
    std::unordered_map<NodeId, int> nodeCategory, std::unordered_map<NodeId, QString> notes)
{
    MetricOverlay o;
    o.m_name = std::move(name);
    o.m_categories = std::move(categories);
    for (Category& c : o.m_categories)
        c.count = 0;
    for (const auto& [id, index] : nodeCategory)
        if (index >= 0 && static_cast<size_t>(index) < o.m_categories.size()) {
            ++o.m_categories[static_cast<size_t>(index)].count;
            o.m_nodeCategory.emplace(id, index);
        }
    o.m_notes = std::move(notes);
    return o;
}

QString MetricOverlay::note(NodeId id) const
{
    const auto it = m_notes.find(id);
    return it == m_notes.end() ? QString() : it->second;
}

std::optional<double> MetricOverlay::value(NodeId id) const
{
    const auto it = m_values.find(id);
    if (it == m_values.end())
        return std::nullopt;
    return it->second;
}

QColor MetricOverlay::colorFor(NodeId id) const
{
    if (isCategorical()) {
        const auto it = m_nodeCategory.find(id);
        return it == m_nodeCategory.end() ? noDataColor() : m_categories[static_cast<size_t>(it->second)].color;
    }
    const auto v = value(id);
    if (!v)
        return noDataColor();
    double t = 1.0;
    if (m_max > m_min)
        t = m_scale == Scale::Log ? std::log(*v / m_min) / std::log(m_max / m_min) : (*v - m_min) / (m_max - m_min);
    if (!m_higherIsWorse)
        t = 1.0 - t;
    return rampColor(t);
}

QColor MetricOverlay::rampColor(double t)
{
    // ColorBrewer YlOrRd: perceptually ordered and readable for the common colour-vision deficiencies.
    static const std::array<QColor, 5> kStops { QColor(0xff, 0xff, 0xcc), QColor(0xfe, 0xd9, 0x76),
        QColor(0xfd, 0x8d, 0x3c), QColor(0xe3, 0x1a, 0x1c), QColor(0x80, 0x00, 0x26) };
    t = std::clamp(t, 0.0, 1.0) * static_cast<double>(kStops.size() - 1);
    const size_t i = std::min(static_cast<size_t>(t), kStops.size() - 2);
    const double f = t - static_cast<double>(i);
    const QColor& a = kStops[i];
    const QColor& b = kStops[i + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f),
        static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
        static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
}

QColor MetricOverlay::noDataColor()
{
    return QColor(0xf1, 0xf3, 0xf5);
}

} // namespace qs::ui
