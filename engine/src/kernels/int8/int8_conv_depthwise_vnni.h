// SPDX-License-Identifier: MIT
// Int8Conv's VNNI depthwise path (int8_conv_depthwise_vnni.cpp): 3x3 and 5x5 depthwise layers with AVX-512 VNNI,
// four kernel taps per vpdpbusd, the requantizing store fused into the pixel loops.
#pragma once

#include "kernels/int8/int8_conv_executor.h"

#include <memory>

namespace qs::kernels::int8 {

/// The CPU runs the path's loops: AVX-512 VNNI and VBMI, and quant::bestQuantIsa() is AVX-512 (DNNL_MAX_CPU_ISA
/// caps both).
bool vnniDepthwiseLoops() noexcept;
/// The loops take this depthwise layer's kernel: 3x3 or 5x5, horizontal stride 1 or 2, no horizontal dilation.
bool vnniDepthwiseShape(const ConvShape& shape);
/// Every weight w - zp_w of the depthwise layer fits s8, as vpdpbusd multiplies them (PyTorch's and ONNX Runtime's
/// symmetric s8 weights do).
bool vnniDepthwiseWeights(const ConvShape& shape, const Int8Weights& weights);
/// The executor, or nullptr where the loops cannot run it (shape, CPU, or a weight w - zp_w outside s8).
std::unique_ptr<Int8ConvExecutor> makeDepthwiseVnniExecutor(
    const ConvShape& shape, const Int8Weights& weights, bool nchwOutput);

} // namespace qs::kernels::int8
