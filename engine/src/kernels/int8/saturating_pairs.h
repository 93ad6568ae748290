// SPDX-License-Identifier: MIT
// Counting the positions where a pair of int16 weight rows would saturate vpmaddubsw's int16 pair sum
// (int8_saturation.h): the inner loop of the channel pairing search (exec/channel_pairing_order.cpp), which runs it
// for every two channels of an activation at preparation. Its vector code lives here, in the kernels layer, so that
// exec holds no intrinsics (engine/ARCHITECTURE.md).
#pragma once

#include "kernels/int8/int8_saturation.h"

#include <cstdint>

namespace qs::kernels::int8 {

/// Positions i < n with |a[i] + b[i]| > kPairSafeMagnitude (128). AVX2 when the CPU has it, else scalar; both give
/// the same count.
int32_t saturatingPairPositions(const int16_t* a, const int16_t* b, int64_t n);

namespace detail {
/// The scalar count: CPUs without AVX2, and the AVX2 loop's tail (inline there, as before the loop had its own file).
inline int32_t saturatingPositionsScalar(const int16_t* a, const int16_t* b, int64_t n)
{
    int32_t count = 0;
    for (int64_t i = 0; i < n; ++i) {
        const int s = a[i] + b[i];
        count += s > kPairSafeMagnitude || s < -kPairSafeMagnitude;
    }
    return count;
}

/// The loop of one ISA (saturating_pairs_avx2.cpp).
struct SaturatingPairsSimd
{
    int32_t (*count)(const int16_t* a, const int16_t* b, int64_t n);
};
extern const SaturatingPairsSimd kSaturatingPairsAvx2;
} // namespace detail

} // namespace qs::kernels::int8
