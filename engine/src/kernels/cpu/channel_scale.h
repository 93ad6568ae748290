// SPDX-License-Identifier: MIT
// Float Mul of a feature map [N, C, H, W] by one value per channel ([N, C, 1, 1] or [1, C, 1, 1]): a squeeze-excite
// block's scale. Not in the registry (cpu/elementwise.cpp's broadcasting Mul serves both modes); Optimized mode's
// pass float-channel-scale selects it so that the feature map stays in oneDNN's blocked layout between the
// depthwise and the projection convolutions instead of being reordered to plain and back around the Mul.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

/// The input slot holding the feature map when a Mul with inputs `a`, `b` and output `y` is such a channel scale
/// (float, rank 4, the other input [N or 1, C, 1, 1]); -1 otherwise.
int channelScaleFeatureSlot(const TensorDesc& a, const TensorDesc& b, const TensorDesc& y);

/// The spec of the kernel. It declares kCapBlockedLayout: output 0 and the feature map input (at either slot: see
/// channelScaleFeatureSlot) may be Layout::Blocked; the per-channel operand is the same values in every layout.
const KernelSpec& channelScaleSpec();

} // namespace qs::kernels
