// SPDX-License-Identifier: MIT
// Accumulates per-node kernel times over runs and turns them into a ProfileReport. The Session adapter's OpObserver
// (stepStarted/stepFinished) calls beginNode/endNode here; benchmarks call beginRun/endRun around each measured run.
// Not thread-safe: one collector per benchmarking thread, nodes timed one at a time (the executor's node loop).
#pragma once

#include <quantscope/engine/graph.h>
#include <quantscope/engine/profile_report.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

class Model;

class ProfileCollector
{
public:
    /// `nodeCount`: nodes of the model's main graph (NodeIds are indices).
    explicit ProfileCollector(size_t nodeCount);

    void reset(); ///< forget all samples and runs (called before the measured phase)
    void beginRun() noexcept { }
    void endRun() noexcept { ++m_runs; }

    /// Times one kernel with a steady clock. A fused kernel is reported under its first authored node.
    void beginNode(NodeId id) noexcept;
    void endNode(NodeId id) noexcept;
    /// The implementation the node's step ran (after the run: some primitives are created at the first one) and the
    /// activation reorders it makes per call (StepInfo::activationReorders).
    void setImplementation(NodeId id, std::string_view implementation, int32_t activationReorders = 0);
    /// Adds a measured duration directly (tests, or executors that time kernels themselves).
    void addSample(NodeId id, double ms) noexcept;

    int64_t runs() const noexcept { return m_runs; }

    /// Per-node and per-op-type report over the completed runs; nodes that never ran are left out.
    ProfileReport report(const Model& model) const;

private:
    struct Slot
    {
        double totalMs = 0;
        int64_t calls = 0;
        std::string implementation;
        int32_t activationReorders = 0;
    };
    std::vector<Slot> m_slots;
    int64_t m_runs = 0;
    NodeId m_current = kNoNode;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace qs
