// SPDX-License-Identifier: MIT
// Static (constant activation zero point) pointwise NHWC convolutions: on AVX2 without VNNI and one intra-op thread
// the unpadded ones run on the own kernel, which reads the source in place and hands its accumulators band by band
// to the requantizing epilogue and to a fused residual add's sink (the QDQ downsampling convolutions of a ResNet).
// Full-range int8 weights and uint8 data (saturating pairs, hence a sparse residual), odd output channel counts,
// strides, a padded 1x1 and a 3-channel one (both stay on oneDNN), zero points 0 and 3. Against the obvious-loop
// ConvInteger, ONNX's requantization and the DequantizeLinear + Add + Relu + QuantizeLinear formulas written out here.
// Runs natively, AVX2-limited (`avx2.`, the own kernel by the dispatch rule) and with the own kernel forced
// (`avx2own.`).
#include "exec/session_plan.h"
#include "int8_test_util.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/requantize.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <omp.h>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace qs;
using namespace qs::kernels::int8;
using qs::test::randomValues;
using qs::test::squareConv;

/// ONNX: saturate(round_half_to_even(float(acc + bias) * m) + zp) to uint8.
int32_t requantizeOnnx(int32_t acc, int32_t bias, float m, int32_t zp)
{
    const double r = std::nearbyint(double(float(acc + bias) * m)) + zp;
    return int32_t(std::clamp(r, 0.0, 255.0));
}

struct PointwiseCase
{
    const char* name;
    ConvShape shape;
    int32_t xZeroPoint;
};

class StaticPointwiseConvTest : public testing::TestWithParam<PointwiseCase>
{
};

