// SPDX-License-Identifier: MIT
// The fused dynamic matmul step of Optimized mode: ONNX Runtime's quantize_dynamic form for MatMul
//   DynamicQuantizeLinear(x) -> (x_q, x_scale, x_zp); Mul(x_scale, w_scale) -> s;
//   MatMulInteger(x_q, w, x_zp, w_zp) -> Cast(float) -> Mul(·, s) [-> Add(·, bias)]
// run as one Int8MatMul::runFloat (the MatMulIntegerToFloat form). As for the dynamic convolution, the
// DynamicQuantizeLinear stays a step of its own; the fused step reads its three outputs. Not in the registry: the
// executor's rewrite selects it (graph_rewrites.cpp).
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

namespace dynamic_matmul {
/// Input slots of the fused step. kWZeroPoint and kBias may be omitted; kW, kWZeroPoint, kWScale and kBias must be
/// constants. kW is 2-D [K, N]; kWZeroPoint and kWScale hold 1 or N values, kBias N values (along the last axis).
enum Slot : size_t
{
    kX = 0, ///< x_q, uint8 or int8, [..., M, K]
    kW = 1,
    kXZeroPoint = 2,
    kWZeroPoint = 3,
    kXScale = 4, ///< float scalar
    kWScale = 5,
    kBias = 6,
    kSlotCount = 7,
};
/// Optional inputs appended after the shared slots by the pass "matmul-epilogue": the scalar float constants c1, c2,
/// c3 of an erf-GELU y * (Erf(y / c1) + c2) * c3 applied to the output (kernels/cpu/erf_gelu_epilogue.h).
constexpr size_t kGeluDivisor = kSlotCount;
constexpr size_t kGeluAddend = kSlotCount + 1;
constexpr size_t kGeluFactor = kSlotCount + 2;
} // namespace dynamic_matmul

/// The kernel spec of the fused step; its anchor node is the MatMulInteger.
const KernelSpec& dynamicMatMulSpec();

} // namespace qs::kernels
