// SPDX-License-Identifier: MIT
// float16 / bfloat16 element types for kernels: 16-bit storage wrappers and conversions from float with ONNX's
// rounding (round to nearest even; NaN stays NaN; float16 overflows to infinity). Conversions to float are in
// tensor.h (halfToFloat, bfloat16ToFloat).
#pragma once

#include <quantscope/engine/tensor.h>

#include <bit>
#include <cstdint>

namespace qs::kernels {

struct Float16Bits
{
    uint16_t bits = 0;
};
struct BFloat16Bits
{
    uint16_t bits = 0;
};

inline uint16_t floatToHalf(float f) noexcept
{
    const uint32_t x = std::bit_cast<uint32_t>(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t absBits = x & 0x7fffffffu;
    if (absBits > 0x7f800000u) // NaN: keep it quiet
        return uint16_t(sign | 0x7e00u);
    if (absBits >= 0x477ff000u) // rounds to >= 65520: infinity
        return uint16_t(sign | 0x7c00u);
    if (absBits < 0x38800000u) { // below the smallest normal half (2^-14): subnormal or zero
        if (absBits < 0x33000000u) // below half of the smallest subnormal (2^-25): zero
            return uint16_t(sign);
        const uint32_t exponent = absBits >> 23;
        const uint32_t mantissa = (absBits & 0x7fffffu) | 0x800000u;
        const uint32_t shift = 126u - exponent; // 14..24 for exponents 112..102
        uint32_t half = mantissa >> shift;
        const uint32_t rest = mantissa & ((1u << shift) - 1u);
        const uint32_t halfway = 1u << (shift - 1u);
        if (rest > halfway || (rest == halfway && (half & 1u)))
            ++half;
        return uint16_t(sign | half);
    }
    // Normal: rebias the exponent, round the 13 dropped mantissa bits to nearest even (a carry may bump the exponent).
    uint32_t h = ((absBits - 0x38000000u) >> 13);
    const uint32_t rest = absBits & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
        ++h;
    return uint16_t(sign | h);
}

inline uint16_t floatToBFloat16(float f) noexcept
{
    const uint32_t x = std::bit_cast<uint32_t>(f);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return uint16_t((x >> 16) | 0x0040u);
    const uint32_t rounding = 0x7fffu + ((x >> 16) & 1u);
    return uint16_t((x + rounding) >> 16);
}

} // namespace qs::kernels
