// SPDX-License-Identifier: MIT
// Int8Conv's sparse residual (clamped outliers and split pairs, int8_saturation.h): grouped per output channel at
// load time, applied per tile of output pixels from int16 planes of x - zp built once per image.
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/simd_table.h"

#include <algorithm>

namespace qs::kernels::int8 {

namespace {

/// Adds the sparse residual to one NHWC int32 tile of `count` <= kLanes output pixels. Per corrected channel its
/// residual weights are summed as AXPYs over the tile's pixels (contiguous in the planes, see PlaneGeometry), then
/// added to the channel's column of the tile, which is in L1 for the store that follows. This is the portable form,
/// the definition; the int16 multiply-add forms (int8_conv_residual_simd.h) compute the same sums.
template <int64_t kLanes>
QS_CLONES void applyCorrections(int32_t* tile, int64_t oc, int64_t count, const int16_t* x, const int32_t* channels,
    const size_t* begin, int64_t correctedCount, const Correction* corrections)
{
    for (int64_t r = 0; r < correctedCount; ++r) {
        int32_t sum[kLanes] = {};
        for (size_t e = begin[r]; e < begin[r + 1]; ++e) {
            const int16_t* src = x + corrections[e].offset;
            const int32_t v = corrections[e].value;
            for (int64_t k = 0; k < kLanes; ++k)
                sum[k] += v * int32_t(src[k]);
        }
        int32_t* px = tile + channels[r];
        for (int64_t k = 0; k < count; ++k)
            px[k * oc] += sum[k];
    }
}

} // namespace

const detail::ResidualSimd* residualSimd() noexcept
{
    return simdTable(quant::QuantIsa::Avx2, &detail::kResidualAvx2, &detail::kResidualAvx2);
}

void Int8Conv::Impl::planCorrections()
{
    const ConvShape& s = shape;
    const int64_t icg = s.inChannelsPerGroup(), ocg = s.outChannelsPerGroup(), sw = s.strideWidth;
    std::vector<int32_t> planeOf(size_t(s.inChannels), -1);
    for (const ResidualWeight& r : residual)
        planeOf[size_t((r.row / ocg) * icg + r.reduction)] = 0;
    // When the residual reads most channels, every channel gets a plane: runs of 8 consecutive channels are built
    // by byte transposition (buildPlanes), scattered channels one byte at a time. The pair split leaves its residual
    // on even channels only (int8_saturation.cpp): when it reads most of those and no odd one, every even channel
    // gets a plane instead, built 8 at a time from 16 channels.
    const int64_t read = std::count(planeOf.begin(), planeOf.end(), 0);
    bool evenOnly = true;
    for (int64_t c = 1; c < s.inChannels; c += 2)
        evenOnly = evenOnly && planeOf[size_t(c)] < 0;
    if (evenOnly && 4 * read >= s.inChannels && !residual.empty()) {
        for (int64_t c = 0; c < s.inChannels; c += 2)
            planeOf[size_t(c)] = 0;
    } else if (2 * read >= s.inChannels && !residual.empty()) {
        std::fill(planeOf.begin(), planeOf.end(), 0);
    }
    planeChannels.clear();
    for (int64_t c = 0; c < s.inChannels; ++c)
        if (planeOf[size_t(c)] >= 0) {
            planeOf[size_t(c)] = int32_t(planeChannels.size());
            planeChannels.push_back(int32_t(c));
        }
    // Rows and columns the output positions reach, rounded up to whole tiles: outside the image they read zeros.
    PlaneGeometry& g = planeGeometry;
    const int64_t oh = s.outHeight(), ow = s.outWidth();
    const int64_t tiles = (ow + kCorrectionTile - 1) / kCorrectionTile;
    g.rowMin = -s.padTop;
    g.rows = std::max((oh - 1) * s.strideHeight + (s.kernelHeight - 1) * s.dilationHeight + 1, s.inHeight + s.padTop);
    g.strideW = sw;
    const auto floorDiv = [](int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
    g.columnMin = floorDiv(-s.padLeft, sw);
    const int64_t columnMax
        = std::max(floorDiv((s.kernelWidth - 1) * s.dilationWidth - s.padLeft, sw) + tiles * kCorrectionTile,
            (s.inWidth + sw - 1) / sw);
    g.width = columnMax - g.columnMin;
    int16Weights = true;
    correctedChannels.clear();
    correctionBegin.assign(1, 0);
    corrections.clear();
    planeRowUsed.assign(size_t(s.inHeight), 0);
    planePhaseUsed.assign(size_t(sw), 0);
    for (const ResidualWeight& r : residual) { // ordered by oc
        if (correctedChannels.empty() || correctedChannels.back() != r.row) {
            correctedChannels.push_back(r.row);
            correctionBegin.push_back(correctionBegin.back());
        }
        // Output (i, j) reads input row i * strideH + kh * dilationH - padTop, column j * strideW + offset.
        const int64_t kh = r.inner / s.kernelWidth;
        const int64_t offset = (r.inner % s.kernelWidth) * s.dilationWidth - s.padLeft;
        const int64_t phase = offset - floorDiv(offset, sw) * sw;
        Correction c;
        c.offset = g.index(planeOf[size_t((r.row / ocg) * icg + r.reduction)], kh * s.dilationHeight - s.padTop, phase,
            floorDiv(offset, sw));
        c.value = r.value;
        int16Weights = int16Weights && r.value >= -32768 && r.value <= 32767;
        planePhaseUsed[size_t(phase)] = 1;
        for (int64_t i = 0; i < oh; ++i) {
            const int64_t ih = i * s.strideHeight + kh * s.dilationHeight - s.padTop;
            if (ih >= 0 && ih < s.inHeight)
                planeRowUsed[size_t(ih)] = 1;
        }
        corrections.push_back(c);
        ++correctionBegin.back();
    }
    // The madd operands, packed once here rather than per tile: weights 2t and 2t + 1 of each channel.
    for (size_t r = 0; r + 1 < correctionBegin.size(); ++r)
        for (size_t e = correctionBegin[r]; e < correctionBegin[r + 1]; e += 2) {
            const uint32_t hi = e + 1 < correctionBegin[r + 1] ? uint32_t(uint16_t(corrections[e + 1].value)) : 0u;
            corrections[e].pairValue = int32_t(uint32_t(uint16_t(corrections[e].value)) | (hi << 16));
        }
}

void Int8Conv::Impl::buildResidualPlanes(const uint8_t* image, int32_t zp, int64_t rowBegin, int64_t rowEnd)
{
    // The scratch is not preserved between runs: the margins are cleared with each build, not once.
    clearPlaneMargins(rowBegin, rowEnd);
    detail::buildPlanes(planes, planeGeometry, image, planeChannels.data(), int64_t(planeChannels.size()),
        std::max<int64_t>(rowBegin, 0), std::min(rowEnd, shape.inHeight), shape.inWidth, inChannelStride(),
        inPixelStride(), zp, planeRowUsed.data(), planePhaseUsed.data());
}

void Int8Conv::Impl::applyResidual(int32_t* tile, int64_t outputRow, int64_t firstColumn, int64_t count)
{
    const int64_t oc = shape.outChannels;
    // Plane elements between consecutive output rows.
    const int64_t rowStep = shape.strideHeight * planeGeometry.strideW * planeGeometry.width;
    const int16_t* x = planes + rowStep * outputRow + firstColumn;
    const int64_t corrected = int64_t(correctedChannels.size());
    // The AVX2 forms where the CPU has them, else SSE2's for narrow tiles; all need int16 weights (always, for 8-bit
    // weights), else the portable loop.
    if (count <= 8 && int16Weights)
        (residualLoops ? residualLoops->apply8 : detail::applyCorrections8Sse2)(
            tile, oc, count, x, correctedChannels.data(), correctionBegin.data(), corrected, corrections.data());
    else if (residualLoops && int16Weights)
        residualLoops->apply16(
            tile, oc, count, x, correctedChannels.data(), correctionBegin.data(), corrected, corrections.data());
    else
        applyCorrections<kCorrectionTile>(
            tile, oc, count, x, correctedChannels.data(), correctionBegin.data(), corrected, corrections.data());
}

} // namespace qs::kernels::int8
