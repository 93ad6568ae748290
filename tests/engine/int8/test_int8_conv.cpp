// SPDX-License-Identifier: MIT
// The oneDNN int8 convolution/matmul against the obvious-loop reference (kernels/int8/conv_integer_ref.h) and
// ONNX's conformance cases. Registered twice in ctest: natively and with DNNL_MAX_CPU_ISA=AVX2 (int16 pairs).
#include "exec/session_plan.h"
#include "int8_test_options.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_matmul.h"
#include "node_case.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <omp.h>
#include <random>
#include <string>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

using test::squareConv;

struct ConvCase
{
    const char* name;
    ConvShape shape;
    DataType srcType;
    DataType weiType;
    int32_t xZeroPoint;
    std::vector<int32_t> wZeroPoints; ///< one entry: per tensor; empty: random per channel
};

std::string caseName(const testing::TestParamInfo<ConvCase>& info)
{
    return info.param.name;
}
void PrintTo(const ConvCase& c, std::ostream* os)
{
    *os << c.name << " " << c.shape.toString();
}

ConvShape asymmetric()
{
    ConvShape s = squareConv(1, 12, 11, 9, 18, 3, 3, 1, 0, 2);
    s.padTop = 1;
    s.padLeft = 0;
    s.padBottom = 2;
    s.padRight = 1;
    s.strideWidth = 2;
    s.kernelWidth = 2;
    return s;
}

/// A 3x3 depthwise layer padded unevenly: none above, two columns left, one row below, none right.
ConvShape depthwiseAsymmetric()
{
    ConvShape s = squareConv(1, 31, 8, 9, 31, 31, 3, 1, 0);
    s.padLeft = 2;
    s.padBottom = 1;
    return s;
}

constexpr DataType U8 = DataType::UInt8;
constexpr DataType S8 = DataType::Int8;

const ConvCase kCases[] = {
    { "First3to16Pad1", squareConv(1, 3, 17, 19, 16, 1, 3, 1, 1), U8, U8, 171, { 128 } },
    { "Odd13to24Stride2", squareConv(1, 13, 15, 15, 24, 1, 3, 2, 1), U8, U8, 128, { 171 } },
    { "Pointwise16to32", squareConv(1, 16, 9, 11, 32, 1, 1, 1, 0), U8, U8, 0, { 0 } },
    { "Pointwise33to7PerChannelZp", squareConv(1, 33, 5, 7, 7, 1, 1, 1, 0), U8, U8, 37, {} },
    // 1x1 layers with run-time zero points (the dynamic path's pointwise convolutions): strides, batch, groups.
    { "Pointwise24to40Stride2Batch2Zp200", squareConv(2, 24, 9, 10, 40, 1, 1, 2, 0), U8, U8, 200, { 128 } },
    { "PointwiseGrouped2Zp255", squareConv(1, 32, 7, 7, 16, 2, 1, 1, 0), U8, S8, 255, {} },
    { "PointwiseSignedActivationsZpMinus77", squareConv(1, 20, 6, 9, 24, 1, 1, 1, 0), S8, U8, -77, { 171 } },
    { "PointwisePadded1Zp90", squareConv(1, 16, 6, 6, 8, 1, 1, 1, 1), U8, U8, 90, { 128 } },
    { "Depthwise24", squareConv(1, 24, 13, 13, 24, 24, 3, 1, 1), U8, U8, 171, { 171 } },
    { "Depthwise13Stride2", squareConv(1, 13, 14, 13, 13, 13, 3, 2, 1), U8, U8, 128, {} },
    { "DepthwiseMultiplier2", squareConv(1, 5, 8, 8, 10, 5, 3, 1, 1), U8, U8, 3, { 0 } },
    // Depthwise layers on NHWC take the engine's own int16 loops without VNNI (int8_conv_depthwise.cpp): blocks of 32
    // (AVX-512), 16 and 8 channels and the scalar tail, 3x3 and 5x5 (unrolled), even and large kernels (generic),
    // images narrower than the kernel (every column at a border), dilation, batch, int8 on both sides.
    { "Depthwise40Kernel5Stride2Batch2Signed", squareConv(2, 40, 15, 17, 40, 40, 5, 2, 2), S8, S8, -3, {} },
    { "Depthwise32Dilated2", squareConv(1, 32, 10, 11, 32, 32, 3, 1, 2, 2), U8, S8, 250, {} },
    { "Depthwise19Kernel7", squareConv(1, 19, 9, 12, 19, 19, 7, 1, 3), U8, U8, 64, { 200 } },
    { "Depthwise16Kernel2", squareConv(1, 16, 6, 7, 16, 16, 2, 1, 0), U8, S8, 0, { -128 } },
    { "Depthwise59Stride2", squareConv(1, 59, 9, 9, 59, 59, 3, 2, 1), U8, U8, 77, {} },
    { "Depthwise24NarrowerThanKernel", squareConv(1, 24, 3, 2, 24, 24, 5, 1, 2), U8, U8, 255, { 0 } },
    // The widened-rows form (kernels reading each input value at least 4 times): output rows in groups of up to 8
    // (AVX-512) or 4 (AVX2) pixels as equal as can be (widths 1, 3, 8, 14, 17), blocks of 32 / 16 channels with their
    // high half partly or wholly padding (9, 17, 31, 33), the unrolled 3x3 and 5x5 at strides 1 and 2, the generic
    // loop (7x7 stride 3), asymmetric padding, batch 2 (each image's rows); 3x3 stride 3 takes the direct form.
    { "DepthwiseRows17Width17Kernel5", squareConv(1, 17, 9, 17, 17, 17, 5, 1, 2), U8, U8, 201, {} },
    { "DepthwiseRows9Width3", squareConv(1, 9, 5, 3, 9, 9, 3, 1, 1), U8, S8, 0, { 5 } },
    { "DepthwiseRows33Width8Kernel5Stride2", squareConv(1, 33, 12, 15, 33, 33, 5, 2, 2), U8, U8, 128, { 128 } },
    { "DepthwiseRows48Width1", squareConv(1, 48, 4, 1, 48, 48, 3, 1, 1), S8, S8, 17, {} },
    { "DepthwiseRows20Kernel7Stride3", squareConv(1, 20, 16, 19, 20, 20, 7, 3, 3), U8, U8, 90, {} },
    { "DepthwiseRows31AsymmetricPads", depthwiseAsymmetric(), U8, U8, 255, { 3 } },
    { "DepthwiseRows64Width14Batch2", squareConv(2, 64, 7, 14, 64, 64, 3, 1, 1), U8, U8, 171, {} },
    { "DepthwiseDirect12Stride3", squareConv(1, 12, 13, 14, 12, 12, 3, 3, 1), U8, U8, 33, {} },
    { "GroupedDilatedAsymmetricPads", asymmetric(), U8, U8, 171, { 128 } },
    { "Kernel5Batch2Stride2", squareConv(2, 7, 12, 13, 9, 1, 5, 2, 2), U8, U8, 128, { 171 } },
    { "PadWiderThanHalfKernel", squareConv(1, 2, 4, 4, 3, 1, 3, 1, 2), U8, U8, 200, { 55 } },
    { "Wide64to64", squareConv(1, 64, 20, 20, 64, 1, 3, 1, 1), U8, U8, 171, { 128 } },
    { "Wide64to64Zp171", squareConv(1, 64, 16, 16, 64, 1, 3, 1, 1), U8, U8, 37, { 171 } },
    { "Wide48to32SignedWeightsPerChannelZp", squareConv(1, 48, 12, 12, 32, 1, 3, 1, 1), U8, S8, 128, {} },
    { "SignedActivations", squareConv(1, 11, 9, 9, 6, 1, 3, 1, 1), S8, U8, -5, { 171 } },
    { "SignedWeightsPerChannelZp", squareConv(1, 10, 9, 8, 12, 2, 3, 2, 1), U8, S8, 128, {} },
    { "SignedBoth", squareConv(1, 8, 7, 7, 8, 1, 3, 1, 1), S8, S8, 0, { 0 } },
};

