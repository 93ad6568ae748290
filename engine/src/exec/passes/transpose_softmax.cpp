// SPDX-License-Identifier: MIT
// Optimized-mode pass "transpose-softmax" (formerly rewrite 14; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/float_fusion_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kTransposeSoftmaxPass { "transpose-softmax",
    "Transpose [0, 2, 1, 3] -> Softmax(axis 1) becomes one strided Softmax (kernels/cpu/transposed_softmax.h); a "
    "DynamicQuantizeLinear reading only its output takes the Softmax's {min, max} as an extra input.",
    "after the layout passes; the transposed tensor is read only by the Softmax and is not a graph output.",
    [](SessionPlan& plan) -> Status {
        fuseTransposeSoftmax(plan);
        return Status::ok();
    } };

} // namespace qs
