// SPDX-License-Identifier: MIT
// Resize is separable: every output element is a weighted sum over a window of input positions along each axis, and
// the weights of an axis depend only on the output index along that axis. AxisTaps holds one axis' windows (source
// indices and weights per output index), computed once at preparation for nearest, linear and cubic, every
// coordinate transformation mode, exclude_outside and antialias (opset 18); the kernel (resize.cpp) then runs one
// pass per resized axis.
#pragma once

#include <quantscope/engine/status.h>

#include <cstdint>
#include <string>
#include <vector>

namespace qs::kernels {

enum class ResizeMode
{
    Nearest,
    Linear,
    Cubic,
};

struct ResizeAxisParams
{
    ResizeMode mode = ResizeMode::Nearest;
    std::string coordinateMode = "half_pixel"; ///< coordinate_transformation_mode
    std::string nearestMode = "round_prefer_floor";
    float cubicA = -0.75f;
    bool excludeOutside = false;
    bool antialias = false; ///< linear and cubic only
    int64_t inLen = 1;
    int64_t outLen = 1;
    float scale = 1.0f; ///< output / input as the op defines it (from scales, or sizes / input)
    float roiStart = 0.0f, roiEnd = 1.0f; ///< tf_crop_and_resize
};

struct AxisTaps
{
    int64_t window = 1; ///< taps per output index
    std::vector<int64_t> index; ///< outLen * window source indices, all within [0, inLen)
    std::vector<float> weight; ///< their weights (0 for unused taps)
    std::vector<char> outside; ///< tf_crop_and_resize: output index maps outside the input (extrapolation value)
    bool identity = false; ///< outLen == inLen and output o reads input o alone with weight 1
    bool anyOutside = false;
};

/// The windows of one axis; Unsupported for an unknown coordinate transformation or nearest mode.
Result<AxisTaps> resizeAxisTaps(const ResizeAxisParams& p);

} // namespace qs::kernels
