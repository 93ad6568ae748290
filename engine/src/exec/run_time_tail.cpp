// SPDX-License-Identifier: MIT
// The run-time tail of a plan: the steps downstream of a data-dependent output (NonZero, Compress, Unique). Their
// input extents are known only when the run reaches them, so each one is selected, shape-inferred and prepared
// then (and kept for later runs with the same extents and shape data), with outputs in tensors allocated per run.
// Everything else keeps its static plan and arena; the planner moves the tail after the static steps (valid,
// because static steps never read tail values) and keeps the static values the tail reads alive and plain
// (PlanValue::readByTail).
#include "exec/run_guard.h"
#include "exec/session_kernels.h"
#include "exec/session_plan.h"
#include "kernels/dynamic_output.h"

#include <quantscope/engine/printable.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <deque>

namespace qs {

using kernels::TensorDesc;

const void* valueData(const SessionPlan& plan, int32_t vid, std::span<const void* const> graphInputs)
{
    const PlanValue& v = plan.values[size_t(vid)];
    if (v.runTimeShape)
        return size_t(vid) < plan.tailValues.size() ? plan.tailValues[size_t(vid)].rawData() : nullptr;
    // A folded value may also have a step in As-written mode, but only the constant lives past that step's
    // readers: the tail does not pin constants (readByTail), so their arena slot may be reused before it runs.
    if (v.desc.constant)
        return v.desc.constant->rawData();
    if (v.producerStep >= 0 || v.aliasOf >= 0)
        return plan.arena.get() + v.arenaOffset;
    if (v.graphInput >= 0)
        return graphInputs[size_t(v.graphInput)];
    return nullptr;
}

namespace {

Status runTailStepsUnguarded(
    SessionPlan& plan, std::span<const void* const> graphInputs, const RunControl& control, size_t& cursor)
{
    const kernels::KernelRegistry& registry = sessionKernels();
    const std::string file = plan.model->displayName();
    plan.tailValues.clear();
    plan.tailValues.resize(plan.values.size());
    const size_t first = plan.steps.size();
    const int64_t total = int64_t(first + plan.tailSteps.size());
    for (size_t t = 0; t < plan.tailSteps.size(); ++t) {
        const size_t index = first + t;
        cursor = t;
        if (control.cancelled() || runCancelled())
            return Status(StatusCode::Cancelled, fmt::format("{}: cancelled after {} of {} steps", file, index, total));
        Step& step = plan.tailSteps[t];
        const Node& node = plan.graph().node(step.anchor);
        auto context = [&](const Status& st) {
            return st.withContext(fmt::format("{}: node {} (shapes known at run time)", file, node.describe()));
        };

        std::vector<TensorDesc> ins(step.inputs.size());
        std::vector<const void*> data(step.inputs.size(), nullptr);
        auto shapeData = std::make_unique<std::deque<HostTensor>>();
        // What the prepared kernel depends on: types, extents, and the data of what it sees as constants (plan
        // constants by address: they never change).
        std::string key;
        for (size_t s = 0; s < step.inputs.size(); ++s) {
            const int32_t vid = step.inputs[s];
            if (vid < 0)
                continue;
            const PlanValue& v = plan.values[size_t(vid)];
            data[s] = valueData(plan, vid, graphInputs);
            if (v.runTimeShape) {
                const HostTensor& h = plan.tailValues[size_t(vid)];
                if (h.isEmpty())
                    return Status(StatusCode::Internal,
                        fmt::format("{}: value {} read before it was computed", file, quotedName(v.name)));
                ins[s].type = h.dataType();
                ins[s].dims = h.dims();
            } else {
                ins[s] = v.desc;
                if (!data[s] && v.desc.elementCount() > 0)
                    return Status(
                        StatusCode::Internal, fmt::format("{}: value {} has no source", file, quotedName(v.name)));
            }
            key += fmt::format("{}:{}[{}]", s, int(ins[s].type), formatDims(ins[s].dims));
            if (ins[s].constant) {
                key += fmt::format("@{}", static_cast<const void*>(ins[s].constant));
            } else if (kernels::isShapeDataCandidate(ins[s].type, ins[s].elementCount())) {
                // Shape functions read small computed values (Reshape's shape, Slice's starts) as constants.
                HostTensor& copy = shapeData->emplace_back(ins[s].type, ins[s].dims);
                if (copy.byteSize())
                    std::memcpy(copy.rawData(), data[s], copy.byteSize());
                ins[s].constant = &copy;
                key += "=";
                key.append(static_cast<const char*>(copy.rawData()), copy.byteSize());
            }
            key += ";";
        }

        if (control.observer)
            control.observer->stepStarted(plan.stepInfos[index]);
        if (!step.kernel || step.tailKey != key) {
            step.kernel.reset();
            auto spec = registry.select(node, ins);
            if (!spec)
                return context(spec.status());
            std::vector<TensorDesc> outs(step.outputs.size());
            if (Status st = (*spec)->inferShapes(node, ins, outs); !st)
                return context(st);
            for (const TensorDesc& d : outs)
                if (d.type != DataType::Undefined && !kernels::hasRunTimeDims(d))
                    if (Status st = checkTensorAllocation(d.type, d.dims, "an output"); !st)
                        return context(st);
            std::unique_ptr<kernels::Kernel> kernel = (*spec)->create();
            kernels::KernelContext ctx { node, ins, outs, {}, plan.options.threads,
                plan.options.mode == ExecutionMode::Optimized, plan.options.int8 };
            if (Status st = kernel->prepare(ctx); !st)
                return context(st);
            for (TensorDesc& d : outs)
                d.constant = nullptr;
            step.kernel = std::move(kernel);
            step.tailKey = std::move(key);
            step.tailOutputs = std::move(outs);
            step.tailConstants = std::move(shapeData);
        }
        const kernels::Kernel* kernel = step.kernel.get();
        const std::vector<TensorDesc>& outs = step.tailOutputs;

        std::vector<HostTensor> results;
        if (std::any_of(outs.begin(), outs.end(), kernels::hasRunTimeDims)) {
            const auto* dynamic = dynamic_cast<const kernels::DynamicOutputKernel*>(kernel);
            if (!dynamic)
                return context(Status(StatusCode::Internal, "run-time extents from a kernel that cannot produce them"));
            if (Status st = dynamic->compute(ins, data, results); !st)
                return context(st);
        } else {
            std::vector<void*> outPtrs(outs.size(), nullptr);
            for (size_t s = 0; s < outs.size(); ++s) {
                if (step.outputs[s] < 0 || outs[s].type == DataType::Undefined) {
                    results.emplace_back();
                    continue;
                }
                results.emplace_back(outs[s].type, outs[s].dims);
                outPtrs[s] = results.back().rawData();
            }
            std::unique_ptr<std::byte[], void (*)(std::byte*)> scratch(
                kernel->scratchBytes() ? alignedAllocate(kernel->scratchBytes()) : nullptr, alignedFree);
            if (kernel->scratchBytes() && !scratch)
                return context(Status(StatusCode::OutOfMemory, "cannot allocate kernel scratch memory"));
            if (Status st = kernel->run({ data, outPtrs, scratch.get() }); !st)
                return context(st);
        }
        for (size_t s = 0; s < step.outputs.size() && s < results.size(); ++s)
            if (step.outputs[s] >= 0)
                plan.tailValues[size_t(step.outputs[s])] = std::move(results[s]);
        if (control.observer)
            control.observer->stepFinished(plan.stepInfos[index]);
        if (control.progress)
            control.progress->progress(int64_t(index + 1), total);
    }
    return Status::ok();
}

} // namespace

Status runTailSteps(SessionPlan& plan, std::span<const void* const> graphInputs, const RunControl& control)
{
    // Run-time extents come from data: what a tail step allocates is bounded (resource_limits.h) and a refusal
    // fails the run naming the step's node.
    size_t cursor = 0;
    Status st = catchAllocationFailure([&] { return runTailStepsUnguarded(plan, graphInputs, control, cursor); });
    if (st.code() == StatusCode::OutOfMemory && cursor < plan.tailSteps.size()
        && !st.message().starts_with(plan.model->displayName()))
        return st.withContext(fmt::format("{}: node {} (shapes known at run time)", plan.model->displayName(),
            plan.graph().node(plan.tailSteps[cursor].anchor).describe()));
    return st;
}

} // namespace qs
