// SPDX-License-Identifier: MIT
// analyzeModel on small hand-built graphs whose counts and MACs are worked out by hand in the comments.
#include "onnx_builder.h"

#include <quantscope/engine/analysis.h>
#include <quantscope/engine/model_loader.h>

#include <gtest/gtest.h>

namespace {

using namespace qs::test;
constexpr int32_t kFloat = onnx::TensorProto_DataType_FLOAT;
constexpr int32_t kUInt8 = onnx::TensorProto_DataType_UINT8;
constexpr int32_t kInt8 = onnx::TensorProto_DataType_INT8;

std::shared_ptr<const qs::Model> load(const ModelBuilder& b)
{
    auto r = qs::loadModelFromBytes(b.serialize(), "small.onnx");
    EXPECT_TRUE(r.isOk()) << r.status().toString();
    return r ? *r : nullptr;
}

std::optional<int64_t> macsOf(const qs::Model& m, const qs::ModelAnalysis& a, const char* node)
{
    return a.nodes.at(static_cast<size_t>(*m.graph().findNode(node))).macs;
}

TEST(AnalysisMacs, FloatFamilyByHand)
{
    ModelBuilder b;
    auto& g = b.graph();
    g.input("x", kFloat, { 1, 3, 8, 8 });
    g.floatInitializer("w1", { 4, 3, 3, 3 }, std::vector<float>(108, 0.1f));
    g.floatInitializer("w2", { 4, 2, 2, 2 }, std::vector<float>(32, 0.1f));
    g.floatInitializer("w3", { 512, 10 }, std::vector<float>(5120, 0.1f));
    g.floatInitializer("w4", { 10, 6 }, std::vector<float>(60, 0.1f));
    setAttr(g.node("Conv", { "x", "w1" }, { "c1" }, "conv"), "pads", { 1, 1, 1, 1 }); // -> 1x4x8x8
    setAttr(g.node("ConvTranspose", { "c1", "w2" }, { "c2" }, "deconv"), "strides", { 2, 2 }); // -> 1x2x16x16
    g.node("Flatten", { "c2" }, { "f" }, "flatten"); // -> 1x512
    g.node("Gemm", { "f", "w3" }, { "gm" }, "gemm"); // -> 1x10
    g.node("MatMul", { "gm", "w4" }, { "y" }, "matmul"); // -> 1x6
    g.output("y", kFloat);
    auto m = load(b);
    ASSERT_TRUE(m);
    const qs::ModelAnalysis a = qs::analyzeModel(*m);
    EXPECT_EQ(macsOf(*m, a, "conv"), 1 * 4 * 8 * 8 * (3 * 3 * 3)); // 6912
    EXPECT_EQ(macsOf(*m, a, "deconv"), (1 * 4 * 8 * 8) * (2 * 2 * 2)); // each input scattered to 2x2x2: 2048
    EXPECT_EQ(macsOf(*m, a, "gemm"), 1 * 10 * 512); // 5120
    EXPECT_EQ(macsOf(*m, a, "matmul"), 1 * 6 * 10); // 60
    EXPECT_EQ(macsOf(*m, a, "flatten"), std::nullopt);
    EXPECT_EQ(a.totalMacs, 6912 + 2048 + 5120 + 60);
    EXPECT_EQ(a.format, qs::QuantFormat::Fp32);
    EXPECT_TRUE(a.boundaries.empty());
    EXPECT_TRUE(a.transitions.empty());
    EXPECT_EQ(a.parameterCount, 108 + 32 + 5120 + 60);
    EXPECT_EQ(a.parametersByType.at("float").bytes, 4 * (108 + 32 + 5120 + 60));
    EXPECT_EQ(a.categoryCounts.at("shape_layout"), 1);
    EXPECT_EQ(a.categoryCounts.at("float_compute"), 4);
}

TEST(AnalysisMacs, GroupedStridedConvTransposedGemmAndBatchedMatMul)
{
    ModelBuilder b;
    auto& g = b.graph();
    g.input("x", kFloat, { 2, 8, 9, 9 });
    g.input("a", kFloat, { 7, 3 }); // Gemm with transA: A^T is 3x7, so K = 7
    g.input("p", kFloat, { 2, 3, 4 });
    g.floatInitializer("w", { 8, 2, 3, 3 }, std::vector<float>(144, 0.1f));
    g.floatInitializer("bm", { 7, 5 }, std::vector<float>(35, 0.1f));
    g.floatInitializer("q", { 4, 5 }, std::vector<float>(20, 0.1f));
    auto& conv = g.node("Conv", { "x", "w" }, { "c" }, "gconv");
    setAttr(conv, "group", int64_t(4));
    setAttr(conv, "strides", { 2, 2 }); // 9x9, k3, no pad, s2 -> 4x4
    setAttr(g.node("Gemm", { "a", "bm" }, { "gm" }, "gemm_t"), "transA", int64_t(1)); // -> 3x5
    g.node("MatMul", { "p", "q" }, { "pq" }, "bmm"); // -> 2x3x5
    g.output("c", kFloat);
    g.output("gm", kFloat);
    g.output("pq", kFloat);
    auto m = load(b);
    ASSERT_TRUE(m);
    const qs::ModelAnalysis a = qs::analyzeModel(*m);
    EXPECT_EQ(macsOf(*m, a, "gconv"), 2 * 8 * 4 * 4 * (2 * 3 * 3)); // C/group = 2 inputs per output: 4608
    EXPECT_EQ(macsOf(*m, a, "gemm_t"), 3 * 5 * 7); // 105
    EXPECT_EQ(macsOf(*m, a, "bmm"), 2 * 3 * 5 * 4); // 120
}

/// ORT quantize_dynamic's pattern for one Conv: DynamicQuantizeLinear -> ConvInteger -> Cast -> Mul(scale product).
TEST(AnalysisFormat, DynamicPatternCountsBoundariesAndTransitions)
{
    ModelBuilder b(13);
    auto& g = b.graph();
    g.input("x", kFloat, { 1, 3, 8, 8 });
    g.rawInitializer<uint8_t>("w", kUInt8, { 4, 3, 3, 3 }, std::vector<uint8_t>(108, 7));
    g.rawInitializer<uint8_t>("w_zp", kUInt8, {}, { 128 });
    g.floatInitializer("w_scale", {}, { 0.01f });
    g.node("DynamicQuantizeLinear", { "x" }, { "xq", "xs", "xz" }, "dql");
    setAttr(g.node("ConvInteger", { "xq", "w", "xz", "w_zp" }, { "acc" }, "convi"), "pads", { 1, 1, 1, 1 });
    setAttr(g.node("Cast", { "acc" }, { "accf" }, "cast"), "to", int64_t(kFloat));
    g.node("Mul", { "xs", "w_scale" }, { "scale" }, "scale_mul");
    g.node("Mul", { "accf", "scale" }, { "y" }, "out_mul");
    g.output("y", kFloat);
    auto m = load(b);
    ASSERT_TRUE(m);
    const qs::ModelAnalysis a = qs::analyzeModel(*m);
    EXPECT_EQ(a.format, qs::QuantFormat::Dynamic);
    EXPECT_EQ(a.boundaries, (std::map<std::string, int64_t> { { "ConvInteger", 1 }, { "DynamicQuantizeLinear", 1 } }));
    EXPECT_EQ(a.boundaryNodeCount, 2);
    // x -> DQL (float->uint8), xq -> ConvInteger (uint8->int32), acc -> Cast (int32->float). The zero-point edge
    // xz and the constant weight are not data edges.
    EXPECT_EQ(a.transitions,
        (std::map<std::string, int64_t> { { "float->uint8", 1 }, { "uint8->int32", 1 }, { "int32->float", 1 } }));
    ASSERT_EQ(a.crossingEdges.size(), 2u);
    const auto& g2 = m->graph();
    EXPECT_EQ(a.crossingEdges[0].consumer, *g2.findNode("dql"));
    EXPECT_EQ(a.crossingEdges[0].producer, qs::kNoNode); // graph input
    EXPECT_EQ(a.crossingEdges[1].producer, *g2.findNode("convi"));
    EXPECT_EQ(a.crossingEdges[1].from, qs::DataType::Int32);
    EXPECT_EQ(a.crossingEdges[1].to, qs::DataType::Float);
    EXPECT_EQ(macsOf(*m, a, "convi"), 1 * 4 * 8 * 8 * 27); // same as the float Conv
    EXPECT_EQ(a.nodes.at(1).category, qs::NodeCategory::IntegerCompute);
    EXPECT_EQ(a.parametersByType.at("uint8").elements, 109);
    EXPECT_EQ(a.parametersByType.at("float").tensors, 1);
}

TEST(AnalysisFormat, QdqAroundAConv)
{
    ModelBuilder b(13);
    auto& g = b.graph();
    g.input("x", kFloat, { 1, 3, 8, 8 });
    g.floatInitializer("s", {}, { 0.05f });
    g.rawInitializer<uint8_t>("zp", kUInt8, {}, { 128 });
    g.rawInitializer<int8_t>("wq", kInt8, { 4, 3, 1, 1 }, std::vector<int8_t>(12, 3));
    g.rawInitializer<int8_t>("wzp", kInt8, {}, { 0 });
    g.node("QuantizeLinear", { "x", "s", "zp" }, { "xq" }, "q");
    g.node("DequantizeLinear", { "xq", "s", "zp" }, { "xd" }, "dq");
    g.node("DequantizeLinear", { "wq", "s", "wzp" }, { "wd" }, "dq_w");
    g.node("Conv", { "xd", "wd" }, { "y" }, "conv");
    g.output("y", kFloat);
    auto m = load(b);
    ASSERT_TRUE(m);
    const qs::ModelAnalysis a = qs::analyzeModel(*m);
    EXPECT_EQ(a.format, qs::QuantFormat::Qdq);
    EXPECT_EQ(a.boundaries, (std::map<std::string, int64_t> { { "DequantizeLinear", 2 }, { "QuantizeLinear", 1 } }));
    // The weight's DequantizeLinear reads a constant: not a run-time transition.
    EXPECT_EQ(a.transitions, (std::map<std::string, int64_t> { { "float->uint8", 1 }, { "uint8->float", 1 } }));
    EXPECT_EQ(a.crossingEdges.size(), 2u);
    EXPECT_EQ(macsOf(*m, a, "conv"), 4 * 8 * 8 * 3);
}

/// QOperator: Q at the input, QLinearConv, QLinearMatMul, DQ at the output. The Q/DQ pair alone is not QDQ.
TEST(AnalysisFormat, QOperatorWithQLinearConvAndMatMul)
{
    ModelBuilder b(13);
    auto& g = b.graph();
    g.input("x", kFloat, { 1, 3, 4, 4 });
    g.floatInitializer("s", {}, { 0.05f });
    g.rawInitializer<uint8_t>("zp", kUInt8, {}, { 128 });
    g.rawInitializer<uint8_t>("w", kUInt8, { 2, 3, 3, 3 }, std::vector<uint8_t>(54, 130));
    g.rawInitializer<uint8_t>("b", kUInt8, { 4, 5 }, std::vector<uint8_t>(20, 129));
    g.rawInitializer<int64_t>("shape", onnx::TensorProto_DataType_INT64, { 2 }, { 8, 4 });
    g.node("QuantizeLinear", { "x", "s", "zp" }, { "xq" }, "q");
    setAttr(g.node("QLinearConv", { "xq", "s", "zp", "w", "s", "zp", "s", "zp" }, { "cq" }, "qconv"), "pads",
        { 1, 1, 1, 1 }); // -> 1x2x4x4
    g.node("Reshape", { "cq", "shape" }, { "r" }, "reshape"); // -> 8x4
    g.node("QLinearMatMul", { "r", "s", "zp", "b", "s", "zp", "s", "zp" }, { "mq" }, "qmm"); // -> 8x5
    g.node("DequantizeLinear", { "mq", "s", "zp" }, { "y" }, "dq");
    g.output("y", kFloat);
    auto m = load(b);
    ASSERT_TRUE(m);
    const qs::ModelAnalysis a = qs::analyzeModel(*m);
    EXPECT_EQ(a.format, qs::QuantFormat::QOperator);
    EXPECT_EQ(a.boundaries.at("QLinearConv"), 1);
    EXPECT_EQ(a.boundaries.at("QLinearMatMul"), 1);
    EXPECT_EQ(a.boundaryNodeCount, 4);
    EXPECT_EQ(macsOf(*m, a, "qconv"), 2 * 4 * 4 * 27); // 864
    EXPECT_EQ(macsOf(*m, a, "qmm"), 8 * 5 * 4); // 160
    EXPECT_EQ(a.transitions, (std::map<std::string, int64_t> { { "float->uint8", 1 }, { "uint8->float", 1 } }));
}

/// com.microsoft ops have no schema in libonnx, so their output shapes come from value_info here.
TEST(AnalysisMacs, MicrosoftQuantizedOps)
{
    ModelBuilder b(13);
    b.opset("com.microsoft", 1);
    auto& g = b.graph();
    g.input("a", kUInt8, { 2, 8 });
    g.input("af", kFloat, { 2, 8 });
    g.input("qa", kUInt8, { 4, 8 });
    g.rawInitializer<uint8_t>("bw", kUInt8, { 8, 3 }, std::vector<uint8_t>(24, 1));
    g.rawInitializer<int8_t>("bi", kInt8, { 8, 3 }, std::vector<int8_t>(24, 1));
    g.rawInitializer<uint8_t>("qb", kUInt8, { 5, 8 }, std::vector<uint8_t>(40, 1));
    g.floatInitializer("s", {}, { 0.1f });
    g.rawInitializer<uint8_t>("zp", kUInt8, {}, { 0 });
    g.node("MatMulIntegerToFloat", { "a", "bw", "s", "s" }, { "y1" }, "mmitf", "com.microsoft");
    g.node("DynamicQuantizeMatMul", { "af", "bi", "s" }, { "y2" }, "dqmm", "com.microsoft");
    setAttr(g.node("QGemm", { "qa", "s", "zp", "qb", "s", "zp", "", "s", "zp" }, { "y3" }, "qgemm", "com.microsoft"),
        "transB", int64_t(1));
    g.valueInfo("y1", kFloat, { 2, 3 });
    g.valueInfo("y2", kFloat, { 2, 3 });
    g.valueInfo("y3", kUInt8, { 4, 5 });
    g.output("y1", kFloat);
    g.output("y2", kFloat);
    g.output("y3", kUInt8);
    auto m = load(b);
    ASSERT_TRUE(m);
    const qs::ModelAnalysis a = qs::analyzeModel(*m);
    EXPECT_EQ(macsOf(*m, a, "mmitf"), 2 * 3 * 8);
    EXPECT_EQ(macsOf(*m, a, "dqmm"), 2 * 3 * 8);
    EXPECT_EQ(macsOf(*m, a, "qgemm"), 4 * 5 * 8);
    EXPECT_EQ(a.domainCounts.at("com.microsoft"), 3);
    EXPECT_EQ(a.boundaries.at("com.microsoft.QGemm"), 1);
    EXPECT_EQ(a.nodes.at(2).category, qs::NodeCategory::QLinear);
    EXPECT_EQ(a.nodes.at(0).category, qs::NodeCategory::IntegerCompute);
    // Integer compute and QGemm together: two kinds of quantization in one model.
    EXPECT_EQ(a.format, qs::QuantFormat::Mixed);
    // uint8 a -> float y1 and float af -> float y2 (no change) and uint8 -> uint8 (no change).
    EXPECT_EQ(a.transitions, (std::map<std::string, int64_t> { { "uint8->float", 1 } }));
}

TEST(AnalysisMacs, UnknownShapesLeaveTheTotalUnknown)
{
    ModelBuilder b;
    auto& g = b.graph();
    g.input("x", kFloat, { "N", 4 });
    g.input("z", kFloat, { 2, 3 });
    g.floatInitializer("w", { 4, 2 }, std::vector<float>(8, 1.0f));
    g.floatInitializer("v", { 3, 3 }, std::vector<float>(9, 1.0f));
    g.node("MatMul", { "x", "w" }, { "y" }, "free");
    g.node("MatMul", { "z", "v" }, { "u" }, "fixed");
    g.output("y", kFloat);
    g.output("u", kFloat);
    auto m = load(b);
    ASSERT_TRUE(m);
    const qs::ModelAnalysis a = qs::analyzeModel(*m);
    EXPECT_EQ(macsOf(*m, a, "free"), std::nullopt);
    EXPECT_EQ(macsOf(*m, a, "fixed"), 2 * 3 * 3);
    EXPECT_EQ(a.totalMacs, std::nullopt);
    EXPECT_EQ(a.macsKnown, 18);
    EXPECT_EQ(a.macNodesUnknown, 1);
}

TEST(AnalysisNames, FormatAndCategoryNames)
{
    EXPECT_EQ(qs::quantFormatName(qs::QuantFormat::QOperator), "qoperator");
    EXPECT_EQ(qs::quantFormatName(qs::QuantFormat::Mixed), "mixed");
    EXPECT_EQ(qs::nodeCategoryName(qs::NodeCategory::DynamicQuantize), "dynamic_quantize");
    EXPECT_EQ(qs::precisionDomainOf(qs::DataType::Int64), qs::PrecisionDomain::Other);
    EXPECT_EQ(qs::precisionDomainOf(qs::DataType::Float16), qs::PrecisionDomain::Float);
    EXPECT_TRUE(qs::isQuantizationBoundary(qs::NodeCategory::IntegerCompute));
    EXPECT_FALSE(qs::isQuantizationBoundary(qs::NodeCategory::ShapeLayout));
}

} // namespace

