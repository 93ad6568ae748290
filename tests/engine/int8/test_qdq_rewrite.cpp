// SPDX-License-Identifier: MIT
// The Optimized mode's QDQ rewrite (graph_rewrites.cpp, rewrite 5) on a hand-built QDQ block: DequantizeLinear(x),
// per-channel DequantizeLinear(w), DequantizeLinear(int32 bias) -> Conv -> Relu -> QuantizeLinear, then
// DequantizeLinear of that and of a residual -> Add -> Relu -> QuantizeLinear. The expected output is computed
// independently from ONNX's definitions: the exact integer convolution (conv_integer_ref.h), the requantization
// round_half_to_even((acc + bias) * xScale * wScale / yScale) + zp with Relu as the clamp at the zero point, and the
// add as the authored DequantizeLinear/Add/Relu/QuantizeLinear float operations. The convolution's output is read
// only by the add, so Optimized mode runs both as one step (the add applied to the requantized tile in registers):
// variants with and without either Relu, odd channel counts, and power-of-two scales that put many values of both
// roundings exactly on ties.
#include "int8_test_util.h"
#include "kernels/int8/conv_integer_ref.h"
#include "qdq_conv_test_util.h"

#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

using namespace qs;

namespace {

using test::addGraphInput;
using test::addInitializer;
using test::addNode;
using test::intAttr;
using test::intsAttr;
using test::tensorType;

constexpr int64_t kC = 5, kH = 9, kW = 7;

struct Variant
{
    bool convRelu = true;
    bool addRelu = true;
    bool ties = false;
    int64_t oc = 6;
};

struct QdqBlock
{
    std::shared_ptr<Model> model;
    std::vector<uint8_t> x, residual;
    std::vector<int8_t> w;
    std::vector<int32_t> bias;
    std::vector<float> wScales;
    float xScale = 0.037f, yScale = 0.0f, rScale = 0.051f, zScale = 0.0f;
    uint8_t xZp = 117, yZp = 0, rZp = 131, zZp = 3;
    Variant v;
};

QdqBlock makeBlock(const Variant& variant = {})
{
    QdqBlock b;
    b.v = variant;
    const int64_t kOc = variant.oc;
    if (!variant.convRelu)
        b.yZp = 121;
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> u8(0, 255), s8(-127, 127), bias(-3000, 3000);
    std::uniform_real_distribution<float> scale(0.002f, 0.006f);
    b.x.resize(size_t(kC * kH * kW));
    b.residual.resize(size_t(kOc * kH * kW));
    b.w.resize(size_t(kOc * kC * 9));
    for (auto& v : b.x)
        v = uint8_t(u8(rng));
    for (auto& v : b.residual)
        v = uint8_t(u8(rng));
    for (auto& v : b.w)
        v = int8_t(s8(rng));
    for (int64_t o = 0; o < kOc; ++o) {
        b.bias.push_back(bias(rng));
        b.wScales.push_back(scale(rng));
    }
    b.yScale = 0.09f;
    b.zScale = 0.11f;
    if (variant.ties) {
        // Powers of two: (acc + bias) * 2^-k and the dequantized sums / zScale land exactly on .5 often.
        b.xScale = 0.25f;
        for (float& ws : b.wScales)
            ws = 0.0078125f;
        b.yScale = 0.5f;
        b.rScale = 0.125f;
        b.zScale = 0.25f;
    }
    std::vector<float> biasScales;
    for (float ws : b.wScales)
        biasScales.push_back(b.xScale * ws); // as PyTorch and ONNX Runtime's quantizers write it

    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "xq", tensorType(DataType::UInt8, { 1, kC, kH, kW }));
    addGraphInput(g, "rq", tensorType(DataType::UInt8, { 1, kOc, kH, kW }));
    addInitializer(g, "xs", test::scalarF(b.xScale));
    addInitializer(g, "xzp", test::scalarU8(b.xZp));
    addInitializer(g, "wq", Tensor::fromVector(DataType::Int8, { kOc, kC, 3, 3 }, b.w));
    addInitializer(g, "ws", Tensor::fromVector(DataType::Float, { kOc }, b.wScales));
    addInitializer(g, "wzp", Tensor::fromVector(DataType::Int8, { kOc }, std::vector<int8_t>(size_t(kOc), 0)));
    addInitializer(g, "bq", Tensor::fromVector(DataType::Int32, { kOc }, b.bias));
    addInitializer(g, "bs", Tensor::fromVector(DataType::Float, { kOc }, biasScales));
    addInitializer(g, "bzp", Tensor::fromVector(DataType::Int32, { kOc }, std::vector<int32_t>(size_t(kOc), 0)));
    addInitializer(g, "ys", test::scalarF(b.yScale));
    addInitializer(g, "yzp", test::scalarU8(b.yZp));
    addInitializer(g, "rs", test::scalarF(b.rScale));
    addInitializer(g, "rzp", test::scalarU8(b.rZp));
    addInitializer(g, "zs", test::scalarF(b.zScale));
    addInitializer(g, "zzp", test::scalarU8(b.zZp));
    addNode(g, "dq_x", "DequantizeLinear", { "xq", "xs", "xzp" }, "xf");
    addNode(g, "dq_w", "DequantizeLinear", { "wq", "ws", "wzp" }, "wf", { intAttr("axis", 0) });
    addNode(g, "dq_b", "DequantizeLinear", { "bq", "bs", "bzp" }, "bf", { intAttr("axis", 0) });
    addNode(g, "conv", "Conv", { "xf", "wf", "bf" }, "cf",
        { intsAttr("kernel_shape", { 3, 3 }), intsAttr("pads", { 1, 1, 1, 1 }) });
    if (variant.convRelu)
        addNode(g, "relu", "Relu", { "cf" }, "cr");
    addNode(g, "q_y", "QuantizeLinear", { variant.convRelu ? "cr" : "cf", "ys", "yzp" }, "yq");
    addNode(g, "dq_y", "DequantizeLinear", { "yq", "ys", "yzp" }, "yf");
    addNode(g, "dq_r", "DequantizeLinear", { "rq", "rs", "rzp" }, "rf");
    addNode(g, "add", "Add", { "yf", "rf" }, "af");
    if (variant.addRelu)
        addNode(g, "relu2", "Relu", { "af" }, "ar");
    addNode(g, "q_z", "QuantizeLinear", { variant.addRelu ? "ar" : "af", "zs", "zzp" }, "zq");
    const ValueId out = g.getOrAddValue("zq");
    g.mutableValue(out).type = tensorType(DataType::UInt8, { 1, kOc, kH, kW });
    g.mutableValue(out).isGraphOutput = true;
    g.addOutput(out);
    EXPECT_TRUE(g.finalize().isOk());
    b.model = model;
    return b;
}

