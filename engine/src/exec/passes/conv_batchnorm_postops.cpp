// SPDX-License-Identifier: MIT
// Optimized-mode pass "conv-batchnorm-postops" (formerly rewrite 1 and 2; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/float_fusion_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kConvBatchNormPostOpsPass { "conv-batchnorm-postops",
    "Conv -> BatchNormalization becomes the Conv with scaled weights and shifted bias (new constants); then Conv -> "
    "Relu, LeakyRelu, Clip, Sigmoid, Sigmoid·Mul (SiLU), HardSigmoid·Mul, HardSwish or a residual Add becomes one "
    "oneDNN convolution with post-ops.",
    "after qdq-int8 (a QDQ Conv is no longer a float Conv step). Per Conv the BatchNormalization fold comes first (it "
    "needs the Conv without post-ops). BatchNormalization parameters and Conv weights constant; each absorbed "
    "intermediate read only by the next absorbed step and not a graph output; the Conv kernel accepts post-ops.",
    [](SessionPlan& plan) -> Status { return fuseConvBatchNormAndPostOps(plan); } };

} // namespace qs
