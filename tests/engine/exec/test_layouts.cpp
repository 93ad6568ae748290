// SPDX-License-Identifier: MIT
// Optimized mode's layout and storage rewrites (blocked layout through Split/Concat/Resize/residual Add, channels-last
// deep layers, aliased Reshape/Split outputs, Concat parts written in place, residuals accumulated in place) against
// hand-computed results or the reference convolution. Identity 1x1 convolutions with distinct per-channel biases make
// every expected value a sum of the input and the biases along the path.
#include "../kernels/kernel_test_util.h"
#include "kernels/conv_geometry.h"
#include "kernels/ref/conv_ref.h"
#include "quant/quant_kernels.h"

#include <algorithm>
#include <cmath>
#include <ostream>

namespace {

using namespace qs;
using namespace qs::test;

HostTensor identityWeights(int64_t c)
{
    HostTensor w(DataType::Float, { c, c, 1, 1 });
    for (int64_t i = 0; i < c; ++i)
        w.data<float>()[size_t(i * c + i)] = 1.0f;
    return w;
}

HostTensor int64s(std::vector<int64_t> v)
{
    HostTensor t(DataType::Int64, { int64_t(v.size()) });
    for (size_t i = 0; i < v.size(); ++i)
        t.data<int64_t>()[i] = v[i];
    return t;
}

HostTensor floats(std::vector<float> v)
{
    HostTensor t(DataType::Float, { int64_t(v.size()) });
    for (size_t i = 0; i < v.size(); ++i)
        t.data<float>()[i] = v[i];
    return t;
}

std::unique_ptr<Session> optimizedSession(std::shared_ptr<const Model> model, int threads = 1)
{
    SessionOptions options;
    options.mode = ExecutionMode::Optimized;
    options.threads = threads;
    auto session = Session::create(std::move(model), options);
    EXPECT_TRUE(session.isOk()) << session.status().toString();
    return session ? std::move(session).value() : nullptr;
}

std::string implementationOf(const Session& s, std::string_view opType)
{
    for (const StepInfo& st : s.steps())
        if (st.opType == opType)
            return std::string(st.implementation);
    return "(no step)";
}

struct ResizeCase
{
    std::string coordinateMode;
    std::string nearestMode;
    bool oneDnn; ///< expected to run on oneDNN's resampling
};

void PrintTo(const ResizeCase& c, std::ostream* os)
{
    *os << c.coordinateMode << "/" << c.nearestMode;
}

class NearestResize : public ::testing::TestWithParam<ResizeCase>
{
};

// x -> Conv(identity, b1) -> Resize x3 (nearest) -> Conv(identity, b2) -> y: the Resize sits between convolutions, so
// optimized mode keeps it blocked when oneDNN's resampling computes the same pixels.
TEST_P(NearestResize, MatchesTheOnnxPixelRule)
{
    const ResizeCase rc = GetParam();
    constexpr int64_t kC = 16, kH = 4, kW = 5, kF = 3;
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { 1, kC, kH, kW });
    const HostTensor b1 = randomTensor({ kC }, 1), b2 = randomTensor({ kC }, 2);
    mb.constant("w", identityWeights(kC));
    mb.constant("b1", b1);
    mb.constant("b2", b2);
    mb.constant("scales", floats({ 1, 1, float(kF), float(kF) }));
    mb.node("Conv", { "x", "w", "b1" }, { "c1" });
    mb.node("Resize", { "c1", "", "scales" }, { "r" },
        { stringAttr("mode", "nearest"), stringAttr("coordinate_transformation_mode", rc.coordinateMode),
            stringAttr("nearest_mode", rc.nearestMode) });
    mb.node("Conv", { "r", "w", "b2" }, { "y" });
    mb.output("y");
    auto model = mb.build();
    auto session = optimizedSession(model);
    ASSERT_TRUE(session);
    EXPECT_EQ(implementationOf(*session, "Resize").rfind("onednn", 0) == 0, rc.oneDnn)
        << implementationOf(*session, "Resize");

