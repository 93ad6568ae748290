// SPDX-License-Identifier: MIT
// float -> float16 / bfloat16 rounding (round to nearest even, overflow, subnormals, NaN) against bit patterns
// computed by hand from IEEE 754, and Cast through a session back to float.
#include "kernel_test_util.h"
#include "kernels/half_float.h"

namespace {

using namespace qs;
using namespace qs::test;
using kernels::floatToBFloat16;
using kernels::floatToHalf;

TEST(HalfFloat, FloatToHalfRoundsToNearestEven)
{
    EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
    EXPECT_EQ(floatToHalf(-2.0f), 0xc000);
    EXPECT_EQ(floatToHalf(65504.0f), 0x7bff); // largest finite half
    EXPECT_EQ(floatToHalf(65520.0f), 0x7c00); // rounds up to infinity
    EXPECT_EQ(floatToHalf(1.0f + 0x1p-11f), 0x3c00); // halfway, even mantissa stays
    EXPECT_EQ(floatToHalf(1.0f + 3 * 0x1p-11f), 0x3c02); // halfway, odd mantissa rounds up
    EXPECT_EQ(floatToHalf(0x1p-24f), 0x0001); // smallest subnormal
    EXPECT_EQ(floatToHalf(0x1p-25f), 0x0000); // half of it: ties to even (zero)
    EXPECT_EQ(floatToHalf(0x1p-14f), 0x0400); // smallest normal
    EXPECT_EQ(floatToHalf(-0.0f), 0x8000);
    EXPECT_EQ(floatToHalf(std::numeric_limits<float>::quiet_NaN()) & 0x7e00, 0x7e00);
    EXPECT_EQ(floatToHalf(-std::numeric_limits<float>::infinity()), 0xfc00);
}

TEST(HalfFloat, FloatToBFloat16RoundsToNearestEven)
{
    EXPECT_EQ(floatToBFloat16(1.0f), 0x3f80);
    EXPECT_EQ(floatToBFloat16(1.0f + 0x1p-8f), 0x3f80); // halfway, even stays
    EXPECT_EQ(floatToBFloat16(1.0f + 3 * 0x1p-8f), 0x3f82); // halfway, odd rounds up
    EXPECT_EQ(floatToBFloat16(-3.0f), 0xc040);
    EXPECT_EQ(floatToBFloat16(std::numeric_limits<float>::quiet_NaN()) & 0x7fc0, 0x7fc0);
}

TEST(HalfFloat, CastRoundTripThroughFloat16)
{
    IrModelBuilder b;
    b.input("x", DataType::Float, { 4 });
    b.node("Cast", { "x" }, { "h" }, { intAttr("to", int64_t(DataType::Float16)) });
    b.node("Cast", { "h" }, { "y" }, { intAttr("to", int64_t(DataType::Float)) });
    b.output("y");
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector<float>(DataType::Float, { 4 }, { 1.0f + 0x1p-12f, 3.14159f, -70000.0f, 0.1f }));
    auto out = runModel(b.build(), std::move(in));
    ASSERT_EQ(out.size(), 1u);
    const auto y = out[0].data<float>();
    EXPECT_EQ(y[0], 1.0f);
    EXPECT_EQ(y[1], 3.140625f); // 0x4248
    EXPECT_TRUE(std::isinf(y[2]) && y[2] < 0);
    EXPECT_EQ(y[3], 0.0999755859375f); // 0x2e66
}

} // namespace
