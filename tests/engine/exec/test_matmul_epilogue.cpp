// SPDX-License-Identifier: MIT
// The pass "matmul-epilogue" on generated graphs of a transformer's feed-forward block as PyTorch exports it:
// MatMul -> Add(bias) -> Div(sqrt 2) -> Erf -> Add(1) -> Mul(y) -> Mul(0.5). The truth is the erf GELU of the
// product computed here in double (std::erf); the fused step must cover every authored node and, since the epilogue
// repeats the authored float operations element by element, give exactly the as-written output.
#include "../int8/int8_test_util.h"
#include "erf_gelu_graph.h"
#include "onnx_builder.h"

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

namespace {

using namespace qs;

// A [2, 3, K] times B [K, N]: the batch folds into M = 6 rows; odd K and N so no vector width divides them.
constexpr int64_t kBatch = 2, kM = 3, kK = 37, kN = 19;

struct Block
{
    std::vector<float> w = test::randomFloats(size_t(kK * kN), 1, -0.5f, 0.5f);
    std::vector<float> bias = test::randomFloats(size_t(kN), 2, -1.0f, 1.0f);
    std::vector<float> x = test::randomFloats(size_t(kBatch * kM * kK), 3, -2.0f, 2.0f);

    /// `geluOutput`: the GELU's output is a graph output (else the bias Add's output).
    std::shared_ptr<const Model> model(bool gelu, bool addOutputEscapes = false) const
    {
        test::ModelBuilder mb(13);
        auto& g = mb.graph();
        g.input("x", onnx::TensorProto_DataType_FLOAT, { kBatch, kM, kK });
        g.floatInitializer("w", { kK, kN }, w);
        g.floatInitializer("b", { kN }, bias);
        g.node("MatMul", { "x", "w" }, { "mm" }, "matmul");
        g.node("Add", { "b", "mm" }, { "y" }, "bias"); // bias first, as PyTorch writes it
        if (gelu) {
            test::addErfGelu(g, "y", "out");
            g.output("out", onnx::TensorProto_DataType_FLOAT);
        }
        if (!gelu || addOutputEscapes)
            g.output("y", onnx::TensorProto_DataType_FLOAT);
        auto m = loadModelFromBytes(mb.serialize(), "ffn.onnx");
        EXPECT_TRUE(m.isOk()) << m.status().toString();
        return m.isOk() ? *m : nullptr;
    }

    /// x·w + bias, then (gelu) 0.5 y (1 + erf(y / sqrt 2)), in double.
    std::vector<double> truth(bool gelu) const
    {
        std::vector<double> out;
        for (int64_t r = 0; r < kBatch * kM; ++r)
            for (int64_t j = 0; j < kN; ++j) {
                double y = bias[size_t(j)];
                for (int64_t p = 0; p < kK; ++p)
                    y += double(x[size_t(r * kK + p)]) * w[size_t(p * kN + j)];
                out.push_back(gelu ? 0.5 * y * (1.0 + std::erf(y / std::sqrt(2.0))) : y);
            }
        return out;
    }

    std::vector<HostTensor> run(const std::shared_ptr<const Model>& m, ExecutionMode mode,
        std::vector<std::vector<std::string>>* covered = nullptr) const
    {
        SessionOptions options;
        options.mode = mode;
        auto session = Session::create(m, options);
        EXPECT_TRUE(session.isOk()) << session.status().toString();
        if (!session.isOk())
            return {};
        if (covered)
            for (const StepInfo& s : (*session)->steps()) {
                covered->emplace_back();
                for (NodeId id : s.nodes)
                    covered->back().push_back(m->graph().node(id).name);
            }
        HostTensor in(DataType::Float, { kBatch, kM, kK });
        std::copy(x.begin(), x.end(), in.data<float>().begin());
        const HostTensor inputs[] = { std::move(in) };
        auto out = (*session)->run(inputs);
        EXPECT_TRUE(out.isOk()) << out.status().toString();
        return out.isOk() ? std::move(*out) : std::vector<HostTensor> {};
    }
};

using Names = std::vector<std::string>;

void expectNear(const HostTensor& got, const std::vector<double>& want)
{
    ASSERT_EQ(got.dims(), (std::vector<int64_t> { kBatch, kM, kN }));
    const auto g = got.data<float>();
    // Float products and sums over K = 37 terms of magnitude ~1, and erf within 2 ulp.
    for (size_t i = 0; i < want.size(); ++i)
        ASSERT_NEAR(g[i], want[i], 2e-6 + 2e-6 * std::fabs(want[i])) << "element " << i;
}

bool bitEqual(const HostTensor& a, const HostTensor& b)
{
    return a.byteSize() == b.byteSize() && std::memcmp(a.rawData(), b.rawData(), a.byteSize()) == 0;
}

TEST(MatMulEpilogue, BiasAndErfGeluBecomeOneStepWithTheDefinitionsValues)
{
    const Block blk;
    const auto model = blk.model(true);
    ASSERT_TRUE(model);
    std::vector<std::vector<std::string>> covered;
    const auto fused = blk.run(model, ExecutionMode::Optimized, &covered);
    ASSERT_EQ(covered.size(), 1u);
    EXPECT_EQ(covered[0], (Names { "matmul", "bias", "div", "erf", "plus1", "mul", "half" }));
    ASSERT_EQ(fused.size(), 1u);
    expectNear(fused[0], blk.truth(true));
    const auto asWritten = blk.run(model, ExecutionMode::AsWritten);
    ASSERT_EQ(asWritten.size(), 1u);
    expectNear(asWritten[0], blk.truth(true));
    EXPECT_TRUE(bitEqual(fused[0], asWritten[0])) << "the epilogue must repeat the authored operations";
}

TEST(MatMulEpilogue, BiasAloneBecomesOneStep)
{
    const Block blk;
    const auto model = blk.model(false);
    ASSERT_TRUE(model);
    std::vector<std::vector<std::string>> covered;
    const auto fused = blk.run(model, ExecutionMode::Optimized, &covered);
    ASSERT_EQ(covered.size(), 1u);
    EXPECT_EQ(covered[0], (Names { "matmul", "bias" }));
    ASSERT_EQ(fused.size(), 1u);
    expectNear(fused[0], blk.truth(false));
}

TEST(MatMulEpilogue, KeepsTheGeluAsWrittenWhenTheBiasedProductIsAGraphOutput)
{
    const Block blk;
    const auto model = blk.model(true, true);
    ASSERT_TRUE(model);
    std::vector<std::vector<std::string>> covered;
    const auto out = blk.run(model, ExecutionMode::Optimized, &covered);
    // The bias Add's output escapes: the bias still joins the MatMul (the fused step writes that output), but the
    // GELU reads it from outside the chain and stays as written.
    ASSERT_EQ(covered.size(), 6u);
    EXPECT_EQ(covered[0], (Names { "matmul", "bias" }));
    for (size_t i = 1; i < covered.size(); ++i)
        EXPECT_EQ(covered[i].size(), 1u);
    ASSERT_EQ(out.size(), 2u);
    expectNear(out[0], blk.truth(true));
    expectNear(out[1], blk.truth(false));
}

} // namespace
