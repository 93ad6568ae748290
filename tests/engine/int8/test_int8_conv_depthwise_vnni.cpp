// SPDX-License-Identifier: MIT
// Int8Conv's VNNI depthwise path (int8_conv_depthwise_vnni.cpp) against the obvious-loop reference
// (conv_integer_ref.h) and the scalar requantization of the reference's sums: int32 sums and requantized bytes, every
// kernel and stride it takes, channel counts that leave a partial block of 16, padding, batches, bands and 1-3
// threads. Where the machine has no AVX-512 VNNI (or DNNL_MAX_CPU_ISA caps it) the same layers take another path and
// must match all the same; the path is asserted only where the loops run.
#include "int8_test_options.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_conv_depthwise_vnni.h"
#include "kernels/int8/onednn_context.h"
#include "kernels/int8/requantize.h"
#include "kernels/int8/requantize_simd.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <omp.h>
#include <random>
#include <string>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

struct VnniCase
{
    const char* name;
    ConvShape shape;
    DataType srcType;
    DataType weiType;
    int32_t xZeroPoint;
    int32_t wZeroPoint; ///< per tensor; weights span the s8 window around it
};

ConvShape asymmetricPads()
{
    ConvShape s = test::squareConv(1, 21, 9, 11, 21, 21, 5, 1, 0);
    s.padTop = 0;
    s.padLeft = 2;
    s.padBottom = 3;
    s.padRight = 1;
    return s;
}

ConvShape tallStride()
{
    ConvShape s = test::squareConv(1, 16, 13, 10, 16, 16, 3, 1, 1);
    s.strideHeight = 3;
    s.dilationHeight = 2;
    return s;
}

const VnniCase kCases[] = {
    { "C16Kernel3", test::squareConv(1, 16, 12, 12, 16, 16, 3, 1, 1), DataType::UInt8, DataType::Int8, 128, 0 },
    { "C7Kernel3", test::squareConv(1, 7, 9, 10, 7, 7, 3, 1, 1), DataType::UInt8, DataType::Int8, 3, 0 },
    { "C72Kernel3Stride2", test::squareConv(1, 72, 15, 14, 72, 72, 3, 2, 1), DataType::UInt8, DataType::Int8, 255, 0 },
    { "C40Kernel5", test::squareConv(1, 40, 11, 13, 40, 40, 5, 1, 2), DataType::UInt8, DataType::UInt8, 77, 128 },
    { "C33Kernel5Stride2", test::squareConv(1, 33, 16, 15, 33, 33, 5, 2, 2), DataType::Int8, DataType::Int8, -5, 0 },
    { "C120Kernel5Batch2", test::squareConv(2, 120, 7, 7, 120, 120, 5, 1, 2), DataType::UInt8, DataType::Int8, 0, 0 },
    { "C24Kernel3Stride2Batch2", test::squareConv(2, 24, 20, 21, 24, 24, 3, 2, 1), DataType::Int8, DataType::UInt8, 9,
        130 },
    { "C48Width1", test::squareConv(1, 48, 6, 1, 48, 48, 3, 1, 1), DataType::UInt8, DataType::Int8, 200, 0 },
    { "C21AsymmetricPads", asymmetricPads(), DataType::UInt8, DataType::Int8, 66, 0 },
    { "C16StrideHeight3DilationHeight2", tallStride(), DataType::UInt8, DataType::Int8, 101, 0 },
    { "C200Kernel3Unpadded", test::squareConv(1, 200, 8, 9, 200, 200, 3, 1, 0), DataType::UInt8, DataType::Int8, 128,
        0 },
};

std::string caseName(const testing::TestParamInfo<VnniCase>& info)
{
    return info.param.name;
}

class Int8ConvDepthwiseVnniTest : public testing::TestWithParam<VnniCase>
{
};

/// The layer's NHWC input (bytes of srcType), s8 or u8 weights within 127 of the zero point (vpdpbusd's s8), and the
/// reference's NHWC sums.
struct Layer
{
    std::vector<uint8_t> x; ///< NHWC
    std::vector<uint8_t> w;
    std::vector<int32_t> want; ///< NHWC
};

