// SPDX-License-Identifier: MIT
// The plan-walking and matching helpers every Optimized-mode rewrite shares (graph_rewrites.cpp lists the rewrites).
// The rewrites match on the step list rather than on the Graph because earlier rewrites have already fused steps:
// a step's anchor node alone no longer says what the step computes.
#pragma once

#include "exec/session_plan.h"

#include <array>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace qs {

/// Base of the rewrite passes: holds the plan and answers structural questions about its live (not removed) steps.
/// A pass derives from it in its own file and lives only for one call of its entry function.
class RewriteContext
{
public:
    explicit RewriteContext(SessionPlan& plan)
        : m_plan(plan)
    { }

protected:
    const Node& anchorNode(const Step& s) const { return m_plan.graph().node(s.anchor); }
    /// A step still holding exactly one standard-domain node of type `op` (not yet fused with anything).
    bool isOp(const Step& s, std::string_view op) const
    {
        const Node& n = anchorNode(s);
        return s.nodes.size() == 1 && n.domain.empty() && n.opType == op;
    }

    /// (step, input slot) pairs reading value `vid`, over live steps.
    std::vector<std::pair<size_t, size_t>> readers(int32_t vid) const;
    /// The single live reader of intermediate `vid` (step index), if it has exactly one and it reads it once.
    std::optional<size_t> soleReader(int32_t vid) const;
    /// The live step writing `vid`, or -1.
    int32_t producerIndex(int32_t vid) const;
    /// Neither a graph output nor read outside the step list, so a rewrite may make it disappear.
    bool isIntermediate(int32_t vid) const { return vid >= 0 && !m_plan.values[size_t(vid)].escapesSteps(); }
    const HostTensor* constantOf(int32_t vid) const
    {
        return vid >= 0 ? m_plan.values[size_t(vid)].desc.constant : nullptr;
    }
    /// For a two-input elementwise step reading `vid` once: the other input; else -1.
    int32_t otherInput(const Step& s, int32_t vid) const;
    /// The post-op a standalone Relu, LeakyRelu, Sigmoid, HardSwish or Clip (constant bounds) step computes.
    std::optional<kernels::PostOp> simpleActivation(const Step& t) const;

    /// The erf-GELU chain PyTorch exports after `y`: Div(y, c1) -> Erf -> Add(·, c2) -> Mul(y, ·) -> Mul(·, c3)
    /// (Add and Mul operands in either order); y is read by that Div and Mul only, every intermediate by its next op
    /// only, and c1..c3 are scalar float constants.
    struct ErfGeluChain
    {
        std::array<size_t, 5> steps {}; ///< Div, Erf, Add, Mul, Mul
        std::array<int32_t, 3> constants {}; ///< c1, c2, c3 (value ids)
        int32_t output = -1;
    };
    std::optional<ErfGeluChain> matchErfGelu(int32_t y) const;

    /// Moves `other`'s nodes into `into` (so the profiler attributes the fused kernel to every node it covers),
    /// makes `into` write `newOutput` and removes `other`.
    void absorb(Step& into, Step& other, int32_t newOutput);
    void absorbOptional(Step& into, std::optional<size_t> index);

    SessionPlan& m_plan;
};

} // namespace qs
