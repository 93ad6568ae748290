// SPDX-License-Identifier: MIT
// A depthwise 5x5 convolution reading a blocked activation (the output of another convolution) and writing a plain
// one (a graph output) with a HardSwish post-op: oneDNN 2.6 has no JIT kernel for that mix of formats and silently
// took ref:any (MobileNetV3's depthwise layers, 30-100x slower; issue 14). The kernel must now run a JIT
// implementation, and still compute the reference convolution followed by a hand-applied HardSwish.
#include "../kernels/kernel_test_util.h"
#include "kernels/conv_geometry.h"
#include "kernels/ref/conv_ref.h"

#include <quantscope/engine/plan_description.h>
#include <quantscope/engine/profile_report.h>

#include <algorithm>

namespace {

using namespace qs;
using namespace qs::test;

struct DwModel
{
    std::shared_ptr<const Model> model;
    HostTensor w1, w2, b2;
};

/// x[1,24,20,20] -> Conv 1x1 -> Conv depthwise 5x5 stride 2 (pads 2) -> HardSigmoid, Mul = HardSwish -> y
DwModel pointwiseThenDepthwiseHardSwish()
{
    DwModel r;
    IrModelBuilder mb;
    mb.input("x", DataType::Float, { 1, 24, 20, 20 });
    r.w1 = randomTensor({ 24, 24, 1, 1 }, 21);
    r.w2 = randomTensor({ 24, 1, 5, 5 }, 22);
    r.b2 = randomTensor({ 24 }, 23);
    mb.constant("w1", r.w1);
    mb.constant("w2", r.w2);
    mb.constant("b2", r.b2);
    mb.node("Conv", { "x", "w1" }, { "c1" }, {}, "pw");
    mb.node("Conv", { "c1", "w2", "b2" }, { "d" },
        { intsAttr("pads", { 2, 2, 2, 2 }), intsAttr("strides", { 2, 2 }), intAttr("group", 24) }, "dw");
    mb.node("HardSigmoid", { "d" }, { "hs" }, { floatAttr("alpha", 1.0f / 6.0f), floatAttr("beta", 0.5f) }, "hsig");
    mb.node("Mul", { "d", "hs" }, { "y" }, {}, "mul");
    mb.output("y");
    r.model = mb.build();
    return r;
}

TEST(DepthwiseAfterBlocked, RunsAJitKernelAndMatchesTheReference)
{
    DwModel m = pointwiseThenDepthwiseHardSwish();
    const HostTensor x = randomTensor({ 1, 24, 20, 20 }, 20);
    const Graph& g = m.model->graph();
    auto geo1 = kernels::convGeometry(g.node(0), x.dims(), m.w1.dims());
    ASSERT_TRUE(geo1.isOk());
    std::vector<float> c1(24 * 400);
    kernels::ref::conv(*geo1, x.data<float>().data(), m.w1.data<float>().data(), nullptr, c1.data());
    auto geo2 = kernels::convGeometry(g.node(1), std::vector<int64_t> { 1, 24, 20, 20 }, m.w2.dims());
    ASSERT_TRUE(geo2.isOk());
    std::vector<float> expected(24 * 100);
    kernels::ref::conv(*geo2, c1.data(), m.w2.data<float>().data(), m.b2.data<float>().data(), expected.data());
    for (float& v : expected)
        v = v * std::clamp(v / 6.0f + 0.5f, 0.0f, 1.0f);

    SessionOptions options;
    options.mode = ExecutionMode::Optimized;
    auto session = Session::create(m.model, options);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::vector<HostTensor> in;
    in.push_back(x.clone());
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_TRUE(allClose(out->at(0).data<float>(), expected, 1e-4f, 1e-4f));

    const PlanDescription plan = describePlan(**session);
    ASSERT_EQ(plan.steps.size(), 2u) << planText(plan);
    const PlanStep& dw = plan.steps[1];
    EXPECT_EQ(dw.opType, "Conv+HardSigmoid+Mul");
    // The situation of issue 14: a blocked source and a plain destination.
    EXPECT_TRUE(dw.inputs[0].layout.starts_with("blocked")) << planText(plan);
    EXPECT_EQ(dw.outputs[0].layout, "plain");
#if defined(__x86_64__)
    EXPECT_FALSE(dw.referenceKernel) << dw.implementation;
    EXPECT_FALSE(isReferenceImplementation(std::string((*session)->steps()[1].implementation)));
#endif
}

} // namespace
