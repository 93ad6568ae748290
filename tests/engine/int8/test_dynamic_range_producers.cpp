// SPDX-License-Identifier: MIT
// The dynamic-range pass after a transformer's producers of quantize_dynamic MatMul inputs: a LayerNormalization,
// and a fused dynamic matmul with the erf-GELU epilogue (the FFN's linear1 feeding linear2). The producer reports
// the {min, max} of the values it writes and the DynamicQuantizeLinear reading them takes that range instead of a
// min/max pass of its own. DynamicQuantizeLinear's scale and zero point depend only on that min and max, so the claim
// is bit-identity: the range must be exactly the min and max of the written values (checked against
// std::minmax_element over them), and the producer -> DynamicQuantizeLinear -> MatMulInteger -> Cast -> Mul -> Add
// graph must give the as-written session's bits, while the plan shows the range passed between the two steps. Sizes
// above and below the kernels' threading thresholds; this suite also runs limited to AVX2 and AVX512_CORE.
#include "erf_gelu_graph.h"
#include "int8_test_util.h"
#include "kernels/cpu/erf_gelu_epilogue.h"
#include "kernels/cpu/layer_norm_simd.h"
#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/plan_description.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

namespace {

using namespace qs;
using test::randomFloats;

TEST(DynamicRangeProducers, LayerNormRangeIsTheMinAndMaxOfTheWrittenRows)
{
    const quant::QuantIsa isa = quant::bestQuantIsa();
    if (isa == quant::QuantIsa::Scalar)
        GTEST_SKIP() << "no vector LayerNormalization on this CPU";
    // 1024 x 64 rows: above the threading threshold (rows * n > 2^15), so the per-thread ranges are combined.
    for (const auto [rows, n] : { std::pair<int64_t, int64_t> { 5, 37 }, { 1024, 64 } }) {
        const std::vector<float> x = randomFloats(size_t(rows * n), 11, -4.0f, 9.0f);
        const std::vector<float> scale = randomFloats(size_t(n), 12, 0.2f, 2.5f);
        const std::vector<float> bias = randomFloats(size_t(n), 13, -1.0f, 0.5f);
        std::vector<float> y(x.size()), plain(x.size());
        float range[2] = { 123.0f, -123.0f };
        ASSERT_TRUE(kernels::layerNormRows(
            isa, x.data(), scale.data(), bias.data(), y.data(), rows, n, 1e-5f, nullptr, nullptr, range));
        ASSERT_TRUE(kernels::layerNormRows(
            isa, x.data(), scale.data(), bias.data(), plain.data(), rows, n, 1e-5f, nullptr, nullptr));
        EXPECT_EQ(std::memcmp(y.data(), plain.data(), y.size() * sizeof(float)), 0) << "the range changed y";
        const auto [mn, mx] = std::minmax_element(y.begin(), y.end());
        EXPECT_EQ(range[0], *mn) << rows << " rows";
        EXPECT_EQ(range[1], *mx) << rows << " rows";
    }
}

// [2, 5, 37] tokens -> LayerNormalization -> ONNX Runtime's quantize_dynamic MatMul (odd K and N).
constexpr int64_t kB = 2, kM = 5, kK = 37, kN = 19;

/// ONNX Runtime's quantize_dynamic MatMul `x` [.., k] -> DynamicQuantizeLinear -> MatMulInteger(w [k, n]) -> Cast ->
/// Mul -> Add -> `y`, its node names suffixed with `tag`.
void addDynamicMatMul(test::GraphBuilder& g, const std::string& x, const std::string& y, int64_t k, int64_t n,
    const std::string& tag, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> w(size_t(k * n));
    for (uint8_t& v : w)
        v = uint8_t(byte(rng));
    g.node("DynamicQuantizeLinear", { x }, { x + "_q", x + "_s", x + "_z" }, "dql" + tag);
    g.rawInitializer("w" + tag, onnx::TensorProto_DataType_UINT8, { k, n }, w);
    g.rawInitializer("wzp" + tag, onnx::TensorProto_DataType_UINT8, {}, std::vector<uint8_t> { 131 });
    g.floatInitializer("ws" + tag, {}, { 0.0125f });
    g.floatInitializer("b" + tag, { n }, randomFloats(size_t(n), seed + 1, -1.0f, 1.0f));
    g.node("Mul", { x + "_s", "ws" + tag }, { "s" + tag }, "scale" + tag);
    g.node("MatMulInteger", { x + "_q", "w" + tag, x + "_z", "wzp" + tag }, { "acc" + tag }, "matmul" + tag);
    auto& cast = g.node("Cast", { "acc" + tag }, { "accf" + tag }, "cast" + tag);
    test::setAttr(cast, "to", int64_t(onnx::TensorProto_DataType_FLOAT));
    g.node("Mul", { "accf" + tag, "s" + tag }, { "m" + tag }, "rescale" + tag);
    g.node("Add", { "m" + tag, "b" + tag }, { y }, "bias" + tag);
}

/// x -> LayerNormalization -> the dynamic MatMul to N.
std::shared_ptr<const Model> buildLayerNormMatMul()
{
    test::ModelBuilder mb(17);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { kB, kM, kK });
    g.floatInitializer("gamma", { kK }, randomFloats(size_t(kK), 22, 0.5f, 2.0f));
    g.floatInitializer("beta", { kK }, randomFloats(size_t(kK), 23, 0.2f, 1.5f));
    g.node("LayerNormalization", { "x", "gamma", "beta" }, { "n" }, "norm");
    addDynamicMatMul(g, "n", "y", kK, kN, "", 21);
    g.output("y", onnx::TensorProto_DataType_FLOAT);
    auto model = loadModelFromBytes(mb.serialize(), "layer_norm_matmul.onnx");
    EXPECT_TRUE(model.isOk()) << model.status().toString();
    return model.isOk() ? *model : nullptr;
}

