// SPDX-License-Identifier: MIT
// The engine's own AVX2 u8·s8 convolution (kernels/int8/avx2_int8_conv.h) against the obvious-loop reference
// ConvInteger: the kernel on the pair-split weights plus the split-off residual (as a dense weight tensor through the
// reference) must equal the reference on the original weights, exactly, including activations at 255 with weights
// at both ends of the s8 range (every same-sign pair would saturate vpmaddubsw's int16 without the split).
// The grouped form (two quads summed in s16 before one vpmaddwd) is checked the same way on its group split, plus
// groups exactly at and just beyond the int16 bound with every activation at 255.
// Int8Conv's own tests (test_int8_conv.cpp, avx2.* in ctest) cover the kernel wired in with zero points and epilogues;
// avx2grouped.* runs them with the grouped form forced on every layer the own kernel can run.
#include "kernels/int8/avx2_int8_conv.h"
#include "kernels/int8/conv_integer_ref.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
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
    { "Batch2K5S2", squareConv(2, 7, 12, 13, 9, 1, 5, 2, 2), 128 },
    { "PadWiderThanHalfKernel", squareConv(1, 2, 4, 4, 3, 1, 3, 1, 2), 200 },
    { "AsymmetricPads", asymmetricPads(), 90 },
};

std::string caseName(const testing::TestParamInfo<Case>& info)
{
    return info.param.name;
}

enum class Data
{
    Random,
    Saturating, ///< x = 255 everywhere, weights at -128 or 127
    GroupBound, ///< x = 255 everywhere, weights of magnitude 31..33 or 64 (groups at and just past 4 * 32 = 128)
    SafeGroups, ///< x = 255 everywhere, weights in [-32, 32]: every group within the bound, up to exactly on it
};

void check(const Case& c, Data data, bool interior, bool grouped = false)
{
    const ConvShape& s = c.shape;
    if (!Avx2Int8Conv::supports(s))
        GTEST_SKIP() << "no AVX2 on this CPU";
    std::mt19937 rng(9);
    std::uniform_int_distribution<int> byte(0, 255), safe(-32, 32);
    std::vector<uint8_t> x(size_t(s.inputCount())); // NCHW for the reference
    for (uint8_t& v : x)
        v = data == Data::Random ? uint8_t(byte(rng)) : 255;
    std::vector<int8_t> w(size_t(s.weightCount()));
    const int8_t bound[] = { 32, 32, 32, -32, -32, -32, 33, -33, 31, -31, 64, -64 };
    for (int8_t& v : w)
        v = data == Data::Saturating   ? ((byte(rng) & 1) ? 127 : -128)
            : data == Data::GroupBound ? bound[byte(rng) % std::size(bound)]
            : data == Data::SafeGroups ? int8_t(safe(rng))
                                       : int8_t(byte(rng) - 128);
    const int32_t zp = c.zeroPoint, noZp = 0;

    std::vector<int32_t> want(size_t(s.outputCount()));
    convIntegerRef(s, x.data(), zp, w.data(), &noZp, false, want.data());

    std::vector<int8_t> split = w;
    SaturationReport report;
    const std::vector<ResidualWeight> residual = grouped ? Avx2Int8Conv::splitGroups(s, split.data(), report)
                                                         : Avx2Int8Conv::splitPairs(s, split.data(), report);
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
    // Each weight is in one pair (group), so each position holds at most one residual, |r| <= 128: it fits int8.
    std::vector<int8_t> r8(r.size());
    for (size_t i = 0; i < r.size(); ++i) {
        ASSERT_TRUE(r[i] >= -128 && r[i] <= 127);
        r8[i] = int8_t(r[i]);
    }
    std::vector<int32_t> corr(size_t(s.outputCount()));
    convIntegerRef(s, x.data(), zp, r8.data(), &noZp, false, corr.data());

    auto conv = Avx2Int8Conv::create(s, split.data(), 0, 0, grouped);
    EXPECT_EQ(conv->grouped(), grouped);
    if (grouped && data == Data::SafeGroups) { // every quad pairs up, a row's odd last one with another row's
        EXPECT_TRUE(residual.empty());
        EXPECT_GE(conv->groupedShare(), 0.5);
    }
    const int64_t hw = s.inHeight * s.inWidth, ic = s.inChannels, oc = s.outChannels;
    const int64_t ohw = s.outHeight() * s.outWidth();
    std::vector<uint8_t> nhwc(x.size());
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t ch = 0; ch < ic; ++ch)
            for (int64_t p = 0; p < hw; ++p)
                nhwc[size_t((n * hw + p) * ic + ch)] = x[size_t((n * ic + ch) * hw + p)];
    std::vector<int32_t> got(size_t(s.outputCount())); // NHWC
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
                        << s.toString() << " image " << n << " oc " << o << " pixel " << p << " round " << round;
                }
    }
}

