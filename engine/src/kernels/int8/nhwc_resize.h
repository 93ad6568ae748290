// SPDX-License-Identifier: MIT
// Nearest-neighbour Resize of rank-4 NHWC tensors (Layout::Nhwc) over H and W only, in the form YOLO's upsampling
// is exported with (Resize opset 11+, mode nearest, coordinate_transformation_mode asymmetric, nearest_mode floor,
// constant scales or sizes): per output pixel, one copy of the source pixel's channels. Optimized mode gives a
// Resize this kernel inside an NHWC region of the dynamic int8 path (the int8-nhwc-regions pass).
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

/// Whether `node` reading `inputs` is the form above (N and C unchanged).
bool nhwcResizeSupported(const Node& node, std::span<const TensorDesc> inputs, const TensorDesc& output);

const KernelSpec& nhwcResizeSpec();

} // namespace qs::kernels
