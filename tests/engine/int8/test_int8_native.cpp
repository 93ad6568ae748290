// SPDX-License-Identifier: MIT
// The native (AVX-512 VNNI) speed path of static INT8: the vectorised requantizing epilogue against ONNX's formula
// written out plainly, and Int8Conv created for a constant zero activation zero point (no oneDNN source zero
// point, so oneDNN may pick its brgemm kernels) against the obvious-loop ConvInteger reference, borders included.
#include "int8_test_util.h"
#include "kernels/cpu/softmax_simd.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/float_epilogue.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/qdq_add_simd.h"
#include "kernels/int8/requantize.h"
#include "kernels/int8/requantize_simd.h"
#include "quant/quant_kernels.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace qs;
using namespace qs::kernels::int8;
using qs::quant::QuantIsa;
using qs::test::randomValues;
using qs::test::squareConv;

/// ONNX: saturate(round_half_to_even(float(acc + bias) * m [+ offset]) + zp) within [lo, hi] (absolute bounds).
int32_t requantizeOne(int32_t acc, int32_t bias, float m, const float* offset, int32_t zp, int32_t lo, int32_t hi)
{
    float v = float(acc + bias) * m;
    if (offset)
        v += *offset;
    const double r = std::nearbyint(double(v)) + zp;
    return int32_t(std::clamp(r, double(lo), double(hi)));
}

struct RqCase
{
    int64_t channels;
    DataType type;
    bool perChannel, bias, offset, relu;
};

class RequantizeSimdTest : public testing::TestWithParam<RqCase>
{
};

TEST_P(RequantizeSimdTest, EveryIsaMatchesOnnxFormulaBothLayouts)
{
    const RqCase c = GetParam();
    const int64_t count = 19;
    std::mt19937 rng(11);
    // Accumulators around the rounding boundaries: wide values, and exact ties (odd multiples of half a step).
    std::uniform_int_distribution<int32_t> accDist(-40000, 40000);
    std::vector<int32_t> acc(size_t(count * c.channels));
    for (size_t i = 0; i < acc.size(); ++i)
        acc[i] = i % 7 == 0 ? int32_t(2 * (int32_t(i) % 301) - 301) : accDist(rng);
    std::uniform_real_distribution<float> scale(0.002f, 0.03f);
    const int32_t zp = c.type == DataType::Int8 ? -5 : 123;
    std::vector<float> wScales(size_t(c.perChannel ? c.channels : 1));
    for (float& s : wScales)
        s = scale(rng);
    // Multipliers of exactly 0.5 in some channels make the tie accumulators land on x.5.
    Requantization rq
        = Requantization::make(c.type, 1.0f, wScales.data(), int64_t(wScales.size()), c.channels, 1.0f, zp);
    rq.multipliers[0] = 0.5f;
    if (c.bias) {
        rq.bias.resize(size_t(c.channels));
        for (int32_t& b : rq.bias)
            b = accDist(rng) / 4;
    }
    if (c.offset) {
        rq.offset.resize(size_t(c.channels));
        for (float& o : rq.offset)
            o = scale(rng) * 300.0f - 4.5f;
    }
    if (c.relu)
        rq.clampTo(0.0f, INFINITY, 1.0f);

    std::vector<int32_t> want(acc.size());
    for (int64_t j = 0; j < count; ++j)
        for (int64_t ch = 0; ch < c.channels; ++ch)
            want[size_t(j * c.channels + ch)] = requantizeOne(acc[size_t(j * c.channels + ch)],
                c.bias ? rq.bias[size_t(ch)] : 0, rq.multipliers[c.perChannel ? size_t(ch) : 0],
                c.offset ? &rq.offset[size_t(ch)] : nullptr, zp, rq.lo, rq.hi);
    const auto value = [&](uint8_t b) { return c.type == DataType::Int8 ? int32_t(int8_t(b)) : int32_t(b); };

    int checked = 0;
    for (QuantIsa isa : { QuantIsa::Scalar, QuantIsa::Avx2, QuantIsa::Avx512 }) {
        if (!quant::quantKernelTable(isa))
            continue;
        ++checked;
        // Channel-contiguous (NHWC rows)...
        std::vector<uint8_t> nhwc(acc.size(), 0xAA);
        requantizeTileIsa(isa, acc.data(), count, c.channels, rq, nhwc.data(), 1, c.channels);
        // ...and strided (an NCHW tile inside a wider row: pixel stride 1, channel stride count + 3).
        const int64_t cs = count + 3;
        std::vector<uint8_t> nchw(size_t(cs * c.channels), 0xAA);
        requantizeTileIsa(isa, acc.data(), count, c.channels, rq, nchw.data(), cs, 1);
        for (int64_t j = 0; j < count; ++j)
            for (int64_t ch = 0; ch < c.channels; ++ch) {
                const int32_t w = want[size_t(j * c.channels + ch)];
                ASSERT_EQ(value(nhwc[size_t(j * c.channels + ch)]), w)
                    << quant::quantIsaName(isa) << " nhwc pixel " << j << " channel " << ch;
                ASSERT_EQ(value(nchw[size_t(ch * cs + j)]), w)
                    << quant::quantIsaName(isa) << " nchw pixel " << j << " channel " << ch;
            }
        for (int64_t ch = 0; ch < c.channels; ++ch)
            for (int64_t j = count; j < cs; ++j)
                ASSERT_EQ(nchw[size_t(ch * cs + j)], 0xAA) << "wrote outside the tile";
    }
    EXPECT_GE(checked, 1);
}

