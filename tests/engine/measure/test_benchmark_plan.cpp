// SPDX-License-Identifier: MIT
// runBenchmarkPlan with fake targets: scenario order, failures, cancellation and record plumbing.
#include "shared_data.h"

#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/latency_stats.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/session_target.h>

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>
#include <variant>

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
    plan.modes = { qs::ExecutionMode::Optimized, qs::ExecutionMode::AsWritten };
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
        EXPECT_EQ(s.status, qs::ScenarioStatus::Ok);
        EXPECT_EQ(s.stats.count, 3);
    }
    EXPECT_FALSE(r->partial);
    EXPECT_EQ(specs[3].threads, 2);
    EXPECT_EQ(specs[3].mode, qs::ExecutionMode::AsWritten);
    EXPECT_EQ(r->config.threads, (std::vector<int32_t> { 1, 2 }));
    EXPECT_FALSE(r->machine.isa.empty());
}

TEST(BenchmarkPlan, MissingTargetTablesWarnAndTheRunGoesOn)
{
    // A binary moved away from its data (or a damaged table) used to fail the whole benchmark.
    const auto empty = std::filesystem::temp_directory_path() / ("qs_plan_no_tables_" + std::to_string(::getpid()));
    std::filesystem::create_directories(empty);
    ::setenv("QS_TARGETS_DIR", empty.c_str(), 1);
    int runs = 0;
    auto factory = [&](const std::shared_ptr<const qs::Model>&,
                       const qs::ScenarioSpec&) -> qs::Result<std::unique_ptr<qs::BenchmarkTarget>> {
        return std::unique_ptr<qs::BenchmarkTarget>(std::make_unique<CountingTarget>(&runs, false));
    };
    std::vector<std::string> warnings;
    qs::PlanObserver observer;
    observer.onWarning = [&](const std::string& m) { warnings.push_back(m); };
    auto r = qs::runBenchmarkPlan(smallPlan(), factory, {}, observer);
    ::unsetenv("QS_TARGETS_DIR");
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_EQ(r->scenarios.size(), 8u);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find(empty.string()), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[0].find("no deployment-target summaries"), std::string::npos) << warnings[0];
    for (const auto& m : r->models)
        EXPECT_FALSE(m.targets.has_value());

    // The run keeps it (format 1.5): in the record, through the run file, in the report.
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_EQ(r->warnings[0].kind, "target-tables");
    EXPECT_EQ(r->warnings[0].message, warnings[0]);
    const auto file = empty / "run.json";
    ASSERT_TRUE(qs::writeRunFile(file, *r).isOk());
    auto back = qs::readRunFile(file);
    ASSERT_TRUE(back) << back.status().toString();
    ASSERT_EQ(back->warnings.size(), 1u);
    EXPECT_EQ(back->warnings[0].kind, "target-tables");
    EXPECT_EQ(back->warnings[0].message, warnings[0]);
    const std::string report = qs::buildMarkdownReport(*back);
    const size_t section = report.find("## Warnings\n");
    ASSERT_NE(section, std::string::npos) << report;
    EXPECT_LT(section, report.find("## Latency (ms)")) << "the warnings come before the numbers";
    ASSERT_TRUE(std::holds_alternative<std::string>(back->warnings[0].args.at("reason")));
    const std::string reason = std::get<std::string>(back->warnings[0].args.at("reason"));
    EXPECT_NE(reason.find(empty.string()), std::string::npos) << reason;
    EXPECT_EQ(warnings[0], reason + "; the run file gets no deployment-target summaries");
    EXPECT_NE(report.find("- No deployment-target summaries: " + reason + "\n", section), std::string::npos) << report;
    std::filesystem::remove_all(empty);

    // Kept without an observer too; with the tables found there is nothing to warn about.
    ::setenv("QS_TARGETS_DIR", empty.c_str(), 1);
    auto unobserved = qs::runBenchmarkPlan(smallPlan(), factory);
    ::unsetenv("QS_TARGETS_DIR");
    ASSERT_TRUE(unobserved);
    ASSERT_EQ(unobserved->warnings.size(), 1u);
    EXPECT_NE(unobserved->warnings[0].message.find(empty.string()), std::string::npos);
    auto found = qs::runBenchmarkPlan(smallPlan(), factory);
    ASSERT_TRUE(found);
    EXPECT_TRUE(found->warnings.empty());
    EXPECT_EQ(qs::buildMarkdownReport(*found).find("## Warnings"), std::string::npos);
}

