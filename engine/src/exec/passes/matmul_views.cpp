// SPDX-License-Identifier: MIT
// Optimized-mode pass "matmul-views" (order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/matmul_view_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kMatMulViewsPass { "matmul-views",
    "Slice / Reshape-like / Transpose steps and a Div or Mul by a power of two before a float MatMul operand "
    "(attention's Q, K^T) become a strided view the matmul reads in place and its output scale "
    "(kernels/onednn/fused_matmul.h, kernels/strided_view.h): no copies of Q, K or K^T.",
    "after matmul-epilogue; each folded value is plain float, not constant, read only by the next step of the chain "
    "and not a graph output; strides express every step (a Reshape merges only contiguous dims; Slice steps are "
    "positive); a view is taken when an operand's stored last axis becomes its second-to-last (a transposed matrix "
    "per batch entry, which already makes oneDNN use its gemm), and then for the other operand too; the scale only "
    "without a bias.",
    [](SessionPlan& plan) -> Status {
        foldMatMulOperandViews(plan);
        return Status::ok();
    } };

} // namespace qs
