// SPDX-License-Identifier: MIT
// The loops of Int8Conv's depthwise path (int8_conv_depthwise.cpp) per ISA (kernels/README.md, "per-ISA files behind
// one table per family"): the AVX2 ones in int8_conv_depthwise_avx2.cpp. The executor's per-channel tail loop is the
// portable form.
#pragma once

#include <cstdint>

namespace qs::kernels::int8 {

/// The largest kernel (KH·KW) the depthwise path takes: its per-pixel position pointers live on the stack.
inline constexpr int64_t kDepthwiseMaxTaps = 64;

namespace detail {

/// `count` output pixels of a depthwise convolution on NHWC uint8 activations, channels [0, blockChannels) (a multiple
/// of 8), into `out` (NHWC int32, `blockChannels` apart... `outStride` apart). `taps` holds 2·pairs pointers to the
/// channel vectors the first pixel's kernel positions read (positions outside the image point to a vector of the zero
/// point, the last of an odd count too, with weight 0); the next pixel's are `step` bytes further, so the pointers of
/// a run of pixels with `count` > 1 must all be inside the image. `packed` holds (w - zp_w) of positions 2p (low
/// half) and 2p + 1 (high) per channel, in blocks of 16 channels (then one of 8) in the loop's lane order: the block
/// at channel c spans packed[c·pairs, (c + width)·pairs), pair p at p·width. `zpSums` (zp·Σ w per channel) is
/// subtracted: Σ over every position of x·w − zp·Σ w = Σ over the valid ones of (x − zp)·w.
using DepthwisePixels = void (*)(const uint8_t* const* taps, int64_t step, int64_t count, int64_t pairs,
    int64_t blockChannels, const int32_t* packed, const int32_t* zpSums, int32_t* out, int64_t outStride);

struct DepthwiseSimd
{
    DepthwisePixels pixels;
};
extern const DepthwiseSimd kDepthwiseAvx2; ///< int8_conv_depthwise_avx2.cpp

/// Where the 16 channels of a block land in the AVX2 loop's two accumulators (vpunpcklwd / vpunpckhwd work per
/// 128-bit lane): lane k of the packed block holds channel kDepthwiseLane16[k]. Blocks of 8 are in channel order.
inline constexpr int kDepthwiseLane16[16] = { 0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15 };

} // namespace detail

/// The depthwise path's loops on this CPU: the AVX2 ones (also on AVX-512 CPUs), or nullptr without AVX2 (Int8Conv's
/// plan then takes another path).
const detail::DepthwiseSimd* depthwiseSimd() noexcept;

} // namespace qs::kernels::int8