template <typename T> std::vector<T> randomValues(std::mt19937& rng, size_t count, int lo, int hi)
{
    std::uniform_int_distribution<int> d(lo, hi);
    std::vector<T> v(count);
    for (T& x : v)
        x = T(d(rng));
    return v;
}

class Int8ConvTest : public testing::TestWithParam<ConvCase>
{
};

enum class Data
{
    Random, ///< uniform over the whole type range, weights included
    Saturating, ///< activations at their maximum, weights at both ends: every same-sign pair would saturate on AVX2
    Clustered, ///< weights near their zero point with a few outliers, as real quantized weights are
};

template <typename S, typename W> void checkConv(const ConvCase& c, Data data)
{
    const bool adversarial = data == Data::Saturating;
    const ConvShape& s = c.shape;
    std::mt19937 rng(42);
    const int sLo = std::is_signed_v<S> ? -128 : 0, sHi = std::is_signed_v<S> ? 127 : 255;
    const int wLo = std::is_signed_v<W> ? -128 : 0, wHi = std::is_signed_v<W> ? 127 : 255;
    // Adversarial: activations at their maximum and weights at both ends of their range, so every same-sign pair
    // would saturate an int16 pair sum on AVX2.
    std::vector<S> x = adversarial ? std::vector<S>(size_t(s.inputCount()), S(sHi))
                                   : randomValues<S>(rng, size_t(s.inputCount()), sLo, sHi);
    std::vector<W> w = randomValues<W>(rng, size_t(s.weightCount()), wLo, wHi);
    if (adversarial)
        for (W& v : w)
            v = (v & 1) ? W(wHi) : W(wLo);
    std::vector<int32_t> wzp = c.wZeroPoints;
    const bool perChannel = wzp.empty();
    if (perChannel)
        wzp = randomValues<int32_t>(rng, size_t(s.outChannels), wLo, wHi);
    if (data == Data::Clustered) {
        std::normal_distribution<float> spread(0.0f, 25.0f);
        const int64_t per = s.weightCount() / s.outChannels;
        for (size_t i = 0; i < w.size(); ++i) {
            const int zp = wzp[perChannel ? i / size_t(per) : 0];
            const int v = (i % 4999 == 5) ? (zp > (wLo + wHi) / 2 ? wLo : wHi) : zp + int(spread(rng));
            w[i] = W(std::clamp(v, wLo, wHi));
        }
    }

    auto conv = Int8Conv::create(
        { .shape = s, .srcType = c.srcType, .options = test::int8TestOptions() }, { c.weiType, w.data(), wzp });
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    const ZeroPointPlan& plan = (*conv)->zeroPointPlan();
    if (data == Data::Clustered && s.weightCount() >= 4096) {
        // A few outliers in a layer of real size: clamping them, with their excess as residual weights, beats a pass
        // over the input, so no channel is compensated and every weight outside the s8 window around its zero point
        // becomes exactly one residual weight.
        const int64_t per = s.weightCount() / s.outChannels;
        int64_t outliers = 0;
        for (size_t i = 0; i < w.size(); ++i) {
            const int d = int(w[i]) - wzp[perChannel ? i / size_t(per) : 0];
            outliers += (d < -128 || d > 127) ? 1 : 0;
        }
        EXPECT_EQ(plan.compensatedChannels, 0);
        EXPECT_EQ(plan.outlierResiduals, outliers);
    }
    std::vector<int32_t> expected(size_t(s.outputCount())), actual(expected.size(), -1);
    convIntegerRef(s, x.data(), c.xZeroPoint, w.data(), wzp.data(), perChannel, expected.data());
    const Status st = (*conv)->runInt32(x.data(), c.xZeroPoint, actual.data());
    ASSERT_TRUE(st.isOk()) << st.toString();
    size_t mismatches = 0;
    for (size_t i = 0; i < expected.size() && mismatches < 10; ++i)
        if (expected[i] != actual[i]) {
            ++mismatches;
            ADD_FAILURE() << s.toString() << " output " << i << ": expected " << expected[i] << ", got " << actual[i]
                          << " [" << (*conv)->implementation() << "; " << (*conv)->saturation().describe() << "]";
        }

    // The same convolution with NHWC activations in and out.
    {
        const int64_t hw = s.inHeight * s.inWidth, ohw = s.outHeight() * s.outWidth();
        std::vector<S> xNhwc(x.size());
        for (int64_t n = 0; n < s.batch; ++n)
            for (int64_t ch = 0; ch < s.inChannels; ++ch)
                for (int64_t p = 0; p < hw; ++p)
                    xNhwc[size_t((n * hw + p) * s.inChannels + ch)] = x[size_t((n * s.inChannels + ch) * hw + p)];
        auto nhwc = Int8Conv::create({ .shape = s,
                                         .srcType = c.srcType,
                                         .inputLayout = ActivationLayout::Nhwc,
                                         .outputLayout = ActivationLayout::Nhwc,
                                         .options = test::int8TestOptions() },
            { c.weiType, w.data(), wzp });
        ASSERT_TRUE(nhwc.isOk()) << nhwc.status().toString();
        std::vector<int32_t> yNhwc(expected.size(), -1);
        ASSERT_TRUE((*nhwc)->runInt32(xNhwc.data(), c.xZeroPoint, yNhwc.data()).isOk());
        for (int64_t n = 0, bad = 0; n < s.batch && bad < 10; ++n)
            for (int64_t o = 0; o < s.outChannels; ++o)
                for (int64_t p = 0; p < ohw; ++p) {
                    const int32_t want = expected[size_t((n * s.outChannels + o) * ohw + p)];
                    const int32_t got = yNhwc[size_t((n * ohw + p) * s.outChannels + o)];
                    if (want != got && bad++ < 10)
                        ADD_FAILURE() << s.toString() << " NHWC n=" << n << " oc=" << o << " pixel " << p
                                      << ": expected " << want << ", got " << got;
                }
    }

    // The float form: float(acc) * (xScale * wScale) + bias, the exact sequence of the ONNX graph it replaces.
    const float xScale = 0.0173f;
    std::vector<float> wScales = { 0.0021f, 0.0047f, 0.0009f };
    wScales.resize(size_t(s.outChannels), 0.0031f);
    std::vector<float> bias(size_t(s.outChannels));
    for (size_t o = 0; o < bias.size(); ++o)
        bias[o] = 0.25f * float(o) - 1.0f;
    std::vector<float> y(expected.size());
    ASSERT_TRUE((*conv)
                    ->runFloat(x.data(), c.xZeroPoint,
                        { .xScale = xScale, .wScales = wScales.data(), .perChannelScales = true, .bias = bias.data() },
                        y.data())
                    .isOk());
    const int64_t plane = s.outHeight() * s.outWidth();
    for (size_t i = 0; i < y.size(); ++i) {
        const size_t o = size_t(int64_t(i) / plane % s.outChannels);
        const float want = float(expected[i]) * (xScale * wScales[o]) + bias[o];
        if (y[i] != want) {
            ADD_FAILURE() << s.toString() << " float output " << i << ": expected " << want << ", got " << y[i];
            break;
        }
    }
}

