// SPDX-License-Identifier: MIT
// Optimized-mode pass "dynamic-conv" (formerly rewrite 3; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/dynamic_int8_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kDynamicConvPass { "dynamic-conv",
    "DynamicQuantizeLinear outputs -> ConvInteger -> Cast -> Mul(Mul(x_scale, w_scale)) [-> Add(bias)] [-> "
    "Sigmoid·Mul] becomes one fused dynamic int8 convolution writing float (kernels/int8/dynamic_conv.h); the "
    "DynamicQuantizeLinear stays a step (it may be shared).",
    "ConvInteger weights and weight zero point constant (per tensor or per output channel); scales and bias constant; "
    "the chain's intermediates read only inside the chain.",
    [](SessionPlan& plan) -> Status {
        fuseDynamicConvolutions(plan);
        return Status::ok();
    } };

} // namespace qs
