// SPDX-License-Identifier: MIT
// analyzeModel on the shared real models against ../shared/README.md and hand-computed layer MACs.
#include <quantscope/engine/analysis.h>
#include <quantscope/engine/model_loader.h>

#include <gtest/gtest.h>

#include <shared_data.h>

namespace {

struct Loaded
{
    std::shared_ptr<const qs::Model> model;
    qs::ModelAnalysis analysis;
};

Loaded loadShared(const char* name)
{
    auto r = qs::loadModel(qs::test::sharedModel(name));
    EXPECT_TRUE(r.isOk()) << r.status().toString();
    if (!r)
        return {};
    return { *r, qs::analyzeModel(**r) };
}

int64_t count(const std::map<std::string, int64_t>& m, const char* key)
{
    auto it = m.find(key);
    return it == m.end() ? 0 : it->second;
}

TEST(AnalysisShared, YoloV5nuInt8Dynamic)
{
    QS_REQUIRE_SHARED(qs::test::sharedModel("yolov5nu_int8_dynamic_seed"));
    const auto [m, a] = loadShared("yolov5nu_int8_dynamic_seed");
    ASSERT_TRUE(m);
    EXPECT_EQ(a.nodeCount, 703);
    EXPECT_EQ(count(a.opCounts, "DynamicQuantizeLinear"), 63);
    EXPECT_EQ(count(a.opCounts, "ConvInteger"), 76);
    EXPECT_EQ(a.format, qs::QuantFormat::Dynamic);
    EXPECT_EQ(count(a.boundaries, "DynamicQuantizeLinear"), 63);
    EXPECT_EQ(count(a.boundaries, "ConvInteger"), 76);
    EXPECT_EQ(a.boundaryNodeCount, 63 + 76);
    // One float->uint8 per DynamicQuantizeLinear, one uint8->int32 per ConvInteger, one int32->float per Cast.
    EXPECT_EQ(count(a.transitions, "float->uint8"), 63);
    EXPECT_EQ(count(a.transitions, "uint8->int32"), 76);
    EXPECT_EQ(count(a.transitions, "int32->float"), 76);
    EXPECT_EQ(a.crossingEdges.size(), 63u + 76u);
    // uint8 weights: one tensor and one zero point per ConvInteger.
    EXPECT_EQ(a.parametersByType.at("uint8").tensors, 2 * 76);
}

TEST(AnalysisShared, YoloV5nuFp32MatchesTheWriteUpAndTheInt8MacCount)
{
    QS_REQUIRE_SHARED(qs::test::sharedModel("yolov5nu_fp32_from_seed"));
    QS_REQUIRE_SHARED(qs::test::sharedModel("yolov5nu_int8_dynamic_seed"));
    const auto [m, a] = loadShared("yolov5nu_fp32_from_seed");
    ASSERT_TRUE(m);
    EXPECT_EQ(a.nodeCount, 262);
    const std::map<std::string, int64_t> expected { { "Conv", 76 }, { "Sigmoid", 70 }, { "Mul", 70 }, { "Concat", 19 },
        { "Add", 9 }, { "MaxPool", 3 }, { "Resize", 2 } };
    for (const auto& [op, n] : expected)
        EXPECT_EQ(count(a.opCounts, op.c_str()), n) << op;
    EXPECT_EQ(a.format, qs::QuantFormat::Fp32);
    EXPECT_TRUE(a.boundaries.empty());
    EXPECT_TRUE(a.crossingEdges.empty());
    ASSERT_TRUE(a.totalMacs.has_value());
    // The INT8 model is the same network: its ConvInteger MACs must equal the FP32 Conv MACs.
    const auto [mi, ai] = loadShared("yolov5nu_int8_dynamic_seed");
    ASSERT_TRUE(mi);
    EXPECT_EQ(ai.totalMacs, a.totalMacs);
}

TEST(AnalysisShared, ResNet18Fp32FirstConvAndTotal)
{
    QS_REQUIRE_SHARED(qs::test::sharedModel("resnet18_fp32"));
    const auto [m, a] = loadShared("resnet18_fp32");
    ASSERT_TRUE(m);
    EXPECT_EQ(a.nodeCount, 65);
    EXPECT_EQ(a.format, qs::QuantFormat::Fp32);
    const qs::Graph& g = m->graph();
    qs::NodeId first = qs::kNoNode;
    for (qs::NodeId id : g.topologicalOrder())
        if (first == qs::kNoNode && g.node(id).opType == "Conv")
            first = id;
    ASSERT_NE(first, qs::kNoNode);
    // 1x3x224x224 -> 64 channels, 7x7 stride 2 pad 3 -> 112x112: 64*112*112 outputs * 3*7*7 = 802816 * 147.
    EXPECT_EQ(a.nodes.at(static_cast<size_t>(first)).macs, 118013952);
    // ResNet-18's well-known ~1.81 GMACs at 224x224.
    ASSERT_TRUE(a.totalMacs.has_value());
    EXPECT_GT(*a.totalMacs, 1'800'000'000);
    EXPECT_LT(*a.totalMacs, 1'830'000'000);
    EXPECT_EQ(count(a.opCounts, "Conv"), 20);
    EXPECT_EQ(count(a.opCounts, "Gemm"), 1);
    // torchvision counts 11,689,512 parameters; the export folds BatchNorm into the convs and PyTorch shares
    // identical initializers (the all-zero folded biases of same-sized layers), so the file holds a few less.
    EXPECT_GT(a.parameterCount, 11'600'000);
    EXPECT_LT(a.parameterCount, 11'689'512);
}

TEST(AnalysisShared, ResNet18QdqTorch)
{
    QS_REQUIRE_SHARED(qs::test::sharedModel("resnet18_int8_qdq_torch"));
    QS_REQUIRE_SHARED(qs::test::sharedModel("resnet18_fp32"));
    const auto [m, a] = loadShared("resnet18_int8_qdq_torch");
    ASSERT_TRUE(m);
    EXPECT_EQ(a.nodeCount, 511);
    EXPECT_EQ(count(a.opCounts, "QuantizeLinear"), 33);
    EXPECT_EQ(count(a.opCounts, "DequantizeLinear"), 83);
    EXPECT_EQ(a.format, qs::QuantFormat::Qdq);
    EXPECT_EQ(count(a.boundaries, "QuantizeLinear"), 33);
    EXPECT_EQ(count(a.boundaries, "DequantizeLinear"), 83);
    EXPECT_EQ(count(a.transitions, "float->uint8"), 33); // one per activation QuantizeLinear
    // int8 parameters: torchvision's 11,689,512 minus BatchNorm's 9,600 affine parameters and the FC's 1,000 bias
    // (biases are int32 here) = 11,678,912 weights, plus one int8 zero point per output channel (4,800 conv + 1,000
    // FC channels) = 11,684,712; the int32 biases are those 5,800 channels.
    EXPECT_EQ(a.parametersByType.at("int8").elements, 11'684'712);
    EXPECT_EQ(a.parametersByType.at("int32").elements, 5'800);
    // Same network as resnet18_fp32: the float Convs between DQ and Q carry the same MACs.
    const auto [mf, af] = loadShared("resnet18_fp32");
    ASSERT_TRUE(mf);
    EXPECT_EQ(a.totalMacs, af.totalMacs);
}

TEST(AnalysisShared, MobileNetV2DepthwiseConv)
{
    QS_REQUIRE_SHARED(qs::test::sharedModel("mobilenet_v2_fp32"));
    const auto [m, a] = loadShared("mobilenet_v2_fp32");
    ASSERT_TRUE(m);
    EXPECT_EQ(a.nodeCount, 209);
    EXPECT_EQ(a.format, qs::QuantFormat::Fp32);
    // The second conv of MobileNetV2 is depthwise: 32 groups of one channel, 3x3, on 112x112:
    // 32*112*112 outputs * (1*3*3) = 3,612,672 MACs.
    const qs::Graph& g = m->graph();
    int convs = 0;
    for (qs::NodeId id : g.topologicalOrder()) {
        if (g.node(id).opType != "Conv" || ++convs != 2)
            continue;
        EXPECT_EQ(g.node(id).attrInt("group", 1), 32);
        EXPECT_EQ(a.nodes.at(static_cast<size_t>(id)).macs, 3612672);
    }
    EXPECT_EQ(convs, 52);
    // MobileNetV2 (1.0, 224): about 300 MMACs in the paper's table.
    ASSERT_TRUE(a.totalMacs.has_value());
    EXPECT_NEAR(static_cast<double>(*a.totalMacs), 300e6, 10e6);
}

} // namespace
