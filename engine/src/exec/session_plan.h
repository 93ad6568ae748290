// SPDX-License-Identifier: MIT
// The prepared form of a Session: plan values (graph values plus synthesized constants), steps, memory plan.
#pragma once

#include "kernels/kernel.h"

#include <quantscope/engine/session.h>

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

/// A tensor of the prepared session. Ids 0..graph.values().size()-1 are the graph's ValueIds; later ids are values
/// synthesized by graph rewrites (folded Conv weights).
struct PlanValue
{
    std::string name;
    bool known = false; ///< shape and type inferred (false downstream of an unsupported node)
    kernels::TensorDesc desc;
    int32_t graphInput = -1; ///< index into Session::inputs()
    int32_t graphOutput = -1; ///< index into Session::outputs() (first one if listed twice)
    int32_t producerStep = -1; ///< the step writing it at run time; -1 for constants and graph inputs
    int32_t lastUseStep = -1;
    int64_t arenaOffset = -1; ///< byte offset in the arena when produced by a step
    /// Optimized mode: the value is stored inside another value's buffer (`aliasOf`, at `aliasOffset` bytes) instead
    /// of a buffer of its own: Reshape-like outputs, Split parts, Concat inputs written in place. planAliases().
    int32_t aliasOf = -1;
    int64_t aliasOffset = 0;
    /// Extents known only at run time (a data-dependent output such as NonZero's, or anything computed from one):
    /// desc.dims holds kernels::kRunTimeDim where unknown (empty when even the rank is unknown). Such a value is
    /// produced by a step of SessionPlan::tailSteps and held in SessionPlan::tailValues during a run, never in the
    /// arena.
    bool runTimeShape = false;
    /// A statically planned value that a tail step reads: like a graph output, it must outlive the static steps,
    /// stay plain and keep its own buffer. Use escapesSteps() rather than testing graphOutput alone.
    bool readByTail = false;

    /// True when something reads the value after the static steps have run (the caller, or the run-time tail).
    bool escapesSteps() const noexcept { return graphOutput >= 0 || readByTail; }
};

/// One kernel invocation of the execution order.
struct Step
{
    NodeId anchor = kNoNode;
    std::vector<NodeId> nodes; ///< authored nodes covered, anchor first
    std::string opType; ///< "Conv" or "Conv+Relu"
    std::vector<int32_t> inputs; ///< plan value ids per node input slot (-1 omitted); fused extra inputs appended
    std::vector<int32_t> outputs; ///< plan value ids per node output slot (-1 omitted)
    std::vector<kernels::PostOp> postOps;
    const kernels::KernelSpec* spec = nullptr;
    std::unique_ptr<kernels::Kernel> kernel;
    std::string implementation;
    int32_t activationReorders = 0; ///< Kernel::activationReorders(), re-read after the first run as implementation is
    int64_t scratchOffset = -1;
    size_t scratchBytes = 0;
    bool removed = false; ///< absorbed into another step by a rewrite
    /// Intra-op threads of this step: the session's, or 1 for a small step (stepThreads(), threads.cpp). Set while
    /// the kernel is prepared (oneDNN fixes a primitive's thread count then) and while it runs.
    int threads = 1;
    /// Rewrite 11 reordered the channels this step reads or writes (its weights); the implementation says " paired".
    bool channelsPaired = false;
    /// Optimized mode: the rewrite passes that changed this step (or removed it into another), in the order they ran.
    std::vector<std::string_view> passes;
    // Resolved at preparation; graph-input entries are patched at the start of each run.
    std::vector<const void*> inputPtrs;
    std::vector<void*> outputPtrs;
    /// Tail steps: the kernel above was prepared for the inputs summarised by `tailKey` (types, extents, the data
    /// shape functions read); a run with the same key reuses it with `tailOutputs`. `tailConstants` holds the small
    /// inputs it saw as constants, alive as long as the kernel.
    std::string tailKey;
    std::vector<kernels::TensorDesc> tailOutputs;
    std::unique_ptr<std::deque<HostTensor>> tailConstants;
};