/// A transformer's FFN: x -> dynamic MatMul to `hidden` -> erf GELU -> dynamic MatMul to N.
std::shared_ptr<const Model> buildGeluFfn(int64_t hidden)
{
    test::ModelBuilder mb(17);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { kB, kM, kK });
    addDynamicMatMul(g, "x", "h", kK, hidden, "1", 31);
    test::addErfGelu(g, "h", "a");
    addDynamicMatMul(g, "a", "y", hidden, kN, "2", 41);
    g.output("y", onnx::TensorProto_DataType_FLOAT);
    auto model = loadModelFromBytes(mb.serialize(), "gelu_ffn.onnx");
    EXPECT_TRUE(model.isOk()) << model.status().toString();
    return model.isOk() ? *model : nullptr;
}

Result<HostTensor> runOn(const std::shared_ptr<const Model>& model, ExecutionMode mode, const std::vector<float>& x,
    PlanDescription* plan, int threads = 1, std::vector<int64_t> inputDims = { kB, kM, kK })
{
    auto session = test::createSession(model, mode, threads);
    if (!session.isOk())
        return session.status();
    if (plan)
        *plan = describePlan(**session);
    HostTensor in(DataType::Float, inputDims);
    std::copy(x.begin(), x.end(), in.data<float>().begin());
    const HostTensor ins[] = { std::move(in) };
    auto out = (*session)->run(ins);
    if (!out.isOk())
        return out.status();
    return std::move((*out)[0]);
}

