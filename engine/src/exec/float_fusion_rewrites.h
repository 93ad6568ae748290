// SPDX-License-Identifier: MIT
// Optimized-mode rewrites of float steps onto faster kernels (rewrites 1, 2, 10 and 14 and the float-channel-scale
// pass; graph_rewrites.cpp runs them).
#pragma once

#include "exec/session_plan.h"

namespace qs {

/// Rewrites 1 and 2 at every Conv step: folds a following BatchNormalization into the weights, then absorbs the
/// activations / residual Add that follow as oneDNN post-ops.
Status fuseConvBatchNormAndPostOps(SessionPlan& plan);

/// Rewrite 14: Transpose [0, 2, 1, 3] -> Softmax(axis 1) as one strided Softmax. Needs the final layouts.
void fuseTransposeSoftmax(SessionPlan& plan);

/// Pass "residual-layernorm": a float Add of two same-shape tensors, read only by a LayerNormalization, becomes that
/// step's input (the norm of the sum, one step). Runs after the dynamic-range passes (it keeps their range output).
void fuseResidualLayerNorms(SessionPlan& plan);

/// Pass "matmul-epilogue": a float MatMul's bias Add and erf GELU, and a fused dynamic matmul's erf GELU, as the
/// matmul step's epilogue. Runs after "dynamic-matmul".
void fuseMatMulEpilogues(SessionPlan& plan);

/// Rewrite 10: nearest Resize by whole factors on oneDNN's resampling, outside NHWC regions.
void useOneDnnNearestResize(SessionPlan& plan);

/// Pass "float-channel-scale": a plain float Mul of a feature map by one value per channel on the channel-scale
/// kernel, which also reads and writes the blocked layout.
void useChannelScale(SessionPlan& plan);

} // namespace qs
