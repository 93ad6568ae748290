// SPDX-License-Identifier: MIT
// Models the quantizer writes: the structure ONNX Runtime's quantizer gives each format, libonnx's checker (inside
// serializeModel), loading and running in the engine, and parity with the FP32 original under the default rule.
// ONNX Runtime's acceptance of the same files is checked by the quantize_* ctest cases (quantize_acceptance.sh).
#include "../../shared_data.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/model_writer.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/quantize.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

using namespace qs;

namespace {

// Writes (with the checker) and reads back, as a user's tool would see the file.
std::shared_ptr<const Model> roundTrip(const Model& m)
{
    auto bytes = serializeModel(m);
    EXPECT_TRUE(bytes) << bytes.status().message();
    if (!bytes)
        return nullptr;
    auto back = loadModelFromBytes(*bytes, "quantized.onnx", std::filesystem::temp_directory_path());
    EXPECT_TRUE(back) << back.status().message();
    return back ? *back : nullptr;
}

const Node* producerOf(const Graph& g, ValueId v)
{
    return v == kNoValue || g.producer(v) == kNoNode ? nullptr : &g.node(g.producer(v));
}

int count(const Graph& g, std::string_view op)
{
    int n = 0;
    for (const Node& node : g.nodes())
        n += node.opType == op;
    return n;
}

ParityReport parityOf(const std::shared_ptr<const Model>& ref, const std::shared_ptr<const Model>& cand,
    const std::filesystem::path& caseDir)
{
    auto samples = loadSamples(*ref, caseDir.string());
    EXPECT_TRUE(samples) << samples.status().message();
    auto report = computeParity(ref, cand, *samples, {});
    EXPECT_TRUE(report) << report.status().message();
    return report ? *report : ParityReport {};
}

class CountingProgress final : public ProgressSink
{
public:
    void progress(int64_t done, int64_t total) override
    {
        calls++;
        last = done;
        this->total = total;
    }
    int calls = 0;
    int64_t last = 0;
    int64_t total = 0;
};

} // namespace

TEST(QuantizeModels, TransformerDynamicFollowsOrtPattern)
{
    const auto dir = test::sharedDir() / "models" / "transformer_encoder_fp32";
    QS_REQUIRE_SHARED(dir / "model.onnx");
    auto fp32 = loadModel(dir / "model.onnx");
    ASSERT_TRUE(fp32);
    QuantizeOptions o; // dynamic, int8 symmetric weights per tensor
    QuantizeSummary summary;
    auto q = quantizeModel(*fp32, o, {}, &summary);
    ASSERT_TRUE(q) << q.status().message();
    auto m = roundTrip(**q);
    ASSERT_TRUE(m);
    const Graph& g = m->graph();
    // 16 MatMuls: 14 with constant weights become MatMulInteger; the 8 attention MatMuls (activation x activation)
    // stay float, and the summary says why.
    EXPECT_EQ(summary.quantizedByOp["MatMul"], 14);
    EXPECT_EQ(count(g, "MatMulInteger"), 14);
    EXPECT_EQ(count(g, "MatMul"), 8);
    EXPECT_EQ(summary.skipped.size(), 8u);
    for (const Node& n : g.nodes()) {
        if (n.opType != "MatMulInteger")
            continue;
        const Node* dq = producerOf(g, n.input(0));
        ASSERT_TRUE(dq && dq->opType == "DynamicQuantizeLinear") << n.describe();
        EXPECT_EQ(n.input(2), dq->output(2)); // the activation's zero point
        const Tensor* w = g.constantData(n.input(1));
        ASSERT_TRUE(w);
        EXPECT_EQ(w->dataType(), DataType::Int8);
        EXPECT_EQ(g.constantData(n.input(3))->data<int8_t>()[0], 0); // symmetric
        // MatMulInteger -> Cast(float) -> Mul(x_scale * w_scale), the Mul writing the float op's output name.
        ASSERT_EQ(g.consumers(n.output(0)).size(), 1u);
        const Node& cast = g.node(g.consumers(n.output(0))[0]);
        EXPECT_EQ(cast.opType, "Cast");
        EXPECT_EQ(cast.attrInt("to", 0), 1);
        const Node& mul = g.node(g.consumers(cast.output(0))[0]);
        EXPECT_EQ(mul.opType, "Mul");
        EXPECT_TRUE((*fp32)->graph().findValue(g.value(mul.output(0)).name)) << "float tensor name kept";
    }
    const ParityReport r = parityOf(*fp32, m, dir);
    ASSERT_EQ(r.outputs.size(), 1u);
    EXPECT_TRUE(r.outputs[0].pass) << r.outputs[0].diff.sqnrDb;
    EXPECT_GE(r.layers.size(), 120u); // matched by name
}