INSTANTIATE_TEST_SUITE_P(Cases, RequantizeSimdTest,
    testing::Values(RqCase { 64, DataType::UInt8, true, true, false, true },
        RqCase { 1, DataType::UInt8, false, false, false, false },
        RqCase { 3, DataType::Int8, true, true, true, false }, RqCase { 17, DataType::UInt8, false, true, true, true },
        RqCase { 70, DataType::Int8, true, false, false, true },
        RqCase { 512, DataType::UInt8, true, true, false, false },
        // Whole 32-channel blocks of the AVX2 path with an 8-channel rest, both output types.
        RqCase { 40, DataType::Int8, false, true, true, false },
        RqCase { 96, DataType::UInt8, false, false, true, false },
        // MobileNet widths below 32: whole 8-channel blocks only (the AVX2 8-channel loop), with and without a rest.
        RqCase { 16, DataType::UInt8, true, true, false, true }, RqCase { 24, DataType::Int8, true, true, true, false },
        RqCase { 29, DataType::UInt8, true, false, false, false }));

struct ZeroZpCase
{
    const char* name;
    ConvShape shape;
    bool perChannel;
};

class ConstantZeroPointConvTest : public testing::TestWithParam<ZeroZpCase>
{
};

/// A uint8 source with a constant zero point 0: the convolution runs without oneDNN's source zero point; ONNX's
/// padding (the zero point, i.e. 0) must still contribute nothing, and weight zero points still apply.
TEST_P(ConstantZeroPointConvTest, MatchesReferenceInBothLayouts)
{
    const ZeroZpCase& c = GetParam();
    const ConvShape& s = c.shape;
    std::mt19937 rng(5);
    const auto x = randomValues<uint8_t>(rng, size_t(s.inputCount()));
    const auto w = randomValues<int8_t>(rng, size_t(s.weightCount()));
    std::vector<int32_t> wzp = { 0 };
    if (c.perChannel) {
        wzp.resize(size_t(s.outChannels));
        for (size_t i = 0; i < wzp.size(); ++i)
            wzp[i] = int32_t(i % 5) - 2;
    }
    const ActivationLayout kN = ActivationLayout::Nchw, kH = ActivationLayout::Nhwc;
    // Zero point 0 as a constant (no oneDNN source zero point), and 121 at run time for comparison; every pair of
    // input and output layouts.
    // mode 0: zero point 0, constant; 1: 121 at run time (oneDNN's source zero point); 2: 121 constant (explicitly
    // padded source, compensation term).
    for (const int mode : { 0, 1, 2 })
        for (const auto& [inLayout, layout] :
            { std::pair { kN, kN }, std::pair { kH, kH }, std::pair { kN, kH }, std::pair { kH, kN } }) {
            const int32_t xzp = mode == 0 ? 0 : 121;
            std::vector<int32_t> want(size_t(s.outputCount()));
            convIntegerRef(s, x.data(), xzp, w.data(), wzp.data(), c.perChannel, want.data());
            auto conv
                = Int8Conv::create({ .shape = s,
                                       .inputLayout = inLayout,
                                       .outputLayout = layout,
                                       .constantSrcZeroPoint = mode == 1 ? std::nullopt : std::optional<int32_t>(xzp),
                                       .options = test::int8TestOptions() },
                    { DataType::Int8, w.data(), wzp });
            ASSERT_TRUE(conv.isOk()) << conv.status().toString();
            const bool nhwc = layout == ActivationLayout::Nhwc;
            const int64_t hw = s.inHeight * s.inWidth, ohw = s.outHeight() * s.outWidth();
            std::vector<uint8_t> xin = x;
            if (inLayout == kH)
                for (int64_t ch = 0; ch < s.inChannels; ++ch)
                    for (int64_t p = 0; p < hw; ++p)
                        xin[size_t(p * s.inChannels + ch)] = x[size_t(ch * hw + p)];
            std::vector<int32_t> got(want.size());
            ASSERT_TRUE((*conv)->runInt32(xin.data(), xzp, got.data()).isOk());
            for (int64_t o = 0; o < s.outChannels; ++o)
                for (int64_t p = 0; p < ohw; ++p)
                    ASSERT_EQ(got[size_t(nhwc ? p * s.outChannels + o : o * ohw + p)], want[size_t(o * ohw + p)])
                        << c.name << (nhwc ? " nhwc" : " nchw") << " channel " << o << " pixel " << p << " ("
                        << (*conv)->implementation() << ")";
            // The requantizing epilogue (QLinearConv) in the same layout.
            std::vector<float> wScales(size_t(s.outChannels));
            for (size_t o = 0; o < wScales.size(); ++o)
                wScales[o] = 0.0005f + 0.0002f * float(o % 7);
            // Multipliers of 0.0005-0.0017 spread the accumulators over the whole output range.
            Requantization rq = Requantization::make(
                DataType::UInt8, 1.0f, wScales.data(), int64_t(wScales.size()), s.outChannels, 1.0f, 37);
            rq.bias.assign(size_t(s.outChannels), 0);
            for (size_t o = 0; o < rq.bias.size(); ++o)
                rq.bias[o] = int32_t(o * 97 % 1000) - 500;
            std::vector<uint8_t> q(want.size());
            ASSERT_TRUE((*conv)->runRequantized(xin.data(), xzp, rq, q.data()).isOk());
            for (int64_t o = 0; o < s.outChannels; ++o)
                for (int64_t p = 0; p < ohw; ++p) {
                    const int32_t w8 = requantizeOne(
                        want[size_t(o * ohw + p)], rq.bias[size_t(o)], rq.multipliers[size_t(o)], nullptr, 37, 0, 255);
                    ASSERT_EQ(int32_t(q[size_t(nhwc ? p * s.outChannels + o : o * ohw + p)]), w8)
                        << c.name << (nhwc ? " nhwc" : " nchw") << " requantized, channel " << o << " pixel " << p;
                }
            // Output zero point 0 with a Relu (lo = 0): natively oneDNN may write the uint8 output itself (direct
            // requantizing primitive), which must give the same bytes; the multipliers make some products ties.
            for (size_t o = 0; o < rq.multipliers.size(); ++o)
                rq.multipliers[o] = o % 3 == 0 ? 0.0078125f : wScales[o];
            rq.zeroPoint = 0;
            rq.lo = 0;
            rq.hi = 255;
            std::fill(q.begin(), q.end(), uint8_t(0xEE));
            ASSERT_TRUE((*conv)->runRequantized(xin.data(), xzp, rq, q.data()).isOk());
            for (int64_t o = 0; o < s.outChannels; ++o)
                for (int64_t p = 0; p < ohw; ++p) {
                    const int32_t w8 = requantizeOne(
                        want[size_t(o * ohw + p)], rq.bias[size_t(o)], rq.multipliers[size_t(o)], nullptr, 0, 0, 255);
                    ASSERT_EQ(int32_t(q[size_t(nhwc ? p * s.outChannels + o : o * ohw + p)]), w8)
                        << c.name << (nhwc ? " nhwc" : " nchw") << " requantized (zero point 0), channel " << o
                        << " pixel " << p;
                }
            // Ties with an odd output zero point, a narrower clamp (a Relu's lo = zero point, a Clip's hi) and int8
            // output: where oneDNN writes the output itself its post-ops must round before adding the zero point.
            for (const DataType outType : { DataType::UInt8, DataType::Int8 }) {
                const bool u8 = outType == DataType::UInt8;
                Requantization tied = Requantization::make(
                    outType, 1.0f, wScales.data(), int64_t(wScales.size()), s.outChannels, 1.0f, u8 ? 37 : -3);
                tied.bias = rq.bias;
                tied.multipliers = rq.multipliers;
                if (u8) {
                    tied.lo = 37;
                    tied.hi = 250;
                }
                std::vector<uint8_t> t(want.size(), uint8_t(0xEE));
                ASSERT_TRUE((*conv)->runRequantized(xin.data(), xzp, tied, t.data()).isOk());
                for (int64_t o = 0; o < s.outChannels; ++o)
                    for (int64_t p = 0; p < ohw; ++p) {
                        const int32_t w8 = requantizeOne(want[size_t(o * ohw + p)], tied.bias[size_t(o)],
                            tied.multipliers[size_t(o)], nullptr, tied.zeroPoint, tied.lo, tied.hi);
                        const uint8_t byte = t[size_t(nhwc ? p * s.outChannels + o : o * ohw + p)];
                        ASSERT_EQ(u8 ? int32_t(byte) : int32_t(int8_t(byte)), w8)
                            << c.name << (nhwc ? " nhwc" : " nchw") << (u8 ? " uint8" : " int8")
                            << " requantized (odd zero point, ties), channel " << o << " pixel " << p << " ("
                            << (*conv)->implementation() << ")";
                    }
            }
            // Natively (brgemm kernels, the brgemm depthwise kernel, the AVX-512 direct kernel; NHWC output, no
            // weight zero point correction) that run went through oneDNN's uint8 output.
            const std::string impl = (*conv)->implementation();
            const bool directKernel = impl.rfind("brgconv", 0) == 0 || impl.rfind("brdgmm_dw", 0) == 0
                || (impl.rfind("jit_int8:", 0) == 0 && !kernels::int8::onednnInt8Isa().pairsSaturate);
            if (mode != 1 && nhwc && !c.perChannel && directKernel)
                EXPECT_NE(impl.find("+u8"), std::string::npos) << impl;
            // A run-time zero point may change between runs (dynamic quantization): borders and compensation follow.
            if (mode == 1) {
                std::vector<int32_t> want7(want.size());
                convIntegerRef(s, x.data(), 7, w.data(), wzp.data(), c.perChannel, want7.data());
                ASSERT_TRUE((*conv)->runInt32(xin.data(), 7, got.data()).isOk());
                for (int64_t o = 0; o < s.outChannels; ++o)
                    for (int64_t p = 0; p < ohw; ++p)
                        ASSERT_EQ(got[size_t(nhwc ? p * s.outChannels + o : o * ohw + p)], want7[size_t(o * ohw + p)])
                            << c.name << " second run with zero point 7, channel " << o << " pixel " << p;
            }
            // Created for a constant zero point, a run with another one is refused rather than computed wrongly.
            if (mode != 1)
                EXPECT_FALSE((*conv)->runInt32(xin.data(), 3, got.data()).isOk());
        }
}

