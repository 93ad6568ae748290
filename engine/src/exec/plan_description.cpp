// SPDX-License-Identifier: MIT
// describePlan() and its text form: the prepared step list as a user and a test can read and diff it.
#include "exec/session_plan.h"

#include <quantscope/engine/implementation_name.h>
#include <quantscope/engine/plan_description.h>
#include <quantscope/engine/session.h>

#include <fmt/format.h>

namespace qs {

namespace {

std::string layoutName(const kernels::TensorDesc& d)
{
    switch (d.layout) {
    case kernels::Layout::Plain:
        return "plain";
    case kernels::Layout::Nhwc:
        return "nhwc";
    case kernels::Layout::Blocked:
        return fmt::format("blocked{}c", kernels::blockedChannels());
    }
    return "?";
}

PlanTensor tensorOf(const SessionPlan& plan, int32_t vid)
{
    const PlanValue& v = plan.values[size_t(vid)];
    PlanTensor t;
    t.name = v.name;
    t.type = v.desc.type;
    t.dims = v.desc.dims;
    t.layout = layoutName(v.desc);
    if (v.runTimeShape)
        t.source = "tail";
    else if (v.desc.constant)
        t.source = "constant";
    else if (v.graphInput >= 0)
        t.source = "input";
    else
        t.source = "step";
    return t;
}

PlanStep stepOf(const SessionPlan& plan, const Step& step, int32_t index, bool tail)
{
    PlanStep s;
    s.index = index;
    s.opType = step.opType;
    for (NodeId n : step.nodes)
        s.nodes.push_back(plan.graph().node(n).describe());
    s.implementation = step.implementation;
    s.referenceKernel = isReferenceImplementation(step.implementation);
    s.activationReorders = step.activationReorders;
    s.threads = tail ? plan.options.threads : step.threads;
    for (int32_t vid : step.inputs)
        if (vid >= 0)
            s.inputs.push_back(tensorOf(plan, vid));
    for (int32_t vid : step.outputs)
        if (vid >= 0)
            s.outputs.push_back(tensorOf(plan, vid));
    s.runTimeTail = tail;
    s.passes.assign(step.passes.begin(), step.passes.end());
    return s;
}

std::string tensorText(const PlanTensor& t)
{
    std::vector<std::string> dims;
    for (int64_t d : t.dims)
        dims.push_back(d < 0 ? std::string("?") : std::to_string(d));
    std::string text = fmt::format("{} {}[{}] {}", t.name, dataTypeName(t.type), fmt::join(dims, "x"), t.layout);
    if (t.source != "step")
        text += fmt::format(" ({})", t.source);
    return text;
}

} // namespace

PlanDescription describePlan(const Session& session)
{
    const SessionPlan& plan = *session.m_plan;
    PlanDescription d;
    d.model = plan.model->displayName();
    d.mode = plan.options.mode;
    d.threads = plan.options.threads;
    for (size_t i = 0; i < plan.steps.size(); ++i)
        d.steps.push_back(stepOf(plan, plan.steps[i], int32_t(i), false));
    for (size_t i = 0; i < plan.tailSteps.size(); ++i)
        d.steps.push_back(stepOf(plan, plan.tailSteps[i], int32_t(plan.steps.size() + i), true));
    for (NodeId n : plan.foldedNodes)
        d.foldedNodes.push_back(plan.graph().node(n).describe());
    d.arenaBytes = plan.arenaBytes;
    d.afterRun = plan.implementationsAfterRun;
    for (const SessionPlan::FiredPass& p : plan.passesFired)
        d.passesFired.push_back({ std::string(p.name), p.steps });
    return d;
}

std::string planText(const PlanDescription& plan)
{
    std::string out = fmt::format("plan {} mode={} threads={} steps={} folded={} arena_bytes={}\n", plan.model,
        executionModeName(plan.mode), plan.threads, plan.steps.size(), plan.foldedNodes.size(), plan.arenaBytes);
    if (plan.afterRun)
        out += "kernels as they ran (re-read after the first run)\n";
    std::vector<std::string> reference;
    for (const PlanStep& s : plan.steps)
        if (s.referenceKernel)
            reference.push_back(fmt::format("#{} {}", s.index, s.nodes.empty() ? s.opType : s.nodes.front()));
    if (!reference.empty())
        out += fmt::format("reference kernels: {} step(s): {}\n", reference.size(), fmt::join(reference, ", "));
    int32_t reorders = 0, reorderSteps = 0;
    for (const PlanStep& s : plan.steps) {
        reorders += s.activationReorders;
        reorderSteps += s.activationReorders > 0;
    }
    if (reorders > 0)
        out += fmt::format("activation reorders: {} per run in {} step(s)\n", reorders, reorderSteps);
    if (!plan.passesFired.empty()) {
        std::vector<std::string> fired;
        for (const PlanDescription::FiredPass& p : plan.passesFired)
            fired.push_back(fmt::format("{} ({} steps)", p.name, p.steps));
        out += fmt::format("passes fired: {}\n", fmt::join(fired, ", "));
    }
    for (const PlanStep& s : plan.steps) {
        out += fmt::format("\n#{} {}{}\n", s.index, s.opType, s.runTimeTail ? " [run-time tail]" : "");
        out += fmt::format("  kernel: {}{}\n", s.implementation, s.referenceKernel ? "  [REFERENCE KERNEL]" : "");
        if (s.activationReorders > 0)
            out += fmt::format("  reorders: {} per run\n", s.activationReorders);
        if (s.threads != plan.threads)
            out += fmt::format("  threads: {} (a small step)\n", s.threads);
        out += fmt::format("  nodes: {}\n", fmt::join(s.nodes, ", "));
        if (!s.passes.empty())
            out += fmt::format("  passes: {}\n", fmt::join(s.passes, ", "));
        for (const PlanTensor& t : s.inputs)
            out += fmt::format("  in:  {}\n", tensorText(t));
        for (const PlanTensor& t : s.outputs)
            out += fmt::format("  out: {}\n", tensorText(t));
    }
    if (!plan.foldedNodes.empty())
        out += fmt::format("\nfolded: {}\n", fmt::join(plan.foldedNodes, ", "));
    return out;
}

} // namespace qs
