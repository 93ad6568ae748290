// SPDX-License-Identifier: MIT
// The Optimized-mode rewrite passes and the order they run in. Each pass is declared in a file of its own under
// exec/passes/ with the pattern it matches and its preconditions; each keeps the authored NodeIds it absorbs in
// Step::nodes so the profiler can attribute a fused kernel to every node it covers. Comments elsewhere in the engine
// still cite the former numbers:
//   1+2 conv-batchnorm-postops   3 dynamic-conv            4 float-blocked-regions   5 qdq-int8
//   6 int8-nhwc-regions          7 dynamic-matmul          8 dynamic-range           9 (retired: standalone
//   activations on oneDNN's eltwise)  10 onednn-nearest-resize   11 int8-channel-pairing   12 concat-quantize
//   13 dynamic-residual-add      14 transpose-softmax
// The matching helpers they share are in rewrite_context.h.
#include "exec/rewrite_pass.h"
#include "exec/run_guard.h"
#include "exec/session_plan.h"

#include <fmt/format.h>

#include <array>
#include <functional>

namespace qs {

namespace {

// QDQ first: its Conv -> Relu -> QuantizeLinear chains would otherwise be taken by the float post-op fusion, leaving
// a float convolution between a DequantizeLinear and a QuantizeLinear. The byte tables of qdq-lookup-table come next:
// the chains they take are what qdq-int8 left between DequantizeLinear and QuantizeLinear. Per Conv, the
// BatchNormalization fold comes before the post-ops because it needs the Conv without post-ops (the BN sits before the
// activation). dynamic-range needs the fused dynamic convolutions to know which steps can report a range.
// matmul-epilogue finds the fused dynamic matmuls to give their GELU to. The layout decisions read the kernels the
// fusions chose. The int8 NHWC regions come first: the nearest Resize of such a region already has its NHWC kernel,
// and values already NHWC keep that layout in float-blocked-regions. The oneDNN Resize is chosen before
// float-blocked-regions so that it counts as blocked-capable there. After the layouts: the fused steps keep the
// layouts they chose. The residual Adds first, so that dynamic-range (run again) and the concatenations find their
// outputs made by convolutions that report a range. After every fusion: the channel classes follow the fused steps (a
// residual add inside its convolution ties the add's operands together), and only constants change, so the layout
// decisions above stay valid. The residual LayerNorms after both dynamic-range runs, whose range form they keep.
const std::array<std::reference_wrapper<const RewritePass>, 18> kPasses {
    kQdqInt8Pass,
    kQdqLookupTablePass,
    kConvBatchNormPostOpsPass,
    kDynamicConvPass,
    kDynamicMatMulPass,
    kMatMulEpiloguePass,
    kMatMulViewsPass,
    kDynamicRangePass,
    kInt8NhwcRegionsPass,
    kOneDnnNearestResizePass,
    kFloatChannelScalePass,
    kFloatBlockedRegionsPass,
    kDynamicResidualAddPass,
    kDynamicRangePass,
    kConcatQuantizePass,
    kTransposeSoftmaxPass,
    kResidualLayerNormPass,
    kInt8ChannelPairingPass,
};

/// What a pass may change about a step: which steps a pass touched is found by comparing these before and after it.
struct StepShape
{
    bool removed = false;
    size_t nodes = 0;
    const kernels::KernelSpec* spec = nullptr;
    std::string opType;
    size_t postOps = 0;
    bool channelsPaired = false;
    std::vector<int32_t> inputs;
    std::vector<int32_t> outputs;
    std::vector<kernels::Layout> layouts; ///< of inputs, then outputs

    bool operator==(const StepShape&) const = default;
};

std::vector<StepShape> shapesOf(const SessionPlan& plan)
{
    std::vector<StepShape> out;
    out.reserve(plan.steps.size());
    for (const Step& s : plan.steps) {
        StepShape& sh = out.emplace_back();
        sh.removed = s.removed;
        sh.nodes = s.nodes.size();
        sh.spec = s.spec;
        sh.opType = s.opType;
        sh.postOps = s.postOps.size();
        sh.channelsPaired = s.channelsPaired;
        sh.inputs = s.inputs;
        sh.outputs = s.outputs;
        for (const std::vector<int32_t>* ids : { &s.inputs, &s.outputs })
            for (int32_t v : *ids)
                sh.layouts.push_back(v >= 0 ? plan.values[size_t(v)].desc.layout : kernels::Layout::Plain);
    }
    return out;
}

} // namespace

std::vector<const RewritePass*> rewritePasses()
{
    std::vector<const RewritePass*> out;
    for (const RewritePass& p : kPasses)
        out.push_back(&p);
    return out;
}

Status applyRewrites(SessionPlan& plan)
{
    for (const RewritePass& pass : kPasses) {
        if (runCancelled())
            return Status(StatusCode::Cancelled, fmt::format("preparation cancelled before the {} pass", pass.name));
        const std::vector<StepShape> before = shapesOf(plan);
        QS_RETURN_IF_ERROR(pass.run(plan));
        const std::vector<StepShape> after = shapesOf(plan);
        int32_t touched = 0;
        for (size_t i = 0; i < after.size(); ++i) {
            if (before[i] == after[i])
                continue;
            ++touched;
            plan.steps[i].passes.push_back(pass.name);
        }
        if (touched)
            plan.passesFired.push_back({ pass.name, touched });
    }
    return Status::ok();
}

} // namespace qs