INSTANTIATE_TEST_SUITE_P(Shapes, ConstantZeroPointConvTest,
    testing::Values(ZeroZpCase { "Wide64Pad1", squareConv(1, 64, 12, 11, 64, 1, 3, 1, 1), false },
        ZeroZpCase { "Stride2PerChannel", squareConv(1, 32, 13, 13, 48, 1, 3, 2, 1), true },
        ZeroZpCase { "Pointwise", squareConv(1, 40, 7, 9, 24, 1, 1, 1, 0), true },
        ZeroZpCase { "Stem7x7", squareConv(1, 3, 23, 21, 16, 1, 7, 2, 3), false },
        ZeroZpCase { "Odd13to7", squareConv(1, 13, 11, 9, 7, 1, 3, 1, 1), true },
        ZeroZpCase { "C5to16", squareConv(1, 5, 13, 11, 16, 1, 3, 1, 1), true },
        ZeroZpCase { "C16to16", squareConv(1, 16, 7, 6, 16, 1, 3, 1, 1), true },
        // Depthwise (MobileNet-style): oneDNN's brgemm depthwise kernel natively, its direct kernel on AVX-512.
        ZeroZpCase { "Depthwise48", squareConv(1, 48, 13, 11, 48, 48, 3, 1, 1), false },
        ZeroZpCase { "Depthwise24Stride2", squareConv(1, 24, 14, 13, 24, 24, 3, 2, 1), false },
        ZeroZpCase { "Depthwise72K5", squareConv(1, 72, 9, 10, 72, 72, 5, 1, 2), false },
        ZeroZpCase { "Depthwise20PerChannel", squareConv(1, 20, 9, 8, 20, 20, 3, 1, 1), true }),
    [](const testing::TestParamInfo<ZeroZpCase>& i) { return std::string(i.param.name); });

