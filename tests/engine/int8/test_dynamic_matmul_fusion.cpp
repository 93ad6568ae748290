// SPDX-License-Identifier: MIT
// Optimized mode's fused dynamic matmul (graph_rewrites.cpp, rewrite 7) on a generated graph of ONNX Runtime's
// quantize_dynamic pattern for MatMul: DynamicQuantizeLinear -> MatMulInteger -> Cast -> Mul(x_scale * w_scale)
// -> Add(bias). The truth is computed here from the ONNX operator definitions (DynamicQuantizeLinear's formulas,
// the integer product with both zero points, then the float rescale and bias), not by the engine; the fused step
// must also list every authored node it replaced. With an erf GELU after it (pass "matmul-epilogue") the truth is
// the GELU of that value in double.
#include "erf_gelu_graph.h"
#include "int8_test_util.h"
#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

namespace {

using namespace qs;
using test::randomFloats;

// A of [2, 3, kK] (leading dims flattened into M = 6); odd K and N so no vector width divides them.
constexpr int64_t kB = 2, kM = 3, kK = 37, kN = 19;

/// The quantize_dynamic graph, optionally followed by PyTorch's erf GELU (Div(sqrt 2) -> Erf -> Add(1) -> Mul(y) ->
/// Mul(0.5)), and its truth: ONNX's definitions computed here (the GELU in double on the float product).
struct DynamicMatMulCase
{
    std::shared_ptr<const Model> model;
    std::vector<float> x;
    std::vector<double> want;
};

DynamicMatMulCase buildDynamicMatMul(bool gelu)
{
    DynamicMatMulCase c;
    // Weights over the full uint8 range with per-column zero points 0..252: many w - zp leave the s8 window, and
    // adjacent-K pairs that saturate int16 on AVX2 exist, so the exact corrections are exercised.
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> w(static_cast<size_t>(kK * kN));
    std::vector<uint8_t> wzp(static_cast<size_t>(kN));
    for (uint8_t& v : w)
        v = uint8_t(byte(rng));
    for (int64_t j = 0; j < kN; ++j)
        wzp[size_t(j)] = uint8_t(j * 14);
    const std::vector<float> wScale = randomFloats(size_t(kN), 6, 0.001f, 0.02f);
    const std::vector<float> bias = randomFloats(size_t(kN), 8, -1.0f, 1.0f);

    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { kB, kM, kK });
    g.node("DynamicQuantizeLinear", { "x" }, { "xq", "xs", "xz" }, "dql");
    g.rawInitializer("w", onnx::TensorProto_DataType_UINT8, { kK, kN }, w);
    g.rawInitializer("wzp", onnx::TensorProto_DataType_UINT8, { kN }, wzp);
    g.floatInitializer("ws", { kN }, wScale);
    g.floatInitializer("b", { kN }, bias);
    g.node("Mul", { "xs", "ws" }, { "s" }, "scale");
    g.node("MatMulInteger", { "xq", "w", "xz", "wzp" }, { "acc" }, "matmul");
    auto& cast = g.node("Cast", { "acc" }, { "accf" }, "cast");
    test::setAttr(cast, "to", int64_t(onnx::TensorProto_DataType_FLOAT));
    g.node("Mul", { "accf", "s" }, { "m" }, "rescale");
    g.node("Add", { "m", "b" }, { "y" }, "bias");
    if (gelu) {
        test::addErfGelu(g, "y", "out", true);
        g.output("out", onnx::TensorProto_DataType_FLOAT);
    } else {
        g.output("y", onnx::TensorProto_DataType_FLOAT);
    }
    auto model = loadModelFromBytes(mb.serialize(), "dynamic_matmul.onnx");
    EXPECT_TRUE(model.isOk()) << model.status().toString();
    if (!model.isOk())
        return c;
    c.model = *model;

    // Skewed range so that the activation zero point is not trivial.
    c.x = randomFloats(size_t(kB * kM * kK), 7, -1.0f, 3.0f);
    const std::vector<float>& xv = c.x;

    // ONNX DynamicQuantizeLinear: range including 0, scale = range / 255, zero point and values rounded half to even.
    const float lo = std::min(0.0f, *std::min_element(xv.begin(), xv.end()));
    const float hi = std::max(0.0f, *std::max_element(xv.begin(), xv.end()));
    const float xScale = (hi - lo) / 255.0f;
    const int32_t xZeroPoint = int32_t(std::clamp(std::nearbyint(0.0f - lo / xScale), 0.0f, 255.0f));
    EXPECT_GT(xZeroPoint, 0);
    std::vector<int32_t> xq;
    for (float v : xv)
        xq.push_back(int32_t(std::clamp(std::nearbyint(v / xScale) + float(xZeroPoint), 0.0f, 255.0f)));
    // MatMulInteger, Cast, Mul(x_scale * w_scale), Add(bias) [, GELU].
    for (int64_t r = 0; r < kB * kM; ++r)
        for (int64_t j = 0; j < kN; ++j) {
            int32_t acc = 0;
            for (int64_t p = 0; p < kK; ++p)
                acc += (xq[size_t(r * kK + p)] - xZeroPoint)
                    * (int32_t(w[size_t(p * kN + j)]) - int32_t(wzp[size_t(j)]));
            const double y = float(acc) * (xScale * wScale[size_t(j)]) + bias[size_t(j)];
            c.want.push_back(gelu ? 0.5 * y * (1.0 + std::erf(y / std::sqrt(2.0))) : y);
        }
    return c;
}

