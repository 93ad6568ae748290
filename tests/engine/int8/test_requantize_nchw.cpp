// SPDX-License-Identifier: MIT
// requantizeTile into channel-strided (NCHW) outputs — the AVX2 transposing path on AVX2 machines — against the
// ONNX formula written out here per element: saturate(round_half_even(float(acc + bias) * m [+ offset]) + zp).
#include "kernels/int8/requantize.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

void check(DataType type, int64_t count, int64_t channels, bool perChannel, bool withOffset, bool withBias)
{
    std::mt19937 rng(unsigned(count * 131 + channels));
    std::uniform_int_distribution<int32_t> acc(-40000, 40000);
    std::uniform_real_distribution<float> scale(0.0005f, 0.01f), off(-3.0f, 3.0f);
    const std::vector<float> wScales = [&] {
        std::vector<float> v(size_t(perChannel ? channels : 1));
        for (float& x : v)
            x = scale(rng);
        return v;
    }();
    Requantization rq = Requantization::make(
        type, 0.5f, wScales.data(), int64_t(wScales.size()), channels, 0.25f, type == DataType::Int8 ? -3 : 121);
    if (withBias)
        for (int64_t c = 0; c < channels; ++c)
            rq.bias.push_back(acc(rng) / 4);
    if (withOffset)
        for (int64_t c = 0; c < channels; ++c)
            rq.offset.push_back(off(rng));
    rq.clampTo(0.0f, INFINITY, 0.25f); // a fused Relu
    std::vector<int32_t> tile(size_t(count * channels));
    for (int32_t& v : tile)
        v = acc(rng);
    // Ties on purpose: accumulators whose product lands on .5.
    tile[0] = 1;
    const int64_t stride = count + 5;
    std::vector<uint8_t> out(size_t(channels * stride), 0xAB);
    requantizeTile(tile.data(), count, channels, rq, out.data(), stride, 1);
    for (int64_t c = 0; c < channels; ++c)
        for (int64_t j = 0; j < count; ++j) {
            float v = float(tile[size_t(j * channels + c)] + (withBias ? rq.bias[size_t(c)] : 0))
                * rq.multipliers[perChannel ? size_t(c) : 0];
            if (withOffset)
                v += rq.offset[size_t(c)];
            const int32_t q = std::clamp(int32_t(std::nearbyint(v)) + rq.zeroPoint, rq.lo, rq.hi); // round half to even
            const int32_t got = type == DataType::Int8 ? int32_t(int8_t(out[size_t(c * stride + j)]))
                                                       : int32_t(out[size_t(c * stride + j)]);
            ASSERT_EQ(got, q) << "channel " << c << " pixel " << j;
        }
    for (int64_t c = 0; c < channels; ++c)
        for (int64_t j = count; j < stride; ++j)
            ASSERT_EQ(out[size_t(c * stride + j)], 0xAB) << "wrote past the tile at channel " << c;
}

TEST(RequantizeNchw, MatchesTheFormula)
{
    for (DataType type : { DataType::UInt8, DataType::Int8 })
        for (int64_t count : { 1, 7, 8, 12, 16 })
            for (int64_t channels : { 3, 8, 13, 64 })
                for (int variant = 0; variant < 4; ++variant)
                    check(type, count, channels, variant & 1, variant & 2, variant != 0);
}

} // namespace