/// Step `producer` writes a [2] range as its output 1 and step `quantizer` (a DynamicQuantizeLinear) reads it.
void expectRangePassed(const PlanDescription& plan, size_t producer, size_t quantizer)
{
    const PlanStep& p = plan.steps[producer];
    const PlanStep& q = plan.steps[quantizer];
    ASSERT_EQ(p.outputs.size(), 2u) << planText(plan);
    EXPECT_EQ(p.outputs[1].dims, (std::vector<int64_t> { 2 }));
    EXPECT_NE(std::find(p.passes.begin(), p.passes.end(), "dynamic-range"), p.passes.end()) << planText(plan);
    EXPECT_EQ(q.opType, "DynamicQuantizeLinear") << planText(plan);
    ASSERT_EQ(q.inputs.size(), 2u) << planText(plan);
    EXPECT_EQ(q.inputs[1].name, p.outputs[1].name);
    EXPECT_EQ(q.inputs[1].source, "step");
}

/// The as-written session (every node its own kernel, DynamicQuantizeLinear with its own min/max) gives `fused`'s
/// bits.
void expectAsWrittenBits(const std::shared_ptr<const Model>& model, const std::vector<float>& x,
    const HostTensor& fused, std::vector<int64_t> inputDims = { kB, kM, kK })
{
    auto asWritten = runOn(model, ExecutionMode::AsWritten, x, nullptr, 1, std::move(inputDims));
    ASSERT_TRUE(asWritten.isOk()) << asWritten.status().toString();
    ASSERT_EQ(fused.byteSize(), asWritten->byteSize());
    EXPECT_EQ(std::memcmp(fused.rawData(), asWritten->rawData(), fused.byteSize()), 0);
}

TEST(DynamicRangeProducers, DynamicQuantizeLinearTakesTheNormsRangeWithTheAsWrittenBits)
{
    const auto model = buildLayerNormMatMul();
    ASSERT_TRUE(model);
    PlanDescription plan;
    // Two input distributions: the norm's output (beta > 0) all positive in most rows, and a wide one.
    for (const float spread : { 0.5f, 20.0f }) {
        SCOPED_TRACE(::testing::Message() << "spread " << spread);
        const std::vector<float> x = randomFloats(size_t(kB * kM * kK), 25, -spread, 3.0f * spread);
        auto fused = runOn(model, ExecutionMode::Optimized, x, &plan);
        ASSERT_TRUE(fused.isOk()) << fused.status().toString();
        // Steps: norm (with the range), dql (reading it), the fused matmul.
        ASSERT_EQ(plan.steps.size(), 3u) << planText(plan);
        EXPECT_EQ(plan.steps[0].opType, "LayerNormalization") << planText(plan);
        expectRangePassed(plan, 0, 1);
        expectAsWrittenBits(model, x, *fused);
    }
}

/// x [batch, tokens, hidden] -> LayerNormalization -> Transpose to [tokens, batch, hidden] (a transformer's switch to
/// sequence-first before its QKV projection) -> the dynamic MatMul to N.
std::shared_ptr<const Model> buildLayerNormTransposeMatMul(int64_t batch, int64_t tokens, int64_t hidden)
{
    test::ModelBuilder mb(17);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { batch, tokens, hidden });
    g.floatInitializer("gamma", { hidden }, randomFloats(size_t(hidden), 22, 0.5f, 2.0f));
    g.floatInitializer("beta", { hidden }, randomFloats(size_t(hidden), 23, -1.5f, 0.2f));
    g.node("LayerNormalization", { "x", "gamma", "beta" }, { "n" }, "norm");
    auto& t = g.node("Transpose", { "n" }, { "nt" }, "transpose");
    test::setAttrInts(t, "perm", { 1, 0, 2 });
    addDynamicMatMul(g, "nt", "y", hidden, kN, "", 21);
    g.output("y", onnx::TensorProto_DataType_FLOAT);
    auto model = loadModelFromBytes(mb.serialize(), "layer_norm_transpose_matmul.onnx");
    EXPECT_TRUE(model.isOk()) << model.status().toString();
    return model.isOk() ? *model : nullptr;
}

