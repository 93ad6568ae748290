// SPDX-License-Identifier: MIT
// Optimized-mode rewrites: fused steps cover (and name) every authored node they absorb, and their results match
// the reference convolution followed by hand-applied BatchNormalization and activations.
#include "../kernels/kernel_test_util.h"
#include "kernels/conv_geometry.h"
#include "kernels/ref/conv_ref.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

namespace {

using namespace qs;
using namespace qs::test;

struct Built
{
    std::shared_ptr<const Model> model;
    HostTensor w, b, scale, shift, mean, var;
};

/// x -> Conv -> BatchNormalization -> (Sigmoid, Mul) = SiLU -> Conv -> Relu -> y
Built convBnSiluConvRelu()
{
    Built r;
    IrModelBuilder mb;
    mb.input("x", DataType::Float, { 1, 5, 9, 9 });
    r.w = randomTensor({ 13, 5, 3, 3 }, 11);
    r.b = randomTensor({ 13 }, 12);
    r.scale = randomTensor({ 13 }, 13);
    r.shift = randomTensor({ 13 }, 14);
    r.mean = randomTensor({ 13 }, 15);
    r.var = randomTensor({ 13 }, 16);
    for (float& v : r.var.data<float>())
        v = std::fabs(v) + 0.1f;
    HostTensor w2 = randomTensor({ 6, 13, 1, 1 }, 17);
    mb.constant("w", r.w);
    mb.constant("b", r.b);
    mb.constant("scale", r.scale);
    mb.constant("shift", r.shift);
    mb.constant("mean", r.mean);
    mb.constant("var", r.var);
    mb.constant("w2", w2);
    mb.node("Conv", { "x", "w", "b" }, { "c1" }, { intsAttr("pads", { 1, 1, 1, 1 }) }, "conv1");
    mb.node("BatchNormalization", { "c1", "scale", "shift", "mean", "var" }, { "bn" }, {}, "bn1");
    mb.node("Sigmoid", { "bn" }, { "sig" }, {}, "sig1");
    mb.node("Mul", { "bn", "sig" }, { "silu" }, {}, "mul1");
    mb.node("Conv", { "silu", "w2" }, { "c2" }, {}, "conv2");
    mb.node("Relu", { "c2" }, { "y" }, {}, "relu2");
    mb.output("y");
    r.model = mb.build();
    return r;
}

TEST(Fusion, FusedStepsCoverTheAuthoredNodes)
{
    Built b = convBnSiluConvRelu();
    SessionOptions options;
    options.mode = ExecutionMode::Optimized;
    auto session = Session::create(b.model, options);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    const auto steps = (*session)->steps();
    ASSERT_EQ(steps.size(), 2u);
    const Graph& g = b.model->graph();
    auto names = [&](const StepInfo& s) {
        std::vector<std::string> out;
        for (NodeId id : s.nodes)
            out.push_back(g.node(id).name);
        return out;
    };
    EXPECT_EQ(names(steps[0]), (std::vector<std::string> { "conv1", "bn1", "sig1", "mul1" }));
    EXPECT_EQ(steps[0].opType, "Conv+BatchNormalization+Sigmoid+Mul");
    EXPECT_EQ(names(steps[1]), (std::vector<std::string> { "conv2", "relu2" }));
    EXPECT_EQ(g.node(steps[0].anchor).name, "conv1");

    SessionOptions plain;
    plain.mode = ExecutionMode::AsWritten;
    auto asWritten = Session::create(b.model, plain);
    ASSERT_TRUE(asWritten.isOk());
    EXPECT_EQ((*asWritten)->steps().size(), 6u);
}

TEST(Fusion, BothModesMatchReferenceConvolutionWithHandAppliedOps)
{
    Built b = convBnSiluConvRelu();
    HostTensor x = randomTensor({ 1, 5, 9, 9 }, 10);
    const Graph& g = b.model->graph();
    // Reference: conv1 -> BN (formula) -> x*sigmoid(x) -> conv2 -> relu.
    auto geo1 = kernels::convGeometry(g.node(0), x.dims(), b.w.dims());
    ASSERT_TRUE(geo1.isOk());
    std::vector<float> c1(13 * 81);
    kernels::ref::conv(*geo1, x.data<float>().data(), b.w.data<float>().data(), b.b.data<float>().data(), c1.data());
    for (int c = 0; c < 13; ++c)
        for (int i = 0; i < 81; ++i) {
            float& v = c1[size_t(c * 81 + i)];
            v = (v - b.mean.data<float>()[size_t(c)]) / std::sqrt(b.var.data<float>()[size_t(c)] + 1e-5f)
                    * b.scale.data<float>()[size_t(c)]
                + b.shift.data<float>()[size_t(c)];
            v = v / (1.0f + std::exp(-v));
        }
    const Tensor* w2 = g.constantData(*g.findValue("w2"));
    auto geo2 = kernels::convGeometry(g.node(4), std::vector<int64_t> { 1, 13, 9, 9 }, w2->dims());
    ASSERT_TRUE(geo2.isOk());
    std::vector<float> expected(6 * 81);
    kernels::ref::conv(*geo2, c1.data(), w2->data<float>().data(), nullptr, expected.data());
    for (float& v : expected)
        v = std::max(v, 0.0f);

    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        std::vector<HostTensor> in;
        in.push_back(x.clone());
        auto out = runModel(b.model, std::move(in), mode);
        ASSERT_EQ(out.size(), 1u);
        EXPECT_TRUE(allClose(out[0].data<float>(), expected, 1e-4f, 1e-4f)) << executionModeName(mode);
    }
}

} // namespace

