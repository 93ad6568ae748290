// SPDX-License-Identifier: MIT
// 2-D MaxPool directly on the 16-channel blocked layout (nChw16c, AVX-512), for optimized mode's blocked regions.
#pragma once

#include "kernels/conv_geometry.h"

namespace qs::kernels {

/// Whether maxPoolBlocked16 handles this pooling geometry: 2-D, no dilation, every window overlapping the input,
/// and an AVX-512 CPU (blockedChannels() == 16).
bool maxPoolBlocked16Applies(const ConvGeometry& g) noexcept;

/// y[N, C, OH, OW] = max over each window of x[N, C, H, W], both in nChw16c (channels padded to whole blocks; the
/// padding lanes are pooled like the others). Padding positions never win (ONNX pads with -inf).
void maxPoolBlocked16(const ConvGeometry& g, const float* x, float* y);

} // namespace qs::kernels