class SessionPlan
{
public:
    std::shared_ptr<const Model> model;
    SessionOptions options;
    std::vector<PlanValue> values;
    std::vector<Step> steps;
    /// The run-time tail: steps that read a runTimeShape value, in topological order. They run after `steps` (which
    /// never read their outputs), each selected, shape-inferred, prepared and run with the actual extents of the
    /// run (run_time_tail.cpp); their outputs are allocated per run. Empty for fully static models.
    std::vector<Step> tailSteps;
    std::vector<HostTensor> tailValues; ///< per run: the runTimeShape values, indexed by plan value id
    std::vector<StepInfo> stepInfos; ///< `steps`, then `tailSteps`
    std::deque<HostTensor> constants; ///< stable addresses: TensorDesc::constant points here
    std::vector<IoInfo> inputs;
    std::vector<IoInfo> outputs;
    std::vector<int32_t> inputValues; ///< plan value id per session input
    std::vector<int32_t> outputValues; ///< plan value id per session output
    std::vector<NodeId> foldedNodes;
    /// Optimized mode: each rewrite pass run that changed the plan, in order, with the number of steps it changed.
    struct FiredPass
    {
        std::string_view name;
        int32_t steps;
    };
    std::vector<FiredPass> passesFired;
    /// Step::implementation was re-read from the kernels after the first run (session.cpp refreshImplementation).
    bool implementationsAfterRun = false;
    /// (step, input slot, session input index): pointers patched per run.
    struct InputPatch
    {
        int32_t step;
        int32_t slot;
        int32_t input;
    };
    std::vector<InputPatch> inputPatches;
    int64_t arenaBytes = 0;
    int64_t unsharedBytes = 0;
    std::unique_ptr<std::byte[], void (*)(std::byte*)> arena { nullptr, [](std::byte*) {} };

    const Graph& graph() const { return model->graph(); }
    int32_t addConstant(std::string name, HostTensor tensor);
};

/// Builds the plan: shapes, folding, (Optimized) rewrites, kernels, memory. Lists all unsupported nodes.
Result<std::unique_ptr<SessionPlan>> buildPlan(
    std::shared_ptr<const Model> model, const SessionOptions& options, std::vector<UnsupportedNode>* unsupported);

/// Optimized-mode rewrites on the step list (before kernels are created): fusions (BatchNormalization folding,
/// Conv post-ops, QDQ and dynamic int8 chains), layouts, kernel choices. Runs the passes of rewritePasses() in order
/// and records which fired (SessionPlan::passesFired, Step::passes). graph_rewrites.cpp.
Status applyRewrites(SessionPlan& plan);

struct RewritePass;
/// The ordered pass list applyRewrites() runs (a pass may appear twice).
std::vector<const RewritePass*> rewritePasses();

/// Optimized mode, after kernels are prepared: removes Reshape/Flatten/Squeeze/Unsqueeze/Identity, Transposes that
/// only move axes of extent 1, and batch-1 Split steps whose outputs can live inside their input's buffer, and lets
/// producers of batch-1 Concat inputs write into the Concat's output directly (the Concat kernel skips parts already in
/// place). memory_planner.cpp.
void planAliases(SessionPlan& plan);

/// Reshape, Flatten, Squeeze, Unsqueeze or Identity (ai.onnx): its output is its first input's data unchanged, in
/// another shape, which planAliases() turns into a view. memory_planner.cpp.
bool isViewOpType(std::string_view opType);

/// Liveness-based offsets for every step-produced value and scratch buffer; sets arenaBytes. Aliases share their
/// root's buffer, which lives from the first producer to the last reader of any of them. memory_planner.cpp.
void planMemory(SessionPlan& plan);

/// Outer-scope values read by the subgraphs of `node` (If branches), sorted by name. The planner appends them to the
/// node's step inputs after the authored slots, so the kernel receives them and liveness covers them.
/// control_flow.cpp.
std::vector<std::string> subgraphCaptures(const Node& node);

/// Runs plan.tailSteps (after plan.steps have run) with the extents of this run; graph inputs by session input
/// index. Reports to control's observer/progress with step indices after the static ones. run_time_tail.cpp.
Status runTailSteps(SessionPlan& plan, std::span<const void* const> graphInputs, const RunControl& control);

/// Where the data of a value read at run time lies (arena, graph input, constant, or tail value); null if nowhere.
const void* valueData(const SessionPlan& plan, int32_t vid, std::span<const void* const> graphInputs);

/// Sets the OpenMP thread count for the calling thread's subsequent parallel regions (and oneDNN's). threads.cpp.
void setIntraOpThreads(int threads);

/// The intra-op threads a step gets in a session of `sessionThreads`: 1 for a step too small to gain from a second
/// thread (threads.cpp says which and why), else the session's.
int stepThreads(const SessionPlan& plan, const Step& step, int sessionThreads);

} // namespace qs
