// SPDX-License-Identifier: MIT
// The dynamic convolution's fused epilogue on layers large enough to be computed in several bands of output rows (on
// AVX2 without VNNI the own kernel hands its accumulators to the epilogue band by band, kBandBytes = 16 KiB, instead
// of through a whole-layer int32 buffer), and 1x1 layers whose NHWC source the own kernel reads in place: run-time
// activation zero points, uint8 weights with zero points that leave s8 (outliers) and saturating data (split pairs),
// odd channel counts, padding, strides, both output layouts. Against the obvious-loop ConvInteger and the float
// epilogue's definition computed here: int32 exactly, rescale + bias exactly, SiLU within a few ulp, the range
// exactly the min and max written. Runs natively, AVX2-limited (`avx2.`) and with the own kernel forced (`avx2own.`).
#include "int8_test_options.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

using BandCase = test::DynamicConvCase;

// Rows of OW x OC int32 against 16 KiB bands: wide rows (100 x 24 x 4 = 9600 bytes) give one row per band, narrow
// ones (20 x 8 x 4 = 640 bytes) 25 rows per band with a partial last band.
const BandCase kBandCases[] = {
    { "Spatial13to24Pad1Bands", test::squareConv(1, 13, 17, 100, 24, 1, 3, 1, 1), 117, 128 },
    { "Spatial16to27Stride2Bands", test::squareConv(1, 16, 31, 201, 27, 1, 3, 2, 1), 200, 131 },
    { "Image3to16Kernel6Stride2Bands", test::squareConv(1, 3, 46, 130, 16, 1, 6, 2, 2), 5, 128 },
    { "Pointwise32to40InPlaceBands", test::squareConv(1, 32, 23, 90, 40, 1, 1, 1, 0), 255, 128 },
    { "Pointwise16to19Stride2InPlaceBatch2", test::squareConv(2, 16, 30, 150, 19, 1, 1, 2, 0), 64, 100 },
    { "Pointwise6to8NotWholeQuads", test::squareConv(1, 6, 20, 210, 8, 1, 1, 1, 0), 31, 128 },
    { "Pointwise12to9Padded", test::squareConv(1, 12, 9, 160, 9, 1, 1, 1, 1), 90, 77 },
    { "Pointwise8to8NarrowRowsManyPerBand", test::squareConv(1, 8, 60, 20, 8, 1, 1, 1, 0), 200, 128 },
    { "Spatial5to11NarrowRowsManyPerBand", test::squareConv(1, 5, 45, 12, 11, 1, 3, 1, 1), 13, 140 },
    // The detection head's 1x1 to 80 channels (NCHW stores: ten 8 x 8 blocks per tile), 315 pixels: a partial last
    // tile of 11, then 3 pixels the transposition stores one by one.
    { "Pointwise24to80HeadTiles", test::squareConv(1, 24, 7, 45, 80, 1, 1, 1, 0), 140, 128 },
    // Fewer than 8 output channels, 1x1 on NCHW: the planar path on the AVX2 kind (YOLO's DFL conv is 16 -> 1 on
    // 4 x 8400); odd input channel counts, pixel counts that are not multiples of 16, batch 2.
    { "PlanarDfl16to1", test::squareConv(1, 16, 4, 8400, 1, 1, 1, 1, 0), 0, 0 },
    { "Planar17to3Batch2", test::squareConv(2, 17, 13, 37, 3, 1, 1, 1, 0), 77, 128 },
    { "Planar5to7", test::squareConv(1, 5, 9, 23, 7, 1, 1, 1, 0), 255, 3 },
};

class ConvBandEpilogueTest : public testing::TestWithParam<BandCase>
{
};

