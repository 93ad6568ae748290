// SPDX-License-Identifier: MIT
// The pass "matmul-views" on generated graphs of attention as PyTorch's nn.MultiheadAttention exports it: the packed
// QKV projection [T, 1, 3E] sliced into Q, K and V, each reshaped into heads [T, H, D] and transposed, Q divided by
// sqrt(D), scores = Q K^T, then P V. The truth is the formula computed here in double from the inputs; the folded
// steps must run as one matmul reading the projection in place, and a division by a power of two, which commutes
// exactly with the products and sums, must scale that matmul's output exactly.
#include "../int8/int8_test_util.h"
#include "onnx_builder.h"

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace {

using namespace qs;
using Names = std::vector<std::string>;

// Tokens, heads and head dim: D = 16 so that sqrt(D) = 4 is a power of two; odd T so no vector width divides it.
constexpr int64_t kT = 11, kH = 3, kD = 16, kE = kH * kD;

struct Attention
{
    std::vector<float> qkv = test::randomFloats(size_t(kT * 3 * kE), 21, -1.0f, 1.0f);
    std::vector<float> p = test::randomFloats(size_t(kH * kT * kT), 22, 0.0f, 1.0f);

    /// Q K^T / divisor per head [H, T, T], and P V [H, T, D] with the given probabilities P.
    std::vector<double> scores(float divisor) const
    {
        std::vector<double> s;
        for (int64_t h = 0; h < kH; ++h)
            for (int64_t i = 0; i < kT; ++i)
                for (int64_t j = 0; j < kT; ++j) {
                    double acc = 0;
                    for (int64_t d = 0; d < kD; ++d)
                        acc += double(qkv[size_t(i * 3 * kE + h * kD + d)]) / divisor
                            * qkv[size_t(j * 3 * kE + kE + h * kD + d)];
                    s.push_back(acc);
                }
        return s;
    }
    std::vector<double> context() const
    {
        std::vector<double> c;
        for (int64_t h = 0; h < kH; ++h)
            for (int64_t i = 0; i < kT; ++i)
                for (int64_t d = 0; d < kD; ++d) {
                    double acc = 0;
                    for (int64_t j = 0; j < kT; ++j)
                        acc += double(p[size_t((h * kT + i) * kT + j)]) * qkv[size_t(j * 3 * kE + 2 * kE + h * kD + d)];
                    c.push_back(acc);
                }
        return c;
    }

    /// The exported graph; the projection is an Identity of the input, so the Slices read a step's output as in the
    /// real model (a graph input would be read in place too, but not through the same path).
    std::string model(float divisor) const
    {
        test::ModelBuilder mb(17);
        auto& g = mb.graph();
        g.input("x", onnx::TensorProto_DataType_FLOAT, { kT, 1, 3 * kE });
        g.input("p", onnx::TensorProto_DataType_FLOAT, { kH, kT, kT });
        g.node("Relu", { "x" }, { "qkv" }, "projection"); // inputs are drawn >= -1: Relu is not the identity
        const char* names[] = { "q", "k", "v" };
        for (int64_t i = 0; i < 3; ++i) {
            const std::string n = names[i];
            g.rawInitializer(n + "_starts", onnx::TensorProto_DataType_INT64, { 1 }, std::vector<int64_t> { i * kE });
            g.rawInitializer(
                n + "_ends", onnx::TensorProto_DataType_INT64, { 1 }, std::vector<int64_t> { (i + 1) * kE });
            g.rawInitializer(n + "_axes", onnx::TensorProto_DataType_INT64, { 1 }, std::vector<int64_t> { 2 });
            g.rawInitializer(
                n + "_shape", onnx::TensorProto_DataType_INT64, { 3 }, std::vector<int64_t> { kT, kH, kD });
            g.node("Slice", { "qkv", n + "_starts", n + "_ends", n + "_axes" }, { n + "_slice" }, n + "_slice");
            g.node("Reshape", { n + "_slice", n + "_shape" }, { n + "_heads" }, n + "_reshape");
            auto& t = g.node("Transpose", { n + "_heads" }, { n + "_t" }, n + "_transpose");
            test::setAttrInts(t, "perm", i == 1 ? std::vector<int64_t> { 1, 2, 0 } : std::vector<int64_t> { 1, 0, 2 });
        }
        g.floatInitializer("divisor", {}, { divisor });
        g.node("Div", { "q_t", "divisor" }, { "q_scaled" }, "div");
        g.node("MatMul", { "q_scaled", "k_t" }, { "scores" }, "scores");
        g.node("MatMul", { "p", "v_t" }, { "context" }, "context");
        g.output("scores", onnx::TensorProto_DataType_FLOAT);
        g.output("context", onnx::TensorProto_DataType_FLOAT);
        return mb.serialize();
    }

    std::vector<float> relu() const
    {
        std::vector<float> r = qkv;
        for (float& v : r)
            v = std::max(v, 0.0f);
        return r;
    }
};

struct Ran
{
    std::vector<HostTensor> out;
    std::vector<Names> covered;
    std::vector<std::string> implementations;
};

Ran run(const Attention& a, float divisor, ExecutionMode mode)
{
    Ran r;
    auto m = loadModelFromBytes(a.model(divisor), "attention.onnx");
    EXPECT_TRUE(m.isOk()) << m.status().toString();
    if (!m.isOk())
        return r;
    SessionOptions options;
    options.mode = mode;
    auto session = Session::create(*m, options);
    EXPECT_TRUE(session.isOk()) << session.status().toString();
    if (!session.isOk())
        return r;
    for (const StepInfo& s : (*session)->steps()) {
        r.covered.emplace_back();
        for (NodeId id : s.nodes)
            r.covered.back().push_back((*m)->graph().node(id).name);
        r.implementations.emplace_back(s.implementation);
    }
    HostTensor x(DataType::Float, { kT, 1, 3 * kE }), p(DataType::Float, { kH, kT, kT });
    std::copy(a.qkv.begin(), a.qkv.end(), x.data<float>().begin());
    std::copy(a.p.begin(), a.p.end(), p.data<float>().begin());
    const HostTensor inputs[] = { std::move(x), std::move(p) };
    auto out = (*session)->run(inputs);
    EXPECT_TRUE(out.isOk()) << out.status().toString();
    if (out.isOk())
        r.out = std::move(*out);
    return r;
}

void expectNear(const HostTensor& got, const std::vector<double>& want)
{
    ASSERT_EQ(size_t(got.elementCount()), want.size());
    const auto g = got.data<float>();
    for (size_t i = 0; i < want.size(); ++i)
        ASSERT_NEAR(g[i], want[i], 1e-5 + 1e-5 * std::fabs(want[i])) << "element " << i;
}

/// The step covering `node`.
const Names* stepOf(const Ran& r, const std::string& node, std::string* implementation = nullptr)
{
    for (size_t i = 0; i < r.covered.size(); ++i)
        for (const auto& n : r.covered[i])
            if (n == node) {
                if (implementation)
                    *implementation = r.implementations[i];
                return &r.covered[i];
            }
    return nullptr;
}

TEST(MatMulViews, ScoresReadTheProjectionInPlace)
{
    Attention a;
    Attention relu = a;
    relu.qkv = a.relu();
    const Ran opt = run(a, 4.0f, ExecutionMode::Optimized);
    const Ran written = run(a, 4.0f, ExecutionMode::AsWritten);
    ASSERT_EQ(opt.out.size(), 2u);
    ASSERT_EQ(written.out.size(), 2u);
    expectNear(opt.out[0], relu.scores(4.0f));
    expectNear(opt.out[1], relu.context());
    // Q's Slice, Reshape, Transpose and Div and K's Slice, Reshape and Transpose are the scores matmul's.
    std::string impl;
    const Names* scores = stepOf(opt, "scores", &impl);
    ASSERT_NE(scores, nullptr);
    for (const char* n : { "div", "q_slice", "q_reshape", "q_transpose", "k_slice", "k_reshape", "k_transpose" })
        EXPECT_NE(std::find(scores->begin(), scores->end(), n), scores->end()) << n << " not folded";
    EXPECT_EQ(impl.rfind("onednn:ref", 0), std::string::npos) << impl;
    // V keeps its copies: P V stays on the brgemm kernels a strided operand would cost.
    const Names* context = stepOf(opt, "context");
    ASSERT_NE(context, nullptr);
    EXPECT_EQ(*context, (Names { "context" }));
    // The division is the product's exact scaling: a quarter of the same kernel's undivided scores, bit for bit (the
    // as-written steps run another oneDNN kernel on the copied operands, whose sums round differently).
    const Ran undivided = run(a, 1.0f, ExecutionMode::Optimized);
    ASSERT_EQ(undivided.out.size(), 2u);
    const auto o = opt.out[0].data<float>();
    const auto u = undivided.out[0].data<float>();
    for (size_t i = 0; i < o.size(); ++i)
        ASSERT_EQ(o[i] * 4.0f, u[i]) << "element " << i;
    expectNear(written.out[0], relu.scores(4.0f));
}

TEST(MatMulViews, DivisorNotAPowerOfTwoStaysAStep)
{
    Attention a;
    Attention relu = a;
    relu.qkv = a.relu();
    const Ran opt = run(a, 3.0f, ExecutionMode::Optimized);
    ASSERT_EQ(opt.out.size(), 2u);
    expectNear(opt.out[0], relu.scores(3.0f));
    const Names* div = stepOf(opt, "div");
    ASSERT_NE(div, nullptr);
    EXPECT_EQ(std::find(div->begin(), div->end(), "scores"), div->end());
    // K's chain still folds; the Div's input (Q's Transpose) is then read as written.
    const Names* scores = stepOf(opt, "scores");
    ASSERT_NE(scores, nullptr);
    EXPECT_NE(std::find(scores->begin(), scores->end(), "k_slice"), scores->end());
}

} // namespace