Result<std::vector<HostTensor>> runCase(const DynamicMatMulCase& c, ExecutionMode mode, std::string* listing,
    std::vector<std::vector<std::string>>* covered)
{
    auto session = test::createSession(c.model, mode);
    if (!session.isOk())
        return session.status();
    if (covered)
        *covered = test::coveredNodeNames(**session, c.model->graph(), *listing);
    HostTensor x(DataType::Float, { kB, kM, kK });
    std::copy(c.x.begin(), c.x.end(), x.data<float>().begin());
    const HostTensor in[] = { std::move(x) };
    return (*session)->run(in);
}

/// The integer product is exact; only the float rescale and bias (one product, one sum) and the GELU may round
/// differently from the truth.
void expectNearTruth(const HostTensor& out, const DynamicMatMulCase& c, const char* what)
{
    ASSERT_EQ(out.dims(), (std::vector<int64_t> { kB, kM, kN })) << what;
    const auto got = out.data<float>();
    for (size_t i = 0; i < c.want.size(); ++i)
        ASSERT_NEAR(got[i], c.want[i], 1e-5f + 1e-5f * std::fabs(c.want[i])) << what << ", element " << i;
}

/// Optimized: two steps, the DynamicQuantizeLinear and the fused one covering `fused`; `out` its output, checked
/// against the truth.
void runOptimized(const DynamicMatMulCase& c, const std::vector<std::string>& fused, HostTensor& out)
{
    std::string listing;
    std::vector<std::vector<std::string>> covered;
    auto run = runCase(c, ExecutionMode::Optimized, &listing, &covered);
    ASSERT_TRUE(run.isOk()) << run.status().toString();
    ASSERT_EQ(covered.size(), 2u) << listing;
    EXPECT_EQ(covered[0], (std::vector<std::string> { "dql" }));
    EXPECT_EQ(covered[1], fused);
    ASSERT_EQ(run->size(), 1u);
    expectNearTruth((*run)[0], c, "optimized");
    out = std::move((*run)[0]);
}

TEST(DynamicMatMulFusion, MatchesTheOnnxDefinitionAndCoversTheAuthoredNodes)
{
    const DynamicMatMulCase c = buildDynamicMatMul(false);
    ASSERT_TRUE(c.model);
    std::string listing;
    std::vector<std::vector<std::string>> covered;
    HostTensor out;
    runOptimized(c, { "matmul", "scale", "cast", "rescale", "bias" }, out);

    // As written, the same graph runs node by node and must give the same numbers (against the same truth).
    listing.clear();
    auto out2 = runCase(c, ExecutionMode::AsWritten, &listing, &covered);
    ASSERT_TRUE(out2.isOk()) << out2.status().toString();
    EXPECT_EQ(covered.size(), 6u) << listing;
    expectNearTruth((*out2)[0], c, "as written");
}

// The erf GELU after the fused step joins it (pass "matmul-epilogue"), with the authored operations per element:
// the ONNX definition's values, and the as-written run's bits.
TEST(DynamicMatMulFusion, AbsorbsTheErfGeluWithTheAsWrittenBits)
{
    const DynamicMatMulCase c = buildDynamicMatMul(true);
    ASSERT_TRUE(c.model);
    std::string listing;
    std::vector<std::vector<std::string>> covered;
    HostTensor out;
    runOptimized(c, { "matmul", "scale", "cast", "rescale", "bias", "div", "erf", "plus1", "mul", "half" }, out);
    auto asWritten = runCase(c, ExecutionMode::AsWritten, &listing, &covered);
    ASSERT_TRUE(asWritten.isOk()) << asWritten.status().toString();
    ASSERT_EQ(covered.size(), 11u) << listing;
    const HostTensor& a = out;
    const HostTensor& b = (*asWritten)[0];
    ASSERT_EQ(a.byteSize(), b.byteSize());
    EXPECT_EQ(std::memcmp(a.rawData(), b.rawData(), a.byteSize()), 0);
}

TEST(DynamicMatMulFusion, LeavesTheNodesAsWrittenWhenTheProductHasAnotherConsumer)
{
    std::vector<uint8_t> w(size_t(kK * kN), 130);
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { kB, kM, kK });
    g.node("DynamicQuantizeLinear", { "x" }, { "xq", "xs", "xz" }, "dql");
    g.rawInitializer("w", onnx::TensorProto_DataType_UINT8, { kK, kN }, w);
    g.rawInitializer("wzp", onnx::TensorProto_DataType_UINT8, {}, std::vector<uint8_t> { 128 });
    g.floatInitializer("ws", {}, { 0.01f });
    g.node("Mul", { "xs", "ws" }, { "s" }, "scale");
    g.node("MatMulInteger", { "xq", "w", "xz", "wzp" }, { "acc" }, "matmul");
    auto& cast = g.node("Cast", { "acc" }, { "accf" }, "cast");
    test::setAttr(cast, "to", int64_t(onnx::TensorProto_DataType_FLOAT));
    g.node("Mul", { "accf", "s" }, { "y" }, "rescale");
    g.output("y", onnx::TensorProto_DataType_FLOAT);
    g.output("acc", onnx::TensorProto_DataType_INT32); // the int32 product is also a graph output
    auto model = loadModelFromBytes(mb.serialize(), "dynamic_matmul_shared.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    test::expectEveryNodeItsOwnStep(*model, 5);
}

} // namespace
