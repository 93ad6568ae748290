// SPDX-License-Identifier: MIT
// The fused dynamic convolution step of Optimized mode: ONNX Runtime's quantize_dynamic form
//   DynamicQuantizeLinear(x) -> (x_q, x_scale, x_zp); Mul(x_scale, w_scale) -> s;
//   ConvInteger(x_q, w, x_zp, w_zp) -> Cast(float) -> Mul(·, s) [-> Add(·, bias)]
// run as one Int8Conv::runFloat. DynamicQuantizeLinear stays a step of its own (it often feeds several convolutions);
// the fused step reads its three outputs at run time. Not in the registry: the executor's rewrite selects it.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

namespace dynamic_conv {
/// Input slots of the fused step (KernelContext::inputs / KernelArgs::inputs). kWZeroPoint and kBias may be
/// omitted; kW, kWZeroPoint, kWScale and kBias must be constants. kWScale holds 1 or OC values, kBias OC values.
enum Slot : size_t
{
    kX = 0, ///< x_q, uint8 (DynamicQuantizeLinear output 0)
    kW = 1, ///< ConvInteger weights, uint8 or int8
    kXZeroPoint = 2, ///< DynamicQuantizeLinear output 2
    kWZeroPoint = 3,
    kXScale = 4, ///< DynamicQuantizeLinear output 1 (float scalar)
    kWScale = 5,
    kBias = 6,
    kSlotCount = 7,
};
} // namespace dynamic_conv

/// The kernel spec of the fused step; its anchor node is the ConvInteger (attributes: pads, strides, group...).
const KernelSpec& dynamicConvSpec();

} // namespace qs::kernels
