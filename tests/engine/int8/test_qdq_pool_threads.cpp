// SPDX-License-Identifier: MIT
// The static QDQ steps resnet18 runs between its convolutions, at 1, 2 and 3 intra-op threads: a QDQ conv + Relu
// from an NCHW input with a non-zero activation zero point (its padded source copy), the integer MaxPool 3x3/2 (NHWC
// inside the region, and planar on its own), then a second QDQ conv. Sizes are above the passes' parallel thresholds
// (64Ki elements), so the blocks really split. Expected values from ONNX's definitions written out independently:
// the obvious-loop ConvInteger with round-half-to-even requantization (qdq_conv_test_util.h) and the window maximum;
// every thread count must give exactly them. Likewise the per-tensor QuantizeLinear / DequantizeLinear of a
// 3 x 224 x 224 image (resnet18's input step), against round_half_to_even(x / scale) + zero point, saturated (they run
// on the calling thread: split over two threads, the first step of a run measured slower, the worker's wake-up).
#include "int8_test_util.h"
#include "qdq_conv_test_util.h"

#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

using namespace qs;

namespace {

using test::addGraphInput;
using test::addInitializer;
using test::addNode;
using test::intsAttr;
using test::tensorType;

constexpr int64_t kC = 3, kH = 103, kW = 101, kC1 = 32, kC2 = 8;
constexpr int64_t kPh = (kH + 2 - 3) / 2 + 1, kPw = (kW + 2 - 3) / 2 + 1;

struct Fixture
{
    std::vector<uint8_t> x;
    test::QdqConvParams c1, c2;
    static constexpr float kXs = 0.031f, kS1 = 0.05f, kS2 = 0.07f;
    static constexpr int32_t kXzp = 121, kZp1 = 0, kZp2 = 125;
};

Fixture makeFixture()
{
    Fixture f;
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> u8(0, 255);
    f.x.resize(size_t(kC * kH * kW));
    for (auto& v : f.x)
        v = uint8_t(u8(rng));
    f.c1 = test::randomQdqConv(rng, kC1, kC);
    f.c2 = test::randomQdqConv(rng, kC2, kC1);
    return f;
}

/// conv1 + Relu -> MaxPool [-> conv2]; the graph's output is the pool's (planar pool) or conv2's (NHWC pool).
std::shared_ptr<Model> makeModel(const Fixture& f, bool withConv2)
{
    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "xq", tensorType(DataType::UInt8, { 1, kC, kH, kW }));
    addInitializer(g, "xs", test::scalarF(Fixture::kXs));
    addInitializer(g, "xzp", test::scalarU8(Fixture::kXzp));
    addInitializer(g, "s1", test::scalarF(Fixture::kS1));
    addInitializer(g, "zp1", test::scalarU8(Fixture::kZp1));
    addInitializer(g, "s2", test::scalarF(Fixture::kS2));
    addInitializer(g, "zp2", test::scalarU8(Fixture::kZp2));
    test::addQdqConv(g, "conv1", "xq", "xs", "xzp", f.c1, kC1, kC, Fixture::kXs, "s1", "zp1", true, "y1");
    addNode(g, "pool_dq", "DequantizeLinear", { "y1", "s1", "zp1" }, "y1f");
    addNode(g, "pool", "MaxPool", { "y1f" }, "pf",
        { intsAttr("kernel_shape", { 3, 3 }), intsAttr("pads", { 1, 1, 1, 1 }), intsAttr("strides", { 2, 2 }) });
    addNode(g, "pool_q", "QuantizeLinear", { "pf", "s1", "zp1" }, "p");
    std::string outName = "p";
    int64_t outChannels = kC1;
    if (withConv2) {
        test::addQdqConv(g, "conv2", "p", "s1", "zp1", f.c2, kC2, kC1, Fixture::kS1, "s2", "zp2", false, "y2");
        outName = "y2";
        outChannels = kC2;
    }
    const ValueId out = g.getOrAddValue(outName);
    g.mutableValue(out).type = tensorType(DataType::UInt8, { 1, outChannels, kPh, kPw });
    g.mutableValue(out).isGraphOutput = true;
    g.addOutput(out);
    EXPECT_TRUE(g.finalize().isOk());
    return model;
}

class QdqPoolThreads : public testing::TestWithParam<bool>
{
};