// resnet18_fp32 from ../shared with its reference input as the one calibration sample (skipped when absent).
class Resnet18 : public ::testing::Test
{
protected:
    void SetUp() override
    {
        QS_REQUIRE_SHARED(dir / "model.onnx");
        auto model = loadModel(dir / "model.onnx");
        ASSERT_TRUE(model) << model.status().message();
        fp32 = *model;
        auto loaded = loadSamples(*fp32, dir.string());
        ASSERT_TRUE(loaded) << loaded.status().message();
        samples = std::move(*loaded);
    }
    /// Quantizes the model with `o`, calibrated on the reference input, and reads the written file back as a user's
    /// tool would (roundTrip); null, with the failure recorded, when either step fails.
    std::shared_ptr<const Model> quantizeAndReload(const QuantizeOptions& o, QuantizeSummary* summary = nullptr)
    {
        auto q = quantizeModel(fp32, o, samples, summary);
        EXPECT_TRUE(q) << q.status().message();
        return q ? roundTrip(**q) : nullptr;
    }
    const std::filesystem::path dir = test::sharedDir() / "models" / "resnet18_fp32";
    std::shared_ptr<const Model> fp32;
    std::vector<Sample> samples;
};

TEST_F(Resnet18, QdqPerChannelFollowsOrtPattern)
{
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.perChannel = true;
    CountingProgress progress;
    o.progress = &progress;
    QuantizeSummary summary;
    auto m = quantizeAndReload(o, &summary);
    ASSERT_TRUE(m);
    EXPECT_EQ(progress.last, 1); // one minmax pass over one sample
    EXPECT_EQ(summary.quantizedByOp["Conv"], 20); // weights behind PyTorch's Identity nodes included
    EXPECT_EQ(summary.quantizedByOp["Gemm"], 1);
    const Graph& g = m->graph();
    int convs = 0;
    for (const Node& n : g.nodes()) {
        if (n.opType != "Conv" && n.opType != "Gemm")
            continue;
        ++convs;
        // Activation: QuantizeLinear -> DequantizeLinear (uint8).
        const Node* adq = producerOf(g, n.input(0));
        ASSERT_TRUE(adq && adq->opType == "DequantizeLinear") << n.describe();
        const Node* aq = producerOf(g, adq->input(0));
        ASSERT_TRUE(aq && aq->opType == "QuantizeLinear");
        EXPECT_EQ(g.value(aq->output(0)).type.elementType, DataType::UInt8);
        // Weight: DequantizeLinear of int8 data, one scale per output channel, zero points 0.
        const Node* wdq = producerOf(g, n.input(1));
        ASSERT_TRUE(wdq && wdq->opType == "DequantizeLinear");
        const Tensor* w = g.constantData(wdq->input(0));
        ASSERT_TRUE(w && w->dataType() == DataType::Int8);
        const int64_t axis = n.opType == "Conv" ? 0 : (n.attrInt("transB", 0) ? 0 : 1);
        EXPECT_EQ(wdq->attrInt("axis", 1), axis);
        EXPECT_EQ(g.constantData(wdq->input(1))->elementCount(), w->dims()[static_cast<size_t>(axis)]);
        for (int8_t z : g.constantData(wdq->input(2))->data<int8_t>())
            EXPECT_EQ(z, 0);
        // Bias: DequantizeLinear of int32 data.
        if (n.input(2) != kNoValue) {
            const Node* bdq = producerOf(g, n.input(2));
            ASSERT_TRUE(bdq && bdq->opType == "DequantizeLinear");
            EXPECT_EQ(g.constantData(bdq->input(0))->dataType(), DataType::Int32);
        }
        // Output: read by exactly one QuantizeLinear (the engine and ONNX Runtime fuse the group).
        ASSERT_EQ(g.consumers(n.output(0)).size(), 1u) << n.describe();
        EXPECT_EQ(g.node(g.consumers(n.output(0))[0]).opType, "QuantizeLinear");
    }
    EXPECT_EQ(convs, 21);
    // Runs in the engine, optimized (fused int8 kernels) as well as as written.
    SessionOptions so;
    auto session = Session::create(m, so);
    ASSERT_TRUE(session) << session.status().message();
    EXPECT_TRUE((*session)->run(samples.at(0)));
    const ParityReport r = parityOf(fp32, m, dir);
    ASSERT_EQ(r.outputs.size(), 1u);
    EXPECT_TRUE(r.outputs[0].pass) << r.outputs[0].diff.sqnrDb;
    ASSERT_TRUE(r.outputs[0].classes);
    EXPECT_EQ(r.outputs[0].classes->top1, 1);
}