    HostTensor x = randomTensor({ 1, kC, kH, kW }, 3);
    std::vector<HostTensor> in;
    in.push_back(x.clone());
    auto out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    // ONNX: asymmetric x_orig = o / F; half_pixel x_orig = (o + 0.5) / F - 0.5; then the nearest_mode rounding.
    auto source = [&](int64_t o, int64_t n) {
        const double orig = rc.coordinateMode == "asymmetric" ? double(o) / kF : (o + 0.5) / kF - 0.5;
        double r = 0;
        if (rc.nearestMode == "floor")
            r = std::floor(orig);
        else if (rc.nearestMode == "round_prefer_floor")
            r = orig - std::floor(orig) == 0.5 ? std::floor(orig) : std::round(orig);
        else
            r = orig - std::floor(orig) == 0.5 ? std::ceil(orig) : std::round(orig);
        return std::clamp(int64_t(r), int64_t(0), n - 1);
    };
    std::vector<float> expected;
    for (int64_t c = 0; c < kC; ++c)
        for (int64_t oy = 0; oy < kH * kF; ++oy)
            for (int64_t ox = 0; ox < kW * kF; ++ox)
                expected.push_back(x.data<float>()[size_t((c * kH + source(oy, kH)) * kW + source(ox, kW))]
                    + b1.data<float>()[size_t(c)] + b2.data<float>()[size_t(c)]);
    EXPECT_TRUE(allClose((*out)[0].data<float>(), expected, 1e-5f, 1e-5f));
}

INSTANTIATE_TEST_SUITE_P(Modes, NearestResize,
    ::testing::Values(ResizeCase { "asymmetric", "floor", true },
        ResizeCase { "half_pixel", "round_prefer_floor", true },
        ResizeCase { "pytorch_half_pixel", "round_prefer_ceil", true },
        // round(o / 3) is not floor(o / 3): stays on the CPU kernel.
        ResizeCase { "asymmetric", "round_prefer_floor", false }));

// x -> Conv(b1) -> Split [16, 16] -> (a -> Conv(b2) -> a2, b) -> Concat(a2, b) -> tail -> y, with the tail a Reshape
// to [1, 288] (plain: Split and Reshape outputs alias their inputs, a2 is written into the Concat output) or a
// Conv(b3) (the whole group stays blocked).
void splitConcat(bool reshapeTail)
{
    constexpr int64_t kC = 32, kHalf = 16, kHW = 9;
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { 1, kC, 3, 3 });
    const HostTensor b1 = randomTensor({ kC }, 4), b2 = randomTensor({ kHalf }, 5), b3 = randomTensor({ kC }, 6);
    mb.constant("w", identityWeights(kC));
    mb.constant("wh", identityWeights(kHalf));
    mb.constant("b1", b1);
    mb.constant("b2", b2);
    mb.constant("b3", b3);
    mb.constant("split", int64s({ kHalf, kHalf }));
    mb.constant("shape", int64s({ 1, kC * kHW }));
    mb.node("Conv", { "x", "w", "b1" }, { "c1" });
    mb.node("Split", { "c1", "split" }, { "a", "b" }, { intAttr("axis", 1) });
    mb.node("Conv", { "a", "wh", "b2" }, { "a2" });
    mb.node("Concat", { "a2", "b" }, { "cc" }, { intAttr("axis", 1) });
    if (reshapeTail)
        mb.node("Reshape", { "cc", "shape" }, { "y" });
    else
        mb.node("Conv", { "cc", "w", "b3" }, { "y" });
    mb.output("y");
    auto session = optimizedSession(mb.build());
    ASSERT_TRUE(session);
    // Split and Reshape run no kernel of their own.
    EXPECT_EQ(session->steps().size(), reshapeTail ? 3u : 4u);

    HostTensor x = randomTensor({ 1, kC, 3, 3 }, 7);
    std::vector<float> expected;
    for (int64_t c = 0; c < kC; ++c)
        for (int64_t i = 0; i < kHW; ++i)
            expected.push_back(x.data<float>()[size_t(c * kHW + i)] + b1.data<float>()[size_t(c)]
                + (c < kHalf ? b2.data<float>()[size_t(c)] : 0.0f)
                + (reshapeTail ? 0.0f : b3.data<float>()[size_t(c)]));
    for (int run = 0; run < 2; ++run) { // the second run proves nothing depends on leftovers of the first
        std::vector<HostTensor> in;
        in.push_back(x.clone());
        auto out = session->run(in);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        EXPECT_EQ((*out)[0].dims(),
            reshapeTail ? std::vector<int64_t>({ 1, kC * kHW }) : std::vector<int64_t>({ 1, kC, 3, 3 }));
        EXPECT_TRUE(allClose((*out)[0].data<float>(), expected, 1e-5f, 1e-5f)) << "run " << run;
    }
}

