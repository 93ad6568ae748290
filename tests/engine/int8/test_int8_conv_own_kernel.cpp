// SPDX-License-Identifier: MIT
// The engine's own u8·s8 convolution (kernels/int8/int8_conv_own_kernel.h), on its AVX2 and its AVX-512BW
// microkernels whatever DNNL_MAX_CPU_ISA says (Avx2Int8ConvTuning::isa), against the obvious-loop reference
// ConvInteger: the kernel on the pair-split weights plus the split-off residual (as a dense weight tensor through the
// reference) must equal the reference on the original weights, exactly, including activations at 255 with weights
// at both ends of the s8 range (every same-sign pair would saturate vpmaddubsw's int16 without the split).
// Int8Conv's own tests (test_int8_conv.cpp, avx2.* in ctest) cover the kernel wired in with zero points and epilogues.
#include "clamped_weights.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv_own_kernel.h"
#include "kernels/int8/interleave_planes.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

using quant::QuantIsa;
using test::squareConv;

/// The microkernels every test runs: each ISA the own kernel has a table for.
const QuantIsa kIsas[] = { QuantIsa::Avx2, QuantIsa::Avx512 };

/// Skips (returns false) when the CPU cannot run `isa`'s microkernels or the kernel cannot compute `s`.
bool runnable(const ConvShape& s, QuantIsa isa)
{
    return Avx2Int8Conv::supports(s) && ownConvSimd(isa);
}

const char* missing(QuantIsa isa)
{
    return isa == QuantIsa::Avx512 ? "no AVX-512BW on this CPU" : "no AVX2 on this CPU";
}

struct Case
{
    const char* name;
    ConvShape shape;
    int32_t zeroPoint;
};

ConvShape asymmetricPads()
{
    ConvShape s = squareConv(1, 6, 9, 11, 12, 1, 3, 2, 0);
    s.padTop = 2;
    s.padLeft = 0;
    s.padBottom = 1;
    s.padRight = 2;
    s.kernelWidth = 2;
    s.strideHeight = 1;
    return s;
}

const Case kCases[] = {
    { "Image3to16K7S2", squareConv(1, 3, 23, 21, 16, 1, 7, 2, 3), 0 },
    { "Image3to16K6S2P2", squareConv(1, 3, 20, 20, 16, 1, 6, 2, 2), 113 },
    { "Odd13to20K3", squareConv(1, 13, 9, 10, 20, 1, 3, 1, 1), 128 },
    { "Odd5to7K3S2", squareConv(1, 5, 11, 11, 7, 1, 3, 2, 1), 255 },
    { "Wide64to40K3", squareConv(1, 64, 10, 9, 40, 1, 3, 1, 1), 37 },
    { "Pointwise33to24", squareConv(1, 33, 6, 7, 24, 1, 1, 1, 0), 200 },
    { "PointwiseStride2", squareConv(1, 16, 8, 8, 32, 1, 1, 2, 0), 5 },
    // 50 quads per pixel: on AVX2 plain blocks of a long reduction take the 6 x 1 blocking (create()), short ones 3
    // x 3.
    { "PointwiseLong200to20", squareConv(1, 200, 5, 6, 20, 1, 1, 1, 0), 77 },
    { "Batch2K5S2", squareConv(2, 7, 12, 13, 9, 1, 5, 2, 2), 128 },
    { "PadWiderThanHalfKernel", squareConv(1, 2, 4, 4, 3, 1, 3, 1, 2), 200 },
    { "AsymmetricPads", asymmetricPads(), 90 },
};

using Param = std::tuple<Case, QuantIsa>;

std::string caseName(const testing::TestParamInfo<Param>& info)
{
    return std::string(std::get<0>(info.param).name) + "_" + quant::quantIsaName(std::get<1>(info.param));
}

enum class Data
{
    Random,
    Saturating, ///< x = 255 everywhere, weights at -128 or 127
    /// Weights in [-56, 56] (quads sum into int16 groups of 2 and 4 near the 128 bound, and some cannot), x at 255
    /// for half of the elements: the grouped int16 sums at their extremes.
    Moderate,
};

