// SPDX-License-Identifier: MIT
// Optimized-mode pass "concat-quantize" (formerly rewrite 12; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/dynamic_int8_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kConcatQuantizePass { "concat-quantize",
    "Concat -> DynamicQuantizeLinear, where the concatenation feeds only that quantization (YOLO's C3 and SPPF "
    "blocks), becomes one step writing the uint8 concatenation from the parts (kernels/int8/concat_quantize.h); parts "
    "made by fused dynamic convolutions bring their range as in dynamic-range.",
    "after the layout passes (keeps the plain or NHWC layout they chose; all parts and the output share it); float "
    "parts of the output's rank, known static shapes.",
    [](SessionPlan& plan) -> Status {
        fuseConcatQuantize(plan);
        return Status::ok();
    } };

} // namespace qs