TEST(StorageRewrites, SplitConcatReshapeInPlace)
{
    splitConcat(true);
}

// The Reshape after the Concat makes the Concat step hold the Reshape node too (its output is a view of the Concat's);
// a2 must still be written in place: the same activation bytes as with the Concat output itself as the graph output.
TEST(StorageRewrites, ConcatPartsInPlaceDespiteAReshapeView)
{
    constexpr int64_t kC = 32, kHalf = 16, kHW = 9;
    auto build = [&](bool reshapeTail) {
        IrModelBuilder mb(13);
        mb.input("x", DataType::Float, { 1, kC, 3, 3 });
        mb.constant("w", identityWeights(kC));
        mb.constant("wh", identityWeights(kHalf));
        mb.constant("split", int64s({ kHalf, kHalf }));
        mb.constant("shape", int64s({ 1, kC * kHW }));
        mb.node("Conv", { "x", "w" }, { "c1" });
        mb.node("Split", { "c1", "split" }, { "a", "b" }, { intAttr("axis", 1) });
        mb.node("Conv", { "a", "wh" }, { "a2" });
        mb.node("Concat", { "a2", "b" }, { "cc" }, { intAttr("axis", 1) });
        if (reshapeTail)
            mb.node("Reshape", { "cc", "shape" }, { "y" });
        mb.output(reshapeTail ? "y" : "cc");
        return optimizedSession(mb.build());
    };
    auto withView = build(true), without = build(false);
    ASSERT_TRUE(withView && without);
    EXPECT_EQ(withView->unsharedActivationBytes(), without->unsharedActivationBytes());
}

TEST(StorageRewrites, SplitConcatBetweenConvolutionsBlocked)
{
    splitConcat(false);
}

// x -> Conv(b1) -> r; r -> Conv(b2) -> t; Conv(t, b3) + r -> Relu -> y: the last convolution is r's last reader, so
// it accumulates in r's (blocked) buffer.
TEST(StorageRewrites, ResidualAccumulatesInPlace)
{
    constexpr int64_t kC = 16, kHW = 16;
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { 1, kC, 4, 4 });
    const HostTensor b1 = randomTensor({ kC }, 8), b2 = randomTensor({ kC }, 9), b3 = randomTensor({ kC }, 10);
    mb.constant("w", identityWeights(kC));
    mb.constant("b1", b1);
    mb.constant("b2", b2);
    mb.constant("b3", b3);
    mb.node("Conv", { "x", "w", "b1" }, { "r" });
    mb.node("Conv", { "r", "w", "b2" }, { "t" });
    mb.node("Conv", { "t", "w", "b3" }, { "u" });
    mb.node("Add", { "u", "r" }, { "s" });
    mb.node("Relu", { "s" }, { "y" });
    mb.output("y");
    auto session = optimizedSession(mb.build());
    ASSERT_TRUE(session);
    ASSERT_EQ(session->steps().size(), 3u);
    EXPECT_EQ(session->steps()[2].opType, "Conv+Add+Relu");

    HostTensor x = randomTensor({ 1, kC, 4, 4 }, 11);
    std::vector<float> expected;
    for (int64_t c = 0; c < kC; ++c)
        for (int64_t i = 0; i < kHW; ++i) {
            const float r = x.data<float>()[size_t(c * kHW + i)] + b1.data<float>()[size_t(c)];
            expected.push_back(std::max(0.0f, r + b2.data<float>()[size_t(c)] + b3.data<float>()[size_t(c)] + r));
        }
    for (int run = 0; run < 2; ++run) {
        std::vector<HostTensor> in;
        in.push_back(x.clone());
        auto out = session->run(in);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        EXPECT_TRUE(allClose((*out)[0].data<float>(), expected, 1e-5f, 1e-5f)) << "run " << run;
    }
}

HostTensor scaledRandom(std::vector<int64_t> dims, uint32_t seed, float scale)
{
    HostTensor t = randomTensor(std::move(dims), seed);
    for (float& v : t.data<float>())
        v *= scale;
    return t;
}