void dispatch(const ConvCase& c, Data data)
{
    if (c.srcType == U8 && c.weiType == U8)
        checkConv<uint8_t, uint8_t>(c, data);
    else if (c.srcType == S8 && c.weiType == U8)
        checkConv<int8_t, uint8_t>(c, data);
    else if (c.srcType == U8 && c.weiType == S8)
        checkConv<uint8_t, int8_t>(c, data);
    else
        checkConv<int8_t, int8_t>(c, data);
}

} // namespace

TEST_P(Int8ConvTest, MatchesReferenceOnRandomData)
{
    dispatch(GetParam(), Data::Random);
}
TEST_P(Int8ConvTest, MatchesReferenceOnSaturatingData)
{
    dispatch(GetParam(), Data::Saturating);
}
TEST_P(Int8ConvTest, MatchesReferenceOnClusteredWeights)
{
    dispatch(GetParam(), Data::Clustered);
}

// Uniform weights with zero point 171: a sixth of them leave the s8 window, so the window-sum compensation is
// the cheaper way, and it must be the one taken (the other path is covered by the clustered weights).
// Dynamic quantization gives each run its own activation zero point: one 1x1 object run with several (including 0
// and both ends of the range) must match the reference for each, in both layouts.
TEST(Int8ConvZeroPoints, PointwiseRuntimeZeroPointChangesBetweenRuns)
{
    const ConvShape s = squareConv(1, 40, 6, 7, 24, 1, 1, 1, 0);
    std::mt19937 rng(7);
    const std::vector<uint8_t> x = randomValues<uint8_t>(rng, size_t(s.inputCount()), 0, 255);
    const std::vector<uint8_t> w = randomValues<uint8_t>(rng, size_t(s.weightCount()), 0, 255);
    const std::vector<int32_t> wzp = randomValues<int32_t>(rng, size_t(s.outChannels), 100, 150);
    for (const ActivationLayout layout : { ActivationLayout::Nchw, ActivationLayout::Nhwc }) {
        auto conv = Int8Conv::create(
            { .shape = s, .inputLayout = layout, .options = test::int8TestOptions() }, { U8, w.data(), wzp });
        ASSERT_TRUE(conv.isOk()) << conv.status().toString();
        std::vector<uint8_t> xIn = x;
        if (layout == ActivationLayout::Nhwc) {
            const int64_t hw = s.inHeight * s.inWidth;
            for (int64_t ch = 0; ch < s.inChannels; ++ch)
                for (int64_t p = 0; p < hw; ++p)
                    xIn[size_t(p * s.inChannels + ch)] = x[size_t(ch * hw + p)];
        }
        for (const int32_t zp : { 200, 0, 255, 17, 128 }) {
            std::vector<int32_t> expected(size_t(s.outputCount())), actual(expected.size(), -1);
            convIntegerRef(s, x.data(), zp, w.data(), wzp.data(), true, expected.data());
            ASSERT_TRUE((*conv)->runInt32(xIn.data(), zp, actual.data()).isOk());
            ASSERT_EQ(actual, expected) << "zp " << zp << " [" << (*conv)->implementation() << "]";
        }
    }
}