/// The AVX-512 int8 add against ONNX's DequantizeLinear, Add, Relu, QuantizeLinear written out with
/// std::nearbyint: every operand type pair, with and without Relu, a tail, and sums that land on exact ties.
TEST(QdqAddAvx512, MatchesTheAuthoredFloatOperations)
{
    const int64_t n = 16 * 37 + 5;
    std::mt19937 rng(21);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        a[size_t(i)] = uint8_t(byte(rng));
        b[size_t(i)] = uint8_t(byte(rng));
    }
    int checked = 0;
    // 0.5: many exact ties; the others are not powers of two, so the loop's reciprocal division (Markstein's
    // correction, quant/reciprocal_division_avx512.h) must round every quotient as vdivps would.
    for (const float yScale : { 0.5f, 0.1f, 0.0517f, 3.3f })
        for (int combo = 0; combo < 8; ++combo) {
            const bool as = combo & 1, bs = combo & 2, ys = combo & 4;
            for (const bool relu : { false, true }) {
                kernels::int8::QdqAddParams p;
                p.aZeroPoint = as ? -3 : 128;
                p.bZeroPoint = bs ? 5 : 120;
                // Halves and quarters of the output scale put many quotients at or next to k + 0.5, where a
                // division that is off by one ulp rounds the other way.
                p.aScale = yScale * 0.5f;
                p.bScale = combo % 3 == 0 ? yScale * 0.25f : 0.0371f;
                p.yScale = yScale;
                p.yZeroPoint = ys ? 1.0f : 7.0f;
                p.lo = ys ? -128.0f : 0.0f;
                p.hi = ys ? 127.0f : 255.0f;
                p.floor = relu ? 0.0f : -INFINITY;
                std::vector<uint8_t> y(size_t(n), 0xEE);
                if (!kernels::int8::qdqAddSimd(quant::QuantIsa::Avx512, a.data(), as, b.data(), bs, y.data(), ys, n, p))
                    GTEST_SKIP() << "no AVX-512 on this CPU";
                ++checked;
                for (int64_t i = 0; i < n; ++i) {
                    const int32_t av = as ? int32_t(int8_t(a[size_t(i)])) : int32_t(a[size_t(i)]);
                    const int32_t bv = bs ? int32_t(int8_t(b[size_t(i)])) : int32_t(b[size_t(i)]);
                    float v = float(av - p.aZeroPoint) * p.aScale + float(bv - p.bZeroPoint) * p.bScale;
                    v = std::max(v, p.floor);
                    const float q = std::clamp(std::nearbyint(v / p.yScale) + p.yZeroPoint, p.lo, p.hi);
                    const int32_t got = ys ? int32_t(int8_t(y[size_t(i)])) : int32_t(y[size_t(i)]);
                    ASSERT_EQ(got, int32_t(q)) << "combo " << combo << " relu " << relu << " element " << i;
                }
            }
        }
    EXPECT_EQ(checked, 64);
}

