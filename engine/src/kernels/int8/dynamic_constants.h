// SPDX-License-Identifier: MIT
// The constant operands of the fused dynamic convolution and matmul steps (dynamic_conv.h, dynamic_matmul.h; both
// use the same input slots), read once at prepare.
#pragma once

#include "kernels/int8/int8_conv.h"
#include "kernels/kernel.h"

#include <vector>

namespace qs::kernels::int8 {

/// Weights with their zero points (0 when kWZeroPoint is omitted); appends w_scale to `wScales` and the bias (when
/// given) to `bias` as floats. The caller has checked that these inputs are constants.
Int8Weights readDynamicConstants(const KernelContext& ctx, std::vector<float>& wScales, std::vector<float>& bias);

} // namespace qs::kernels::int8