// The depthwise path keeps each thread's widened input rows across its bands (int8_conv_depthwise.cpp): they must
// never serve another run (new input in the same buffer, another zero point) or another layer run in between.
TEST(Int8ConvDepthwise, WidenedRowsNeverServeAnotherRunOrLayer)
{
    const ConvShape sa = squareConv(1, 24, 9, 11, 24, 24, 3, 1, 1), sb = squareConv(1, 24, 9, 11, 24, 24, 5, 1, 2);
    std::mt19937 rng(9);
    const std::vector<uint8_t> wa = randomValues<uint8_t>(rng, size_t(sa.weightCount()), 0, 255);
    const std::vector<uint8_t> wb = randomValues<uint8_t>(rng, size_t(sb.weightCount()), 0, 255);
    const std::vector<int32_t> wzp { 128 };
    const auto make = [&](const ConvShape& s, const std::vector<uint8_t>& w) {
        return Int8Conv::create({ .shape = s,
                                    .inputLayout = ActivationLayout::Nhwc,
                                    .outputLayout = ActivationLayout::Nhwc,
                                    .options = test::int8TestOptions() },
            { U8, w.data(), wzp });
    };
    auto a = make(sa, wa), b = make(sb, wb);
    ASSERT_TRUE(a.isOk() && b.isOk());
    // One input buffer, rewritten before each run (the reference reads the same values in NCHW).
    std::vector<uint8_t> xNhwc(size_t(sa.inputCount()));
    const int64_t hw = sa.inHeight * sa.inWidth, c = sa.inChannels;
    const auto check = [&](Int8Conv& conv, const ConvShape& s, const std::vector<uint8_t>& w, int32_t zp) {
        const std::vector<uint8_t> x = randomValues<uint8_t>(rng, size_t(s.inputCount()), 0, 255);
        for (int64_t ch = 0; ch < c; ++ch)
            for (int64_t p = 0; p < hw; ++p)
                xNhwc[size_t(p * c + ch)] = x[size_t(ch * hw + p)];
        std::vector<int32_t> want(size_t(s.outputCount())), got(want.size(), -1);
        convIntegerRef(s, x.data(), zp, w.data(), wzp.data(), false, want.data());
        ASSERT_TRUE(conv.runInt32(xNhwc.data(), zp, got.data()).isOk());
        const int64_t ohw = s.outHeight() * s.outWidth();
        for (int64_t ch = 0; ch < c; ++ch)
            for (int64_t p = 0; p < ohw; ++p)
                ASSERT_EQ(got[size_t(p * c + ch)], want[size_t(ch * ohw + p)])
                    << conv.implementation() << " zp " << zp << " channel " << ch << " pixel " << p;
    };
    check(**a, sa, wa, 10);
    check(**a, sa, wa, 10);
    check(**b, sb, wb, 200);
    check(**a, sa, wa, 250);
}

TEST(Int8ConvZeroPoints, ManyOutliersUseCompensation)
{
    const ConvShape s = squareConv(1, 32, 12, 12, 16, 1, 3, 1, 1);
    std::mt19937 rng(3);
    const auto w = randomValues<uint8_t>(rng, size_t(s.weightCount()), 0, 255);
    auto c = Int8Conv::create({ .shape = s, .options = test::int8TestOptions() }, { U8, w.data(), { 171 } });
    ASSERT_TRUE(c.isOk());
    EXPECT_EQ((*c)->zeroPointPlan().misfitChannels, 16);
    EXPECT_EQ((*c)->zeroPointPlan().compensatedChannels, 16);
    EXPECT_EQ((*c)->zeroPointPlan().outlierResiduals, 0);
}

INSTANTIATE_TEST_SUITE_P(Shapes, Int8ConvTest, testing::ValuesIn(kCases), caseName);

// The report must name the ISA oneDNN really uses and say what is done about pairs that can saturate.
TEST(Int8ConvSaturation, ReportFollowsTheIsa)
{
    const ConvShape s = squareConv(1, 4, 5, 5, 2, 1, 1, 1, 0);
    // Output channel 0: ic pairs (0,1) = (255,255) -> s8 (127,127) offends; (2,3) = (0,0) -> (-128,-128) offends.
    // Output channel 1: all 128 -> s8 0, nothing offends.
    const std::vector<uint8_t> w = { 255, 255, 0, 0, 128, 128, 128, 128 };
    // NHWC: the int16-pairing kernels (on the AVX2 kind an NCHW pointwise conv this narrow takes the planar path,
    // which cannot saturate; ConvBandEpilogue.PlanarReportsNoSaturation checks that one).
    auto c = Int8Conv::create({ .shape = s,
                                  .inputLayout = ActivationLayout::Nhwc,
                                  .outputLayout = ActivationLayout::Nhwc,
                                  .options = test::int8TestOptions() },
        { U8, w.data(), { 128 } });
    ASSERT_TRUE(c.isOk()) << c.status().toString();
    const SaturationReport& r = (*c)->saturation();
    EXPECT_EQ(r.weightPairs, 4);
    EXPECT_EQ(r.offendingPairs, 2);
    const char* env = std::getenv("DNNL_MAX_CPU_ISA");
    if (env && std::string(env) == "AVX2") {
        EXPECT_EQ(r.isa, "avx2");
        EXPECT_TRUE(r.isaPairsSaturate);
    }
    if (r.isaPairsSaturate) {
        EXPECT_EQ(r.remedy, SaturationRemedy::SparseResidual) << r.describe();
        EXPECT_EQ(r.residualEntries, 2);
    } else {
        EXPECT_EQ(r.remedy, SaturationRemedy::NotNeeded) << r.describe();
        EXPECT_EQ(r.residualEntries, 0);
    }
    EXPECT_NE(r.describe().find(r.isa), std::string::npos);
}

TEST(Int8ConvSaturation, SplitKeepsEveryPairWithinTheBoundAndSumsBack)
{
    std::mt19937 rng(7);
    std::vector<int8_t> w = randomValues<int8_t>(rng, 2 * 6 * 5, -128, 127);
    const std::vector<int8_t> original = w;
    SaturationReport report;
    const auto residual = splitSaturatingPairs(w.data(), 2, 6, 5, true, report);
    EXPECT_EQ(report.weightPairs, 2 * 3 * 5);
    EXPECT_EQ(int64_t(residual.size()), report.offendingPairs);
    std::vector<int32_t> sum(w.begin(), w.end());
    for (const ResidualWeight& r : residual)
        sum[size_t((r.row * 6 + r.reduction) * 5 + r.inner)] += r.value;
    for (size_t i = 0; i < w.size(); ++i)
        EXPECT_EQ(sum[i], int32_t(original[i])) << i;
    for (int64_t row = 0; row < 2; ++row)
        for (int64_t p = 0; p < 6; p += 2)
            for (int64_t i = 0; i < 5; ++i) {
                const int a = w[size_t((row * 6 + p) * 5 + i)], b = w[size_t((row * 6 + p + 1) * 5 + i)];
                if ((a > 0) == (b > 0))
                    EXPECT_LE(std::abs(a) + std::abs(b), kPairSafeMagnitude) << a << " " << b;
            }
}

