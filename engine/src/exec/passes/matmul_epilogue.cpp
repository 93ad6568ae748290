// SPDX-License-Identifier: MIT
// Optimized-mode pass "matmul-epilogue" (order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/float_fusion_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kMatMulEpiloguePass { "matmul-epilogue",
    "Float MatMul -> Add(constant bias along N) [-> erf GELU: Div(y, c1) -> Erf -> Add(c2) -> Mul(y) -> Mul(c3)] "
    "becomes one oneDNN matmul with a bias and the GELU applied in place (kernels/onednn/fused_matmul.h); a fused "
    "dynamic int8 matmul absorbs the erf GELU after it the same way. The GELU keeps the authored operations per "
    "element (kernels/cpu/erf_gelu_epilogue.h).",
    "after dynamic-matmul; plain float tensors, A and B at least 2-D; every intermediate read only inside the chain "
    "and not a graph output; bias, c1, c2, c3 float constants (c1..c3 scalars).",
    [](SessionPlan& plan) -> Status {
        fuseMatMulEpilogues(plan);
        return Status::ok();
    } };

} // namespace qs