/// The fused dynamic conv's float epilogue on this CPU's widest path (AVX-512 natively, AVX2 when limited) against
/// the definition in double: float(acc) * scale + shift in float (two roundings), then y * sigmoid(y); a few ulp for
/// the own exp and the refined reciprocal; the range is exactly the min and max of what was written. Channel counts
/// with and without a vector tail.
TEST(FloatEpilogue, RescaleSiluAndRangeMatchTheDefinition)
{
    std::mt19937 rng(17);
    std::uniform_int_distribution<int32_t> accDist(-300000, 300000);
    std::uniform_real_distribution<float> scaleDist(1e-5f, 1e-4f), shiftDist(-3.0f, 3.0f);
    for (const int64_t oc : { 16, 64, 80, 21, 5 }) {
        const int64_t count = 13;
        std::vector<int32_t> acc(size_t(count * oc));
        for (auto& a : acc)
            a = accDist(rng);
        std::vector<float> scale(static_cast<size_t>(oc)), shift(static_cast<size_t>(oc));
        // oc 21 reaches |y| ~ 300: exp's clamps at both ends (-87.3 and 88) and the scaling by 2^n at its extremes.
        const float wide = oc == 21 ? 10.0f : 1.0f;
        for (int64_t o = 0; o < oc; ++o) {
            scale[size_t(o)] = scaleDist(rng) * wide;
            shift[size_t(o)] = shiftDist(rng);
        }
        for (const bool silu : { false, true }) {
            std::vector<float> out(acc.size(), -1234.0f);
            float range[2] = { INFINITY, -INFINITY };
            kernels::int8::rescaleNhwc(acc.data(), count, oc, scale.data(), shift.data(), silu, out.data(), range);
            float mn = INFINITY, mx = -INFINITY;
            for (int64_t j = 0; j < count; ++j)
                for (int64_t o = 0; o < oc; ++o) {
                    const float v = float(acc[size_t(j * oc + o)]) * scale[size_t(o)] + shift[size_t(o)];
                    const double want = silu ? double(v) / (1.0 + std::exp(-double(v))) : double(v);
                    const float got = out[size_t(j * oc + o)];
                    if (silu)
                        ASSERT_NEAR(got, want, 4e-7 * std::max(1.0, std::fabs(want))) << "oc " << oc << " j " << j;
                    else
                        ASSERT_EQ(got, v) << "oc " << oc << " j " << j;
                    mn = std::min(mn, got);
                    mx = std::max(mx, got);
                }
            EXPECT_EQ(range[0], mn) << "oc " << oc;
            EXPECT_EQ(range[1], mx) << "oc " << oc;
        }
    }
}

