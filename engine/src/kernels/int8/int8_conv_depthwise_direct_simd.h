// SPDX-License-Identifier: MIT
// The loops of the depthwise path's direct form (int8_conv_depthwise_direct.cpp) per ISA (kernels/README.md, "per-ISA
// files behind one table per family"): the AVX2 ones in int8_conv_depthwise_direct_avx2.cpp, the AVX-512 ones in
// int8_conv_depthwise_direct_avx512.cpp. The executor's per-channel tail loop is the portable form.
#pragma once

#include "kernels/int8/int8_conv_depthwise_simd.h"

#include <array>
#include <cstdint>

namespace qs::kernels::int8 {

namespace detail {

/// `count` output pixels of a depthwise convolution on NHWC uint8 activations, channels [first, blockChannels) (both
/// multiples of 8), into `out` (NHWC int32, pixels `outStride` apart). `taps` holds 2·pairs pointers to the channel
/// vectors the first pixel's kernel positions read (positions outside the image point to a row of the zero point, the
/// last of an odd count too, with weight 0); the next pixel's are `step` bytes further, so the pointers of a run of
/// pixels with `count` > 1 must all stay inside what they point to. `packed` holds (w - zp_w) of positions 2p (low
/// half) and 2p + 1 (high) per channel, in blocks of the table's `widest` channels, then halving ones, in the loops'
/// lane order (depthwiseDirectLaneChannel): the block at channel c spans packed[c·pairs, (c + width)·pairs), pair p at
/// p·width. `zpSums` (zp·Σ w per channel) is subtracted: Σ over every position of x·w − zp·Σ w = Σ over the valid ones
/// of (x − zp)·w.
using DepthwiseDirectPixels
    = void (*)(const uint8_t* const* taps, int64_t step, int64_t count, int64_t pairs, int64_t first,
        int64_t blockChannels, const int32_t* packed, const int32_t* zpSums, int32_t* out, int64_t outStride);

struct DepthwiseDirectSimd
{
    /// [0]: 5 pairs (3x3 kernels), [1]: 13 pairs (5x5), both unrolled; [2]: any count (depthwiseDirectPixelsFor picks).
    std::array<DepthwiseDirectPixels, 3> pixels;
    int64_t widest; ///< channels of its widest block: 16 (AVX2), 32 (AVX-512)
};
extern const DepthwiseDirectSimd kDepthwiseDirectAvx2; ///< int8_conv_depthwise_direct_avx2.cpp
extern const DepthwiseDirectSimd kDepthwiseDirectAvx512; ///< int8_conv_depthwise_direct_avx512.cpp

/// Which channel of a block of `width` (8, 16 or 32) lane k of its packed weights holds: the loops widen 8 channels per
/// 128-bit lane and interleave two positions with vpunpcklwd / vpunpckhwd, which work per 128-bit lane, so the low
/// accumulator holds channels 0-3 of every group of 8 and the high one channels 4-7.
constexpr int64_t depthwiseDirectLaneChannel(int64_t width, int64_t k)
{
    const int64_t half = width / 2, kk = k % half;
    return (kk / 4) * 8 + (k < half ? 0 : 4) + kk % 4;
}

/// The table's loop for kernels of `pairs` pairs of positions.
inline DepthwiseDirectPixels depthwiseDirectPixelsFor(const DepthwiseDirectSimd& simd, int64_t pairs)
{
    return simd.pixels[pairs == 5 ? 0 : pairs == 13 ? 1 : 2];
}

} // namespace detail

/// The direct form's loops on this CPU (quant::bestQuantIsa(), capped by DNNL_MAX_CPU_ISA): AVX-512 or AVX2, or nullptr
/// without AVX2 (as depthwiseSimd()).
const detail::DepthwiseDirectSimd* depthwiseDirectSimd() noexcept;

} // namespace qs::kernels::int8
