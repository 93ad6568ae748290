// SPDX-License-Identifier: MIT
// Optimized mode's fused dynamic convolution (graph_rewrites.cpp, rewrite 3) on a generated graph of ONNX Runtime's
// quantize_dynamic pattern: one DynamicQuantizeLinear feeding two ConvInteger -> Cast -> Mul(x_scale * w_scale)
// [-> Add(Reshape(bias))] chains. The truth is computed here from the ONNX operator definitions (quantize with the
// DynamicQuantizeLinear formulas, integer convolution loops, rescale), not by the engine.
#include "int8_test_util.h"
#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>

namespace {

using namespace qs;
using test::randomFloats;

constexpr int64_t kC = 5, kH = 9, kW = 9;

struct Conv
{
    int64_t oc, icPerGroup, group, stride, pad;
    std::vector<uint8_t> w; ///< [oc, icPerGroup, 3, 3]
    uint8_t wZeroPoint;
    float wScale;
    std::vector<float> bias; ///< empty: no Add
    bool silu = false; ///< followed by y * Sigmoid(y)
};

/// Within `step` everywhere (rare one-step quantization flips upstream), exact within float rounding on 95 %.
void expectNearUpToRareFlips(std::span<const float> got, const std::vector<float>& want, float step)
{
    ASSERT_EQ(got.size(), want.size());
    int64_t exact = 0;
    for (size_t i = 0; i < want.size(); ++i) {
        const float tol = 1e-5f + 1e-5f * std::fabs(want[i]);
        ASSERT_NEAR(got[i], want[i], tol + step) << "element " << i;
        exact += std::fabs(got[i] - want[i]) <= tol ? 1 : 0;
    }
    EXPECT_GE(exact, int64_t(want.size()) * 95 / 100);
}

Conv makeConv(int64_t oc, int64_t group, int64_t stride, int64_t pad, uint8_t wzp, bool withBias, uint32_t seed)
{
    Conv c { oc, kC / group, group, stride, pad, {}, wzp, 0.0123f, {} };
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> d(0, 255); // the full uint8 range: w - zp leaves s8 for small zero points
    c.w.resize(size_t(oc * c.icPerGroup * 9));
    for (uint8_t& x : c.w)
        x = uint8_t(d(rng));
    if (withBias)
        c.bias = randomFloats(size_t(oc), seed + 1, -2.0f, 2.0f);
    return c;
}

/// ONNX DynamicQuantizeLinear: range including 0, scale = range / 255, zero point and values rounded half to even.
struct Quantized
{
    std::vector<uint8_t> q;
    float scale;
    int32_t zeroPoint;
};
/// New uniform uint8 weights for `c`'s current shape (after changing icPerGroup).
void redrawWeights(Conv& c, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> d(0, 255);
    c.w.resize(size_t(c.oc * c.icPerGroup * 9));
    for (uint8_t& v : c.w)
        v = uint8_t(d(rng));
}

/// The float input x [1, kC, kH, kW] and its DynamicQuantizeLinear (outputs xq, xs, xz).
void addDynamicInput(test::GraphBuilder& g)
{
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, kC, kH, kW });
    g.node("DynamicQuantizeLinear", { "x" }, { "xq", "xs", "xz" }, "dql");
}

Quantized dynamicQuantize(const std::vector<float>& x)
{
    const float lo = std::min(0.0f, *std::min_element(x.begin(), x.end()));
    const float hi = std::max(0.0f, *std::max_element(x.begin(), x.end()));
    Quantized r;
    r.scale = (hi - lo) / 255.0f;
    r.zeroPoint = int32_t(std::clamp(std::nearbyint(0.0f - lo / r.scale), 0.0f, 255.0f));
    for (float v : x)
        r.q.push_back(uint8_t(std::clamp(std::nearbyint(v / r.scale) + float(r.zeroPoint), 0.0f, 255.0f)));
    return r;
}

