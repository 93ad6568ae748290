// SPDX-License-Identifier: MIT
// The own int8 convolution kernel on its AVX-512 VNNI microkernels (kernels/int8/int8_conv_own_vnni.h:
// Avx2Int8ConvTuning::vnni), whatever DNNL_MAX_CPU_ISA says, against the obvious-loop reference ConvInteger on the
// original, unsplit weights: vpdpbusd sums u8·s8 quads in int32, so it must be exact for any s8 weights, activations
// at 255 with weights at both ends of the s8 range included. Every register blocking, masked channel tails (channel
// counts that are no multiple of 16), 1x1 and spatial kernels, strides 1 and 2, padding, the pixel ranges of bands and
// the residual reduced inside the kernel. Then Int8Conv natively: static pointwise layers take this path by rule and
// write the requantized bytes from the microkernels, on 1-3 threads, uint8 and int8 outputs, an odd output zero point
// with a narrowed clamp, and a fused add's sink, against ONNX's requantization written out here; under
// DNNL_MAX_CPU_ISA=AVX2 or AVX512_CORE the path must not be chosen.
#include "clamped_weights.h"
#include "exec/session_plan.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_conv_own_kernel.h"
#include "kernels/int8/int8_conv_own_vnni.h"
#include "kernels/int8/int8_saturation.h"
#include "kernels/int8/requantize.h"
#include "kernels/int8/thread_blocks.h"
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

using test::squareConv;

struct Case
{
    const char* name;
    ConvShape shape;
    int32_t zeroPoint;
};

const Case kCases[] = {
    { "Pointwise16to8", squareConv(1, 16, 9, 10, 8, 1, 1, 1, 0), 0 },
    { "Pointwise24to72", squareConv(1, 24, 7, 6, 72, 1, 1, 1, 0), 128 },
    { "Pointwise40to120", squareConv(1, 40, 5, 5, 120, 1, 1, 1, 0), 77 },
    { "Pointwise4to20", squareConv(1, 4, 6, 7, 20, 1, 1, 1, 0), 255 },
    { "Pointwise33to24", squareConv(1, 33, 6, 7, 24, 1, 1, 1, 0), 200 },
    { "PointwiseLong200to20", squareConv(1, 200, 5, 6, 20, 1, 1, 1, 0), 3 },
    // The long reductions of MobileNetV3's last blocks, which take this kernel where oneDNN has no AMX.
    { "PointwiseLong480to112", squareConv(1, 480, 4, 5, 112, 1, 1, 1, 0), 0 },
    { "PointwiseLong960to40", squareConv(1, 960, 5, 6, 40, 1, 1, 1, 0), 131 },
    { "PointwiseStride2", squareConv(1, 16, 8, 8, 40, 1, 1, 2, 0), 5 },
    { "Odd13to20K3", squareConv(1, 13, 9, 10, 20, 1, 3, 1, 1), 128 },
    { "Odd5to7K3S2", squareConv(1, 5, 11, 11, 7, 1, 3, 2, 1), 255 },
    { "Wide64to40K3", squareConv(1, 64, 10, 9, 40, 1, 3, 1, 1), 37 },
    { "Image3to16K7S2", squareConv(1, 3, 23, 21, 16, 1, 7, 2, 3), 0 },
    { "Batch2K5S2", squareConv(2, 7, 12, 13, 9, 1, 5, 2, 2), 128 },
};

std::string caseName(const testing::TestParamInfo<Case>& info)
{
    return info.param.name;
}

enum class Data
{
    Random,
    Saturating, ///< x = 255 everywhere, weights at -128 or 127: every int16 pair would leave its range
};

std::vector<uint8_t> toNchw(const ConvShape& s, const std::vector<uint8_t>& nhwc)
{
    std::vector<uint8_t> nchw(nhwc.size());
    const int64_t hw = s.inHeight * s.inWidth, ic = s.inChannels;
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t c = 0; c < ic; ++c)
            for (int64_t p = 0; p < hw; ++p)
                nchw[size_t((n * ic + c) * hw + p)] = nhwc[size_t((n * hw + p) * ic + c)];
    return nchw;
}

