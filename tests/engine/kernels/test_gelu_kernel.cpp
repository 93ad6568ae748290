// SPDX-License-Identifier: MIT
// Gelu (opset 20) through a session: the erf form against hand-computed values, and its tanh approximation refused
// rather than silently computed as the erf form.
#include "kernel_test_util.h"

#include <gtest/gtest.h>

namespace qs::test {
namespace {

std::shared_ptr<const Model> geluModel(const char* approximate)
{
    IrModelBuilder mb(20);
    mb.input("x", DataType::Float, { 9 });
    std::vector<Attribute> attrs;
    if (approximate)
        attrs.push_back(stringAttr("approximate", approximate));
    mb.node("Gelu", { "x" }, { "y" }, attrs);
    mb.output("y");
    return mb.build();
}

TEST(GeluKernel, ErfFormMatchesHandComputedValues)
{
    // 0.5 x (1 + erf(x / sqrt 2)) = x * Phi(x), Phi the standard normal CDF: Phi(1) = 0.8413447461,
    // Phi(2) = 0.9772498681, Phi(3) = 0.9986501020, Phi(0.5) = 0.6914624613.
    const float xs[9] = { 0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 3.0f, -3.0f, 0.5f, -0.5f };
    const double want[9] = { 0.0, 0.8413447461, -0.1586552539, 1.9544997361, -0.0455002639, 2.9959503061, -0.0040496939,
        0.3457312307, -0.1542687693 };
    HostTensor x(DataType::Float, { 9 });
    auto xd = x.template data<float>();
    for (size_t i = 0; i < 9; ++i)
        xd[i] = xs[i];
    std::vector<HostTensor> in;
    in.push_back(std::move(x));
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        std::vector<HostTensor> copy;
        copy.push_back(in[0].clone());
        const auto out = runModel(geluModel(nullptr), std::move(copy), mode);
        ASSERT_EQ(out.size(), 1u);
        const auto y = out[0].template data<float>();
        for (size_t i = 0; i < 9; ++i)
            EXPECT_NEAR(y[i], want[i], 3e-7 * std::max(1.0, std::fabs(want[i]))) << "x = " << xs[i];
    }
}

TEST(GeluKernel, TanhApproximationIsRefused)
{
    SessionOptions options;
    auto session = Session::create(geluModel("tanh"), options);
    ASSERT_FALSE(session.isOk());
    EXPECT_NE(session.status().toString().find("approximate"), std::string::npos) << session.status().toString();
}

} // namespace
} // namespace qs::test
