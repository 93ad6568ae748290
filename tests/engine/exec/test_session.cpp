// SPDX-License-Identifier: MIT
// Session and executor behaviour: cancellation between steps, the list of unsupported nodes, the liveness-based
// arena, constant folding of shape subgraphs, observers and fused-step attribution.
#include "../kernels/kernel_test_util.h"

#include <quantscope/engine/session.h>

namespace {

using namespace qs;
using namespace qs::test;

std::shared_ptr<const Model> reluChain(int count, int64_t elements)
{
    IrModelBuilder b;
    b.input("x", DataType::Float, { 1, elements });
    std::string prev = "x";
    for (int i = 0; i < count; ++i) {
        const std::string out = "r" + std::to_string(i);
        b.node("Relu", { prev }, { out });
        prev = out;
    }
    b.output(prev);
    return b.build();
}

class StepRecorder : public OpObserver
{
public:
    void stepStarted(const StepInfo& step) override { started.push_back(step.index); }
    void stepFinished(const StepInfo& step) override
    {
        finished.push_back(step.index);
        if (cancelAfter >= 0 && step.index == cancelAfter)
            token->requestCancel();
    }
    std::vector<int32_t> started, finished;
    int32_t cancelAfter = -1;
    CancelToken* token = nullptr;
};

TEST(Session, CancelIsCheckedBetweenStepsAndReturnsCancelled)
{
    auto session = Session::create(reluChain(5, 16), {});
    ASSERT_TRUE(session.isOk());
    CancelToken token;
    StepRecorder rec;
    rec.cancelAfter = 1;
    rec.token = &token;
    std::vector<HostTensor> in;
    in.emplace_back(DataType::Float, std::vector<int64_t> { 1, 16 });
    auto out = (*session)->run(in, RunControl { &token, nullptr, &rec });
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::Cancelled);
    EXPECT_EQ(rec.finished, (std::vector<int32_t> { 0, 1 })); // step 2 never started

    token.reset();
    rec.cancelAfter = -1;
    EXPECT_TRUE((*session)->run(in, RunControl { &token, nullptr, &rec }).isOk()); // reusable after reset
}

TEST(Session, PreparationListsEveryUnsupportedNodeByName)
{
    IrModelBuilder b;
    b.input("x", DataType::Float, { 2, 3 });
    b.node("FancyOp", { "x" }, { "a" }, {}, "first_fancy");
    b.node("Relu", { "a" }, { "b" });
    b.node("OtherOp", { "b" }, { "c" }, {}, "second_other");
    b.node("Abs", { "c" }, { "y" }); // supported op downstream of unknown shapes is not reported
    b.output("y");
    std::vector<UnsupportedNode> bad;
    auto session = Session::create(b.build(), {}, &bad);
    ASSERT_FALSE(session.isOk());
    EXPECT_EQ(session.status().code(), StatusCode::Unsupported);
    ASSERT_EQ(bad.size(), 2u);
    EXPECT_EQ(bad[0].description, "'first_fancy' (FancyOp)");
    EXPECT_EQ(bad[1].description, "'second_other' (OtherOp)");
    EXPECT_NE(session.status().message().find("first_fancy"), std::string::npos);
    EXPECT_NE(session.status().message().find("second_other"), std::string::npos);
}

TEST(Session, ArenaReusesBuffersOfDeadValues)
{
    // x -> r0 -> r1 -> r2 -> r3: at most two activations are alive at once (producer and consumer of a step),
    // 4000 bytes each, rounded up to 4032 for 64-byte alignment.
    auto session = Session::create(reluChain(4, 1000), {});
    ASSERT_TRUE(session.isOk());
    EXPECT_EQ((*session)->unsharedActivationBytes(), 4 * 4032);
    EXPECT_EQ((*session)->peakArenaBytes(), 2 * 4032);

    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector(DataType::Float, { 1, 1000 }, std::vector<float>(1000, -2.0f)));
    in[0].data<float>()[7] = 3.5f;
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk());
    EXPECT_EQ((*out)[0].data<float>()[7], 3.5f);
    EXPECT_EQ((*out)[0].data<float>()[8], 0.0f);
}

TEST(Session, ShapeSubgraphIsFoldedInOptimizedModeOnly)
{
    // y = Reshape(x, Concat(Gather(Shape(x), 0), [-1])): the target shape [2, 12] is known at preparation.
    IrModelBuilder b;
    b.input("x", DataType::Float, { 2, 3, 4 });
    b.constant("idx", HostTensor::fromVector(DataType::Int64, { 1 }, std::vector<int64_t> { 0 }));
    b.constant("minus1", HostTensor::fromVector(DataType::Int64, { 1 }, std::vector<int64_t> { -1 }));
    b.node("Shape", { "x" }, { "s" });
    b.node("Gather", { "s", "idx" }, { "n" });
    b.node("Concat", { "n", "minus1" }, { "shape" }, { intAttr("axis", 0) });
    b.node("Reshape", { "x", "shape" }, { "y" });
    b.output("y");
    auto model = b.build();
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        SessionOptions options;
        options.mode = mode;
        auto session = Session::create(model, options);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        EXPECT_EQ((*session)->foldedNodes().size(), 3u);
        EXPECT_EQ((*session)->steps().size(), mode == ExecutionMode::AsWritten ? 4u : 1u);
        EXPECT_EQ((*session)->outputs()[0].dims, (std::vector<int64_t> { 2, 12 }));
        std::vector<HostTensor> in;
        in.push_back(randomTensor({ 2, 3, 4 }, 9));
        auto out = (*session)->run(in);
        ASSERT_TRUE(out.isOk());
        EXPECT_TRUE(allClose((*out)[0].data<float>(), in[0].data<float>(), 0.0f, 0.0f));
    }
}

TEST(Session, RejectsInputsOfAnotherShape)
{
    auto session = Session::create(reluChain(1, 8), {});
    ASSERT_TRUE(session.isOk());
    std::vector<HostTensor> in;
    in.emplace_back(DataType::Float, std::vector<int64_t> { 1, 9 });
    auto out = (*session)->run(in);
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::InvalidArgument);
}

TEST(Session, ProgressReportsEveryStep)
{
    struct Counter : ProgressSink
    {
        void progress(int64_t done, int64_t total) override { calls.emplace_back(done, total); }
        std::vector<std::pair<int64_t, int64_t>> calls;
    } counter;
    auto session = Session::create(reluChain(3, 4), {});
    ASSERT_TRUE(session.isOk());
    std::vector<HostTensor> in;
    in.emplace_back(DataType::Float, std::vector<int64_t> { 1, 4 });
    ASSERT_TRUE((*session)->run(in, RunControl { nullptr, &counter, nullptr }).isOk());
    EXPECT_EQ(counter.calls, (std::vector<std::pair<int64_t, int64_t>> { { 1, 3 }, { 2, 3 }, { 3, 3 } }));
}

} // namespace
