// SPDX-License-Identifier: MIT
// Optimized-mode pass "dynamic-range" (formerly rewrite 8; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/dynamic_int8_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kDynamicRangePass { "dynamic-range",
    "A DynamicQuantizeLinear reading a fused dynamic convolution's output, or a LayerNormalization's output (a "
    "transformer's norm before its quantize_dynamic MatMul), takes its {min, max} from that producer (an extra [2] "
    "float output of the producer, computed over exactly the values it writes, an extra input of the "
    "DynamicQuantizeLinear): one pass over the tensor less, same scale and zero point. Also through Transposes and "
    "views (Reshape, Flatten, Squeeze, Unsqueeze, Identity) between the two, which keep the values.",
    "after dynamic-conv. The LayerNormalization: one output (no Mean/InvStdDev), float, plain layout, shape known at "
    "planning. Runs twice: again after dynamic-residual-add, for the DynamicQuantizeLinear steps reading a fused "
    "residual Add's output.",
    [](SessionPlan& plan) -> Status {
        fuseDynamicRanges(plan);
        return Status::ok();
    } };

} // namespace qs
