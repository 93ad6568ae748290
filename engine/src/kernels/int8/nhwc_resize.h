// SPDX-License-Identifier: MIT
// Nearest-neighbour Resize of rank-4 NHWC tensors (Layout::Nhwc) over H and W only (Resize opset 11+, mode nearest,
// any coordinate transformation but tf_crop_and_resize and any nearest rounding, as the float kernel's taps pick the
// pixel; constant scales or sizes): per output pixel, one copy of the source pixel's channels, for any element type.
// Optimized mode gives a Resize this kernel inside an int8 NHWC region (the int8-nhwc-regions pass): YOLO's
// upsampling in dynamic files (asymmetric, floor) and in QDQ files between DequantizeLinear and QuantizeLinear.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

/// Whether `node` reading `inputs` is the form above (N and C unchanged).
bool nhwcResizeSupported(const Node& node, std::span<const TensorDesc> inputs, const TensorDesc& output);

const KernelSpec& nhwcResizeSpec();

} // namespace qs::kernels
