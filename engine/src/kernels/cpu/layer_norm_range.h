// SPDX-License-Identifier: MIT
// LayerNormalization that also reports the {min, max} of its output y as a [2] float output 1 (in place of ONNX's
// optional Mean): the dynamic-range pass (exec/passes/dynamic_range.cpp) selects it for a LayerNormalization whose
// output a DynamicQuantizeLinear reads, which then takes that range instead of a min/max pass of its own (a
// transformer's LayerNorm -> quantize_dynamic MatMul). Not in the registry: the rewrite selects it.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

/// The kernel spec of that step; its anchor node is the LayerNormalization (axis, epsilon).
const KernelSpec& layerNormRangeSpec();

} // namespace qs::kernels