namespace {

// Scores Q · K^T with K^T a Transpose of the stored keys [T, H, D] (perm 1, 2, 0 -> [H, D, T]) read through
// strides, against the product in double; a Transpose keeping the last axis (1, 0, 2) before a second one moving it
// composes with it into one view.
constexpr int64_t kHeads = 3, kTokens = 11, kDim = 13;

std::vector<double> scoresTruth(const std::vector<float>& q, const std::vector<float>& k)
{
    std::vector<double> s;
    for (int64_t h = 0; h < kHeads; ++h)
        for (int64_t i = 0; i < kTokens; ++i)
            for (int64_t j = 0; j < kTokens; ++j) {
                double acc = 0;
                for (int64_t d = 0; d < kDim; ++d)
                    acc += double(q[size_t((h * kTokens + i) * kDim + d)]) * k[size_t((j * kHeads + h) * kDim + d)];
                s.push_back(acc);
            }
    return s;
}

std::vector<HostTensor> runScores(const std::vector<int64_t>& perm, const std::vector<float>& q,
    const std::vector<float>& k, ExecutionMode mode, std::vector<std::vector<std::string>>& covered)
{
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    g.input("q", onnx::TensorProto_DataType_FLOAT, { kHeads, kTokens, kDim });
    g.input("k", onnx::TensorProto_DataType_FLOAT, { kTokens, kHeads, kDim });
    auto& t = g.node("Transpose", { "k" }, { "kt" }, "transpose");
    test::setAttrInts(t, "perm", perm);
    if (perm.back() == 2) { // (1, 0, 2) gives [H, T, D]: its transpose [H, D, T] through a second Transpose
        auto& t2 = g.node("Transpose", { "kt" }, { "kt2" }, "transpose2");
        test::setAttrInts(t2, "perm", { 0, 2, 1 });
    }
    g.node("MatMul", { "q", perm.back() == 2 ? "kt2" : "kt" }, { "s" }, "matmul");
    g.output("s", onnx::TensorProto_DataType_FLOAT);
    auto m = loadModelFromBytes(mb.serialize(), "scores.onnx");
    EXPECT_TRUE(m.isOk()) << m.status().toString();
    if (!m.isOk())
        return {};
    SessionOptions options;
    options.mode = mode;
    auto session = Session::create(*m, options);
    EXPECT_TRUE(session.isOk()) << session.status().toString();
    if (!session.isOk())
        return {};
    for (const StepInfo& s : (*session)->steps()) {
        covered.emplace_back();
        for (NodeId id : s.nodes)
            covered.back().push_back((*m)->graph().node(id).name);
    }
    HostTensor qt(DataType::Float, { kHeads, kTokens, kDim }), kt(DataType::Float, { kTokens, kHeads, kDim });
    std::copy(q.begin(), q.end(), qt.data<float>().begin());
    std::copy(k.begin(), k.end(), kt.data<float>().begin());
    const HostTensor inputs[] = { std::move(qt), std::move(kt) };
    auto out = (*session)->run(inputs);
    EXPECT_TRUE(out.isOk()) << out.status().toString();
    return out.isOk() ? std::move(*out) : std::vector<HostTensor> {};
}

TEST(MatMulViews, KeysTransposeIsReadThroughStrides)
{
    const auto q = test::randomFloats(size_t(kHeads * kTokens * kDim), 4, -1.0f, 1.0f);
    const auto k = test::randomFloats(size_t(kHeads * kTokens * kDim), 5, -1.0f, 1.0f);
    const auto want = scoresTruth(q, k);
    for (const ExecutionMode mode : { ExecutionMode::Optimized, ExecutionMode::AsWritten }) {
        std::vector<std::vector<std::string>> covered;
        const auto out = runScores({ 1, 2, 0 }, q, k, mode, covered);
        ASSERT_EQ(out.size(), 1u);
        if (mode == ExecutionMode::Optimized) {
            ASSERT_EQ(covered.size(), 1u);
            EXPECT_EQ(covered[0], (Names { "matmul", "transpose" }));
        } else {
            EXPECT_EQ(covered.size(), 2u);
        }
        ASSERT_EQ(out[0].dims(), (std::vector<int64_t> { kHeads, kTokens, kTokens }));
        const auto got = out[0].data<float>();
        for (size_t i = 0; i < want.size(); ++i)
            ASSERT_NEAR(got[i], want[i], 1e-5 + 1e-6 * std::fabs(want[i])) << "element " << i;
    }
}

TEST(MatMulViews, TwoTransposesComposeIntoOneView)
{
    const auto q = test::randomFloats(size_t(kHeads * kTokens * kDim), 6, -1.0f, 1.0f);
    const auto k = test::randomFloats(size_t(kHeads * kTokens * kDim), 7, -1.0f, 1.0f);
    std::vector<std::vector<std::string>> covered;
    const auto out = runScores({ 1, 0, 2 }, q, k, ExecutionMode::Optimized, covered);
    ASSERT_EQ(out.size(), 1u);
    // (1, 0, 2) alone copies whole rows; with the (0, 2, 1) after it, which moves the last axis, both are strides.
    ASSERT_EQ(covered.size(), 1u);
    EXPECT_EQ(covered[0], (Names { "matmul", "transpose2", "transpose" }));
    const auto want = scoresTruth(q, k);
    const auto got = out[0].data<float>();
    for (size_t i = 0; i < want.size(); ++i)
        ASSERT_NEAR(got[i], want[i], 1e-5 + 1e-6 * std::fabs(want[i])) << "element " << i;
}

} // namespace
