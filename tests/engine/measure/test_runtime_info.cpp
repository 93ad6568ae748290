// SPDX-License-Identifier: MIT
// ONNX Runtime scenarios' checklist (RuntimeInfo): stored in the run file (format 1.2) and used by the diagnosis.
#include "crafted_run.h"
#include "shared_data.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/run_file.h>

#include <gtest/gtest.h>

namespace qs {
namespace {

RunRecord runWithOrt(bool vnni)
{
    RunRecord r;
    r.machine = test::craftedMachine(vnni);
    r.models = { test::craftedFp32Model(), test::craftedDynamicInt8Model() };
    r.config.runtimes = { qs::Runtime::Quantscope, qs::Runtime::OnnxRuntime };
    for (const char* model : { "yolov5nu_fp32", "yolov5nu_int8_dynamic" }) {
        for (const char* level : { "all", "disabled" }) {
            ScenarioRecord s = test::craftedScenario(model, 1,
                std::string(level) == "all" ? qs::ExecutionMode::Optimized : qs::ExecutionMode::AsWritten,
                test::craftedLatencies(50, 1, 20));
            s.runtime = qs::Runtime::OnnxRuntime;
            RuntimeInfo i;
            i.name = "onnxruntime";
            i.version = "1.30.0";
            i.adapter = "node";
            i.host = "node v18.19.0";
            i.availableProviders = { "cpu", "webgpu" };
            i.sessionProviders = { "cpu" };
            i.graphOptimizationLevel = level;
            i.intraOpThreads = 1;
            i.interOpThreads = 1;
            i.cpuInt8Features
                = vnni ? std::vector<std::string> { "avx2", "avx_vnni" } : std::vector<std::string> { "avx2" };
            s.runtimeInfo = i;
            r.scenarios.push_back(s);
        }
    }
    r.comparisons = compareModels(r);
    return r;
}

TEST(RuntimeInfo, RoundTripsThroughTheRunFile)
{
    const RunRecord r = runWithOrt(false);
    const std::string json = runRecordToJson(r);
    EXPECT_NE(json.find("\"version\": \"1.5\""), std::string::npos); // runtimeInfo came with 1.2
    auto back = runRecordFromJson(json, "ort.json");
    ASSERT_TRUE(back) << back.status().toString();
    EXPECT_EQ(back->config.runtimes, r.config.runtimes);
    ASSERT_EQ(back->scenarios.size(), 4u);
    ASSERT_TRUE(back->scenarios[1].runtimeInfo);
    const RuntimeInfo& i = *back->scenarios[1].runtimeInfo;
    EXPECT_EQ(i.version, "1.30.0");
    EXPECT_EQ(i.graphOptimizationLevel, "disabled");
    EXPECT_EQ(i.availableProviders, (std::vector<std::string> { "cpu", "webgpu" }));
    EXPECT_EQ(i.cpuInt8Features, (std::vector<std::string> { "avx2" }));
}

TEST(RuntimeInfo, OlderFilesHaveNoRuntimeInfoAndOneRuntime)
{
    auto r = readRunFile(test::testDataDir() / "runs" / "crafted_pair.json");
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_EQ(r->config.runtimes, (std::vector<qs::Runtime> { qs::Runtime::Quantscope }));
    for (const ScenarioRecord& s : r->scenarios)
        EXPECT_FALSE(s.runtimeInfo);
}

const Finding* findRule(const std::vector<Finding>& findings, const std::string& id)
{
    for (const Finding& f : findings)
        if (f.id == id)
            return &f;
    return nullptr;
}

TEST(RuntimeInfo, TheDiagnosisReportsTheChecklistAndWarnsWithoutDotProduct)
{
    const RunRecord r = runWithOrt(false);
    const auto findings = diagnoseRun(r);
    const Finding* f = findRule(findings, "onnxruntime-setup");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->severity, FindingSeverity::Warning);
    EXPECT_EQ(std::get<std::string>(f->args.at("variant")), "no-dot-product");
    EXPECT_EQ(std::get<std::string>(f->args.at("levels")), "all, disabled");
    EXPECT_NE(f->title.find("ONNX Runtime 1.30.0"), std::string::npos) << f->title;
    // One line for the build's providers, one per ORT scenario, one for the CPU.
    ASSERT_TRUE(f->hasStructuredEvidence());
    ASSERT_EQ(f->evidence.size(), 6u);
    EXPECT_EQ(f->evidenceLines.front().kind, "build-providers");
    EXPECT_NE(f->evidence.front().find("cpu, webgpu"), std::string::npos) << f->evidence.front();
    EXPECT_EQ(f->evidenceLines.back().kind, "cpu-int8");
    EXPECT_NE(f->evidence.back().find("avx2 (no VNNI"), std::string::npos) << f->evidence.back();