namespace {

using namespace qs;
using namespace qs::test;

Result<std::unique_ptr<Session>> sessionIn(const std::shared_ptr<const Model>& model, ExecutionMode mode)
{
    SessionOptions options;
    options.mode = mode;
    return Session::create(model, options);
}

auto runOn(Session& session, const HostTensor& x)
{
    std::vector<HostTensor> in;
    in.push_back(x.clone());
    return session.run(in);
}

/// x [1, A, C, P] -> Transpose [0, 2, 1, 3] -> Softmax(axis 1) -> y (YOLO's DFL head; rewrite 14). The fused step
/// must give exactly the as-written Transpose and Softmax kernels' result (the Softmax kernel is held to ONNX's
/// conformance cases), on the vector path (A * P >= 16, P not a multiple of 16: masked tails) and on the scalar
/// one (A * P < 16), and name both nodes.
void transposeSoftmaxCase(int64_t a, int64_t c, int64_t p)
{
    SCOPED_TRACE(::testing::Message() << "A " << a << " C " << c << " P " << p);
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { 1, a, c, p });
    mb.node("Transpose", { "x" }, { "t" }, { intsAttr("perm", { 0, 2, 1, 3 }) }, "dfl_transpose");
    mb.node("Softmax", { "t" }, { "y" }, { intAttr("axis", 1) }, "dfl_softmax");
    mb.output("y");
    const auto model = mb.build();
    auto fused = sessionIn(model, ExecutionMode::Optimized);
    auto plain = sessionIn(model, ExecutionMode::AsWritten);
    ASSERT_TRUE(fused.isOk() && plain.isOk());
    ASSERT_EQ((*fused)->steps().size(), 1u);
    EXPECT_EQ((*fused)->steps()[0].opType, "Softmax+Transpose");
    EXPECT_EQ((*fused)->steps()[0].nodes.size(), 2u);
    HostTensor x = randomTensor({ 1, a, c, p }, 31);
    for (float& v : x.data<float>())
        v *= 8.0f; // logits spread enough that the maximum matters
    auto got = runOn(**fused, x);
    auto want = runOn(**plain, x);
    ASSERT_TRUE(got.isOk() && want.isOk());
    ASSERT_EQ((*got)[0].dims(), (std::vector<int64_t> { 1, c, a, p }));
    const auto g = (*got)[0].data<float>(), w = (*want)[0].data<float>();
    ASSERT_EQ(g.size(), w.size());
    for (size_t i = 0; i < g.size(); ++i)
        ASSERT_EQ(g[i], w[i]) << "element " << i;
}

/// x -> Relu -> Transpose(perm) -> Relu -> y. A Transpose that keeps the axes of extent > 1 in order moves no element:
/// optimized mode makes its output a view of its input (no step; the node is named by the producing step); any other
/// stays a step. Either way y is relu(x) permuted, indexed here by hand.
void transposeViewCase(const std::vector<int64_t>& dims, const std::vector<int64_t>& perm, bool view)
{
    SCOPED_TRACE(::testing::Message() << "perm " << ::testing::PrintToString(perm));
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, dims);
    mb.node("Relu", { "x" }, { "r" }, {}, "relu1");
    mb.node("Transpose", { "r" }, { "t" }, { intsAttr("perm", perm) }, "transpose");
    mb.node("Relu", { "t" }, { "y" }, {}, "relu2");
    mb.output("y");
    auto session = sessionIn(mb.build(), ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    const auto& steps = (*session)->steps();
    ASSERT_EQ(steps.size(), view ? 2u : 3u);
    if (view)
        EXPECT_EQ(steps[0].nodes.size(), 2u); // relu1 and the Transpose it now stands for
    const HostTensor x = randomTensor(dims, 41);
    auto got = runOn(**session, x);
    ASSERT_TRUE(got.isOk()) << got.status().toString();
    const size_t rank = dims.size();
    std::vector<int64_t> outDims(rank), stride(rank, 1);
    for (size_t i = 0; i < rank; ++i)
        outDims[i] = dims[size_t(perm[i])];
    for (size_t i = rank - 1; i > 0; --i)
        stride[i - 1] = stride[i] * dims[i];
    ASSERT_EQ((*got)[0].dims(), outDims);
    const auto xs = x.data<float>();
    const auto ys = (*got)[0].data<float>();
    std::vector<int64_t> index(rank, 0); // over y, last axis fastest
    for (size_t flat = 0; flat < ys.size(); ++flat) {
        int64_t source = 0;
        for (size_t i = 0; i < rank; ++i)
            source += index[i] * stride[size_t(perm[i])];
        ASSERT_EQ(ys[flat], std::max(xs[size_t(source)], 0.0f)) << "element " << flat;
        for (size_t i = rank; i-- > 0;) {
            if (++index[i] < outDims[i])
                break;
            index[i] = 0;
        }
    }
}

