// SPDX-License-Identifier: MIT
#include "node_times.h"

#include "util/metric_format.h"

#include <QCoreApplication>

namespace qs::ui {

NodeTimes::NodeTimes(std::shared_ptr<const ProfileReport> profile, QString label)
    : m_profile(std::move(profile))
    , m_label(std::move(label))
{
    if (!m_profile)
        return;
    // A node can appear more than once (a runtime splitting it into kernels): its time is the sum, as in the overlay.
    for (const NodeProfile& n : m_profile->nodes)
        if (n.nodeIndex >= 0) {
            NodeTime& t = m_times[n.nodeIndex];
            t.meanMs += n.meanMs;
            t.share += n.share;
        }
}

std::optional<NodeTime> NodeTimes::time(NodeId id) const
{
    const auto it = m_times.find(id);
    if (it == m_times.end())
        return std::nullopt;
    return it->second;
}

QString NodeTimes::summary(NodeId id) const
{
    if (!m_profile)
        return {};
    const auto t = time(id);
    if (!t)
        return QCoreApplication::translate("qs::ui::NodeTimes", "No time measured for this node in the profile");
    return QCoreApplication::translate("qs::ui::NodeTimes", "%1 per run \u00b7 %2 of the total")
        .arg(formatMilliseconds(t->meanMs), formatPercent(t->share * 100.0));
}

} // namespace qs::ui
