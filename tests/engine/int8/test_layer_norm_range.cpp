// SPDX-License-Identifier: MIT
// The dynamic-range pass after a LayerNormalization (a transformer's norm before its quantize_dynamic MatMul): the
// LayerNormalization step reports the {min, max} of the values it writes and the DynamicQuantizeLinear reading them
// takes that range instead of a min/max pass of its own. DynamicQuantizeLinear's scale and zero point depend only on
// that min and max, so the claim is bit-identity: the range must be exactly the min and max of the written rows
// (checked against std::minmax_element over them), and the whole LayerNormalization -> DynamicQuantizeLinear ->
// MatMulInteger -> Cast -> Mul -> Add graph must give the as-written session's bits, while the plan shows the range
// passed between the two steps. Row counts above and below the kernel's threading threshold; this suite also runs
// limited to AVX2 and AVX512_CORE (CMakeLists.txt).
#include "int8_test_util.h"
#include "kernels/cpu/layer_norm_simd.h"
#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/plan_description.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

namespace {

using namespace qs;
using test::randomFloats;

TEST(LayerNormRange, IsTheMinAndMaxOfTheWrittenRows)
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

std::shared_ptr<const Model> buildLayerNormMatMul()
{
    std::mt19937 rng(21);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> w(size_t(kK * kN));
    for (uint8_t& v : w)
        v = uint8_t(byte(rng));
    test::ModelBuilder mb(17);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { kB, kM, kK });
    g.floatInitializer("gamma", { kK }, randomFloats(size_t(kK), 22, 0.5f, 2.0f));
    g.floatInitializer("beta", { kK }, randomFloats(size_t(kK), 23, 0.2f, 1.5f));
    g.node("LayerNormalization", { "x", "gamma", "beta" }, { "n" }, "norm");
    g.node("DynamicQuantizeLinear", { "n" }, { "nq", "ns", "nz" }, "dql");
    g.rawInitializer("w", onnx::TensorProto_DataType_UINT8, { kK, kN }, w);
    g.rawInitializer("wzp", onnx::TensorProto_DataType_UINT8, {}, std::vector<uint8_t> { 131 });
    g.floatInitializer("ws", {}, { 0.0125f });
    g.floatInitializer("b", { kN }, randomFloats(size_t(kN), 24, -1.0f, 1.0f));
    g.node("Mul", { "ns", "ws" }, { "s" }, "scale");
    g.node("MatMulInteger", { "nq", "w", "nz", "wzp" }, { "acc" }, "matmul");
    auto& cast = g.node("Cast", { "acc" }, { "accf" }, "cast");
    test::setAttr(cast, "to", int64_t(onnx::TensorProto_DataType_FLOAT));
    g.node("Mul", { "accf", "s" }, { "m" }, "rescale");
    g.node("Add", { "m", "b" }, { "y" }, "bias");
    g.output("y", onnx::TensorProto_DataType_FLOAT);
    auto model = loadModelFromBytes(mb.serialize(), "layer_norm_matmul.onnx");
    EXPECT_TRUE(model.isOk()) << model.status().toString();
    return model.isOk() ? *model : nullptr;
}

Result<HostTensor> runOn(
    const std::shared_ptr<const Model>& model, ExecutionMode mode, const std::vector<float>& x, PlanDescription* plan)
{
    auto session = test::createSession(model, mode);
    if (!session.isOk())
        return session.status();
    if (plan)
        *plan = describePlan(**session);
    HostTensor in(DataType::Float, { kB, kM, kK });
    std::copy(x.begin(), x.end(), in.data<float>().begin());
    const HostTensor ins[] = { std::move(in) };
    auto out = (*session)->run(ins);
    if (!out.isOk())
        return out.status();
    return std::move((*out)[0]);
}

TEST(LayerNormRange, DynamicQuantizeLinearTakesTheNormsRangeWithTheAsWrittenBits)
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
        const PlanStep& norm = plan.steps[0];
        const PlanStep& dql = plan.steps[1];
        EXPECT_EQ(norm.opType, "LayerNormalization") << planText(plan);
        ASSERT_EQ(norm.outputs.size(), 2u) << planText(plan);
        EXPECT_EQ(norm.outputs[1].dims, (std::vector<int64_t> { 2 }));
        EXPECT_NE(std::find(norm.passes.begin(), norm.passes.end(), "dynamic-range"), norm.passes.end());
        EXPECT_EQ(dql.opType, "DynamicQuantizeLinear") << planText(plan);
        ASSERT_EQ(dql.inputs.size(), 2u) << planText(plan);
        EXPECT_EQ(dql.inputs[1].name, norm.outputs[1].name);
        EXPECT_EQ(dql.inputs[1].source, "step");

        auto asWritten = runOn(model, ExecutionMode::AsWritten, x, nullptr);
        ASSERT_TRUE(asWritten.isOk()) << asWritten.status().toString();
        ASSERT_EQ(fused->byteSize(), asWritten->byteSize());
        EXPECT_EQ(std::memcmp(fused->rawData(), asWritten->rawData(), fused->byteSize()), 0);
    }
}

// A LayerNormalization that also writes its Mean keeps the ONNX outputs: no range, the DynamicQuantizeLinear
// computes its own.
TEST(LayerNormRange, NotTakenWhenTheNormWritesItsMean)
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