/// got (NHWC) against want (NCHW), image by image.
void expectSame(
    const ConvShape& s, const std::vector<int32_t>& got, const std::vector<int32_t>& want, const std::string& what)
{
    const int64_t oc = s.outChannels, ohw = s.outHeight() * s.outWidth();
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t o = 0; o < oc; ++o)
            for (int64_t p = 0; p < ohw; ++p)
                ASSERT_EQ(got[size_t((n * ohw + p) * oc + o)], want[size_t((n * oc + o) * ohw + p)])
                    << s.toString() << " " << what << " image " << n << " oc " << o << " pixel " << p;
}

class OwnVnniConvTest : public testing::TestWithParam<Case>
{
};

void check(const Case& c, Data data)
{
    const ConvShape& s = c.shape;
    if (!ownConvVnniSimdUncapped() || !Avx2Int8Conv::supports(s))
        GTEST_SKIP() << "no AVX-512 VNNI on this CPU";
    std::mt19937 rng(21);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> x(size_t(s.inputCount())); // NHWC
    for (uint8_t& v : x)
        v = data == Data::Saturating ? 255 : uint8_t(byte(rng));
    std::vector<int8_t> w(size_t(s.weightCount()));
    for (int8_t& v : w)
        v = data == Data::Saturating ? ((byte(rng) & 1) ? 127 : -128) : int8_t(byte(rng) - 128);
    const int32_t zp = c.zeroPoint, noZp = 0;
    std::vector<int32_t> want(size_t(s.outputCount()));
    convIntegerRef(s, toNchw(s, x).data(), zp, w.data(), &noZp, false, want.data());

    const int64_t ohw = s.outHeight() * s.outWidth();
    for (int p = 1; p <= 8; ++p)
        for (int n = 1; n <= 3; ++n) {
            auto conv = Avx2Int8Conv::create(s, w.data(), { .pixelBlock = p, .channelBlock = n, .vnni = true });
            ASSERT_TRUE(conv);
            EXPECT_STREQ(conv->implementation(), "qs:avx512_vnni_int8");
            EXPECT_EQ(conv->groupedQuads(), 0);
            std::vector<int32_t> got(size_t(s.outputCount()), 0x5a5a5a5a);
            const std::string blocking = std::to_string(p) + "x" + std::to_string(16 * n);
            conv->run(x.data(), zp, got.data());
            expectSame(s, got, want, "blocking " + blocking);
            // In two bands split at a pixel that is no row start, as the epilogue's threads take them.
            if (s.batch == 1) {
                std::fill(got.begin(), got.end(), 0x5a5a5a5a);
                const int64_t split = ohw / 3 + 1;
                conv->setImage(x.data(), zp);
                conv->computePixels(0, split, got.data());
                conv->computePixels(split, ohw, got.data() + split * s.outChannels);
                expectSame(s, got, want, "bands, blocking " + blocking);
            }
        }
}

TEST_P(OwnVnniConvTest, MatchesReferenceOnRandomData)
{
    check(GetParam(), Data::Random);
}

TEST_P(OwnVnniConvTest, MatchesReferenceOnSaturatingData)
{
    check(GetParam(), Data::Saturating);
}

INSTANTIATE_TEST_SUITE_P(Shapes, OwnVnniConvTest, testing::ValuesIn(kCases), caseName);

