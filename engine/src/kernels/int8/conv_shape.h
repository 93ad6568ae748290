// SPDX-License-Identifier: MIT
// Geometry of a 2-D grouped convolution in ONNX terms (NCHW activations, [OC, IC/group, KH, KW] weights).
#pragma once

#include <quantscope/engine/status.h>

#include <cstdint>
#include <string>

namespace qs::kernels::int8 {

struct ConvShape
{
    int64_t batch = 1;
    int64_t inChannels = 0;
    int64_t inHeight = 0;
    int64_t inWidth = 0;
    int64_t outChannels = 0;
    int64_t group = 1;
    int64_t kernelHeight = 1;
    int64_t kernelWidth = 1;
    int64_t strideHeight = 1;
    int64_t strideWidth = 1;
    int64_t dilationHeight = 1;
    int64_t dilationWidth = 1;
    int64_t padTop = 0;
    int64_t padLeft = 0;
    int64_t padBottom = 0;
    int64_t padRight = 0;

    int64_t outHeight() const noexcept
    {
        return (inHeight + padTop + padBottom - dilationHeight * (kernelHeight - 1) - 1) / strideHeight + 1;
    }
    int64_t outWidth() const noexcept
    {
        return (inWidth + padLeft + padRight - dilationWidth * (kernelWidth - 1) - 1) / strideWidth + 1;
    }
    int64_t inChannelsPerGroup() const noexcept { return inChannels / group; }
    int64_t outChannelsPerGroup() const noexcept { return outChannels / group; }
    int64_t weightCount() const noexcept { return outChannels * inChannelsPerGroup() * kernelHeight * kernelWidth; }
    int64_t inputCount() const noexcept { return batch * inChannels * inHeight * inWidth; }
    int64_t outputCount() const noexcept { return batch * outChannels * outHeight() * outWidth(); }
    /// Multiply-accumulates of one run (for GOP/s figures: 2 ops each).
    int64_t macCount() const noexcept { return outputCount() * inChannelsPerGroup() * kernelHeight * kernelWidth; }

    /// InvalidArgument naming the problem when a size is non-positive, channels do not divide by group, or the
    /// output would be empty.
    Status validate() const;
    /// "N1 C16->32 320x320 k3x3 s2x2 d1x1 p1,1,1,1 g1"
    std::string toString() const;
};

} // namespace qs::kernels::int8
