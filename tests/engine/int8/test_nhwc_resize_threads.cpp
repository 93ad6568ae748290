// SPDX-License-Identifier: MIT
// The nearest NHWC Resize inside an int8 region (YOLO's upsampling, nhwc_resize.cpp), the step no unit test reached
// (only test_yolo_int8_dynamic, end to end), at 1, 2 and 3 intra-op threads: a QDQ conv + Relu, DequantizeLinear,
// Resize x2 (asymmetric, floor), QuantizeLinear, a second QDQ conv, on maps above the passes' parallel threshold
// (32 x 206 x 202 upsampled), so the convolutions around it split their rows. Expected values from the definitions
// written out independently: the obvious-loop ConvInteger with round-half-to-even requantization
// (qdq_conv_test_util.h) and out[i][j] = in[floor(i / 2)][floor(j / 2)]; every thread count must give exactly them. A
// split of the Resize's own rows over the threads was tried (2026-11-29-int8-dynamic-two-threads-zen5.md) and measured
// slower under load; with it, a block of 3 threads starts between two output rows of one source row (row 137 of 206),
// and the test failed when the blocks' rows were miscounted.
#include "../kernels/kernel_test_util.h"
#include "int8_test_util.h"
#include "qdq_conv_test_util.h"

#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace qs;

namespace {

using test::addGraphInput;
using test::addInitializer;
using test::addNode;
using test::stringAttr;
using test::tensorType;

constexpr int64_t kC = 3, kH = 103, kW = 101, kC1 = 32, kC2 = 8, kRh = 2 * kH, kRw = 2 * kW;
constexpr float kXs = 0.031f, kS1 = 0.05f, kS2 = 0.07f;
constexpr int32_t kXzp = 121, kZp1 = 0, kZp2 = 125;

std::shared_ptr<Model> makeModel(const test::QdqConvParams& c1, const test::QdqConvParams& c2)
{
    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "xq", tensorType(DataType::UInt8, { 1, kC, kH, kW }));
    addInitializer(g, "xs", test::scalarF(kXs));
    addInitializer(g, "xzp", test::scalarU8(kXzp));
    addInitializer(g, "s1", test::scalarF(kS1));
    addInitializer(g, "zp1", test::scalarU8(kZp1));
    addInitializer(g, "s2", test::scalarF(kS2));
    addInitializer(g, "zp2", test::scalarU8(kZp2));
    addInitializer(g, "scales", Tensor::fromVector(DataType::Float, { 4 }, std::vector<float> { 1, 1, 2, 2 }));
    test::addQdqConv(g, "conv1", "xq", "xs", "xzp", c1, kC1, kC, kXs, "s1", "zp1", true, "y1");
    addNode(g, "up_dq", "DequantizeLinear", { "y1", "s1", "zp1" }, "y1f");
    Node resize;
    resize.name = "up";
    resize.opType = "Resize";
    resize.opsetVersion = 13;
    resize.attributes = { stringAttr("mode", "nearest"), stringAttr("coordinate_transformation_mode", "asymmetric"),
        stringAttr("nearest_mode", "floor") };
    resize.inputs = { g.getOrAddValue("y1f"), kNoValue, g.getOrAddValue("scales") }; // roi omitted
    resize.outputs = { g.getOrAddValue("rf") };
    g.addNode(std::move(resize));
    addNode(g, "up_q", "QuantizeLinear", { "rf", "s1", "zp1" }, "r");
    test::addQdqConv(g, "conv2", "r", "s1", "zp1", c2, kC2, kC1, kS1, "s2", "zp2", false, "y2");
    const ValueId out = g.getOrAddValue("y2");
    g.mutableValue(out).type = tensorType(DataType::UInt8, { 1, kC2, kRh, kRw });
    g.mutableValue(out).isGraphOutput = true;
    g.addOutput(out);
    EXPECT_TRUE(g.finalize().isOk());
    return model;
}

TEST(NhwcResizeThreads, UpsamplingInAnInt8RegionMatchesTheDefinitionAtAnyThreadCount)
{
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> u8(0, 255);
    std::vector<uint8_t> x(size_t(kC * kH * kW));
    for (auto& v : x)
        v = uint8_t(u8(rng));
    const test::QdqConvParams c1 = test::randomQdqConv(rng, kC1, kC), c2 = test::randomQdqConv(rng, kC2, kC1);
    const std::vector<uint8_t> y1 = test::qdqConvRef(x, kC, kH, kW, kXzp, kXs, c1, kC1, kS1, kZp1, true);
    std::vector<uint8_t> up(size_t(kC1 * kRh * kRw));
    for (int64_t c = 0; c < kC1; ++c)
        for (int64_t i = 0; i < kRh; ++i)
            for (int64_t j = 0; j < kRw; ++j)
                up[size_t((c * kRh + i) * kRw + j)] = y1[size_t((c * kH + i / 2) * kW + j / 2)];
    ASSERT_GE(int64_t(up.size()), 64 * 1024) << "below the pass threshold: the Resize would not split";
    const std::vector<uint8_t> want = test::qdqConvRef(up, kC1, kRh, kRw, kZp1, kS1, c2, kC2, kS2, kZp2, false);
    const auto model = makeModel(c1, c2);
    for (int threads : { 1, 2, 3 }) {
        auto session = test::createSession(model, ExecutionMode::Optimized, threads);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        bool resize = false;
        for (const StepInfo& s : (*session)->steps())
            resize = resize || (s.opType.rfind("Resize", 0) == 0 && s.implementation == "cpu nhwc");
        EXPECT_TRUE(resize) << "the NHWC Resize is not in the plan";
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, kC, kH, kW }, x));
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

} // namespace
