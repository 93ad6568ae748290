// SPDX-License-Identifier: MIT
// Optimized mode's Concat -> DynamicQuantizeLinear step (kernels/int8/concat_quantize.h, rewrite 12). The kernel is
// held to the ONNX definitions computed here (concatenate, then range widened to 0, scale = range / 255, zero point
// and values rounded half to even), bit for bit, in both layouts it supports, with odd channel counts, several parts
// and some parts bringing their range as a fused convolution would. A session on a generated graph is held to the
// as-written Concat and DynamicQuantizeLinear kernels (themselves checked on ONNX's conformance cases).
#include "int8_test_util.h"
#include "kernels/int8/concat_quantize.h"
#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

using namespace qs;
using kernels::Layout;
using kernels::TensorDesc;

struct Expected
{
    std::vector<uint8_t> q; ///< in the requested layout
    float scale;
    uint8_t zeroPoint;
};

/// Concatenation along axis 1 of NCHW parts [n, c_k, h, w], quantized by the ONNX formulas, laid out NCHW or NHWC.
Expected reference(const std::vector<std::vector<float>>& parts, const std::vector<int64_t>& channels, int64_t n,
    int64_t hw, bool nhwc)
{
    float lo = 0.0f, hi = 0.0f;
    for (const auto& p : parts)
        for (float v : p) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    Expected e;
    e.scale = (hi - lo) / 255.0f;
    e.zeroPoint = uint8_t(std::clamp(std::nearbyint(0.0f - lo / e.scale), 0.0f, 255.0f));
    int64_t c = 0;
    for (int64_t ck : channels)
        c += ck;
    e.q.resize(size_t(n * c * hw));
    int64_t c0 = 0;
    for (size_t k = 0; k < parts.size(); ++k) {
        for (int64_t b = 0; b < n; ++b)
            for (int64_t ch = 0; ch < channels[k]; ++ch)
                for (int64_t p = 0; p < hw; ++p) {
                    const float v = parts[k][size_t((b * channels[k] + ch) * hw + p)];
                    const auto q = uint8_t(std::clamp(std::nearbyint(v / e.scale) + float(e.zeroPoint), 0.0f, 255.0f));
                    const int64_t oc = c0 + ch;
                    e.q[size_t(nhwc ? (b * hw + p) * c + oc : (b * c + oc) * hw + p)] = q;
                }
        c0 += channels[k];
    }
    return e;
}

/// NCHW [n, c, hw] -> NHWC [n, hw, c].
std::vector<float> toNhwc(const std::vector<float>& x, int64_t n, int64_t c, int64_t hw)
{
    std::vector<float> y(x.size());
    for (int64_t b = 0; b < n; ++b)
        for (int64_t ch = 0; ch < c; ++ch)
            for (int64_t p = 0; p < hw; ++p)
                y[size_t((b * hw + p) * c + ch)] = x[size_t((b * c + ch) * hw + p)];
    return y;
}

struct Case
{
    const char* name;
    Layout layout;
    int64_t n, h, w;
    std::vector<int64_t> channels;
    std::vector<bool> withRange; ///< part k comes with its {min, max}
    std::vector<std::pair<float, float>> bounds; ///< of part k's random values
};

void runCase(const Case& c)
{
    SCOPED_TRACE(c.name);
    const bool nhwc = c.layout == Layout::Nhwc;
    const int64_t hw = c.h * c.w;
    Node node;
    node.name = "cat";
    node.opType = "Concat";
    node.opsetVersion = 13;
    node.inputs.assign(c.channels.size(), ValueId(0));
    node.attributes.push_back(test::intAttr("axis", 1));

    std::vector<std::vector<float>> parts; // NCHW, for the reference
    std::vector<std::vector<float>> stored; // as the kernel reads them
    std::vector<std::array<float, 2>> ranges(c.channels.size());
    std::vector<TensorDesc> ins;
    int64_t total = 0;
    for (size_t k = 0; k < c.channels.size(); ++k) {
        const int64_t ck = c.channels[k];
        parts.push_back(
            test::randomFloats(size_t(c.n * ck * hw), uint32_t(100 + k), c.bounds[k].first, c.bounds[k].second));
        stored.push_back(nhwc ? toNhwc(parts.back(), c.n, ck, hw) : parts.back());
        const auto [mn, mx] = std::minmax_element(parts.back().begin(), parts.back().end());
        ranges[k] = { *mn, *mx };
        ins.push_back({ DataType::Float, { c.n, ck, c.h, c.w }, nullptr, c.layout });
        total += ck;
    }
    for (size_t k = 0; k < c.channels.size(); ++k)
        ins.push_back(c.withRange[k] ? TensorDesc { DataType::Float, { 2 } } : TensorDesc {});
    const std::vector<TensorDesc> outs { { DataType::UInt8, { c.n, total, c.h, c.w }, nullptr, c.layout },
        { DataType::Float, {} }, { DataType::UInt8, {} } };

    auto kernel = kernels::concatDynamicQuantizeSpec().create();
    const kernels::KernelContext ctx { node, ins, outs, {}, 1, true };
    ASSERT_TRUE(kernel->prepare(ctx).isOk());
    std::vector<const void*> inPtrs;
    for (const auto& s : stored)
        inPtrs.push_back(s.data());
    for (size_t k = 0; k < c.channels.size(); ++k)
        inPtrs.push_back(c.withRange[k] ? ranges[k].data() : nullptr);
    std::vector<uint8_t> q(size_t(c.n * total * hw), 0xAB);
    float scale = 0.0f;
    uint8_t zeroPoint = 0;
    std::vector<void*> outPtrs { q.data(), &scale, &zeroPoint };
    ASSERT_TRUE(kernel->run({ inPtrs, outPtrs, nullptr }).isOk());

    const Expected e = reference(parts, c.channels, c.n, hw, nhwc);
    EXPECT_EQ(scale, e.scale);
    EXPECT_EQ(zeroPoint, e.zeroPoint);
    for (size_t i = 0; i < q.size(); ++i)
        ASSERT_EQ(int(q[i]), int(e.q[i])) << "element " << i;
}

