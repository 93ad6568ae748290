// SPDX-License-Identifier: MIT
// 2-D MaxPool on channels-last (NHWC) tensors with AVX2, for optimized mode's NHWC regions (the dynamic int8 path)
// where oneDNN 2.6's jit:avx2 pooling is slow: 0.33 ms per 5x5 SPPF pool of YOLOv5n (20x20x128) against 0.06 ms for
// its AVX-512 kernel.
#pragma once

#include "kernels/conv_geometry.h"

namespace qs::kernels {

/// Whether maxPoolNhwc handles this geometry: 2-D, no dilation, every window overlapping the input, and AVX2 allowed
/// (quant::bestQuantIsa(), which follows DNNL_MAX_CPU_ISA).
bool maxPoolNhwcApplies(const ConvGeometry& g) noexcept;

/// y[N, OH, OW, C] = max over each window of x[N, H, W, C]; padding positions never win (ONNX pads with -inf).
void maxPoolNhwc(const ConvGeometry& g, const float* x, float* y);

} // namespace qs::kernels