std::vector<uint8_t> reference(const QdqBlock& b)
{
    const int64_t kOc = b.v.oc;
    kernels::int8::ConvShape s;
    s.inChannels = kC;
    s.inHeight = kH;
    s.inWidth = kW;
    s.outChannels = kOc;
    s.kernelHeight = s.kernelWidth = 3;
    s.padTop = s.padLeft = s.padBottom = s.padRight = 1;
    std::vector<int32_t> acc(size_t(s.outputCount()));
    const std::vector<int32_t> wzp(size_t(kOc), 0);
    kernels::int8::convIntegerRef(s, b.x.data(), b.xZp, b.w.data(), wzp.data(), true, acc.data());
    std::vector<uint8_t> z(acc.size());
    const int64_t plane = kH * kW;
    for (size_t i = 0; i < acc.size(); ++i) {
        const size_t o = i / size_t(plane);
        const float v = float(acc[i] + b.bias[o]) * (b.xScale * b.wScales[o] / b.yScale);
        // Relu: Q(0) = yZp is the lower bound.
        const int32_t y = std::clamp(int32_t(std::nearbyint(v)) + b.yZp, b.v.convRelu ? int32_t(b.yZp) : 0, 255);
        const float sum = float(y - b.yZp) * b.yScale + float(int32_t(b.residual[i]) - b.rZp) * b.rScale;
        const float r = b.v.addRelu ? std::max(sum, 0.0f) : sum;
        z[i] = uint8_t(std::clamp(int32_t(std::nearbyint(r / b.zScale)) + b.zZp, 0, 255));
    }
    return z;
}

class QdqConvAdd : public testing::TestWithParam<Variant>
{
};

