// SPDX-License-Identifier: MIT
// Expected values are computed by hand from the definitions in latency_stats.h (numpy-linear percentiles, n-1 stddev).
#include <quantscope/engine/latency_stats.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

constexpr double kEps = 1e-9;

TEST(LatencyStats, FiveDistinctSamplesUnsorted)
{
    const std::vector<double> x { 5, 1, 4, 2, 3 };
    const auto s = qs::computeLatencyStats(x);
    EXPECT_EQ(s.count, 5);
    EXPECT_NEAR(s.meanMs, 3.0, kEps);
    EXPECT_NEAR(s.stddevMs, std::sqrt(2.5), kEps); // sum of squares 10, / (n-1)
    EXPECT_NEAR(s.cv, std::sqrt(2.5) / 3.0, kEps);
    EXPECT_EQ(s.minMs, 1);
    EXPECT_EQ(s.maxMs, 5);
    EXPECT_NEAR(s.p25Ms, 2.0, kEps);
    EXPECT_NEAR(s.p50Ms, 3.0, kEps);
    EXPECT_NEAR(s.p75Ms, 4.0, kEps);
    EXPECT_NEAR(s.p90Ms, 4.6, kEps); // rank 3.6
    EXPECT_NEAR(s.p95Ms, 4.8, kEps); // rank 3.8
    EXPECT_NEAR(s.p99Ms, 4.96, kEps); // rank 3.96
    EXPECT_NEAR(s.iqrMs, 2.0, kEps);
    EXPECT_EQ(s.outliersLow, 0);
    EXPECT_EQ(s.outliersHigh, 0);
    EXPECT_NEAR(s.fps, 1000.0 / 3.0, 1e-9);
}

TEST(LatencyStats, AllTies)
{
    const std::vector<double> x { 2, 2, 2, 2 };
    const auto s = qs::computeLatencyStats(x);
    EXPECT_EQ(s.stddevMs, 0);
    EXPECT_EQ(s.cv, 0);
    EXPECT_EQ(s.p50Ms, 2);
    EXPECT_EQ(s.p99Ms, 2);
    EXPECT_EQ(s.iqrMs, 0);
    EXPECT_EQ(s.outliersLow + s.outliersHigh, 0); // equal to the fence is not beyond it
    EXPECT_NEAR(s.fps, 500.0, kEps);
}

TEST(LatencyStats, TiesWithOneOutlierAndZeroIqr)
{
    const std::vector<double> x { 1, 1, 10, 1, 1 };
    const auto s = qs::computeLatencyStats(x);
    EXPECT_NEAR(s.meanMs, 2.8, kEps);
    EXPECT_EQ(s.iqrMs, 0);
    EXPECT_EQ(s.outliersHigh, 1);
    EXPECT_EQ(s.outliersLow, 0);
    EXPECT_NEAR(s.p90Ms, 1 + 0.6 * 9, kEps); // rank 3.6 between 1 and 10
}

TEST(LatencyStats, OneSample)
{
    const std::vector<double> x { 7.5 };
    const auto s = qs::computeLatencyStats(x);
    EXPECT_EQ(s.count, 1);
    EXPECT_EQ(s.meanMs, 7.5);
    EXPECT_EQ(s.stddevMs, 0);
    EXPECT_EQ(s.p25Ms, 7.5);
    EXPECT_EQ(s.p99Ms, 7.5);
    EXPECT_EQ(s.minMs, 7.5);
    EXPECT_EQ(s.maxMs, 7.5);
}

TEST(LatencyStats, TwoSamples)
{
    const std::vector<double> x { 3, 1 };
    const auto s = qs::computeLatencyStats(x);
    EXPECT_NEAR(s.meanMs, 2.0, kEps);
    EXPECT_NEAR(s.stddevMs, std::sqrt(2.0), kEps);
    EXPECT_NEAR(s.p25Ms, 1.5, kEps);
    EXPECT_NEAR(s.p50Ms, 2.0, kEps);
    EXPECT_NEAR(s.p75Ms, 2.5, kEps);
    EXPECT_NEAR(s.p90Ms, 2.8, kEps);
    EXPECT_NEAR(s.p99Ms, 2.98, kEps);
    EXPECT_NEAR(s.iqrMs, 1.0, kEps);
}

TEST(LatencyStats, TukeyOutliersBothSides)
{
    const std::vector<double> x { 10, 11, 12, 13, 14, 15, 16, 17, 18, 100, 0 };
    const auto s = qs::computeLatencyStats(x);
    EXPECT_NEAR(s.p25Ms, 11.5, kEps); // rank 2.5 of 0,10,11,12,...
    EXPECT_NEAR(s.p75Ms, 16.5, kEps); // rank 7.5
    EXPECT_NEAR(s.iqrMs, 5.0, kEps); // fences 4 and 24
    EXPECT_EQ(s.outliersLow, 1);
    EXPECT_EQ(s.outliersHigh, 1);
}