TEST(OwnVnniConv, ResidualInsideTheKernelIsExact)
{
    // Weights w - zp_w outside s8 (uint8 weights with zero point 0 reach 255; here up to 254, so that the excess fits
    // the s8 reference) clamped, their excess as residual weights the kernel reduces as extra quads (non-plain blocks:
    // the quads in the schedule's order).
    const ConvShape s = squareConv(1, 24, 9, 8, 20, 1, 3, 1, 1);
    if (!ownConvVnniSimdUncapped())
        GTEST_SKIP() << "no AVX-512 VNNI on this CPU";
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> x(size_t(s.inputCount()));
    for (uint8_t& v : x)
        v = (byte(rng) & 1) ? 255 : uint8_t(byte(rng));
    std::vector<int32_t> exact(size_t(s.weightCount()));
    for (int32_t& v : exact)
        v = byte(rng) - 128;
    const int64_t khw = s.kernelHeight * s.kernelWidth;
    const auto at = [&](int64_t o, int64_t c, int64_t k) { return size_t((o * s.inChannels + c) * khw + k); };
    exact[at(0, 0, 4)] = 254;
    exact[at(0, 1, 4)] = 250;
    exact[at(7, 10, 0)] = -255;
    exact[at(19, 23, 8)] = 200;
    std::vector<int8_t> kept;
    std::vector<ResidualWeight> residual;
    qs::test::clampWithResidual(s, exact, -128, 127, kept, residual);
    auto conv = Avx2Int8Conv::create(s, kept.data(), residual, { .vnni = true });
    ASSERT_TRUE(conv->absorbsResidual());
    // The reference on the exact weights: the kept part plus the excess (at most 128 per weight), both in s8.
    std::vector<int8_t> excess(exact.size());
    for (size_t i = 0; i < exact.size(); ++i)
        excess[i] = int8_t(exact[i] - kept[i]);
    const int32_t zp = 3, noZp = 0;
    const std::vector<uint8_t> nchw = toNchw(s, x);
    std::vector<int32_t> want(size_t(s.outputCount())), part(size_t(s.outputCount()));
    convIntegerRef(s, nchw.data(), zp, kept.data(), &noZp, false, want.data());
    convIntegerRef(s, nchw.data(), zp, excess.data(), &noZp, false, part.data());
    for (size_t i = 0; i < want.size(); ++i)
        want[i] += part[i];
    std::vector<int32_t> got(size_t(s.outputCount()));
    conv->run(x.data(), zp, got.data());
    expectSame(s, got, want, "residual in the kernel");
}

/// ONNX's QuantizeLinear of the requantized sum: saturate(round_half_to_even(float(acc + bias) * m) + zp) to [lo, hi].
int32_t requantizeOnnx(int32_t acc, int32_t bias, float m, int32_t zp, int32_t lo, int32_t hi)
{
    const double r = std::nearbyint(double(float(acc + bias) * m)) + zp;
    return int32_t(std::clamp(r, double(lo), double(hi)));
}

