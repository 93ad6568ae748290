// SPDX-License-Identifier: MIT
// The importer against a real ONNX Runtime 1.30 profile (tests/data/ort/README.md says how it was recorded).
// Expected numbers were read directly from the JSON (sum of `dur` per event group, in microseconds).
#include "shared_data.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/ort_profile.h>

#include <gtest/gtest.h>

namespace {

const std::filesystem::path kProfile = qs::test::testDataDir() / "ort" / "resnet18_int8_qdq_ort130_profile.json";

const qs::OpTypeProfile* findType(const qs::ProfileReport& r, std::string_view op)
{
    for (const auto& t : r.opTypes)
        if (t.opType == op)
            return &t;
    return nullptr;
}

const qs::NodeProfile* findNode(const qs::ProfileReport& r, std::string_view name)
{
    for (const auto& n : r.nodes)
        if (n.nodeName == name)
            return &n;
    return nullptr;
}

TEST(OrtProfile, TotalsPerOpTypeOverTwoRuns)
{
    auto r = qs::importOrtProfile(kProfile, nullptr);
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_EQ(r->source, "onnxruntime");
    EXPECT_EQ(r->runs, 2);
    EXPECT_EQ(r->nodes.size(), 36u);
    // 72 kernel events, 28664 us in total over two runs
    EXPECT_NEAR(r->totalMs, 28.664 / 2, 1e-9);
    const auto* conv = findType(*r, "QLinearConv");
    ASSERT_NE(conv, nullptr);
    EXPECT_NEAR(conv->meanMs, 26.697 / 2, 1e-9);
    EXPECT_NEAR(conv->share, 26697.0 / 28664.0, 1e-9);
    EXPECT_EQ(r->opTypes.front().opType, "QLinearConv"); // sorted by time
    // QuantizeLinear 355 us + DequantizeLinear 27 us
    EXPECT_NEAR(r->quantOverheadMs, (0.355 + 0.027) / 2, 1e-9);
    const auto* first = findNode(*r, "/conv1/Conv_token_1");
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->calls, 2);
    EXPECT_NEAR(first->totalMs, (5055 + 2324) / 1000.0, 1e-9);
    EXPECT_EQ(first->nodeIndex, -1); // no model given
    ASSERT_EQ(r->runLatenciesMs.size(), 2u); // model_run durations
    EXPECT_NEAR(r->runLatenciesMs[0], 16.384, 1e-9);
    EXPECT_NEAR(r->runLatenciesMs[1], 13.148, 1e-9);
}

TEST(OrtProfile, SkippingTheFirstRun)
{
    qs::OrtProfileOptions opt;
    opt.skipRuns = 1;
    auto r = qs::importOrtProfile(kProfile, nullptr, opt);
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_EQ(r->runs, 1);
    const auto* first = findNode(*r, "/conv1/Conv_token_1");
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->calls, 1);
    EXPECT_NEAR(first->meanMs, 2.324, 1e-9); // the second model_run's event
    opt.skipRuns = 2;
    EXPECT_FALSE(qs::importOrtProfile(kProfile, nullptr, opt));
}

TEST(OrtProfile, MapsFusedNodesToAuthoredNodes)
{
    const auto modelPath = qs::test::sharedModel("resnet18_int8_qdq_torch");
    QS_REQUIRE_SHARED(modelPath);
    auto model = qs::loadModel(modelPath);
    ASSERT_TRUE(model) << model.status().toString();
    auto r = qs::importOrtProfile(kProfile, model->get());
    ASSERT_TRUE(r) << r.status().toString();
    const auto* first = findNode(*r, "/conv1/Conv_token_1");
    ASSERT_NE(first, nullptr);
    ASSERT_GE(first->nodeIndex, 0);
    EXPECT_EQ((*model)->graph().node(first->nodeIndex).name, "/conv1/Conv");
}