TEST(LatencyStats, EmptyIsZero)
{
    const auto s = qs::computeLatencyStats({});
    EXPECT_EQ(s.count, 0);
    EXPECT_EQ(s.meanMs, 0);
    EXPECT_EQ(s.fps, 0);
}

TEST(Histogram, FreedmanDiaconisBins)
{
    // n = 8: IQR = 6.25 - 2.75 = 3.5, h = 2 * 3.5 / cbrt(8) = 3.5, range 7 -> 2 bins
    const std::vector<double> x { 8, 1, 2, 3, 4, 5, 6, 7 };
    const auto h = qs::freedmanDiaconisHistogram(x);
    ASSERT_EQ(h.counts.size(), 2u);
    ASSERT_EQ(h.edges.size(), 3u);
    EXPECT_NEAR(h.binWidth, 3.5, kEps);
    EXPECT_EQ(h.edges[0], 1);
    EXPECT_NEAR(h.edges[1], 4.5, kEps);
    EXPECT_EQ(h.edges[2], 8);
    EXPECT_EQ(h.counts[0], 4);
    EXPECT_EQ(h.counts[1], 4); // 8 is in the last, right-closed bin
}

TEST(Histogram, ConstantSamplesGiveOneBin)
{
    const std::vector<double> x { 3, 3, 3 };
    const auto h = qs::freedmanDiaconisHistogram(x);
    ASSERT_EQ(h.counts.size(), 1u);
    EXPECT_EQ(h.counts[0], 3);
}

TEST(Histogram, BinCountIsClamped)
{
    // 0..9 plus one far value: IQR small relative to the range -> many bins, clamped to 4
    std::vector<double> x { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1000 };
    const auto h = qs::freedmanDiaconisHistogram(x, 4);
    ASSERT_EQ(h.counts.size(), 4u);
    EXPECT_EQ(h.counts[0], 10);
    EXPECT_EQ(h.counts[3], 1);
    int64_t total = 0;
    for (auto c : h.counts)
        total += c;
    EXPECT_EQ(total, 11);
}

TEST(Speedup, ConstantSetsGiveExactIntervals)
{
    const std::vector<double> fp32 { 10, 10, 10 };
    const std::vector<double> int8 { 5, 5, 5, 5 };
    const auto e = qs::bootstrapSpeedup(fp32, int8, 200, 0.95, 7);
    ASSERT_TRUE(e);
    EXPECT_NEAR(e->speedup, 2.0, kEps);
    EXPECT_NEAR(e->low, 2.0, kEps);
    EXPECT_NEAR(e->high, 2.0, kEps);
}

TEST(Speedup, IntervalIsBoundedAndSeeded)
{
    const std::vector<double> a { 10, 12, 14 }; // median 12
    const std::vector<double> b { 4, 6, 8 }; // median 6
    const auto e1 = qs::bootstrapSpeedup(a, b, 500, 0.9, 123);
    const auto e2 = qs::bootstrapSpeedup(a, b, 500, 0.9, 123);
    ASSERT_TRUE(e1 && e2);
    EXPECT_NEAR(e1->speedup, 2.0, kEps);
    // resampled medians stay within each set's range: ratios lie in [10/8, 14/4]
    EXPECT_GE(e1->low, 1.25);
    EXPECT_LE(e1->high, 3.5);
    EXPECT_LE(e1->low, e1->speedup);
    EXPECT_GE(e1->high, e1->speedup);
    EXPECT_LT(e1->low, e1->high); // the sets vary, so the interval is not a point
    EXPECT_EQ(e1->low, e2->low); // deterministic for a seed
    EXPECT_EQ(e1->high, e2->high);
}

TEST(Speedup, SlowerCandidateIsBelowOne)
{
    const std::vector<double> fp32 { 100, 101, 99 };
    const std::vector<double> int8 { 110, 111, 109 };
    const auto e = qs::bootstrapSpeedup(fp32, int8);
    ASSERT_TRUE(e);
    EXPECT_NEAR(e->speedup, 100.0 / 110.0, kEps);
    EXPECT_LT(e->high, 1.0);
}

TEST(Speedup, EmptyOrNonPositiveIsRejected)
{
    const std::vector<double> a { 1 };
    const std::vector<double> zero { 0 };
    EXPECT_FALSE(qs::bootstrapSpeedup({}, a));
    EXPECT_FALSE(qs::bootstrapSpeedup(a, zero));
}

} // namespace
