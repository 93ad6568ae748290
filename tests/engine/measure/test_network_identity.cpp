// SPDX-License-Identifier: MIT
// Whether an FP32 and a quantized model are the same network (network_identity.h). The truth is the models' origin:
// the pairs in ../shared were quantized from their FP32 partner (../shared/README.md), so they must match; ResNet-18
// and MnasNet 0.5 are different torchvision architectures with identical inputs and outputs (1x3x224x224 -> 1x1000),
// and ResNet-18 has 20 convolutions (stem, 16 in the basic blocks, 3 downsampling projections) against MnasNet's 52.
#include "crafted_run.h"
#include "shared_data.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/network_identity.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/verdict.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using qs::test::sharedModel;

qs::ModelRecord recordOf(const char* caseName)
{
    auto model = qs::loadModel(sharedModel(caseName));
    EXPECT_TRUE(model.isOk()) << model.status().toString();
    if (!model.isOk())
        return {};
    auto record = qs::makeModelRecord(**model);
    EXPECT_TRUE(record.isOk()) << record.status().toString();
    return record.isOk() ? *record : qs::ModelRecord {};
}

std::string describe(const qs::NetworkMatch& m)
{
    std::string out;
    for (const auto& d : m.differences)
        out += d.kind + ": " + d.text + "\n";
    return out;
}

const qs::NetworkDifference* find(const qs::NetworkMatch& m, const std::string& kind)
{
    for (const auto& d : m.differences)
        if (d.kind == kind)
            return &d;
    return nullptr;
}

struct Pair
{
    const char* fp32;
    const char* int8;
};

class SharedPairs : public testing::TestWithParam<Pair>
{
};

TEST_P(SharedPairs, QuantizationOfTheSameNetworkMatches)
{
    QS_REQUIRE_SHARED(sharedModel(GetParam().fp32));
    QS_REQUIRE_SHARED(sharedModel(GetParam().int8));
    const qs::ModelRecord b = recordOf(GetParam().fp32);
    const qs::ModelRecord q = recordOf(GetParam().int8);
    ASSERT_TRUE(b.network && q.network);
    EXPECT_FALSE(b.network->layers.empty());
    const qs::NetworkMatch m = qs::matchNetworks(b, q);
    EXPECT_TRUE(m.known);
    EXPECT_TRUE(m.same()) << describe(m);
}

