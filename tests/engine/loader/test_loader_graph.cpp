// SPDX-License-Identifier: MIT
// Opset imports per domain, value_info, free dimensions with --input-shape binding, and If/Loop/Scan subgraphs.
#include "loader_test_util.h"

#include <quantscope/engine/analysis.h>

namespace {

using namespace qs::test;
constexpr int32_t kFloat = onnx::TensorProto_DataType_FLOAT;

TEST(LoaderGraph, OpsetImportsPerDomain)
{
    ModelBuilder b(17);
    b.opset("com.microsoft", 1);
    b.graph().input("a", onnx::TensorProto_DataType_UINT8, { 2, 8 });
    b.graph().rawInitializer<uint8_t>("b", onnx::TensorProto_DataType_UINT8, { 8, 3 }, std::vector<uint8_t>(24, 1));
    b.graph().floatInitializer("sa", {}, { 0.5f });
    b.graph().floatInitializer("sb", {}, { 0.25f });
    b.graph().node("MatMulIntegerToFloat", { "a", "b", "sa", "sb" }, { "y" }, "mm", "com.microsoft");
    b.graph().node("Relu", { "y" }, { "z" }, "relu");
    b.graph().output("z", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const qs::Model& m = **r;
    EXPECT_EQ(m.opsetVersion(""), 17);
    EXPECT_EQ(m.opsetVersion("ai.onnx"), 17);
    EXPECT_EQ(m.opsetVersion("com.microsoft"), 1);
    EXPECT_EQ(m.opsetVersion("ai.onnx.ml"), 0);
    const auto& g = m.graph();
    const qs::Node& mm = g.node(*g.findNode("mm"));
    EXPECT_EQ(mm.domain, "com.microsoft");
    EXPECT_EQ(mm.opsetVersion, 1);
    EXPECT_EQ(mm.describe(), "'mm' (com.microsoft.MatMulIntegerToFloat)");
    EXPECT_EQ(g.node(*g.findNode("relu")).opsetVersion, 17);
}

TEST(LoaderGraph, AiOnnxSpelledOutIsTheDefaultDomain)
{
    ModelBuilder b(0);
    b.opset("ai.onnx", 13);
    b.graph().input("x", kFloat, { 2 });
    b.graph().node("Relu", { "x" }, { "y" }, "r", "ai.onnx");
    b.graph().output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    EXPECT_EQ((*r)->graph().node(0).domain, "");
    EXPECT_EQ((*r)->graph().node(0).opsetVersion, 13);
}

TEST(LoaderGraph, ValueInfoTypesAreKeptWithoutShapeInference)
{
    ModelBuilder b;
    b.graph().input("x", kFloat, { 1, 4 });
    b.graph().node("Relu", { "x" }, { "h" });
    b.graph().node("Relu", { "h" }, { "y" });
    b.graph().valueInfo("h", kFloat, { 1, "feat" });
    b.graph().output("y", kFloat);
    qs::LoadOptions opts;
    opts.runShapeInference = false;
    auto r = loadBuilt(b, opts);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const auto& g = (*r)->graph();
    EXPECT_FALSE((*r)->shapeInference.ran);
    EXPECT_EQ(g.value(*g.findValue("h")).type.toString(), "float[1xfeat]");
    EXPECT_EQ(g.value(*g.findValue("y")).type.toString(), "float[*]"); // declared without shape, nothing inferred
}

ModelBuilder& freeDimModel(ModelBuilder& b)
{
    b.graph().input("x", kFloat, { "N", 3, "H", "W" });
    std::vector<float> w(8 * 3 * 3 * 3, 0.1f);
    b.graph().floatInitializer("w", { 8, 3, 3, 3 }, w);
    auto& conv = b.graph().node("Conv", { "x", "w" }, { "y" }, "conv");
    setAttr(conv, "pads", { 1, 1, 1, 1 });
    b.graph().output("y", kFloat);
    return b;
}

TEST(LoaderGraph, FreeDimensionsStaySymbolicUntilBound)
{
    ModelBuilder b;
    auto r = loadBuilt(freeDimModel(b));
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const auto& g = (*r)->graph();
    EXPECT_EQ(g.value(g.inputs()[0]).type.shapeString(), "Nx3xHxW");
    const qs::TensorType& y = g.value(*g.findValue("y")).type;
    EXPECT_FALSE(y.isFullyKnown());
    const qs::ModelAnalysis a = qs::analyzeModel(**r);
    EXPECT_FALSE(a.totalMacs.has_value());
    EXPECT_EQ(a.macNodesUnknown, 1);
}

TEST(LoaderGraph, InputShapeBindingPropagatesThroughShapeInference)
{
    ModelBuilder b;
    qs::LoadOptions opts;
    opts.inputShapes["x"] = { 2, 3, 10, 12 };
    auto r = loadBuilt(freeDimModel(b), opts);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const auto& g = (*r)->graph();
    EXPECT_EQ(g.value(g.inputs()[0]).type.shapeString(), "2x3x10x12");
    EXPECT_EQ(g.value(*g.findValue("y")).type.toString(), "float[2x8x10x12]");
    // Hand count: 2*8*10*12 outputs, each 3*3*3 products.
    EXPECT_EQ(qs::analyzeModel(**r).totalMacs, int64_t(2 * 8 * 10 * 12) * 27);
}

TEST(LoaderGraph, InputShapeBindingErrors)
{
    {
        ModelBuilder b;
        qs::LoadOptions opts;
        opts.inputShapes["nope"] = { 1 };
        auto r = loadBuilt(freeDimModel(b), opts);
        ASSERT_FALSE(r.isOk());
        QS_EXPECT_CONTAINS(r.status().message(), "'nope', which is not a graph input");
    }
    {
        ModelBuilder b;
        qs::LoadOptions opts;
        opts.inputShapes["x"] = { 1, 3, 8 };
        auto r = loadBuilt(freeDimModel(b), opts);
        ASSERT_FALSE(r.isOk());
        QS_EXPECT_CONTAINS(r.status().message(), "has rank 4, but the given shape 1x3x8 has rank 3");
    }
    {
        ModelBuilder b;
        qs::LoadOptions opts;
        opts.inputShapes["x"] = { 1, 4, 8, 8 };
        auto r = loadBuilt(freeDimModel(b), opts);
        ASSERT_FALSE(r.isOk());
        QS_EXPECT_CONTAINS(r.status().message(), "fixed dimension 1 = 3");
    }
}

TEST(LoaderGraph, ParseInputShapeSpec)
{
    auto s = qs::parseInputShapeSpec("images=1x3x640x640");
    ASSERT_TRUE(s.isOk());
    EXPECT_EQ(s->first, "images");
    EXPECT_EQ(s->second, (std::vector<int64_t> { 1, 3, 640, 640 }));
    EXPECT_EQ(qs::parseInputShapeSpec("a=b=2,3")->first, "a=b");
    EXPECT_FALSE(qs::parseInputShapeSpec("images").isOk());
    EXPECT_FALSE(qs::parseInputShapeSpec("x=1x-3").isOk());
    EXPECT_FALSE(qs::parseInputShapeSpec("x=1xx3").isOk());
}

// If whose branches read `x` and `w` from the main graph (outer scope), each with a MatMul.
void addIf(ModelBuilder& b)
{
    auto& node = b.graph().node("If", { "cond" }, { "r" }, "branch");
    for (const char* attr : { "then_branch", "else_branch" }) {
        GraphBuilder sub(setGraphAttr(node, attr), attr);
        sub.node("MatMul", { "x", "w" }, { std::string(attr) + "_out" }, std::string(attr) + "_mm");
        sub.output(std::string(attr) + "_out", kFloat, { 2, 5 }, true);
    }
}

// Loop with a body MatMul reading outer `w`; carried state `s` [2,4] -> [2,4] through a square weight `sq`.
void addLoop(ModelBuilder& b)
{
    auto& node = b.graph().node("Loop", { "trip", "", "x" }, { "s_final" }, "loop");
    GraphBuilder body(setGraphAttr(node, "body"), "loop_body");
    body.input("i", onnx::TensorProto_DataType_INT64, {});
    body.input("c_in", onnx::TensorProto_DataType_BOOL, {});
    body.input("s_in", kFloat, { 2, 4 });
    body.node("Identity", { "c_in" }, { "c_out" });
    body.node("MatMul", { "s_in", "sq" }, { "s_out" }, "body_mm");
    body.output("c_out", onnx::TensorProto_DataType_BOOL, {}, true);
    body.output("s_out", kFloat, { 2, 4 }, true);
}

// Scan over the rows of `x`, adding outer-scope `bias` to each row.
void addScan(ModelBuilder& b)
{
    auto& node = b.graph().node("Scan", { "acc0", "x" }, { "acc", "rows" }, "scan");
    setAttr(node, "num_scan_inputs", int64_t(1));
    GraphBuilder body(setGraphAttr(node, "body"), "scan_body");
    body.input("acc_in", kFloat, { 4 });
    body.input("row", kFloat, { 4 });
    body.node("Add", { "acc_in", "row" }, { "acc_out" });
    body.node("Add", { "row", "bias" }, { "row_out" }, "scan_add_bias");
    body.output("acc_out", kFloat, { 4 }, true);
    body.output("row_out", kFloat, { 4 }, true);
}

TEST(LoaderGraph, IfLoopScanSubgraphsWithOuterScopeReferences)
{
    ModelBuilder b;
    b.graph().input("x", kFloat, { 2, 4 });
    b.graph().input("cond", onnx::TensorProto_DataType_BOOL, {});
    b.graph().floatInitializer("w", { 4, 5 }, std::vector<float>(20, 1.0f));
    b.graph().floatInitializer("sq", { 4, 4 }, std::vector<float>(16, 0.5f));
    b.graph().floatInitializer("bias", { 4 }, { 1, 2, 3, 4 });
    b.graph().floatInitializer("acc0", { 4 }, { 0, 0, 0, 0 });
    b.graph().rawInitializer<int64_t>("trip", onnx::TensorProto_DataType_INT64, {}, { 3 });
    addIf(b);
    addLoop(b);
    addScan(b);
    b.graph().output("r", kFloat);
    b.graph().output("s_final", kFloat);
    b.graph().output("rows", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const auto& g = (*r)->graph();
    ASSERT_EQ(g.nodes().size(), 3u);
    EXPECT_EQ(g.totalNodeCount(), 3u + 2 + 2 + 2);

    const auto ifSubs = g.subgraphs(*g.findNode("branch"));
    ASSERT_EQ(ifSubs.size(), 2u);
    const qs::Graph& thenG = *ifSubs[0];
    EXPECT_EQ(thenG.name(), "then_branch");
    EXPECT_TRUE(thenG.value(*thenG.findValue("x")).isOuterScope);
    EXPECT_TRUE(thenG.value(*thenG.findValue("w")).isOuterScope);
    EXPECT_EQ(thenG.topologicalOrder().size(), 1u);

    const auto loopSubs = g.subgraphs(*g.findNode("loop"));
    ASSERT_EQ(loopSubs.size(), 1u);
    EXPECT_TRUE(loopSubs[0]->value(*loopSubs[0]->findValue("sq")).isOuterScope);
    EXPECT_FALSE(loopSubs[0]->value(*loopSubs[0]->findValue("s_in")).isOuterScope);
    EXPECT_EQ(loopSubs[0]->inputs().size(), 3u);

    const auto scanSubs = g.subgraphs(*g.findNode("scan"));
    ASSERT_EQ(scanSubs.size(), 1u);
    EXPECT_TRUE(scanSubs[0]->value(*scanSubs[0]->findValue("bias")).isOuterScope);

    // Analysable: body ops are counted, body MatMul MACs known from their declared shapes.
    const qs::ModelAnalysis a = qs::analyzeModel(**r);
    EXPECT_EQ(a.nodeCount, 3);
    EXPECT_EQ(a.subgraphNodeCount, 6);
    EXPECT_EQ(a.opCounts.at("MatMul"), 3);
    EXPECT_EQ(a.opCounts.at("Add"), 2);
    EXPECT_EQ(a.categoryCounts.at("control_flow"), 3);
    // then/else: [2,4]x[4,5] -> 2*5*4 = 40 each; loop body [2,4]x[4,4] -> 2*4*4 = 32 (once, trip count is runtime).
    EXPECT_EQ(a.totalMacs, 40 + 40 + 32);
}

TEST(LoaderGraph, SubgraphReferencingAnUndefinedNameIsAnError)
{
    ModelBuilder b;
    b.graph().input("cond", onnx::TensorProto_DataType_BOOL, {});
    auto& node = b.graph().node("If", { "cond" }, { "r" }, "branch");
    for (const char* attr : { "then_branch", "else_branch" }) {
        GraphBuilder sub(setGraphAttr(node, attr), attr);
        sub.node("Relu", { "nowhere" }, { std::string(attr) + "_out" }, "inner");
        sub.output(std::string(attr) + "_out", kFloat);
    }
    b.graph().output("r", kFloat);
    auto r = loadBuilt(b);
    ASSERT_FALSE(r.isOk());
    QS_EXPECT_CONTAINS(r.status().message(), "node 'inner' (Relu)");
    QS_EXPECT_CONTAINS(r.status().message(), "input 'nowhere' is not produced");
}

TEST(LoaderGraph, UnnamedNodesGetOpTypeAndIndexNames)
{
    ModelBuilder b;
    b.graph().input("x", kFloat, { 2 });
    b.graph().node("Relu", { "x" }, { "a" });
    b.graph().node("Sigmoid", { "a" }, { "y" });
    b.graph().output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk());
    EXPECT_EQ((*r)->graph().node(1).describe(), "'Sigmoid_1' (Sigmoid)");
}

TEST(LoaderGraph, UnknownDomainLoadsWithAWarning)
{
    ModelBuilder b;
    b.opset("org.example", 3);
    b.graph().input("x", kFloat, { 2 });
    b.graph().node("Magic", { "x" }, { "y" }, "m", "org.example");
    b.graph().output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    ASSERT_FALSE((*r)->warnings.empty());
    QS_EXPECT_CONTAINS((*r)->warnings[0], "unknown operator domain 'org.example'");
}

} // namespace

namespace {

TEST(LoaderGraph, UnsortedFileLoadsWithAWarningNamingTheNode)
{
    ModelBuilder b;
    b.graph().input("x", kFloat, { 2 });
    b.graph().node("Relu", { "a" }, { "y" }, "late_consumer");
    b.graph().node("Sigmoid", { "x" }, { "a" }, "producer");
    b.graph().output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    EXPECT_EQ((*r)->graph().topologicalOrder(), (std::vector<qs::NodeId> { 1, 0 }));
    ASSERT_EQ((*r)->warnings.size(), 1u);
    QS_EXPECT_CONTAINS((*r)->warnings[0], "not in topological order");
    QS_EXPECT_CONTAINS((*r)->warnings[0], "'late_consumer' (Relu)");
}

} // namespace

namespace {

// Found by the fuzzer: libonnx's Scan shape inference dereferences the missing body. The loader must not call it.
TEST(LoaderGraph, SchemaViolationSkipsShapeInferenceInsteadOfCrashing)
{
    ModelBuilder b;
    b.graph().input("x", kFloat, { 2, 4 });
    b.graph().floatInitializer("acc0", { 4 }, { 0, 0, 0, 0 });
    setAttr(b.graph().node("Scan", { "acc0", "x" }, { "acc" }, "bodyless"), "num_scan_inputs", int64_t(1));
    b.graph().output("acc", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    EXPECT_FALSE((*r)->shapeInference.ran);
    ASSERT_EQ((*r)->warnings.size(), 1u);
    QS_EXPECT_CONTAINS((*r)->warnings[0], "shape inference skipped: node 'bodyless' (Scan)");
    QS_EXPECT_CONTAINS((*r)->warnings[0], "body");
}

} // namespace

namespace {

// Found by the fuzzer: libonnx 1.12 derives kernel_shape from W and indexes vectors sized by X's rank, reading out
// of bounds when the ranks differ. The loader hints kernel_shape during inference and removes the hint afterwards.
TEST(LoaderGraph, ConvWithMismatchedRanksDoesNotCrashShapeInference)
{
    ModelBuilder b;
    b.graph().input("x", kFloat, { 2, 4 });
    b.graph().floatInitializer("s", {}, { 0.1f });
    b.graph().rawInitializer<int8_t>("wq", onnx::TensorProto_DataType_INT8, { 3, 2, 3, 3 }, std::vector<int8_t>(54, 1));
    b.graph().node("DequantizeLinear", { "wq", "s" }, { "w" }, "dq_w");
    setAttr(b.graph().node("Conv", { "x", "w" }, { "y" }, "conv"), "pads", { 1, 1, 1, 1 });
    b.graph().output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const qs::Node& conv = (*r)->graph().node(*(*r)->graph().findNode("conv"));
    EXPECT_FALSE(conv.hasAttribute("kernel_shape")); // the hint does not leak into the IR
    EXPECT_EQ(conv.attributes.size(), 1u);
    EXPECT_FALSE((*r)->graph().value(*(*r)->graph().findValue("y")).type.isFullyKnown());
}

} // namespace

namespace {

// Found by the fuzzer: libonnx's ConvTranspose inference reads W.dims[1] of a rank-0 W.
TEST(LoaderGraph, ConvWeightOfTooLowRankSkipsShapeInference)
{
    ModelBuilder b;
    b.graph().input("X", kFloat, { 1, 1, 3, 3 });
    b.graph().input("W", kFloat, {});
    b.graph().node("ConvTranspose", { "X", "W" }, { "Y" }, "deconv");
    b.graph().output("Y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    EXPECT_FALSE((*r)->shapeInference.ran);
    ASSERT_EQ((*r)->warnings.size(), 1u);
    QS_EXPECT_CONTAINS((*r)->warnings[0], "node 'deconv' (ConvTranspose): weight 'W' has rank 0");
}

} // namespace

namespace {

// Found by the fuzzer: libonnx's Conv inference indexes X-rank-sized vectors with W's spatial dims.
TEST(LoaderGraph, ConvInputAndWeightRanksThatDisagreeSkipShapeInference)
{
    ModelBuilder b;
    b.graph().input("x", onnx::TensorProto_DataType_UINT8, { 1, 3, 3 });
    b.graph().input("w", onnx::TensorProto_DataType_UINT8, { 1, 1, 2, 2 });
    b.graph().node("ConvInteger", { "x", "w" }, { "y" }, "convi");
    b.graph().output("y", onnx::TensorProto_DataType_INT32);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    EXPECT_FALSE((*r)->shapeInference.ran);
    ASSERT_EQ((*r)->warnings.size(), 1u);
    QS_EXPECT_CONTAINS((*r)->warnings[0], "node 'convi' (ConvInteger): input 'x' has rank 3 but weight 'w' has rank 4");
}

} // namespace

// A Shape node fed by a custom op (no schema in libonnx, so its output has no inferred type): libonnx's Shape data
// propagation dereferenced the missing type and crashed the process (found by fuzz_loader). The model loads, shape
// inference runs without data propagation, and Shape's own inference still types its output: int64 of rank 1.
TEST(LoaderGraph, ShapeOfACustomOpsOutputDoesNotCrashInference)
{
    ModelBuilder b(21);
    b.opset("com.example", 1);
    b.graph().input("x", kFloat, { 2, 3 });
    b.graph().node("Foo", { "x" }, { "t" }, "foo").set_domain("com.example");
    b.graph().node("Shape", { "t" }, { "s" }, "shape_of");
    b.graph().output("s", onnx::TensorProto_DataType_INT64);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    EXPECT_TRUE((*r)->shapeInference.ran);
    const qs::TensorType& s = (*r)->graph().value(*(*r)->graph().findValue("s")).type;
    EXPECT_EQ(s.dims.size(), 1u) << s.toString();
    EXPECT_EQ(s.toString().rfind("int64[", 0), 0u) << s.toString();
}