TEST_F(Resnet18, QOperatorFollowsOrtPattern)
{
    QuantizeOptions o;
    o.format = QuantFormat::QOperator;
    o.perChannel = true;
    QuantizeSummary summary;
    auto m = quantizeAndReload(o, &summary);
    ASSERT_TRUE(m);
    const Graph& g = m->graph();
    EXPECT_EQ(count(g, "QLinearConv"), 20);
    EXPECT_EQ(count(g, "Conv"), 0);
    EXPECT_EQ(count(g, "Gemm"), 1); // no QLinearGemm in ONNX: stays float, and the summary says so
    // ONNX Runtime's QOperator pattern for the rest: the residual Adds and the pooling head as com.microsoft ops,
    // MaxPool on the 8-bit tensor, every Relu gone (each follows a quantized op, whose output range is the Relu's).
    EXPECT_EQ(count(g, "QLinearAdd"), 8);
    EXPECT_EQ(count(g, "QLinearGlobalAveragePool"), 1);
    EXPECT_EQ(count(g, "MaxPool"), 1);
    EXPECT_EQ(count(g, "Relu"), 0);
    for (const Node& n : g.nodes())
        if (n.opType.starts_with("QLinear") && n.opType != "QLinearConv")
            EXPECT_EQ(n.domain, "com.microsoft") << n.describe();
    // Float only at the ends: one QuantizeLinear (the image), one DequantizeLinear (the pooled features the float
    // Flatten -> Gemm read). No float tensor in between is written, so no pointless round trip.
    EXPECT_EQ(count(g, "QuantizeLinear"), 1);
    EXPECT_EQ(count(g, "DequantizeLinear"), 1);
    for (const Node& n : g.nodes())
        if (n.opType == "QuantizeLinear") {
            const Node* p = producerOf(g, n.input(0));
            EXPECT_TRUE(!p || p->opType != "DequantizeLinear") << n.describe();
        }
    for (const Node& n : g.nodes()) {
        if (n.opType != "QLinearConv")
            continue;
        // x, x_scale, x_zp, w (int8, per channel), w_scale [M], w_zp [M], y_scale, y_zp, bias (int32)
        ASSERT_EQ(n.inputCount(), 9u) << n.describe();
        const Tensor* w = g.constantData(n.input(3));
        ASSERT_TRUE(w && w->dataType() == DataType::Int8);
        EXPECT_EQ(g.constantData(n.input(4))->elementCount(), w->dims()[0]);
        EXPECT_EQ(g.constantData(n.input(8))->dataType(), DataType::Int32);
        // The output's type is y_zero_point's (libonnx infers no types past the com.microsoft ops, which it has no
        // schema for, so the value itself may be untyped in the file).
        EXPECT_EQ(g.constantData(n.input(7))->dataType(), DataType::UInt8);
    }
    SessionOptions so;
    auto session = Session::create(m, so);
    ASSERT_TRUE(session) << session.status().message();
    const ParityReport r = parityOf(fp32, m, dir);
    ASSERT_EQ(r.outputs.size(), 1u);
    EXPECT_TRUE(r.outputs[0].pass) << r.outputs[0].diff.sqnrDb;
    // Layers compare by name only where a float tensor exists: the image, the pooled features and what follows.
    EXPECT_GE(r.layers.size(), 1u);
}

TEST_F(Resnet18, CalibrationIsCancellable)
{
    auto random = loadSamples(*fp32, "random:3");
    ASSERT_TRUE(random);
    CancelToken cancel;
    cancel.requestCancel();
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.cancel = &cancel;
    auto q = quantizeModel(fp32, o, *random);
    ASSERT_FALSE(q);
    EXPECT_TRUE(q.status().isCancelled());
}

TEST_F(Resnet18, ExcludedNodeStaysFloatAndUnknownNameIsRefused)
{
    QuantizeOptions o;
    o.excludeNodes = { "/conv1/Conv" };
    QuantizeSummary summary;
    auto q = quantizeModel(fp32, o, {}, &summary);
    ASSERT_TRUE(q);
    EXPECT_EQ(summary.quantizedByOp["Conv"], 19);
    EXPECT_EQ(count((*q)->graph(), "Conv"), 1);
    o.excludeNodes = { "no_such_node" };
    auto bad = quantizeModel(fp32, o);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.status().message().find("'no_such_node', which is not a node"), std::string::npos);
}