TEST(Fusion, TransposeMovingOnlyUnitAxesIsAView)
{
    transposeViewCase({ 1, 4, 6 }, { 1, 0, 2 }, true); // a transformer's [1, T, D] -> [T, 1, D]
    transposeViewCase({ 4, 1, 6 }, { 1, 0, 2 }, true);
    transposeViewCase({ 1, 4, 1, 6 }, { 2, 1, 0, 3 }, true);
    transposeViewCase({ 4, 1, 6 }, { 2, 1, 0 }, false); // 4 and 6 swap
    transposeViewCase({ 2, 4, 6 }, { 1, 0, 2 }, false);
}

TEST(Fusion, TransposeSoftmaxMatchesTheAsWrittenKernelsExactly)
{
    transposeSoftmaxCase(4, 16, 37);
    transposeSoftmaxCase(3, 5, 40);
    transposeSoftmaxCase(2, 7, 3);
}

/// Rewrite 14's range: Transpose -> Softmax -> DynamicQuantizeLinear (YOLO's DFL head, quantized for its 1x1
/// convolution). The quantization takes the Softmax's {min, max} instead of its own pass; scale, zero point and every
/// uint8 value must be those of the as-written DynamicQuantizeLinear kernel (held to ONNX's conformance cases), on
/// the vector path and on the scalar one.
void transposeSoftmaxQuantizeCase(int64_t a, int64_t c, int64_t p)
{
    SCOPED_TRACE(::testing::Message() << "A " << a << " C " << c << " P " << p);
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { 1, a, c, p });
    mb.node("Transpose", { "x" }, { "t" }, { intsAttr("perm", { 0, 2, 1, 3 }) }, "dfl_transpose");
    mb.node("Softmax", { "t" }, { "s" }, { intAttr("axis", 1) }, "dfl_softmax");
    mb.node("DynamicQuantizeLinear", { "s" }, { "q", "q_scale", "q_zp" }, {}, "dfl_quantize");
    mb.output("q");
    mb.output("q_scale");
    mb.output("q_zp");
    const auto model = mb.build();
    auto fused = sessionIn(model, ExecutionMode::Optimized);
    auto plain = sessionIn(model, ExecutionMode::AsWritten);
    ASSERT_TRUE(fused.isOk() && plain.isOk());
    ASSERT_EQ((*fused)->steps().size(), 2u);
    EXPECT_EQ((*fused)->steps()[0].opType, "Softmax+Transpose");
    HostTensor x = randomTensor({ 1, a, c, p }, 37);
    for (float& v : x.data<float>())
        v *= 6.0f;
    auto got = runOn(**fused, x);
    auto want = runOn(**plain, x);
    ASSERT_TRUE(got.isOk() && want.isOk());
    ASSERT_EQ(got->size(), 3u);
    EXPECT_EQ((*got)[1].data<float>()[0], (*want)[1].data<float>()[0]);
    EXPECT_EQ((*got)[2].data<uint8_t>()[0], (*want)[2].data<uint8_t>()[0]);
    const auto g = (*got)[0].data<uint8_t>(), w = (*want)[0].data<uint8_t>();
    ASSERT_EQ(g.size(), w.size());
    for (size_t i = 0; i < g.size(); ++i)
        ASSERT_EQ(g[i], w[i]) << "element " << i;
}

TEST(Fusion, TransposeSoftmaxHandsItsRangeToTheQuantizeExactly)
{
    transposeSoftmaxQuantizeCase(4, 16, 37);
    transposeSoftmaxQuantizeCase(2, 7, 3);
}

