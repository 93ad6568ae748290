// SPDX-License-Identifier: MIT
// Int8Conv's unsplit weights (int8_conv_unsplit.h): whether a run's source proves that no u8·s8 pair of the original
// weights can leave int16, globally or per pair of input channels, so they run exactly without the residual.
#include "kernels/int8/int8_conv_unsplit.h"

#include "kernels/int8/target_clones.h"

#include <algorithm>
#include <cstdlib>

namespace qs::kernels::int8 {

namespace {

/// The largest byte of a buffer (a kernel's source, to decide whether the unsplit weights are exact for it).
QS_CLONES uint8_t maxByte(const uint8_t* p, size_t n)
{
    uint8_t m = 0;
    for (size_t i = 0; i < n; ++i)
        m = std::max(m, p[i]);
    return m;
}

/// Per channel, the largest byte over the pixels of an NHWC buffer, into `out` (zeroed by the caller).
QS_CLONES void channelMaxima(const uint8_t* p, int64_t pixels, int64_t channels, uint8_t* out)
{
    for (int64_t i = 0; i < pixels; ++i)
        for (int64_t c = 0; c < channels; ++c)
            out[c] = std::max(out[c], p[i * channels + c]);
}

} // namespace

bool UnsplitCheck::allBelowMax(const uint8_t* source, size_t size) const
{
    // In blocks, so that a source out of bounds (a full-range one) is found after a few KiB.
    constexpr size_t kBlock = 4096;
    for (size_t i = 0; i < size; i += kBlock)
        if (maxByte(source + i, std::min(kBlock, size - i)) > m_maxSource)
            return false;
    return true;
}

void UnsplitCheck::listPairs(
    const ConvShape& s, const std::vector<ResidualWeight>& residual, const std::vector<int8_t>& unsplit)
{
    const int64_t icg = s.inChannelsPerGroup(), khw = s.kernelHeight * s.kernelWidth;
    m_channels = s.inChannels;
    for (const ResidualWeight& r : residual) { // the split pairs' even weights
        const size_t even = size_t((int64_t(r.row) * icg + r.reduction) * khw + r.inner);
        m_pairs.push_back({ int32_t(r.row / s.outChannelsPerGroup() * icg + r.reduction),
            int16_t(std::abs(int32_t(unsplit[even]))), int16_t(std::abs(int32_t(unsplit[even + size_t(khw)]))) });
    }
}

bool UnsplitCheck::fits(const uint8_t* source, size_t size)
{
    if (allBelowMax(source, size))
        return true;
    if (m_pairs.empty())
        return false;
    // Sharper, for sources with a few large channels: each split pair against the maxima of its two channels.
    const int64_t c = m_channels;
    m_maxima.assign(size_t(c), 0);
    channelMaxima(source, int64_t(size) / c, c, m_maxima.data());
    for (const Pair& p : m_pairs)
        if (int32_t(p.even) * m_maxima[size_t(p.channel)] + int32_t(p.odd) * m_maxima[size_t(p.channel) + 1] > 32767)
            return false;
    return true;
}

} // namespace qs::kernels::int8