// Where u8 x s8 pairs saturate (AVX2), a source whose values cannot take any pair of the original weights out of
// int16 runs them unsplit, without the residual; a source that could takes the split weights and the residual.
// Static layers as resnet18's (NHWC, constant activation zero point 0): a 3x3 on oneDNN's kernel and a
// single-threaded 1x1 stride-2 on the own kernel (AVX2). Weights at both ends of s8 (max |w| 128), so nearly every
// same-sign pair offends. Sources: every value at most 127 (the bound for any two weights: 32767 / 256; pair sums up
// to 32512); channel 2 at 255 with its pair partner 3 at 0 (beyond that bound, within int16 for each pair of
// channels: 255 * 128); channels 0 and 1 at 255 at one pixel (pairs (127, 127) reach 64770). All three must match
// the obvious loop.
TEST(Int8ConvSaturation, SourcesBelowThePairBoundRunTheUnsplitWeightsExactly)
{
    for (const ConvShape& s : { squareConv(1, 16, 9, 9, 24, 1, 3, 1, 1), squareConv(1, 16, 9, 9, 24, 1, 1, 2, 0) }) {
        std::mt19937 rng(5);
        std::vector<uint8_t> w = randomValues<uint8_t>(rng, size_t(s.weightCount()), 0, 1);
        for (uint8_t& v : w)
            v = v ? 255 : 0; // s8 127 and -128 around the zero point 128
        const int threads = omp_get_max_threads();
        setIntraOpThreads(1); // the own kernel is taken only for single-threaded runs
        auto conv = Int8Conv::create({ .shape = s,
                                         .inputLayout = ActivationLayout::Nhwc,
                                         .outputLayout = ActivationLayout::Nhwc,
                                         .constantSrcZeroPoint = 0,
                                         .options = test::int8TestOptions() },
            { U8, w.data(), { 128 } });
        setIntraOpThreads(threads);
        ASSERT_TRUE(conv.isOk()) << conv.status().toString();
        const SaturationReport& report = (*conv)->saturation();
        const char* env = std::getenv("DNNL_MAX_CPU_ISA");
        const bool ownKernelForced = test::ownAvx2ConvForced(); // the avx2own. variant: the own kernel everywhere
        if (env && std::string(env) == "AVX2") {
            EXPECT_TRUE(report.isaPairsSaturate);
            if (!ownKernelForced)
                EXPECT_EQ(test::isOwnConvKernel((*conv)->implementation()), s.kernelHeight == 1);
        }
        // The per-channel-pair bound (source 1) applies where the pairs are known to be channels 2p, 2p+1 at one
        // position: oneDNN's direct kernels and the own kernel's 1-column kernels. The own kernel on a 3x3 (forced)
        // pairs along its flattened (kw, c) rows, so there only the global bound (source 0) runs unsplit.
        const bool perChannelBound = !(test::isOwnConvKernel((*conv)->implementation()) && s.kernelWidth > 1);
        if (report.isaPairsSaturate) {
            EXPECT_GT(report.residualEntries, 50) << report.describe();
            EXPECT_EQ(report.unsplitMaxSource, 127);
            EXPECT_NE(report.describe().find("values up to 127"), std::string::npos) << report.describe();
        }
        const int64_t hw = s.inHeight * s.inWidth, ohw = s.outHeight() * s.outWidth();
        for (const int source : { 0, 1, 2 }) {
            std::vector<uint8_t> x = randomValues<uint8_t>(rng, size_t(s.inputCount()), 90, 127); // NCHW
            x[size_t(rng() % x.size())] = 127;
            if (source == 1)
                for (int64_t p = 0; p < hw; ++p) {
                    x[size_t(2 * hw + p)] = 255;
                    x[size_t(3 * hw + p)] = 0;
                }
            const bool above = source == 2;
            if (above)
                x[size_t(hw / 2)] = x[size_t(hw + hw / 2)] = 255;
            std::vector<uint8_t> xNhwc(x.size());
            for (int64_t c = 0; c < s.inChannels; ++c)
                for (int64_t p = 0; p < hw; ++p)
                    xNhwc[size_t(p * s.inChannels + c)] = x[size_t(c * hw + p)];
            std::vector<int32_t> expected(size_t(s.outputCount())), actual(expected.size(), -1);
            const int32_t wzp = 128;
            convIntegerRef(s, x.data(), 0, w.data(), &wzp, false, expected.data());
            ASSERT_TRUE((*conv)->runInt32(xNhwc.data(), 0, actual.data()).isOk());
            EXPECT_EQ((*conv)->lastRunUnsplit(), report.isaPairsSaturate && !above && (perChannelBound || source == 0))
                << (*conv)->implementation() << " source " << source;
            for (int64_t o = 0, bad = 0; o < s.outChannels; ++o)
                for (int64_t p = 0; p < ohw; ++p) {
                    const int32_t want = expected[size_t(o * ohw + p)], got = actual[size_t(p * s.outChannels + o)];
                    if (want != got && bad++ < 10)
                        ADD_FAILURE() << s.toString() << " source " << source << ", oc " << o << " pixel " << p
                                      << ": expected " << want << ", got " << got;
                }
        }
    }
}

TEST(Int8Conv, RejectsBadArguments)
{
    const std::vector<uint8_t> w(8, 1);
    ConvShape s = squareConv(1, 4, 5, 5, 2, 1, 1, 1, 0);
    s.group = 3;
    EXPECT_EQ(
        Int8Conv::create({ .shape = s, .options = test::int8TestOptions() }, { U8, w.data(), { 0 } }).status().code(),
        StatusCode::InvalidArgument);
    s.group = 1;
    EXPECT_EQ(
        Int8Conv::create({ .shape = s, .options = test::int8TestOptions() }, { U8, w.data(), { 256 } }).status().code(),
        StatusCode::InvalidArgument);
    EXPECT_EQ(Int8Conv::create({ .shape = s, .srcType = DataType::Float, .options = test::int8TestOptions() },
                  { U8, w.data(), { 0 } })
                  .status()
                  .code(),
        StatusCode::Unsupported);
    auto c = Int8Conv::create({ .shape = s, .options = test::int8TestOptions() }, { U8, w.data(), { 0 } });
    ASSERT_TRUE(c.isOk());
    std::vector<uint8_t> x(100);
    std::vector<int32_t> y(50);
    EXPECT_EQ((*c)->runInt32(x.data(), -1, y.data()).code(), StatusCode::InvalidArgument);
}

