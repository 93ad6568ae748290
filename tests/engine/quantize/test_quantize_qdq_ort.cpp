// SPDX-License-Identifier: MIT
// The QDQ writer on ONNX Runtime's op set (quantize_static with quant_format=QDQ and its default op types): a small
// network with each op it covers. The structure ONNX Runtime's quantizer gives it (Q -> DQ around Add, Mul, Concat,
// Sigmoid, LeakyRelu and GlobalAveragePool with their own ranges; the 8-bit pass-through ops' outputs quantized with
// their input's scale and zero point; Relu and Clip gone into the range of the op before them), libonnx's checker,
// and ONNX Runtime 1.30 loading and running the file: the engine's output must match ONNX Runtime's within one
// quantization step of the output. The output is the DequantizeLinear of one uint8 tensor in both runtimes, so any
// difference is whole steps; both compute the file's integer arithmetic, a rounding tie decided the other way costs
// one step, and anything beyond that would be a different computation.
#include "onnx_builder.h"
#include "quantize_ort_check.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/quantize.h>

#include <gtest/gtest.h>

#include <unistd.h>

using namespace qs;
using test::count;
using test::randomValues;
namespace fs = std::filesystem;

namespace {

/// x [1,3,8,8] -> Conv -> Relu -> Conv -> SiLU (Sigmoid, Mul) -> Add(relu) -> LeakyRelu -> MaxPool -> Resize ->
/// AveragePool -> GlobalAveragePool, and MaxPool -> GlobalAveragePool -> Add(constant) -> Clip(0, 6); Concat ->
/// Squeeze -> Unsqueeze -> Transpose -> Reshape -> Split -> {Gather, Slice} -> Concat -> MatMul -> Identity -> y.
void buildNetwork(test::ModelBuilder& b)
{
    using I64 = std::vector<int64_t>;
    auto& g = b.graph();
    const int64_t kInt64 = onnx::TensorProto_DataType_INT64;
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 8, 8 });
    g.output("y", onnx::TensorProto_DataType_FLOAT, { 1, 4 }, true);
    g.floatInitializer("w1", { 8, 3, 3, 3 }, randomValues(8 * 3 * 9, 0.4f, 1));
    g.floatInitializer("b1", { 8 }, randomValues(8, 0.1f, 2));
    g.floatInitializer("w2", { 8, 8, 1, 1 }, randomValues(64, 0.5f, 3));
    g.floatInitializer("bias", { 1, 8, 1, 1 }, randomValues(8, 0.3f, 4));
    g.floatInitializer("w3", { 12, 4 }, randomValues(48, 0.5f, 5));
    g.floatInitializer("lo", {}, { 0.0f });
    g.floatInitializer("hi", {}, { 6.0f });
    g.floatInitializer("scales", { 4 }, { 1.0f, 1.0f, 2.0f, 2.0f });
    g.rawInitializer("squeeze_axes", kInt64, { 2 }, I64 { 2, 3 });
    g.rawInitializer("unsqueeze_axes", kInt64, { 1 }, I64 { 0 });
    g.rawInitializer("shape", kInt64, { 2 }, I64 { 1, 16 });
    g.rawInitializer("split", kInt64, { 2 }, I64 { 8, 8 });
    g.rawInitializer("indices", kInt64, { 6 }, I64 { 0, 2, 4, 6, 1, 3 });
    g.rawInitializer("starts", kInt64, { 1 }, I64 { 1 });
    g.rawInitializer("ends", kInt64, { 1 }, I64 { 7 });
    g.rawInitializer("slice_axes", kInt64, { 1 }, I64 { 1 });
    test::setAttr(g.node("Conv", { "x", "w1", "b1" }, { "c1" }, "conv1"), "pads", { 1, 1, 1, 1 });
    g.node("Relu", { "c1" }, { "r1" }, "relu1");
    g.node("Conv", { "r1", "w2" }, { "c2" }, "conv2");
    g.node("Sigmoid", { "c2" }, { "s" }, "sigmoid");
    g.node("Mul", { "c2", "s" }, { "m" }, "silu");
    g.node("Add", { "m", "r1" }, { "a" }, "residual");
    test::setAttr(g.node("LeakyRelu", { "a" }, { "lk" }, "leaky"), "alpha", 0.1f);
    auto& pool = g.node("MaxPool", { "lk" }, { "p" }, "maxpool");
    test::setAttr(pool, "kernel_shape", { 2, 2 });
    test::setAttr(pool, "strides", { 2, 2 });
    test::setAttr(g.node("Resize", { "p", "", "scales" }, { "rs" }, "resize"), "mode", std::string("nearest"));
    auto& avg = g.node("AveragePool", { "rs" }, { "ap" }, "avgpool");
    test::setAttr(avg, "kernel_shape", { 2, 2 });
    test::setAttr(avg, "strides", { 2, 2 });
    g.node("GlobalAveragePool", { "ap" }, { "g1" }, "gap1");
    g.node("GlobalAveragePool", { "p" }, { "g2" }, "gap2");
    g.node("Add", { "g2", "bias" }, { "g3" }, "add_bias");
    g.node("Clip", { "g3", "lo", "hi" }, { "g4" }, "relu6");
    test::setAttr(g.node("Concat", { "g1", "g4" }, { "cat" }, "concat"), "axis", int64_t { 1 });
    g.node("Squeeze", { "cat", "squeeze_axes" }, { "sq" }, "squeeze");
    g.node("Unsqueeze", { "sq", "unsqueeze_axes" }, { "us" }, "unsqueeze");
    test::setAttr(g.node("Transpose", { "us" }, { "tr" }, "transpose"), "perm", { 0, 2, 1 });
    g.node("Reshape", { "tr", "shape" }, { "rsh" }, "reshape");
    test::setAttr(g.node("Split", { "rsh", "split" }, { "sp0", "sp1" }, "split"), "axis", int64_t { 1 });
    test::setAttr(g.node("Gather", { "sp0", "indices" }, { "ga" }, "gather"), "axis", int64_t { 1 });
    g.node("Slice", { "sp1", "starts", "ends", "slice_axes" }, { "sl" }, "slice");
    test::setAttr(g.node("Concat", { "ga", "sl" }, { "cc" }, "concat2"), "axis", int64_t { 1 });
    g.node("MatMul", { "cc", "w3" }, { "z" }, "matmul");
    g.node("Identity", { "z" }, { "y" }, "identity");
}

