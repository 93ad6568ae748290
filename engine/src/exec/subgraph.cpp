// SPDX-License-Identifier: MIT
#include "exec/subgraph.h"

#include "exec/run_guard.h"

#include <fmt/format.h>

#include <algorithm>

namespace qs {

void bindCapturedInput(Graph& g, SessionOptions& options, const std::string& name, const kernels::TensorDesc& desc)
{
    const ValueId id = g.getOrAddValue(name);
    Value& v = g.mutableValue(id);
    v.isOuterScope = false;
    v.isGraphInput = true;
    v.type = TensorType {};
    v.type.elementType = desc.type;
    g.addInput(id);
    if (desc.constant)
        options.constantInputs[name] = desc.constant->toTensor();
    else
        options.inputShapes[name] = desc.dims;
}

Result<std::unique_ptr<SessionPlan>> buildNestedPlan(
    std::shared_ptr<const Model> model, const SessionOptions& options, const Node& owner, std::string_view attr)
{
    std::vector<UnsupportedNode> unsupported;
    auto plan = buildPlan(std::move(model), options, &unsupported);
    if (plan)
        return plan;
    if (plan.status().code() != StatusCode::Unsupported)
        return plan.status().withContext(fmt::format("node {}", owner.describe()));
    std::string what = fmt::format("{}:", attr);
    for (const UnsupportedNode& u : unsupported)
        what += fmt::format(" {} ({});", u.description, u.reason);
    if (unsupported.empty())
        what += " " + plan.status().message();
    return Status(StatusCode::Unsupported, fmt::format("node {}: {}", owner.describe(), what));
}

Status Subgraph::prepare(const Node& node, std::string_view attr, std::span<const kernels::TensorDesc> formal,
    std::span<const kernels::TensorDesc> captures, int threads, bool optimized, const Int8KernelOptions& int8,
    bool allowRunTimeOutputs)
{
    const Attribute* a = node.attribute(attr);
    if (!a || a->type != AttributeType::Graph || !a->g)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: attribute {} is missing or not a graph", node.describe(), attr));
    const std::vector<std::string> names = subgraphCaptures(node);
    if (names.size() != captures.size())
        return Status(StatusCode::Internal, fmt::format("node {}: captured values not supplied", node.describe()));
    auto model = std::make_shared<Model>();
    model->path = fmt::format("{}.{}", node.name, attr);
    Graph& g = model->mutableGraph();
    g = *a->g;
    if (g.inputs().size() != formal.size())
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: {} has {} inputs, the node supplies {}", node.describe(), attr, g.inputs().size(),
                formal.size()));
    SessionOptions options;
    options.threads = threads;
    options.mode = optimized ? ExecutionMode::Optimized : ExecutionMode::AsWritten;
    options.int8 = int8;
    std::vector<std::string> formalNames;
    for (size_t i = 0; i < formal.size(); ++i) {
        Value& v = g.mutableValue(g.inputs()[i]);
        v.type = TensorType {};
        v.type.elementType = formal[i].type;
        formalNames.push_back(v.name);
        if (formal[i].constant)
            options.constantInputs[v.name] = formal[i].constant->toTensor();
        else
            options.inputShapes[v.name] = formal[i].dims;
    }
    for (size_t i = 0; i < names.size(); ++i) {
        const auto existing = g.findValue(names[i]);
        if (existing && g.value(*existing).isGraphInput)
            continue; // a formal input shadows the outer name
        const auto inside = g.findValue(names[i]);
        if (inside && !g.value(*inside).isOuterScope && g.value(*inside).producer != kNoNode)
            continue; // produced inside: a capture of a deeper subgraph only
        bindCapturedInput(g, options, names[i], captures[i]);
    }
    QS_ASSIGN_OR_RETURN(m_plan, buildNestedPlan(model, options, node, attr));
    for (size_t o = 0; o < m_plan->outputValues.size(); ++o)
        if (!allowRunTimeOutputs && m_plan->values[size_t(m_plan->outputValues[o])].runTimeShape)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: {} output '{}' has a data-dependent shape (not supported yet)", node.describe(),
                    attr, m_plan->outputs[o].name));
    m_formalCount = formal.size();
    m_inputSource.clear();
    for (const IoInfo& io : m_plan->inputs) {
        const auto f = std::find(formalNames.begin(), formalNames.end(), io.name);
        if (f != formalNames.end()) {
            m_inputSource.push_back(size_t(f - formalNames.begin()));
            continue;
        }
        const auto c = std::find(names.begin(), names.end(), io.name);
        if (c == names.end())
            return Status(StatusCode::Internal,
                fmt::format("node {}: {} input '{}' not resolved", node.describe(), attr, io.name));
        m_inputSource.push_back(m_formalCount + size_t(c - names.begin()));
    }
    m_inputs.assign(m_inputSource.size(), nullptr);
    return Status::ok();
}

const HostTensor* Subgraph::constantOutput(size_t o) const
{
    const PlanValue& v = m_plan->values[size_t(m_plan->outputValues[o])];
    return v.producerStep < 0 && v.aliasOf < 0 && v.graphInput < 0 ? v.desc.constant : nullptr;
}

Status Subgraph::run(std::span<const void* const> formal, std::span<const void* const> captures)
{
    SessionPlan& plan = *m_plan;
    for (size_t i = 0; i < m_inputSource.size(); ++i) {
        const size_t s = m_inputSource[i];
        m_inputs[i] = s < m_formalCount ? formal[s] : captures[s - m_formalCount];
    }
    for (const SessionPlan::InputPatch& p : plan.inputPatches)
        plan.steps[size_t(p.step)].inputPtrs[size_t(p.slot)] = m_inputs[size_t(p.input)];
    for (const Step& step : plan.steps) {
        // Every step of every iteration: a Loop of 10^15 iterations or a long body must stop on cancel.
        if (runCancelled())
            return Status(StatusCode::Cancelled, "cancelled inside a Loop/Scan body");
        void* scratch = step.scratchOffset >= 0 ? plan.arena.get() + step.scratchOffset : nullptr;
        if (Status st = step.kernel->run({ step.inputPtrs, step.outputPtrs, scratch }); !st)
            return st.withContext(
                fmt::format("{}: node {}", plan.model->displayName(), plan.graph().node(step.anchor).describe()));
    }
    if (!plan.tailSteps.empty())
        QS_RETURN_IF_ERROR(runTailSteps(plan, m_inputs, {}));
    return Status::ok();
}

const void* Subgraph::output(size_t o) const
{
    return valueData(*m_plan, m_plan->outputValues[o], m_inputs);
}

bool Subgraph::outputIsRunTime(size_t o) const
{
    return m_plan->values[size_t(m_plan->outputValues[o])].runTimeShape;
}

DataType Subgraph::outputType(size_t o) const
{
    const int32_t vid = m_plan->outputValues[o];
    return outputIsRunTime(o) ? m_plan->tailValues[size_t(vid)].dataType() : m_plan->outputs[o].type;
}

const std::vector<int64_t>& Subgraph::outputDims(size_t o) const
{
    const int32_t vid = m_plan->outputValues[o];
    return outputIsRunTime(o) ? m_plan->tailValues[size_t(vid)].dims() : m_plan->outputs[o].dims;
}

} // namespace qs
