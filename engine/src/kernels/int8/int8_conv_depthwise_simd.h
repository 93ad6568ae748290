// SPDX-License-Identifier: MIT
// The loops of Int8Conv's depthwise path (int8_conv_depthwise.cpp) per ISA (kernels/README.md, "per-ISA files behind
// one table per family"): AVX2 in int8_conv_depthwise_avx2.cpp, AVX-512 in int8_conv_depthwise_avx512.cpp.
//
// The work is split in two so that the widening is paid once per input value, not once per kernel position:
// widenRow widens one input row to int16 (x - zp, zero-point padded), the executor keeps the widened rows of the last
// kernel-height input rows, and the pixel loops read two kernel positions' int16 vectors, interleave them (vpunpcklwd /
// vpunpckhwd) and multiply them with the positions' weights (vpmaddwd) into int32, for several output pixels at once.
#pragma once

#include <array>
#include <cstdint>

namespace qs::kernels::int8 {

/// The largest kernel (KH·KW) the depthwise path takes.
inline constexpr int64_t kDepthwiseMaxTaps = 64;

namespace detail {

/// One widened row (widenRow): int16 [paddedChannels / block][columns][block] (each block of channels has its columns
/// together, so the pixel loops read them at constant offsets from one pointer per kernel row), column pc holding
/// xp[pc] - zp, where xp is the input row with padLeft columns of zp in front and zp after its end, so padding
/// contributes 0. Within a block the channels are in the order the pixel loops' interleaving undoes (blockChannel): the
/// low half of a block's products then holds its first channels in order, the high half the rest. Channels from
/// `channels` to paddedChannels hold 0 - zp (their weights are 0).
struct DepthwiseRowSpec
{
    int64_t inWidth = 0;
    int64_t channels = 0;
    int64_t paddedChannels = 0; ///< a multiple of the table's `block`
    int64_t padLeft = 0;
    int64_t columns = 0; ///< (OW - 1)·strideW + (KW - 1)·dilationW + 1
    int32_t zeroPoint = 0;
};
using DepthwiseWidenRow = void (*)(const uint8_t* row, const DepthwiseRowSpec& spec, int16_t* widened);

/// `count` output pixels of one output row: rows[r] is the widened row of kernel row r (or a row of zeros outside the
/// image), already offset to the first pixel's first column. The kernel positions are taken in pairs in (row, column)
/// order, the last of an odd count with a zero partner. `packed` holds, per block b and pair p, `block` int32: the
/// low int16 the weight (w - zp_w) of position 2p, the high one that of 2p + 1 (0 past the kernel), channels in order
/// (b·block + k at k), 0 from `channels` on. `out`: NHWC int32, pixels `channels` apart; only channels [0, channels)
/// are written. |x - zp| <= 255 and |w - zp_w| <= 255, so a pair sums to at most 2·255² and the int32 sum of up to
/// kDepthwiseMaxTaps products cannot overflow: exact.
struct DepthwiseTile
{
    const int16_t* const* rows = nullptr;
    int64_t kernelHeight = 0, kernelWidth = 0;
    int64_t strideWidth = 1, dilationWidth = 1;
    int64_t blockStride = 0; ///< int16 between a row's blocks: columns · block
    int64_t channels = 0;
    const int32_t* packed = nullptr;
};
using DepthwisePixels = void (*)(const DepthwiseTile& tile, int64_t count, int32_t* out);

struct DepthwiseSimd
{
    DepthwiseWidenRow widenRow;
    /// Unrolled, for no dilation: [0] 3x3 stride 1, [1] 3x3 stride 2, [2] 5x5 stride 1, [3] 5x5 stride 2; [4]: any
    /// kernel, stride and dilation (depthwisePixelsFor picks).
    std::array<DepthwisePixels, 5> pixels;
    int64_t block; ///< channels per block (two vectors of int32 products): paddedChannels is a multiple of it
    const char* name; ///< Int8Conv::implementation()
};
extern const DepthwiseSimd kDepthwiseAvx2; ///< int8_conv_depthwise_avx2.cpp
extern const DepthwiseSimd kDepthwiseAvx512; ///< int8_conv_depthwise_avx512.cpp

/// Where channel k of a block of `block` (16 or 32) channels sits in a widened row's block: vpunpcklwd / vpunpckhwd
/// interleave per 128-bit lane, so lane L must hold 64-bit quarter L (channels 4L..4L+3, the low half's) and quarter
/// L + lanes (the high half's).
constexpr int64_t depthwiseBlockSlot(int64_t block, int64_t k)
{
    const int64_t lanes = block / 8, quarter = k / 4;
    return (quarter % lanes) * 8 + (quarter / lanes) * 4 + k % 4;
}

/// The table's loop for a kernelHeight x kernelWidth kernel of horizontal stride and dilation strideW, dilationW.
inline DepthwisePixels depthwisePixelsFor(
    const DepthwiseSimd& simd, int64_t kernelHeight, int64_t kernelWidth, int64_t strideW, int64_t dilationW)
{
    const bool square = kernelHeight == kernelWidth && (kernelWidth == 3 || kernelWidth == 5);
    if (!square || dilationW != 1 || (strideW != 1 && strideW != 2))
        return simd.pixels[4];
    return simd.pixels[(kernelWidth == 5 ? 2 : 0) + (strideW == 2 ? 1 : 0)];
}

} // namespace detail

/// The depthwise path's loops on this CPU (quant::bestQuantIsa(), capped by DNNL_MAX_CPU_ISA): AVX-512 or AVX2, or
/// nullptr without AVX2 (Int8Conv's plan then takes another path).
const detail::DepthwiseSimd* depthwiseSimd() noexcept;

} // namespace qs::kernels::int8