void checkBands(const BandCase& c, ActivationLayout inLayout, ActivationLayout outLayout, bool saturating)
{
    const ConvShape& s = c.shape;
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> x(size_t(s.inputCount())), w(size_t(s.weightCount()));
    for (auto& v : x)
        v = saturating ? uint8_t(255) : uint8_t(byte(rng));
    // Saturating: weights at both ends (every same-sign pair would overflow int16 on AVX2 without the split); else
    // clustered around the zero point with a few outliers outside the s8 window (the residual's other source).
    std::normal_distribution<float> spread(0.0f, 30.0f);
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = saturating ? uint8_t((i * 7 % 3) ? 255 : 0)
                          : uint8_t(std::clamp(
                              i % 997 == 3 ? (c.wZeroPoint > 127 ? 0 : 255) : c.wZeroPoint + int(spread(rng)), 0, 255));
    const std::vector<int32_t> wzp { c.wZeroPoint };

    std::vector<int32_t> ref(size_t(s.outputCount()));
    convIntegerRef(s, x.data(), c.xZeroPoint, w.data(), wzp.data(), false, ref.data());

    const int64_t ic = s.inChannels, hw = s.inHeight * s.inWidth, oc = s.outChannels;
    const int64_t ohw = s.outHeight() * s.outWidth();
    std::vector<uint8_t> xIn = x;
    if (inLayout == ActivationLayout::Nhwc)
        for (int64_t n = 0; n < s.batch; ++n)
            for (int64_t ch = 0; ch < ic; ++ch)
                for (int64_t p = 0; p < hw; ++p)
                    xIn[size_t((n * hw + p) * ic + ch)] = x[size_t((n * ic + ch) * hw + p)];
    // Index of (n, o, pixel) in the output layout.
    const auto at = [&](int64_t n, int64_t o, int64_t p) {
        return size_t(outLayout == ActivationLayout::Nchw ? (n * oc + o) * ohw + p : (n * ohw + p) * oc + o);
    };

    auto conv = Int8Conv::create(
        { .shape = s, .inputLayout = inLayout, .outputLayout = outLayout, .options = test::int8TestOptions() },
        { DataType::UInt8, w.data(), wzp });
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    const std::string impl = (*conv)->implementation();

    std::vector<int32_t> acc(ref.size(), -1);
    ASSERT_TRUE((*conv)->runInt32(xIn.data(), c.xZeroPoint, acc.data()).isOk());
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t o = 0; o < oc; ++o)
            for (int64_t p = 0; p < ohw; ++p)
                ASSERT_EQ(acc[at(n, o, p)], ref[size_t((n * oc + o) * ohw + p)])
                    << s.toString() << " [" << impl << "] int32 n=" << n << " oc=" << o << " pixel " << p;

    const float xScale = 0.0117f;
    std::vector<float> wScales(static_cast<size_t>(oc)), bias(static_cast<size_t>(oc));
    for (int64_t o = 0; o < oc; ++o) {
        wScales[size_t(o)] = 0.0005f + 0.0001f * float(o % 7);
        bias[size_t(o)] = 0.3f * float(o % 5) - 0.7f;
    }
    for (const bool silu : { false, true }) {
        std::vector<float> y(ref.size(), -1234.0f);
        float range[2] = { 0.0f, 0.0f };
        ASSERT_TRUE((*conv)
                        ->runFloat(xIn.data(), c.xZeroPoint,
                            { .xScale = xScale,
                                .wScales = wScales.data(),
                                .perChannelScales = true,
                                .bias = bias.data(),
                                .activation = silu ? FloatActivation::Silu : FloatActivation::None,
                                .range = range },
                            y.data())
                        .isOk());
        float mn = INFINITY, mx = -INFINITY;
        for (int64_t n = 0; n < s.batch; ++n)
            for (int64_t o = 0; o < oc; ++o)
                for (int64_t p = 0; p < ohw; ++p) {
                    // The ONNX graph's Cast -> Mul(xScale * wScale) -> Add(bias) in float, then y * sigmoid(y).
                    const float v
                        = float(ref[size_t((n * oc + o) * ohw + p)]) * (xScale * wScales[size_t(o)]) + bias[size_t(o)];
                    const float got = y[at(n, o, p)];
                    if (silu) {
                        const double want = double(v) / (1.0 + std::exp(-double(v)));
                        ASSERT_NEAR(got, want, 4e-7 * std::max(1.0, std::fabs(want)))
                            << s.toString() << " [" << impl << "] SiLU n=" << n << " oc=" << o << " pixel " << p;
                    } else {
                        ASSERT_EQ(got, v)
                            << s.toString() << " [" << impl << "] float n=" << n << " oc=" << o << " pixel " << p;
                    }
                    mn = std::min(mn, got);
                    mx = std::max(mx, got);
                }
        EXPECT_EQ(range[0], mn) << s.toString() << " [" << impl << "]";
        EXPECT_EQ(range[1], mx) << s.toString() << " [" << impl << "]";
    }
}

