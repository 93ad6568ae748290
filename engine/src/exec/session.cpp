// SPDX-License-Identifier: MIT
// Session: the facade over a SessionPlan, and the executor's node loop.
#include "exec/run_guard.h"
#include "exec/session_kernels.h"
#include "exec/session_plan.h"
#include "exec/thread_placement.h"

#include <quantscope/engine/printable.h>
#include <quantscope/engine/session.h>

#include <fmt/format.h>

#include <cstring>

namespace qs {

std::vector<SupportedOp> supportedOps()
{
    std::vector<SupportedOp> out;
    for (const kernels::KernelSpec& s : sessionKernels().all())
        out.push_back({ std::string(s.domain), std::string(s.opType), s.sinceVersion, s.untilVersion,
            std::string(s.implementation), std::string(s.notes) });
    return out;
}

namespace {

/// Some kernels create their oneDNN primitive (or pick their path) only at the first run: the plan then records the
/// implementation that actually ran (and its activation reorders), so that a reference kernel chosen late is not
/// hidden.
void refreshImplementation(SessionPlan& plan, size_t i)
{
    Step& step = plan.steps[i];
    step.activationReorders = step.kernel->activationReorders();
    plan.stepInfos[i].activationReorders = step.activationReorders;
    std::string impl = step.kernel->implementation();
    if (step.channelsPaired)
        impl += " paired";
    if (impl == step.implementation)
        return;
    step.implementation = std::move(impl);
    plan.stepInfos[i].implementation = step.implementation;
}

} // namespace

Session::Session(std::unique_ptr<SessionPlan> plan)
    : m_plan(std::move(plan))
{ }

Session::~Session() = default;

Result<std::unique_ptr<Session>> Session::create(
    std::shared_ptr<const Model> model, const SessionOptions& options, std::vector<UnsupportedNode>* unsupported)
{
    return create(std::move(model), options, RunControl {}, unsupported);
}

Result<std::unique_ptr<Session>> Session::create(std::shared_ptr<const Model> model, const SessionOptions& options,
    const RunControl& control, std::vector<UnsupportedNode>* unsupported)
{
    if (!model)
        return Status(StatusCode::InvalidArgument, "Session::create: no model");
    if (options.threads < 1)
        return Status(StatusCode::InvalidArgument, fmt::format("threads must be >= 1 (got {})", options.threads));
    // oneDNN may create primitives with the current thread count in mind; set it before preparing.
    setIntraOpThreads(options.threads);
    const std::string file = model->displayName();
    // Found by fuzz_executor, one kernel at a time (a DequantizeLinear without its scale, a CumSum without its
    // axis...).
    if (!model->schemaViolation.empty())
        return Status(StatusCode::InvalidModel,
            fmt::format("{}: {}; a model that breaks the ONNX schema can be inspected but not run", file,
                model->schemaViolation));
    std::unique_ptr<SessionPlan> plan;
    // The planner polls runCancelled() (run_guard.h), as subgraph plans and folded If/Scan bodies do.
    const RunScope scope(control);
    // Folding runs kernels at preparation: what they allocate is bounded like at run time.
    Status st = catchAllocationFailure([&] {
        auto built = buildPlan(std::move(model), options, unsupported);
        if (!built)
            return built.status();
        plan = std::move(*built);
        return Status::ok();
    });
    if (!st)
        return st.code() == StatusCode::OutOfMemory && !st.message().starts_with(file)
            ? st.withContext(fmt::format("{}: preparing", file))
            : st;
    return std::unique_ptr<Session>(new Session(std::move(plan)));
}

Result<std::vector<HostTensor>> Session::run(std::span<const HostTensor> inputs, const RunControl& control)
{
    const RunScope scope(control);
    Result<std::vector<HostTensor>> result = Status(StatusCode::Internal, "run did not finish");
    if (Status st = catchAllocationFailure([&] {
            result = runGuarded(inputs, control);
            return Status::ok();
        });
        !st)
        return st.withContext(fmt::format("{}: collecting the outputs", m_plan->model->displayName()));
    return result;
}

Result<std::vector<HostTensor>> Session::runGuarded(std::span<const HostTensor> inputs, const RunControl& control)
{
    SessionPlan& plan = *m_plan;
    const std::string file = plan.model->displayName();
    if (inputs.size() != plan.inputs.size())
        return Status(StatusCode::InvalidArgument,
            fmt::format("{}: {} input(s) given, the model takes {}", file, inputs.size(), plan.inputs.size()));
    for (size_t i = 0; i < inputs.size(); ++i) {
        const IoInfo& io = plan.inputs[i];
        if (inputs[i].dataType() != io.type || inputs[i].dims() != io.dims)
            return Status(StatusCode::InvalidArgument,
                fmt::format("{}: input {} is {}[{}], the session was prepared for {}[{}]", file, quotedName(io.name),
                    dataTypeName(inputs[i].dataType()), formatDims(inputs[i].dims()), dataTypeName(io.type),
                    formatDims(io.dims)));
    }
    for (const SessionPlan::InputPatch& p : plan.inputPatches)
        plan.steps[size_t(p.step)].inputPtrs[size_t(p.slot)] = inputs[size_t(p.input)].rawData();

    setIntraOpThreads(plan.options.threads);
    // The run's threads on distinct CPUs until it returns (thread_placement.h: on a busy machine a sleeping worker is
    // woken on the calling thread's CPU otherwise).
    const ThreadPlacementScope placement(plan.options.threads);
    const int64_t total = static_cast<int64_t>(plan.steps.size() + plan.tailSteps.size());
    if (control.observer)
        control.observer->runStarted(static_cast<int32_t>(total));
    for (size_t i = 0; i < plan.steps.size(); ++i) {
        if (control.cancelled())
            return Status(StatusCode::Cancelled, fmt::format("{}: cancelled after {} of {} steps", file, i, total));
        const Step& step = plan.steps[i];
        if (control.observer)
            control.observer->stepStarted(plan.stepInfos[i]);
        void* scratch = step.scratchOffset >= 0 ? plan.arena.get() + step.scratchOffset : nullptr;
        // A small step runs on one thread (stepThreads); the ICV is per calling thread, so only this run sees it.
        const bool ownThreads = step.threads != plan.options.threads;
        if (ownThreads)
            setIntraOpThreads(step.threads);
        Status st = catchAllocationFailure([&] {
            return step.kernel->run({ step.inputPtrs, step.outputPtrs, scratch });
        });
        if (ownThreads)
            setIntraOpThreads(plan.options.threads);
        if (!st)
            return st.withContext(fmt::format("{}: node {}", file, plan.graph().node(step.anchor).describe()));
        if (!plan.implementationsAfterRun)
            refreshImplementation(plan, i);
        if (control.observer)
            control.observer->stepFinished(plan.stepInfos[i]);
        if (control.progress)
            control.progress->progress(static_cast<int64_t>(i + 1), total);
    }
    std::vector<const void*> inputData(inputs.size());
    if (!plan.tailSteps.empty()) {
        for (size_t i = 0; i < inputs.size(); ++i)
            inputData[i] = inputs[i].rawData();
        QS_RETURN_IF_ERROR(runTailSteps(plan, inputData, control));
    }
    plan.implementationsAfterRun = true;
    if (control.observer)
        control.observer->runFinished();

    std::vector<HostTensor> outputs;
    outputs.reserve(plan.outputs.size());
    for (size_t o = 0; o < plan.outputs.size(); ++o) {
        const PlanValue& v = plan.values[size_t(plan.outputValues[o])];
        if (v.runTimeShape) {
            const HostTensor& t = plan.tailValues[size_t(plan.outputValues[o])];
            if (t.isEmpty())
                return Status(
                    StatusCode::Internal, fmt::format("{}: output {} was not computed", file, quotedName(v.name)));
            outputs.push_back(t.clone());
            continue;
        }
        HostTensor t(v.desc.type, v.desc.dims);
        const void* src = nullptr;
        if (v.producerStep >= 0 || v.aliasOf >= 0)
            src = plan.arena.get() + v.arenaOffset;
        else if (v.graphInput >= 0)
            src = inputs[size_t(v.graphInput)].rawData();
        else if (v.desc.constant)
            src = v.desc.constant->rawData();
        if (!src && t.byteSize())
            return Status(StatusCode::Internal, fmt::format("{}: output {} has no source", file, quotedName(v.name)));
        if (t.byteSize())
            std::memcpy(t.rawData(), src, t.byteSize());
        outputs.push_back(std::move(t));
    }
    plan.tailValues.clear(); // run-time shaped values are not kept between runs
    return outputs;
}

const std::vector<IoInfo>& Session::inputs() const noexcept
{
    return m_plan->inputs;
}
const std::vector<IoInfo>& Session::outputs() const noexcept
{
    return m_plan->outputs;
}
const SessionOptions& Session::options() const noexcept
{
    return m_plan->options;
}
const Model& Session::model() const noexcept
{
    return *m_plan->model;
}
std::span<const StepInfo> Session::steps() const noexcept
{
    return m_plan->stepInfos;
}
int64_t Session::peakArenaBytes() const noexcept
{
    return m_plan->arenaBytes;
}
int64_t Session::unsharedActivationBytes() const noexcept
{
    return m_plan->unsharedBytes;
}
const std::vector<NodeId>& Session::foldedNodes() const noexcept
{
    return m_plan->foldedNodes;
}

} // namespace qs
