// SPDX-License-Identifier: MIT
// A Loop or Scan body prepared once as a nested plan and run many times: its formal inputs are bound to static
// descriptions (types and extents; constant data folds), the outer-scope values it reads become further inputs.
#pragma once

#include "exec/session_plan.h"

#include <span>
#include <string_view>
#include <vector>

namespace qs {

/// Turns the outer-scope value `name` a nested graph reads into one of its inputs of `desc`'s type, bound in
/// `options` to its constant data (so the nested plan folds what depends only on it) or to its extents.
void bindCapturedInput(Graph& g, SessionOptions& options, const std::string& name, const kernels::TensorDesc& desc);

/// buildPlan for the graph of `owner`'s attribute `attr` (If branches, Loop/Scan bodies): an Unsupported status
/// names the owner, the attribute and every unsupported node inside.
Result<std::unique_ptr<SessionPlan>> buildNestedPlan(
    std::shared_ptr<const Model> model, const SessionOptions& options, const Node& owner, std::string_view attr);

class Subgraph
{
public:
    /// `formal` describes the body graph's inputs in order; `captures` the node's capture slots (subgraphCaptures
    /// order). Unsupported (naming the body's nodes) when the body cannot run or has run-time shaped outputs.
    /// With `allowRunTimeOutputs`, outputs whose extents the body decides at run time (run-time tail) are accepted;
    /// outputType()/outputDims() then tell their actual type and extents after each run.
    Status prepare(const Node& node, std::string_view attr, std::span<const kernels::TensorDesc> formal,
        std::span<const kernels::TensorDesc> captures, int threads, bool optimized, const Int8KernelOptions& int8,
        bool allowRunTimeOutputs = false);

    const std::vector<IoInfo>& outputs() const { return m_plan->outputs; }
    /// The constant an output folded to at preparation, if it did (a Loop body's condition that is always true).
    const HostTensor* constantOutput(size_t o) const;

    /// Runs the body; output(o) then points at output o until the next run.
    Status run(std::span<const void* const> formal, std::span<const void* const> captures);
    const void* output(size_t o) const;
    /// True when output o's extents are known only at run time; outputs()[o] then has -1 where unknown (or no dims).
    bool outputIsRunTime(size_t o) const;
    /// After run(): the actual type and extents of output o.
    DataType outputType(size_t o) const;
    const std::vector<int64_t>& outputDims(size_t o) const;

private:
    std::unique_ptr<SessionPlan> m_plan;
    /// Per nested plan input: its source, a formal index, or formal count + capture index.
    std::vector<size_t> m_inputSource;
    size_t m_formalCount = 0;
    std::vector<const void*> m_inputs;
};

} // namespace qs