    const RunRecord withVnni = runWithOrt(true);
    const auto vnniFindings = diagnoseRun(withVnni);
    const Finding* g = findRule(vnniFindings, "onnxruntime-setup");
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->severity, FindingSeverity::Info);
    EXPECT_EQ(std::get<std::string>(g->args.at("variant")), "dot-product");
}

TEST(RuntimeInfo, ADifferenceBetweenRuntimesIsExplainedByOpType)
{
    // ONNX Runtime: FP32 50..54 ms, INT8 70..74 ms (slower); Quantscope: FP32 50..54 ms, INT8 25..29 ms (faster).
    RunRecord r = runWithOrt(true);
    for (const char* model : { "yolov5nu_fp32", "yolov5nu_int8_dynamic" }) {
        const bool int8 = std::string(model) == "yolov5nu_int8_dynamic";
        ScenarioRecord s = test::craftedScenario(
            model, 1, qs::ExecutionMode::Optimized, test::craftedLatencies(int8 ? 25 : 50, 1, 20));
        if (int8)
            s.profile = test::craftedInt8Profile(); // ConvInteger 80 ms per run
        r.scenarios.push_back(s);
    }
    for (ScenarioRecord& s : r.scenarios)
        if (s.runtime == qs::Runtime::OnnxRuntime && s.modelId == "yolov5nu_int8_dynamic"
            && s.mode == qs::ExecutionMode::Optimized) {
            s.latenciesMs = test::craftedLatencies(70, 1, 20);
            computeScenarioStatistics(s);
            ProfileReport p = test::craftedInt8Profile();
            for (NodeProfile& n : p.nodes)
                if (n.opType == "ConvInteger")
                    n.totalMs = 2000; // 200 ms per run
            finalizeProfile(p);
            s.profile = p;
        }
    r.comparisons = compareModels(r);
    const auto findings = diagnoseRun(r);
    const Finding* f = findRule(findings, "runtime-difference");
    ASSERT_NE(f, nullptr);
    EXPECT_NEAR(std::get<double>(f->args.at("onnxruntimeSpeedup")), 52.0 / 72.0, 1e-12);
    EXPECT_NEAR(std::get<double>(f->args.at("quantscopeSpeedup")), 52.0 / 27.0, 1e-12);
    ASSERT_TRUE(f->hasStructuredEvidence());
    ASSERT_GE(f->evidence.size(), 3u);
    EXPECT_EQ(f->evidenceLines[2].kind, "op-type");
    EXPECT_EQ(f->evidence[2],
        "ConvInteger in yolov5nu_int8_dynamic: 200.0 ms per run in ONNX Runtime vs 80.0 ms in "
        "Quantscope");
}

TEST(RuntimeInfo, NoFindingWithoutAdapterScenarios)
{
    RunRecord r = runWithOrt(false);
    for (ScenarioRecord& s : r.scenarios)
        s.runtimeInfo.reset();
    const auto findings = diagnoseRun(r);
    EXPECT_EQ(findRule(findings, "onnxruntime-setup"), nullptr);
}

TEST(RuntimeInfo, TheReportNamesTheRuntimeAndItsSettings)
{
    const std::string md = buildMarkdownReport(runWithOrt(false));
    EXPECT_NE(
        md.find("onnxruntime 1.30.0 through the node adapter (node v18.19.0): providers in this build cpu, webgpu; "
                "session providers cpu; graph optimization `disabled`; 1 intra-op / 1 inter-op threads; CPU INT8 "
                "features: avx2"),
        std::string::npos)
        << md;
}

} // namespace
} // namespace qs
