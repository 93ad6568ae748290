// SPDX-License-Identifier: MIT
// Optimized-mode pass "residual-layernorm" (order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/float_fusion_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kResidualLayerNormPass { "residual-layernorm",
    "float Add(a, b) -> LayerNormalization becomes one step normalizing a + b row by row "
    "(kernels/cpu/residual_layer_norm.h): the sum is no separate pass and splits over the threads with the norm.",
    "after both dynamic-range runs (a LayerNormalization reporting its output's range keeps that output); a, b and "
    "the sum plain float of one shape (no broadcasting); the sum read only by the LayerNormalization and not a graph "
    "output; the LayerNormalization without its optional Mean / InvStdDev outputs.",
    [](SessionPlan& plan) -> Status {
        fuseResidualLayerNorms(plan);
        return Status::ok();
    } };

} // namespace qs
