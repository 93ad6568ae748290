// SPDX-License-Identifier: MIT
// Measured time per authored node of a profile, for the graph's tooltips, the Properties panel and the hotspots.
#pragma once

#include <quantscope/engine/graph.h>
#include <quantscope/engine/profile_report.h>

#include <QString>

#include <memory>
#include <optional>
#include <unordered_map>

namespace qs::ui {

struct NodeTime
{
    double meanMs = 0; ///< per run
    double share = 0; ///< of the profile's per-run total, 0..1
};

class NodeTimes
{
public:
    NodeTimes() = default;
    /// `label` names the run and scenario the profile came from ("FP32 · 1 thread · optimized").
    NodeTimes(std::shared_ptr<const ProfileReport> profile, QString label);

    bool isEmpty() const { return !m_profile; }
    const std::shared_ptr<const ProfileReport>& profile() const { return m_profile; }
    const QString& label() const { return m_label; }
    double totalMs() const { return m_profile ? m_profile->totalMs : 0.0; }
    std::optional<NodeTime> time(NodeId id) const;
    /// "0.123 ms per run · 4.5 % of the total": one line for a tooltip; empty without a profile.
    QString summary(NodeId id) const;

private:
    std::shared_ptr<const ProfileReport> m_profile;
    QString m_label;
    std::unordered_map<NodeId, NodeTime> m_times;
};

} // namespace qs::ui