Layer makeLayer(const VnniCase& c, bool extremes)
{
    const ConvShape& s = c.shape;
    std::mt19937 rng(11);
    // The s8 window around the weight zero point, within the weight type.
    const int typeLo = c.weiType == DataType::Int8 ? -128 : 0, typeHi = c.weiType == DataType::Int8 ? 127 : 255;
    const int dLo = std::max(-128, typeLo - c.wZeroPoint), dHi = std::min(127, typeHi - c.wZeroPoint);
    std::uniform_int_distribution<int> byte(0, 255), offset(dLo, dHi);
    Layer l;
    std::vector<uint8_t> xNchw(size_t(s.inputCount()));
    for (uint8_t& v : xNchw)
        v = extremes ? 255 : uint8_t(byte(rng));
    l.w.resize(size_t(s.weightCount()));
    for (size_t i = 0; i < l.w.size(); ++i) {
        // Extremes: every weight at an end of the window (the largest sums vpdpbusd can see).
        const int d = extremes ? (i % 3 == 0 ? dHi : dLo) : offset(rng);
        const int v = c.wZeroPoint + d;
        l.w[i] = c.weiType == DataType::Int8 ? uint8_t(int8_t(v)) : uint8_t(v);
    }
    const std::vector<int32_t> wzp { c.wZeroPoint };
    std::vector<int32_t> nchw(size_t(s.outputCount()));
    if (c.srcType == DataType::Int8 && c.weiType == DataType::Int8)
        convIntegerRef(s, reinterpret_cast<const int8_t*>(xNchw.data()), c.xZeroPoint,
            reinterpret_cast<const int8_t*>(l.w.data()), wzp.data(), false, nchw.data());
    else if (c.srcType == DataType::Int8)
        convIntegerRef(
            s, reinterpret_cast<const int8_t*>(xNchw.data()), c.xZeroPoint, l.w.data(), wzp.data(), false, nchw.data());
    else if (c.weiType == DataType::Int8)
        convIntegerRef(
            s, xNchw.data(), c.xZeroPoint, reinterpret_cast<const int8_t*>(l.w.data()), wzp.data(), false, nchw.data());
    else
        convIntegerRef(s, xNchw.data(), c.xZeroPoint, l.w.data(), wzp.data(), false, nchw.data());
    const int64_t ch = s.inChannels, hw = s.inHeight * s.inWidth, ohw = s.outHeight() * s.outWidth();
    l.x.resize(xNchw.size());
    l.want.resize(nchw.size());
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t k = 0; k < ch; ++k) {
            for (int64_t p = 0; p < hw; ++p)
                l.x[size_t((n * hw + p) * ch + k)] = xNchw[size_t((n * ch + k) * hw + p)];
            for (int64_t p = 0; p < ohw; ++p)
                l.want[size_t((n * ohw + p) * ch + k)] = nchw[size_t((n * ch + k) * ohw + p)];
        }
    return l;
}

bool vnniExpected()
{
    const std::string isa = onednnInt8Isa().isa;
    return vnniDepthwiseLoops() && isa.starts_with("avx512_core_") && !test::ownAvx2ConvForced();
}

std::unique_ptr<Int8Conv> create(const VnniCase& c, const Layer& l)
{
    auto conv = Int8Conv::create({ .shape = c.shape,
                                     .srcType = c.srcType,
                                     .inputLayout = ActivationLayout::Nhwc,
                                     .outputLayout = ActivationLayout::Nhwc,
                                     .constantSrcZeroPoint = c.xZeroPoint,
                                     .options = test::int8TestOptions() },
        { c.weiType, l.w.data(), { c.wZeroPoint } });
    EXPECT_TRUE(conv.isOk()) << conv.status().toString();
    return conv.isOk() ? std::move(*conv) : nullptr;
}

/// The requantization of a QDQ layer: per-channel multipliers, an int32 bias, an output zero point, a Relu's clamp.
/// `gain` scales the multipliers: 1 is a real layer's, whose products the loops may round before clamping; 1e7 makes
/// them large enough to overflow int32 unclamped, so the loops must clamp in float first.
Requantization requantization(const ConvShape& s, DataType outType, float gain)
{
    std::vector<float> wScales(size_t(s.outChannels));
    for (size_t o = 0; o < wScales.size(); ++o)
        wScales[o] = 0.0007f + 0.0001f * float(o % 13);
    Requantization rq = Requantization::make(
        outType, 0.021f, wScales.data(), s.outChannels, s.outChannels, 0.047f, outType == DataType::UInt8 ? 3 : -7);
    rq.bias.resize(size_t(s.outChannels));
    for (size_t o = 0; o < rq.bias.size(); ++o)
        rq.bias[o] = int32_t(o * 37 % 2001) - 1000;
    rq.clampTo(0.0f, INFINITY, 0.047f);
    for (float& m : rq.multipliers)
        m *= gain;
    return rq;
}