// The range reaches the quantizer through the Transpose: with batch 1 the Transpose only moves an axis of extent 1,
// so it is no step at all (its output a view of the norm's), with batch 2 it copies. 130 x 128 values: over the
// norm's threading threshold (16 Ki), at 1 and 2 threads.
TEST(DynamicRangeProducers, DynamicQuantizeLinearTakesTheNormsRangeThroughATransposeWithTheAsWrittenBits)
{
    constexpr int64_t kTokens = 130, kHidden = 128;
    for (const int64_t batch : { int64_t(1), int64_t(2) })
        for (const int threads : { 1, 2 }) {
            SCOPED_TRACE(::testing::Message() << "batch " << batch << ", " << threads << " threads");
            const auto model = buildLayerNormTransposeMatMul(batch, kTokens, kHidden);
            ASSERT_TRUE(model);
            const std::vector<int64_t> dims { batch, kTokens, kHidden };
            const std::vector<float> x = randomFloats(size_t(batch * kTokens * kHidden), 27, -3.0f, 5.0f);
            PlanDescription plan;
            auto fused = runOn(model, ExecutionMode::Optimized, x, &plan, threads, dims);
            ASSERT_TRUE(fused.isOk()) << fused.status().toString();
            // Steps: norm (with the range) [, transpose], dql (reading the range), the fused matmul.
            const size_t quantizer = batch == 1 ? 1 : 2;
            ASSERT_EQ(plan.steps.size(), quantizer + 2) << planText(plan);
            EXPECT_EQ(plan.steps[0].opType, "LayerNormalization") << planText(plan);
            if (batch == 2)
                EXPECT_EQ(plan.steps[1].opType, "Transpose") << planText(plan);
            expectRangePassed(plan, 0, quantizer);
            expectAsWrittenBits(model, x, *fused, dims);
        }
}

// Hidden widths of 300 (one GELU block and a tail, one thread) and 7000 (over the matmul's threading threshold: its
// rows' column blocks), at 1 and 2 threads; the as-written session runs on 1.
TEST(DynamicRangeProducers, DynamicQuantizeLinearTakesTheGeluMatMulsRangeWithTheAsWrittenBits)
{
    for (const int threads : { 1, 2 })
        for (const int64_t hidden : { int64_t(300), int64_t(7000) }) {
            SCOPED_TRACE(::testing::Message() << "hidden " << hidden << ", " << threads << " threads");
            const auto model = buildGeluFfn(hidden);
            ASSERT_TRUE(model);
            PlanDescription plan;
            const std::vector<float> x = randomFloats(size_t(kB * kM * kK), 26, -2.0f, 3.0f);
            auto fused = runOn(model, ExecutionMode::Optimized, x, &plan, threads);
            ASSERT_TRUE(fused.isOk()) << fused.status().toString();
            // Steps: dql1, matmul1 + GELU (with the range), dql2 (reading it), matmul2.
            ASSERT_EQ(plan.steps.size(), 4u) << planText(plan);
            EXPECT_EQ(plan.steps[1].nodes.size(), 10u) << planText(plan); // the five of the GELU included
            expectRangePassed(plan, 1, 2);
            EXPECT_EQ(plan.steps[0].inputs.size(), 1u) << "a graph input has no producer to take a range from";
            expectAsWrittenBits(model, x, *fused);
        }
}

