// SPDX-License-Identifier: MIT
// A YOLO-style neck as ONNX Runtime's QDQ quantizer writes it (quantizeModel with the default QDQ op set): SiLU
// convolutions, two chained 5x5 MaxPools (SPPF), a nearest 2x Resize of a strided branch, and a channel Concat of all
// four, each part with its own range. In optimized mode the whole neck must stay in the int8 NHWC layout between the
// convolutions: the Concat (fused with its parts' DequantizeLinear and its QuantizeLinear) as an NHWC byte
// concatenation, the MaxPools as NHWC integer pools, and the Resize's DequantizeLinear -> Resize -> QuantizeLinear
// inside the region, so that only the network's input and output change layout. Before, the fused Concat broke the
// region: yolov5nu's QDQ file reordered 28 activations per run and ran its SPPF pools on the plain scalar-per-row
// loop. The output must match ONNX Runtime 1.30 (as written and optimized) within one output step: both compute the
// file's integer arithmetic, and a rounding tie decided the other way costs one step.
#include "onnx_builder.h"
#include "quantize_ort_check.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/quantize.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <unistd.h>

using namespace qs;
using test::randomValues;
namespace fs = std::filesystem;

namespace {

void silu(test::GraphBuilder& g, const std::string& x, const std::string& y)
{
    g.node("Sigmoid", { x }, { y + "_s" }, y + "_sigmoid");
    g.node("Mul", { x, y + "_s" }, { y }, y + "_mul");
}

void maxPool5(test::GraphBuilder& g, const std::string& x, const std::string& y)
{
    auto& p = g.node("MaxPool", { x }, { y }, y + "_pool");
    test::setAttr(p, "kernel_shape", { 5, 5 });
    test::setAttr(p, "pads", { 2, 2, 2, 2 });
}

/// x [1,3,16,16] -> conv1 3x3 -> SiLU = a [1,16,16,16]; a -> MaxPool -> m1 -> MaxPool -> m2; a -> conv2 3x3 stride 2
/// -> SiLU -> nearest Resize x2 = r; Concat(a, m1, m2, r) [1,64,16,16] -> conv3 1x1 -> SiLU = e -> Identity -> y
/// [1,16,16,16] (so the output is e's DequantizeLinear: whole steps of e's scale).
void buildNeck(test::ModelBuilder& b)
{
    auto& g = b.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 16, 16 });
    g.output("y", onnx::TensorProto_DataType_FLOAT, { 1, 16, 16, 16 }, true);
    g.floatInitializer("w1", { 16, 3, 3, 3 }, randomValues(16 * 27, 0.4f, 11));
    g.floatInitializer("b1", { 16 }, randomValues(16, 0.1f, 12));
    g.floatInitializer("w2", { 16, 16, 3, 3 }, randomValues(16 * 16 * 9, 0.15f, 13));
    g.floatInitializer("w3", { 16, 64, 1, 1 }, randomValues(16 * 64, 0.2f, 14));
    g.floatInitializer("scales", { 4 }, { 1.0f, 1.0f, 2.0f, 2.0f });
    test::setAttr(g.node("Conv", { "x", "w1", "b1" }, { "c1" }, "conv1"), "pads", { 1, 1, 1, 1 });
    silu(g, "c1", "a");
    maxPool5(g, "a", "m1");
    maxPool5(g, "m1", "m2");
    auto& c2 = g.node("Conv", { "a", "w2" }, { "c2" }, "conv2");
    test::setAttr(c2, "pads", { 1, 1, 1, 1 });
    test::setAttr(c2, "strides", { 2, 2 });
    silu(g, "c2", "d");
    test::setAttr(g.node("Resize", { "d", "", "scales" }, { "r" }, "resize"), "mode", std::string("nearest"));
    test::setAttr(g.node("Concat", { "a", "m1", "m2", "r" }, { "cat" }, "concat"), "axis", int64_t { 1 });
    g.node("Conv", { "cat", "w3" }, { "c3" }, "conv3");
    silu(g, "c3", "e");
    g.node("Identity", { "e" }, { "y" }, "identity");
}

} // namespace

TEST(QdqNeck, StaysNhwcBetweenTheConvolutionsAndMatchesOnnxRuntime)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_qdq_neck_" + std::to_string(::getpid()));
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.perChannel = true;
    test::QuantizedNetwork w;
    ASSERT_NO_FATAL_FAILURE(test::quantizeBuiltNetwork(buildNeck, o, dir, dir / "qdq.onnx", w));
    const auto& model = w.model;
    const auto& samples = w.samples;
    auto& summary = w.summary;
    EXPECT_EQ(summary.quantizedByOp["Concat"], 1);
    EXPECT_EQ(summary.quantizedByOp["MaxPool"], 2);
    EXPECT_EQ(summary.quantizedByOp["Resize"], 1);

    SessionOptions so;
    so.mode = ExecutionMode::Optimized;
    auto session = Session::create(model, so);
    ASSERT_TRUE(session) << session.status().toString();
    // Some oneDNN primitives are created at the first run, and with them their reorders: count after one.
    ASSERT_TRUE((*session)->run(samples.at(0)));
    int32_t reorders = 0;
    int nhwcConcats = 0, nhwcPools = 0;
    std::string plan;
    for (const StepInfo& s : (*session)->steps()) {
        reorders += s.activationReorders;
        const bool nhwc = s.implementation.find("nhwc") != std::string::npos;
        nhwcConcats += s.opType.rfind("Concat", 0) == 0 && nhwc;
        nhwcPools += s.opType.rfind("MaxPool", 0) == 0 && nhwc;
        plan += std::string(s.opType) + " @ " + std::string(s.implementation) + " ("
            + std::to_string(s.activationReorders) + ")\n";
    }
    SCOPED_TRACE(plan);
    EXPECT_EQ(nhwcConcats, 1);
    EXPECT_EQ(nhwcPools, 2);
    // conv1 copies the NCHW input into NHWC, conv3 writes the NCHW output; nothing between them changes layout.
    EXPECT_LE(reorders, 2);

    // The output is the DequantizeLinear of e (conv3's SiLU, uint8): one step is the scale of e's QuantizeLinear.
    const Graph& g = model->graph();
    float step = 0;
    for (const Node& n : g.nodes())
        if (n.opType == "QuantizeLinear" && n.input(0) == *g.findValue("e"))
            step = g.constantData(n.input(1))->data<float>()[0];
    ASSERT_GT(step, 0.0f);
    std::vector<std::vector<float>> engine;
    ASSERT_NO_FATAL_FAILURE(test::runBothModes(model, samples.at(0), engine));
    for (size_t i = 0; i < engine[0].size(); ++i)
        EXPECT_LE(std::abs(engine[0][i] - engine[1][i]), step * 1.0001f) << "as written and optimized, element " << i;
    std::string why;
    for (const auto& e : engine)
        if (!test::expectOrtMatches(dir / "qdq.onnx", samples.at(0), e, step, &why))
            GTEST_SKIP() << "onnxruntime-node not available: " << why << " (the plan and the engine checked)";
    fs::remove_all(dir);
}