INSTANTIATE_TEST_SUITE_P(NetworkIdentity, SharedPairs,
    testing::Values(Pair { "yolov5nu_fp32_from_seed", "yolov5nu_int8_dynamic_seed" },
        Pair { "resnet18_fp32", "resnet18_int8_qdq_torch" },
        Pair { "mobilenet_v3_large_fp32", "mobilenet_v3_large_int8_qdq_torch" },
        Pair { "mnasnet0_5_fp32", "mnasnet0_5_int8_qdq_torch" },
        Pair { "transformer_encoder_fp32", "transformer_encoder_int8_dynamic" }),
    [](const testing::TestParamInfo<Pair>& info) {
        std::string name = info.param.int8;
        std::replace_if(
            name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
        return name;
    });

TEST(NetworkIdentity, SameInputsAndOutputsButAnotherArchitectureDiffers)
{
    QS_REQUIRE_SHARED(sharedModel("resnet18_fp32"));
    QS_REQUIRE_SHARED(sharedModel("mnasnet0_5_int8_qdq_torch"));
    const qs::ModelRecord b = recordOf("resnet18_fp32");
    const qs::ModelRecord q = recordOf("mnasnet0_5_int8_qdq_torch");
    const qs::NetworkMatch m = qs::matchNetworks(b, q);
    ASSERT_TRUE(m.known);
    EXPECT_FALSE(m.same());
    // The hard part: nothing at the boundary gives it away.
    EXPECT_EQ(find(m, "inputs"), nullptr) << describe(m);
    EXPECT_EQ(find(m, "outputs"), nullptr) << describe(m);
    const qs::NetworkDifference* convs = nullptr;
    for (const auto& d : m.differences)
        if (d.kind == "layer-count" && std::get<std::string>(d.args.at("op")) == "Conv")
            convs = &d;
    ASSERT_NE(convs, nullptr) << describe(m);
    EXPECT_EQ(std::get<int64_t>(convs->args.at("baselineCount")), 20);
    EXPECT_EQ(std::get<int64_t>(convs->args.at("candidateCount")), 52);
}

TEST(NetworkIdentity, DifferentInputsAreNamed)
{
    QS_REQUIRE_SHARED(sharedModel("resnet18_fp32"));
    QS_REQUIRE_SHARED(sharedModel("yolov5nu_int8_dynamic_seed"));
    const qs::NetworkMatch m = qs::matchNetworks(recordOf("resnet18_fp32"), recordOf("yolov5nu_int8_dynamic_seed"));
    const qs::NetworkDifference* in = find(m, "inputs");
    ASSERT_NE(in, nullptr) << describe(m);
    EXPECT_EQ(std::get<std::string>(in->args.at("baseline")), "input[1x3x224x224]");
    EXPECT_EQ(std::get<std::string>(in->args.at("candidate")), "images[1x3x640x640]");
}

// A crafted run whose two models carry signatures of two different networks.
qs::RunRecord mismatchedRun()
{
    qs::RunRecord r;
    r.machine = qs::test::craftedMachine(true);
    qs::ModelRecord b = qs::test::craftedFp32Model();
    qs::ModelRecord q = qs::test::craftedDynamicInt8Model();
    b.network = qs::NetworkSignature { { "input[1x3x224x224]" }, { "output[1x1000]" },
        { "Conv 64x3x7x7", "Conv 64x64x3x3", "Gemm 1000x512" }, { { "Relu", 2 } } };
    q.network = qs::NetworkSignature { { "input[1x3x224x224]" }, { "output[1x1000]" },
        { "Conv 16x3x3x3", "Conv 16x1x3x3", "Conv 8x16x1x1", "Gemm 1000x1280" }, { { "Relu", 2 } } };
    r.models = { b, q };
    r.config.threads = { 1 };
    r.config.modes = { qs::ExecutionMode::Optimized };
    r.scenarios = { qs::test::craftedScenario(
                        b.id, 1, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(10, 0.1, 20)),
        qs::test::craftedScenario(q.id, 1, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(12, 0.1, 20)) };
    return r;
}

TEST(NetworkIdentity, DifferentNetworksGetNoVerdict)
{
    qs::RunRecord r = mismatchedRun();
    r.comparisons = qs::compareModels(r);
    r.findings = qs::diagnoseRun(r);
    EXPECT_TRUE(r.comparisons.empty());
    EXPECT_EQ(qs::verdictOf(r).id, "different-networks");
    ASSERT_FALSE(r.findings.empty());
    EXPECT_EQ(r.findings.front().id, "different-networks");
    EXPECT_EQ(r.findings.front().severity, qs::FindingSeverity::Critical);
    // Conv 2 vs 3 layers, then the first differing weight of the same op.
    ASSERT_TRUE(r.findings.front().hasStructuredEvidence());
    EXPECT_EQ(r.findings.front().evidenceLines.front().kind, "layer-count");
    // No finding compares the two (op-count growth would be about two unrelated graphs).
    for (const auto& f : r.findings)
        EXPECT_NE(f.id, "op-count-growth");
}

TEST(NetworkIdentity, OverrideComparesAndWarns)
{
    qs::RunRecord r = mismatchedRun();
    r.config.allowDifferentNetworks = true;
    r.comparisons = qs::compareModels(r);
    r.findings = qs::diagnoseRun(r);
    ASSERT_EQ(r.comparisons.size(), 1u);
    const qs::Verdict v = qs::verdictOf(r);
    EXPECT_EQ(v.id.rfind("slower", 0), 0u) << v.id;
    // The mismatch stays visible as a warning and is never the verdict's "because".
    EXPECT_NE(v.cause ? v.cause->id : std::string(), "different-networks");
    bool warned = false;
    for (const auto& f : r.findings)
        warned = warned || (f.id == "different-networks" && f.severity == qs::FindingSeverity::Warning);
    EXPECT_TRUE(warned);
}

TEST(NetworkIdentity, RunFileKeepsSignatureAndOverride)
{
    qs::RunRecord r = mismatchedRun();
    r.config.allowDifferentNetworks = true;
    auto back = qs::runRecordFromJson(qs::runRecordToJson(r), "run.json");
    ASSERT_TRUE(back.isOk()) << back.status().toString();
    ASSERT_TRUE(back->models[0].network.has_value());
    EXPECT_EQ(back->models[0].network->layers, r.models[0].network->layers);
    EXPECT_EQ(back->models[1].network->floatOps, r.models[1].network->floatOps);
    EXPECT_TRUE(back->config.allowDifferentNetworks);
}

TEST(NetworkIdentity, RecordsWithoutSignatureAreStillCompared)
{
    // Run files before format 1.2 have no signature: nothing is known, nothing is refused.
    qs::RunRecord r = mismatchedRun();
    for (auto& m : r.models)
        m.network.reset();
    EXPECT_EQ(qs::compareModels(r).size(), 1u);
}

TEST(Verdict, FailedRunBlamesTheRunNotThePair)
{
    qs::RunRecord r = mismatchedRun();
    r.models[1].network = r.models[0].network;
    r.scenarios[1].status = qs::ScenarioStatus::Failed;
    r.scenarios[1].error = "invalid argument: a shape was given for 'x', which is not an input";
    r.scenarios[1].latenciesMs.clear();
    r.comparisons = qs::compareModels(r);
    const qs::Verdict v = qs::verdictOf(r);
    EXPECT_EQ(v.id, "run-failed");
    EXPECT_EQ(std::get<std::string>(v.args.at("error")), r.scenarios[1].error);
    EXPECT_EQ(std::get<std::string>(v.args.at("model")), r.models[1].id);
}

TEST(Verdict, FollowsTheRequestedSetting)
{
    qs::RunRecord r = mismatchedRun();
    r.models[1].network = r.models[0].network;
    // 1 thread: INT8 slower; as-written: INT8 faster.
    r.scenarios.push_back(qs::test::craftedScenario(
        r.models[0].id, 1, qs::ExecutionMode::AsWritten, qs::test::craftedLatencies(30, 0.1, 20)));
    r.scenarios.push_back(qs::test::craftedScenario(
        r.models[1].id, 1, qs::ExecutionMode::AsWritten, qs::test::craftedLatencies(15, 0.1, 20)));
    r.comparisons = qs::compareModels(r);
    ASSERT_EQ(r.comparisons.size(), 2u);
    EXPECT_EQ(qs::verdictOf(r, 1, qs::ExecutionMode::AsWritten).id, "faster");
    EXPECT_EQ(qs::verdictOf(r, 1, qs::ExecutionMode::AsWritten).comparison->mode, qs::ExecutionMode::AsWritten);
    EXPECT_NE(qs::verdictOf(r, 1, qs::ExecutionMode::Optimized).id, "faster");
    EXPECT_EQ(qs::verdictOf(r, 4, qs::ExecutionMode::Optimized).id, "no-comparison");
}

} // namespace