// ---- ONNX conformance ----

namespace {

std::vector<int32_t> zeroPoints(const test::NodeCase& c, size_t input)
{
    if (c.inputs.size() <= input || c.inputs[input].isEmpty())
        return { 0 };
    const Tensor& t = c.inputs[input];
    std::vector<int32_t> out;
    for (int64_t i = 0; i < t.elementCount(); ++i)
        out.push_back(int32_t(t.valueAsDouble(i)));
    return out;
}

void runConvIntegerCase(const std::string& name)
{
    QS_LOAD_NODE_CASE(name, c);
    const Tensor& x = c.inputs.at(0);
    const Tensor& w = c.inputs.at(1);
    ASSERT_EQ(x.rank(), 4);
    ConvShape s;
    s.batch = x.dims()[0];
    s.inChannels = x.dims()[1];
    s.inHeight = x.dims()[2];
    s.inWidth = x.dims()[3];
    s.outChannels = w.dims()[0];
    s.kernelHeight = w.dims()[2];
    s.kernelWidth = w.dims()[3];
    s.group = c.node->attrInt("group", 1);
    const auto strides = c.node->attrInts("strides", { 1, 1 });
    const auto dilations = c.node->attrInts("dilations", { 1, 1 });
    const auto pads = c.node->attrInts("pads", { 0, 0, 0, 0 });
    ASSERT_EQ(c.node->attrString("auto_pad", "NOTSET"), "NOTSET");
    s.strideHeight = strides[0];
    s.strideWidth = strides[1];
    s.dilationHeight = dilations[0];
    s.dilationWidth = dilations[1];
    s.padTop = pads[0];
    s.padLeft = pads[1];
    s.padBottom = pads[2];
    s.padRight = pads[3];
    const int32_t xzp = zeroPoints(c, 2)[0];
    const std::vector<int32_t> wzp = zeroPoints(c, 3);
    auto conv = Int8Conv::create({ .shape = s, .srcType = x.dataType(), .options = test::int8TestOptions() },
        { w.dataType(), w.rawData(), wzp });
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    std::vector<int32_t> y(size_t(s.outputCount()));
    ASSERT_TRUE((*conv)->runInt32(x.rawData(), xzp, y.data()).isOk());
    const auto expected = c.outputs.at(0).data<int32_t>();
    ASSERT_EQ(expected.size(), y.size());
    for (size_t i = 0; i < y.size(); ++i)
        EXPECT_EQ(y[i], expected[i]) << name << " output " << i;
}

} // namespace

TEST(ConvIntegerConformance, WithPadding)
{
    runConvIntegerCase("test_convinteger_with_padding");
}
TEST(ConvIntegerConformance, WithoutPadding)
{
    runConvIntegerCase("test_convinteger_without_padding");
}

TEST(MatMulIntegerConformance, TwoD)
{
    QS_LOAD_NODE_CASE("test_matmulinteger", c);
    const Tensor& a = c.inputs.at(0);
    const Tensor& b = c.inputs.at(1);
    ASSERT_EQ(a.rank(), 2);
    ASSERT_EQ(b.rank(), 2);
    const std::vector<int32_t> bzp = zeroPoints(c, 3);
    auto mm = Int8MatMul::create(b.dims()[0], b.dims()[1], 1, a.dataType(), { b.dataType(), b.rawData(), bzp });
    ASSERT_TRUE(mm.isOk()) << mm.status().toString();
    std::vector<int32_t> y(size_t(a.dims()[0] * b.dims()[1]));
    ASSERT_TRUE((*mm)->runInt32(a.rawData(), a.dims()[0], zeroPoints(c, 2)[0], y.data()).isOk());
    const auto expected = c.outputs.at(0).data<int32_t>();
    ASSERT_EQ(expected.size(), y.size());
    for (size_t i = 0; i < y.size(); ++i)
        EXPECT_EQ(y[i], expected[i]) << "output " << i;
}

// ---- MatMul against the reference ----

