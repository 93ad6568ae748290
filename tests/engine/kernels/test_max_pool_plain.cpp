// SPDX-License-Identifier: MIT
// The plain-layout AVX2 MaxPool (kernels/cpu/max_pool_plain.h) against the window loop written out here, on random
// data over kernel sizes, strides, paddings, ceil-mode output sizes and widths on both sides of the vector width.
#include "kernels/cpu/max_pool_plain.h"
#include "quant/quant_kernels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace qs::kernels {
namespace {

struct PoolCase
{
    int64_t k, s, pad, h, w;
    bool ceil;
};

ConvGeometry geometryOf(const PoolCase& c, int64_t channels)
{
    ConvGeometry g;
    g.spatialRank = 2;
    g.batch = 2;
    g.inChannels = g.outChannels = channels;
    g.inSpatial = { c.h, c.w };
    g.kernel = { c.k, c.k };
    g.strides = { c.s, c.s };
    g.dilations = { 1, 1 };
    g.padBegin = { c.pad, c.pad };
    g.padEnd = { c.pad, c.pad };
    for (int64_t n : { c.h, c.w }) {
        const int64_t span = n + 2 * c.pad - c.k;
        g.outSpatial.push_back((c.ceil ? (span + c.s - 1) / c.s : span / c.s) + 1);
    }
    return g;
}

TEST(MaxPoolPlain, MatchesTheWindowLoop)
{
    const PoolCase cases[] = { { 5, 1, 2, 20, 20, false }, { 3, 2, 1, 112, 112, false }, { 3, 2, 1, 13, 11, true },
        { 2, 2, 0, 9, 7, false }, { 3, 1, 0, 5, 4, false }, { 5, 1, 2, 3, 17, false }, { 3, 3, 1, 10, 10, true },
        { 1, 1, 0, 6, 9, false }, { 4, 3, 1, 19, 23, true } };
    for (const PoolCase& c : cases) {
        const int64_t channels = 3;
        const ConvGeometry g = geometryOf(c, channels);
        if (quant::bestQuantIsa() == quant::QuantIsa::Scalar)
            GTEST_SKIP() << "no AVX2 on this CPU or under this DNNL_MAX_CPU_ISA";
        ASSERT_TRUE(maxPoolPlainApplies(g)) << "k" << c.k << " s" << c.s << " p" << c.pad;
        std::mt19937 rng(uint32_t(c.h * 31 + c.w));
        std::uniform_real_distribution<float> d(-100.0f, 100.0f);
        std::vector<float> x(size_t(g.batch * channels * c.h * c.w));
        for (auto& v : x)
            v = d(rng); // all negative windows too: padding (-inf) must never win
        const int64_t oh = g.outSpatial[0], ow = g.outSpatial[1];
        std::vector<float> y(size_t(g.batch * channels * oh * ow) + 4, 7.0f);
        maxPoolPlain(g, x.data(), y.data());
        for (size_t i = y.size() - 4; i < y.size(); ++i)
            ASSERT_EQ(y[i], 7.0f) << "wrote past the end";
        for (int64_t p = 0; p < g.batch * channels; ++p)
            for (int64_t i = 0; i < oh; ++i)
                for (int64_t j = 0; j < ow; ++j) {
                    float best = -INFINITY;
                    for (int64_t r = i * c.s - c.pad; r < i * c.s - c.pad + c.k; ++r)
                        for (int64_t q = j * c.s - c.pad; q < j * c.s - c.pad + c.k; ++q)
                            if (r >= 0 && r < c.h && q >= 0 && q < c.w)
                                best = std::max(best, x[size_t((p * c.h + r) * c.w + q)]);
                    ASSERT_EQ(y[size_t((p * oh + i) * ow + j)], best)
                        << "k" << c.k << " s" << c.s << " p" << c.pad << " " << c.h << "x" << c.w << " at " << p << ","
                        << i << "," << j;
                }
    }
}

TEST(MaxPoolPlain, HandComputed)
{
    // 1x1x3x4, 2x2 stride 2 pads 0: windows {1,2,5,6} {3,4,7,8}; the third row is dropped (floor).
    const PoolCase c { 2, 2, 0, 3, 4, false };
    ConvGeometry g = geometryOf(c, 1);
    g.batch = 1;
    if (!maxPoolPlainApplies(g))
        GTEST_SKIP() << "no AVX2 on this CPU or under this DNNL_MAX_CPU_ISA";
    const float x[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
    float y[2] = {};
    maxPoolPlain(g, x, y);
    EXPECT_EQ(y[0], 6.0f);
    EXPECT_EQ(y[1], 8.0f);
}

} // namespace
} // namespace qs::kernels
