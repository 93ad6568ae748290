// SPDX-License-Identifier: MIT
// The vector LayerNormalization rows (kernels/cpu/layer_norm_simd.h) on AVX2 and AVX-512 against LayerNormalization
// computed here in long double from its ONNX definition, on row lengths that are and are not multiples of the
// vector widths, with the mean far from zero (where a careless one-pass variance loses digits).
#include "kernels/cpu/layer_norm_simd.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

using namespace qs;
using kernels::layerNormRows;

struct Truth
{
    std::vector<float> y, mean, inv;
};

Truth layerNormTruth(const std::vector<float>& x, const std::vector<float>& scale, const std::vector<float>& bias,
    int64_t rows, int64_t n, float eps)
{
    Truth t;
    for (int64_t r = 0; r < rows; ++r) {
        long double mean = 0;
        for (int64_t i = 0; i < n; ++i)
            mean += x[size_t(r * n + i)];
        mean /= n;
        long double var = 0;
        for (int64_t i = 0; i < n; ++i)
            var += (x[size_t(r * n + i)] - mean) * (x[size_t(r * n + i)] - mean);
        var /= n;
        const long double inv = 1.0L / std::sqrt(var + eps);
        for (int64_t i = 0; i < n; ++i)
            t.y.push_back(float((x[size_t(r * n + i)] - mean) * inv * scale[size_t(i)] + bias[size_t(i)]));
        t.mean.push_back(float(mean));
        t.inv.push_back(float(inv));
    }
    return t;
}

class LayerNormRows : public testing::TestWithParam<quant::QuantIsa>
{
};

TEST_P(LayerNormRows, MatchesTheDefinitionComputedInLongDouble)
{
    const quant::QuantIsa isa = GetParam();
    if (!quant::cpuRunsQuantIsa(isa))
        GTEST_SKIP() << "this CPU (or DNNL_MAX_CPU_ISA) does not run " << quant::quantIsaName(isa);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    for (const int64_t n : { 1, 5, 8, 16, 23, 256, 1000 }) {
        const int64_t rows = 7;
        const auto len = static_cast<size_t>(n);
        std::vector<float> x(len * rows), scale(len), bias(len);
        for (size_t i = 0; i < x.size(); ++i)
            x[i] = 40.0f + u(rng); // mean ~40, spread ~1
        for (int64_t i = 0; i < n; ++i) {
            scale[size_t(i)] = u(rng);
            bias[size_t(i)] = u(rng);
        }
        const float eps = 1e-5f;
        const Truth want = layerNormTruth(x, scale, bias, rows, n, eps);
        std::vector<float> y(x.size()), mean(static_cast<size_t>(rows)), inv(static_cast<size_t>(rows));
        ASSERT_TRUE(
            layerNormRows(isa, x.data(), scale.data(), bias.data(), y.data(), rows, n, eps, mean.data(), inv.data()));
        for (size_t i = 0; i < y.size(); ++i) {
            // (x - mean) rounds to float before the scale: about 2^-24 of |x| ~ 40 relative to a spread ~1, times
            // inv, plus the float products and the sum: 1e-5 absolute covers it, with room.
            ASSERT_NEAR(y[i], want.y[i], 1e-5f) << "n " << n << " element " << i;
        }
        for (int64_t r = 0; r < rows; ++r) {
            EXPECT_FLOAT_EQ(mean[size_t(r)], want.mean[size_t(r)]) << "n " << n << " row " << r;
            EXPECT_NEAR(inv[size_t(r)], want.inv[size_t(r)], 1e-6f * want.inv[size_t(r)]) << "n " << n;
        }
        // Without a bias (the optional input omitted).
        ASSERT_TRUE(layerNormRows(isa, x.data(), scale.data(), nullptr, y.data(), rows, n, eps, nullptr, nullptr));
        for (size_t i = 0; i < y.size(); ++i)
            ASSERT_NEAR(y[i], want.y[i] - bias[i % size_t(n)], 1e-5f) << "no bias, n " << n << " element " << i;
    }
}

TEST_P(LayerNormRows, ConstantRowGivesTheBias)
{
    const quant::QuantIsa isa = GetParam();
    if (!quant::cpuRunsQuantIsa(isa))
        GTEST_SKIP();
    // var = 0: y = 0 * (1 / sqrt(eps)) * scale + bias = bias exactly.
    const int64_t n = 19;
    const auto len = static_cast<size_t>(n);
    std::vector<float> x(len, 3.25f), scale(len, 2.0f), bias(len), y(len);
    for (int64_t i = 0; i < n; ++i)
        bias[size_t(i)] = float(i) * 0.5f;
    float mean = 0, inv = 0;
    ASSERT_TRUE(layerNormRows(isa, x.data(), scale.data(), bias.data(), y.data(), 1, n, 1e-4f, &mean, &inv));
    for (int64_t i = 0; i < n; ++i)
        EXPECT_EQ(y[size_t(i)], bias[size_t(i)]);
    EXPECT_EQ(mean, 3.25f);
    EXPECT_FLOAT_EQ(inv, 100.0f);
}

TEST(LayerNormRowsScalar, RefusesTheScalarIsa)
{
    float x = 1, s = 1, y = 0;
    EXPECT_FALSE(layerNormRows(quant::QuantIsa::Scalar, &x, &s, nullptr, &y, 1, 1, 1e-5f, nullptr, nullptr));
}

INSTANTIATE_TEST_SUITE_P(Isa, LayerNormRows, testing::Values(quant::QuantIsa::Avx2, quant::QuantIsa::Avx512),
    [](const testing::TestParamInfo<quant::QuantIsa>& info) {
        return std::string(info.param == quant::QuantIsa::Avx2 ? "avx2" : "avx512");
    });

} // namespace
