// SPDX-License-Identifier: MIT
// Cast through a session: the same-type copy PyTorch's QDQ exports put after every QuantizeLinear, and a converting
// cast, against hand-computed values.
#include "kernel_test_util.h"

#include <gtest/gtest.h>

namespace qs::test {
namespace {

TEST(CastKernel, SameTypeIsACopy)
{
    IrModelBuilder mb(13);
    mb.input("x", DataType::UInt8, { 1, 3, 7, 11 });
    mb.node("Cast", { "x" }, { "y" }, { intAttr("to", int64_t(DataType::UInt8)) });
    mb.output("y");
    HostTensor x(DataType::UInt8, { 1, 3, 7, 11 });
    auto xs = x.template data<uint8_t>();
    for (size_t i = 0; i < xs.size(); ++i)
        xs[i] = uint8_t(i * 37 + 5);
    std::vector<HostTensor> in;
    in.push_back(std::move(x));
    const auto out = runModel(mb.build(), std::move(in));
    ASSERT_EQ(out.size(), 1u);
    const auto y = out[0].template data<uint8_t>();
    ASSERT_EQ(y.size(), 231u);
    for (size_t i = 0; i < 231; ++i)
        ASSERT_EQ(y[i], uint8_t(i * 37 + 5)) << i;
}

TEST(CastKernel, Int32ToFloat)
{
    IrModelBuilder mb(13);
    mb.input("x", DataType::Int32, { 37 });
    mb.node("Cast", { "x" }, { "y" }, { intAttr("to", int64_t(DataType::Float)) });
    mb.output("y");
    HostTensor x(DataType::Int32, { 37 });
    auto xs = x.template data<int32_t>();
    for (size_t i = 0; i < 37; ++i)
        xs[i] = int32_t(i) * 1000003 - 18000000; // magnitudes up to 1.8e7: beyond 2^24 they round to even
    std::vector<HostTensor> in;
    in.push_back(std::move(x));
    const auto out = runModel(mb.build(), std::move(in));
    ASSERT_EQ(out.size(), 1u);
    const auto y = out[0].template data<float>();
    for (size_t i = 0; i < 37; ++i)
        ASSERT_EQ(y[i], float(int32_t(i) * 1000003 - 18000000)) << i;
}

} // namespace
} // namespace qs::test
