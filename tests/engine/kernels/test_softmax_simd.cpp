// SPDX-License-Identifier: MIT
// The strided vector Softmax (kernels/cpu/softmax_simd.h) on every ISA this CPU runs, against the definition in double
// and hand-computed values, over inner sizes around both vector widths (full blocks and masked tails).
#include "kernels/cpu/softmax_simd.h"
#include "simd_test_util.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace qs::kernels {
namespace {

using quant::QuantIsa;

TEST(SoftmaxSimd, MatchesTheDefinitionOnEveryIsa)
{
    if (vectorIsas().empty())
        GTEST_SKIP() << "this CPU has no AVX2";
    std::mt19937 rng(5);
    for (QuantIsa isa : vectorIsas())
        for (int64_t inner : { 1, 7, 8, 9, 15, 16, 17, 33, 37 })
            for (int64_t n : { 1, 3, 16 }) {
                // Spread wide enough that exp(x - max) reaches the polynomial's clamp (-87.3) and tiny terms.
                std::uniform_real_distribution<float> d(-60.0f, 60.0f);
                const int64_t outer = 3;
                std::vector<float> x(size_t(outer * n * inner)), y(x.size() + 8, -1.0f);
                for (auto& v : x)
                    v = d(rng);
                ASSERT_TRUE(softmaxStrided(isa, x.data(), y.data(), outer, n, inner));
                for (size_t i = x.size(); i < y.size(); ++i)
                    ASSERT_EQ(y[i], -1.0f) << "wrote past the end";
                for (int64_t o = 0; o < outer; ++o)
                    for (int64_t in = 0; in < inner; ++in) {
                        // x - max in float, as every float softmax computes it (its rounding is part of the result);
                        // the rest in double. The vector exp is within 1 ulp of expf, the sum of <= 16 terms adds
                        // a few roundings: 1e-6 relative. Terms below e^-87.3 are clamped there by the vector exp
                        // (about 1e-38 relative to the largest term, which is 1): 1e-37 absolute.
                        float mx = -INFINITY;
                        for (int64_t i = 0; i < n; ++i)
                            mx = std::max(mx, x[size_t((o * n + i) * inner + in)]);
                        double sum = 0.0;
                        for (int64_t i = 0; i < n; ++i)
                            sum += std::exp(double(x[size_t((o * n + i) * inner + in)] - mx));
                        for (int64_t i = 0; i < n; ++i) {
                            const size_t k = size_t((o * n + i) * inner + in);
                            const double want = std::exp(double(x[k] - mx)) / sum;
                            ASSERT_NEAR(y[k], want, 1e-6 * want + 1e-37)
                                << quant::quantIsaName(isa) << " inner " << inner << " n " << n << " o " << o << " i "
                                << i << " in " << in;
                        }
                    }
            }
}

TEST(SoftmaxSimd, HandComputedAndLargeNumbers)
{
    for (QuantIsa isa : vectorIsas()) {
        // Axis of 3 over 8 positions: position p holds (0, 1, 2) + 1000 p; the shift by the maximum makes every
        // position e^{0,1,2} / (1 + e + e^2) = (0.0900306, 0.2447285, 0.6652410) (ONNX's test_softmax_large_number).
        const int64_t n = 3, inner = 8;
        std::vector<float> x(size_t(n * inner)), y(x.size());
        for (int64_t i = 0; i < n; ++i)
            for (int64_t p = 0; p < inner; ++p)
                x[size_t(i * inner + p)] = float(i) + 1000.0f * float(p);
        ASSERT_TRUE(softmaxStrided(isa, x.data(), y.data(), 1, n, inner));
        const float want[] = { 0.09003057f, 0.24472847f, 0.66524096f };
        for (int64_t i = 0; i < n; ++i)
            for (int64_t p = 0; p < inner; ++p)
                EXPECT_NEAR(y[size_t(i * inner + p)], want[i], 2e-7f) << quant::quantIsaName(isa) << " " << i;
    }
}

TEST(SoftmaxSimd, ContiguousRowsMatchTheDefinition)
{
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> d(-60.0f, 60.0f);
    for (QuantIsa isa : vectorIsas())
        for (int64_t n : { 1, 7, 8, 9, 15, 16, 17, 100, 1000 }) {
            const int64_t rows = 3;
            std::vector<float> x(size_t(rows * n)), y(x.size() + 8, -1.0f);
            for (auto& v : x)
                v = d(rng);
            ASSERT_TRUE(softmaxContiguous(isa, x.data(), y.data(), rows, n));
            for (size_t i = x.size(); i < y.size(); ++i)
                ASSERT_EQ(y[i], -1.0f) << "wrote past the end";
            // Each lane accumulates about n / lanes terms in float before the lanes are added: a relative error of
            // at most (n / 8 + 8) * 2^-24 in the sum, plus the exp's ulp; terms below e^-87.3 as in the strided test.
            const double rel = 2e-6 + double(n / 8 + 8) * 0x1p-24;
            for (int64_t r = 0; r < rows; ++r) {
                const float* xr = x.data() + r * n;
                float mx = -INFINITY;
                for (int64_t i = 0; i < n; ++i)
                    mx = std::max(mx, xr[i]);
                double sum = 0.0;
                for (int64_t i = 0; i < n; ++i)
                    sum += std::exp(double(xr[i] - mx));
                for (int64_t i = 0; i < n; ++i) {
                    const double want = std::exp(double(xr[i] - mx)) / sum;
                    ASSERT_NEAR(y[size_t(r * n + i)], want, rel * want + 1e-37)
                        << quant::quantIsaName(isa) << " n " << n << " row " << r << " i " << i;
                }
            }
        }
}

TEST(SoftmaxSimd, ContiguousHandComputedAndSpecialValues)
{
    for (QuantIsa isa : vectorIsas()) {
        // (1000, 1001, 1002, 0 x 7): e^{-2,-1,0} / (e^-2 + e^-1 + 1) = (0.0900306, 0.2447285, 0.6652410), the zeros
        // underflow against 1002.
        float x[10] = { 1000, 1001, 1002, 0, 0, 0, 0, 0, 0, 0 }, y[10];
        ASSERT_TRUE(softmaxContiguous(isa, x, y, 1, 10));
        EXPECT_NEAR(y[0], 0.09003057f, 2e-7f) << quant::quantIsaName(isa);
        EXPECT_NEAR(y[1], 0.24472847f, 2e-7f);
        EXPECT_NEAR(y[2], 0.66524096f, 2e-7f);
        for (int i = 3; i < 10; ++i)
            EXPECT_LT(y[i], 1e-37f);
        // -inf entries get probability 0; a NaN makes the whole row NaN, as the scalar definition does.
        float z[9] = { 0, -INFINITY, 0, 0, 0, 0, 0, 0, 0 };
        ASSERT_TRUE(softmaxContiguous(isa, z, y, 1, 9));
        EXPECT_EQ(y[1], 0.0f);
        EXPECT_NEAR(y[0], 0.125f, 1e-7f);
        z[4] = NAN;
        ASSERT_TRUE(softmaxContiguous(isa, z, y, 1, 9));
        for (int i = 0; i < 9; ++i)
            EXPECT_TRUE(std::isnan(y[i])) << i;
    }
}

TEST(SoftmaxSimd, ScalarIsaDeclines)
{
    float x[8] = {}, y[8];
    EXPECT_FALSE(softmaxStrided(QuantIsa::Scalar, x, y, 1, 1, 8));
    EXPECT_FALSE(softmaxContiguous(QuantIsa::Scalar, x, y, 1, 8));
}

} // namespace
} // namespace qs::kernels
