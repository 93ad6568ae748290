// SPDX-License-Identifier: MIT
// Optimized-mode pass "dynamic-matmul" (formerly rewrite 7; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/dynamic_int8_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kDynamicMatMulPass { "dynamic-matmul",
    "DynamicQuantizeLinear outputs -> MatMulInteger -> Cast -> Mul(Mul(x_scale, w_scale)) [-> Add(bias)] becomes one "
    "fused dynamic int8 matmul writing float (kernels/int8/dynamic_matmul.h).",
    "MatMulInteger B, its zero point, the scales and bias constant (per tensor or per column); the chain's "
    "intermediates read only inside the chain.",
    [](SessionPlan& plan) -> Status {
        fuseDynamicMatMuls(plan);
        return Status::ok();
    } };

} // namespace qs
