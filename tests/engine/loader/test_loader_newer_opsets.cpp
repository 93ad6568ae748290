// SPDX-License-Identifier: MIT
// ai.onnx opsets 18..21 (libonnx 1.12 stops at 17; the engine describes the changed operators itself,
// engine/src/onnx/newer_opset_schemas.cpp): the schema check passes, libonnx's shape inference gives the shapes the
// ONNX spec defines, the documentation says the engine wrote it, and what is beyond gets a message naming it.
// Numerical results against ONNX Runtime are the opset_ort_cases_* tests (tests/data/opsets).
#include "loader_test_util.h"

#include <quantscope/engine/op_schema_docs.h>

#include <limits>

namespace {

using namespace qs::test;
constexpr int32_t kFloat = onnx::TensorProto_DataType_FLOAT;
constexpr int32_t kInt64 = onnx::TensorProto_DataType_INT64;

std::vector<int64_t> dimsOf(const qs::Model& m, const std::string& value)
{
    const auto id = m.graph().findValue(value);
    if (!id)
        return { -2 };
    const auto& t = m.graph().value(*id).type;
    std::vector<int64_t> out;
    for (const auto& d : t.dims)
        out.push_back(d.value);
    return t.hasShape ? out : std::vector<int64_t> { -3 };
}

void expectCleanInference(const qs::Model& m)
{
    EXPECT_TRUE(m.shapeInference.ran) << m.shapeInference.message;
    EXPECT_TRUE(m.shapeInference.succeeded) << m.shapeInference.message;
    for (const auto& w : m.warnings)
        ADD_FAILURE() << "warning: " << w;
}

TEST(LoaderNewerOpsets, ChangedOperatorsAt18InferShapes)
{
    ModelBuilder b(18);
    auto& g = b.graph();
    g.input("x", kFloat, { 2, 3, 8, 10 });
    g.rawInitializer<int64_t>("axes", kInt64, { 2 }, { 1, -1 });
    setAttr(g.node("ReduceMean", { "x", "axes" }, { "mean" }, "mean"), "keepdims", int64_t(0));
    g.node("ReduceMax", { "x" }, { "max" }, "max"); // no axes: every axis
    auto& split = g.node("Split", { "x" }, { "s0", "s1", "s2" }, "split");
    setAttr(split, "axis", int64_t(3));
    setAttr(split, "num_outputs", int64_t(3));
    g.rawInitializer<int64_t>("pads", kInt64, { 4 }, { 1, 2, 0, 3 });
    g.rawInitializer<int64_t>("pad_axes", kInt64, { 2 }, { 2, 3 });
    g.node("Pad", { "x", "pads", "", "pad_axes" }, { "padded" }, "pad");
    g.rawInitializer<int64_t>("sizes", kInt64, { 2 }, { 5, 30 });
    auto& resize = g.node("Resize", { "x", "", "", "sizes" }, { "resized" }, "resize");
    setAttr(resize, "axes", { 2, 3 });
    setAttr(resize, "keep_aspect_ratio_policy", std::string("not_larger"));
    setAttr(resize, "antialias", int64_t(1));
    setAttr(resize, "mode", std::string("linear"));
    for (const char* out : { "mean", "max", "s0", "s1", "s2", "padded", "resized" })
        g.output(out, kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const qs::Model& m = **r;
    expectCleanInference(m);
    EXPECT_EQ(dimsOf(m, "mean"), (std::vector<int64_t> { 2, 8 }));
    EXPECT_EQ(dimsOf(m, "max"), (std::vector<int64_t> { 1, 1, 1, 1 }));
    // num_outputs 3 over 10: ceil(10 / 3) = 4, 4, then the remaining 2.
    EXPECT_EQ(dimsOf(m, "s0"), (std::vector<int64_t> { 2, 3, 8, 4 }));
    EXPECT_EQ(dimsOf(m, "s2"), (std::vector<int64_t> { 2, 3, 8, 2 }));
    EXPECT_EQ(dimsOf(m, "padded"), (std::vector<int64_t> { 2, 3, 8 + 1 + 0, 10 + 2 + 3 }));
    // not_larger: scale = min(5 / 8, 30 / 10) = 0.625 on both axes; 10 * 0.625 = 6.25 rounds to 6.
    EXPECT_EQ(dimsOf(m, "resized"), (std::vector<int64_t> { 2, 3, 5, 6 }));
}

// The engine's own inference functions read untrusted numbers: a scale of 1e30, a pad of INT64_MAX and a zero extent
// under keep_aspect_ratio_policy used to overflow a conversion (undefined behaviour, found by fuzz_loader in CI; the
// ASan+UBSan ctest runs this test). Now the node's inference fails with a message and its output stays unknown.
TEST(LoaderNewerOpsets, ExtentsBeyondAnyTensorLeaveTheOutputUnknown)
{
    ModelBuilder b(19);
    auto& g = b.graph();
    g.input("x", kFloat, { 1, 1, 4, 4 });
    g.input("empty", kFloat, { 1, 1, 0, 4 });
    g.floatInitializer("scales", { 4 }, { 1.f, 1.f, 1e30f, 1e30f });
    g.node("Resize", { "x", "", "scales" }, { "huge" }, "resize_huge");
    g.rawInitializer<int64_t>("sizes", kInt64, { 4 }, { 1, 1, 5, 5 });
    setAttr(g.node("Resize", { "empty", "", "", "sizes" }, { "aspect" }, "resize_aspect"), "keep_aspect_ratio_policy",
        std::string("not_smaller"));
    g.rawInitializer<int64_t>("pads", kInt64, { 8 }, { 0, 0, 0, std::numeric_limits<int64_t>::max(), 0, 0, 0, 5 });
    g.node("Pad", { "x", "pads" }, { "padded" }, "pad_overflow");
    for (const char* out : { "huge", "aspect", "padded" })
        g.output(out, kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const qs::Model& m = **r;
    for (const char* out : { "huge", "aspect", "padded" }) {
        const auto dims = dimsOf(m, out);
        EXPECT_FALSE(dims.size() == 4 && dims[2] > 0 && dims[3] > 0) << out << " got a concrete shape";
    }
}

TEST(LoaderNewerOpsets, QuantizationAt21InfersTypes)
{
    ModelBuilder b(21);
    b.proto().set_ir_version(10);
    auto& g = b.graph();
    g.input("x", kFloat, { 4, 6 });
    g.floatInitializer("scale", { 4, 2 }, std::vector<float>(8, 0.01f));
    auto& q = g.node("QuantizeLinear", { "x", "scale" }, { "q" }, "q");
    setAttr(q, "axis", int64_t(1));
    setAttr(q, "block_size", int64_t(3));
    setAttr(q, "output_dtype", int64_t(onnx::TensorProto_DataType_INT16));
    auto& dq = g.node("DequantizeLinear", { "q", "scale" }, { "y" }, "dq");
    setAttr(dq, "axis", int64_t(1));
    setAttr(dq, "block_size", int64_t(3));
    g.output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const qs::Model& m = **r;
    expectCleanInference(m);
    EXPECT_EQ(m.graph().value(*m.graph().findValue("q")).type.elementType, qs::DataType::Int16);
    EXPECT_EQ(dimsOf(m, "y"), (std::vector<int64_t> { 4, 6 }));
}

TEST(LoaderNewerOpsets, UnchangedOperatorsLoadAt21)
{
    // Relu (since 14) and Conv (since 11) did not change at 18..21: libonnx's own schemas serve.
    ModelBuilder b(21);
    b.proto().set_ir_version(10);
    auto& g = b.graph();
    g.input("x", kFloat, { 1, 2, 5, 5 });
    g.floatInitializer("w", { 3, 2, 3, 3 }, std::vector<float>(54, 0.1f));
    g.node("Conv", { "x", "w" }, { "c" }, "conv");
    g.node("Relu", { "c" }, { "y" }, "relu");
    g.output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    expectCleanInference(**r);
    EXPECT_EQ(dimsOf(**r, "y"), (std::vector<int64_t> { 1, 3, 3, 3 }));
}

TEST(LoaderNewerOpsets, OpsetBeyond21NamesOpsetAndNode)
{
    ModelBuilder b(22);
    b.graph().input("x", kFloat, { 2 });
    b.graph().node("Relu", { "x" }, { "y" }, "first_relu");
    b.graph().output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_FALSE(r.isOk());
    EXPECT_EQ(r.status().code(), qs::StatusCode::Unsupported);
    const std::string msg = r.status().message();
    EXPECT_NE(msg.find("ai.onnx opset 22 is newer than this build supports (up to 21)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("node 'first_relu' (Relu)"), std::string::npos) << msg;
}

TEST(LoaderNewerOpsets, FourBitTensorsAreRefusedByName)
{
    ModelBuilder b(21);
    b.proto().set_ir_version(10);
    b.graph().input("x", kFloat, { 2 });
    b.graph().initializer("w4", 22 /* int4, unknown to libonnx 1.12 */, { 4 }).set_raw_data(std::string("\x12\x34", 2));
    b.graph().floatInitializer("s", {}, { 0.5f });
    b.graph().node("DequantizeLinear", { "w4", "s" }, { "w" }, "dq");
    b.graph().node("Mul", { "x", "w" }, { "y" }, "mul");
    b.graph().output("y", kFloat);
    auto r = loadBuilt(b);
    ASSERT_FALSE(r.isOk());
    EXPECT_EQ(r.status().code(), qs::StatusCode::Unsupported);
    EXPECT_NE(r.status().message().find("'w4'"), std::string::npos) << r.status().message();
    EXPECT_NE(r.status().message().find("element type int4 (ONNX type 22) is not supported"), std::string::npos)
        << r.status().message();
}

TEST(LoaderNewerOpsets, DocumentationOfEngineSchemas)
{
    const auto reduce = qs::opSchemaDoc("ReduceMean", "", 18);
    ASSERT_TRUE(reduce);
    EXPECT_EQ(reduce->sinceVersion, 18);
    EXPECT_TRUE(reduce->builtIn);
    ASSERT_EQ(reduce->inputs.size(), 2u);
    EXPECT_EQ(reduce->inputs[1].name, "axes");
    EXPECT_TRUE(reduce->inputs[1].optional);
    const auto old = qs::opSchemaDoc("ReduceMean", "", 17);
    ASSERT_TRUE(old);
    EXPECT_EQ(old->sinceVersion, 13);
    EXPECT_FALSE(old->builtIn);
    const auto gelu = qs::opSchemaDoc("Gelu", "", 21);
    ASSERT_TRUE(gelu);
    EXPECT_EQ(gelu->sinceVersion, 20);
}

} // namespace