TEST(BenchmarkPlan, FailuresAreRecordedPerScenario)
{
    int runs = 0;
    auto factory = [&](const std::shared_ptr<const qs::Model>& m,
                       const qs::ScenarioSpec& spec) -> qs::Result<std::unique_ptr<qs::BenchmarkTarget>> {
        if (spec.mode == qs::ExecutionMode::AsWritten)
            return qs::Status(qs::StatusCode::Unsupported, "as-written not available");
        const bool failPrepare = m->path.parent_path().filename() == "net_b";
        return std::unique_ptr<qs::BenchmarkTarget>(std::make_unique<CountingTarget>(&runs, failPrepare));
    };
    auto r = qs::runBenchmarkPlan(smallPlan(), factory);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->scenarios.size(), 8u);
    EXPECT_EQ(r->scenarios[0].status, qs::ScenarioStatus::Ok);
    EXPECT_EQ(r->scenarios[1].status, qs::ScenarioStatus::Failed);
    EXPECT_NE(r->scenarios[1].error.find("as-written not available"), std::string::npos);
    EXPECT_EQ(r->scenarios[4].status, qs::ScenarioStatus::Failed); // net_b optimized: preparation failed
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
    EXPECT_EQ(r->scenarios[0].status, qs::ScenarioStatus::Ok);
    EXPECT_EQ(r->scenarios[1].status, qs::ScenarioStatus::Ok);
    EXPECT_EQ(r->scenarios[2].status, qs::ScenarioStatus::Partial);
    EXPECT_EQ(r->scenarios[2].latenciesMs.size(), 1u); // run 9 = first run, run 10 = measured, then cancelled
    EXPECT_TRUE(r->partial);
}

TEST(SessionTarget, BenchmarksASharedModelThroughTheSession)
{
    const auto path = qs::test::sharedModel("mobilenet_v2_fp32");
    QS_REQUIRE_SHARED(path);
    auto model = qs::loadModel(path);
    ASSERT_TRUE(model) << model.status().toString();
    qs::ScenarioSpec spec;
    spec.threads = 1;
    spec.profile = true;
    auto target = qs::createSessionTarget(*model, spec, {});
    ASSERT_TRUE(target) << target.status().toString();
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 1;
    cfg.runs = 3;
    auto r = qs::runBenchmark(cfg, **target);
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_EQ(r->latenciesMs.size(), 3u);
    ASSERT_TRUE(r->arenaBytes.has_value());
    EXPECT_GT(*r->arenaBytes, 0);
    ASSERT_TRUE(r->profile.has_value());
    EXPECT_EQ(r->profile->runs, 3); // the warm-up run is not in the profile
    ASSERT_FALSE(r->profile->nodes.empty());
    for (const auto& n : r->profile->nodes) {
        EXPECT_GE(n.nodeIndex, 0);
        EXPECT_EQ(n.calls, 3) << n.nodeName;
    }
    // kernel time cannot exceed the whole run
    EXPECT_LE(r->profile->totalMs, qs::computeLatencyStats(r->latenciesMs).meanMs * 1.0001);
}

TEST(SessionTarget, CancellationReachesTheExecutor)
{
    const auto path = qs::test::sharedModel("mobilenet_v2_fp32");
    QS_REQUIRE_SHARED(path);
    auto model = qs::loadModel(path);
    ASSERT_TRUE(model) << model.status().toString();
    auto target = qs::createSessionTarget(*model, {}, {});
    ASSERT_TRUE(target);
    int polls = 0;
    qs::BenchmarkControl control;
    // Polled between runs and after every step: fires inside the second measured run.
    control.isCancelled = [&] { return ++polls > 400; };
    qs::BenchmarkConfig cfg;
    cfg.warmupRuns = 0;
    cfg.runs = 100;
    auto r = qs::runBenchmark(cfg, **target, control);
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_TRUE(r->partial);
    EXPECT_LT(r->latenciesMs.size(), 100u);
}

} // namespace