namespace {

TEST(AnalysisFormat, QdqAroundNonMacOpsAndMixedWithDynamic)
{
    {
        // Q/DQ around an Add only: no QLinear or dynamic nodes, so still qdq.
        ModelBuilder b(13);
        auto& g = b.graph();
        g.input("x", kFloat, { 4 });
        g.floatInitializer("s", {}, { 0.1f });
        g.rawInitializer<int8_t>("zp", kInt8, {}, { 0 });
        g.node("QuantizeLinear", { "x", "s", "zp" }, { "xq" }, "q");
        g.node("DequantizeLinear", { "xq", "s", "zp" }, { "xd" }, "dq");
        g.node("Add", { "xd", "x" }, { "y" }, "add");
        g.output("y", kFloat);
        auto m = load(b);
        ASSERT_TRUE(m);
        const qs::ModelAnalysis a = qs::analyzeModel(*m);
        EXPECT_EQ(a.format, qs::QuantFormat::Qdq);
        EXPECT_EQ(a.transitions, (std::map<std::string, int64_t> { { "float->int8", 1 }, { "int8->float", 1 } }));
    }
    {
        // A dynamic MatMulInteger next to a QDQ MatMul: mixed.
        ModelBuilder b(13);
        auto& g = b.graph();
        g.input("x", kFloat, { 2, 4 });
        g.floatInitializer("s", {}, { 0.1f });
        g.rawInitializer<uint8_t>("zp", kUInt8, {}, { 128 });
        g.rawInitializer<uint8_t>("w", kUInt8, { 4, 3 }, std::vector<uint8_t>(12, 130));
        g.node("DynamicQuantizeLinear", { "x" }, { "xq", "xs", "xz" }, "dql");
        g.node("MatMulInteger", { "xq", "w", "xz", "zp" }, { "acc" }, "mmi");
        g.node("DequantizeLinear", { "w", "s", "zp" }, { "wd" }, "dq_w");
        g.node("MatMul", { "x", "wd" }, { "y" }, "mm");
        g.output("acc", onnx::TensorProto_DataType_INT32);
        g.output("y", kFloat);
        auto m = load(b);
        ASSERT_TRUE(m);
        const qs::ModelAnalysis a = qs::analyzeModel(*m);
        EXPECT_EQ(a.format, qs::QuantFormat::Mixed);
        EXPECT_EQ(macsOf(*m, a, "mmi"), 2 * 3 * 4);
        EXPECT_EQ(macsOf(*m, a, "mm"), 2 * 3 * 4);
        // x -> DQL (float->uint8), xq -> MatMulInteger (uint8->int32); the weight DQ reads a constant.
        EXPECT_EQ(a.transitions, (std::map<std::string, int64_t> { { "float->uint8", 1 }, { "uint8->int32", 1 } }));
    }
}

TEST(AnalysisParams, ConstantNodeValuesCountAndAreNotDataEdges)
{
    ModelBuilder b(13);
    auto& g = b.graph();
    g.input("x", kFloat, { 3 });
    auto& c = g.node("Constant", {}, { "k" }, "const");
    auto* attr = addAttr(c, "value");
    attr->set_type(onnx::AttributeProto_AttributeType_TENSOR);
    auto* t = attr->mutable_t();
    t->set_data_type(kInt8);
    t->add_dims(3);
    t->set_raw_data(std::string("\x01\x02\x03", 3));
    g.floatInitializer("s", {}, { 0.5f });
    g.node("DequantizeLinear", { "k", "s" }, { "kd" }, "dq");
    g.node("Add", { "x", "kd" }, { "y" }, "add");
    g.output("y", kFloat);
    auto m = load(b);
    ASSERT_TRUE(m);
    const qs::ModelAnalysis a = qs::analyzeModel(*m);
    EXPECT_EQ(a.parametersByType.at("int8").elements, 3);
    EXPECT_EQ(a.parametersByType.at("float").elements, 1);
    EXPECT_EQ(a.parameterBytes, 3 + 4);
    EXPECT_TRUE(a.transitions.empty()); // the only int8->float edge reads a constant
    EXPECT_TRUE(a.crossingEdges.empty());
}

} // namespace
