// SPDX-License-Identifier: MIT
// runBenchmark with a fake target whose run count and minimum run time the test controls. Checks counts, partial
// flags and plumbing; never speed.
#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/latency_stats.h>

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace {

using namespace std::chrono_literals;

class FakeTarget : public qs::BenchmarkTarget
{
public:
    std::chrono::milliseconds prepareSleep { 0 };
    std::chrono::milliseconds firstRunSleep { 0 };
    std::chrono::milliseconds runSleep { 0 };
    int failOnCall = -1; ///< 1-based call that fails
    int cancelOnCall = -1; ///< 1-based call that reports Cancelled (as the executor does mid-run)
    int prepared = 0;
    int calls = 0;

    qs::Status prepare(const qs::BenchmarkControl&) override
    {
        ++prepared;
        std::this_thread::sleep_for(prepareSleep);
        return {};
    }
    qs::Status runOnce(const qs::BenchmarkControl&) override
    {
        ++calls;
        std::this_thread::sleep_for(calls == 1 ? firstRunSleep : runSleep);
        if (calls == failOnCall)
            return qs::Status(qs::StatusCode::Internal, "kernel exploded");
        if (calls == cancelOnCall)
            return qs::Status(qs::StatusCode::Cancelled, "cancelled between nodes");
        return {};
    }
    std::optional<int64_t> arenaBytes() const override { return 4096; }
};

TEST(Benchmark, CountsWarmupAndRuns)
{
    FakeTarget t;
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 3;
    cfg.runs = 5;
    auto r = qs::runBenchmark(cfg, t);
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_EQ(t.prepared, 1);
    EXPECT_EQ(t.calls, 8); // first run is warm-up 1, then 2 warm-ups, then 5 measured
    EXPECT_EQ(r->warmupRunsDone, 3);
    EXPECT_EQ(r->latenciesMs.size(), 5u);
    EXPECT_FALSE(r->partial);
    EXPECT_TRUE(r->firstRunMs.has_value());
    EXPECT_EQ(r->arenaBytes, 4096);
    ASSERT_TRUE(r->peakRssBytes.has_value());
    EXPECT_GT(*r->peakRssBytes, 0);
}

TEST(Benchmark, NoWarmupStillTimesTheFirstRunSeparately)
{
    FakeTarget t;
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 0;
    cfg.runs = 4;
    auto r = qs::runBenchmark(cfg, t);
    ASSERT_TRUE(r);
    EXPECT_EQ(t.calls, 5);
    EXPECT_EQ(r->warmupRunsDone, 0);
    EXPECT_EQ(r->latenciesMs.size(), 4u);
}

TEST(Benchmark, TimesArePlumbedThrough)
{
    // Lower bounds only: sleep_for never returns early, so each duration is at least what was slept.
    FakeTarget t;
    t.prepareSleep = 15ms;
    t.firstRunSleep = 25ms;
    t.runSleep = 5ms;
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 1;
    cfg.runs = 3;
    auto r = qs::runBenchmark(cfg, t);
    ASSERT_TRUE(r);
    EXPECT_GE(r->prepareMs, 15.0);
    EXPECT_GE(*r->firstRunMs, 25.0);
    for (double ms : r->latenciesMs)
        EXPECT_GE(ms, 5.0);
    const auto s = qs::computeLatencyStats(r->latenciesMs);
    EXPECT_EQ(s.count, 3);
    EXPECT_GE(s.minMs, 5.0);
}

TEST(Benchmark, CancelBetweenRunsKeepsPartialSamples)
{
    FakeTarget t;
    qs::BenchmarkControl control;
    control.isCancelled = [&] { return t.calls >= 5; };
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 2;
    cfg.runs = 10;
    auto r = qs::runBenchmark(cfg, t, control);
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_TRUE(r->partial);
    EXPECT_EQ(r->latenciesMs.size(), 3u); // calls 3, 4, 5 were measured
    EXPECT_EQ(r->partialReason, "cancelled after 3 of 10 measured runs");
}

TEST(Benchmark, RunCancelledMidwayIsNotASample)
{
    FakeTarget t;
    t.cancelOnCall = 4;
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 1;
    cfg.runs = 10;
    auto r = qs::runBenchmark(cfg, t);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->partial);
    EXPECT_EQ(r->latenciesMs.size(), 2u); // calls 2 and 3; call 4 was interrupted
}