void check(const Param& param, Data data, bool interior)
{
    const auto& [c, isa] = param;
    const ConvShape& s = c.shape;
    if (!runnable(s, isa))
        GTEST_SKIP() << missing(isa);
    std::mt19937 rng(9);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> x(size_t(s.inputCount())); // NCHW for the reference
    for (uint8_t& v : x)
        v = data == Data::Saturating || (data == Data::Moderate && (byte(rng) & 1)) ? 255 : uint8_t(byte(rng));
    std::vector<int8_t> w(size_t(s.weightCount()));
    std::uniform_int_distribution<int> moderate(-56, 56);
    for (int8_t& v : w)
        v = data == Data::Saturating ? ((byte(rng) & 1) ? 127 : -128)
            : data == Data::Moderate ? int8_t(moderate(rng))
                                     : int8_t(byte(rng) - 128);
    const int32_t zp = c.zeroPoint, noZp = 0;

    std::vector<int32_t> want(size_t(s.outputCount()));
    convIntegerRef(s, x.data(), zp, w.data(), &noZp, false, want.data());

    std::vector<int8_t> split = w;
    SaturationReport report;
    const std::vector<ResidualWeight> residual = Avx2Int8Conv::splitPairs(s, split.data(), report);
    EXPECT_EQ(report.residualEntries, int64_t(residual.size()));
    if (data == Data::Saturating)
        EXPECT_GT(residual.size(), 0u);
    // Dense residual tensor through the reference: an independent way to apply it.
    std::vector<int32_t> r(w.size(), 0);
    const int64_t khw = s.kernelHeight * s.kernelWidth;
    for (const ResidualWeight& e : residual)
        r[size_t((e.row * s.inChannels + e.reduction) * khw + e.inner)] += e.value;
    for (size_t i = 0; i < w.size(); ++i)
        ASSERT_EQ(int32_t(split[i]) + r[i], int32_t(w[i])) << "split must sum back at " << i;
    // Each weight is in one pair, so each position holds at most one residual, |r| <= 128: it fits int8.
    std::vector<int8_t> r8(r.size());
    for (size_t i = 0; i < r.size(); ++i) {
        ASSERT_TRUE(r[i] >= -128 && r[i] <= 127);
        r8[i] = int8_t(r[i]);
    }
    std::vector<int32_t> corr(size_t(s.outputCount()));
    convIntegerRef(s, x.data(), zp, r8.data(), &noZp, false, corr.data());

    const int64_t hw = s.inHeight * s.inWidth, ic = s.inChannels, oc = s.outChannels;
    const int64_t ohw = s.outHeight() * s.outWidth();
    std::vector<uint8_t> nhwc(x.size());
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t ch = 0; ch < ic; ++ch)
            for (int64_t p = 0; p < hw; ++p)
                nhwc[size_t((n * hw + p) * ic + ch)] = x[size_t((n * ic + ch) * hw + p)];
    std::vector<int32_t> got(size_t(s.outputCount())); // NHWC
    // The int16 quad groups at each limit Int8KernelOptions::maxQuadGroup allows (Moderate data, where groups form).
    // Blocks of 16 channels too (1 zmm, 2 ymm): on wider blocks the same weights form fewer groups (every lane of the
    // block must fit), so the expectations below hold for 16 channels only.
    const int lanes = isa == QuantIsa::Avx512 ? 16 : 8;
    std::vector<Avx2Int8ConvTuning> tunings { { .isa = isa } };
    if (data == Data::Moderate)
        tunings = { { .isa = isa }, { .maxQuadGroup = 2, .isa = isa }, { .maxQuadGroup = 1, .isa = isa },
            { .channelBlock = 16 / lanes, .isa = isa } };
    for (const Avx2Int8ConvTuning& tuning : tunings) {
        const int maxGroup = tuning.maxQuadGroup;
        auto conv = Avx2Int8Conv::create(s, split.data(), tuning);
        EXPECT_EQ(conv->lanes(), lanes);
        if (maxGroup == 1)
            EXPECT_EQ(conv->groupedQuads(), 0);
        const int64_t blockChannels = conv->lanes() * conv->channelBlock();
        const int64_t blocks = (s.outChannels + blockChannels - 1) / blockChannels;
        if (data == Data::Moderate && maxGroup == 4 && blockChannels == 16 && conv->totalQuads() >= 16 * blocks) {
            // Enough quads per channel block for groups to form, and weights that make some of them impossible.
            EXPECT_GT(conv->groupedQuads(), 0);
            EXPECT_LT(conv->groupedQuads(), conv->totalQuads());
        }
        for (int round = 0; round < 2; ++round) { // the second run reuses the filled border
            if (interior) {
                for (int64_t n = 0; n < s.batch; ++n) {
                    for (int64_t h = 0; h < s.inHeight; ++h)
                        std::memcpy(conv->interior() + h * conv->paddedRowStride(),
                            nhwc.data() + (n * hw + h * s.inWidth) * ic, size_t(s.inWidth * ic));
                    conv->runInterior(zp, got.data() + n * ohw * oc);
                }
            } else {
                conv->run(nhwc.data(), zp, got.data());
            }
            for (int64_t n = 0; n < s.batch; ++n)
                for (int64_t o = 0; o < oc; ++o)
                    for (int64_t p = 0; p < ohw; ++p) {
                        const size_t nchw = size_t((n * oc + o) * ohw + p);
                        ASSERT_EQ(got[size_t((n * ohw + p) * oc + o)] + corr[nchw], want[nchw])
                            << s.toString() << " image " << n << " oc " << o << " pixel " << p << " round " << round
                            << " groups of at most " << maxGroup << ", blocks of " << blockChannels;
                    }
        }
    }

    // Given the residual, the kernel reduces it itself when it touches few quads: then its output alone is exact.
    auto whole = Avx2Int8Conv::create(s, split.data(), residual, Avx2Int8ConvTuning { .isa = isa });
    if (!whole->absorbsResidual())
        return;
    std::fill(got.begin(), got.end(), 0);
    whole->run(nhwc.data(), zp, got.data());
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t o = 0; o < oc; ++o)
            for (int64_t p = 0; p < ohw; ++p) {
                const size_t nchw = size_t((n * oc + o) * ohw + p);
                ASSERT_EQ(got[size_t((n * ohw + p) * oc + o)], want[nchw])
                    << s.toString() << " residual in the kernel, image " << n << " oc " << o << " pixel " << p;
            }
}

