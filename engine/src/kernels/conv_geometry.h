// SPDX-License-Identifier: MIT
// Convolution geometry from ONNX attributes (kernel_shape, strides, dilations, pads, auto_pad, group), shared by
// the shape functions, the oneDNN kernels and the reference oracle.
#pragma once

#include "kernels/kernel.h"

#include <vector>

namespace qs::kernels {

struct ConvGeometry
{
    int64_t spatialRank = 0;
    int64_t batch = 0;
    int64_t inChannels = 0;
    int64_t outChannels = 0;
    int64_t group = 1;
    std::vector<int64_t> inSpatial;
    std::vector<int64_t> outSpatial;
    std::vector<int64_t> kernel;
    std::vector<int64_t> strides;
    std::vector<int64_t> dilations;
    std::vector<int64_t> padBegin;
    std::vector<int64_t> padEnd;
    std::vector<int64_t> outputPadding; ///< ConvTranspose only
};

/// Conv: X [N, C, D...], W [M, C/group, k...]. Resolves auto_pad (SAME_UPPER, SAME_LOWER, VALID, NOTSET).
Result<ConvGeometry> convGeometry(const Node& node, std::span<const int64_t> x, std::span<const int64_t> w);
/// ConvTranspose: X [N, C, D...], W [C, M/group, k...]; honours output_shape and output_padding.
Result<ConvGeometry> convTransposeGeometry(const Node& node, std::span<const int64_t> x, std::span<const int64_t> w);

/// Whether a float convolution of this geometry runs faster channels-last (NHWC) than in the blocked layout on
/// oneDNN 2.6 with AVX-512, where oneDNN then picks its brgemm convolution: a spatial kernel (not 1x1), at least 256
/// output and 128 input channels on at most 14x14 output pixels (2-D, batch 1, no groups). Measured on the shared
/// models (bench_profile_steps, bench/archive/2026-11-22-fp32.md, "channels-last deep layers"): ResNet's layer3 and
/// layer4 3x3 convolutions run 3-10 % faster so; the 28x28 and 56x56 ones gain too little to pay for the reorders at
/// the region's edge, and 1x1 convolutions gain or lose a little either way (they follow their neighbours' layout).
/// Shape only: deterministic, nothing measured at preparation.
bool prefersChannelsLast(const ConvGeometry& g) noexcept;

/// 2-D windows without dilation whose padding is smaller than the kernel and whose last window starts inside the
/// input: every window then covers at least one input element, which the engine's own max-pool loops (blocked,
/// NHWC, plain) rely on to start each maximum from a real element instead of -inf.
bool windowsStartInside(const ConvGeometry& g) noexcept;

/// Pooling geometry (MaxPool/AveragePool/LpPool): kernel from kernel_shape, ceil_mode honoured.
Result<ConvGeometry> poolGeometry(const Node& node, std::span<const int64_t> x);

} // namespace qs::kernels
