// SPDX-License-Identifier: MIT
// Optimized-mode pass "dynamic-range" (formerly rewrite 8; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/dynamic_int8_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kDynamicRangePass { "dynamic-range",
    "A DynamicQuantizeLinear reading a fused dynamic convolution's output takes its {min, max} from that convolution "
    "(an extra [2] float output of the convolution, an extra input of the DynamicQuantizeLinear): one pass over the "
    "tensor less.",
    "after dynamic-conv. Runs twice: again after dynamic-residual-add, for the DynamicQuantizeLinear steps reading a "
    "fused residual Add's output.",
    [](SessionPlan& plan) -> Status {
        fuseDynamicRanges(plan);
        return Status::ok();
    } };

} // namespace qs