/// residual-layernorm: Add(a, b) -> LayerNormalization as one step. Its output must carry the bits of the two
/// as-written kernels (the Add's float sum, then the norm) at 1-3 threads, and be LayerNormalization(a + b) computed
/// here in double. `rows` x `n` over the norm's threading threshold (16 Ki) splits the rows; `bias` false leaves input
/// 2 empty. `broadcast` gives b one row (broadcast over the rows), `sumIsOutput` makes the sum a graph output: neither
/// fuses.
void residualLayerNormCase(int64_t rows, int64_t n, bool bias, bool broadcast = false, bool sumIsOutput = false)
{
    SCOPED_TRACE(::testing::Message() << "rows " << rows << " n " << n << " bias " << bias << " broadcast " << broadcast
                                      << " sum output " << sumIsOutput);
    const HostTensor gamma = randomTensor({ n }, 51), beta = randomTensor({ n }, 52);
    const float eps = 1e-5f;
    IrModelBuilder mb(17);
    mb.input("a", DataType::Float, { 1, rows, n });
    const std::vector<int64_t> bDims = broadcast ? std::vector<int64_t> { n } : std::vector<int64_t> { 1, rows, n };
    mb.input("b", DataType::Float, bDims);
    mb.constant("gamma", gamma);
    if (bias)
        mb.constant("beta", beta);
    mb.node("Add", { "a", "b" }, { "s" }, {}, "residual");
    mb.node("LayerNormalization",
        bias ? std::vector<std::string> { "s", "gamma", "beta" } : std::vector<std::string> { "s", "gamma" }, { "y" },
        { intAttr("axis", -1), floatAttr("epsilon", eps) }, "norm");
    mb.output("y");
    if (sumIsOutput)
        mb.output("s");
    const auto model = mb.build();
    HostTensor a = randomTensor({ 1, rows, n }, 53), b = randomTensor(bDims, 54);
    for (float& v : a.data<float>())
        v = v * 3.0f + 0.5f; // a mean away from 0, as a residual stream has
    const auto inputs = [&] {
        std::vector<HostTensor> in;
        in.push_back(a.clone());
        in.push_back(b.clone());
        return in;
    };
    const std::vector<HostTensor> want = runModel(model, inputs(), ExecutionMode::AsWritten, 1);
    ASSERT_FALSE(want.empty());
    const auto as = std::as_const(a).data<float>();
    const auto bs = std::as_const(b).data<float>();
    const auto ws = want[0].data<float>();
    for (int64_t r = 0; r < rows; ++r) { // the independent check of the as-written bits
        std::vector<double> x(static_cast<size_t>(n), 0.0);
        double mean = 0.0, var = 0.0;
        for (int64_t i = 0; i < n; ++i) {
            x[size_t(i)] = double(as[size_t(r * n + i)]) + bs[size_t((broadcast ? 0 : r * n) + i)];
            mean += x[size_t(i)] / double(n);
        }
        for (int64_t i = 0; i < n; ++i)
            var += (x[size_t(i)] - mean) * (x[size_t(i)] - mean) / double(n);
        for (int64_t i = 0; i < n; ++i) {
            const double y = (x[size_t(i)] - mean) / std::sqrt(var + eps) * gamma.data<float>()[size_t(i)]
                + (bias ? beta.data<float>()[size_t(i)] : 0.0f);
            ASSERT_NEAR(ws[size_t(r * n + i)], y, 1e-5 + 1e-5 * std::fabs(y)) << "row " << r << " element " << i;
        }
    }
    const bool fuses = !broadcast && !sumIsOutput;
    for (int threads = 1; threads <= 3; ++threads) {
        SCOPED_TRACE(::testing::Message() << threads << " threads");
        SessionOptions options;
        options.mode = ExecutionMode::Optimized;
        options.threads = threads;
        auto session = Session::create(model, options);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        const auto& steps = (*session)->steps();
        ASSERT_EQ(steps.size(), fuses ? 1u : 2u);
        EXPECT_EQ(steps.back().opType, fuses ? "LayerNormalization+Add" : "LayerNormalization");
        auto got = (*session)->run(inputs());
        ASSERT_TRUE(got.isOk()) << got.status().toString();
        ASSERT_EQ((*got)[0].byteSize(), want[0].byteSize());
        EXPECT_EQ(std::memcmp((*got)[0].rawData(), want[0].rawData(), want[0].byteSize()), 0);
    }
}

TEST(Fusion, ResidualLayerNormHasTheAsWrittenBits)
{
    residualLayerNormCase(128, 256, true); // a transformer's [128 tokens, 256]: 32 Ki, split over the threads
    residualLayerNormCase(67, 300, false); // odd rows, a vector tail, no bias
    residualLayerNormCase(5, 7, true); // one thread, shorter than a vector
    residualLayerNormCase(64, 256, true, true); // broadcast addend: stays an Add
    residualLayerNormCase(64, 256, true, false, true); // the sum is also an output: stays an Add
}

} // namespace
