// SPDX-License-Identifier: MIT
// Optimized-mode rewrites of the dynamic int8 path (DynamicQuantizeLinear -> ConvInteger / MatMulInteger, ONNX
// Runtime's dynamic quantization; rewrites 3, 7, 8, 12 and 13; graph_rewrites.cpp runs them).
#pragma once

#include "exec/session_plan.h"

namespace qs {

/// Rewrite 3 at every ConvInteger step.
void fuseDynamicConvolutions(SessionPlan& plan);

/// Rewrite 7 at every MatMulInteger step.
void fuseDynamicMatMuls(SessionPlan& plan);

/// Rewrite 8: DynamicQuantizeLinear steps after fused dynamic convolutions or LayerNormalizations read the range
/// those compute.
void fuseDynamicRanges(SessionPlan& plan);

/// Rewrite 13: the residual Add after a fused dynamic convolution's NHWC output as its Sum post-op. Needs the final
/// layouts; run rewrite 8 again afterwards for the DynamicQuantizeLinear steps reading the Add's output.
void fuseDynamicResiduals(SessionPlan& plan);

/// Rewrite 12: Concat -> DynamicQuantizeLinear as one step that never writes the float concatenation. Needs the
/// final layouts (after rewrites 4 and 6).
void fuseConcatQuantize(SessionPlan& plan);

} // namespace qs
