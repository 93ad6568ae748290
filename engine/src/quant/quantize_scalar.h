// SPDX-License-Identifier: MIT
// The scalar element operations, shared by the reference table and the vector paths' remainder loops, so the
// two can never drift apart.
#pragma once

#include <cmath>
#include <cstdint>

namespace qs::quant::detail {

/// Clamp written as the x86 max/min instructions behave (a NaN input yields `lo`), so vector and scalar agree.
inline float clampLikeSimd(float v, float lo, float hi)
{
    v = v > lo ? v : lo;
    return v < hi ? v : hi;
}

/// round_half_even(x / scale) + zeroPoint, saturated to [lo, hi]. nearbyint rounds half to even in the default
/// floating-point environment, the same mode _mm*_round_ps(_MM_FROUND_TO_NEAREST_INT) uses.
inline int32_t quantizeOne(float x, float scale, float zeroPoint, float lo, float hi)
{
    const float q = std::nearbyint(x / scale) + zeroPoint;
    return static_cast<int32_t>(clampLikeSimd(q, lo, hi));
}

inline float dequantizeOne(int32_t x, int32_t zeroPoint, float scale)
{
    // Wrapping subtraction: only int32 inputs can overflow, and then ONNX Runtime wraps as well.
    const auto d = static_cast<int32_t>(static_cast<uint32_t>(x) - static_cast<uint32_t>(zeroPoint));
    return static_cast<float>(d) * scale;
}

} // namespace qs::quant::detail
