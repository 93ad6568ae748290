// SPDX-License-Identifier: MIT
// Concat -> DynamicQuantizeLinear as one step (Optimized mode, graph_rewrites.cpp rewrite 12): the uint8
// concatenation is written straight from the parts, so the float concatenation is never materialised. The range is
// the union of the parts' ranges: a part produced by a fused dynamic convolution brings its min/max (the
// convolution's extra range output), the others get a min/max pass. Bit-identical to Concat then
// DynamicQuantizeLinear: min and max do not depend on the order of the elements, and the scale, zero point and
// quantization are the same functions (quant/quantize_linear.h). Not in the registry: the rewrite selects it.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

/// Inputs: the Concat's n parts (float, all in the output's layout: Plain, or NHWC joined along the channels), then
/// n optional ranges (float [2] = {min, max} of the part; omitted where the part has none). Outputs: as
/// DynamicQuantizeLinear (uint8 y in the parts' layout, float scale, uint8 zero point). Anchor node: the Concat.
const KernelSpec& concatDynamicQuantizeSpec();

} // namespace qs::kernels
