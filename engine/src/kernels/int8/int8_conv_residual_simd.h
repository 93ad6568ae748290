// SPDX-License-Identifier: MIT
// The loops of Int8Conv's sparse residual (int8_conv_residual.cpp) per ISA (kernels/README.md, "per-ISA files behind
// one table per family"): the AVX2 corrections behind detail::ResidualSimd (int8_conv_residual_avx2.cpp), and the
// x86-64 baseline's SSE2 loops, which every x86-64 CPU runs and so need no table (int8_conv_residual_sse2.cpp). The
// portable correction, the definition the others compute exactly, stays in int8_conv_residual.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

namespace qs::kernels::int8 {

constexpr int64_t kCorrectionTile = 16;

/// Where the residual reads x - zp: per needed input channel a plane of `rows` input rows (those the output rows reach,
/// padding included), each split into `strideW` sub-rows by input column modulo the stride and widened by zero
/// margins, so that every residual weight reads kCorrectionTile contiguous values for any output tile with neither
/// bounds checks nor masks (padding contributes x - zp = 0, as in ONNX).
struct PlaneGeometry
{
    int64_t rows = 0;
    int64_t rowMin = 0; ///< input row of plane row 0 (negative with top padding)
    int64_t strideW = 1;
    int64_t width = 0; ///< values per sub-row
    int64_t columnMin = 0; ///< sub-row position of entry 0 (negative with left padding)
    int64_t subRows() const noexcept { return rows * strideW; }
    int64_t planeSize() const noexcept { return rows * strideW * width; }
    /// Element index of input row ih, sub-row phase, position m (input column m * strideW + phase) of plane q.
    int64_t index(int64_t q, int64_t ih, int64_t phase, int64_t m) const noexcept
    {
        return ((q * rows + ih - rowMin) * strideW + phase) * width + m - columnMin;
    }
};

/// One residual weight of one corrected output channel: `value` times the plane values from `offset` + the output
/// row's offset + the tile's first column (everything that does not depend on the output position is hoisted).
struct Correction
{
    int64_t offset = 0;
    int32_t value = 0;
    /// int16 madd operand (int16 weights only): this weight in the low half, the channel's next one in the high half
    /// (0 for its last odd one); set for every other weight of a channel, from its first.
    int32_t pairValue = 0;
};

/// Adds the residual of `correctedCount` output channels (`channels`, their weights corrections[begin[r] ..
/// begin[r + 1])) to the NHWC int32 tile of `count` pixels (`oc` apart) whose plane values start at `x`.
using ApplyCorrections = void (*)(int32_t* tile, int64_t oc, int64_t count, const int16_t* x, const int32_t* channels,
    const size_t* begin, int64_t correctedCount, const Correction* corrections);

namespace detail {

/// The int16 multiply-add forms (every residual weight fits int16: Int8Conv::Impl::int16Weights).
struct ResidualSimd
{
    ApplyCorrections apply8; ///< tiles of up to 8 pixels
    ApplyCorrections apply16; ///< tiles of up to kCorrectionTile pixels
};
extern const ResidualSimd kResidualAvx2; ///< int8_conv_residual_avx2.cpp

// The x86-64 baseline (SSE2, int8_conv_residual_sse2.cpp).
/// applyCorrections8 in 128-bit registers (int16 weights).
void applyCorrections8Sse2(int32_t* tile, int64_t oc, int64_t count, const int16_t* x, const int32_t* channels,
    const size_t* begin, int64_t correctedCount, const Correction* corrections);
/// Writes x - zp of input rows [rowBegin, rowEnd) of one image (`width` pixels a row, channels `chStride` and pixels
/// `pxStride` bytes apart) into the planes of the `count` input channels `channels`, their interiors only (the margins
/// stay zero); rows and columns modulo the stride that no residual weight reads (`rowUsed`, `phaseUsed`) are skipped.
void buildPlanes(int16_t* planes, const PlaneGeometry& g, const uint8_t* image, const int32_t* channels, int64_t count,
    int64_t rowBegin, int64_t rowEnd, int64_t width, int64_t chStride, int64_t pxStride, int32_t zp,
    const uint8_t* rowUsed, const uint8_t* phaseUsed);

} // namespace detail

/// The AVX2 corrections where the CPU has AVX2, else nullptr. The CPU alone decides, not DNNL_MAX_CPU_ISA, as before
/// the loops had a table: every form computes the same integers.
const detail::ResidualSimd* residualSimd() noexcept;

} // namespace qs::kernels::int8
