// SPDX-License-Identifier: MIT
// The vector activation loops (kernels/cpu/activation_simd.h) on every ISA this CPU runs, against the scalar
// definitions written out here from the ONNX operator specs with std::exp / std::tanh (the functions the scalar
// kernels call), over a dense sweep, random bit patterns of every magnitude (subnormals, infinities, NaNs) and the
// edges where exp overflows, turns subnormal and underflows to zero.
#include "kernels/cpu/activation_simd.h"
#include "simd_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace qs::kernels {
namespace {

using quant::QuantIsa;

/// Distance in representable floats (+0 and -0 coincide; subnormals count in steps of 2^-149).
int64_t ulpDistance(float a, float b)
{
    const auto ordered = [](float f) {
        int32_t i;
        std::memcpy(&i, &f, sizeof i);
        return i >= 0 ? int64_t(i) : -int64_t(i & 0x7fffffff);
    };
    return std::abs(ordered(a) - ordered(b));
}

struct Case
{
    const char* name;
    VectorActivation op;
    float a;
    float b;
    std::function<float(float)> reference;
    /// Accepted difference: within maxUlp floats of the reference, or within absTol + absPerX * |x| of it.
    int64_t maxUlp;
    float absTol;
    float absPerX = 0.0f;
};

float expRef(float x)
{
    return std::exp(x);
}

// Tolerances (worst differences measured on these inputs, glibc 2.36, in brackets). The vector exp (simd_exp.h) is
// Cephes' expf polynomial after a Cody-Waite reduction, glibc's expf is within 1 ulp of e^x; the vector exp's final
// scaling rounds once, so subnormal results are within a subnormal step or so too. Exp: 2 ulp [1].
// - Sigmoid: 1/(1 + e^-x) repeats the scalar's add and division on an exp that differs by <= 1 ulp; once e^-x >= 2^24
//   (x < -16.6) the sum 1 + e rounds in e's last bit, so the two roundings of the sum, the two of the division and the
//   exp's ulp add up: 4 ulp [4]. Where the reference is subnormal or zero (x < -87.3, e^-x near the overflow edge)
//   only the absolute difference means anything: FLT_MIN.
// - Tanh: Cephes' tanhf (odd polynomial below 0.625, 1 - 2/(e^2x + 1) above) is within 2 ulp of tanh in Cephes'
//   tests; against glibc's tanhf 3 ulp [2].
// - Elu, Celu, Selu compute alpha * (e^x - 1) as the scalar does: the subtraction cancels near x = 0, so the exp's
//   2 ulp of a value below 1 (2 * 2^-24) become an absolute error of |alpha| * 2^-23 (times gamma for Selu).
// - HardSigmoid's alpha * x + beta may be one fused multiply-add in the vector code: one rounding of a product below 1
//   in magnitude, 2^-24, absolute [0: the compiler kept the two operations].
// - Softplus: log1p(e^x) as log(1 + e) * e / ((1 + e) - 1) with Cephes' logf (about 1 ulp) on an exp within 1 ulp:
//   3 ulp [3]. Mish = x * tanh(softplus(x)) adds tanh's error: 6 ulp [5]; where softplus(x) is subnormal (x < -87.3) it
//   carries whole subnormal steps of 2^-149 which the product by x scales: 2 * 2^-149 * |x| absolute.
// - Erf: two Chebyshev fits (kernels/cpu/activation_simd_avx2.cpp) within 2 ulp of erf (simulated in float32 against
//   mpmath); against glibc's erff 3 ulp [2]. Gelu = 0.5 x (1 + erf(x / sqrt 2)) as the scalar computes it: 4 ulp [2];
//   for x < -1 the sum 1 + erf cancels in both, so the erfs' few ulp of 1 (<= 3 * 2^-24) become 0.5 * 3 * 2^-24 * |x|
//   absolute.
// - Relu, LeakyRelu, Clip, HardSwish, Softsign are the same IEEE operations in the same order: exact.
std::vector<Case> cases()
{
    const float selA = 1.67326319217681884765625f, selG = 1.05070102214813232421875f;
    return {
        { "Relu", VectorActivation::Relu, 0, 0, [](float x) { return x > 0.0f ? x : 0.0f; }, 0, 0 },
        { "LeakyRelu", VectorActivation::LeakyRelu, 0.1f, 0, [](float x) { return x >= 0.0f ? x : x * 0.1f; }, 0, 0 },
        { "Elu", VectorActivation::Elu, 0.7f, 0, [](float x) { return x >= 0.0f ? x : 0.7f * (std::exp(x) - 1.0f); }, 2,
            0.7f * 0x1p-23f },
        { "Celu", VectorActivation::Celu, 1.5f, 0,
            [](float x) { return std::max(0.0f, x) + std::min(0.0f, 1.5f * (std::exp(x / 1.5f) - 1.0f)); }, 2,
            1.5f * 0x1p-23f },
        { "Selu", VectorActivation::Selu, selA, selG,
            [=](float x) { return x > 0.0f ? selG * x : selG * (selA * std::exp(x) - selA); }, 3,
            selA * selG * 0x1p-22f },
        { "Sigmoid", VectorActivation::Sigmoid, 0, 0, [](float x) { return 1.0f / (1.0f + std::exp(-x)); }, 4,
            FLT_MIN },
        { "HardSigmoid", VectorActivation::HardSigmoid, 0.2f, 0.5f,
            [](float x) { return std::max(0.0f, std::min(1.0f, 0.2f * x + 0.5f)); }, 1, 0x1p-24f },
        { "HardSwish", VectorActivation::HardSwish, 0, 0,
            [](float x) { return x * std::max(0.0f, std::min(1.0f, x / 6.0f + 0.5f)); }, 0, 0 },
        { "Softsign", VectorActivation::Softsign, 0, 0, [](float x) { return x / (1.0f + std::fabs(x)); }, 0, 0 },
        { "Tanh", VectorActivation::Tanh, 0, 0, [](float x) { return std::tanh(x); }, 3, 0 },
        { "Exp", VectorActivation::Exp, 0, 0, expRef, 2, 0 },
        { "Softplus", VectorActivation::Softplus, 0, 0, [](float x) { return x > 20.0f ? x : std::log1p(std::exp(x)); },
            3, 0 },
        { "Mish", VectorActivation::Mish, 0, 0,
            [](float x) { return x * std::tanh(x > 20.0f ? x : std::log1p(std::exp(x))); }, 6, 0, 0x1p-148f },
        { "Erf", VectorActivation::Erf, 0, 0, [](float x) { return std::erf(x); }, 3, 0 },
        { "Gelu", VectorActivation::Gelu, 0, 0,
            [](float x) { return 0.5f * x * (1.0f + std::erf(x * 0.70710678118654752f)); }, 4, 0, 1.5f * 0x1p-24f },
        { "Clip", VectorActivation::Clip, -1.0f, 6.0f, [](float x) { return std::min(std::max(x, -1.0f), 6.0f); }, 0,
            0 },
    };
}

std::vector<float> inputs()
{
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> v = { 0.0f, -0.0f, inf, -inf, std::numeric_limits<float>::quiet_NaN(),
        -std::numeric_limits<float>::quiet_NaN(), FLT_MIN, -FLT_MIN, std::numeric_limits<float>::denorm_min(),
        -std::numeric_limits<float>::denorm_min(), 1e-40f, -1e-40f, FLT_MAX, -FLT_MAX, 1e-20f, -1e-20f, 0.625f,
        std::nextafter(0.625f, 0.0f), -0.625f, 20.0f, 44.0f, 88.0f, 88.72f, 88.7228f, 88.72284f, 88.7229f, 88.73f,
        89.0f, 90.0f, 200.0f, -87.3f, -87.33f, -87.34f, -88.0f, -88.7228f, -88.72284f, -88.73f, -95.0f, -100.0f,
        -103.0f, -103.27f, -103.97f, -103.972f, -103.98f, -104.0f, -110.0f, -1e6f, 1e6f };
    for (int i = -220000; i <= 220000; ++i)
        v.push_back(float(i) * 5e-4f); // [-110, 110] in steps of 1/2000
    for (int i = -2000; i <= 2000; ++i)
        v.push_back(float(i) * 1e-6f); // around 0, where exp(x) - 1 cancels
    std::mt19937 rng(7);
    std::uniform_int_distribution<uint32_t> bits;
    for (int i = 0; i < 200000; ++i) {
        const uint32_t u = bits(rng);
        float f;
        std::memcpy(&f, &u, sizeof f);
        v.push_back(f);
    }
    return v;
}

TEST(ActivationSimd, MatchesScalarDefinitionsOnEveryIsa)
{
    const std::vector<QuantIsa> isas = vectorIsas();
    if (isas.empty())
        GTEST_SKIP() << "this CPU has no AVX2";
    const std::vector<float> x = inputs();
    for (QuantIsa isa : isas)
        for (const Case& c : cases()) {
            const VectorActivationFn fn = vectorActivation(c.op, isa);
            ASSERT_NE(fn, nullptr) << c.name;
            std::vector<float> y(x.size());
            fn(x.data(), y.data(), int64_t(x.size()), c.a, c.b);
            int64_t worst = 0, failures = 0;
            for (size_t i = 0; i < x.size(); ++i) {
                const float ref = c.reference(x[i]);
                if (std::isnan(ref) || std::isnan(y[i])) {
                    if (std::isnan(ref) != std::isnan(y[i]) && failures++ < 5)
                        ADD_FAILURE() << c.name << " on " << quant::quantIsaName(isa) << ": x = " << x[i] << " gives "
                                      << y[i] << ", expected " << ref;
                    continue;
                }
                const int64_t d = ulpDistance(y[i], ref);
                if (std::fabs(y[i] - ref) <= c.absTol + c.absPerX * std::fabs(x[i]))
                    continue;
                worst = std::max(worst, d);
                if (d > c.maxUlp && failures++ < 5)
                    ADD_FAILURE() << c.name << " on " << quant::quantIsaName(isa) << ": x = " << x[i] << " gives "
                                  << y[i] << ", expected " << ref << " (" << d << " ulp)";
            }
            EXPECT_EQ(failures, 0) << c.name << " on " << quant::quantIsaName(isa);
            std::printf("%-12s %-7s worst %lld ulp (outside the absolute tolerance)\n", c.name,
                quant::quantIsaName(isa), static_cast<long long>(worst));
        }
}

TEST(ActivationSimd, HandComputedValues)
{
    for (QuantIsa isa : vectorIsas()) {
        const float x[] = { 0.0f, 1.0f, -1.0f, 2.0f };
        float y[4];
        vectorActivation(VectorActivation::Sigmoid, isa)(x, y, 4, 0, 0);
        // 1 / (1 + e^-1) = 0.7310585786...; 1 / (1 + e) = 0.2689414213...; 1 / (1 + e^-2) = 0.8807970779...
        EXPECT_EQ(y[0], 0.5f);
        EXPECT_NEAR(y[1], 0.7310585786f, 1e-7f);
        EXPECT_NEAR(y[2], 0.2689414213f, 1e-7f);
        EXPECT_NEAR(y[3], 0.8807970779f, 1e-7f);
        vectorActivation(VectorActivation::Tanh, isa)(x, y, 4, 0, 0);
        EXPECT_EQ(y[0], 0.0f);
        EXPECT_NEAR(y[1], 0.7615941559f, 1e-7f);
        EXPECT_NEAR(y[2], -0.7615941559f, 1e-7f);
        EXPECT_NEAR(y[3], 0.9640275800f, 1e-7f);
        vectorActivation(VectorActivation::Exp, isa)(x, y, 4, 0, 0);
        EXPECT_EQ(y[0], 1.0f);
        EXPECT_NEAR(y[1], 2.7182818284f, 3e-7f);
        EXPECT_NEAR(y[2], 0.3678794411f, 1e-7f);
        EXPECT_NEAR(y[3], 7.3890560989f, 1e-6f);
        // e^-100 = 3.72e-44: a subnormal (26.6 steps of 2^-149), so 27 steps; e^100 overflows.
        const float edge[] = { -100.0f, 100.0f, -std::numeric_limits<float>::infinity() };
        vectorActivation(VectorActivation::Exp, isa)(edge, y, 3, 0, 0);
        EXPECT_EQ(y[0], 27 * std::numeric_limits<float>::denorm_min());
        EXPECT_EQ(y[1], std::numeric_limits<float>::infinity());
        EXPECT_EQ(y[2], 0.0f);
    }
}

TEST(ActivationSimd, EveryLengthAndInPlace)
{
    for (QuantIsa isa : vectorIsas())
        for (int64_t n = 0; n <= 40; ++n) {
            std::vector<float> x(size_t(n) + 8), y(size_t(n) + 8, 12345.0f);
            for (int64_t i = 0; i < n; ++i)
                x[size_t(i)] = float(i) * 0.37f - 5.0f;
            vectorActivation(VectorActivation::Sigmoid, isa)(x.data(), y.data(), n, 0, 0);
            for (int64_t i = 0; i < n; ++i)
                EXPECT_LE(ulpDistance(y[size_t(i)], 1.0f / (1.0f + std::exp(-x[size_t(i)]))), 4) << n << " " << i;
            for (size_t i = size_t(n); i < y.size(); ++i)
                EXPECT_EQ(y[i], 12345.0f) << "wrote past the end, n = " << n;
            std::vector<float> z = x;
            vectorActivation(VectorActivation::Sigmoid, isa)(z.data(), z.data(), n, 0, 0);
            for (int64_t i = 0; i < n; ++i)
                EXPECT_EQ(z[size_t(i)], y[size_t(i)]);
        }
}

} // namespace
} // namespace qs::kernels
