// SPDX-License-Identifier: MIT
// runBenchmarkPlan with fake targets: scenario order, failures, cancellation and record plumbing.
#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/session_target.h>

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace {

class CountingTarget : public qs::BenchmarkTarget
{
public:
    explicit CountingTarget(int* globalRuns, bool failPrepare)
        : m_runs(globalRuns)
        , m_failPrepare(failPrepare)
    { }
    qs::Status prepare(const qs::BenchmarkControl&) override
    {
        if (m_failPrepare)
            return qs::Status(qs::StatusCode::Unsupported, "2 unsupported operators");
        return {};
    }
    qs::Status runOnce(const qs::BenchmarkControl&) override
    {
        ++*m_runs;
        return {};
    }
    std::vector<std::string> unsupportedOperators() const override
    {
        return m_failPrepare ? std::vector<std::string> { "'nms' (NonMaxSuppression)" } : std::vector<std::string> {};
    }

private:
    int* m_runs;
    bool m_failPrepare;
};

std::shared_ptr<const qs::Model> fakeModel(const std::string& dir, const std::string& bytes)
{
    const auto folder = std::filesystem::temp_directory_path() / ("qs_plan_" + std::to_string(::getpid())) / dir;
    std::filesystem::create_directories(folder);
    auto m = std::make_shared<qs::Model>();
    m->path = folder / "model.onnx";
    std::ofstream(m->path, std::ios::binary) << bytes;
    m->fileSizeBytes = static_cast<int64_t>(bytes.size());
    return m;
}

qs::BenchmarkPlan smallPlan()
{
    qs::BenchmarkPlan plan;
    plan.models = { fakeModel("net_a", "aaaa"), fakeModel("net_b", "bbbbbb") };
    plan.threads = { 1, 2 };
    plan.modes = { "optimized", "as-written" };
    plan.config.warmupRuns = 1;
    plan.config.runs = 3;
    return plan;
}

TEST(BenchmarkPlan, RunsTheCrossProductInOrder)
{
    int runs = 0;
    std::vector<qs::ScenarioSpec> specs;
    auto factory = [&](const std::shared_ptr<const qs::Model>&,
                       const qs::ScenarioSpec& spec) -> qs::Result<std::unique_ptr<qs::BenchmarkTarget>> {
        specs.push_back(spec);
        return std::unique_ptr<qs::BenchmarkTarget>(std::make_unique<CountingTarget>(&runs, false));
    };
    auto r = qs::runBenchmarkPlan(smallPlan(), factory);
    ASSERT_TRUE(r) << r.status().toString();
    ASSERT_EQ(r->scenarios.size(), 8u);
    EXPECT_EQ(runs, 8 * 4); // first run (= warm-up 1) + 3 measured per scenario
    EXPECT_EQ(r->models[0].id, "net_a");
    EXPECT_EQ(r->models[1].id, "net_b");
    EXPECT_EQ(r->models[1].fileSizeBytes, 6);
    EXPECT_EQ(r->scenarios[0].label(), "net_a · 1 thread · optimized");
    EXPECT_EQ(r->scenarios[1].label(), "net_a · 1 thread · as-written");
    EXPECT_EQ(r->scenarios[2].label(), "net_a · 2 threads · optimized");
    EXPECT_EQ(r->scenarios[7].label(), "net_b · 2 threads · as-written");
    for (const auto& s : r->scenarios) {
        EXPECT_EQ(s.status, "ok");
        EXPECT_EQ(s.stats.count, 3);
    }
    EXPECT_FALSE(r->partial);
    EXPECT_EQ(specs[3].threads, 2);
    EXPECT_EQ(specs[3].mode, "as-written");
    EXPECT_EQ(r->config.threads, (std::vector<int32_t> { 1, 2 }));
    EXPECT_FALSE(r->machine.isa.empty());
}

TEST(BenchmarkPlan, FailuresAreRecordedPerScenario)
{
    int runs = 0;
    auto factory = [&](const std::shared_ptr<const qs::Model>& m,
                       const qs::ScenarioSpec& spec) -> qs::Result<std::unique_ptr<qs::BenchmarkTarget>> {
        if (spec.mode == "as-written")
            return qs::Status(qs::StatusCode::Unsupported, "as-written not available");
        const bool failPrepare = m->path.parent_path().filename() == "net_b";
        return std::unique_ptr<qs::BenchmarkTarget>(std::make_unique<CountingTarget>(&runs, failPrepare));
    };
    auto r = qs::runBenchmarkPlan(smallPlan(), factory);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->scenarios.size(), 8u);
    EXPECT_EQ(r->scenarios[0].status, "ok");
    EXPECT_EQ(r->scenarios[1].status, "failed");
    EXPECT_NE(r->scenarios[1].error.find("as-written not available"), std::string::npos);
    EXPECT_EQ(r->scenarios[4].status, "failed"); // net_b optimized: preparation failed
    EXPECT_EQ(r->scenarios[4].unsupportedOps, (std::vector<std::string> { "'nms' (NonMaxSuppression)" }));
    bool unsupportedFinding = false;
    for (const auto& f : r->findings)
        unsupportedFinding = unsupportedFinding || f.id == "unsupported-operators";
    EXPECT_TRUE(unsupportedFinding);
}

TEST(BenchmarkPlan, CancellationKeepsMeasuredScenarios)
{
    int runs = 0;
    auto factory = [&](const std::shared_ptr<const qs::Model>&,
                       const qs::ScenarioSpec&) -> qs::Result<std::unique_ptr<qs::BenchmarkTarget>> {
        return std::unique_ptr<qs::BenchmarkTarget>(std::make_unique<CountingTarget>(&runs, false));
    };
    qs::BenchmarkControl control;
    control.isCancelled = [&] { return runs >= 10; }; // 2 full scenarios (8 runs), then 2 runs into the third
    auto r = qs::runBenchmarkPlan(smallPlan(), factory, control);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->scenarios.size(), 3u);
    EXPECT_EQ(r->scenarios[0].status, "ok");
    EXPECT_EQ(r->scenarios[1].status, "ok");
    EXPECT_EQ(r->scenarios[2].status, "partial");
    EXPECT_EQ(r->scenarios[2].latenciesMs.size(), 1u); // run 9 = first run, run 10 = measured, then cancelled
    EXPECT_TRUE(r->partial);
}

TEST(BenchmarkPlan, SessionTargetSaysNotYetAvailable)
{
    // Until the executor lands the adapter must refuse clearly instead of inventing numbers.
    if (qs::sessionTargetAvailable())
        GTEST_SKIP() << "executor present";
    auto model = fakeModel("net_c", "c");
    auto t = qs::createSessionTarget(model, {}, {});
    ASSERT_FALSE(t);
    EXPECT_EQ(t.status().code(), qs::StatusCode::Unsupported);
    EXPECT_NE(t.status().message().find("not available"), std::string::npos);
}

} // namespace
