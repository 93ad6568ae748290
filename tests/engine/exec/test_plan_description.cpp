// SPDX-License-Identifier: MIT
// describePlan()/planText(): the dump lists the steps in order with the authored nodes each covers, its kernel and
// the formats of its tensors, and is the same text for two preparations of the same model (so it can be diffed).
#include "../kernels/kernel_test_util.h"
#include "exec/rewrite_pass.h"
#include "exec/session_plan.h"

#include <quantscope/engine/plan_description.h>

#include <algorithm>
#include <map>

namespace {

using namespace qs;
using namespace qs::test;

/// x[1,8,6,6] -> Conv 3x3 (pads 1) -> Relu -> y: optimized mode fuses the Relu as a post-op.
std::shared_ptr<const Model> convRelu()
{
    IrModelBuilder mb;
    mb.input("x", DataType::Float, { 1, 8, 6, 6 });
    mb.constant("w", randomTensor({ 8, 8, 3, 3 }, 3));
    mb.node("Conv", { "x", "w" }, { "c" }, { intsAttr("pads", { 1, 1, 1, 1 }) }, "conv");
    mb.node("Relu", { "c" }, { "y" }, {}, "relu");
    mb.output("y");
    return mb.build();
}

PlanDescription planOf(const std::shared_ptr<const Model>& model, ExecutionMode mode, int threads = 1)
{
    SessionOptions options;
    options.mode = mode;
    options.threads = threads;
    auto session = Session::create(model, options);
    EXPECT_TRUE(session.isOk()) << session.status().toString();
    return session.isOk() ? describePlan(**session) : PlanDescription {};
}

TEST(PlanDescription, OptimizedPlanShowsTheFusedNodesAndTheirKernel)
{
    const PlanDescription plan = planOf(convRelu(), ExecutionMode::Optimized);
    ASSERT_EQ(plan.steps.size(), 1u);
    const PlanStep& s = plan.steps[0];
    EXPECT_EQ(s.opType, "Conv+Relu");
    EXPECT_EQ(s.nodes, (std::vector<std::string> { "'conv' (Conv)", "'relu' (Relu)" }));
    EXPECT_TRUE(s.implementation.starts_with("onednn:")) << s.implementation;
    ASSERT_EQ(s.inputs.size(), 2u); // x and w; no bias
    EXPECT_EQ(s.inputs[0].source, "input");
    EXPECT_EQ(s.inputs[1].source, "constant");
    ASSERT_EQ(s.outputs.size(), 1u);
    EXPECT_EQ(s.outputs[0].name, "y");
    EXPECT_EQ(s.outputs[0].dims, (std::vector<int64_t> { 1, 8, 6, 6 }));
    EXPECT_EQ(s.outputs[0].layout, "plain"); // a graph output stays plain
    const std::string text = planText(plan);
    EXPECT_NE(text.find("#0 Conv+Relu"), std::string::npos) << text;
    EXPECT_NE(text.find("nodes: 'conv' (Conv), 'relu' (Relu)"), std::string::npos) << text;
    EXPECT_NE(text.find("out: y float[1x8x6x6] plain"), std::string::npos) << text;
}

TEST(PlanDescription, AsWrittenPlanRunsEveryNode)
{
    const PlanDescription plan = planOf(convRelu(), ExecutionMode::AsWritten);
    ASSERT_EQ(plan.steps.size(), 2u);
    EXPECT_EQ(plan.mode, qs::ExecutionMode::AsWritten);
    EXPECT_EQ(plan.steps[0].opType, "Conv");
    EXPECT_EQ(plan.steps[1].opType, "Relu");
    EXPECT_EQ(plan.steps[1].inputs[0].name, "c");
}

TEST(PlanDescription, OptimizedPlanNamesThePassThatFused)
{
    const PlanDescription plan = planOf(convRelu(), ExecutionMode::Optimized);
    ASSERT_EQ(plan.passesFired.size(), 1u);
    EXPECT_EQ(plan.passesFired[0].name, "conv-batchnorm-postops");
    EXPECT_EQ(plan.passesFired[0].steps, 2); // the Conv that absorbed the Relu, and the Relu
    ASSERT_EQ(plan.steps.size(), 1u);
    EXPECT_EQ(plan.steps[0].passes, (std::vector<std::string> { "conv-batchnorm-postops" }));
    EXPECT_NE(planText(plan).find("passes fired: conv-batchnorm-postops (2 steps)"), std::string::npos);
    EXPECT_TRUE(planOf(convRelu(), ExecutionMode::AsWritten).passesFired.empty());
}

TEST(PlanDescription, EveryPassStatesItsPatternAndPreconditions)
{
    std::map<std::string_view, const RewritePass*> byName;
    for (const RewritePass* p : rewritePasses()) {
        EXPECT_FALSE(p->name.empty());
        EXPECT_GT(p->pattern.size(), 40u) << p->name;
        EXPECT_GT(p->preconditions.size(), 20u) << p->name;
        // A name listed twice is the same pass run again (dynamic-range), never two passes with one name.
        auto [it, inserted] = byName.emplace(p->name, p);
        EXPECT_TRUE(inserted || it->second == p) << p->name;
    }
    EXPECT_EQ(byName.size(), 17u);
}

TEST(PlanDescription, KernelsAreReReadAfterTheFirstRun)
{
    SessionOptions options;
    auto session = Session::create(convRelu(), options);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    EXPECT_FALSE(describePlan(**session).afterRun);
    std::vector<HostTensor> in;
    in.emplace_back(DataType::Float, std::vector<int64_t> { 1, 8, 6, 6 });
    ASSERT_TRUE((*session)->run(in).isOk());
    const PlanDescription plan = describePlan(**session);
    EXPECT_TRUE(plan.afterRun);
    ASSERT_EQ(plan.steps.size(), 1u);
#if defined(__x86_64__)
    // A JIT convolution on every x86 ISA oneDNN supports: not a reference kernel.
    EXPECT_FALSE(plan.steps[0].referenceKernel) << plan.steps[0].implementation;
#endif
    EXPECT_EQ(std::string((*session)->steps()[0].implementation), plan.steps[0].implementation);
}

TEST(PlanDescription, TextIsTheSameForTwoPreparations)
{
    const auto model = convRelu();
    EXPECT_EQ(planText(planOf(model, ExecutionMode::Optimized)), planText(planOf(model, ExecutionMode::Optimized)));
}

/// Two threads: an FP32 step on a feature map of at most 14 x 14 positions runs on one thread unless it computes at
/// least 2^20 multiply-accumulates (2^25 for an int8 step: exec/threads.cpp, stepThreads); the plan says so per step.
TEST(PlanDescription, SmallStepsRunOnOneThread)
{
    IrModelBuilder mb;
    mb.input("x", DataType::Float, { 1, 8, 28, 28 });
    mb.constant("w1", randomTensor({ 8, 8, 3, 3 }, 3));
    mb.constant("w2", randomTensor({ 8, 8, 3, 3 }, 4));
    mb.constant("w3", randomTensor({ 64, 8, 3, 3 }, 5));
    mb.constant("w4", randomTensor({ 512, 64, 3, 3 }, 6));
    // 28 x 28: two threads whatever its size.
    mb.node("Conv", { "x", "w1" }, { "a" }, { intsAttr("pads", { 1, 1, 1, 1 }) }, "conv28");
    // 14 x 14, 8 x 8 x 9 x 196 multiply-accumulates: one thread.
    mb.node(
        "Conv", { "a", "w2" }, { "b" }, { intsAttr("pads", { 1, 1, 1, 1 }), intsAttr("strides", { 2, 2 }) }, "conv14");
    // 7 x 7, 64 x 8 x 9 x 49 (0.23 M < 2^20): one thread; then 512 x 64 x 9 x 49 (14.5 M, an FP32 step): two.
    mb.node("Conv", { "b", "w3" }, { "c" }, { intsAttr("pads", { 1, 1, 1, 1 }), intsAttr("strides", { 2, 2 }) },
        "conv7small");
    mb.node("Conv", { "c", "w4" }, { "y" }, { intsAttr("pads", { 1, 1, 1, 1 }) }, "conv7large");
    mb.output("y");
    const auto model = mb.build();
    for (const int threads : { 1, 2 }) {
        const PlanDescription plan = planOf(model, ExecutionMode::AsWritten, threads);
        ASSERT_EQ(plan.steps.size(), 4u);
        const std::vector<int> want = threads == 1 ? std::vector<int> { 1, 1, 1, 1 } : std::vector<int> { 2, 1, 1, 2 };
        for (size_t i = 0; i < want.size(); ++i)
            EXPECT_EQ(plan.steps[i].threads, want[i]) << threads << " threads, step " << i;
        const std::string text = planText(plan);
        const size_t marks = size_t(std::count(want.begin(), want.end(), 1)) * (threads > 1);
        size_t found = 0;
        for (size_t at = text.find("threads: 1 (a small step)"); at != std::string::npos;
             at = text.find("threads: 1 (a small step)", at + 1))
            ++found;
        EXPECT_EQ(found, marks) << text;
    }
}

/// Two threads: a float global pooling over more than 2^16 values runs on the threads of the step that wrote its
/// input (exec/threads.cpp, poolingInputWriter): it reads that data where the writer left it.
TEST(PlanDescription, GlobalPoolingRunsOnItsWritersThreads)
{
    IrModelBuilder mb;
    mb.input("x", DataType::Float, { 1, 16, 28, 28 });
    // 96 x 28 x 28 (75264 values) from a two-thread convolution: the pooling takes two threads.
    mb.constant("w1", randomTensor({ 96, 16, 1, 1 }, 3));
    mb.node("Conv", { "x", "w1" }, { "a" }, {}, "conv28");
    mb.node("GlobalAveragePool", { "a" }, { "pa" }, {}, "pool28");
    // 480 x 14 x 14 (94080 values) from a one-thread depthwise layer (480 x 9 x 196 = 0.85 M < 2^20): one thread.
    mb.constant("w2", randomTensor({ 480, 96, 1, 1 }, 4));
    mb.node("Conv", { "a", "w2" }, { "b" }, { intsAttr("strides", { 2, 2 }) }, "conv14");
    mb.constant("w3", randomTensor({ 480, 1, 3, 3 }, 5));
    mb.node("Conv", { "b", "w3" }, { "c" }, { intsAttr("pads", { 1, 1, 1, 1 }), intAttr("group", 480) }, "dw14");
    mb.node("GlobalMaxPool", { "c" }, { "pc" }, {}, "pool14");
    // 64 x 28 x 28 = 2^16 values, not more, from a two-thread convolution: one thread.
    mb.constant("w4", randomTensor({ 64, 16, 1, 1 }, 6));
    mb.node("Conv", { "x", "w4" }, { "d" }, {}, "conv28small");
    mb.node("GlobalAveragePool", { "d" }, { "pd" }, {}, "pool28small");
    mb.output("pa");
    mb.output("pc");
    mb.output("pd");
    const auto model = mb.build();
    for (const int threads : { 1, 2 }) {
        const PlanDescription plan = planOf(model, ExecutionMode::AsWritten, threads);
        const std::map<std::string, int> want = { { "pool28", 2 }, { "conv14", 2 }, { "dw14", 1 }, { "pool14", 1 },
            { "conv28small", 2 }, { "pool28small", 1 } };
        size_t seen = 0;
        for (const auto& st : plan.steps)
            for (const auto& [name, stepThreads] : want)
                if (!st.nodes.empty() && st.nodes[0].starts_with("'" + name + "'")) {
                    ++seen;
                    EXPECT_EQ(st.threads, threads == 1 ? 1 : stepThreads) << threads << " threads, " << name;
                }
        EXPECT_EQ(seen, want.size());
    }
}

} // namespace