TEST_P(StaticPointwiseConvTest, RequantizedAndFusedAddMatchOnnx)
{
    const PointwiseCase& c = GetParam();
    const ConvShape& s = c.shape;
    const int threads = omp_get_max_threads();
    setIntraOpThreads(1); // at more threads the own kernel is taken only for layers large enough to split
    std::mt19937 rng(23);
    const auto x = randomValues<uint8_t>(rng, size_t(s.inputCount())); // NCHW
    const auto w = randomValues<int8_t>(rng, size_t(s.weightCount()));
    std::vector<int32_t> wzp(size_t(s.outChannels));
    for (size_t o = 0; o < wzp.size(); ++o)
        wzp[o] = int32_t(o % 3) - 1;
    std::vector<int32_t> want(size_t(s.outputCount())); // NCHW
    convIntegerRef(s, x.data(), c.xZeroPoint, w.data(), wzp.data(), true, want.data());

    auto conv = Int8Conv::create({ .shape = s,
                                     .inputLayout = ActivationLayout::Nhwc,
                                     .outputLayout = ActivationLayout::Nhwc,
                                     .constantSrcZeroPoint = c.xZeroPoint,
                                     .options = test::int8TestOptions() },
        { DataType::Int8, w.data(), wzp });
    setIntraOpThreads(threads); // the choice is made at creation
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    const std::string impl = (*conv)->implementation();
    const char* isa = std::getenv("DNNL_MAX_CPU_ISA");
    // In place: no padding and whole quads of input channels.
    const bool inPlace = s.padTop + s.padLeft + s.padBottom + s.padRight == 0 && s.inChannels % 4 == 0;
    // AVX-512 without VNNI takes the own kernel for these static in-place layers too (int8_conv_plan.cpp).
    if (isa && (std::string(isa) == "AVX2" || std::string(isa) == "AVX512_CORE") && !test::ownAvx2ConvForced())
        EXPECT_EQ(impl == (std::string(isa) == "AVX2" ? "qs:avx2_int8" : "qs:avx512_int8"), inPlace) << impl;

    const int64_t hw = s.inHeight * s.inWidth, ohw = s.outHeight() * s.outWidth(), oc = s.outChannels;
    std::vector<uint8_t> xin(x.size());
    for (int64_t ch = 0; ch < s.inChannels; ++ch)
        for (int64_t p = 0; p < hw; ++p)
            xin[size_t(p * s.inChannels + ch)] = x[size_t(ch * hw + p)];

    std::vector<float> wScales(static_cast<size_t>(oc));
    for (size_t o = 0; o < wScales.size(); ++o)
        wScales[o] = 0.0004f + 0.00015f * float(o % 5);
    Requantization rq
        = Requantization::make(DataType::UInt8, 1.0f, wScales.data(), int64_t(wScales.size()), oc, 1.0f, 29);
    rq.bias.assign(size_t(oc), 0);
    for (size_t o = 0; o < rq.bias.size(); ++o)
        rq.bias[o] = int32_t(o * 131 % 2000) - 1000;
    std::vector<int32_t> wantQ(want.size()); // NHWC
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t p = 0; p < ohw; ++p)
            wantQ[size_t(p * oc + o)]
                = requantizeOnnx(want[size_t(o * ohw + p)], rq.bias[size_t(o)], rq.multipliers[size_t(o)], 29);

    std::vector<uint8_t> q(want.size(), 0xEE);
    ASSERT_TRUE((*conv)->runRequantized(xin.data(), c.xZeroPoint, rq, q.data()).isOk());
    for (size_t i = 0; i < q.size(); ++i)
        ASSERT_EQ(int32_t(q[i]), wantQ[i]) << c.name << " requantized, element " << i << " (" << impl << ")";

    // The fused residual add: y = Q(max(DQ(conv) + DQ(b), 0)), y written by the sink over the residual's buffer
    // (the memory planner gives the fused add's output the residual's buffer).
    const float convScale = 1.0f, bScale = 0.7f, yScale = 1.3f;
    const int32_t bZeroPoint = 100, yZeroPoint = 5;
    const auto b = randomValues<uint8_t>(rng, want.size());
    const auto addOnnx = [&](int32_t a, int32_t bv) {
        float v = float(a - 29) * convScale + float(bv - bZeroPoint) * bScale;
        v = std::max(v, 0.0f);
        return int32_t(std::clamp(std::nearbyint(v / yScale) + float(yZeroPoint), 0.0f, 255.0f));
    };
    std::vector<uint8_t> y = b;
    std::vector<uint8_t> seen(want.size(), 0);
    const Int8Conv::RequantizedSink sink = [&](const uint8_t* tile, int64_t offset, int64_t n) {
        for (int64_t i = 0; i < n; ++i) {
            const size_t e = size_t(offset + i);
            y[e] = uint8_t(addOnnx(tile[i], y[e]));
            ++seen[e];
        }
    };
    ASSERT_TRUE((*conv)->runRequantized(xin.data(), c.xZeroPoint, rq, y.data(), sink).isOk());
    for (size_t i = 0; i < y.size(); ++i) {
        ASSERT_EQ(seen[i], 1) << c.name << " element " << i << " given to the sink " << int(seen[i]) << " times";
        ASSERT_EQ(int32_t(y[i]), addOnnx(wantQ[i], b[i])) << c.name << " fused add, element " << i;
    }
}

INSTANTIATE_TEST_SUITE_P(Shapes, StaticPointwiseConvTest,
    testing::Values(PointwiseCase { "Stride2Odd19", squareConv(1, 64, 9, 9, 19, 1, 1, 2, 0), 0 },
        PointwiseCase { "Stride1Odd37", squareConv(1, 40, 7, 7, 37, 1, 1, 1, 0), 0 },
        PointwiseCase { "Stride2ZeroPoint3", squareConv(1, 32, 11, 11, 24, 1, 1, 2, 0), 3 },
        PointwiseCase { "Padded1x1", squareConv(1, 16, 6, 6, 16, 1, 1, 1, 1), 0 },
        PointwiseCase { "ThreeChannels", squareConv(1, 3, 5, 5, 8, 1, 1, 1, 0), 0 }),
    [](const testing::TestParamInfo<PointwiseCase>& i) { return std::string(i.param.name); });

} // namespace