/// The SiLU epilogue over a dense sweep of v (every 1/1024 over [-100, 100], acc 0 and the shift = v, so v is exact)
/// and at its edges (the exp clamps at -88 and 87.3 and just past them, the SiLU minimum near -1.2785, +-0, tiny and
/// huge values), against y / (1 + e^-y) in double: within the few ulp of the test above, whatever vector tail the
/// channel count leaves. +inf gives +inf (inf * sigmoid(inf) = inf * 1), NaN stays NaN and is left out of the range,
/// as quant::minMax leaves it out.
TEST(FloatEpilogue, SiluSweepAndEdgesMatchTheDefinition)
{
    std::vector<float> values;
    for (int i = -102400; i <= 102400; ++i)
        values.push_back(float(i) / 1024.0f);
    for (const float v :
        { 0.0f, -0.0f, 1e-30f, -1e-30f, 1e-45f, -88.0f, -88.001f, -87.999f, -87.3f, -87.301f, 87.3f, 87.301f, 88.0f,
            88.001f, -89.0f, 89.0f, -103.0f, -1.2784645f, -1.2784646f, 3e4f, -3e4f, 1e30f, -1e30f, 3.4e38f })
        values.push_back(v);
    for (const int64_t oc : { 16, 37 }) {
        SCOPED_TRACE(::testing::Message() << "oc " << oc);
        const int64_t count = (int64_t(values.size()) + oc - 1) / oc;
        std::vector<int32_t> acc(size_t(count * oc), 0);
        std::vector<float> out(acc.size(), -1234.0f);
        float mn = INFINITY, mx = -INFINITY;
        // One pixel per call, the shift carrying oc values: the loop's full vectors and its masked tail both run.
        const std::vector<float> scale(size_t(oc), 1.0f);
        for (int64_t j = 0; j < count; ++j) {
            std::vector<float> shift(size_t(oc), 0.0f);
            for (int64_t o = 0; o < oc && j * oc + o < int64_t(values.size()); ++o)
                shift[size_t(o)] = values[size_t(j * oc + o)];
            float range[2] = { INFINITY, -INFINITY };
            kernels::int8::rescaleNhwc(
                acc.data() + j * oc, 1, oc, scale.data(), shift.data(), true, out.data() + j * oc, range);
            for (int64_t o = 0; o < oc; ++o) {
                const double v = shift[size_t(o)];
                const double want = v / (1.0 + std::exp(-v));
                const float got = out[size_t(j * oc + o)];
                ASSERT_NEAR(got, want, 4e-7 * std::max(1.0, std::fabs(want))) << "v " << v;
            }
            mn = std::min(mn, range[0]);
            mx = std::max(mx, range[1]);
        }
        EXPECT_EQ(mn, *std::min_element(out.begin(), out.end()));
        EXPECT_EQ(mx, *std::max_element(out.begin(), out.end()));
    }
    // Non-finite inputs, which the graph's Sigmoid and Mul carry through.
    const int32_t zero[16] = {};
    float shift[16], scale[16], y[16];
    std::fill(std::begin(scale), std::end(scale), 1.0f);
    std::fill(std::begin(shift), std::end(shift), 2.0f);
    shift[3] = INFINITY;
    shift[7] = NAN;
    float range[2] = { INFINITY, -INFINITY };
    kernels::int8::rescaleNhwc(zero, 1, 16, scale, shift, true, y, range);
    EXPECT_EQ(y[3], INFINITY);
    EXPECT_TRUE(std::isnan(y[7]));
    const float two = float(2.0 / (1.0 + std::exp(-2.0)));
    EXPECT_NEAR(y[0], two, 4e-7);
    EXPECT_NEAR(range[0], two, 4e-7) << "NaN is not the minimum";
    EXPECT_EQ(range[1], INFINITY);
}
/// The strided AVX-512 Softmax (YOLO's DFL head) against the definition in double: 16 bins over an inner dimension
/// with a vector tail, values spread over a wide range; within a few ulp of the exact result, rows summing to 1.
TEST(SoftmaxStrided, MatchesTheDefinition)
{
    const int64_t outer = 3, n = 16, inner = 37;
    std::mt19937 rng(23);
    std::uniform_real_distribution<float> d(-30.0f, 30.0f);
    std::vector<float> x(static_cast<size_t>(outer * n * inner)), y(x.size(), -1.0f);
    for (auto& v : x)
        v = d(rng);
    if (!kernels::softmaxStridedAvx512(x.data(), y.data(), outer, n, inner))
        GTEST_SKIP() << "no AVX-512 path on this CPU or under this DNNL_MAX_CPU_ISA";
    for (int64_t o = 0; o < outer; ++o)
        for (int64_t in = 0; in < inner; ++in) {
            // The difference to the maximum in float, as every float softmax computes it (its rounding is part of
            // the result: 1 ulp of 30 moves exp by 2e-6 relative); the rest in double.
            float mx = -INFINITY;
            double sum = 0.0;
            for (int64_t i = 0; i < n; ++i)
                mx = std::max(mx, x[size_t((o * n + i) * inner + in)]);
            for (int64_t i = 0; i < n; ++i)
                sum += std::exp(double(x[size_t((o * n + i) * inner + in)] - mx));
            for (int64_t i = 0; i < n; ++i) {
                const size_t k = size_t((o * n + i) * inner + in);
                const double want = std::exp(double(x[k] - mx)) / sum;
                ASSERT_NEAR(y[k], want, 1e-6 * want + 1e-30) << "o " << o << " i " << i << " in " << in;
            }
        }
}