// ResNet's deep layers (>= 256 channels on <= 14x14 pixels) run channels-last in optimized mode
// (kernels::prefersChannelsLast): x -> ConvA(3x3)+Relu -> a; ConvB(a, 3x3) + a -> Relu -> r (NHWC residual);
// MaxPool(r) -> m (oneDNN pooling on NHWC); ConvC(m, 1x1) - m -> d (CPU elementwise on NHWC bytes); ConvD(d) -> y
// (a plain graph output). Against the reference convolution and hand-applied ops; both modes.
TEST(StorageRewrites, DeepLayersChannelsLastMatchReference)
{
    constexpr int64_t kIn = 128, kC = 256, kH = 7, kW = 7, kP = kH * kW;
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { 1, kIn, kH, kW });
    const HostTensor wa = scaledRandom({ kC, kIn, 3, 3 }, 21, 1.0f / 34), ba = randomTensor({ kC }, 22);
    const HostTensor wb = scaledRandom({ kC, kC, 3, 3 }, 23, 1.0f / 48), bb = randomTensor({ kC }, 24);
    const HostTensor wc = scaledRandom({ kC, kC, 1, 1 }, 25, 1.0f / 16), bc = randomTensor({ kC }, 26);
    const HostTensor wd = scaledRandom({ kC, kC, 3, 3 }, 27, 1.0f / 48), bd = randomTensor({ kC }, 28);
    const std::pair<const char*, const HostTensor*> constants[] { { "wa", &wa }, { "ba", &ba }, { "wb", &wb },
        { "bb", &bb }, { "wc", &wc }, { "bc", &bc }, { "wd", &wd }, { "bd", &bd } };
    for (const auto& [name, t] : constants)
        mb.constant(name, t->clone());
    const Attribute pads = intsAttr("pads", { 1, 1, 1, 1 });
    mb.node("Conv", { "x", "wa", "ba" }, { "a0" }, { pads });
    mb.node("Relu", { "a0" }, { "a" });
    mb.node("Conv", { "a", "wb", "bb" }, { "b" }, { pads });
    mb.node("Add", { "b", "a" }, { "s" });
    mb.node("Relu", { "s" }, { "r" });
    mb.node("MaxPool", { "r" }, { "m" }, { intsAttr("kernel_shape", { 3, 3 }), pads });
    mb.node("Conv", { "m", "wc", "bc" }, { "c" });
    mb.node("Sub", { "c", "m" }, { "d" });
    mb.node("Conv", { "d", "wd", "bd" }, { "y" }, { pads });
    mb.output("y");
    auto model = mb.build();
    const HostTensor x = randomTensor({ 1, kIn, kH, kW }, 29);

    const Graph& g = model->graph();
    auto conv = [&](size_t node, const std::vector<float>& in, int64_t inC, const HostTensor& w, const HostTensor& b) {
        auto geo = kernels::convGeometry(g.node(NodeId(node)), std::vector<int64_t> { 1, inC, kH, kW }, w.dims());
        EXPECT_TRUE(geo.isOk());
        std::vector<float> out(size_t(kC * kP));
        kernels::ref::conv(*geo, in.data(), w.data<float>().data(), b.data<float>().data(), out.data());
        return out;
    };
    const std::vector<float> xs(x.data<float>().begin(), x.data<float>().end());
    std::vector<float> a = conv(0, xs, kIn, wa, ba);
    for (float& v : a)
        v = std::max(v, 0.0f);
    std::vector<float> r = conv(2, a, kC, wb, bb);
    for (size_t i = 0; i < r.size(); ++i)
        r[i] = std::max(r[i] + a[i], 0.0f);
    std::vector<float> m(r.size());
    for (int64_t c = 0; c < kC; ++c)
        for (int64_t oy = 0; oy < kH; ++oy)
            for (int64_t ox = 0; ox < kW; ++ox) {
                float best = -INFINITY;
                for (int64_t iy = std::max<int64_t>(oy - 1, 0); iy <= std::min(oy + 1, kH - 1); ++iy)
                    for (int64_t ix = std::max<int64_t>(ox - 1, 0); ix <= std::min(ox + 1, kW - 1); ++ix)
                        best = std::max(best, r[size_t((c * kH + iy) * kW + ix)]);
                m[size_t((c * kH + oy) * kW + ox)] = best;
            }
    std::vector<float> d = conv(6, m, kC, wc, bc);
    for (size_t i = 0; i < d.size(); ++i)
        d[i] -= m[i];
    const std::vector<float> expected = conv(8, d, kC, wd, bd);

    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        SessionOptions options;
        options.mode = mode;
        auto session = Session::create(model, options);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        if (mode == ExecutionMode::Optimized && kernels::blockedChannels() == 16) {
            // oneDNN runs brgemm convolutions only on channels-last data: every convolution reads and writes NHWC.
            for (const StepInfo& st : (*session)->steps())
                if (st.opType.rfind("Conv", 0) == 0)
                    EXPECT_NE(st.implementation.find("brgconv"), std::string_view::npos)
                        << st.opType << ": " << st.implementation;
        }
        for (int run = 0; run < 2; ++run) {
            std::vector<HostTensor> in;
            in.push_back(x.clone());
            auto out = (*session)->run(in);
            ASSERT_TRUE(out.isOk()) << out.status().toString();
            EXPECT_TRUE(allClose((*out)[0].data<float>(), expected, 1e-4f, 1e-4f))
                << (mode == ExecutionMode::Optimized ? "optimized" : "as-written") << " run " << run;
        }
    }
}

