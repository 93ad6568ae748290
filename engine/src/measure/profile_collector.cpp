// SPDX-License-Identifier: MIT
#include <quantscope/engine/model.h>
#include <quantscope/engine/profile_collector.h>

#include <algorithm>

namespace qs {

ProfileCollector::ProfileCollector(size_t nodeCount)
    : m_slots(nodeCount)
{ }

void ProfileCollector::reset()
{
    std::fill(m_slots.begin(), m_slots.end(), Slot {});
    m_runs = 0;
    m_current = kNoNode;
}

void ProfileCollector::beginNode(NodeId id) noexcept
{
    m_current = id;
    m_start = std::chrono::steady_clock::now();
}

void ProfileCollector::endNode(NodeId id) noexcept
{
    const auto now = std::chrono::steady_clock::now();
    if (id != m_current) // unmatched end: ignore rather than attribute time to the wrong node
        return;
    addSample(id, std::chrono::duration<double, std::milli>(now - m_start).count());
    m_current = kNoNode;
}

void ProfileCollector::setImplementation(NodeId id, std::string_view implementation, int32_t activationReorders)
{
    if (id < 0 || static_cast<size_t>(id) >= m_slots.size())
        return;
    m_slots[static_cast<size_t>(id)].activationReorders = activationReorders;
    std::string& impl = m_slots[static_cast<size_t>(id)].implementation;
    if (impl != implementation)
        impl.assign(implementation);
}

void ProfileCollector::addSample(NodeId id, double ms) noexcept
{
    if (id < 0 || static_cast<size_t>(id) >= m_slots.size())
        return;
    m_slots[static_cast<size_t>(id)].totalMs += ms;
    ++m_slots[static_cast<size_t>(id)].calls;
}

ProfileReport ProfileCollector::report(const Model& model) const
{
    ProfileReport r;
    r.source = "quantscope";
    r.runs = m_runs;
    const Graph& g = model.graph();
    for (size_t i = 0; i < m_slots.size() && i < g.nodes().size(); ++i) {
        if (m_slots[i].calls == 0)
            continue;
        NodeProfile n;
        const Node& node = g.nodes()[i];
        n.nodeName = node.name;
        n.opType = node.qualifiedOpType();
        n.nodeIndex = static_cast<int32_t>(i);
        n.calls = m_slots[i].calls;
        n.totalMs = m_slots[i].totalMs;
        n.implementation = m_slots[i].implementation;
        n.referenceKernel = isReferenceImplementation(n.implementation);
        n.activationReorders = m_slots[i].activationReorders;
        r.nodes.push_back(std::move(n));
    }
    finalizeProfile(r, &model);
    return r;
}

} // namespace qs