void checkLayer(const VnniCase& c, bool extremes)
{
    const ConvShape& s = c.shape;
    const Layer l = makeLayer(c, extremes);
    for (const int threads : { 1, 2, 3 }) {
        omp_set_num_threads(threads);
        const std::unique_ptr<Int8Conv> conv = create(c, l);
        ASSERT_TRUE(conv);
        if (vnniExpected())
            EXPECT_EQ(conv->implementation(), "qs:avx512_vnni_int8_depthwise") << conv->pathReason();
        std::vector<int32_t> got(l.want.size(), -1);
        ASSERT_TRUE(conv->runInt32(l.x.data(), c.xZeroPoint, got.data()).isOk());
        ASSERT_EQ(got, l.want) << conv->implementation() << ", " << threads << " threads";
        for (const DataType outType : { DataType::UInt8, DataType::Int8 })
            for (const float gain : { 1.0f, 1e7f }) {
                const Requantization rq = requantization(s, outType, gain);
                std::vector<uint8_t> want(l.want.size()), bytes(l.want.size(), 0xa5);
                requantizeTileIsa(quant::QuantIsa::Scalar, l.want.data(), s.batch * s.outHeight() * s.outWidth(),
                    s.outChannels, rq, want.data(), 1, s.outChannels);
                ASSERT_TRUE(conv->runRequantized(l.x.data(), c.xZeroPoint, rq, bytes.data()).isOk());
                ASSERT_EQ(bytes, want) << conv->implementation() << ", " << threads << " threads, gain " << gain;
            }
    }
    omp_set_num_threads(1);
}

} // namespace

TEST_P(Int8ConvDepthwiseVnniTest, MatchesReferenceOnRandomData)
{
    checkLayer(GetParam(), false);
}

TEST_P(Int8ConvDepthwiseVnniTest, MatchesReferenceAtTheWeightsExtremes)
{
    checkLayer(GetParam(), true);
}

INSTANTIATE_TEST_SUITE_P(Shapes, Int8ConvDepthwiseVnniTest, testing::ValuesIn(kCases), caseName);

// A weight w - zp_w outside s8 keeps the layer off the VNNI loops (vpdpbusd multiplies s8), on a path that is exact
// for any weights.
TEST(Int8ConvDepthwiseVnni, WeightsOutsideS8TakeAnotherExactPath)
{
    VnniCase c { "C16U8WeightsZp3", test::squareConv(1, 16, 8, 8, 16, 16, 3, 1, 1), DataType::UInt8, DataType::UInt8,
        40, 3 };
    Layer l = makeLayer(c, false);
    l.w[5] = 255; // 252 above its zero point
    const VnniCase& cc = c;
    // The reference with the changed weight.
    l = [&] {
        Layer m = l;
        const ConvShape& s = cc.shape;
        std::vector<uint8_t> xNchw(m.x.size());
        const int64_t ch = s.inChannels, hw = s.inHeight * s.inWidth, ohw = s.outHeight() * s.outWidth();
        for (int64_t k = 0; k < ch; ++k)
            for (int64_t p = 0; p < hw; ++p)
                xNchw[size_t(k * hw + p)] = m.x[size_t(p * ch + k)];
        std::vector<int32_t> nchw(m.want.size());
        const std::vector<int32_t> wzp { cc.wZeroPoint };
        convIntegerRef(s, xNchw.data(), cc.xZeroPoint, m.w.data(), wzp.data(), false, nchw.data());
        for (int64_t k = 0; k < ch; ++k)
            for (int64_t p = 0; p < ohw; ++p)
                m.want[size_t(p * ch + k)] = nchw[size_t(k * ohw + p)];
        return m;
    }();
    const std::unique_ptr<Int8Conv> conv = create(c, l);
    ASSERT_TRUE(conv);
    EXPECT_NE(conv->implementation(), "qs:avx512_vnni_int8_depthwise");
    std::vector<int32_t> got(l.want.size(), -1);
    ASSERT_TRUE(conv->runInt32(l.x.data(), c.xZeroPoint, got.data()).isOk());
    EXPECT_EQ(got, l.want) << conv->implementation();
}