/// Outlier residuals beyond one s8 piece (|r| up to 255, several in one lane) reduced inside the kernel.
class Avx2Int8ConvIsaTest : public testing::TestWithParam<QuantIsa>
{
};

std::string isaName(const testing::TestParamInfo<QuantIsa>& info)
{
    return quant::quantIsaName(info.param);
}

TEST_P(Avx2Int8ConvIsaTest, LargeResidualInsideTheKernelIsExact)
{
    const QuantIsa isa = GetParam();
    const ConvShape s = squareConv(1, 24, 9, 8, 20, 1, 3, 1, 1);
    if (!runnable(s, isa))
        GTEST_SKIP() << missing(isa);
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> byte(0, 255), small(-20, 20);
    std::vector<uint8_t> x(size_t(s.inputCount()));
    for (uint8_t& v : x)
        v = (byte(rng) & 1) ? 255 : uint8_t(byte(rng));
    std::vector<int32_t> exact(size_t(s.weightCount()));
    for (int32_t& v : exact)
        v = small(rng);
    // A few weights far outside s8 (as w - zp of uint8 weights with zero point 0 reaches 255), two in one pair.
    const int64_t khw = s.kernelHeight * s.kernelWidth;
    const auto at = [&](int64_t o, int64_t c, int64_t k) { return size_t((o * s.inChannels + c) * khw + k); };
    exact[at(0, 0, 4)] = 255;
    exact[at(0, 1, 4)] = 250;
    exact[at(7, 10, 0)] = -255;
    exact[at(19, 23, 8)] = 200;
    std::vector<int8_t> kept;
    std::vector<ResidualWeight> residual;
    qs::test::clampWithResidual(s, exact, -64, 64, kept, residual);
    auto conv = Avx2Int8Conv::create(s, kept.data(), residual, Avx2Int8ConvTuning { .isa = isa });
    ASSERT_TRUE(conv->absorbsResidual());
    EXPECT_GT(conv->groupedQuads(), 0);
    // The reference on the exact weights: through int32 weights, as dense residual plus the kept part.
    std::vector<uint8_t> nchw(x.size());
    const int64_t hw = s.inHeight * s.inWidth;
    for (int64_t p = 0; p < hw; ++p)
        for (int64_t c = 0; c < s.inChannels; ++c)
            nchw[size_t(c * hw + p)] = x[size_t(p * s.inChannels + c)];
    const int32_t zp = 3, noZp = 0;
    std::vector<int32_t> want(size_t(s.outputCount())), part(size_t(s.outputCount()));
    convIntegerRef(s, nchw.data(), zp, kept.data(), &noZp, false, want.data());
    std::vector<int8_t> r8(exact.size());
    for (int pass = 0; pass < 3; ++pass) { // the residual (up to 191) in s8 pieces of at most 64
        for (size_t i = 0; i < exact.size(); ++i) {
            const int32_t left = exact[i] - kept[i];
            r8[i] = int8_t(std::clamp(left, -64, 64));
            kept[i] = int8_t(0);
            exact[i] = left - r8[i];
        }
        convIntegerRef(s, nchw.data(), zp, r8.data(), &noZp, false, part.data());
        for (size_t i = 0; i < want.size(); ++i)
            want[i] += part[i];
    }
    std::vector<int32_t> got(size_t(s.outputCount()));
    conv->run(x.data(), zp, got.data());
    const int64_t ohw = s.outHeight() * s.outWidth();
    for (int64_t o = 0; o < s.outChannels; ++o)
        for (int64_t q = 0; q < ohw; ++q)
            ASSERT_EQ(got[size_t(q * s.outChannels + o)], want[size_t(o * ohw + q)]) << "oc " << o << " pixel " << q;
}