TEST(OwnVnniConv, Int8ConvRequantizesOnEveryThreadCount)
{
    const bool vnniRule = ownConvVnniSimd() && !onednnInt8Isa().pairsSaturate;
    // Where oneDNN has AMX, layers with more than 288 input channels on 16 or more pixels stay on it.
    const bool amx = onednnInt8Isa().isa.find("amx") != std::string::npos;
    const int sessionThreads = omp_get_max_threads();
    std::mt19937 rng(17);
    std::uniform_int_distribution<int> byte(0, 255);
    // Output channels 8 (one partial vector), 24, 40 and 72 (partial last vectors), 48 (whole); maps whose rows do not
    // divide among the threads; 1x1 maps (squeeze-excite); one large enough to split over threads; zero points 0 and
    // 131; long reductions (480-960 input channels) on a small map, a 1x1 map and one large enough to split.
    const ConvShape shapes[] = { squareConv(1, 16, 13, 11, 8, 1, 1, 1, 0), squareConv(1, 8, 9, 9, 24, 1, 1, 1, 0),
        squareConv(1, 48, 7, 7, 40, 1, 1, 1, 0), squareConv(1, 24, 10, 10, 72, 1, 1, 1, 0),
        squareConv(1, 96, 5, 6, 48, 1, 1, 1, 0), squareConv(1, 120, 1, 1, 32, 1, 1, 1, 0),
        squareConv(1, 16, 47, 45, 24, 1, 1, 1, 0), squareConv(1, 960, 7, 7, 40, 1, 1, 1, 0),
        squareConv(1, 960, 1, 1, 240, 1, 1, 1, 0), squareConv(1, 480, 17, 15, 136, 1, 1, 1, 0) };
    for (const ConvShape& s : shapes)
        for (const int32_t xzp : { 0, 131 })
            for (const int threads : { 1, 2, 3 }) {
                std::vector<uint8_t> x(size_t(s.inputCount())); // NHWC
                for (uint8_t& v : x)
                    v = uint8_t(byte(rng));
                std::vector<int8_t> w(size_t(s.weightCount()));
                for (int8_t& v : w)
                    v = (byte(rng) & 7) == 0 ? int8_t(-128) : int8_t(byte(rng) - 128); // saturating pairs too
                setIntraOpThreads(threads); // the choice and the threads are made at creation
                auto conv = Int8Conv::create({ .shape = s,
                                                 .inputLayout = ActivationLayout::Nhwc,
                                                 .outputLayout = ActivationLayout::Nhwc,
                                                 .constantSrcZeroPoint = xzp },
                    { DataType::Int8, w.data(), { 0 } });
                ASSERT_TRUE(conv.isOk()) << conv.status().toString();
                const std::string impl = (*conv)->implementation();
                // At more threads the rule takes the layers the epilogue splits over them (at least 32Ki outputs,
                // or 1Mi multiply-accumulates with the per-output cost, on at least two rows): the others keep
                // oneDNN's parallel kernels.
                const int64_t outputs = s.outputCount();
                const bool splits = threads == 1
                    || (s.outHeight() >= 2
                        && (outputs >= kParallelConvMinOutputs
                            || bandedConvWork(outputs, outputs * s.inChannels) >= kParallelConvMinMacs));
                const bool shortReduction = s.inChannels <= 288 || s.outHeight() * s.outWidth() < 16;
                EXPECT_EQ(impl == "qs:avx512_vnni_int8", vnniRule && splits && (!amx || shortReduction))
                    << s.toString() << " " << impl;
                const int32_t noZp = 0;
                std::vector<int32_t> want(size_t(s.outputCount())); // NCHW
                convIntegerRef(s, toNchw(s, x).data(), xzp, w.data(), &noZp, false, want.data());
                const int64_t oc = s.outChannels, ohw = s.outHeight() * s.outWidth();
                std::vector<float> wScales(static_cast<size_t>(oc));
                for (size_t o = 0; o < wScales.size(); ++o)
                    wScales[o] = 0.00002f + 0.000007f * float(o % 5);
                for (const DataType outType : { DataType::UInt8, DataType::Int8 }) {
                    const bool u8 = outType == DataType::UInt8;
                    Requantization rq = Requantization::make(outType, 1.0f, wScales.data(), oc, oc, 1.0f, u8 ? 37 : -3);
                    rq.bias.resize(size_t(oc));
                    for (size_t o = 0; o < rq.bias.size(); ++o)
                        rq.bias[o] = int32_t(o * 131 % 2000) - 1000;
                    if (u8) { // a Relu's and a Clip's narrower clamp
                        rq.lo = 37;
                        rq.hi = 250;
                    }
                    std::vector<uint8_t> y(size_t(s.outputCount()), 0xEE);
                    ASSERT_TRUE((*conv)->runRequantized(x.data(), xzp, rq, y.data()).isOk());
                    for (int64_t o = 0; o < oc; ++o)
                        for (int64_t p = 0; p < ohw; ++p) {
                            const int32_t expected = requantizeOnnx(want[size_t(o * ohw + p)], rq.bias[size_t(o)],
                                rq.multipliers[size_t(o)], rq.zeroPoint, rq.lo, rq.hi);
                            const uint8_t b = y[size_t(p * oc + o)];
                            ASSERT_EQ(u8 ? int32_t(b) : int32_t(int8_t(b)), expected)
                                << s.toString() << " zp " << xzp << " threads " << threads << (u8 ? " uint8" : " int8")
                                << " oc " << o << " pixel " << p << " (" << impl << ")";
                        }
                    // A fused add's sink sees each requantized byte once.
                    std::vector<uint8_t> seen(y.size(), 0), got(y.size(), 0);
                    const Int8Conv::RequantizedSink sink = [&](const uint8_t* tile, int64_t offset, int64_t n) {
                        for (int64_t i = 0; i < n; ++i) {
                            got[size_t(offset + i)] = tile[i];
                            ++seen[size_t(offset + i)];
                        }
                    };
                    std::vector<uint8_t> out(y.size());
                    ASSERT_TRUE((*conv)->runRequantized(x.data(), xzp, rq, out.data(), sink).isOk());
                    for (size_t i = 0; i < y.size(); ++i) {
                        ASSERT_EQ(seen[i], 1) << s.toString() << " element " << i;
                        ASSERT_EQ(got[i], y[i]) << s.toString() << " sink, element " << i;
                    }
                }
            }
    setIntraOpThreads(sessionThreads);
}

} // namespace
