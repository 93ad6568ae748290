// SPDX-License-Identifier: MIT
// The channels-last AVX2 MaxPool (kernels/cpu/max_pool_nhwc.h) against the window loop written out here, on random
// data with channel counts around the vector width, strides, paddings and ceil-mode output sizes.
#include "kernels/cpu/max_pool_nhwc.h"
#include "quant/quant_kernels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace qs::kernels {
namespace {

TEST(MaxPoolNhwc, MatchesTheWindowLoop)
{
    if (quant::bestQuantIsa() == quant::QuantIsa::Scalar)
        GTEST_SKIP() << "no AVX2 on this CPU or under this DNNL_MAX_CPU_ISA";
    struct Case
    {
        int64_t k, s, pad, h, w, c;
        bool ceil;
    };
    const Case cases[] = { { 5, 1, 2, 20, 20, 128, false }, { 3, 2, 1, 15, 14, 13, false },
        { 3, 2, 1, 13, 11, 8, true }, { 2, 2, 0, 9, 7, 3, false }, { 3, 3, 1, 10, 10, 17, true } };
    for (const Case& c : cases) {
        ConvGeometry g;
        g.spatialRank = 2;
        g.batch = 2;
        g.inChannels = g.outChannels = c.c;
        g.inSpatial = { c.h, c.w };
        g.kernel = { c.k, c.k };
        g.strides = { c.s, c.s };
        g.dilations = { 1, 1 };
        g.padBegin = g.padEnd = { c.pad, c.pad };
        for (int64_t n : { c.h, c.w }) {
            const int64_t span = n + 2 * c.pad - c.k;
            g.outSpatial.push_back((c.ceil ? (span + c.s - 1) / c.s : span / c.s) + 1);
        }
        ASSERT_TRUE(maxPoolNhwcApplies(g)) << "k" << c.k << " s" << c.s << " p" << c.pad;
        std::mt19937 rng(uint32_t(c.h * 31 + c.c));
        std::uniform_real_distribution<float> d(-100.0f, 100.0f);
        std::vector<float> x(size_t(g.batch * c.h * c.w * c.c));
        for (auto& v : x)
            v = d(rng);
        const int64_t oh = g.outSpatial[0], ow = g.outSpatial[1];
        std::vector<float> y(size_t(g.batch * oh * ow * c.c) + 4, 7.0f);
        maxPoolNhwc(g, x.data(), y.data());
        for (size_t i = y.size() - 4; i < y.size(); ++i)
            ASSERT_EQ(y[i], 7.0f) << "wrote past the end";
        for (int64_t n = 0; n < g.batch; ++n)
            for (int64_t i = 0; i < oh; ++i)
                for (int64_t j = 0; j < ow; ++j)
                    for (int64_t ch = 0; ch < c.c; ++ch) {
                        float best = -INFINITY;
                        for (int64_t r = i * c.s - c.pad; r < i * c.s - c.pad + c.k; ++r)
                            for (int64_t q = j * c.s - c.pad; q < j * c.s - c.pad + c.k; ++q)
                                if (r >= 0 && r < c.h && q >= 0 && q < c.w)
                                    best = std::max(best, x[size_t(((n * c.h + r) * c.w + q) * c.c + ch)]);
                        ASSERT_EQ(y[size_t(((n * oh + i) * ow + j) * c.c + ch)], best)
                            << "k" << c.k << " s" << c.s << " c" << c.c << " at " << n << "," << i << "," << j << ","
                            << ch;
                    }
    }
}

} // namespace
} // namespace qs::kernels
