// SPDX-License-Identifier: MIT
// The residual Add fused into the fused dynamic convolution's float epilogue (rewrite 13, Int8Conv::runFloat with a
// residual). The claim is that it computes exactly what the separate Add computed on the convolution's output: the
// truth is therefore the same convolution's output without the residual (itself checked against the ONNX definition
// in test_dynamic_conv_fusion.cpp) plus the residual, one float addition per element, and the range is the min/max
// of those sums. Odd channel counts (a full 16-lane vector and a tail), SiLU on and off, the output written over the
// residual's own buffer (as the memory planner arranges when the convolution is the residual's last reader). This
// suite also runs limited to AVX2, where the sum is added to the finished tile instead.
#include "int8_test_util.h"
#include "kernels/int8/int8_conv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace {

using namespace qs;
using namespace qs::kernels::int8;
using qs::test::randomValues;

TEST(DynamicResidual, EpilogueAddEqualsTheSeparateAdd)
{
    for (const int64_t oc : { int64_t(19), int64_t(3), int64_t(32) }) {
        ConvShape s;
        s.inChannels = 5;
        s.inHeight = 7;
        s.inWidth = 9;
        s.outChannels = oc;
        s.kernelHeight = s.kernelWidth = 3;
        s.padTop = s.padLeft = s.padBottom = s.padRight = 1;
        std::mt19937 rng { uint32_t(oc) };
        const auto x = randomValues<uint8_t>(rng, size_t(s.inputCount()));
        const auto w = randomValues<int8_t>(rng, size_t(s.weightCount()));
        const std::vector<int32_t> wzp { 0 };
        const std::vector<float> wScales = test::randomFloats(size_t(oc), 3, 0.001f, 0.01f);
        const std::vector<float> bias = test::randomFloats(size_t(oc), 4, -1.0f, 1.0f);
        const std::vector<float> residual = test::randomFloats(size_t(s.outputCount()), 5, -3.0f, 3.0f);
        auto conv = Int8Conv::create({ .shape = s,
                                         .inputLayout = ActivationLayout::Nhwc,
                                         .outputLayout = ActivationLayout::Nhwc,
                                         .options = test::int8TestOptions() },
            { DataType::Int8, w.data(), wzp });
        ASSERT_TRUE(conv.isOk()) << conv.status().toString();
        const int32_t xzp = 37;
        const float xScale = 0.02f;
        for (const FloatActivation act : { FloatActivation::None, FloatActivation::Silu }) {
            SCOPED_TRACE(::testing::Message() << "oc " << oc << (act == FloatActivation::Silu ? " silu" : ""));
            std::vector<float> plain(residual.size());
            const FloatRescale rescale { .xScale = xScale,
                .wScales = wScales.data(),
                .perChannelScales = true,
                .bias = bias.data(),
                .activation = act };
            ASSERT_TRUE((*conv)->runFloat(x.data(), xzp, rescale, plain.data()).isOk());
            std::vector<float> want(residual.size());
            for (size_t i = 0; i < want.size(); ++i)
                want[i] = plain[i] + residual[i];
            const auto [mn, mx] = std::minmax_element(want.begin(), want.end());

            for (const bool inPlace : { false, true }) {
                std::vector<float> y = inPlace ? residual : std::vector<float>(residual.size(), -99.0f);
                std::vector<float> r = residual;
                const float* res = inPlace ? y.data() : r.data();
                float range[2] = { 0.0f, 0.0f };
                FloatRescale fused = rescale;
                fused.range = range;
                fused.residual = res;
                ASSERT_TRUE((*conv)->runFloat(x.data(), xzp, fused, y.data()).isOk());
                for (size_t i = 0; i < want.size(); ++i)
                    ASSERT_EQ(y[i], want[i]) << (inPlace ? "in place, " : "") << "element " << i;
                EXPECT_EQ(range[0], *mn);
                EXPECT_EQ(range[1], *mx);
            }
        }
    }
}

TEST(DynamicResidual, NchwOutputRefusesAResidual)
{
    ConvShape s;
    s.inChannels = 3;
    s.inHeight = s.inWidth = 4;
    s.outChannels = 5;
    std::mt19937 rng(1);
    const auto x = randomValues<uint8_t>(rng, size_t(s.inputCount()));
    const auto w = randomValues<int8_t>(rng, size_t(s.weightCount()));
    auto conv = Int8Conv::create({ .shape = s,
                                     .inputLayout = ActivationLayout::Nhwc,
                                     .outputLayout = ActivationLayout::Nchw,
                                     .options = test::int8TestOptions() },
        { DataType::Int8, w.data(), { 0 } });
    ASSERT_TRUE(conv.isOk());
    const std::vector<float> scales(5, 0.01f), r(size_t(s.outputCount()), 1.0f);
    std::vector<float> y(r.size());
    EXPECT_FALSE((*conv)
                     ->runFloat(x.data(), 0,
                         { .xScale = 1.0f,
                             .wScales = scales.data(),
                             .perChannelScales = true,
                             .bias = nullptr,
                             .activation = FloatActivation::None,
                             .residual = r.data() },
                         y.data())
                     .isOk());
}

} // namespace

namespace {

using namespace qs;
using namespace qs::kernels::int8;

// The detection head's concatenation along the pixels (memory_planner.cpp, planRowConcats): an NCHW float output
// written with a larger channel stride must hold, at o * stride + p, what the plain output holds at o * H * W + p,
// and leave the gaps between channels untouched.
TEST(DynamicConvRows, ChannelStrideMovesEachChannel)
{
    ConvShape s;
    s.inChannels = 6;
    s.inHeight = 5;
    s.inWidth = 7;
    s.outChannels = 19;
    std::mt19937 rng { 9u };
    const auto x = test::randomValues<uint8_t>(rng, size_t(s.inputCount()));
    const auto w = test::randomValues<int8_t>(rng, size_t(s.weightCount()));
    const std::vector<float> scales = test::randomFloats(19, 2, 0.001f, 0.01f), bias = test::randomFloats(19, 3, -1, 1);
    auto conv = Int8Conv::create({ .shape = s,
                                     .inputLayout = ActivationLayout::Nhwc,
                                     .outputLayout = ActivationLayout::Nchw,
                                     .options = test::int8TestOptions() },
        { DataType::Int8, w.data(), { 0 } });
    ASSERT_TRUE(conv.isOk());
    const int64_t plane = 35, stride = 50;
    std::vector<float> plain(size_t(19 * plane));
    ASSERT_TRUE((*conv)
                    ->runFloat(x.data(), 3,
                        { .xScale = 0.5f, .wScales = scales.data(), .perChannelScales = true, .bias = bias.data() },
                        plain.data())
                    .isOk());
    EXPECT_FALSE((*conv)->setFloatOutputChannelStride(plane - 1));
    ASSERT_TRUE((*conv)->setFloatOutputChannelStride(stride));
    std::vector<float> rows(size_t(19 * stride), -7.0f);
    ASSERT_TRUE((*conv)
                    ->runFloat(x.data(), 3,
                        { .xScale = 0.5f, .wScales = scales.data(), .perChannelScales = true, .bias = bias.data() },
                        rows.data())
                    .isOk());
    for (int64_t o = 0; o < 19; ++o)
        for (int64_t p = 0; p < stride; ++p)
            ASSERT_EQ(rows[size_t(o * stride + p)], p < plane ? plain[size_t(o * plane + p)] : -7.0f)
                << "channel " << o << " position " << p;
}

} // namespace
