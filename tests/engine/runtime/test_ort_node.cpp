// SPDX-License-Identifier: MIT
// End to end against the real onnxruntime-node (installed by the ort_node_setup test): ONNX Runtime's outputs for
// the ../shared models match their reference outputs (test_data_set_0), the imported per-op times add up to the
// kernel time in ONNX Runtime's own profile, and a benchmark plan measures both runtimes into one record.
#include "adapter_test_env.h"
#include "shared_data.h"

#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/ort_profile.h>
#include <quantscope/engine/ort_target.h>
#include <quantscope/engine/runtime_adapter.h>
#include <quantscope/engine/session_target.h>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <unistd.h>

namespace qs {
namespace {

namespace fs = std::filesystem;

#define QS_REQUIRE_ORT_NODE(spec)                                                                                      \
    std::string why_;                                                                                                  \
    auto spec = test::nodeAdapter(&why_);                                                                              \
    if (!spec)                                                                                                         \
    GTEST_SKIP() << "onnxruntime-node not available: " << why_

std::vector<fs::path> sharedCases()
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(test::sharedDir() / "models", ec))
        if (fs::exists(e.path() / "model.onnx") && fs::exists(e.path() / "test_data_set_0" / "output_0.pb"))
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// Runs one case at one graph optimization level and compares with the reference outputs in `refDir`.
void checkCase(const RuntimeAdapterSpec& spec, const fs::path& dir, const std::string& level, const fs::path& refDir)
{
    SCOPED_TRACE(dir.filename().string() + " at graphOptimizationLevel " + level + " vs " + refDir.filename().string());
    auto adapter = RuntimeAdapter::start(spec);
    ASSERT_TRUE(adapter) << adapter.status().toString();
    AdapterLoadOptions o;
    o.model = (dir / "model.onnx").string();
    o.graphOptimizationLevel = level;
    auto info = (*adapter)->load(o);
    ASSERT_TRUE(info) << info.status().toString();
    std::vector<std::string> names;
    std::vector<HostTensor> inputs;
    for (size_t i = 0; i < info->inputs.size(); ++i) {
        auto t = loadTensorFile(dir / "test_data_set_0" / fmt::format("input_{}.pb", i));
        ASSERT_TRUE(t) << t.status().toString();
        auto h = HostTensor::fromTensor(*t);
        ASSERT_TRUE(h);
        names.push_back(info->inputs[i].name);
        inputs.push_back(std::move(*h));
    }
    ASSERT_TRUE((*adapter)->setInputs(names, inputs));
    auto run = (*adapter)->run(true);
    ASSERT_TRUE(run) << run.status().toString();
    int compared = 0;
    for (size_t i = 0; i < run->outputs.size(); ++i) {
        const fs::path pb = refDir / fmt::format("output_{}.pb", i);
        if (!fs::exists(pb))
            continue;
        auto ref = loadTensorFile(pb);
        ASSERT_TRUE(ref);
        auto expected = HostTensor::fromTensor(*ref);
        ASSERT_TRUE(expected);
        const HostTensor& actual = run->outputs[i];
        ASSERT_EQ(actual.dims(), expected->dims()) << run->outputNames[i];
        ASSERT_EQ(actual.dataType(), expected->dataType()) << run->outputNames[i];
        int64_t bad = 0;
        double worst = 0;
        for (int64_t k = 0; k < actual.elementCount(); ++k) {
            const double a = actual.valueAsDouble(k), e = expected->valueAsDouble(k);
            const double err = std::abs(a - e);
            // The tolerance of `quantscope-cli check`: rtol 1e-3, atol 1e-4.
            if (!(err <= 1e-4 + 1e-3 * std::abs(e)))
                ++bad;
            worst = std::max(worst, err);
        }
        EXPECT_EQ(bad, 0) << run->outputNames[i] << ": " << bad << " elements beyond rtol 1e-3/atol 1e-4, max abs "
                          << worst;
        ++compared;
    }
    EXPECT_GT(compared, 0) << "no reference output in " << refDir;
}

TEST(OrtNode, OutputsOfTheSharedModelsMatchTheirReferences)
{
    QS_REQUIRE_ORT_NODE(spec);
    const auto cases = sharedCases();
    if (cases.empty())
        GTEST_SKIP() << "no models in " << (test::sharedDir() / "models") << " (../shared is absent)";
    // ../shared/README.md: test_data_set_0 holds ONNX Runtime's optimized output, except for the cases with an
    // ort_optimized/ folder, whose test_data_set_0 is the unoptimized (as-written) output; ort_unoptimized/ holds
    // the unoptimized output where it differs.
    for (const fs::path& dir : cases) {
        if (fs::exists(dir / "ort_optimized")) {
            checkCase(*spec, dir, "disabled", dir / "test_data_set_0");
            checkCase(*spec, dir, "all", dir / "ort_optimized");
        } else {
            checkCase(*spec, dir, "all", dir / "test_data_set_0");
            if (fs::exists(dir / "ort_unoptimized"))
                checkCase(*spec, dir, "disabled", dir / "ort_unoptimized");
        }
    }
}

TEST(OrtNode, ImportedPerOpTimesAddUpToTheKernelTimeOfOrtsProfile)
{
    QS_REQUIRE_ORT_NODE(spec);
    const fs::path modelPath = test::sharedModel("resnet18_int8_qdq_torch");
    QS_REQUIRE_SHARED(modelPath);
    auto model = loadModel(modelPath);
    ASSERT_TRUE(model) << model.status().toString();
    const fs::path dir = fs::temp_directory_path() / fmt::format("qs_ort_kernel_time_{}", ::getpid());
    fs::create_directories(dir);
    auto adapter = RuntimeAdapter::start(*spec);
    ASSERT_TRUE(adapter);
    AdapterLoadOptions o;
    o.model = modelPath.string();
    o.profile = true;
    o.profileDir = dir.string();
    ASSERT_TRUE((*adapter)->load(o));
    auto infos = benchmarkInputInfo(**model, {});
    ASSERT_TRUE(infos) << infos.status().toString();
    std::vector<std::string> names;
    for (const IoInfo& io : *infos)
        names.push_back(io.name);
    ASSERT_TRUE((*adapter)->setInputs(names, makeBenchmarkInputs(*infos)));
    constexpr int kWarmup = 1, kRuns = 3;
    for (int i = 0; i < kWarmup + kRuns; ++i)
        ASSERT_TRUE((*adapter)->run(false));
    auto file = (*adapter)->endProfiling();
    ASSERT_TRUE(file) << file.status().toString();

    // The truth, read straight from ONNX Runtime's trace: per measured model_run, the sum of the "_kernel_time"
    // events inside it.
    std::ifstream in(*file);
    const auto trace = nlohmann::json::parse(in);
    std::vector<std::pair<double, double>> runs; // [start, end] us
    for (const auto& e : trace)
        if (e.value("cat", "") == "Session" && e.value("name", "") == "model_run")
            runs.emplace_back(e["ts"].get<double>(), e["ts"].get<double>() + e["dur"].get<double>());
    ASSERT_EQ(runs.size(), size_t(kWarmup + kRuns));
    std::sort(runs.begin(), runs.end());
    double kernelUs = 0, runUs = 0;
    for (size_t r = kWarmup; r < runs.size(); ++r) {
        runUs += runs[r].second - runs[r].first;
        for (const auto& e : trace) {
            const std::string name = e.value("name", "");
            if (e.value("cat", "") != "Node" || name.size() < 12 || name.substr(name.size() - 12) != "_kernel_time")
                continue;
            const double ts = e["ts"].get<double>();
            if (ts >= runs[r].first && ts <= runs[r].second)
                kernelUs += e["dur"].get<double>();
        }
    }
    const double kernelMsPerRun = kernelUs / 1000.0 / kRuns;

    OrtProfileOptions po;
    po.skipRuns = kWarmup;
    auto p = importOrtProfile(*file, model->get(), po);
    ASSERT_TRUE(p) << p.status().toString();
    EXPECT_EQ(p->runs, kRuns);
    double opTypeSum = 0, nodeSum = 0;
    for (const OpTypeProfile& t : p->opTypes)
        opTypeSum += t.meanMs;
    for (const NodeProfile& n : p->nodes)
        nodeSum += n.meanMs;
    EXPECT_NEAR(p->totalMs, kernelMsPerRun, 1e-6 * kernelMsPerRun);
    EXPECT_NEAR(opTypeSum, kernelMsPerRun, 1e-6 * kernelMsPerRun);
    EXPECT_NEAR(nodeSum, kernelMsPerRun, 1e-6 * kernelMsPerRun);
    EXPECT_GT(kernelMsPerRun, 0.0);
    EXPECT_LE(kernelMsPerRun, runUs / 1000.0 / kRuns) << "kernel time exceeds the run it belongs to";
    fs::remove_all(dir);
}

TEST(OrtNode, ABenchmarkPlanMeasuresBothRuntimesIntoOneRecord)
{
    QS_REQUIRE_ORT_NODE(spec);
    const fs::path fp32 = test::sharedModel("resnet18_fp32");
    const fs::path int8 = test::sharedModel("resnet18_int8_qdq_torch");
    QS_REQUIRE_SHARED(fp32);
    QS_REQUIRE_SHARED(int8);
    BenchmarkPlan plan;
    for (const fs::path& p : { fp32, int8 }) {
        auto m = loadModel(p);
        ASSERT_TRUE(m) << m.status().toString();
        plan.models.push_back(*m);
    }
    plan.runtimes = { qs::Runtime::Quantscope, qs::Runtime::OnnxRuntime };
    plan.modes = { qs::ExecutionMode::AsWritten };
    plan.config.warmupRuns = 1;
    plan.config.runs = 3;
    plan.profile = true;
    auto factory = [&](const std::shared_ptr<const Model>& m, const ScenarioSpec& s) {
        return s.runtime == qs::Runtime::OnnxRuntime ? createOrtTarget(m, s, {}, *spec) : createSessionTarget(m, s, {});
    };
    auto record = runBenchmarkPlan(plan, factory);
    ASSERT_TRUE(record) << record.status().toString();
    ASSERT_EQ(record->scenarios.size(), 4u);
    int ort = 0;
    for (const ScenarioRecord& s : record->scenarios) {
        SCOPED_TRACE(s.label());
        EXPECT_EQ(s.status, ScenarioStatus::Ok) << s.error;
        EXPECT_EQ(s.latenciesMs.size(), 3u);
        ASSERT_TRUE(s.profile);
        if (s.runtime != qs::Runtime::OnnxRuntime) {
            EXPECT_FALSE(s.runtimeInfo);
            continue;
        }
        ++ort;
        EXPECT_EQ(s.profile->source, "onnxruntime");
        EXPECT_EQ(s.profile->runs, 3);
        ASSERT_TRUE(s.runtimeInfo);
        EXPECT_EQ(s.runtimeInfo->version, "1.30.0");
        EXPECT_EQ(s.runtimeInfo->graphOptimizationLevel, "disabled");
        EXPECT_EQ(s.runtimeInfo->intraOpThreads, 1);
        EXPECT_EQ(s.runtimeInfo->interOpThreads, 1);
        EXPECT_EQ(s.runtimeInfo->cpuInt8Features.empty(), !record->machine.has("avx2") && !record->machine.has("neon"));
    }
    EXPECT_EQ(ort, 2);
    // One FP32/INT8 comparison per runtime.
    int comparisons = 0;
    for (const ComparisonRecord& c : record->comparisons)
        comparisons += c.runtime == qs::Runtime::OnnxRuntime || c.runtime == qs::Runtime::Quantscope;
    EXPECT_EQ(comparisons, 2);
}

} // namespace
} // namespace qs