// --reduce-range: 7-bit weights, as ONNX Runtime writes them for CPUs whose u8s8 multiply-add can saturate. Symmetric
// per channel, each channel's largest |w| maps to exactly 63 (scale = max|w| / 63), and nothing lies outside [-63, 63].
TEST_F(Resnet18, ReducedRangeWeightsUseSevenBits)
{
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.perChannel = true;
    o.reduceRange = true;
    auto m = quantizeAndReload(o);
    ASSERT_TRUE(m);
    const Graph& g = m->graph();
    int weights = 0;
    for (const Node& n : g.nodes()) {
        if (n.opType != "Conv")
            continue;
        const Node* wdq = producerOf(g, n.input(1));
        ASSERT_TRUE(wdq && wdq->opType == "DequantizeLinear");
        const Tensor* w = g.constantData(wdq->input(0));
        ASSERT_TRUE(w && w->dataType() == DataType::Int8);
        const int64_t channels = w->dims()[0];
        const int64_t inner = w->elementCount() / channels;
        const auto d = w->data<int8_t>();
        for (int64_t c = 0; c < channels; ++c) {
            int largest = 0;
            for (int64_t i = 0; i < inner; ++i) {
                const int v = d[static_cast<size_t>(c * inner + i)];
                ASSERT_LE(std::abs(v), 63) << n.describe() << " channel " << c;
                largest = std::max(largest, std::abs(v));
            }
            EXPECT_TRUE(largest == 63 || largest == 0) << n.describe() << " channel " << c << ": " << largest;
        }
        ++weights;
    }
    EXPECT_EQ(weights, 20);
    const ParityReport r = parityOf(fp32, m, dir);
    ASSERT_EQ(r.outputs.size(), 1u);
    EXPECT_TRUE(r.outputs[0].pass) << r.outputs[0].diff.sqnrDb; // 7 bits cost about 6 dB, well above the threshold
}

// --op-types: only the listed operators are quantized; resnet18's 20 convolutions stay float when only Gemm is asked.
TEST_F(Resnet18, OpTypesLimitWhatIsQuantized)
{
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.opTypes = { "Gemm" };
    QuantizeSummary summary;
    auto m = quantizeAndReload(o, &summary);
    ASSERT_TRUE(m);
    EXPECT_EQ(summary.quantizedByOp.count("Conv"), 0u);
    EXPECT_EQ(summary.quantizedByOp["Gemm"], 1);
    const Graph& g = m->graph();
    int convs = 0;
    for (const Node& n : g.nodes()) {
        if (n.opType == "Conv") {
            ++convs;
            const Node* w = producerOf(g, n.input(1));
            EXPECT_TRUE(!w || w->opType != "DequantizeLinear") << n.describe() << " has quantized weights";
            const Node* x = producerOf(g, n.input(0));
            EXPECT_TRUE(!x || x->opType != "DequantizeLinear") << n.describe() << " reads a quantized activation";
        }
        if (n.opType == "Gemm") {
            const Node* w = producerOf(g, n.input(1));
            EXPECT_TRUE(w && w->opType == "DequantizeLinear") << n.describe();
        }
    }
    EXPECT_EQ(convs, 20);
    // One activation group (Gemm's input) and its output: two QuantizeLinear, not one per convolution.
    EXPECT_EQ(count(g, "QuantizeLinear"), 2);
}

// --activation-type int8 (S8S8, ONNX Runtime's default on x64 for QDQ): every activation QuantizeLinear writes int8
// with an int8 zero point; the file runs in the engine in both modes and keeps parity.
TEST_F(Resnet18, Int8ActivationsAreSigned)
{
    QuantizeOptions o;
    o.format = QuantFormat::Qdq;
    o.perChannel = true;
    o.activationType = DataType::Int8;
    auto m = quantizeAndReload(o);
    ASSERT_TRUE(m);
    const Graph& g = m->graph();
    int activations = 0;
    for (const Node& n : g.nodes()) {
        if (n.opType != "QuantizeLinear")
            continue;
        ++activations;
        EXPECT_EQ(g.value(n.output(0)).type.elementType, DataType::Int8) << n.describe();
        ASSERT_NE(n.input(2), kNoValue) << n.describe();
        EXPECT_EQ(g.constantData(n.input(2))->dataType(), DataType::Int8) << n.describe();
    }
    EXPECT_GE(activations, 21);
    for (const ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        SessionOptions so;
        so.mode = mode;
        auto session = Session::create(m, so);
        ASSERT_TRUE(session) << session.status().message();
        EXPECT_TRUE((*session)->run(samples.at(0)));
    }
    const ParityReport r = parityOf(fp32, m, dir);
    ASSERT_EQ(r.outputs.size(), 1u);
    EXPECT_TRUE(r.outputs[0].pass) << r.outputs[0].diff.sqnrDb;
}