namespace {

struct MatMulCase
{
    const char* name;
    int64_t batch, m, k, n;
    DataType aType, bType;
    int32_t aZeroPoint;
    std::vector<int32_t> bZeroPoints; ///< empty: random per column
};

std::string matMulName(const testing::TestParamInfo<MatMulCase>& info)
{
    return info.param.name;
}
void PrintTo(const MatMulCase& c, std::ostream* os)
{
    *os << c.name;
}

const MatMulCase kMatMulCases[] = {
    { "Square64", 1, 64, 64, 64, U8, U8, 171, { 128 } },
    { "OddSizes", 1, 7, 13, 31, U8, U8, 128, { 171 } },
    { "PerColumnZp", 1, 9, 33, 17, U8, U8, 3, {} },
    { "SingleRow", 1, 1, 127, 5, U8, U8, 255, { 0 } },
    { "SingleRowWide", 1, 1, 515, 1003, U8, U8, 37, {} }, // the M = 1 gemv: odd K, N not a multiple of 8
    { "SingleRowSignedA", 1, 1, 64, 19, S8, S8, -128, {} },
    { "Batched3", 3, 5, 20, 11, U8, U8, 100, { 171 } },
    { "SignedA", 1, 6, 19, 8, S8, U8, -7, { 128 } },
    { "SignedB", 2, 4, 24, 9, U8, S8, 0, {} },
    // Without VNNI, M > 1 runs the int16 loops (int8_gemm_s16.h): every tile height 1..6 (M = 37 = 6·6 + 1), panels
    // of 64 (AVX-512) and 16 (AVX2) columns with a partial last one, odd K; enough work for two threads.
    { "TallOddPanels", 1, 37, 255, 133, U8, S8, 200, {} },
    { "TallBatchedSignedA", 2, 11, 64, 70, S8, U8, -100, {} },
    { "TransformerFfn", 1, 128, 1024, 256, U8, S8, 117, { 0 } },
};

class Int8MatMulTest : public testing::TestWithParam<MatMulCase>
{
};

template <typename A, typename B> void checkMatMul(const MatMulCase& c, bool adversarial)
{
    std::mt19937 rng(99);
    const int aLo = std::is_signed_v<A> ? -128 : 0, aHi = std::is_signed_v<A> ? 127 : 255;
    const int bLo = std::is_signed_v<B> ? -128 : 0, bHi = std::is_signed_v<B> ? 127 : 255;
    std::vector<A> a = adversarial ? std::vector<A>(size_t(c.batch * c.m * c.k), A(aHi))
                                   : randomValues<A>(rng, size_t(c.batch * c.m * c.k), aLo, aHi);
    std::vector<B> b = randomValues<B>(rng, size_t(c.batch * c.k * c.n), bLo, bHi);
    if (adversarial)
        for (B& v : b)
            v = (v & 1) ? B(bHi) : B(bLo);
    std::vector<int32_t> bzp = c.bZeroPoints;
    const bool perColumn = bzp.empty();
    if (perColumn)
        bzp = randomValues<int32_t>(rng, size_t(c.n), bLo, bHi);
    auto mm = Int8MatMul::create(c.k, c.n, c.batch, c.aType, { c.bType, b.data(), bzp });
    ASSERT_TRUE(mm.isOk()) << mm.status().toString();
    std::vector<int32_t> expected(size_t(c.batch * c.m * c.n)), actual(expected.size(), -1);
    for (int64_t i = 0; i < c.batch; ++i)
        matMulIntegerRef(c.m, c.k, c.n, a.data() + i * c.m * c.k, c.aZeroPoint, b.data() + i * c.k * c.n, bzp.data(),
            perColumn, expected.data() + i * c.m * c.n);
    ASSERT_TRUE((*mm)->runInt32(a.data(), c.m, c.aZeroPoint, actual.data()).isOk());
    for (size_t i = 0, bad = 0; i < expected.size() && bad < 10; ++i)
        if (expected[i] != actual[i]) {
            ++bad;
            ADD_FAILURE() << c.name << " output " << i << ": expected " << expected[i] << ", got " << actual[i] << " ["
                          << (*mm)->implementation() << "; " << (*mm)->saturation().describe() << "]";
        }
    const float aScale = 0.011f;
    std::vector<float> bScales(size_t(c.n));
    std::vector<float> bias(size_t(c.n));
    for (int64_t j = 0; j < c.n; ++j) {
        bScales[size_t(j)] = 0.001f * float(j + 1);
        bias[size_t(j)] = 0.5f - 0.125f * float(j);
    }
    std::vector<float> y(expected.size());
    ASSERT_TRUE(
        (*mm)->runFloat(a.data(), c.m, c.aZeroPoint, aScale, bScales.data(), true, bias.data(), y.data()).isOk());
    for (size_t i = 0; i < y.size(); ++i) {
        const size_t j = i % size_t(c.n);
        const float want = float(expected[i]) * (aScale * bScales[j]) + bias[j];
        if (y[i] != want) {
            ADD_FAILURE() << c.name << " float output " << i << ": expected " << want << ", got " << y[i];
            break;
        }
    }
}

void dispatchMatMul(const MatMulCase& c, bool adversarial)
{
    if (c.aType == U8 && c.bType == U8)
        checkMatMul<uint8_t, uint8_t>(c, adversarial);
    else if (c.aType == S8 && c.bType == U8)
        checkMatMul<int8_t, uint8_t>(c, adversarial);
    else if (c.aType == U8 && c.bType == S8)
        checkMatMul<uint8_t, int8_t>(c, adversarial);
    else
        checkMatMul<int8_t, int8_t>(c, adversarial);
}

} // namespace

TEST_P(Int8MatMulTest, MatchesReferenceOnRandomData)
{
    dispatchMatMul(GetParam(), false);
}
TEST_P(Int8MatMulTest, MatchesReferenceOnSaturatingData)
{
    dispatchMatMul(GetParam(), true);
}

INSTANTIATE_TEST_SUITE_P(Shapes, Int8MatMulTest, testing::ValuesIn(kMatMulCases), matMulName);

// Where oneDNN's pairs saturate (AVX2, AVX512_CORE), a few offending weight pairs (16 of 8192) keep oneDNN and the
// sparse residual; many take the int16 loops. Both exact against the reference, with activations at 255 (the largest
// pair sums). Natively (VNNI) both run oneDNN and nothing is split.
TEST(Int8MatMulPaths, SparseAndDenseOffendingPairs)
{
    const int64_t m = 13, k = 256, n = 64;
    std::mt19937 rng(5);
    const std::vector<uint8_t> a(size_t(m * k), 255);
    for (const bool dense : { false, true }) {
        std::vector<int8_t> b = randomValues<int8_t>(rng, size_t(k * n), -40, 40); // pair-safe
        for (int64_t p = 0; p < k; p += dense ? 2 : 64)
            for (int64_t j = 0; j < n; j += dense ? 1 : 16) {
                b[size_t(p * n + j)] = 127;
                b[size_t((p + 1) * n + j)] = 100;
            }
        auto mm = Int8MatMul::create(k, n, 1, U8, { S8, b.data(), { 3 } });
        ASSERT_TRUE(mm.isOk()) << mm.status().toString();
        std::vector<int32_t> expected(size_t(m * n)), actual(expected.size(), -1);
        matMulIntegerRef(m, k, n, a.data(), 7, b.data(), std::vector<int32_t> { 3 }.data(), false, expected.data());
        ASSERT_TRUE((*mm)->runInt32(a.data(), m, 7, actual.data()).isOk());
        EXPECT_EQ(expected, actual) << (*mm)->implementation();
        const SaturationReport& report = (*mm)->saturation();
        if (!report.isaPairsSaturate)
            continue;
        EXPECT_GT(report.offendingPairs, 0);
        EXPECT_EQ(report.remedy, dense ? SaturationRemedy::NotNeeded : SaturationRemedy::SparseResidual)
            << report.describe();
        EXPECT_EQ((*mm)->implementation().find("int8_gemm_s16") != std::string::npos, dense) << (*mm)->implementation();
    }
}

