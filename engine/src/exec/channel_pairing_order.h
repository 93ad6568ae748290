// SPDX-License-Identifier: MIT
// The search behind rewrite 11 (channel_pairing_rewrites.cpp): the cost of pairing every two channels of an int8
// activation for its readers' weights, and a channel order whose adjacent pairs cost little. Pure functions on
// weights, kept apart from the graph rewrite so that they can be tested on hand-made costs.
#pragma once

#include <cstdint>
#include <vector>

namespace qs {

namespace channel_pairing {

/// Consumer weights of one activation class, as the kernels give them to the int8 dot product: `values` holds, per
/// channel c, `positions` signed weights (w - zp clamped to s8) at offset c * positions; `pixels` weighs each pair
/// the consumer has to correct by its output size.
struct ConsumerWeights
{
    std::vector<int16_t> values;
    int64_t positions = 0;
    int64_t pixels = 1;
    /// Input pixels (H x W): what building the int16 plane of one input channel for the residual costs.
    int64_t planePixels = 0;
};

/// Relative cost of one plane element against one residual weight applied at one output pixel (perf on resnet18's
/// AVX2 run: about half of the correction each, ~2 M plane elements vs ~13 M weight-pixels).
inline constexpr int64_t kPlaneElementCost = 7;

/// Cost of pairing every two channels, summed over consumers: the positions where the pair's int16 sum would
/// saturate (|a + b| > 128) times the consumer's output pixels, plus, when there is any, the int16 plane of the pair's
/// even channel that the residual then reads (kPlaneElementCost per input pixel); [a * channels + b], symmetric.
std::vector<int64_t> pairCosts(const std::vector<ConsumerWeights>& consumers, int64_t channels);

/// A channel order (new position -> original channel) whose adjacent pairs (2p, 2p + 1) have a low total cost:
/// greedy matching by ascending cost, then pair exchanges while they lower the total. Identity when that is not
/// cheaper than the authored order.
std::vector<int32_t> pairingOrder(const std::vector<int64_t>& costs, int64_t channels);

/// Total cost of the pairs (order[2p], order[2p + 1]).
int64_t orderCost(const std::vector<int64_t>& costs, int64_t channels, const std::vector<int32_t>& order);

} // namespace channel_pairing

} // namespace qs