class Avx2Int8ConvTest : public testing::TestWithParam<Case>
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

TEST_P(Avx2Int8ConvTest, InteriorWrittenByTheCallerMatchesReference)
{
    check(GetParam(), Data::Random, true);
}

TEST_P(Avx2Int8ConvTest, GroupedMatchesReferenceOnRandomData)
{
    check(GetParam(), Data::Random, false, true);
}

TEST_P(Avx2Int8ConvTest, GroupedMatchesReferenceOnSaturatingData)
{
    check(GetParam(), Data::Saturating, false, true);
}

TEST_P(Avx2Int8ConvTest, GroupedMatchesReferenceWithGroupsAtTheBound)
{
    check(GetParam(), Data::GroupBound, false, true);
}

TEST_P(Avx2Int8ConvTest, GroupedMatchesReferenceWithSafeGroups)
{
    check(GetParam(), Data::SafeGroups, false, true);
}

TEST_P(Avx2Int8ConvTest, PairwiseMatchesReferenceWithGroupsAtTheBound)
{
    check(GetParam(), Data::GroupBound, false, false);
}

TEST_P(Avx2Int8ConvTest, GroupedInteriorWrittenByTheCallerMatchesReference)
{
    check(GetParam(), Data::Random, true, true);
}

INSTANTIATE_TEST_SUITE_P(Shapes, Avx2Int8ConvTest, testing::ValuesIn(kCases), caseName);