// runFloat adds the sparse residual (a few offending pairs where oneDNN's pairs saturate) inside its tiles and hands
// every tile's float values to the band epilogue once: tall (bands of rows over the threads) and wide with few rows
// (column blocks), at 1, 2 and 3 threads, against the reference's int32 sums rescaled here.
TEST(Int8MatMulPaths, RunFloatTilesTakeTheResidualAndTheEpilogueOnce)
{
    struct Shape
    {
        int64_t m, k, n;
    };
    for (const Shape sh : { Shape { 300, 96, 128 }, Shape { 5, 64, 7000 }, Shape { 3, 40, 21 } }) {
        SCOPED_TRACE(::testing::Message() << "M " << sh.m << " K " << sh.k << " N " << sh.n);
        std::mt19937 rng(23);
        std::vector<uint8_t> a = randomValues<uint8_t>(rng, size_t(sh.m * sh.k), 0, 255);
        std::fill(a.begin(), a.begin() + sh.k, uint8_t(255)); // the largest pair sums in row 0
        std::vector<int8_t> b = randomValues<int8_t>(rng, size_t(sh.k * sh.n), -40, 40); // pair-safe
        for (int64_t p = 0; p + 1 < sh.k; p += 8)
            for (int64_t j = p % 7; j < sh.n; j += 97) { // about one weight in 400: the sparse residual
                b[size_t(p * sh.n + j)] = 127;
                b[size_t((p + 1) * sh.n + j)] = 100;
            }
        const int32_t za = 19;
        const std::vector<int32_t> bzp { -2 };
        std::vector<int32_t> ref(size_t(sh.m * sh.n));
        matMulIntegerRef(sh.m, sh.k, sh.n, a.data(), za, b.data(), bzp.data(), false, ref.data());
        std::vector<float> bScales(size_t(sh.n)), bias(size_t(sh.n));
        for (int64_t j = 0; j < sh.n; ++j) {
            bScales[size_t(j)] = 0.0007f * float(j % 13 + 1);
            bias[size_t(j)] = 0.25f - 0.0625f * float(j % 11);
        }
        const float aScale = 0.013f;
        auto mm = Int8MatMul::create(sh.k, sh.n, 1, U8, { S8, b.data(), bzp });
        ASSERT_TRUE(mm.isOk()) << mm.status().toString();
        if ((*mm)->saturation().isaPairsSaturate && sh.k * sh.n > 10000)
            EXPECT_EQ((*mm)->saturation().remedy, SaturationRemedy::SparseResidual) << (*mm)->saturation().describe();
        const int previous = omp_get_max_threads();
        for (const int threads : { 1, 2, 3 }) {
            SCOPED_TRACE(::testing::Message() << threads << " threads");
            omp_set_num_threads(threads);
            std::vector<float> y(ref.size(), -1.0f);
            std::vector<int> visits(ref.size(), 0);
            const auto epilogue = [&](float* band, int64_t count) {
                for (int64_t i = 0; i < count; ++i) {
                    ++visits[size_t(band + i - y.data())];
                    band[i] = band[i] * 0.5f;
                }
            };
            ASSERT_TRUE(
                (*mm)
                    ->runFloat(a.data(), sh.m, za, aScale, bScales.data(), true, bias.data(), y.data(), epilogue)
                    .isOk());
            for (size_t i = 0; i < y.size(); ++i) {
                const size_t j = i % size_t(sh.n);
                const float want = (float(ref[i]) * (aScale * bScales[j]) + bias[j]) * 0.5f;
                ASSERT_EQ(visits[i], 1) << "element " << i;
                ASSERT_EQ(y[i], want) << "element " << i << " [" << (*mm)->implementation() << "]";
            }
        }
        omp_set_num_threads(previous);
    }
}

// ---- The shared INT8 model's own weights ----

// Every ConvInteger of yolov5nu_int8_dynamic_seed (uint8 weights, per-tensor zero points 0..171, a few outliers
// and, on AVX2, a few saturating pairs per layer) on a small random image, against the reference.
TEST(Int8ConvYolo, EveryLayerMatchesTheReference)
{
    const auto path = test::sharedModel("yolov5nu_int8_dynamic_seed");
    QS_REQUIRE_SHARED(path);
    auto model = loadModel(path);
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    const Graph& g = (*model)->graph();
    std::mt19937 rng(17);
    int layers = 0;
    for (const Node& n : g.nodes()) {
        if (n.opType != "ConvInteger")
            continue;
        const Tensor* w = g.constantData(n.input(1));
        const Tensor* wzpTensor = g.constantData(n.input(3));
        ASSERT_TRUE(w && wzpTensor && w->dataType() == DataType::UInt8) << n.describe();
        ConvShape s;
        s.inChannels = w->dims()[1] * n.attrInt("group", 1);
        s.outChannels = w->dims()[0];
        s.group = n.attrInt("group", 1);
        s.kernelHeight = w->dims()[2];
        s.kernelWidth = w->dims()[3];
        const auto strides = n.attrInts("strides", { 1, 1 });
        const auto pads = n.attrInts("pads", { 0, 0, 0, 0 });
        const auto dilations = n.attrInts("dilations", { 1, 1 });
        s.strideHeight = strides[0];
        s.strideWidth = strides[1];
        s.dilationHeight = dilations[0];
        s.dilationWidth = dilations[1];
        s.padTop = pads[0];
        s.padLeft = pads[1];
        s.padBottom = pads[2];
        s.padRight = pads[3];
        // A small image keeps the reference cheap; every weight still meets every kind of border.
        s.inHeight = s.inWidth = 3 * s.kernelHeight + 1;
        const std::vector<int32_t> wzp = { int32_t(wzpTensor->valueAsDouble(0)) };
        auto conv = Int8Conv::create({ .shape = s, .options = test::int8TestOptions() }, { U8, w->rawData(), wzp });
        ASSERT_TRUE(conv.isOk()) << n.describe() << ": " << conv.status().toString();
        const auto x = randomValues<uint8_t>(rng, size_t(s.inputCount()), 0, 255);
        const int32_t xzp = int32_t(rng() % 256);
        std::vector<int32_t> expected(size_t(s.outputCount())), actual(expected.size());
        convIntegerRef(s, x.data(), xzp, w->data<uint8_t>().data(), wzp.data(), false, expected.data());
        ASSERT_TRUE((*conv)->runInt32(x.data(), xzp, actual.data()).isOk());
        ASSERT_EQ(expected, actual) << n.describe() << " " << s.toString() << " [" << (*conv)->saturation().describe()
                                    << "]";
        ++layers;
    }
    EXPECT_EQ(layers, 76); // the shared README's count
}