// A deep 3x3 convolution (channels-last on AVX-512, kernels::prefersChannelsLast) feeding a GlobalAveragePool, as at
// the end of a ResNet: the pooling reads the convolution's NHWC (AVX-512) or blocked (AVX2) output as it is, with no
// reorder to plain in between. Expected values from the reference convolution and a hand-computed mean.
TEST(StorageRewrites, GlobalPoolReadsTheLastConvolutionsLayout)
{
    constexpr int64_t kIn = 128, kC = 256, kH = 7, kW = 7;
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { 1, kIn, kH, kW });
    const HostTensor w = scaledRandom({ kC, kIn, 3, 3 }, 51, 1.0f / 34), b = randomTensor({ kC }, 52);
    mb.constant("w", w.clone());
    mb.constant("b", b.clone());
    mb.node("Conv", { "x", "w", "b" }, { "c" }, { intsAttr("pads", { 1, 1, 1, 1 }) });
    mb.node("GlobalAveragePool", { "c" }, { "y" });
    mb.output("y");
    auto model = mb.build();
    const HostTensor x = randomTensor({ 1, kIn, kH, kW }, 53);
    auto geo = kernels::convGeometry(model->graph().node(NodeId(0)), x.dims(), w.dims());
    ASSERT_TRUE(geo.isOk());
    std::vector<float> c(size_t(kC * kH * kW));
    kernels::ref::conv(*geo, x.data<float>().data(), w.data<float>().data(), b.data<float>().data(), c.data());
    std::vector<float> expected;
    for (int64_t ch = 0; ch < kC; ++ch) {
        double sum = 0.0;
        for (int64_t i = 0; i < kH * kW; ++i)
            sum += c[size_t(ch * kH * kW + i)];
        expected.push_back(float(sum / double(kH * kW)));
    }
    auto session = optimizedSession(std::move(model));
    ASSERT_TRUE(session);
    EXPECT_EQ(implementationOf(*session, "GlobalAveragePool"),
        kernels::blockedChannels() == 16 ? "cpu nhwc>nchw" : "cpu blocked>nchw");
    std::vector<HostTensor> in;
    in.push_back(x.clone());
    auto out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_TRUE(allClose((*out)[0].data<float>(), expected, 1e-5f, 1e-5f));
}

struct BlockedPoolCase
{
    int64_t k, s, pad, h, w;
    bool ceil;
};

void PrintTo(const BlockedPoolCase& c, std::ostream* os)
{
    *os << "k" << c.k << "s" << c.s << "p" << c.pad << "_" << c.h << "x" << c.w << (c.ceil ? "_ceil" : "");
}

class BlockedMaxPool : public ::testing::TestWithParam<BlockedPoolCase>
{
};

