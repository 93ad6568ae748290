// SPDX-License-Identifier: MIT
// quantscope-cli bench --runtime quantscope,onnxruntime (through onnxruntime-node, installed by the ort_node_setup
// test), runtimes, and compare as a CI gate on hand-made run files.
#include "cli_runner.h"
#include "shared_data.h"

#include <quantscope/engine/run_file.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>

namespace {

namespace fs = std::filesystem;
using qs::test::runCli;

fs::path tempFile(const std::string& name)
{
    return fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
}

std::string ortNode()
{
    const char* env = std::getenv("QS_ORT_NODE");
    return env ? env : "";
}

bool ortNodeInstalled()
{
    return !ortNode().empty() && fs::exists(fs::path(ortNode()) / "node_modules" / "onnxruntime-node" / "package.json");
}

TEST(CliRuntime, BenchMeasuresBothRuntimesIntoOneRunFile)
{
    if (!ortNodeInstalled())
        GTEST_SKIP() << "onnxruntime-node is not installed in '" << ortNode() << "' (see the ort_node_setup test)";
    const fs::path json = tempFile("qs_bench_runtimes.json");
    const fs::path md = tempFile("qs_bench_runtimes.md");
    const auto run = runCli({ "bench", std::string(QS_TEST_DATA_DIR) + "/valid/add_relu.onnx", "--runtime",
        "quantscope,onnxruntime", "--ort-node", ortNode(), "--mode", "optimized,as-written", "--warmup", "1", "--runs",
        "4", "--profile", "--json", json.string(), "--md", md.string() });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    auto record = qs::readRunFile(json);
    ASSERT_TRUE(record) << record.status().toString();
    EXPECT_EQ(
        record->config.runtimes, (std::vector<qs::Runtime> { qs::Runtime::Quantscope, qs::Runtime::OnnxRuntime }));
    ASSERT_EQ(record->scenarios.size(), 4u);
    for (const qs::ScenarioRecord& s : record->scenarios) {
        SCOPED_TRACE(s.label());
        EXPECT_EQ(s.status, qs::ScenarioStatus::Ok) << s.error;
        EXPECT_EQ(s.latenciesMs.size(), 4u);
        ASSERT_TRUE(s.profile);
        if (s.runtime == qs::Runtime::Quantscope)
            continue;
        ASSERT_TRUE(s.runtimeInfo);
        EXPECT_EQ(s.runtimeInfo->name, "onnxruntime");
        EXPECT_EQ(s.runtimeInfo->version, "1.30.0");
        EXPECT_EQ(s.runtimeInfo->graphOptimizationLevel, s.mode == qs::ExecutionMode::AsWritten ? "disabled" : "all");
        EXPECT_EQ(s.runtimeInfo->intraOpThreads, 1);
        EXPECT_EQ(s.profile->source, "onnxruntime");
        EXPECT_EQ(s.profile->runs, 4);
    }
    // The raw file names the runtime of each scenario as the format document says.
    std::ifstream in(json);
    const auto doc = nlohmann::json::parse(in);
    EXPECT_EQ(doc["version"], "1.5");
    EXPECT_EQ(doc["scenarios"][1]["runtime"], "onnxruntime");
    EXPECT_EQ(doc["scenarios"][1]["runtimeInfo"]["interOpThreads"], 1);
    std::ifstream mdIn(md);
    const std::string report((std::istreambuf_iterator<char>(mdIn)), {});
    EXPECT_NE(report.find("onnxruntime 1.30.0 through the node adapter"), std::string::npos) << report;
    fs::remove(json);
    fs::remove(md);
}

TEST(CliRuntime, BenchWithoutAnyOrtSaysHowToGetOne)
{
    // An empty cache folder, no NODE_PATH and a python without onnxruntime: nothing can be found.
    const fs::path empty = tempFile("qs_empty_ort_cache");
    fs::create_directories(empty);
    const std::string cmd = "env -u NODE_PATH -u QS_ORT_NODE QS_ORT_CACHE=" + empty.string() + " "
        + qs::test::shellQuote(QS_CLI_PATH) + " bench " + std::string(QS_TEST_DATA_DIR)
        + "/valid/add_relu.onnx --runtime onnxruntime --python /nonexistent/python3 2>&1";
    FILE* p = ::popen(cmd.c_str(), "r");
    ASSERT_TRUE(p);
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0)
        out.append(buf, n);
    const int status = ::pclose(p);
    EXPECT_EQ(WEXITSTATUS(status), 1) << out;
    EXPECT_NE(out.find("no ONNX Runtime found"), std::string::npos) << out;
    EXPECT_NE(out.find("npm install --ignore-scripts onnxruntime-node@1.30.0"), std::string::npos) << out;
    EXPECT_NE(out.find("pip install onnxruntime"), std::string::npos) << out;
    fs::remove_all(empty);
}