TEST_P(ConvBandEpilogueTest, NhwcToNhwcMatchesTheDefinition)
{
    checkBands(GetParam(), ActivationLayout::Nhwc, ActivationLayout::Nhwc, false);
}

TEST_P(ConvBandEpilogueTest, NhwcToNchwOnSaturatingData)
{
    checkBands(GetParam(), ActivationLayout::Nhwc, ActivationLayout::Nchw, true);
}

TEST_P(ConvBandEpilogueTest, NchwToNhwcMatchesTheDefinition)
{
    checkBands(GetParam(), ActivationLayout::Nchw, ActivationLayout::Nhwc, false);
}

TEST_P(ConvBandEpilogueTest, NchwToNchwMatchesTheDefinition)
{
    checkBands(GetParam(), ActivationLayout::Nchw, ActivationLayout::Nchw, false);
}

INSTANTIATE_TEST_SUITE_P(Shapes, ConvBandEpilogueTest, testing::ValuesIn(kBandCases), test::dynamicConvCaseName);

/// The planar path with int8 activations and per-channel int8 weights over their whole range (w - zp up to 255 in
/// magnitude: no s8 kernel could take them without corrections), against the reference; and its saturation report:
/// pairs counted as for the s8 kernels, but nothing to saturate here.
TEST(ConvBandEpilogue, PlanarSignedActivationsAndReport)
{
    const ConvShape s = test::squareConv(1, 9, 7, 19, 5, 1, 1, 1, 0);
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> d(-128, 127);
    std::vector<int8_t> x(size_t(s.inputCount())), w(size_t(s.weightCount()));
    for (auto& v : x)
        v = int8_t(d(rng));
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = int8_t(i % 3 ? 127 : -128);
    const std::vector<int32_t> wzp { -128, 127, 0, 5, -7 };
    std::vector<int32_t> ref(size_t(s.outputCount())), got(ref.size(), -1);
    convIntegerRef(s, x.data(), -3, w.data(), wzp.data(), true, ref.data());
    auto conv = Int8Conv::create({ .shape = s, .srcType = DataType::Int8, .options = test::int8TestOptions() },
        { DataType::Int8, w.data(), wzp });
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    ASSERT_TRUE((*conv)->runInt32(x.data(), -3, got.data()).isOk());
    EXPECT_EQ(got, ref) << (*conv)->implementation();
    const SaturationReport& r = (*conv)->saturation();
    EXPECT_GT(r.weightPairs, 0);
    if ((*conv)->implementation() == "qs:avx2_int8_planar") {
        EXPECT_FALSE(r.isaPairsSaturate);
        EXPECT_EQ(r.remedy, SaturationRemedy::NotNeeded) << r.describe();
        EXPECT_EQ(r.residualEntries, 0);
        EXPECT_EQ((*conv)->zeroPointPlan().outlierResiduals, 0);
    }
    const char* isa = std::getenv("DNNL_MAX_CPU_ISA");
    if (isa && std::string(isa) == "AVX2" && !test::ownAvx2ConvForced())
        EXPECT_EQ((*conv)->implementation(), "qs:avx2_int8_planar");
}

} // namespace