TEST(ConcatQuantize, KernelMatchesTheOnnxDefinitionInBothLayouts)
{
    // Odd channel counts exercise the masked tails of the per-pixel runs; 70 channels a full 64-wide body plus a
    // tail; one part all positive and one all negative, so that the union (not any single part) sets each end.
    const std::vector<Case> cases {
        { "nhwc, 3 parts, odd channels", Layout::Nhwc, 1, 5, 7, { 3, 17, 5 }, { false, true, false },
            { { -1.0f, 2.0f }, { -0.5f, 3.5f }, { -2.5f, 0.5f } } },
        { "nhwc, 4 parts, ranges given", Layout::Nhwc, 2, 3, 4, { 1, 16, 70, 9 }, { true, true, false, true },
            { { 0.5f, 1.0f }, { -3.0f, -1.0f }, { -0.25f, 0.25f }, { 2.0f, 6.0f } } },
        { "nchw, batch 2, 3 parts", Layout::Plain, 2, 3, 5, { 5, 2, 11 }, { false, true, true },
            { { -1.0f, 1.0f }, { 0.0f, 9.0f }, { -4.0f, 0.0f } } },
        { "nchw, batch 1, 2 parts, all positive", Layout::Plain, 1, 9, 9, { 7, 33 }, { true, false },
            { { 0.1f, 1.0f }, { 0.2f, 3.0f } } },
    };
    for (const Case& c : cases)
        runCase(c);
}

TEST(ConcatQuantize, SessionFusesAndMatchesTheAsWrittenKernels)
{
    // Three graph inputs (odd channel counts, skewed ranges) -> Concat -> DynamicQuantizeLinear -> outputs.
    test::ModelBuilder mb(13);
    auto& g = mb.graph();
    const std::vector<int64_t> channels { 3, 5, 1 };
    for (size_t k = 0; k < channels.size(); ++k)
        g.input("x" + std::to_string(k), onnx::TensorProto_DataType_FLOAT, { 1, channels[k], 6, 7 });
    auto& cat = g.node("Concat", { "x0", "x1", "x2" }, { "y" }, "cat");
    test::setAttr(cat, "axis", int64_t(1));
    g.node("DynamicQuantizeLinear", { "y" }, { "yq", "ys", "yz" }, "dql");
    g.output("yq", onnx::TensorProto_DataType_UINT8);
    g.output("ys", onnx::TensorProto_DataType_FLOAT);
    g.output("yz", onnx::TensorProto_DataType_UINT8);
    auto model = loadModelFromBytes(mb.serialize(), "concat_quantize.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();

    std::vector<HostTensor> inputs;
    for (size_t k = 0; k < channels.size(); ++k) {
        HostTensor x(DataType::Float, { 1, channels[k], 6, 7 });
        const auto v = test::randomFloats(size_t(channels[k] * 42), uint32_t(7 + k), -0.7f - float(k), 2.5f);
        std::copy(v.begin(), v.end(), x.data<float>().begin());
        inputs.push_back(std::move(x));
    }
    auto fused = test::createSession(*model, ExecutionMode::Optimized);
    auto written = test::createSession(*model, ExecutionMode::AsWritten);
    ASSERT_TRUE(fused.isOk() && written.isOk());
    std::string listing;
    const auto covered = test::coveredNodeNames(**fused, (*model)->graph(), listing);
    ASSERT_EQ(covered.size(), 1u) << listing;
    EXPECT_EQ(covered[0], (std::vector<std::string> { "cat", "dql" }));
    EXPECT_EQ((*fused)->steps()[0].opType, "Concat+DynamicQuantizeLinear");
    ASSERT_EQ((*written)->steps().size(), 2u);

    auto a = (*fused)->run(inputs);
    auto b = (*written)->run(inputs);
    ASSERT_TRUE(a.isOk() && b.isOk());
    const auto qa = (*a)[0].data<uint8_t>(), qb = (*b)[0].data<uint8_t>();
    ASSERT_TRUE(std::equal(qa.begin(), qa.end(), qb.begin(), qb.end()));
    EXPECT_EQ((*a)[1].data<float>()[0], (*b)[1].data<float>()[0]);
    EXPECT_EQ((*a)[2].data<uint8_t>()[0], (*b)[2].data<uint8_t>()[0]);
    EXPECT_GT(int((*a)[2].data<uint8_t>()[0]), 0); // a non-trivial zero point
}

} // namespace