TEST(Benchmark, CancelDuringWarmupIsPartialWithoutSamples)
{
    FakeTarget t;
    qs::BenchmarkControl control;
    control.isCancelled = [&] { return t.calls >= 2; };
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 5;
    cfg.runs = 10;
    auto r = qs::runBenchmark(cfg, t, control);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->partial);
    EXPECT_TRUE(r->latenciesMs.empty());
    EXPECT_EQ(r->warmupRunsDone, 2);
}

TEST(Benchmark, CancelBeforePreparationIsCancelled)
{
    FakeTarget t;
    qs::BenchmarkControl control;
    control.isCancelled = [] { return true; };
    auto r = qs::runBenchmark({}, t, control);
    ASSERT_FALSE(r);
    EXPECT_TRUE(r.status().isCancelled());
    EXPECT_EQ(t.prepared, 0);
}

TEST(Benchmark, FailingRunReturnsItsStatusWithContext)
{
    FakeTarget t;
    t.failOnCall = 3;
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 1;
    cfg.runs = 5;
    auto r = qs::runBenchmark(cfg, t);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.status().code(), qs::StatusCode::Internal);
    EXPECT_NE(r.status().message().find("measured run 2"), std::string::npos) << r.status().message();
    EXPECT_NE(r.status().message().find("kernel exploded"), std::string::npos);
}

TEST(Benchmark, SecondsBudgetRespectsMaxRuns)
{
    FakeTarget t;
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 0;
    cfg.seconds = 100;
    cfg.maxRuns = 3;
    auto r = qs::runBenchmark(cfg, t);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->latenciesMs.size(), 3u);
    EXPECT_FALSE(r->partial);
}

TEST(Benchmark, SecondsBudgetRunsUntilTheBudget)
{
    FakeTarget t;
    t.runSleep = 2ms;
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 0;
    cfg.seconds = 0.03;
    auto r = qs::runBenchmark(cfg, t);
    ASSERT_TRUE(r);
    EXPECT_GE(r->measureSeconds, 0.03);
    EXPECT_GE(r->latenciesMs.size(), 1u);
    EXPECT_LE(r->latenciesMs.size(), 15u); // each run sleeps >= 2 ms; the last one starts before 30 ms passed
}

TEST(Benchmark, ProgressReportsEveryPhase)
{
    FakeTarget t;
    int preparing = 0, warming = 0, measuring = 0;
    int64_t lastDone = -1, lastTotal = 0;
    qs::BenchmarkControl control;
    control.onProgress = [&](qs::BenchmarkControl::Phase p, int64_t done, int64_t total) {
        switch (p) {
        case qs::BenchmarkControl::Phase::Preparing:
            ++preparing;
            break;
        case qs::BenchmarkControl::Phase::WarmingUp:
            ++warming;
            break;
        case qs::BenchmarkControl::Phase::Measuring:
            ++measuring;
            lastDone = done;
            lastTotal = total;
            break;
        }
    };
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 2;
    cfg.runs = 4;
    ASSERT_TRUE(qs::runBenchmark(cfg, t, control));
    EXPECT_EQ(preparing, 2);
    EXPECT_EQ(warming, 1);
    EXPECT_EQ(measuring, 5);
    EXPECT_EQ(lastDone, 4);
    EXPECT_EQ(lastTotal, 4);
}

TEST(Benchmark, RejectsEmptyPlan)
{
    FakeTarget t;
    qs::BenchmarkConfig cfg;
    cfg.runs = 0;
    auto r = qs::runBenchmark(cfg, t);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.status().code(), qs::StatusCode::InvalidArgument);
}

} // namespace
