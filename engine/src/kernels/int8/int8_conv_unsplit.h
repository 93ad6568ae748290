// SPDX-License-Identifier: MIT
// Whether a run's source lets a static layer's unsplit weights (the original s8 weights, before the pair split) run
// exactly, without the residual: no u8·s8 pair of them can leave int16 for that source (int8_conv_unsplit.cpp). Made
// by Int8Conv::Impl; oneDNN's and the own kernel's executors each keep the one of their weights.
#pragma once

#include "kernels/int8/conv_shape.h"
#include "kernels/int8/int8_saturation.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

class UnsplitCheck
{
public:
    /// A u8 source whose values are all <= maxSource keeps every pair sum of the unsplit weights inside int16
    /// (2 * max|w| * max x <= 32767, for any two weights a kernel pairs); -1: there are no unsplit weights.
    explicit UnsplitCheck(int32_t maxSource = -1)
        : m_maxSource(maxSource)
    { }
    int32_t maxSource() const noexcept { return m_maxSource; }
    /// Lists the pairs the split changed, for kernels that pair input channels 2p and 2p + 1 of an NHWC source at one
    /// kernel position: from the split's residual (one weight per pair, on the even channel; no clamped outliers, see
    /// Int8Conv::Impl::splitWeights) and the original weights `unsplit` (s8 [OC, IC/group, KH, KW]).
    void listPairs(
        const ConvShape& shape, const std::vector<ResidualWeight>& residual, const std::vector<int8_t>& unsplit);
    /// Every byte of the NHWC source (`size` bytes) <= maxSource, or else every listed pair within int16 for the
    /// source's per-channel maxima.
    bool fits(const uint8_t* source, size_t size);

private:
    bool allBelowMax(const uint8_t* source, size_t size) const;

    int32_t m_maxSource = -1;
    int64_t m_channels = 0; ///< of the source
    /// A pair the split changed: its even channel and the original weights' magnitudes. Same signs (only those
    /// offend), so |w_e x_e + w_o x_o| <= even * max x_e + odd * max x_o.
    struct Pair
    {
        int32_t channel;
        int16_t even, odd;
    };
    std::vector<Pair> m_pairs;
    std::vector<uint8_t> m_maxima; ///< per channel, of the last source checked against the pairs
};

} // namespace qs::kernels::int8
