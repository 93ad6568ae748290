// SPDX-License-Identifier: MIT
// The QOperator writer's com.microsoft ops on a small network that has each of them: the structure ONNX Runtime's
// quantizer gives it (QLinearAdd/Mul/Sigmoid/LeakyRelu/GlobalAveragePool/AveragePool/Concat, MaxPool and Reshape on
// the 8-bit tensors, Relu and Clip gone), libonnx's checker (serializeModel), and ONNX Runtime 1.30 itself
// (onnxruntime-node, installed by the ort_node_setup test) loading and running the written file: the engine's output
// must match ONNX Runtime's on the same file within one quantization step of the output (both dequantize the same uint8
// tensor, so any difference is whole steps; the integer kernels follow ONNX Runtime's arithmetic, a rounding tie
// decided the other way would cost one step, and anything beyond that would be a different computation).
#include "onnx_builder.h"
#include "quantize_ort_check.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/quantize.h>

#include <gtest/gtest.h>

#include <cmath>
#include <unistd.h>

using namespace qs;
using test::count;
using test::randomValues;
namespace fs = std::filesystem;

namespace {

/// x [1,3,8,8] -> Conv -> Relu -> {Conv -> Sigmoid, Mul(relu, sigmoid)} -> Add -> LeakyRelu -> MaxPool ->
/// {AveragePool -> GlobalAveragePool, GlobalAveragePool -> Add(constant) -> Clip(0, 6)} -> Concat -> Reshape [1,16].
void buildNetwork(test::ModelBuilder& b)
{
    auto& g = b.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 8, 8 });
    g.output("y", onnx::TensorProto_DataType_FLOAT, { 1, 16 }, true);
    g.floatInitializer("w1", { 8, 3, 3, 3 }, randomValues(8 * 3 * 9, 0.4f, 1));
    g.floatInitializer("b1", { 8 }, randomValues(8, 0.1f, 2));
    g.floatInitializer("w2", { 8, 8, 1, 1 }, randomValues(64, 0.5f, 3));
    g.floatInitializer("bias", { 1, 8, 1, 1 }, randomValues(8, 0.3f, 4));
    g.rawInitializer("shape", onnx::TensorProto_DataType_INT64, { 2 }, std::vector<int64_t> { 1, 16 });
    test::setAttr(g.node("Conv", { "x", "w1", "b1" }, { "c1" }, "conv1"), "pads", { 1, 1, 1, 1 });
    g.node("Relu", { "c1" }, { "r1" }, "relu1");
    g.node("Conv", { "r1", "w2" }, { "c2" }, "conv2");
    g.node("Sigmoid", { "c2" }, { "s" }, "sigmoid");
    g.node("Mul", { "r1", "s" }, { "m" }, "gate");
    g.node("Add", { "m", "c2" }, { "a" }, "residual");
    test::setAttr(g.node("LeakyRelu", { "a" }, { "lk" }, "leaky"), "alpha", 0.1f);
    auto& pool = g.node("MaxPool", { "lk" }, { "p" }, "maxpool");
    test::setAttr(pool, "kernel_shape", { 2, 2 });
    test::setAttr(pool, "strides", { 2, 2 });
    auto& avg = g.node("AveragePool", { "p" }, { "ap" }, "avgpool");
    test::setAttr(avg, "kernel_shape", { 2, 2 });
    test::setAttr(avg, "strides", { 2, 2 });
    g.node("GlobalAveragePool", { "ap" }, { "g1" }, "gap1");
    g.node("GlobalAveragePool", { "p" }, { "g2" }, "gap2");
    g.node("Add", { "g2", "bias" }, { "g3" }, "add_bias");
    g.floatInitializer("lo", {}, { 0.0f });
    g.floatInitializer("hi", {}, { 6.0f });
    g.node("Clip", { "g3", "lo", "hi" }, { "g4" }, "relu6");
    test::setAttr(g.node("Concat", { "g1", "g4" }, { "cat" }, "concat"), "axis", int64_t { 1 });
    g.node("Reshape", { "cat", "shape" }, { "y" }, "reshape");
}

} // namespace

