// SPDX-License-Identifier: MIT
// Nearest-neighbour Resize by whole-number factors on oneDNN's resampling primitive, in plain or blocked layout.
// Not in the registry (cpu/resize.cpp serves both modes and is the test oracle): Optimized mode's rewrites select it
// so that a YOLO neck's upsampling stays in oneDNN's blocked layout between convolutions.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

/// True when `node` (Resize or Upsample) with input `x` and output `y` is a nearest upscale of the spatial axes of a
/// 4-D float tensor by whole factors, in a coordinate mode where every output pixel takes input pixel floor(o / F)
/// (what oneDNN's nearest resampling computes for whole factors).
bool oneDnnNearestResizeApplies(const Node& node, const TensorDesc& x, const TensorDesc& y);

/// The spec of the kernel (declares kCapBlockedLayout for input 0 and output 0).
const KernelSpec& oneDnnNearestResizeSpec();

} // namespace qs::kernels