/// ConvInteger by its definition (padding holds the zero point, i.e. contributes 0), then Cast, Mul, Add.
std::vector<float> reference(const Quantized& x, const Conv& c)
{
    const int64_t oh = (kH + 2 * c.pad - 3) / c.stride + 1, ow = (kW + 2 * c.pad - 3) / c.stride + 1;
    const int64_t ocPerGroup = c.oc / c.group;
    const float s = x.scale * c.wScale;
    std::vector<float> y(size_t(c.oc * oh * ow));
    for (int64_t o = 0; o < c.oc; ++o)
        for (int64_t i = 0; i < oh; ++i)
            for (int64_t j = 0; j < ow; ++j) {
                int32_t acc = 0;
                for (int64_t ic = 0; ic < c.icPerGroup; ++ic)
                    for (int64_t ki = 0; ki < 3; ++ki)
                        for (int64_t kj = 0; kj < 3; ++kj) {
                            const int64_t yi = i * c.stride - c.pad + ki, xj = j * c.stride - c.pad + kj;
                            if (yi < 0 || yi >= kH || xj < 0 || xj >= kW)
                                continue;
                            const int64_t channel = (o / ocPerGroup) * c.icPerGroup + ic;
                            const int32_t xv = int32_t(x.q[size_t((channel * kH + yi) * kW + xj)]) - x.zeroPoint;
                            const int32_t wv = int32_t(c.w[size_t(((o * c.icPerGroup + ic) * 3 + ki) * 3 + kj)])
                                - int32_t(c.wZeroPoint);
                            acc += xv * wv;
                        }
                float v = float(acc) * s;
                if (!c.bias.empty())
                    v += c.bias[size_t(o)];
                if (c.silu)
                    v = v * (1.0f / (1.0f + std::exp(-v)));
                y[size_t((o * oh + i) * ow + j)] = v;
            }
    return y;
}

/// The chain reads DynamicQuantizeLinear outputs `in`q, `in`s, `in`z; its result `p`_y is a graph output unless not
/// `isOutput`.
void addChain(
    test::GraphBuilder& g, const Conv& c, const std::string& p, const std::string& in = "x", bool isOutput = true)
{
    g.rawInitializer(p + "_w", onnx::TensorProto_DataType_UINT8, { c.oc, c.icPerGroup, 3, 3 }, c.w);
    g.rawInitializer(p + "_wzp", onnx::TensorProto_DataType_UINT8, {}, std::vector<uint8_t> { c.wZeroPoint });
    g.floatInitializer(p + "_ws", {}, { c.wScale });
    g.node("Mul", { in + "s", p + "_ws" }, { p + "_s" }, p + "_scale");
    auto& conv = g.node("ConvInteger", { in + "q", p + "_w", in + "z", p + "_wzp" }, { p + "_i32" }, p + "_conv");
    test::setAttr(conv, "kernel_shape", { 3, 3 });
    test::setAttrInts(conv, "pads", { c.pad, c.pad, c.pad, c.pad });
    test::setAttrInts(conv, "strides", { c.stride, c.stride });
    test::setAttr(conv, "group", c.group);
    auto& cast = g.node("Cast", { p + "_i32" }, { p + "_f" }, p + "_cast");
    test::setAttr(cast, "to", int64_t(onnx::TensorProto_DataType_FLOAT));
    if (c.bias.empty()) {
        g.node("Mul", { p + "_f", p + "_s" }, { p + "_y" }, p + "_rescale");
    } else {
        g.node("Mul", { p + "_f", p + "_s" }, { p + "_m" }, p + "_rescale");
        g.floatInitializer(p + "_b", { c.oc }, c.bias);
        g.rawInitializer(
            p + "_bshape", onnx::TensorProto_DataType_INT64, { 4 }, std::vector<int64_t> { 1, c.oc, 1, 1 });
        g.node("Reshape", { p + "_b", p + "_bshape" }, { p + "_b4" }, p + "_reshape");
        g.node("Add", { p + "_m", p + "_b4" }, { c.silu ? p + "_pre" : p + "_y" }, p + "_bias");
        if (c.silu) {
            g.node("Sigmoid", { p + "_pre" }, { p + "_gate" }, p + "_sig");
            g.node("Mul", { p + "_pre", p + "_gate" }, { p + "_y" }, p + "_silu");
        }
    }
    if (isOutput)
        g.output(p + "_y", onnx::TensorProto_DataType_FLOAT);
}

