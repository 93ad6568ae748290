// SPDX-License-Identifier: MIT
// The executor kernels over the INT8 blocks, through a Session on hand-built one-node graphs: the forms the ONNX
// conformance cases do not cover (1-D ConvInteger, per-channel weight zero points, int8 activations, batched
// MatMulInteger), in both execution modes, against the reference.
#include "int8_test_util.h"
#include "kernels/int8/conv_integer_ref.h"

#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <random>

using namespace qs;

namespace {

using test::intsAttr;
using test::randomValues;
using test::tensorType;

/// A model of one node whose inputs are `inputOrder`: each either an initializer from `constants` or a graph input
/// from `graphInputs`; one output.
std::shared_ptr<Model> oneNodeModel(Node node, const std::vector<std::string>& inputOrder,
    const std::vector<std::pair<std::string, Tensor>>& constants,
    const std::vector<std::pair<std::string, TensorType>>& graphInputs, const std::string& output, TensorType outType)
{
    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    for (const auto& [name, type] : graphInputs)
        test::addGraphInput(g, name, type);
    for (const auto& [name, tensor] : constants)
        test::addInitializer(g, name, tensor);
    const ValueId out = g.getOrAddValue(output);
    g.mutableValue(out).type = outType;
    g.mutableValue(out).isGraphOutput = true;
    for (const std::string& name : inputOrder)
        node.inputs.push_back(g.getOrAddValue(name));
    node.outputs = { out };
    node.opsetVersion = 13;
    g.addNode(std::move(node));
    g.addOutput(out);
    EXPECT_TRUE(g.finalize().isOk());
    return model;
}

} // namespace

TEST(Int8Session, ConvInteger1dSignedActivationsPerChannelZeroPoints)
{
    std::mt19937 rng(23);
    const int64_t n = 1, c = 3, w = 11, m = 4, k = 3;
    const auto x = randomValues<int8_t>(rng, size_t(n * c * w));
    const auto wt = randomValues<uint8_t>(rng, size_t(m * c * k));
    const std::vector<uint8_t> wzp = { 0, 128, 171, 37 };
    const int8_t xzp = -9;
    Node node;
    node.name = "conv";
    node.opType = "ConvInteger";
    node.attributes = { intsAttr("pads", { 1, 2 }), intsAttr("strides", { 2 }) };
    const int64_t ow = (w + 1 + 2 - k) / 2 + 1;
    auto model = oneNodeModel(node, { "x", "w", "xzp", "wzp" },
        { { "w", Tensor::fromVector(DataType::UInt8, { m, c, k }, wt) },
            { "xzp", Tensor::fromVector(DataType::Int8, {}, std::vector<int8_t> { xzp }) },
            { "wzp", Tensor::fromVector(DataType::UInt8, { m }, wzp) } },
        { { "x", tensorType(DataType::Int8, { n, c, w }) } }, "y", tensorType(DataType::Int32, { n, m, ow }));

    kernels::int8::ConvShape s;
    s.inChannels = c;
    s.outChannels = m;
    s.inHeight = 1;
    s.inWidth = w;
    s.kernelWidth = k;
    s.strideWidth = 2;
    s.padLeft = 1;
    s.padRight = 2;
    std::vector<int32_t> expected(size_t(s.outputCount()));
    const std::vector<int32_t> wzp32(wzp.begin(), wzp.end());
    kernels::int8::convIntegerRef(s, x.data(), xzp, wt.data(), wzp32.data(), true, expected.data());
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        auto session = test::createSession(model, mode);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(DataType::Int8, { n, c, w }, x));
        auto out = (*session)->run(in);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        const auto y = (*out)[0].data<int32_t>();
        ASSERT_EQ(y.size(), expected.size());
        for (size_t i = 0; i < y.size(); ++i)
            EXPECT_EQ(y[i], expected[i]) << executionModeName(mode) << " output " << i;
    }
}

TEST(Int8Session, MatMulIntegerBatchedPerColumnZeroPoints)
{
    std::mt19937 rng(29);
    const int64_t batch = 2, m = 5, k = 19, n = 7;
    const auto a = randomValues<uint8_t>(rng, size_t(batch * m * k));
    const auto b = randomValues<uint8_t>(rng, size_t(k * n));
    std::vector<uint8_t> bzp(static_cast<size_t>(n));
    for (int64_t j = 0; j < n; ++j)
        bzp[size_t(j)] = uint8_t(100 + 10 * j);
    const uint8_t azp = 131;
    Node node;
    node.name = "mm";
    node.opType = "MatMulInteger";
    auto model = oneNodeModel(node, { "a", "b", "azp", "bzp" },
        { { "b", Tensor::fromVector(DataType::UInt8, { k, n }, b) },
            { "azp", Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { azp }) },
            { "bzp", Tensor::fromVector(DataType::UInt8, { n }, bzp) } },
        { { "a", tensorType(DataType::UInt8, { batch, m, k }) } }, "y", tensorType(DataType::Int32, { batch, m, n }));
    // A [batch, M, K] x B [K, N]: the batch folds into M.
    std::vector<int32_t> expected(size_t(batch * m * n));
    const std::vector<int32_t> bzp32(bzp.begin(), bzp.end());
    kernels::int8::matMulIntegerRef(batch * m, k, n, a.data(), azp, b.data(), bzp32.data(), true, expected.data());
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        auto session = test::createSession(model, mode);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(DataType::UInt8, { batch, m, k }, a));
        auto out = (*session)->run(in);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        const auto y = (*out)[0].data<int32_t>();
        ASSERT_EQ(y.size(), expected.size());
        for (size_t i = 0; i < y.size(); ++i)
            EXPECT_EQ(y[i], expected[i]) << executionModeName(mode) << " output " << i;
    }
}