// x -> Conv(identity, b1) -> MaxPool -> Conv(identity, b2) -> y with 24 channels (one and a half 16-blocks): the
// MaxPool runs on the blocked layout (its own AVX-512 or AVX2 loop where available), y = maxpool(x + b1) + b2 by hand.
TEST_P(BlockedMaxPool, MatchesHandComputedWindows)
{
    const BlockedPoolCase pc = GetParam();
    constexpr int64_t kC = 24;
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { 1, kC, pc.h, pc.w });
    const HostTensor b1 = randomTensor({ kC }, 31), b2 = randomTensor({ kC }, 32);
    mb.constant("w", identityWeights(kC));
    mb.constant("b1", b1);
    mb.constant("b2", b2);
    mb.node("Conv", { "x", "w", "b1" }, { "c1" });
    mb.node("MaxPool", { "c1" }, { "m" },
        { intsAttr("kernel_shape", { pc.k, pc.k }), intsAttr("strides", { pc.s, pc.s }),
            intsAttr("pads", { pc.pad, pc.pad, pc.pad, pc.pad }), intAttr("ceil_mode", pc.ceil ? 1 : 0) });
    mb.node("Conv", { "m", "w", "b2" }, { "y" });
    mb.output("y");
    auto session = optimizedSession(mb.build());
    ASSERT_TRUE(session);
    if (kernels::blockedChannels() == 16)
        EXPECT_EQ(implementationOf(*session, "MaxPool"), "cpu:avx512_blocked");
    else if (quant::bestQuantIsa() != quant::QuantIsa::Scalar) // 8-channel blocks under DNNL_MAX_CPU_ISA=AVX2
        EXPECT_EQ(implementationOf(*session, "MaxPool"), "cpu:avx2_blocked");

    const HostTensor x = randomTensor({ 1, kC, pc.h, pc.w }, 33);
    auto outSize = [&](int64_t n) {
        const int64_t span = n + 2 * pc.pad - pc.k;
        return (pc.ceil ? (span + pc.s - 1) / pc.s : span / pc.s) + 1;
    };
    const int64_t oh = outSize(pc.h), ow = outSize(pc.w);
    std::vector<float> expected;
    for (int64_t c = 0; c < kC; ++c)
        for (int64_t y = 0; y < oh; ++y)
            for (int64_t xo = 0; xo < ow; ++xo) {
                float best = -INFINITY;
                for (int64_t i = y * pc.s - pc.pad; i < y * pc.s - pc.pad + pc.k; ++i)
                    for (int64_t j = xo * pc.s - pc.pad; j < xo * pc.s - pc.pad + pc.k; ++j)
                        if (i >= 0 && i < pc.h && j >= 0 && j < pc.w)
                            best = std::max(best, x.data<float>()[size_t((c * pc.h + i) * pc.w + j)]);
                expected.push_back(best + b1.data<float>()[size_t(c)] + b2.data<float>()[size_t(c)]);
            }
    std::vector<HostTensor> in;
    in.push_back(x.clone());
    auto out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ((*out)[0].dims(), (std::vector<int64_t> { 1, kC, oh, ow }));
    EXPECT_TRUE(allClose((*out)[0].data<float>(), expected, 1e-5f, 1e-5f));
}

INSTANTIATE_TEST_SUITE_P(Geometries, BlockedMaxPool,
    ::testing::Values(BlockedPoolCase { 3, 2, 1, 12, 11, false }, // ResNet's stem pooling
        BlockedPoolCase { 5, 1, 2, 7, 9, false }, // YOLO's SPPF
        BlockedPoolCase { 3, 2, 0, 8, 10, true }, // ceil_mode: the last window hangs over the end
        BlockedPoolCase { 2, 2, 0, 6, 6, false }));

} // namespace

namespace {

struct SqueezeExciteCase
{
    int64_t batch, channels;
    bool scaleFirst; ///< Mul(scale, feature) instead of Mul(feature, scale)
    bool mulIsOutput; ///< the Mul's output is the graph output (plain), so the Mul ends the blocked region
    int64_t height = 7, width = 9;
    int threads = 1;
};

void PrintTo(const SqueezeExciteCase& c, std::ostream* os)
{
    *os << "N" << c.batch << "C" << c.channels << (c.scaleFirst ? "_scaleFirst" : "")
        << (c.mulIsOutput ? "_mulIsOutput" : "") << "_" << c.height << "x" << c.width << "_T" << c.threads;
}

class BlockedSqueezeExcite : public ::testing::TestWithParam<SqueezeExciteCase>
{
};

} // namespace