/// The transposed form's optional range (rewrite 14 hands it to the DynamicQuantizeLinear after YOLO's DFL Softmax
/// instead of its min/max pass): exactly the min and max of the values stored, and the stores the same as without it,
/// on each vector ISA this CPU runs (AVX2's 8-lane blocks and AVX-512's 16, both with a masked tail).
TEST(SoftmaxStrided, RangeIsThatOfTheStoredValues)
{
    // [1, A, C, P] read as the Softmax over C of its [1, C, A, P] transpose; P = 37 leaves a vector tail.
    const int64_t a = 4, c = 16, p = 37;
    std::mt19937 rng(29);
    std::uniform_real_distribution<float> d(-12.0f, 12.0f);
    std::vector<float> x(static_cast<size_t>(a * c * p));
    for (auto& v : x)
        v = d(rng);
    int tested = 0;
    for (const quant::QuantIsa isa : { quant::QuantIsa::Avx2, quant::QuantIsa::Avx512 }) {
        if (!quant::quantKernelTable(isa))
            continue;
        ++tested;
        std::vector<float> y(x.size(), -1.0f), y0(x.size(), -2.0f);
        float range[2] = { -7.0f, -7.0f };
        ASSERT_TRUE(kernels::softmaxStrided(isa, x.data(), y.data(), a, c, p, c * p, p, p, a * p, range));
        ASSERT_TRUE(kernels::softmaxStrided(isa, x.data(), y0.data(), a, c, p, c * p, p, p, a * p));
        float mn = INFINITY, mx = -INFINITY;
        for (size_t k = 0; k < y.size(); ++k) {
            ASSERT_EQ(y[k], y0[k]) << quant::quantIsaName(isa) << " " << k;
            ASSERT_GE(y[k], 0.0f) << k;
            mn = std::min(mn, y[k]);
            mx = std::max(mx, y[k]);
        }
        EXPECT_EQ(range[0], mn) << quant::quantIsaName(isa);
        EXPECT_EQ(range[1], mx) << quant::quantIsaName(isa);
        EXPECT_LT(mn, mx);
    }
    if (tested == 0)
        GTEST_SKIP() << "no vector ISA on this CPU";
}

} // namespace