TEST_P(QdqPoolThreads, MatchTheDefinitionAtAnyThreadCount)
{
    const bool withConv2 = GetParam();
    const Fixture f = makeFixture();
    const std::vector<uint8_t> y1
        = test::qdqConvRef(f.x, kC, kH, kW, Fixture::kXzp, Fixture::kXs, f.c1, kC1, Fixture::kS1, Fixture::kZp1, true);
    std::vector<uint8_t> want = test::maxPool3x3s2p1Ref(y1, kC1, kH, kW);
    ASSERT_GE(int64_t(want.size()), 64 * 1024) << "below the pool's parallel threshold: the test would not split";
    if (withConv2)
        want = test::qdqConvRef(
            want, kC1, kPh, kPw, Fixture::kZp1, Fixture::kS1, f.c2, kC2, Fixture::kS2, Fixture::kZp2, false);
    const auto model = makeModel(f, withConv2);
    for (int threads : { 1, 2, 3 }) {
        auto session = test::createSession(model, ExecutionMode::Optimized, threads);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        bool pool = false;
        for (const StepInfo& s : (*session)->steps())
            if (s.implementation == (withConv2 ? "cpu nhwc" : "cpu"))
                pool = true;
        EXPECT_TRUE(pool) << "the integer MaxPool is not in the plan in the expected layout";
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, kC, kH, kW }, f.x));
        auto result = (*session)->run(in);
        ASSERT_TRUE(result.isOk()) << result.status().toString();
        const auto got = (*result)[0].data<uint8_t>();
        ASSERT_EQ(got.size(), want.size());
        size_t mismatches = 0, first = 0;
        for (size_t i = 0; i < want.size(); ++i)
            if (got[i] != want[i] && mismatches++ == 0)
                first = i;
        EXPECT_EQ(mismatches, 0u) << threads << " threads: first at " << first << ": " << int(got[first]) << " vs "
                                  << int(want[first]);
    }
}

TEST(QdqStepThreads, QuantizeAndDequantizeMatchTheDefinitionAtAnyThreadCount)
{
    const int64_t c = 3, h = 224, w = 223; // odd: the last block ends off the vector width
    const float scale = 0.0187f;
    const int32_t zp = 114;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> d(-3.0f, 3.0f);
    std::vector<float> x(size_t(c * h * w));
    for (auto& v : x)
        v = d(rng);
    x[100] = 2.5f * scale; // a tie: rounds to even
    std::vector<uint8_t> wantQ(x.size());
    std::vector<float> wantD(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        wantQ[i] = uint8_t(std::clamp(int32_t(std::nearbyint(x[i] / scale)) + zp, 0, 255));
        wantD[i] = float(int32_t(wantQ[i]) - zp) * scale;
    }
    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "x", tensorType(DataType::Float, { 1, c, h, w }));
    addInitializer(g, "s", Tensor::fromVector(DataType::Float, {}, std::vector<float> { scale }));
    addInitializer(g, "zp", Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { uint8_t(zp) }));
    addNode(g, "q", "QuantizeLinear", { "x", "s", "zp" }, "xq");
    addNode(g, "dq", "DequantizeLinear", { "xq", "s", "zp" }, "xd");
    for (const auto& [name, type] : { std::pair { "xq", DataType::UInt8 }, std::pair { "xd", DataType::Float } }) {
        const ValueId out = g.getOrAddValue(name);
        g.mutableValue(out).type = tensorType(type, { 1, c, h, w });
        g.mutableValue(out).isGraphOutput = true;
        g.addOutput(out);
    }
    ASSERT_TRUE(g.finalize().isOk());
    for (int threads : { 1, 2, 3 }) {
        auto session = test::createSession(
            model, ExecutionMode::AsWritten, threads); // each node on its own: the two passes, not a fused step
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(DataType::Float, { 1, c, h, w }, x));
        auto result = (*session)->run(in);
        ASSERT_TRUE(result.isOk()) << result.status().toString();
        const auto q = (*result)[0].data<uint8_t>();
        const auto dq = (*result)[1].data<float>();
        ASSERT_EQ(q.size(), wantQ.size());
        ASSERT_EQ(dq.size(), wantD.size());
        size_t qBad = 0, dBad = 0;
        for (size_t i = 0; i < wantQ.size(); ++i) {
            qBad += q[i] != wantQ[i];
            dBad += dq[i] != wantD[i];
        }
        EXPECT_EQ(qBad, 0u) << threads << " threads";
        EXPECT_EQ(dBad, 0u) << threads << " threads";
        EXPECT_EQ(int(q[100]), zp + 2) << "2.5 rounds to even";
    }
}

INSTANTIATE_TEST_SUITE_P(Layouts, QdqPoolThreads, testing::Values(false, true),
    [](const testing::TestParamInfo<bool>& info) { return info.param ? "NhwcBetweenConvs" : "PlanarOutput"; });

} // namespace
