// SPDX-License-Identifier: MIT
#include "exec/channel_pairing_order.h"

#include "kernels/int8/saturating_pairs.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <tuple>

namespace qs {

namespace channel_pairing {

std::vector<int64_t> pairCosts(const std::vector<ConsumerWeights>& consumers, int64_t channels)
{
    std::vector<int64_t> cost(static_cast<size_t>(channels * channels), 0);
    for (const ConsumerWeights& c : consumers)
        for (int64_t a = 0; a < channels; ++a)
            for (int64_t b = a + 1; b < channels; ++b) {
                const int64_t n = kernels::int8::saturatingPairPositions(
                    c.values.data() + a * c.positions, c.values.data() + b * c.positions, c.positions);
                cost[size_t(a * channels + b)] += n * c.pixels + (n > 0 ? kPlaneElementCost * c.planePixels : 0);
            }
    for (int64_t a = 0; a < channels; ++a)
        for (int64_t b = a + 1; b < channels; ++b)
            cost[size_t(b * channels + a)] = cost[size_t(a * channels + b)];
    return cost;
}

int64_t orderCost(const std::vector<int64_t>& costs, int64_t channels, const std::vector<int32_t>& order)
{
    int64_t total = 0;
    for (int64_t p = 0; p + 1 < channels; p += 2)
        total += costs[size_t(order[size_t(p)] * channels + order[size_t(p + 1)])];
    return total;
}

std::vector<int32_t> pairingOrder(const std::vector<int64_t>& costs, int64_t channels)
{
    std::vector<int32_t> identity(static_cast<size_t>(channels));
    std::iota(identity.begin(), identity.end(), 0);
    if (channels < 4)
        return identity;
    const auto cost = [&](int32_t a, int32_t b) { return costs[size_t(a * channels + b)]; };
    // Greedy: cheapest pairs first (ties by channel index, so the result does not depend on the sort).
    std::vector<std::tuple<int64_t, int32_t, int32_t>> candidates;
    candidates.reserve(size_t(channels * (channels - 1) / 2));
    for (int32_t a = 0; a < channels; ++a)
        for (int32_t b = a + 1; b < channels; ++b)
            candidates.emplace_back(cost(a, b), a, b);
    std::sort(candidates.begin(), candidates.end());
    std::vector<char> used(static_cast<size_t>(channels), 0);
    std::vector<std::pair<int32_t, int32_t>> pairs;
    const int64_t pairCount = channels / 2;
    for (const auto& [c, a, b] : candidates) {
        if (int64_t(pairs.size()) == pairCount)
            break;
        if (used[size_t(a)] || used[size_t(b)])
            continue;
        used[size_t(a)] = used[size_t(b)] = 1;
        pairs.emplace_back(a, b);
    }
    // Exchanges: (a, b), (c, d) -> (a, c), (b, d) or (a, d), (b, c) while one lowers the sum. Greedy leaves its
    // last pairs to whatever channels remain; this repairs most of that.
    for (int sweep = 0; sweep < 20; ++sweep) {
        bool improved = false;
        for (size_t i = 0; i < pairs.size(); ++i)
            for (size_t k = i + 1; k < pairs.size(); ++k) {
                auto& [a, b] = pairs[i];
                auto& [c, d] = pairs[k];
                const int64_t now = cost(a, b) + cost(c, d);
                const int64_t x = cost(a, c) + cost(b, d);
                const int64_t y = cost(a, d) + cost(b, c);
                if (x < now && x <= y) {
                    std::swap(b, c);
                    improved = true;
                } else if (y < now) {
                    std::swap(b, d);
                    improved = true;
                }
            }
        if (!improved)
            break;
    }
    std::sort(pairs.begin(), pairs.end(),
        [](const auto& x, const auto& y) { return std::min(x.first, x.second) < std::min(y.first, y.second); });
    std::vector<int32_t> order;
    order.reserve(size_t(channels));
    for (auto [a, b] : pairs) {
        order.push_back(std::min(a, b));
        order.push_back(std::max(a, b));
    }
    for (int32_t c = 0; c < channels; ++c)
        if (!used[size_t(c)])
            order.push_back(c); // the odd channel out pairs with nothing
    if (orderCost(costs, channels, order) >= orderCost(costs, channels, identity))
        return identity;
    return order;
}

} // namespace channel_pairing

} // namespace qs
