// SPDX-License-Identifier: MIT
// Optimized-mode pass "dynamic-residual-add" (formerly rewrite 13; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/dynamic_int8_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kDynamicResidualAddPass { "dynamic-residual-add",
    "A fused dynamic convolution's NHWC float output read only by an Add with another NHWC activation of its shape "
    "(YOLO's C3 residual) becomes a Sum post-op of the convolution, added to each finished tile in its epilogue.",
    "after the layout passes (needs the final NHWC layouts); the residual is produced by a step before the "
    "convolution; the convolution has no Sum post-op yet.",
    [](SessionPlan& plan) -> Status {
        fuseDynamicResiduals(plan);
        return Status::ok();
    } };

} // namespace qs
