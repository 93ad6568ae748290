// SPDX-License-Identifier: MIT
// compareRuns on hand-made run records whose answers follow from the samples: constant samples make every bootstrap
// resample's median the same, so the interval collapses to the exact ratio.
#include "crafted_run.h"

#include <quantscope/engine/run_comparison.h>

#include <gtest/gtest.h>

namespace qs {
namespace {

RunRecord runWith(std::vector<ScenarioRecord> scenarios)
{
    RunRecord r;
    r.machine = test::craftedMachine(false);
    r.models = { test::craftedFp32Model() };
    r.scenarios = std::move(scenarios);
    return r;
}

ScenarioRecord scenario(std::vector<double> latencies, qs::Runtime runtime = qs::Runtime::Quantscope, int threads = 1)
{
    ScenarioRecord s
        = test::craftedScenario("yolov5nu_fp32", threads, qs::ExecutionMode::Optimized, std::move(latencies));
    s.runtime = runtime;
    return s;
}

TEST(RunComparison, ConstantTwentyPercentSlowerIsARegressionWithAnExactInterval)
{
    const RunRecord base = runWith({ scenario(std::vector<double>(20, 10.0)) });
    const RunRecord next = runWith({ scenario(std::vector<double>(20, 12.0)) });
    const RunComparison c = compareRuns(base, next, { .maxSlowdown = 0.05 });
    ASSERT_EQ(c.scenarios.size(), 1u);
    const ScenarioDelta& d = c.scenarios[0];
    EXPECT_EQ(d.verdict, ScenarioVerdict::Slower);
    EXPECT_DOUBLE_EQ(*d.slowdown, 1.2);
    EXPECT_DOUBLE_EQ(*d.slowdownLow, 1.2);
    EXPECT_DOUBLE_EQ(*d.slowdownHigh, 1.2);
    EXPECT_DOUBLE_EQ(*d.baseMedianMs, 10.0);
    EXPECT_DOUBLE_EQ(*d.newMedianMs, 12.0);
    EXPECT_FALSE(c.passed());
    // The same 20% passes a 25% gate.
    EXPECT_TRUE(compareRuns(base, next, { .maxSlowdown = 0.25 }).passed());
}

TEST(RunComparison, TwoPercentSlowerIsWithinAFivePercentGate)
{
    const RunRecord base = runWith({ scenario(std::vector<double>(20, 10.0)) });
    const RunRecord next = runWith({ scenario(std::vector<double>(20, 10.2)) });
    const RunComparison c = compareRuns(base, next);
    EXPECT_EQ(c.scenarios[0].verdict, ScenarioVerdict::Unchanged);
    EXPECT_NEAR(*c.scenarios[0].slowdown, 1.02, 1e-12);
    EXPECT_TRUE(c.passed());
}

TEST(RunComparison, FasterWhenTheWholeIntervalIsBelowOne)
{
    const RunRecord base = runWith({ scenario(std::vector<double>(20, 10.0)) });
    const RunRecord next = runWith({ scenario(std::vector<double>(20, 8.0)) });
    const RunComparison c = compareRuns(base, next);
    EXPECT_EQ(c.scenarios[0].verdict, ScenarioVerdict::Faster);
    EXPECT_DOUBLE_EQ(*c.scenarios[0].slowdown, 0.8);
    EXPECT_TRUE(c.passed());
}

TEST(RunComparison, ANoisySlowerMedianIsOnlyPossiblySlower)
{
    // NEW = {9, 9, 14, 14, 14}: median 14, ratio 1.4. A resample's median is 9 when at least 3 of its 5 draws are 9
    // (probability 0.317 with p = 0.4), so the 2.5th percentile of the ratio is 0.9 and the 97.5th is 1.4: the
    // interval reaches back below the limit, and noise alone does not fail the gate.
    const RunRecord base = runWith({ scenario({ 10, 10, 10, 10, 10 }) });
    const RunRecord next = runWith({ scenario({ 9, 9, 14, 14, 14 }) });
    const RunComparison c = compareRuns(base, next);
    const ScenarioDelta& d = c.scenarios[0];
    EXPECT_EQ(d.verdict, ScenarioVerdict::PossiblySlower);
    EXPECT_DOUBLE_EQ(*d.slowdown, 1.4);
    EXPECT_DOUBLE_EQ(*d.slowdownLow, 0.9);
    EXPECT_DOUBLE_EQ(*d.slowdownHigh, 1.4);
    EXPECT_TRUE(c.passed());
}

TEST(RunComparison, ScenariosMatchByRuntimeThreadsAndMode)
{
    const RunRecord base = runWith(
        { scenario(std::vector<double>(10, 10.0)), scenario(std::vector<double>(10, 20.0), qs::Runtime::OnnxRuntime),
            scenario(std::vector<double>(10, 5.0), qs::Runtime::Quantscope, 0) });
    const RunRecord next = runWith(
        { scenario(std::vector<double>(10, 20.0), qs::Runtime::OnnxRuntime), scenario(std::vector<double>(10, 10.0)),
            scenario(std::vector<double>(10, 30.0), qs::Runtime::OnnxRuntime, 2) });
    const RunComparison c = compareRuns(base, next);
    ASSERT_EQ(c.scenarios.size(), 4u);
    EXPECT_EQ(c.scenarios[0].verdict, ScenarioVerdict::Unchanged);
    EXPECT_EQ(c.scenarios[0].runtime, qs::Runtime::Quantscope);
    EXPECT_EQ(c.scenarios[1].verdict, ScenarioVerdict::Unchanged);
    EXPECT_EQ(c.scenarios[1].runtime, qs::Runtime::OnnxRuntime);
    EXPECT_EQ(c.scenarios[2].verdict, ScenarioVerdict::OnlyInBase);
    EXPECT_EQ(c.scenarios[3].verdict, ScenarioVerdict::OnlyInNew);
    EXPECT_EQ(c.scenarios[3].label(), "yolov5nu_fp32 · 2 threads · optimized · onnxruntime");
    EXPECT_TRUE(c.passed());
}

TEST(RunComparison, AScenarioThatFailsInNewFailsTheGate)
{
    const RunRecord base = runWith({ scenario(std::vector<double>(10, 10.0)) });
    ScenarioRecord failed = scenario({});
    failed.status = ScenarioStatus::Failed;
    failed.error = "model.onnx: Could not find an implementation for ConvInteger(10) node with name 'conv'";
    const RunComparison c = compareRuns(base, runWith({ failed }));
    EXPECT_EQ(c.scenarios[0].verdict, ScenarioVerdict::Failed);
    EXPECT_NE(c.scenarios[0].note.find("ConvInteger"), std::string::npos);
    EXPECT_FALSE(c.passed());
}

TEST(RunComparison, WarnsWhenNotLikeForLike)
{
    RunRecord base = runWith({ scenario(std::vector<double>(10, 10.0)) });
    RunRecord next = base;
    next.machine.cpuModel = "Another CPU";
    const RunComparison c = compareRuns(base, next);
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_NE(c.warnings[0].find("Another CPU"), std::string::npos);
}

TEST(RunComparison, ParsesThresholds)
{
    EXPECT_DOUBLE_EQ(*parseSlowdownThreshold("5%"), 0.05);
    EXPECT_DOUBLE_EQ(*parseSlowdownThreshold("0.05"), 0.05);
    EXPECT_DOUBLE_EQ(*parseSlowdownThreshold("5"), 0.05);
    EXPECT_DOUBLE_EQ(*parseSlowdownThreshold("0%"), 0.0);
    EXPECT_FALSE(parseSlowdownThreshold("fast"));
    EXPECT_FALSE(parseSlowdownThreshold("-5%"));
    EXPECT_FALSE(parseSlowdownThreshold(""));
}

} // namespace
} // namespace qs
