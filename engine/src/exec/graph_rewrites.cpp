// SPDX-License-Identifier: MIT
// Optimized-mode rewrites on the step list, and the order they run in. Each rewrite keeps the authored NodeIds it
// absorbs in Step::nodes so the profiler can attribute a fused kernel to every node it covers. The numbers are the
// ones comments, tests and READMEs across the engine refer to:
//   1. Conv + BatchNormalization folding                        float_fusion_rewrites.cpp
//   2. Conv + activations / residual Add as oneDNN post-ops     float_fusion_rewrites.cpp
//   3. fused dynamic int8 convolution (ConvInteger chain)       dynamic_int8_rewrites.cpp
//   4. blocked / channels-last regions of float activations     layout_rewrites.cpp
//   5. QDQ static int8: requantizing conv, add, MaxPool, Gemm   qdq_rewrites.cpp
//   6. NHWC regions between int8 convolutions                   layout_rewrites.cpp
//   7. fused dynamic int8 matmul (MatMulInteger chain)          dynamic_int8_rewrites.cpp
//   8. min/max of a DynamicQuantizeLinear from its producer     dynamic_int8_rewrites.cpp
//   9. (retired: standalone activations ran on oneDNN's eltwise until the CPU kernels got their own vector loops)
//  10. oneDNN resampling for nearest Resize                     float_fusion_rewrites.cpp
//  11. channel order of static int8 activations (AVX2 pairs)     channel_pairing_rewrites.cpp
//  12. Concat -> DynamicQuantizeLinear as one uint8 concatenation dynamic_int8_rewrites.cpp
//  13. residual Add into the fused dynamic convolution's epilogue dynamic_int8_rewrites.cpp
//  14. Transpose -> Softmax as one strided Softmax                float_fusion_rewrites.cpp
// The matching helpers they share are in rewrite_context.h.
#include "exec/channel_pairing_rewrites.h"
#include "exec/dynamic_int8_rewrites.h"
#include "exec/float_fusion_rewrites.h"
#include "exec/layout_rewrites.h"
#include "exec/qdq_rewrites.h"
#include "exec/session_plan.h"

namespace qs {

Status applyRewrites(SessionPlan& plan)
{
    // QDQ first: its Conv -> Relu -> QuantizeLinear chains would otherwise be taken by the float post-op fusion,
    // leaving a float convolution between a DequantizeLinear and a QuantizeLinear. Per Conv, the BatchNormalization
    // fold comes before the post-ops because it needs the Conv without post-ops (the BN sits before the activation).
    fuseQdqSteps(plan);
    QS_RETURN_IF_ERROR(fuseConvBatchNormAndPostOps(plan));
    fuseDynamicConvolutions(plan);
    fuseDynamicMatMuls(plan);
    // Needs the fused dynamic convolutions (rewrite 3) to know which steps can report a range.
    fuseDynamicRanges(plan);
    // The layout decisions read the kernels the fusions chose. The int8 NHWC regions come first: the nearest Resize
    // of such a region already has its NHWC kernel, and values already NHWC keep that layout in rewrite 4. The
    // oneDNN Resize is chosen before rewrite 4 so that it counts as blocked-capable there.
    markNhwcRegions(plan);
    useOneDnnNearestResize(plan);
    markBlockedLayouts(plan);
    // After the layouts: the fused steps keep the layouts they chose. The residual Adds first, so that rewrite 8 (run
    // again) and the concatenations find their outputs made by convolutions that report a range.
    fuseDynamicResiduals(plan);
    fuseDynamicRanges(plan);
    fuseConcatQuantize(plan);
    fuseTransposeSoftmax(plan);
    // After every fusion: the channel classes follow the fused steps (a residual add inside its convolution ties the
    // add's operands together), and only constants change, so the layout decisions above stay valid.
    pairInt8Channels(plan);
    return Status::ok();
}

} // namespace qs