// Int8KernelOptions::OwnAvx2Conv::Never keeps every layer on oneDNN, this path included.
TEST(Int8ConvDepthwiseVnni, OneDnnEverywhereOptionKeepsOneDnn)
{
    const VnniCase& c = kCases[0];
    const Layer l = makeLayer(c, false);
    Int8KernelOptions options;
    options.ownAvx2Conv = Int8KernelOptions::OwnAvx2Conv::Never;
    auto conv = Int8Conv::create({ .shape = c.shape,
                                     .srcType = c.srcType,
                                     .inputLayout = ActivationLayout::Nhwc,
                                     .outputLayout = ActivationLayout::Nhwc,
                                     .constantSrcZeroPoint = c.xZeroPoint,
                                     .options = options },
        { c.weiType, l.w.data(), { c.wZeroPoint } });
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    EXPECT_NE((*conv)->implementation(), "qs:avx512_vnni_int8_depthwise");
    std::vector<int32_t> got(l.want.size(), -1);
    ASSERT_TRUE((*conv)->runInt32(l.x.data(), c.xZeroPoint, got.data()).isOk());
    EXPECT_EQ(got, l.want) << (*conv)->implementation();
}

// An NCHW output (an int8 region's last layer feeding a float reader) is written by the epilogue from the loops' int32
// bands, not by the loops' NHWC byte store.
TEST(Int8ConvDepthwiseVnni, NchwOutputMatchesTheReference)
{
    const VnniCase& c = kCases[3]; // 40 channels, 5x5
    const ConvShape& s = c.shape;
    const Layer l = makeLayer(c, false);
    auto conv = Int8Conv::create({ .shape = s,
                                     .srcType = c.srcType,
                                     .inputLayout = ActivationLayout::Nhwc,
                                     .outputLayout = ActivationLayout::Nchw,
                                     .constantSrcZeroPoint = c.xZeroPoint,
                                     .options = test::int8TestOptions() },
        { c.weiType, l.w.data(), { c.wZeroPoint } });
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    if (vnniExpected())
        EXPECT_EQ((*conv)->implementation(), "qs:avx512_vnni_int8_depthwise");
    const Requantization rq = requantization(s, DataType::UInt8, 1.0f);
    const int64_t ohw = s.outHeight() * s.outWidth(), ch = s.outChannels;
    std::vector<uint8_t> nhwc(l.want.size()), want(l.want.size()), got(l.want.size(), 0xa5);
    requantizeTileIsa(quant::QuantIsa::Scalar, l.want.data(), ohw, ch, rq, nhwc.data(), 1, ch);
    for (int64_t k = 0; k < ch; ++k)
        for (int64_t p = 0; p < ohw; ++p)
            want[size_t(k * ohw + p)] = nhwc[size_t(p * ch + k)];
    ASSERT_TRUE((*conv)->runRequantized(l.x.data(), c.xZeroPoint, rq, got.data()).isOk());
    EXPECT_EQ(got, want) << (*conv)->implementation();
}

// The byte store writes each pixel's 16 channels with a masked 64-byte store that starts before them (int8_conv_
// depthwise_vnni_avx512.cpp): no byte outside the output may change, before its first pixel (fewer than 16 channels:
// the store's start lies before the buffer) or after its last, on any run length and partial block.
TEST(Int8ConvDepthwiseVnni, ByteStoreTouchesNothingOutsideTheOutput)
{
    for (const VnniCase& c : { kCases[1], kCases[4], kCases[8] }) { // 7, 33 and 21 channels
        const ConvShape& s = c.shape;
        const Layer l = makeLayer(c, false);
        const std::unique_ptr<Int8Conv> conv = create(c, l);
        ASSERT_TRUE(conv);
        const Requantization rq = requantization(s, DataType::UInt8, 1.0f);
        std::vector<uint8_t> want(l.want.size());
        requantizeTileIsa(quant::QuantIsa::Scalar, l.want.data(), s.batch * s.outHeight() * s.outWidth(), s.outChannels,
            rq, want.data(), 1, s.outChannels);
        constexpr size_t guard = 128;
        std::vector<uint8_t> buffer(want.size() + 2 * guard, 0x5a);
        ASSERT_TRUE(conv->runRequantized(l.x.data(), c.xZeroPoint, rq, buffer.data() + guard).isOk());
        EXPECT_EQ(std::vector<uint8_t>(buffer.begin() + guard, buffer.end() - guard), want) << c.name;
        EXPECT_EQ(std::count(buffer.begin(), buffer.begin() + guard, 0x5a), ptrdiff_t(guard)) << c.name;
        EXPECT_EQ(std::count(buffer.end() - guard, buffer.end(), 0x5a), ptrdiff_t(guard)) << c.name;
    }
}
