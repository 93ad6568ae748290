// SPDX-License-Identifier: MIT
// If: each branch is prepared as a nested plan (its own kernels and arena) whose inputs are the outer-scope values
// it reads; run() executes the branch the condition selects and copies its outputs. With a condition known at
// preparation only that branch is prepared, and when its captured values are constant too the planner folds the
// whole If into constants.
#include "exec/run_guard.h"
#include "exec/session_kernels.h"
#include "exec/session_plan.h"
#include "exec/subgraph.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <set>

namespace qs {

namespace {

void collectCaptures(const Graph& g, std::set<std::string>& out)
{
    for (const Value& v : g.values())
        if (v.isOuterScope)
            out.insert(v.name);
    // Nested subgraphs may read names from further out, which this graph neither defines nor lists as captured.
    for (size_t i = 0; i < g.nodes().size(); ++i)
        for (const Graph* sub : g.subgraphs(NodeId(i))) {
            std::set<std::string> inner;
            collectCaptures(*sub, inner);
            for (const std::string& name : inner) {
                const auto id = g.findValue(name);
                const bool definedHere = id
                    && (g.value(*id).producer != kNoNode || g.value(*id).isGraphInput || g.value(*id).isConstant());
                if (!definedHere)
                    out.insert(name);
            }
        }
}

std::vector<std::string> capturesOf(const Graph& g)
{
    std::set<std::string> names;
    collectCaptures(g, names);
    return { names.begin(), names.end() };
}

const Graph* branchOf(const Node& node, std::string_view attr)
{
    const Attribute* a = node.attribute(attr);
    return a && a->type == AttributeType::Graph ? a->g.get() : nullptr;
}

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

/// Prepares one branch: a model whose graph is the branch with its captured values turned into inputs (constant
/// ones bound at preparation, so the branch folds what depends only on them).
Result<std::unique_ptr<SessionPlan>> prepareBranch(const Node& node, std::string_view attr,
    std::span<const std::string> names, std::span<const kernels::TensorDesc> captures, int threads, bool optimized,
    const Int8KernelOptions& int8)
{
    const Graph* branch = branchOf(node, attr);
    if (!branch)
        return err(node, StatusCode::InvalidModel, fmt::format("attribute {} is missing or not a graph", attr));
    auto model = std::make_shared<Model>();
    model->path = fmt::format("{}.{}", node.name, attr);
    Graph& g = model->mutableGraph();
    g = *branch;
    SessionOptions options;
    options.threads = threads;
    options.mode = optimized ? ExecutionMode::Optimized : ExecutionMode::AsWritten;
    options.int8 = int8;
    for (const std::string& name : capturesOf(*branch)) {
        const auto at = std::lower_bound(names.begin(), names.end(), name);
        if (at == names.end() || *at != name)
            return Status(
                StatusCode::Internal, fmt::format("node {}: capture '{}' not resolved", node.describe(), name));
        bindCapturedInput(g, options, name, captures[size_t(at - names.begin())]);
    }
    auto plan = buildNestedPlan(model, options, node, attr);
    if (!plan)
        return plan.status();
    if (!(*plan)->tailSteps.empty())
        return err(node, StatusCode::Unsupported,
            fmt::format("{}: data-dependent shapes inside a branch (node {}) are not supported yet", attr,
                (*plan)->graph().node((*plan)->tailSteps.front().anchor).describe()));
    return plan;
}

std::optional<bool> constantCondition(const kernels::TensorDesc& cond)
{
    if (!cond.constant || cond.elementCount() != 1)
        return std::nullopt;
    return cond.constant->valueAsDouble(0) != 0.0;
}

Status checkCondition(const Node& node, std::span<const kernels::TensorDesc> in)
{
    if (in.empty() || in[0].type != DataType::Bool || in[0].elementCount() != 1)
        return err(node, StatusCode::InvalidModel, "the condition must be a single bool");
    return Status::ok();
}

Status inferIf(const Node& node, std::span<const kernels::TensorDesc> in, std::vector<kernels::TensorDesc>& out)
{
    QS_RETURN_IF_ERROR(checkCondition(node, in));
    const std::vector<std::string> names = subgraphCaptures(node);
    const auto captures = in.subspan(node.inputs.size());
    if (captures.size() != names.size())
        return Status(StatusCode::Internal, fmt::format("node {}: captured values not supplied", node.describe()));
    for (size_t i = 0; i < names.size(); ++i)
        if (captures[i].type == DataType::Undefined)
            return err(node, StatusCode::Unsupported,
                fmt::format("outer-scope value '{}' is not a tensor computed before the node", names[i]));
    const auto cond = constantCondition(in[0]);
    std::vector<const SessionPlan*> plans;
    std::unique_ptr<SessionPlan> thenPlan, elsePlan;
    if (!cond || *cond) {
        QS_ASSIGN_OR_RETURN(thenPlan, prepareBranch(node, "then_branch", names, captures, 1, false, {}));
        plans.push_back(thenPlan.get());
    }
    if (!cond || !*cond) {
        QS_ASSIGN_OR_RETURN(elsePlan, prepareBranch(node, "else_branch", names, captures, 1, false, {}));
        plans.push_back(elsePlan.get());
    }
    for (const SessionPlan* p : plans)
        if (p->outputs.size() != out.size())
            return err(node, StatusCode::InvalidModel,
                fmt::format("a branch has {} outputs, the node {}", p->outputs.size(), out.size()));
    for (size_t o = 0; o < out.size(); ++o) {
        const IoInfo& first = plans[0]->outputs[o];
        for (const SessionPlan* p : plans)
            if (p->outputs[o].type != first.type || p->outputs[o].dims != first.dims)
                return err(node, StatusCode::Unsupported,
                    fmt::format("data-dependent shape: the branches give output {} as {}[{}] and {}[{}]", o,
                        dataTypeName(first.type), formatDims(first.dims), dataTypeName(p->outputs[o].type),
                        formatDims(p->outputs[o].dims)));
        out[o].type = first.type;
        out[o].dims = first.dims;
    }
    return Status::ok();
}

class IfKernel final : public kernels::Kernel
{
public:
    Status prepare(const kernels::KernelContext& ctx) override
    {
        const Node& node = ctx.node;
        QS_RETURN_IF_ERROR(checkCondition(node, ctx.inputs));
        m_names = subgraphCaptures(node);
        m_firstCapture = node.inputs.size();
        const auto captures = ctx.inputs.subspan(m_firstCapture);
        const auto cond = constantCondition(ctx.inputs[0]);
        m_constant = cond;
        const char* attrs[2] = { "then_branch", "else_branch" };
        for (int b = 0; b < 2; ++b) {
            if (cond && *cond != (b == 0))
                continue;
            QS_ASSIGN_OR_RETURN(m_branches[b].plan,
                prepareBranch(node, attrs[b], m_names, captures, ctx.threads, ctx.optimized, ctx.int8));
            Branch& br = m_branches[b];
            for (const IoInfo& io : br.plan->inputs) {
                const auto at = std::lower_bound(m_names.begin(), m_names.end(), io.name);
                br.inputSlots.push_back(m_firstCapture + size_t(at - m_names.begin()));
            }
            for (const IoInfo& io : br.plan->outputs)
                br.outputBytes.push_back(size_t(shapeElementCount(io.dims)) * dataTypeSize(io.type));
        }
        return Status::ok();
    }