TEST_P(QdqConvAdd, FusesToOneIntegerStepAndMatchesTheDefinition)
{
    const QdqBlock b = makeBlock(GetParam());
    const int64_t kOc = b.v.oc;
    const std::vector<uint8_t> want = reference(b);
    for (ExecutionMode mode : { ExecutionMode::Optimized, ExecutionMode::AsWritten }) {
        auto session = test::createSession(b.model, mode);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        if (mode == ExecutionMode::Optimized) {
            // One step, the int8 convolution with the add in its epilogue, mapped to every authored node it replaced.
            const auto steps = (*session)->steps();
            ASSERT_EQ(steps.size(), 1u);
            const Graph& g = b.model->graph();
            std::vector<std::string> nodes;
            for (NodeId n : steps[0].nodes)
                nodes.push_back(g.node(n).name);
            std::sort(nodes.begin(), nodes.end());
            std::vector<std::string> authored { "add", "conv", "dq_b", "dq_r", "dq_w", "dq_x", "dq_y", "q_y", "q_z" };
            if (b.v.convRelu)
                authored.push_back("relu");
            if (b.v.addRelu)
                authored.push_back("relu2");
            std::sort(authored.begin(), authored.end());
            EXPECT_EQ(nodes, authored);
            EXPECT_NE(steps[0].implementation.find("+add"), std::string_view::npos) << steps[0].implementation;
        }
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, kC, kH, kW }, b.x));
        in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, kOc, kH, kW }, b.residual));
        auto out = (*session)->run(in);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        const auto got = (*out)[0].data<uint8_t>();
        ASSERT_EQ(got.size(), want.size());
        int differ = 0, clampedLow = 0;
        for (size_t i = 0; i < want.size(); ++i) {
            clampedLow += want[i] == b.zZp;
            const int d = std::abs(int(got[i]) - int(want[i]));
            // The fused integer path computes exactly the definition. The float graph as written rounds its
            // convolution sum differently, so a value at a rounding tie may land one step away.
            if (mode == ExecutionMode::Optimized)
                EXPECT_EQ(d, 0) << "element " << i;
            else
                EXPECT_LE(d, 1) << "element " << i;
            differ += d != 0;
        }
        if (!b.v.ties) // power-of-two scales put many values on ties, where the float graph may round apart
            EXPECT_LE(differ, int(want.size()) / 50) << executionModeName(mode);
        // Without the convolution's Relu about half the sums are negative, which the add's Relu clamps.
        EXPECT_LT(clampedLow, int(want.size()) * 3 / 4) << "degenerate data";
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, QdqConvAdd,
    testing::Values(Variant { true, true, false, 6 }, Variant { false, true, false, 7 },
        Variant { true, false, false, 3 }, Variant { false, false, true, 7 }, Variant { true, true, true, 17 },
        Variant { false, true, true, 33 }));

// DequantizeLinear -> MaxPool -> QuantizeLinear with equal parameters runs as one integer MaxPool, exactly the window
// maximum of the integers (the maximum commutes with the monotonic dequantization): odd sizes, asymmetric pads,
// stride 2, ceil_mode and a dilated width.
TEST(QdqRewrite, MaxPoolRunsOnIntegers)
{
    const int64_t c = 3, h = 11, w = 10;
    const std::vector<int64_t> pads = { 1, 0, 1, 2 }, strides = { 2, 2 }, dil = { 1, 2 }, kernel = { 3, 3 };
    std::mt19937 rng(9);
    std::uniform_int_distribution<int> u8(0, 255);
    std::vector<uint8_t> x(size_t(c * h * w));
    for (auto& v : x)
        v = uint8_t(u8(rng));
    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "xq", tensorType(DataType::UInt8, { 1, c, h, w }));
    for (const auto& [name, t] :
        { std::pair { "s", Tensor::fromVector(DataType::Float, {}, std::vector<float> { 0.043f }) },
            std::pair { "zp", Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { 97 }) } })
        addInitializer(g, name, t);
    addNode(g, "dq", "DequantizeLinear", { "xq", "s", "zp" }, "xf");
    addNode(g, "pool", "MaxPool", { "xf" }, "pf",
        { intsAttr("kernel_shape", kernel), intsAttr("pads", pads), intsAttr("strides", strides),
            intsAttr("dilations", dil), intAttr("ceil_mode", 1) });
    addNode(g, "q", "QuantizeLinear", { "pf", "s", "zp" }, "yq");
    // Output size with ceil_mode: ceil((in + pads - dilated kernel) / stride) + 1, last window starting inside.
    const int64_t oh = (h + 1 + 1 - 3 + 1) / 2 + 1, ow = (w + 0 + 2 - 5 + 1) / 2 + 1;
    const ValueId out = g.getOrAddValue("yq");
    g.mutableValue(out).type = tensorType(DataType::UInt8, { 1, c, oh, ow });
    g.mutableValue(out).isGraphOutput = true;
    g.addOutput(out);
    ASSERT_TRUE(g.finalize().isOk());

    auto session = test::createSession(model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    ASSERT_EQ((*session)->steps().size(), 1u);
    EXPECT_EQ((*session)->steps()[0].nodes.size(), 3u);
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, c, h, w }, x));
    auto result = (*session)->run(in);
    ASSERT_TRUE(result.isOk()) << result.status().toString();
    const auto y = (*result)[0].data<uint8_t>();
    ASSERT_EQ(int64_t(y.size()), c * oh * ow);
    for (int64_t ch = 0; ch < c; ++ch)
        for (int64_t i = 0; i < oh; ++i)
            for (int64_t j = 0; j < ow; ++j) {
                int best = -1;
                for (int64_t a = 0; a < 3; ++a)
                    for (int64_t b = 0; b < 3; ++b) {
                        const int64_t r = i * 2 - 1 + a, col = j * 2 - 0 + b * 2;
                        if (r >= 0 && r < h && col >= 0 && col < w)
                            best = std::max(best, int(x[size_t((ch * h + r) * w + col)]));
                    }
                EXPECT_EQ(int(y[size_t((ch * oh + i) * ow + j)]), best)
                    << "channel " << ch << " (" << i << ", " << j << ")";
            }
}

} // namespace
