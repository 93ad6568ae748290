// SPDX-License-Identifier: MIT
// 2-D MaxPool directly on the channel-blocked layout (nChw16c with AVX-512, nChw8c with AVX2), for optimized mode's
// blocked regions.
#pragma once

#include "kernels/conv_geometry.h"

#include <string>

namespace qs::kernels {

/// Whether maxPoolBlocked handles this pooling geometry: 2-D, no dilation, every window overlapping the input, and
/// a vector unit as wide as the block (blockedChannels() == 16: AVX-512; 8: AVX2, unless DNNL_MAX_CPU_ISA caps the
/// engine's own vector code below it).
bool maxPoolBlockedApplies(const ConvGeometry& g) noexcept;

/// The implementation name the profile shows for it ("cpu:avx512_blocked", "cpu:avx2_blocked").
std::string maxPoolBlockedName();

/// y[N, C, OH, OW] = max over each window of x[N, C, H, W], both blocked (channels padded to whole blocks; the
/// padding lanes are pooled like the others). Padding positions never win (ONNX pads with -inf).
void maxPoolBlocked(const ConvGeometry& g, const float* x, float* y);

} // namespace qs::kernels