    Status run(const kernels::KernelArgs& args) const override
    {
        const bool cond = m_constant ? *m_constant : *static_cast<const bool*>(args.inputs[0]);
        const Branch& br = m_branches[cond ? 0 : 1];
        SessionPlan& plan = *br.plan;
        std::vector<const void*> inputs(br.inputSlots.size());
        for (size_t i = 0; i < inputs.size(); ++i)
            inputs[i] = args.inputs[br.inputSlots[i]];
        for (const SessionPlan::InputPatch& p : plan.inputPatches)
            plan.steps[size_t(p.step)].inputPtrs[size_t(p.slot)] = inputs[size_t(p.input)];
        for (const Step& step : plan.steps) {
            if (runCancelled())
                return Status(StatusCode::Cancelled, "cancelled inside an If branch");
            void* scratch = step.scratchOffset >= 0 ? plan.arena.get() + step.scratchOffset : nullptr;
            if (Status st = step.kernel->run({ step.inputPtrs, step.outputPtrs, scratch }); !st)
                return st.withContext(
                    fmt::format("{}: node {}", plan.model->displayName(), plan.graph().node(step.anchor).describe()));
        }
        for (size_t o = 0; o < plan.outputs.size(); ++o) {
            const PlanValue& v = plan.values[size_t(plan.outputValues[o])];
            const void* src = nullptr;
            if (v.producerStep >= 0 || v.aliasOf >= 0) // as Session::run
                src = plan.arena.get() + v.arenaOffset;
            else if (v.graphInput >= 0)
                src = inputs[size_t(v.graphInput)];
            else if (v.desc.constant)
                src = v.desc.constant->rawData();
            if (br.outputBytes[o] && args.outputs[o]) {
                if (!src)
                    return Status(StatusCode::Internal, fmt::format("If branch output '{}' has no source", v.name));
                std::memcpy(args.outputs[o], src, br.outputBytes[o]);
            }
        }
        return Status::ok();
    }

    std::string implementation() const override { return m_constant ? "cpu:if(folded branch)" : "cpu:if"; }

private:
    struct Branch
    {
        std::unique_ptr<SessionPlan> plan;
        std::vector<size_t> inputSlots; ///< per nested plan input: the If step's input slot holding it
        std::vector<size_t> outputBytes;
    };
    std::vector<std::string> m_names;
    size_t m_firstCapture = 0;
    std::optional<bool> m_constant;
    Branch m_branches[2];
};

Status acceptIf(const Node& node, std::span<const kernels::TensorDesc>)
{
    if (!branchOf(node, "then_branch") || !branchOf(node, "else_branch"))
        return Status(StatusCode::Unsupported, "then_branch/else_branch missing");
    return Status::ok();
}

} // namespace

std::vector<std::string> subgraphCaptures(const Node& node)
{
    std::set<std::string> names;
    for (const Attribute& a : node.attributes) {
        if (a.type == AttributeType::Graph && a.g)
            for (std::string& n : capturesOf(*a.g))
                names.insert(std::move(n));
        for (const auto& g : a.graphs)
            if (g)
                for (std::string& n : capturesOf(*g))
                    names.insert(std::move(n));
    }
    return { names.begin(), names.end() };
}

void registerControlFlowKernels(kernels::KernelRegistry& r)
{
    r.add(kernels::KernelSpec { "", "If", 1, 0, inferIf,
        []() -> std::unique_ptr<kernels::Kernel> { return std::make_unique<IfKernel>(); }, acceptIf, kernels::kNoCaps,
        "cpu", "tensor outputs; branches as nested plans, one branch when the condition is constant" });
}

} // namespace qs
