// SPDX-License-Identifier: MIT
// Optimized-mode pass "matmul-transpose" (order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/float_fusion_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kMatMulTransposePass { "matmul-transpose",
    "Transpose moving the last axis -> float MatMul (either operand; attention's K^T) becomes the matmul reading the "
    "stored tensor through the permuted strides (kernels/onednn/fused_matmul.h): no element-by-element gather.",
    "after matmul-epilogue; the permutation makes the stored last axis the second-to-last (a transposed matrix per "
    "batch entry); the transposed tensor is plain float, at least 2-D, not constant, read only by that MatMul and not "
    "a graph output.",
    [](SessionPlan& plan) -> Status {
        foldMatMulTransposes(plan);
        return Status::ok();
    } };

} // namespace qs