// A graph input has no producer to take a range from: the kernel's own min/max pass, on the session's threads above
// the pass threshold (64Ki elements; 3 x 150 x 151 here, not a multiple of the threads' 64-element blocks), gives the
// ONNX definition's scale, zero point and values, computed here from std::minmax_element, at 1, 2 and 3 threads.
TEST(DynamicRangeProducers, GraphInputsOwnRangeIsTheDefinitionsAtAnyThreadCount)
{
    const std::vector<int64_t> dims { 1, 3, 150, 151 };
    test::ModelBuilder mb(17);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 150, 151 });
    g.node("DynamicQuantizeLinear", { "x" }, { "q", "s", "z" }, "dql");
    g.output("q", onnx::TensorProto_DataType_UINT8);
    g.output("s", onnx::TensorProto_DataType_FLOAT);
    g.output("z", onnx::TensorProto_DataType_UINT8);
    auto model = loadModelFromBytes(mb.serialize(), "dql_input.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    // The minimum and the maximum in the last block of 3 threads' split, the rest in between.
    std::vector<float> x = randomFloats(size_t(3 * 150 * 151), 27, -3.0f, 5.0f);
    x[x.size() - 5] = -3.5f;
    x[x.size() - 70] = 6.25f;
    const float scale = (6.25f - -3.5f) / 255.0f;
    const int zeroPoint = int(std::clamp(std::nearbyint(0.0f - -3.5f / scale), 0.0f, 255.0f));
    for (const int threads : { 1, 2, 3 }) {
        SCOPED_TRACE(::testing::Message() << threads << " threads");
        SessionOptions options;
        options.threads = threads;
        auto session = Session::create(*model, options);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        HostTensor in(DataType::Float, dims);
        std::copy(x.begin(), x.end(), in.data<float>().begin());
        const HostTensor ins[] = { std::move(in) };
        auto out = (*session)->run(ins);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        EXPECT_EQ((*out)[1].data<float>()[0], scale);
        EXPECT_EQ(int((*out)[2].data<uint8_t>()[0]), zeroPoint);
        const auto q = (*out)[0].data<uint8_t>();
        ASSERT_EQ(q.size(), x.size());
        for (size_t i = 0; i < x.size(); ++i) {
            const int want = int(std::clamp(std::nearbyint(x[i] / scale) + float(zeroPoint), 0.0f, 255.0f));
            ASSERT_EQ(int(q[i]), want) << "element " << i;
        }
    }
}

TEST(DynamicRangeProducers, GeluRangeIsTheMinAndMaxOfTheWrittenValues)
{
    const kernels::ErfGelu gelu { 1.41421354f, 1.0f, 0.5f };
    for (const int64_t n : { int64_t(1), int64_t(1000), int64_t(1025), int64_t(70000) }) {
        std::vector<float> y = randomFloats(size_t(n), 14, -6.0f, 4.0f);
        std::vector<float> plain = y;
        float range[2] = { 123.0f, -123.0f };
        kernels::applyErfGelu(gelu, y.data(), n, range);
        kernels::applyErfGelu(gelu, plain.data(), n);
        EXPECT_EQ(std::memcmp(y.data(), plain.data(), y.size() * sizeof(float)), 0) << "the range changed y";
        const auto [mn, mx] = std::minmax_element(y.begin(), y.end());
        EXPECT_EQ(range[0], *mn) << n;
        EXPECT_EQ(range[1], *mx) << n;
    }
}

// A LayerNormalization that also writes its Mean keeps the ONNX outputs: no range, the DynamicQuantizeLinear
// computes its own.
TEST(DynamicRangeProducers, NotTakenWhenTheNormWritesItsMean)
{
    test::ModelBuilder mb(17);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { kB, kM, kK });
    g.floatInitializer("gamma", { kK }, randomFloats(size_t(kK), 22, 0.5f, 2.0f));
    g.node("LayerNormalization", { "x", "gamma" }, { "n", "mean" }, "norm");
    g.node("DynamicQuantizeLinear", { "n" }, { "nq", "ns", "nz" }, "dql");
    g.output("nq", onnx::TensorProto_DataType_UINT8);
    g.output("mean", onnx::TensorProto_DataType_FLOAT);
    auto model = loadModelFromBytes(mb.serialize(), "layer_norm_mean.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    auto session = test::createSession(*model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    const PlanDescription plan = describePlan(**session);
    ASSERT_EQ(plan.steps.size(), 2u) << planText(plan);
    EXPECT_EQ(plan.steps[1].inputs.size(), 1u) << planText(plan);
}

} // namespace
