// SPDX-License-Identifier: MIT
// The AVX-512 VNNI loops of Int8Conv's VNNI depthwise path (int8_conv_depthwise_vnni.cpp), in
// int8_conv_depthwise_vnni_avx512.cpp.
//
// vpdpbusd sums four u8 x s8 products per int32 lane straight into the accumulator (no int16 step, no saturation),
// so one instruction covers four horizontal kernel taps of 16 channels when each lane holds one channel's four
// neighbouring input columns. The executor stages each input row once in blocks of 16 channels, column after column
// ([block][column][16 bytes], zero-point padded), so four consecutive columns of a block are 64 contiguous bytes; the
// loops load them and regroup them per channel with one vpermb (lane c: columns 0..3 of channel c), then one vpdpbusd
// with the kernel row's weights [c][4 taps] (3x3: taps 0-2 and a zero; 5x5: taps 0-3, then tap 4 and three zeros from
// the columns 4 to the right). Per output pixel and 16 channels a 3x3 kernel takes 3 vpdpbusd (port 0) and 3 vpermb
// (port 5), where oneDNN's brdgmm_dw takes 9 vpdpbusd, one useful byte per lane each.
#pragma once

#include <cstdint>

namespace qs::kernels::int8::detail {

/// One output row's run of `count` pixels, for every block of 16 channels.
struct VnniDepthwiseTile
{
    /// Per kernel row: the staged input row ([blocks][columns][16] bytes), offset to the first pixel's first column.
    const uint8_t* const* rows = nullptr;
    int64_t blockStride = 0; ///< bytes between a staged row's blocks: columns · 16
    int64_t blocks = 0;
    int64_t channels = 0; ///< the layer's; the last block's lanes from it on are neither read back nor stored
    /// Per block, per kernel row, per quad (1 for 3x3, 2 for 5x5): 64 bytes, channel c's four taps at 4c..4c+3.
    const int8_t* weights = nullptr;
    /// Per channel (blocks · 16): added to the raw sum of x·w. -zp·Σw for int32 sums; for requantized bytes the
    /// requantization's int32 bias too.
    const int32_t* offset = nullptr;
};

/// The requantizing store (requantize_simd.h's arithmetic lane by lane): float(sum + offset) · scale, clamped to
/// [lo, hi] (the output range minus the zero point), rounded half to even, plus the zero point, as a byte.
struct VnniDepthwiseRequant
{
    const float* scale = nullptr; ///< per channel (blocks · 16)
    int32_t zeroPoint = 0;
    bool signedOut = false; ///< int8 output (else uint8)
    /// |float(sum + offset) · scale| < 2^30 for any input, proven from the weights: the loops may then round first and
    /// clamp the bytes (the conversion cannot overflow int32), one operation per 64 bytes instead of two per 16.
    bool byteClamp = false;
    float lo = 0, hi = 255;
};

/// Int32 sums (sum + offset) into out[p · channels + c].
using VnniDepthwiseInt32 = void (*)(const VnniDepthwiseTile& tile, int64_t count, int32_t* out);
/// Requantized bytes into out[p · channels + c].
using VnniDepthwiseBytes
    = void (*)(const VnniDepthwiseTile& tile, const VnniDepthwiseRequant& rq, int64_t count, uint8_t* out);

/// One input row into its staged form: `row` (NHWC, inWidth x channels bytes, or null for a row of padding) into
/// staged[b · columns · 16 + col · 16 + k] = row[col - padLeft][16 b + k], `zeroPoint` where col - padLeft is outside
/// the row; lanes past `channels` in the last block are unspecified (their weights are 0).
struct VnniStageSpec
{
    int64_t inWidth = 0, channels = 0, blocks = 0, padLeft = 0, columns = 0;
};
using VnniStageRow = void (*)(const uint8_t* row, const VnniStageSpec& spec, uint8_t zeroPoint, uint8_t* staged);

struct VnniDepthwiseSimd
{
    VnniStageRow stageRow;
    /// [0] 3x3 stride 1, [1] 3x3 stride 2, [2] 5x5 stride 1, [3] 5x5 stride 2 (horizontal stride; no dilation).
    VnniDepthwiseInt32 int32[4];
    VnniDepthwiseBytes bytes[4];
};
extern const VnniDepthwiseSimd kVnniDepthwiseAvx512; ///< int8_conv_depthwise_vnni_avx512.cpp

/// The loops' index for a kernel, or -1: 3x3 or 5x5, horizontal stride 1 or 2, no horizontal dilation.
inline int vnniDepthwiseKind(int64_t kernelHeight, int64_t kernelWidth, int64_t strideW, int64_t dilationW)
{
    if (kernelHeight != kernelWidth || (kernelWidth != 3 && kernelWidth != 5) || dilationW != 1
        || (strideW != 1 && strideW != 2))
        return -1;
    return (kernelWidth == 5 ? 2 : 0) + (strideW == 2 ? 1 : 0);
}

} // namespace qs::kernels::int8::detail
