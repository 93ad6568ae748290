// SPDX-License-Identifier: MIT
// Preparation: shape propagation through per-op shape functions, constant folding, kernel choice, memory plan.
#include "exec/run_guard.h"
#include "exec/session_kernels.h"
#include "exec/session_plan.h"
#include "kernels/dynamic_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace qs {

using kernels::KernelRegistry;
using kernels::KernelSpec;
using kernels::TensorDesc;

namespace {

/// Folding larger computations would trade preparation time and memory for little run time; shape subgraphs are
/// tiny, and weight transformations are rewritten explicitly (BatchNormalization folding).
constexpr int64_t kMaxFoldedElements = int64_t(1) << 20;

bool isQuantizationOp(const Node& node)
{
    // INT8 execution pattern-matches these around weights; folding them to float constants would hide the format.
    static const std::set<std::string, std::less<>> kOps { "QuantizeLinear", "DequantizeLinear",
        "DynamicQuantizeLinear" };
    return node.domain.empty() && kOps.count(node.opType);
}

bool isUnboundedOp(const Node& node);

/// A Loop anywhere in g, subgraphs included (isUnboundedOp looks into them).
bool containsLoop(const Graph& g)
{
    return std::any_of(g.nodes().begin(), g.nodes().end(), [](const Node& n) { return isUnboundedOp(n); });
}

/// A Loop's trip count and condition come from the file: folding one with constant inputs could run for ever inside
/// Session::create, where nothing can cancel it. It runs as a step (or in the tail), where cancel reaches it. The same
/// holds for an If or Scan whose branch or body holds a Loop at any depth: folding it runs the Loop (an If on a
/// constant condition over an endless Loop hung preparation in both modes).
bool isUnboundedOp(const Node& node)
{
    if (node.domain.empty() && node.opType == "Loop")
        return true;
    for (const Attribute& a : node.attributes) {
        if (a.type == AttributeType::Graph && a.g && containsLoop(*a.g))
            return true;
        if (a.type == AttributeType::Graphs)
            for (const auto& g : a.graphs)
                if (g && containsLoop(*g))
                    return true;
    }
    return false;
}

bool isShapeOnlyOp(const Node& node)
{
    return node.domain.empty() && (node.opType == "Shape" || node.opType == "Size");
}

Status runKernelNow(const Node& node, const KernelSpec& spec, std::span<const TensorDesc> ins,
    std::span<const TensorDesc> outs, std::vector<HostTensor>& results)
{
    std::unique_ptr<kernels::Kernel> kernel = spec.create();
    kernels::KernelContext ctx { node, ins, outs, {}, 1 };
    QS_RETURN_IF_ERROR(kernel->prepare(ctx));
    std::vector<const void*> inPtrs(ins.size(), nullptr);
    std::vector<HostTensor> dummyInputs; // shape-only ops: inputs are not constant, the kernel reads only shapes
    for (size_t i = 0; i < ins.size(); ++i) {
        if (ins[i].constant)
            inPtrs[i] = ins[i].constant->rawData();
    }
    results.clear();
    if (std::any_of(outs.begin(), outs.end(), kernels::hasRunTimeDims)) {
        const auto* dynamic = dynamic_cast<const kernels::DynamicOutputKernel*>(kernel.get());
        if (!dynamic)
            return Status(StatusCode::Internal,
                fmt::format("node {}: run-time extents from a kernel that cannot produce them", node.describe()));
        return dynamic->compute(ins, inPtrs, results);
    }
    std::vector<void*> outPtrs(outs.size(), nullptr);
    for (size_t i = 0; i < outs.size(); ++i) {
        if (outs[i].type == DataType::Undefined) {
            results.emplace_back();
            continue;
        }
        results.emplace_back(outs[i].type, outs[i].dims);
        outPtrs[i] = results.back().rawData();
    }
    std::unique_ptr<std::byte[], void (*)(std::byte*)> scratch(
        kernel->scratchBytes() ? alignedAllocate(kernel->scratchBytes()) : nullptr, alignedFree);
    return kernel->run({ inPtrs, outPtrs, scratch.get() });
}

/// The shape-function convention for shapes that depend on non-constant input data (kernels/README.md).
bool isDataDependentShape(const Status& st)
{
    return st.message().find("data-dependent") != std::string::npos;
}

/// Whether the run-time tail could resolve a data-dependent shape: it hands small numeric inputs to shape functions
/// as constants (run_time_tail.cpp), so at least one non-constant input must be such.
bool tailCanResolve(std::span<const TensorDesc> ins)
{
    return std::any_of(ins.begin(), ins.end(),
        [](const TensorDesc& d) { return !d.constant && kernels::isShapeDataCandidate(d.type, d.elementCount()); });
}

/// The Status of a preparation stopped by the caller's cancel (Session::create's RunControl, through the run scope).
Status preparationCancelled(const std::string& file, std::string_view where)
{
    return Status(StatusCode::Cancelled, fmt::format("{}: preparation cancelled {}", file, where));
}

std::string unsupportedMessage(const Model& model, const std::vector<UnsupportedNode>& bad)
{
    std::set<std::string> kinds;
    for (const UnsupportedNode& u : bad)
        kinds.insert(u.qualifiedOpType);
    std::string msg
        = fmt::format("{}: {} node(s) cannot run ({}):", model.displayName(), bad.size(), fmt::join(kinds, ", "));
    for (const UnsupportedNode& u : bad)
        msg += fmt::format("\n  node {} [opset {}]: {}", u.description, u.opsetVersion, u.reason);
    return msg;
}

} // namespace