class Avx2Int8ConvTest : public testing::TestWithParam<Param>
{
};

TEST_P(Avx2Int8ConvTest, MatchesReferenceOnRandomData)
{
    check(GetParam(), Data::Random, false);
}

TEST_P(Avx2Int8ConvTest, MatchesReferenceOnSaturatingData)
{
    check(GetParam(), Data::Saturating, false);
}

TEST_P(Avx2Int8ConvTest, GroupedQuadsMatchReference)
{
    check(GetParam(), Data::Moderate, false);
}

TEST_P(Avx2Int8ConvTest, InteriorWrittenByTheCallerMatchesReference)
{
    check(GetParam(), Data::Random, true);
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, Avx2Int8ConvTest, testing::Combine(testing::ValuesIn(kCases), testing::ValuesIn(kIsas)), caseName);

TEST_P(Avx2Int8ConvIsaTest, RegisterBlockingsAgree)
{
    const QuantIsa isa = GetParam();
    // 44 output channels: full and partial blocks at every width, on 8 and on 16 lanes; 8 and 1: a single partial
    // vector on 16 lanes (and on 8 for 1). The partial vector's stores are masked to the existing channels: the output
    // is followed by sentinels that must stay untouched, and the channels of the next pixel must not be overwritten.
    // 3x3 with padding walks rows; 1x1 stride 1 without padding runs whole pixel ranges inside the microkernels
    // (plainRuns) when the block is plain (maxQuadGroup 1 forces it), ranges split at a pixel that is not a row start.
    for (const int64_t kernel : { 3, 1 })
        for (const int64_t outChannels : { 44, 8, 1 }) {
            const ConvShape s = squareConv(1, 20, 7, 9, outChannels, 1, kernel, 1, kernel / 2);
            if (!runnable(s, isa))
                GTEST_SKIP() << missing(isa);
            std::mt19937 rng(3);
            std::uniform_int_distribution<int> byte(0, 255), small(-64, 64);
            std::vector<uint8_t> x(size_t(s.inputCount()));
            for (uint8_t& v : x)
                v = uint8_t(byte(rng));
            std::vector<int8_t> w(size_t(s.weightCount()));
            for (int8_t& v : w)
                v = int8_t(small(rng)); // pair-safe: |a| + |b| <= 128
            // x is used as NHWC here; the reference wants NCHW.
            std::vector<uint8_t> nchw(x.size());
            const int64_t hw = s.inHeight * s.inWidth;
            for (int64_t p = 0; p < hw; ++p)
                for (int64_t c = 0; c < s.inChannels; ++c)
                    nchw[size_t(c * hw + p)] = x[size_t(p * s.inChannels + c)];
            const int32_t noZp = 0;
            std::vector<int32_t> want(size_t(s.outputCount()));
            convIntegerRef(s, nchw.data(), 17, w.data(), &noZp, false, want.data());
            const int64_t ohw = s.outHeight() * s.outWidth();
            constexpr int32_t kSentinel = 0x5a5a5a5a;
            constexpr size_t kGuard = 64;
            for (int p : { 1, 2, 3, 4, 5, 6, 7, 8 })
                for (int n : { 1, 2, 3 })
                    for (int group : { 4, 1 }) {
                        auto conv = Avx2Int8Conv::create(s, w.data(),
                            Avx2Int8ConvTuning {
                                .pixelBlock = p, .channelBlock = n, .maxQuadGroup = group, .isa = isa });
                        std::vector<int32_t> got(size_t(s.outputCount()) + kGuard, kSentinel);
                        const int64_t split = ohw / 3 + 2;
                        conv->setImage(x.data(), 17);
                        conv->computePixels(0, split, got.data());
                        conv->computePixels(split, ohw, got.data() + split * s.outChannels);
                        for (int64_t o = 0; o < s.outChannels; ++o)
                            for (int64_t q = 0; q < ohw; ++q)
                                ASSERT_EQ(got[size_t(q * s.outChannels + o)], want[size_t(o * ohw + q)])
                                    << "blocking " << p << "x" << conv->lanes() * n << " groups " << group << " kernel "
                                    << kernel << " oc " << o << " pixel " << q << " of " << s.outChannels;
                        for (size_t i = size_t(s.outputCount()); i < got.size(); ++i)
                            ASSERT_EQ(got[i], kSentinel) << "written past the output, blocking " << p << "x" << n;
                    }
        }
}