TEST(QOperatorContribOps, FollowOrtPatternAndMatchOnnxRuntime)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_qoperator_ort_" + std::to_string(::getpid()));
    QuantizeOptions o;
    o.format = QuantFormat::QOperator;
    o.perChannel = true;
    const fs::path path = dir / "qoperator.onnx";
    test::QuantizedNetwork w;
    ASSERT_NO_FATAL_FAILURE(test::quantizeBuiltNetwork(buildNetwork, o, dir, path, w));
    const auto& m = w.model;
    const auto& samples = w.samples;
    const Graph& g = m->graph();

    EXPECT_EQ(count(g, "QLinearConv"), 2);
    EXPECT_EQ(count(g, "QLinearSigmoid"), 1);
    EXPECT_EQ(count(g, "QLinearMul"), 1);
    EXPECT_EQ(count(g, "QLinearAdd"), 2); // the residual and the one with a constant operand
    EXPECT_EQ(count(g, "QLinearLeakyRelu"), 1);
    EXPECT_EQ(count(g, "QLinearAveragePool"), 1);
    EXPECT_EQ(count(g, "QLinearGlobalAveragePool"), 2);
    EXPECT_EQ(count(g, "QLinearConcat"), 1);
    EXPECT_EQ(count(g, "MaxPool"), 1);
    EXPECT_EQ(count(g, "Reshape"), 1);
    EXPECT_EQ(count(g, "Relu"), 0); // both vanish into the range of the op before them
    EXPECT_EQ(count(g, "Clip"), 0);
    EXPECT_EQ(count(g, "QuantizeLinear"), 1); // the input
    EXPECT_EQ(count(g, "DequantizeLinear"), 1); // the output
    for (const Node& n : g.nodes()) {
        if (n.opType == "MaxPool" || n.opType == "Reshape") {
            const Node& p = g.node(g.producer(n.input(0)));
            EXPECT_TRUE(p.opType.starts_with("QLinear")) << n.describe() << " reads " << p.describe();
        }
        if (n.opType.starts_with("QLinear") && n.opType != "QLinearConv" && n.opType != "QLinearMatMul")
            EXPECT_EQ(n.domain, "com.microsoft") << n.describe();
        if (n.opType == "QLinearConcat") // Y_scale, Y_zero_point, then (X, X_scale, X_zero_point) x 2
            ASSERT_EQ(n.inputCount(), 8u);
        if (n.opType == "QLinearAdd" || n.opType == "QLinearMul") // A, scale, zp, B, scale, zp, C_scale, C_zp
            ASSERT_EQ(n.inputCount(), 8u);
        if (n.opType == "QLinearLeakyRelu")
            EXPECT_FLOAT_EQ(n.attrFloat("alpha", 0), 0.1f);
    }
    const Node* dq = nullptr;
    for (const Node& n : g.nodes())
        if (n.opType == "DequantizeLinear")
            dq = &n;
    ASSERT_TRUE(dq);
    const float step = g.constantData(dq->input(1))->data<float>()[0];

    // The engine, in both modes.
    std::vector<std::vector<float>> engine;
    ASSERT_NO_FATAL_FAILURE(test::runBothModes(m, samples.at(0), engine));
    EXPECT_EQ(engine[0], engine[1]) << "as written and optimized differ";
    const auto report = computeParity(w.fp32, m, samples, {});
    ASSERT_TRUE(report) << report.status().toString();
    EXPECT_TRUE(report->pass) << "SQNR " << report->outputs.at(0).diff.sqnrDb << " dB";

    std::string why;
    if (!test::expectOrtMatches(path, samples.at(0), engine[0], step, &why))
        GTEST_SKIP() << "onnxruntime-node not available: " << why << " (structure and engine checked)";
    fs::remove_all(dir);
}