// A squeeze-excite block between convolutions: c1 = Conv(identity, b1)(x); s = HardSigmoid(Conv(identity, b3)(
// GlobalAveragePool(c1))); y = Conv(identity, b2)(c1 * s). The pooling and the per-channel Mul read c1 in the blocked
// layout (passes float-channel-scale and float-blocked-regions), so nothing is reordered around them; channel counts
// with and without a partial 16-block, batch 2 (a scale per image), either operand order, and a Mul that ends the
// region (blocked in, plain out: a segmentation head's scale), also on maps large enough for the Mul to split its
// channels over 1-3 threads. Expected values by hand.
TEST_P(BlockedSqueezeExcite, MatchesHandComputedScale)
{
    const SqueezeExciteCase sc = GetParam();
    const int64_t c = sc.channels, h = sc.height, w = sc.width;
    IrModelBuilder mb(13);
    mb.input("x", DataType::Float, { sc.batch, c, h, w });
    const HostTensor b1 = randomTensor({ c }, 41), b2 = randomTensor({ c }, 42), b3 = randomTensor({ c }, 43);
    mb.constant("w", identityWeights(c));
    mb.constant("b1", b1);
    mb.constant("b2", b2);
    mb.constant("b3", b3);
    mb.node("Conv", { "x", "w", "b1" }, { "c1" });
    mb.node("GlobalAveragePool", { "c1" }, { "g" });
    mb.node("Conv", { "g", "w", "b3" }, { "f" });
    mb.node("HardSigmoid", { "f" }, { "s" });
    mb.node("Mul", sc.scaleFirst ? std::vector<std::string> { "s", "c1" } : std::vector<std::string> { "c1", "s" },
        { "m" });
    if (sc.mulIsOutput) {
        mb.output("m");
    } else {
        mb.node("Conv", { "m", "w", "b2" }, { "y" });
        mb.output("y");
    }
    auto session = optimizedSession(mb.build(), sc.threads);
    ASSERT_TRUE(session);
    EXPECT_EQ(implementationOf(*session, "GlobalAveragePool"), "cpu blocked");
    EXPECT_EQ(implementationOf(*session, "Mul"), sc.mulIsOutput ? "cpu blocked>nchw" : "cpu blocked");

    const HostTensor x = randomTensor({ sc.batch, c, h, w }, 44);
    const float* xv = x.data<float>().data();
    std::vector<float> expected;
    for (int64_t n = 0; n < sc.batch; ++n)
        for (int64_t ch = 0; ch < c; ++ch) {
            const float bias1 = b1.data<float>()[size_t(ch)];
            double sum = 0.0;
            for (int64_t i = 0; i < h * w; ++i)
                sum += double(xv[size_t((n * c + ch) * h * w + i)] + bias1);
            const float f = float(sum / double(h * w)) + b3.data<float>()[size_t(ch)];
            const float s = std::clamp(0.2f * f + 0.5f, 0.0f, 1.0f);
            for (int64_t i = 0; i < h * w; ++i)
                expected.push_back((xv[size_t((n * c + ch) * h * w + i)] + bias1) * s
                    + (sc.mulIsOutput ? 0.0f : b2.data<float>()[size_t(ch)]));
        }
    std::vector<HostTensor> in;
    in.push_back(x.clone());
    auto out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ((*out)[0].dims(), (std::vector<int64_t> { sc.batch, c, h, w }));
    EXPECT_TRUE(allClose((*out)[0].data<float>(), expected, 1e-5f, 1e-5f));
}

INSTANTIATE_TEST_SUITE_P(Blocks, BlockedSqueezeExcite,
    ::testing::Values(SqueezeExciteCase { 1, 24, false, false }, SqueezeExciteCase { 1, 32, true, false },
        SqueezeExciteCase { 2, 40, false, false }, SqueezeExciteCase { 1, 24, true, true },
        SqueezeExciteCase { 2, 40, false, true }, SqueezeExciteCase { 1, 200, true, true, 19, 21, 2 },
        SqueezeExciteCase { 2, 24, false, true, 40, 40, 3 }, SqueezeExciteCase { 1, 136, false, true, 20, 20, 1 }));