INSTANTIATE_TEST_SUITE_P(Isas, Avx2Int8ConvIsaTest, testing::ValuesIn(kIsas), isaName);

} // namespace

namespace {

// The own kernel's NCHW image source: three planes interleaved into pixel-major rows, against the obvious loop, for
// widths below, at and around the 16-pixel step, rows with padding after them left untouched.
TEST(InterleavePlanes, MatchesTheObviousLoop)
{
    std::mt19937 rng(11);
    for (int64_t width : { 1, 5, 15, 16, 17, 33, 640 }) {
        const int64_t height = 4, stride = 3 * width + 7;
        std::vector<uint8_t> planes(size_t(3 * height * width));
        for (uint8_t& v : planes)
            v = uint8_t(rng());
        std::vector<uint8_t> want(size_t(height * stride), 0xCD), got(want.size(), 0xCD);
        for (int64_t h = 0; h < height; ++h)
            for (int64_t j = 0; j < width; ++j)
                for (int64_t c = 0; c < 3; ++c)
                    want[size_t(h * stride + 3 * j + c)] = planes[size_t((c * height + h) * width + j)];
        if (!interleave3Planes(planes.data(), height, width, got.data(), stride))
            GTEST_SKIP() << "no AVX2 on this CPU";
        EXPECT_EQ(want, got) << "width " << width;
    }
}

} // namespace