// Every group of 4 products exactly at the int16 bound (4 * 32 * 255 = 32640, both signs) needs no residual, and the
// grouped kernel must then compute every quad in int16-summed pairs and equal the reference: a saturating or wrapping
// s16 sum would show here. One more per weight (33): no pair offends, every group would, so the split keeps the pair
// rule (no residual) and the kernel computes every quad pairwise. Pairs of 100 followed by a quad of zeros: each pair
// offends and so does its group, at the same residual cost, so the group split is taken (one residual weight per
// group) and every quad is summed in pairs again.
TEST(Avx2Int8Conv, GroupedKernelIsExactAtTheBoundAndSplitsBeyondIt)
{
    const ConvShape s = squareConv(1, 16, 6, 7, 24, 1, 3, 1, 1); // 48 bytes per kernel row: 6 pairs of quads
    if (!Avx2Int8Conv::supports(s))
        GTEST_SKIP() << "no AVX2 on this CPU";
    const int64_t ohw = s.outHeight() * s.outWidth(), ic = s.inChannels, khw = s.kernelHeight * s.kernelWidth;
    const std::vector<uint8_t> x(size_t(s.inputCount()), 255); // NCHW and NHWC alike
    const int32_t noZp = 0;
    const int64_t groups = s.outChannels * s.kernelHeight * (s.kernelWidth * ic / 8) * 2;
    struct Pattern
    {
        int magnitude;
        bool zeroSecondQuad; ///< bytes 4..7 of every 8 of a kernel row's (kw, c) sequence are 0
        int64_t residual;
        double share;
    };
    for (const Pattern& pattern :
        { Pattern { 32, false, 0, 1.0 }, Pattern { 33, false, 0, 0.0 }, Pattern { 100, true, groups, 1.0 } }) {
        SCOPED_TRACE(pattern.magnitude);
        std::vector<int8_t> w(size_t(s.weightCount()));
        for (int64_t o = 0; o < s.outChannels; ++o)
            for (int64_t c = 0; c < ic; ++c)
                for (int64_t k = 0; k < khw; ++k) {
                    const int64_t t = (k % s.kernelWidth) * ic + c; // position in the kernel row's (kw, c) sequence
                    const int v = pattern.zeroSecondQuad && t % 8 >= 4 ? 0 : pattern.magnitude;
                    w[size_t((o * ic + c) * khw + k)] = int8_t(o % 2 ? -v : v);
                }
        std::vector<int32_t> want(size_t(s.outputCount()));
        convIntegerRef(s, x.data(), 0, w.data(), &noZp, false, want.data());
        std::vector<int8_t> split = w;
        SaturationReport report;
        const auto residual = Avx2Int8Conv::splitGroups(s, split.data(), report);
        EXPECT_EQ(report.offendingPairs, pattern.zeroSecondQuad ? groups : 0);
        EXPECT_EQ(int64_t(residual.size()), pattern.residual);
        EXPECT_EQ(report.residualEntries, int64_t(residual.size()));
        EXPECT_TRUE(report.groupedInt16);
        EXPECT_EQ(report.offendingGroups, pattern.residual);
        auto conv = Avx2Int8Conv::create(s, split.data(), 0, 0, true);
        EXPECT_DOUBLE_EQ(conv->groupedShare(), pattern.share);
        std::vector<int32_t> got(size_t(s.outputCount()));
        conv->run(x.data(), 0, got.data());
        for (int64_t o = 0; o < s.outChannels; ++o)
            for (int64_t p = 0; p < ohw; ++p) {
                int64_t r = 0; // the residual through a loop of its own: x is 255 inside the image, 0 - 0 outside
                for (const ResidualWeight& e : residual) {
                    if (e.row != o)
                        continue;
                    const int64_t ih = p / s.outWidth() - s.padTop + e.inner / s.kernelWidth;
                    const int64_t iw = p % s.outWidth() - s.padLeft + e.inner % s.kernelWidth;
                    if (ih >= 0 && ih < s.inHeight && iw >= 0 && iw < s.inWidth)
                        r += int64_t(e.value) * 255;
                }
                ASSERT_EQ(int64_t(got[size_t(p * s.outChannels + o)]) + r, int64_t(want[size_t(o * ohw + p)]))
                    << "oc " << o << " pixel " << p;
            }
    }
}

TEST(Avx2Int8Conv, RegisterBlockingsAgree)
{
    const ConvShape s = squareConv(1, 20, 7, 9, 44, 1, 3, 1, 1);
    if (!Avx2Int8Conv::supports(s))
        GTEST_SKIP() << "no AVX2 on this CPU";
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> byte(0, 255), small(-32, 32);
    std::vector<uint8_t> x(size_t(s.inputCount()));
    for (uint8_t& v : x)
        v = uint8_t(byte(rng));
    std::vector<int8_t> w(size_t(s.weightCount()));
    for (int8_t& v : w)
        v = int8_t(small(rng)); // pair- and group-safe: 4 * 32 <= 128
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
    for (bool grouped : { false, true }) // |w| <= 32 is group-safe too
        for (int p : { 1, 3, 5, 8 })
            for (int n : { 1, 2, 3 }) {
                auto conv = Avx2Int8Conv::create(s, w.data(), p, n, grouped);
                std::vector<int32_t> got(size_t(s.outputCount()));
                conv->run(x.data(), 17, got.data());
                for (int64_t o = 0; o < s.outChannels; ++o)
                    for (int64_t q = 0; q < ohw; ++q)
                        ASSERT_EQ(got[size_t(q * s.outChannels + o)], want[size_t(o * ohw + q)])
                            << "blocking " << p << "x" << 8 * n << (grouped ? " grouped" : "") << " oc " << o
                            << " pixel " << q;
            }
}

} // namespace
