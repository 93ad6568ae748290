// SPDX-License-Identifier: MIT
// 2-D MaxPool on plain NCHW tensors with AVX2, for CPUs (or DNNL_MAX_CPU_ISA=AVX2 runs) where oneDNN 2.6 has no jit
// pooling for the plain layout and would reorder to 8-channel blocks and back around its jit:avx2 kernel.
#pragma once

#include "kernels/conv_geometry.h"

namespace qs::kernels {

/// Whether maxPoolPlain handles this geometry: 2-D, no dilation, every window overlapping the input, and AVX2 allowed
/// (quant::bestQuantIsa(), which follows DNNL_MAX_CPU_ISA).
bool maxPoolPlainApplies(const ConvGeometry& g) noexcept;

/// y[N, C, OH, OW] = max over each window of x[N, C, H, W] (NCHW); padding positions never win (ONNX pads with -inf).
void maxPoolPlain(const ConvGeometry& g, const float* x, float* y);

} // namespace qs::kernels