TEST(CliRuntime, BenchRejectsAnUnknownRuntime)
{
    const auto run = runCli({ "bench", "m.onnx", "--runtime", "tensorrt" });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("'tensorrt' is not 'quantscope' or 'onnxruntime'"), std::string::npos) << run.err;
}

qs::RunRecord handMadeRun(double medianMs)
{
    qs::RunRecord r;
    r.createdUtc = "2026-11-26T12:00:00Z";
    r.tool = "hand-made";
    r.machine.cpuModel = "Hand-made CPU";
    qs::ModelRecord m;
    m.id = "net";
    m.path = "net.onnx";
    m.sha256 = std::string(64, 'a');
    m.format = qs::QuantFormat::Fp32;
    r.models.push_back(m);
    r.config.threads = { 1 };
    r.config.modes = { qs::ExecutionMode::Optimized };
    for (qs::Runtime runtime : { qs::Runtime::Quantscope, qs::Runtime::OnnxRuntime }) {
        qs::ScenarioRecord s;
        s.modelId = "net";
        s.runtime = runtime;
        s.latenciesMs = std::vector<double>(10, medianMs);
        qs::computeScenarioStatistics(s);
        r.scenarios.push_back(s);
    }
    return r;
}

TEST(CliCompare, ExitsNonZeroOnlyBeyondTheThreshold)
{
    const fs::path base = tempFile("qs_compare_base.json"), slower = tempFile("qs_compare_new.json");
    ASSERT_TRUE(qs::writeRunFile(base, handMadeRun(10.0)));
    ASSERT_TRUE(qs::writeRunFile(slower, handMadeRun(10.8))); // 8% slower in both runtimes

    auto gate5 = runCli({ "compare", base.string(), slower.string(), "--max-slowdown", "5%" });
    EXPECT_EQ(gate5.exitCode, 1) << gate5.out << gate5.err;
    EXPECT_NE(gate5.out.find("slower"), std::string::npos) << gate5.out;
    EXPECT_NE(gate5.out.find("net · 1 thread · optimized · onnxruntime"), std::string::npos) << gate5.out;

    auto gate10 = runCli({ "compare", base.string(), slower.string(), "--max-slowdown", "10%", "--json" });
    EXPECT_EQ(gate10.exitCode, 0) << gate10.out << gate10.err;
    const auto doc = nlohmann::json::parse(gate10.out);
    EXPECT_EQ(doc["passed"], true);
    EXPECT_DOUBLE_EQ(doc["maxSlowdown"].get<double>(), 0.1);
    ASSERT_EQ(doc["scenarios"].size(), 2u);
    EXPECT_EQ(doc["scenarios"][1]["runtime"], "onnxruntime");
    EXPECT_EQ(doc["scenarios"][1]["verdict"], "unchanged");
    EXPECT_NEAR(doc["scenarios"][1]["slowdown"].get<double>(), 1.08, 1e-12);

    auto bad = runCli({ "compare", base.string() });
    EXPECT_EQ(bad.exitCode, 2);
    auto missing = runCli({ "compare", base.string(), "/nonexistent/new.json" });
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("/nonexistent/new.json"), std::string::npos) << missing.err;
    fs::remove(base);
    fs::remove(slower);
}

} // namespace