int32_t SessionPlan::addConstant(std::string name, HostTensor tensor)
{
    constants.push_back(std::move(tensor));
    PlanValue v;
    v.name = std::move(name);
    v.known = true;
    v.desc.type = constants.back().dataType();
    v.desc.dims = constants.back().dims();
    v.desc.constant = &constants.back();
    values.push_back(std::move(v));
    return static_cast<int32_t>(values.size() - 1);
}

Result<std::unique_ptr<SessionPlan>> buildPlan(
    std::shared_ptr<const Model> model, const SessionOptions& options, std::vector<UnsupportedNode>* unsupported)
{
    auto plan = std::make_unique<SessionPlan>();
    plan->model = model;
    plan->options = options;
    const Graph& g = model->graph();
    const std::string file = model->displayName();

    plan->values.resize(g.values().size());
    for (size_t i = 0; i < g.values().size(); ++i) {
        const Value& gv = g.values()[i];
        PlanValue& v = plan->values[i];
        v.name = gv.name;
        if (gv.isConstant()) {
            auto host = HostTensor::fromTensor(g.initializers()[static_cast<size_t>(gv.initializer)]);
            if (!host)
                return host.status().withContext(fmt::format("{}: initializer '{}'", file, gv.name));
            plan->constants.push_back(std::move(host).value());
            v.known = true;
            v.desc.type = plan->constants.back().dataType();
            v.desc.dims = plan->constants.back().dims();
            v.desc.constant = &plan->constants.back();
        }
    }

    std::set<std::string> boundNames;
    for (ValueId id : g.inputs()) {
        PlanValue& v = plan->values[static_cast<size_t>(id)];
        const Value& gv = g.value(id);
        if (auto it = options.constantInputs.find(gv.name); it != options.constantInputs.end()) {
            auto host = HostTensor::fromTensor(it->second);
            if (!host)
                return host.status().withContext(fmt::format("{}: constant input '{}'", file, gv.name));
            if (gv.type.elementType != DataType::Undefined && host->dataType() != gv.type.elementType)
                return Status(StatusCode::InvalidArgument,
                    fmt::format("{}: constant input '{}' is {}, the model declares {}", file, gv.name,
                        dataTypeName(host->dataType()), dataTypeName(gv.type.elementType)));
            plan->constants.push_back(std::move(host).value());
            v.known = true;
            v.desc.type = plan->constants.back().dataType();
            v.desc.dims = plan->constants.back().dims();
            v.desc.constant = &plan->constants.back();
            boundNames.insert(gv.name);
            continue;
        }
        IoInfo io;
        io.name = gv.name;
        io.type = gv.type.elementType;
        if (auto it = options.inputShapes.find(gv.name); it != options.inputShapes.end()) {
            io.dims = it->second;
            boundNames.insert(gv.name);
            if (gv.type.hasShape && gv.type.dims.size() != io.dims.size())
                return Status(StatusCode::InvalidArgument,
                    fmt::format("{}: input '{}' has rank {}, but the shape given has rank {}", file, gv.name,
                        gv.type.dims.size(), io.dims.size()));
        } else if (auto dims = gv.type.knownDims()) {
            io.dims = *dims;
        } else {
            return Status(StatusCode::InvalidArgument,
                fmt::format("{}: input '{}' has free or unknown dimensions ({}); give a concrete shape", file, gv.name,
                    gv.type.toString()));
        }
        if (dataTypeSize(io.type) == 0)
            return Status(StatusCode::Unsupported,
                fmt::format("{}: input '{}' has element type {}", file, gv.name, dataTypeName(io.type)));
        v.known = true;
        v.desc.type = io.type;
        v.desc.dims = io.dims;
        v.graphInput = static_cast<int32_t>(plan->inputs.size());
        plan->inputs.push_back(io);
        plan->inputValues.push_back(id);
    }
    for (const auto& [name, tensor] : options.constantInputs)
        if (!boundNames.count(name))
            return Status(StatusCode::InvalidArgument,
                fmt::format("{}: a value was given for '{}', which is not an input of the model", file, name));
    for (const auto& [name, dims] : options.inputShapes)
        if (!boundNames.count(name))
            return Status(StatusCode::InvalidArgument,
                fmt::format("{}: a shape was given for '{}', which is not an input of the model", file, name));

    // Shape propagation in topological order; unsupported nodes are collected, not fatal, so that every one of them
    // is reported at once. Values downstream of an unsupported node stay unknown.
    const KernelRegistry& registry = sessionKernels();
    std::vector<UnsupportedNode> bad;
    for (NodeId id : g.topologicalOrder()) {
        const Node& node = g.node(id);
        if (runCancelled())
            return preparationCancelled(file, fmt::format("at node {} (shapes and constants)", node.describe()));
        auto report = [&](std::string reason) {
            bad.push_back({ id, node.describe(), node.qualifiedOpType(), node.opsetVersion, std::move(reason) });
        };
        // Control flow: outer-scope values the subgraphs read become extra input slots after the authored ones.
        std::vector<ValueId> slotValues(node.inputs.begin(), node.inputs.end());
        if (!g.subgraphs(id).empty()) {
            for (const std::string& name : subgraphCaptures(node)) {
                const auto vid = g.findValue(name);
                slotValues.push_back(vid ? *vid : kNoValue);
            }
        }
        std::vector<TensorDesc> ins(slotValues.size());
        bool allKnown = true;
        bool allConstant = true;
        bool readsRunTimeShape = false;
        for (size_t s = 0; s < slotValues.size(); ++s) {
            const ValueId vid = slotValues[s];
            if (vid == kNoValue)
                continue;
            const PlanValue& v = plan->values[static_cast<size_t>(vid)];
            if (!v.known) {
                allKnown = false;
                continue;
            }
            ins[s] = v.desc;
            allConstant = allConstant && v.desc.constant;
            readsRunTimeShape = readsRunTimeShape || v.runTimeShape;
        }
        const bool hasKernel = !registry.candidates(node.domain, node.opType, node.opsetVersion).empty();
        // Every operator has an output; the shape functions write outputs[0] (the executor fuzzer found a Conv with
        // none, which the loader accepts as it skips shape inference for schema violations).
        if (node.outputs.empty()) {
            report("the node has no outputs");
            continue;
        }
        if (!allKnown || (readsRunTimeShape && !hasKernel)) {
            if (!hasKernel)
                report(registry.knowsOp(node.domain, node.opType)
                        ? fmt::format("opset {} not supported (supported: {})", node.opsetVersion,
                            registry.opsetRanges(node.domain, node.opType))
                        : std::string("no kernel for this operator"));
            continue;
        }
        auto makeStep = [&](const KernelSpec* spec) {
            Step step;
            step.anchor = id;
            step.nodes = { id };
            step.opType = node.qualifiedOpType();
            step.inputs.assign(slotValues.begin(), slotValues.end());
            step.outputs.assign(node.outputs.begin(), node.outputs.end());
            step.spec = spec;
            return step;
        };
        // Reads a value whose extents are known only at run time: kernel choice and shapes wait for the run, and
        // the outputs are run-time shaped too (types as the model declares them, where it does).
        auto deferToTail = [&](const KernelSpec* spec, const std::vector<TensorDesc>* outs) {
            for (size_t s = 0; s < node.outputs.size(); ++s) {
                const ValueId vid = node.outputs[s];
                if (vid == kNoValue)
                    continue;
                PlanValue& v = plan->values[static_cast<size_t>(vid)];
                v.known = true;
                v.runTimeShape = true;
                if (outs) {
                    v.desc = (*outs)[s];
                    v.desc.constant = nullptr;
                } else {
                    const TensorType& declared = g.value(vid).type;
                    v.desc.type = declared.elementType;
                    v.desc.dims.clear();
                    if (declared.hasShape)
                        v.desc.dims.assign(declared.dims.size(), kernels::kRunTimeDim);
                }
            }
            plan->tailSteps.push_back(makeStep(spec));
        };
        if (readsRunTimeShape) {
            deferToTail(nullptr, nullptr);
            continue;
        }
        auto spec = registry.select(node, ins);
        if (!spec) {
            report(spec.status().message());
            continue;
        }
        std::vector<TensorDesc> outs(node.outputs.size());
        if (Status st = (*spec)->inferShapes(node, ins, outs); !st) {
            if (st.code() == StatusCode::Unsupported) {
                // Shapes that depend on small computed values (Slice's starts from a Loop's iteration number, a
                // Reshape target computed from data): the tail sees those values at run time.
                if (isDataDependentShape(st) && tailCanResolve(ins)) {
                    deferToTail(*spec, nullptr);
                    continue;
                }
                report(st.message());
                continue;
            }
            return st.withContext(file);
        }
        for (size_t s = 0; s < node.outputs.size(); ++s)
            if (node.outputs[s] == kNoValue)
                outs[s].type = DataType::Undefined;
        // Shapes come from the file: refuse a tensor beyond the memory limit before anything allocates it.
        for (const TensorDesc& d : outs)
            if (d.type != DataType::Undefined && !kernels::hasRunTimeDims(d))
                if (Status st = checkTensorAllocation(d.type, d.dims, "an output"); !st)
                    return st.withContext(fmt::format("{}: node {}", file, node.describe()));
        // A data-dependent output (NonZero, Compress, Unique): folded below when the inputs are constant, else
        // computed at run time.
        const bool runTimeOutputs = std::any_of(outs.begin(), outs.end(), kernels::hasRunTimeDims);
        if (runTimeOutputs && (!allConstant || isUnboundedOp(node))) {
            deferToTail(*spec, &outs);
            continue;
        }

        const bool foldable = !isQuantizationOp(node) && !isUnboundedOp(node)
            && (isShapeOnlyOp(node) || (allConstant && std::all_of(outs.begin(), outs.end(), [](const TensorDesc& d) {
                   return d.elementCount() <= kMaxFoldedElements;
               })));
        std::vector<HostTensor> results;
        if (foldable) {
            if (Status st = runKernelNow(node, **spec, ins, outs, results); !st)
                return st.withContext(fmt::format("{}: folding node {}", file, node.describe()));
            plan->foldedNodes.push_back(id);
        }
        for (size_t s = 0; s < node.outputs.size(); ++s) {
            const ValueId vid = node.outputs[s];
            if (vid == kNoValue)
                continue;
            PlanValue& v = plan->values[static_cast<size_t>(vid)];
            v.known = true;
            v.desc = outs[s];
            v.desc.constant = nullptr;
            if (foldable) {
                plan->constants.push_back(std::move(results[s]));
                v.desc.dims = plan->constants.back().dims(); // fixes run-time extents
                v.desc.constant = &plan->constants.back();
            }
        }
        if (foldable && options.mode == ExecutionMode::Optimized)
            continue; // consumers read the constant; no step runs
        plan->steps.push_back(makeStep(*spec));
    }
    if (!bad.empty()) {
        std::string msg = unsupportedMessage(*model, bad);
        if (unsupported)
            *unsupported = std::move(bad);
        return Status(StatusCode::Unsupported, std::move(msg));
    }

    for (ValueId id : g.outputs()) {
        PlanValue& v = plan->values[static_cast<size_t>(id)];
        if (!v.known)
            return Status(StatusCode::Internal, fmt::format("{}: output '{}' has no inferred shape", file, v.name));
        if (v.graphOutput < 0)
            v.graphOutput = static_cast<int32_t>(plan->outputs.size());
        plan->outputs.push_back({ v.name, v.desc.type, v.desc.dims });
        plan->outputValues.push_back(id);
    }

    // Statically planned values the tail reads must survive the static steps unchanged (no fusion, plain layout).
    for (const Step& step : plan->tailSteps)
        for (int32_t vid : step.inputs)
            if (vid >= 0 && !plan->values[size_t(vid)].runTimeShape && !plan->values[size_t(vid)].desc.constant)
                plan->values[size_t(vid)].readByTail = true;

    if (options.mode == ExecutionMode::Optimized)
        QS_RETURN_IF_ERROR(applyRewrites(*plan).withContext(file));
    std::erase_if(plan->steps, [](const Step& s) { return s.removed; });

    // Kernels: created and prepared once (oneDNN primitives, reordered weights live in them).
    for (Step& step : plan->steps) {
        const Node& node = g.node(step.anchor);
        if (runCancelled())
            return preparationCancelled(file, fmt::format("at node {} (kernel preparation)", node.describe()));
        std::vector<TensorDesc> ins(step.inputs.size());
        std::vector<TensorDesc> outs(step.outputs.size());
        for (size_t s = 0; s < step.inputs.size(); ++s)
            if (step.inputs[s] >= 0)
                ins[s] = plan->values[static_cast<size_t>(step.inputs[s])].desc;
        for (size_t s = 0; s < step.outputs.size(); ++s)
            if (step.outputs[s] >= 0) {
                outs[s] = plan->values[static_cast<size_t>(step.outputs[s])].desc;
                outs[s].constant = nullptr;
            }
        step.kernel = step.spec->create();
        // The step's own thread count while it is prepared: oneDNN fixes a primitive's threads at creation, and the
        // int8 convolutions plan their epilogue's threads then.
        step.threads = stepThreads(*plan, step, options.threads);
        setIntraOpThreads(step.threads);
        kernels::KernelContext ctx { node, ins, outs, step.postOps, step.threads,
            options.mode == ExecutionMode::Optimized, options.int8 };
        Status st = step.kernel->prepare(ctx);
        setIntraOpThreads(options.threads);
        if (!st) {
            // A kernel may find only now that it cannot handle an attribute combination: still report every such
            // node together.
            if (st.code() != StatusCode::Unsupported)
                return st.withContext(file);
            bad.push_back({ step.anchor, node.describe(), node.qualifiedOpType(), node.opsetVersion, st.message() });
        }
        step.scratchBytes = step.kernel->scratchBytes();
        step.implementation = step.kernel->implementation();
        if (step.channelsPaired)
            step.implementation += " paired";
        step.activationReorders = step.kernel->activationReorders();
    }
    if (!bad.empty()) {
        std::string msg = unsupportedMessage(*model, bad);
        if (unsupported)
            *unsupported = std::move(bad);
        return Status(StatusCode::Unsupported, std::move(msg));
    }

    if (options.mode == ExecutionMode::Optimized) {
        planAliases(*plan);
        std::erase_if(plan->steps, [](const Step& s) { return s.removed; });
    }

    // Liveness: a value is live from the step producing it to its last reader (graph outputs: to the end).
    for (size_t i = 0; i < plan->steps.size(); ++i) {
        Step& step = plan->steps[i];
        for (int32_t vid : step.inputs)
            if (vid >= 0)
                plan->values[static_cast<size_t>(vid)].lastUseStep = static_cast<int32_t>(i);
        for (int32_t vid : step.outputs)
            if (vid >= 0) {
                PlanValue& v = plan->values[static_cast<size_t>(vid)];
                v.producerStep = static_cast<int32_t>(i);
                v.lastUseStep = std::max(v.lastUseStep, static_cast<int32_t>(i));
            }
    }
    planMemory(*plan);
    QS_RETURN_IF_ERROR(checkByteAllocation(plan->arenaBytes, "the activation arena").withContext(file));
    std::byte* arena = plan->arenaBytes ? alignedAllocate(static_cast<size_t>(plan->arenaBytes)) : nullptr;
    if (plan->arenaBytes && !arena)
        return Status(StatusCode::OutOfMemory,
            fmt::format("{}: cannot allocate the {} byte activation arena", file, plan->arenaBytes));
    plan->arena = std::unique_ptr<std::byte[], void (*)(std::byte*)>(arena, alignedFree);

    for (size_t i = 0; i < plan->steps.size(); ++i) {
        Step& step = plan->steps[i];
        step.inputPtrs.assign(step.inputs.size(), nullptr);
        step.outputPtrs.assign(step.outputs.size(), nullptr);
        for (size_t s = 0; s < step.inputs.size(); ++s) {
            if (step.inputs[s] < 0)
                continue;
            const PlanValue& v = plan->values[static_cast<size_t>(step.inputs[s])];
            // arenaOffset alone: a buffer whose contents other steps' outputs make up (planRowConcats).
            if (v.producerStep >= 0 || v.aliasOf >= 0 || v.arenaOffset >= 0)
                step.inputPtrs[s] = arena + v.arenaOffset;
            else if (v.graphInput >= 0)
                plan->inputPatches.push_back({ int32_t(i), int32_t(s), v.graphInput });
            else if (v.desc.constant)
                step.inputPtrs[s] = v.desc.constant->rawData();
            else
                return Status(StatusCode::Internal, fmt::format("{}: value '{}' has no source", file, v.name));
        }
        for (size_t s = 0; s < step.outputs.size(); ++s)
            if (step.outputs[s] >= 0)
                step.outputPtrs[s] = arena + plan->values[static_cast<size_t>(step.outputs[s])].arenaOffset;
    }

    for (Step& step : plan->tailSteps)
        step.implementation = "cpu (prepared at run time: run-time shapes)";
    plan->stepInfos.resize(plan->steps.size() + plan->tailSteps.size());
    for (size_t i = 0; i < plan->stepInfos.size(); ++i) {
        const Step& step = i < plan->steps.size() ? plan->steps[i] : plan->tailSteps[i - plan->steps.size()];
        plan->stepInfos[i] = StepInfo { int32_t(i), step.anchor, step.nodes, step.opType, step.implementation,
            step.activationReorders };
    }
    return plan;
}

} // namespace qs