const Node* producerOf(const Graph& g, ValueId v)
{
    const NodeId p = g.producer(v);
    return p == kNoNode ? nullptr : &g.node(p);
}

/// The one QuantizeLinear reading `v` (every reader of a quantized tensor reads the DequantizeLinear after it).
const Node* quantizerOf(const Graph& g, ValueId v)
{
    const auto readers = g.consumers(v);
    return readers.size() == 1 && g.node(readers[0]).opType == "QuantizeLinear" ? &g.node(readers[0]) : nullptr;
}

struct Written : test::QuantizedNetwork
{
    fs::path dir;
};

void quantizeNetwork(const QuantizeOptions& o, const std::string& tag, Written& w)
{
    w.dir = fs::temp_directory_path() / ("qs_qdq_ort_" + tag + std::to_string(::getpid()));
    ASSERT_NO_FATAL_FAILURE(test::quantizeBuiltNetwork(buildNetwork, o, w.dir, w.dir / "qdq.onnx", w));
}

} // namespace

TEST(QdqOrtOpSet, FollowsOrtPatternAndMatchesOnnxRuntime)
{
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.perChannel = true;
    Written w;
    ASSERT_NO_FATAL_FAILURE(quantizeNetwork(o, "", w));
    const Graph& g = w.model->graph();

    for (const char* op : { "Conv", "Mul", "Sigmoid", "LeakyRelu", "MaxPool", "Resize", "AveragePool", "Concat",
             "Squeeze", "Unsqueeze", "Transpose", "Reshape", "Split", "Gather", "Slice", "MatMul" })
        EXPECT_EQ(
            w.summary.quantizedByOp[op], std::string_view(op) == "Conv" || std::string_view(op) == "Concat" ? 2 : 1)
            << op;
    EXPECT_EQ(w.summary.quantizedByOp["Add"], 2);
    EXPECT_EQ(w.summary.quantizedByOp["GlobalAveragePool"], 2);
    // Relu and Clip (lower bound 0) are the only readers of a quantized op's output: they vanish, that op writes
    // their output name and its QuantizeLinear saturates at the bottom of their range.
    EXPECT_EQ(count(g, "Relu"), 0);
    EXPECT_EQ(count(g, "Clip"), 0);
    const Node* r1 = producerOf(g, *g.findValue("r1"));
    ASSERT_TRUE(r1);
    EXPECT_EQ(r1->opType, "Conv");
    EXPECT_EQ(producerOf(g, *g.findValue("g4"))->opType, "Add");
    EXPECT_EQ(producerOf(g, *g.findValue("y"))->opType, "Identity"); // the graph output stays float

    const std::set<std::string> around { "Add", "Mul", "Sigmoid", "LeakyRelu", "GlobalAveragePool", "Concat" };
    const std::set<std::string> shared { "MaxPool", "Resize", "AveragePool", "Squeeze", "Unsqueeze", "Transpose",
        "Reshape", "Split", "Gather", "Slice" };
    int checked = 0;
    for (const Node& n : g.nodes()) {
        const bool isAround = around.count(n.opType) > 0;
        if (!isAround && !shared.count(n.opType))
            continue;
        ++checked;
        SCOPED_TRACE(n.describe());
        const Node* x = producerOf(g, n.input(0));
        ASSERT_TRUE(x && x->opType == "DequantizeLinear");
        if (isAround) {
            // Every input dequantized, the constant one from its own 8-bit initializer; the output requantized with
            // its own calibrated range.
            for (ValueId in : n.inputs) {
                const Node* dq = producerOf(g, in);
                ASSERT_TRUE(dq && dq->opType == "DequantizeLinear");
                if (const Tensor* c = g.constantData(dq->input(0)))
                    EXPECT_EQ(c->dataType(), DataType::UInt8);
            }
            const Node* q = quantizerOf(g, n.output(0));
            ASSERT_TRUE(q);
            EXPECT_NE(q->input(1), x->input(1));
        } else {
            // 8-bit pass-through: every output requantized with input 0's scale and zero point, the same
            // initializers, so the op runs on the bytes unchanged.
            for (ValueId out : n.outputs) {
                const Node* q = quantizerOf(g, out);
                ASSERT_TRUE(q);
                EXPECT_EQ(q->input(1), x->input(1));
                EXPECT_EQ(q->input(2), x->input(2));
            }
        }
    }
    EXPECT_EQ(checked, 19); // 9 quantized around, 10 pass-through
    for (const Node& n : g.nodes())
        if (n.opType == "Conv" || n.opType == "MatMul") {
            const Node* wdq = producerOf(g, n.input(1));
            ASSERT_TRUE(wdq && wdq->opType == "DequantizeLinear") << n.describe();
            EXPECT_EQ(g.constantData(wdq->input(0))->dataType(), DataType::Int8);
        }
    const Node* zq = quantizerOf(g, *g.findValue("z"));
    ASSERT_TRUE(zq);
    const float step = g.constantData(zq->input(1))->data<float>()[0];

    // The engine, in both modes: within one output step of each other, and of ONNX Runtime.
    std::vector<std::vector<float>> engine;
    ASSERT_NO_FATAL_FAILURE(test::runBothModes(w.model, w.samples.at(0), engine));
    for (size_t i = 0; i < engine[0].size(); ++i)
        EXPECT_LE(std::abs(engine[0][i] - engine[1][i]), step * 1.0001f) << "as written and optimized, element " << i;
    const auto report = computeParity(w.fp32, w.model, w.samples, {});
    ASSERT_TRUE(report) << report.status().toString();
    EXPECT_TRUE(report->pass) << "SQNR " << report->outputs.at(0).diff.sqnrDb << " dB";

    std::string why;
    for (const auto& e : engine)
        if (!test::expectOrtMatches(w.dir / "qdq.onnx", w.samples.at(0), e, step, &why))
            GTEST_SKIP() << "onnxruntime-node not available: " << why << " (structure and engine checked)";
    fs::remove_all(w.dir);
}

// --op-types still restricts: with Conv and MatMul only, the ops between them stay float (they read the DQ of a
// convolution's output, as every reader of a quantized tensor does, but write float).
TEST(QdqOrtOpSet, OpTypesRestrictTheSet)
{
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.opTypes = { "Conv", "MatMul" };
    Written w;
    ASSERT_NO_FATAL_FAILURE(quantizeNetwork(o, "restricted", w));
    const Graph& g = w.model->graph();
    EXPECT_EQ(w.summary.quantizedByOp.size(), 2u);
    EXPECT_EQ(count(g, "Relu"), 1);
    EXPECT_EQ(count(g, "Clip"), 1);
    for (const char* v : { "s", "m", "a", "p", "rs", "cat", "rsh", "ga" })
        EXPECT_FALSE(quantizerOf(g, *g.findValue(v))) << v << " is quantized";
    // x, r1 (conv2's input), c1 and c2 (the convolutions' outputs), cc (MatMul's input) and z.
    EXPECT_EQ(count(g, "QuantizeLinear"), 6);
    fs::remove_all(w.dir);
}