TEST(DynamicConvFusion, MatchesTheOnnxDefinitionAndCoversTheAuthoredNodes)
{
    // a: dense 3x3, padding, bias, SiLU epilogue, weight zero point 3 (most w - zp leave the s8 window: the
    // compensation path); b: depthwise, stride 2, no padding, no bias, zero point 128.
    Conv a = makeConv(7, 1, 1, 1, 3, true, 21);
    a.silu = true;
    const Conv b = makeConv(5, 5, 2, 0, 128, false, 22);
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    addDynamicInput(g);
    addChain(g, a, "a");
    addChain(g, b, "b");
    g.output("xq", onnx::TensorProto_DataType_UINT8);
    auto model = loadModelFromBytes(mb.serialize(), "dynamic_conv.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();

    // Skewed range so that the activation zero point is not trivial.
    const std::vector<float> xv = randomFloats(size_t(kC * kH * kW), 7, -1.5f, 4.0f);
    HostTensor x(DataType::Float, { 1, kC, kH, kW });
    std::copy(xv.begin(), xv.end(), x.data<float>().begin());
    const Quantized xq = dynamicQuantize(xv);
    ASSERT_GT(xq.zeroPoint, 0);
    const std::vector<float> ya = reference(xq, a), yb = reference(xq, b);

    auto session = test::createSession(*model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::string listing;
    const auto covered = test::coveredNodeNames(**session, (*model)->graph(), listing);
    using Names = std::vector<std::string>;
    // The shared DynamicQuantizeLinear stays one step; each chain becomes one step anchored at its ConvInteger.
    ASSERT_EQ(covered.size(), 3u) << listing;
    EXPECT_EQ(covered[0], (Names { "dql" }));
    EXPECT_EQ(covered[1], (Names { "a_conv", "a_scale", "a_cast", "a_rescale", "a_bias", "a_sig", "a_silu" }));
    EXPECT_EQ(covered[2], (Names { "b_conv", "b_scale", "b_cast", "b_rescale" }));

    const HostTensor in[] = { std::move(x) };
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    ASSERT_EQ(out->size(), 3u);
    // The quantized activation is exact by definition; with it equal, the integer convolution is exact too and only
    // the float rescale (one product, one sum) may differ: a few ulps of the result.
    const auto q = (*out)[2].data<uint8_t>();
    ASSERT_TRUE(std::equal(q.begin(), q.end(), xq.q.begin(), xq.q.end()));
    auto expectClose = [](std::span<const float> got, const std::vector<float>& want, const char* what) {
        ASSERT_EQ(got.size(), want.size()) << what;
        for (size_t i = 0; i < want.size(); ++i)
            ASSERT_NEAR(got[i], want[i], 1e-5f + 1e-5f * std::fabs(want[i])) << what << " element " << i;
    };
    expectClose((*out)[0].data<float>(), ya, "a");
    expectClose((*out)[1].data<float>(), yb, "b");
}

TEST(DynamicConvFusion, ChainsStayNhwcAndMatchTheOnnxDefinition)
{
    // x -> dql -> a (12 channels: the vector epilogue's 8-wide body and its tail, SiLU) -> dql2 -> c -> output.
    // a's output and dql2's quantized output are read only by the chain, so Optimized mode keeps them NHWC.
    Conv a = makeConv(12, 1, 1, 1, 3, true, 41);
    a.silu = true;
    Conv c = makeConv(9, 1, 1, 1, 128, true, 42);
    c.icPerGroup = a.oc;
    redrawWeights(c, 43);
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    addDynamicInput(g);
    addChain(g, a, "a", "x", false);
    g.node("DynamicQuantizeLinear", { "a_y" }, { "a_yq", "a_ys", "a_yz" }, "dql2");
    addChain(g, c, "c", "a_y");
    auto model = loadModelFromBytes(mb.serialize(), "dynamic_conv_chain.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();

    const std::vector<float> xv = randomFloats(size_t(kC * kH * kW), 9, -1.5f, 4.0f);
    HostTensor x(DataType::Float, { 1, kC, kH, kW });
    std::copy(xv.begin(), xv.end(), x.data<float>().begin());
    const Quantized xq = dynamicQuantize(xv);
    const std::vector<float> ya = reference(xq, a);
    const Quantized aq = dynamicQuantize(ya);
    const std::vector<float> yc = reference(aq, c);

    auto session = test::createSession(*model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::vector<std::string> impls;
    for (const StepInfo& s : (*session)->steps())
        impls.emplace_back(s.implementation);
    ASSERT_EQ(impls.size(), 4u);
    // The implementation string names the layouts: input from the graph (NCHW) to the chain (NHWC), then back.
    EXPECT_NE(impls[1].find("nchw>nhwc"), std::string::npos) << impls[1];
    EXPECT_NE(impls[3].find("nhwc>nchw"), std::string::npos) << impls[3];

    const HostTensor in[] = { std::move(x) };
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    ASSERT_EQ(out->size(), 1u);
    // a's SiLU may differ from std::exp's by a few ulp, which can move dql2's scale by an ulp or flip the rounding of
    // a value lying on a rounding boundary: then c differs by at most two quantization steps of its input times the
    // largest |w - zp| (128). Such elements must be rare; any layout or indexing error would break most of them.
    expectNearUpToRareFlips((*out)[0].data<float>(), yc, aq.scale * c.wScale * 128.0f * 2.0f);
}

TEST(DynamicConvFusion, NhwcRegionsThroughMaxPoolAddAndConcatMatchTheOnnxDefinition)
{
    // x -> dql -> a (SiLU) -> {MaxPool 3x3 s1 p1 -> m, Add(a, m) -> s, Concat(a, s) -> cat} -> dql2 -> c -> output:
    // a YOLO C3/SPPF-like region that Optimized mode keeps NHWC from a's output to c's source.
    Conv a = makeConv(12, 1, 1, 1, 3, true, 51);
    a.silu = true;
    Conv c = makeConv(7, 1, 1, 1, 128, true, 52);
    c.icPerGroup = 2 * a.oc;
    redrawWeights(c, 53);
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    addDynamicInput(g);
    addChain(g, a, "a", "x", false);
    auto& pool = g.node("MaxPool", { "a_y" }, { "m" }, "pool");
    test::setAttr(pool, "kernel_shape", { 3, 3 });
    test::setAttrInts(pool, "pads", { 1, 1, 1, 1 });
    g.node("Add", { "a_y", "m" }, { "s" }, "add");
    auto& cat = g.node("Concat", { "a_y", "s" }, { "cat" }, "cat");
    test::setAttr(cat, "axis", int64_t(1));
    g.node("DynamicQuantizeLinear", { "cat" }, { "catq", "cats", "catz" }, "dql2");
    addChain(g, c, "c", "cat");
    auto model = loadModelFromBytes(mb.serialize(), "dynamic_conv_region.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();

    const std::vector<float> xv = randomFloats(size_t(kC * kH * kW), 11, -1.5f, 4.0f);
    HostTensor x(DataType::Float, { 1, kC, kH, kW });
    std::copy(xv.begin(), xv.end(), x.data<float>().begin());
    const std::vector<float> ya = reference(dynamicQuantize(xv), a);
    // MaxPool (padding never wins), Add, Concat along the channels, all NCHW as ONNX defines them.
    const int64_t plane = kH * kW;
    std::vector<float> catv(ya);
    catv.resize(size_t(2 * a.oc * plane));
    for (int64_t o = 0; o < a.oc; ++o)
        for (int64_t i = 0; i < kH; ++i)
            for (int64_t j = 0; j < kW; ++j) {
                float m = -INFINITY;
                for (int64_t di = -1; di <= 1; ++di)
                    for (int64_t dj = -1; dj <= 1; ++dj)
                        if (i + di >= 0 && i + di < kH && j + dj >= 0 && j + dj < kW)
                            m = std::max(m, ya[size_t(o * plane + (i + di) * kW + j + dj)]);
                catv[size_t((a.oc + o) * plane + i * kW + j)] = ya[size_t(o * plane + i * kW + j)] + m;
            }
    const Quantized catq = dynamicQuantize(catv);
    const std::vector<float> yc = reference(catq, c);

    auto session = test::createSession(*model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::string firstConv, lastConv;
    for (const StepInfo& st : (*session)->steps())
        if (st.opType.rfind("ConvInteger", 0) == 0)
            (firstConv.empty() ? firstConv : lastConv) = std::string(st.implementation);
    EXPECT_NE(firstConv.find("nchw>nhwc"), std::string::npos) << firstConv;
    EXPECT_NE(lastConv.find("nhwc>nchw"), std::string::npos) << lastConv;

    const HostTensor in[] = { std::move(x) };
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    // As in ChainsStayNhwc...: rare one-step quantization flips allowed, layout errors are not.
    expectNearUpToRareFlips((*out)[0].data<float>(), yc, catq.scale * c.wScale * 128.0f * 2.0f);
}

TEST(DynamicConvFusion, ResidualAddJoinsTheConvolutionAndMatchesTheOnnxDefinition)
{
    // x -> dql -> a (SiLU) -> a_y; a_y -> dql2 -> b (SiLU) -> b_y; Add(b_y, a_y) -> s -> dql3 -> c -> output: YOLO's
    // C3 bottleneck. b_y is read only by the Add, a_y is ready before b runs: the Add becomes b's Sum post-op
    // (rewrite 13), and dql3 takes its range from b (rewrite 8).
    Conv a = makeConv(12, 1, 1, 1, 3, true, 61);
    a.silu = true;
    Conv b = makeConv(12, 1, 1, 1, 100, true, 62);
    b.silu = true;
    b.icPerGroup = a.oc;
    redrawWeights(b, 63);
    Conv c = makeConv(7, 1, 1, 1, 128, true, 64);
    c.icPerGroup = a.oc;
    redrawWeights(c, 65);
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    addDynamicInput(g);
    addChain(g, a, "a", "x", false);
    g.node("DynamicQuantizeLinear", { "a_y" }, { "a_yq", "a_ys", "a_yz" }, "dql2");
    addChain(g, b, "b", "a_y", false);
    g.node("Add", { "b_y", "a_y" }, { "s" }, "residual");
    g.node("DynamicQuantizeLinear", { "s" }, { "sq", "ss", "sz" }, "dql3");
    addChain(g, c, "c", "s");
    auto model = loadModelFromBytes(mb.serialize(), "dynamic_conv_residual.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();

    const std::vector<float> xv = randomFloats(size_t(kC * kH * kW), 12, -1.5f, 4.0f);
    HostTensor x(DataType::Float, { 1, kC, kH, kW });
    std::copy(xv.begin(), xv.end(), x.data<float>().begin());
    const std::vector<float> ya = reference(dynamicQuantize(xv), a);
    const std::vector<float> yb = reference(dynamicQuantize(ya), b);
    std::vector<float> sv(ya.size());
    for (size_t i = 0; i < sv.size(); ++i)
        sv[i] = yb[i] + ya[i];
    const Quantized sq = dynamicQuantize(sv);
    const std::vector<float> yc = reference(sq, c);

    auto session = test::createSession(*model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::string listing;
    const auto covered = test::coveredNodeNames(**session, (*model)->graph(), listing);
    bool fused = false;
    for (const auto& names : covered)
        fused = fused || (names.front() == "b_conv" && names.back() == "residual");
    EXPECT_TRUE(fused) << listing;

    const HostTensor in[] = { std::move(x) };
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    expectNearUpToRareFlips((*out)[0].data<float>(), yc, sq.scale * c.wScale * 128.0f * 2.0f);
}

TEST(DynamicConvFusion, DetectionHeadConcatenationsWrittenInPlace)
{
    // Two levels as in YOLO's head: per level, Concat(axis 1) of two fused convolutions' NCHW outputs -> Reshape
    // [1, 12, H*W]; then Concat(axis 2) of the levels -> Relu -> output [1, 12, 81 + 16]. The convolutions write
    // their channels straight into the final rows (memory_planner.cpp, planRowConcats): no Concat step remains.
    const Conv a = makeConv(7, 1, 1, 1, 3, true, 71), b = makeConv(5, 1, 1, 1, 9, false, 72);
    const Conv c = makeConv(7, 1, 2, 0, 11, true, 73), d = makeConv(5, 1, 2, 0, 128, true, 74);
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    addDynamicInput(g);
    addChain(g, a, "a", "x", false);
    addChain(g, b, "b", "x", false);
    addChain(g, c, "c", "x", false);
    addChain(g, d, "d", "x", false);
    auto& cat0 = g.node("Concat", { "a_y", "b_y" }, { "l0" }, "cat0");
    test::setAttr(cat0, "axis", int64_t(1));
    auto& cat1 = g.node("Concat", { "c_y", "d_y" }, { "l1" }, "cat1");
    test::setAttr(cat1, "axis", int64_t(1));
    g.rawInitializer("s0", onnx::TensorProto_DataType_INT64, { 3 }, std::vector<int64_t> { 1, 12, 81 });
    g.rawInitializer("s1", onnx::TensorProto_DataType_INT64, { 3 }, std::vector<int64_t> { 1, 12, 16 });
    g.node("Reshape", { "l0", "s0" }, { "r0" }, "view0");
    g.node("Reshape", { "l1", "s1" }, { "r1" }, "view1");
    auto& cat = g.node("Concat", { "r0", "r1" }, { "y" }, "cat");
    test::setAttr(cat, "axis", int64_t(2));
    g.node("Relu", { "y" }, { "z" }, "relu");
    g.output("z", onnx::TensorProto_DataType_FLOAT);
    auto model = loadModelFromBytes(mb.serialize(), "dynamic_conv_head.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();

    const std::vector<float> xv = randomFloats(size_t(kC * kH * kW), 13, -1.5f, 4.0f);
    HostTensor x(DataType::Float, { 1, kC, kH, kW });
    std::copy(xv.begin(), xv.end(), x.data<float>().begin());
    const Quantized xq = dynamicQuantize(xv);
    const std::vector<float> ya = reference(xq, a), yb = reference(xq, b), yc = reference(xq, c), yd = reference(xq, d);
    std::vector<float> want;
    for (int64_t ch = 0; ch < 12; ++ch) {
        const auto& l0 = ch < 7 ? ya : yb;
        const auto& l1 = ch < 7 ? yc : yd;
        const int64_t k = ch < 7 ? ch : ch - 7;
        want.insert(want.end(), l0.begin() + k * 81, l0.begin() + (k + 1) * 81);
        want.insert(want.end(), l1.begin() + k * 16, l1.begin() + (k + 1) * 16);
    }
    for (float& v : want)
        v = std::max(v, 0.0f);

    auto session = test::createSession(*model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    for (const StepInfo& st : (*session)->steps())
        EXPECT_EQ(st.opType.find("Concat"), std::string::npos) << st.opType;
    // The vanished steps' nodes are attributed to a convolution that now does their work.
    std::string listing;
    std::vector<std::string> attributed;
    for (const auto& names : test::coveredNodeNames(**session, (*model)->graph(), listing))
        attributed.insert(attributed.end(), names.begin(), names.end());
    for (const char* n : { "cat0", "cat1", "view0", "view1", "cat" })
        EXPECT_NE(std::find(attributed.begin(), attributed.end(), n), attributed.end()) << n << ": " << listing;

    for (int run = 0; run < 2; ++run) {
        const HostTensor in[] = { x.clone() };
        auto out = (*session)->run(in);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        ASSERT_EQ((*out)[0].dims(), (std::vector<int64_t> { 1, 12, 97 }));
        const auto got = (*out)[0].data<float>();
        for (size_t i = 0; i < want.size(); ++i)
            ASSERT_NEAR(got[i], want[i], 1e-5f + 1e-5f * std::fabs(want[i])) << "run " << run << " element " << i;
    }
}

TEST(DynamicConvFusion, PointwiseSingleChannelEqualsTheAsWrittenNodes)
{
    // x -> dql -> ConvInteger 1x1 to one channel -> Cast -> Mul [-> Add]: YOLO's DFL head (16 bins -> 1). The fused
    // step takes Int8Conv's planar path on any CPU with AVX2 (implementation "qs:avx2_int8_planar"); integer sums are
    // exact and the rescale does
    // the graph's Mul then Add, so the result equals the as-written nodes' bit for bit.
    for (const bool withBias : { false, true }) {
        SCOPED_TRACE(withBias ? "bias" : "no bias");
        Conv p = makeConv(1, 1, 1, 0, 7, withBias, 81);
        test::ModelBuilder mb(13);
        auto& g = mb.graph();
        addDynamicInput(g);
        g.rawInitializer(
            "p_w", onnx::TensorProto_DataType_UINT8, { 1, kC, 1, 1 }, std::vector<uint8_t> { 3, 250, 0, 128, 77 });
        g.rawInitializer("p_wzp", onnx::TensorProto_DataType_UINT8, {}, std::vector<uint8_t> { p.wZeroPoint });
        g.floatInitializer("p_ws", {}, { p.wScale });
        g.node("Mul", { "xs", "p_ws" }, { "p_s" }, "p_scale");
        g.node("ConvInteger", { "xq", "p_w", "xz", "p_wzp" }, { "p_i32" }, "p_conv");
        auto& cast = g.node("Cast", { "p_i32" }, { "p_f" }, "p_cast");
        test::setAttr(cast, "to", int64_t(onnx::TensorProto_DataType_FLOAT));
        if (withBias) {
            g.node("Mul", { "p_f", "p_s" }, { "p_m" }, "p_rescale");
            g.floatInitializer("p_b", { 1, 1, 1, 1 }, p.bias);
            g.node("Add", { "p_m", "p_b" }, { "p_y" }, "p_bias");
        } else {
            g.node("Mul", { "p_f", "p_s" }, { "p_y" }, "p_rescale");
        }
        g.output("p_y", onnx::TensorProto_DataType_FLOAT);
        auto model = loadModelFromBytes(mb.serialize(), "dynamic_conv_pointwise.onnx");
        ASSERT_TRUE(model.isOk()) << model.status().toString();
        auto fused = test::createSession(*model, ExecutionMode::Optimized);
        auto written = test::createSession(*model, ExecutionMode::AsWritten);
        ASSERT_TRUE(fused.isOk() && written.isOk());
        bool pointwise = false;
        for (const StepInfo& st : (*fused)->steps())
            pointwise = pointwise || st.implementation.find("qs:avx2_int8_planar") != std::string::npos;
        // The avx2own. runs force the own kernel, which turns the planar path off.
        EXPECT_TRUE(pointwise || !__builtin_cpu_supports("avx2") || test::ownAvx2ConvForced());

        const std::vector<float> xv = randomFloats(size_t(kC * kH * kW), 14, -1.5f, 4.0f);
        HostTensor x(DataType::Float, { 1, kC, kH, kW });
        std::copy(xv.begin(), xv.end(), x.data<float>().begin());
        const HostTensor in1[] = { x.clone() }, in2[] = { std::move(x) };
        auto a = (*fused)->run(in1);
        auto b = (*written)->run(in2);
        ASSERT_TRUE(a.isOk() && b.isOk());
        const auto ga = (*a)[0].data<float>(), gb = (*b)[0].data<float>();
        ASSERT_EQ(ga.size(), size_t(kH * kW));
        ASSERT_EQ(ga.size(), gb.size());
        for (size_t i = 0; i < ga.size(); ++i)
            ASSERT_EQ(ga[i], gb[i]) << "element " << i;
    }
}

TEST(DynamicConvFusion, LeavesTheNodesAsWrittenWhenAnIntermediateHasAnotherConsumer)
{
    const Conv a = makeConv(4, 1, 1, 1, 128, true, 31);
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    addDynamicInput(g);
    addChain(g, a, "a");
    g.output("a_f", onnx::TensorProto_DataType_FLOAT); // the Cast's output is also a graph output
    auto model = loadModelFromBytes(mb.serialize(), "dynamic_conv_shared.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    // dql, scale Mul, ConvInteger, Cast, Mul, Add: the Reshape of constants is folded, nothing else changes.
    test::expectEveryNodeItsOwnStep(*model, 6);
}

} // namespace