TEST(OrtProfile, MapsNchwcNodesThroughTheirOutputValue)
{
    // Event names as ONNX Runtime 1.30 writes them for yolov5nu's first convolution after its NCHWc rewrite.
    const auto modelPath = qs::test::sharedModel("yolov5nu_fp32_from_seed");
    QS_REQUIRE_SHARED(modelPath);
    auto model = qs::loadModel(modelPath);
    ASSERT_TRUE(model) << model.status().toString();
    const std::string json = R"([
{"cat":"Session","name":"model_run","ts":0,"dur":100},
{"cat":"Node","name":"/model.0/conv/Conv_output_0_nchwc_kernel_time","ts":1,"dur":40,"args":{"op_name":"Conv"}},
{"cat":"Node","name":"ReorderOutput_3_kernel_time","ts":50,"dur":10,"args":{"op_name":"ReorderOutput"}}
])";
    auto r = qs::importOrtProfileFromText(json, "inline", model->get());
    ASSERT_TRUE(r) << r.status().toString();
    ASSERT_EQ(r->nodes.size(), 2u);
    const auto* conv = findNode(*r, "/model.0/conv/Conv_output_0_nchwc");
    ASSERT_NE(conv, nullptr);
    ASSERT_GE(conv->nodeIndex, 0);
    EXPECT_EQ((*model)->graph().node(conv->nodeIndex).name, "/model.0/conv/Conv");
    EXPECT_EQ(r->unmatchedNodes, 1); // the reorder ONNX Runtime inserted has no authored node
    EXPECT_NEAR(conv->share, 0.8, 1e-12); // 40 of 50 us
}

TEST(OrtProfile, RejectsCorruptAndForeignFiles)
{
    auto truncated = qs::importOrtProfileFromText("[{\"cat\":\"Node\",", "p.json", nullptr);
    ASSERT_FALSE(truncated);
    EXPECT_NE(truncated.status().message().find("p.json"), std::string::npos);
    EXPECT_NE(truncated.status().message().find("truncated or corrupt"), std::string::npos);
    auto object = qs::importOrtProfileFromText("{\"a\":1}", "p.json", nullptr);
    ASSERT_FALSE(object);
    EXPECT_NE(object.status().message().find("array"), std::string::npos);
    auto noKernels = qs::importOrtProfileFromText(
        "[{\"cat\":\"Session\",\"name\":\"model_run\",\"ts\":0,\"dur\":5}]", "p.json", nullptr);
    ASSERT_FALSE(noKernels);
    EXPECT_NE(noKernels.status().message().find("_kernel_time"), std::string::npos);
    // Wrongly typed fields (found by fuzz_ort_profile: json::value() threw and ended the process).
    auto typed = qs::importOrtProfileFromText(
        "[{\"cat\":5,\"name\":\"x\"},{\"cat\":\"Node\",\"name\":\"a_kernel_time\",\"ts\":1,\"dur\":2,"
        "\"args\":{\"op_name\":7}}]",
        "p.json", nullptr);
    ASSERT_FALSE(typed);
    EXPECT_NE(typed.status().message().find("args.op_name"), std::string::npos) << typed.status().message();
    auto missing = qs::importOrtProfile("/nonexistent/profile.json", nullptr);
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.status().code(), qs::StatusCode::IoError);
}

} // namespace

namespace {

TEST(ProfileReport, MarksTheRequantizationMulsOfADynamicModel)
{
    // ../shared/README.md: the FP32 YOLOv5nu has 70 Mul (SiLU); the dynamic INT8 one adds, per ConvInteger (76), a
    // Mul forming the scale and a Mul applying it: 222 = 70 + 2 x 76. Only those 152 are overhead.
    const auto modelPath = qs::test::sharedModel("yolov5nu_int8_dynamic_seed");
    QS_REQUIRE_SHARED(modelPath);
    auto model = qs::loadModel(modelPath);
    ASSERT_TRUE(model) << model.status().toString();
    const qs::Graph& g = (*model)->graph();
    qs::ProfileReport p;
    p.runs = 1;
    int64_t muls = 0;
    for (size_t i = 0; i < g.nodes().size(); ++i) {
        const qs::Node& n = g.nodes()[i];
        if (n.opType != "Mul" && n.opType != "Sigmoid")
            continue;
        qs::NodeProfile np;
        np.nodeName = n.name;
        np.opType = n.opType;
        np.nodeIndex = static_cast<int32_t>(i);
        np.calls = 1;
        np.totalMs = 1.0;
        p.nodes.push_back(np);
        muls += n.opType == "Mul" ? 1 : 0;
    }
    ASSERT_EQ(muls, 222);
    qs::finalizeProfile(p, model->get());
    int64_t overhead = 0;
    for (const auto& n : p.nodes)
        overhead += n.quantizationOverhead ? 1 : 0;
    EXPECT_EQ(overhead, 152);
    EXPECT_NEAR(p.quantOverheadMs, 152.0, 1e-9);
    EXPECT_NEAR(p.quantOverheadShare, 152.0 / (222 + 70), 1e-12);
    qs::finalizeProfile(p, nullptr); // without the model only op types count: Mul and Sigmoid are not overhead
    EXPECT_EQ(p.quantOverheadMs, 0);
}

} // namespace
