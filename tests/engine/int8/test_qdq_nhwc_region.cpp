// SPDX-License-Identifier: MIT
// Optimized mode keeps static INT8 activations NHWC between fused QDQ steps (graph_rewrites.cpp, rewrite 6 extended
// to rewrite 5's steps): a ResNet-like block — QDQ conv + Relu from an NCHW input, integer MaxPool 3x3/2, a second
// QDQ conv, the residual int8 add + Relu, then a same-type Cast, DequantizeLinear and GlobalAveragePool (the end of
// the region, reading NHWC). The expected values come from ONNX's definitions written out independently: the
// obvious-loop ConvInteger (conv_integer_ref.h), round_half_to_even requantization, the window maximum, the float
// add of the dequantized operands, and the mean in double.
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
using test::intsAttr;
using test::tensorType;

constexpr int64_t kC = 5, kH = 13, kW = 11, kC1 = 16, kC2 = 16;

using ConvParams = test::QdqConvParams;

TEST(QdqNhwcRegion, ResidualBlockRunsNhwcAndMatchesTheDefinition)
{
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> u8(0, 255);
    std::vector<uint8_t> x(size_t(kC * kH * kW));
    for (auto& v : x)
        v = uint8_t(u8(rng));
    const ConvParams c1 = test::randomQdqConv(rng, kC1, kC), c2 = test::randomQdqConv(rng, kC2, kC1);
    const float xs = 0.031f, s1 = 0.05f, s2 = 0.07f, sz = 0.09f;
    const int32_t xzp = 121, zp1 = 0, zp2 = 125, zpz = 0;

    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "xq", tensorType(DataType::UInt8, { 1, kC, kH, kW }));
    addInitializer(g, "xs", test::scalarF(xs));
    addInitializer(g, "xzp", test::scalarU8(xzp));
    addInitializer(g, "s1", test::scalarF(s1));
    addInitializer(g, "zp1", test::scalarU8(zp1));
    addInitializer(g, "s2", test::scalarF(s2));
    addInitializer(g, "zp2", test::scalarU8(zp2));
    addInitializer(g, "sz", test::scalarF(sz));
    addInitializer(g, "zpz", test::scalarU8(zpz));
    test::addQdqConv(g, "conv1", "xq", "xs", "xzp", c1, kC1, kC, xs, "s1", "zp1", true, "y1");
    addNode(g, "pool_dq", "DequantizeLinear", { "y1", "s1", "zp1" }, "y1f");
    addNode(g, "pool", "MaxPool", { "y1f" }, "pf",
        { intsAttr("kernel_shape", { 3, 3 }), intsAttr("pads", { 1, 1, 1, 1 }), intsAttr("strides", { 2, 2 }) });
    addNode(g, "pool_q", "QuantizeLinear", { "pf", "s1", "zp1" }, "p");
    test::addQdqConv(g, "conv2", "p", "s1", "zp1", c2, kC2, kC1, s1, "s2", "zp2", false, "y2");
    addNode(g, "add_dqa", "DequantizeLinear", { "y2", "s2", "zp2" }, "af");
    addNode(g, "add_dqb", "DequantizeLinear", { "p", "s1", "zp1" }, "bf");
    addNode(g, "add", "Add", { "af", "bf" }, "sf");
    addNode(g, "add_relu", "Relu", { "sf" }, "sr");
    addNode(g, "add_q", "QuantizeLinear", { "sr", "sz", "zpz" }, "z");
    addNode(g, "cast", "Cast", { "z" }, "zc", { test::intAttr("to", int64_t(DataType::UInt8)) });
    addNode(g, "gap_dq", "DequantizeLinear", { "zc", "sz", "zpz" }, "zf");
    addNode(g, "gap", "GlobalAveragePool", { "zf" }, "out");
    const ValueId out = g.getOrAddValue("out");
    g.mutableValue(out).type = tensorType(DataType::Float, { 1, kC2, 1, 1 });
    g.mutableValue(out).isGraphOutput = true;
    g.addOutput(out);
    ASSERT_TRUE(g.finalize().isOk());

    // The definition, NCHW.
    const std::vector<uint8_t> y1 = test::qdqConvRef(x, kC, kH, kW, xzp, xs, c1, kC1, s1, zp1, true);
    const int64_t ph = (kH + 2 - 3) / 2 + 1, pw = (kW + 2 - 3) / 2 + 1;
    const std::vector<uint8_t> p = test::maxPool3x3s2p1Ref(y1, kC1, kH, kW);
    const std::vector<uint8_t> y2 = test::qdqConvRef(p, kC1, ph, pw, zp1, s1, c2, kC2, s2, zp2, false);
    std::vector<double> want(size_t(kC2), 0.0);
    int32_t saturated = 0;
    for (size_t i = 0; i < y2.size(); ++i) {
        const float sum = float(int32_t(y2[i]) - zp2) * s2 + float(int32_t(p[i]) - zp1) * s1;
        const int32_t z = std::clamp(int32_t(std::nearbyint(std::max(sum, 0.0f) / sz)) + zpz, 0, 255);
        saturated += z == 255 || z == 0;
        want[i / size_t(ph * pw)] += double(float(z - zpz) * sz) / double(ph * pw);
    }
    EXPECT_LT(saturated, int32_t(y2.size()) / 2) << "degenerate data";

    auto session = test::createSession(model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    int nhwcSteps = 0;
    for (const StepInfo& s : (*session)->steps())
        nhwcSteps += s.implementation.find("nhwc") != std::string_view::npos;
    // conv1 (nchw>nhwc), the MaxPool, conv2 and the GlobalAveragePool name their NHWC side.
    EXPECT_EQ(nhwcSteps, 4);
    // One activation reorder per run in the whole region: conv1 copies the NCHW input into NHWC; conv2, the pool and
    // the add read NHWC in place, and the pooled mean leaves the region through its loads, not a copy.
    int32_t reorders = 0;
    for (const StepInfo& s : (*session)->steps()) {
        reorders += s.activationReorders;
        if (s.implementation.find("nchw>nhwc") != std::string_view::npos)
            EXPECT_EQ(s.activationReorders, 1) << s.implementation;
    }
    EXPECT_EQ(reorders, 1);
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, kC, kH, kW }, x));
    auto result = (*session)->run(in);
    ASSERT_TRUE(result.isOk()) << result.status().toString();
    // conv2's requantized output goes straight into the residual add (one step, NHWC on both sides).
    int convAddSteps = 0;
    for (const StepInfo& s : (*session)->steps())
        convAddSteps += s.implementation.find("nhwc>nhwc +add") != std::string_view::npos;
    EXPECT_EQ(convAddSteps, 1);
    const auto got = (*result)[0].data<float>();
    ASSERT_EQ(got.size(), want.size());
    for (size_t c = 0; c < want.size(); ++c)
        EXPECT_NEAR(double(got[c]), want[c], 1e-5 * std::max(1.0, std::fabs(want[c]))) << "channel " << c;
}

} // namespace
