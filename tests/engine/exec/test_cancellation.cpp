// SPDX-License-Identifier: MIT
// Cancellation inside control flow: a Loop whose trip count is 10^15 (endless in practice) stops when the run is
// cancelled, in either execution mode, with StatusCode::Cancelled (issue 19) — on its own, inside the chosen branch of
// an If, inside a Scan's body, and inside an If inside a Scan's body. Not timing tests: the deterministic cases count
// cancel polls; the threaded cases fire the token once the run is inside the body and only require the run to end
// within a generous limit. A Scan whose body runs no step polls at every position too. With every input of the If or
// Scan in the file, preparation must return instead of folding the node, which would run the Loop inside
// Session::create where no cancel reaches it.
#include "../kernels/kernel_test_util.h"
#include "support/subgraph_builder.h"

#include <quantscope/engine/run_control.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <future>
#include <thread>

namespace {

using namespace qs;
using namespace qs::test;

constexpr int64_t kEndless = 1000000000000000; // 10^15 iterations

Attribute graphAttr(std::string name, std::shared_ptr<Graph> g)
{
    EXPECT_TRUE(g->finalize().isOk());
    Attribute a;
    a.name = std::move(name);
    a.type = AttributeType::Graph;
    a.g = std::move(g);
    return a;
}

/// Runs `session` on a second thread and fires `token` from this one once the run is inside a control-flow body:
/// after 100 polls, more than the few steps of the main graph make, so the token is seen by a poll inside the body,
/// never by the one before the first step. Waits a generous 120 s for the run to return (not a timing test: without a
/// poll inside the body the run would never end) and aborts the test binary when it does not.
Result<std::vector<HostTensor>> runAndCancelInsideTheBody(
    Session& session, const std::vector<HostTensor>& inputs, CancelToken& token)
{
    std::atomic<int64_t> polls { 0 };
    RunControl control;
    control.cancel = &token;
    control.isCancelled = [&] {
        ++polls;
        return false;
    };
    auto result = std::async(std::launch::async, [&] { return session.run(inputs, control); });
    while (polls.load() < 100 && result.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready)
        std::this_thread::yield();
    token.requestCancel();
    if (result.wait_for(std::chrono::seconds(120)) != std::future_status::ready) {
        // The run's thread still uses `control` and `polls`, and the future's destructor would wait for it for
        // ever: end the process with the reason rather than hang.
        ADD_FAILURE() << "the run did not stop within 120 s of the cancel";
        std::abort();
    }
    return result.get();
}

/// The body of an endless Loop: acc' = acc + one each iteration ("one" from the main graph); `withScan` adds a scan
/// output (the Loop then runs in the run-time tail, its output length being the iteration count).
std::shared_ptr<Graph> endlessBody(bool withScan)
{
    SubgraphBuilder body("body");
    body.input("i", DataType::Int64, {});
    body.input("c", DataType::Bool, {});
    body.input("acc", DataType::Float, { 1 });
    body.outerScope("one");
    body.node("Identity", { "c" }, { "c2" });
    body.node("Add", { "acc", "one" }, { "acc2" });
    body.output("c2");
    body.output("acc2");
    if (withScan) {
        body.node("Identity", { "acc2" }, { "trace" });
        body.output("trace");
    }
    return body.graph();
}

/// The main graph's constants every endless model reads: M = 10^15 and one = 1.
void endlessConstants(IrModelBuilder& b)
{
    b.constant("M", HostTensor::fromVector(DataType::Int64, {}, std::vector<int64_t> { kEndless }));
    b.constant("one", HostTensor::fromVector(DataType::Float, { 1 }, std::vector<float> { 1 }));
}

/// Loop(M = 10^15 from the file, no condition) over endlessBody.
std::shared_ptr<const Model> endlessLoop(bool withScan)
{
    IrModelBuilder b(17);
    endlessConstants(b);
    b.input("init", DataType::Float, { 1 });
    std::vector<std::string> outs { "final" };
    if (withScan)
        outs.push_back("traces");
    b.node("Loop", { "M", "", "init" }, outs, { graphAttr("body", endlessBody(withScan)) }, "endless");
    b.output("final");
    if (withScan)
        b.output("traces");
    return b.build();
}

struct Case
{
    ExecutionMode mode;
    bool withScan;
};

class Cancellation : public ::testing::TestWithParam<Case>
{
protected:
    std::unique_ptr<Session> prepare()
    {
        SessionOptions options;
        options.mode = GetParam().mode;
        // Preparation must not run the Loop (folding it would never end, and nothing could cancel it).
        auto session = Session::create(endlessLoop(GetParam().withScan), options);
        EXPECT_TRUE(session.isOk()) << session.status().toString();
        return session ? std::move(session).value() : nullptr;
    }
    static std::vector<HostTensor> inputs()
    {
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(DataType::Float, { 1 }, std::vector<float> { 0 }));
        return in;
    }
};

TEST_P(Cancellation, EndlessLoopStopsWhenTheCallableCancels)
{
    auto session = prepare();
    ASSERT_TRUE(session);
    // Deterministic: the check answers "cancelled" from its 1000th poll on. Polled once per iteration at least,
    // so the run has done at most ~1000 iterations of 10^15 when it returns.
    std::atomic<int64_t> polls { 0 };
    RunControl control;
    control.isCancelled = [&] { return ++polls >= 1000; };
    auto out = session->run(inputs(), control);
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::Cancelled) << out.status().toString();
    EXPECT_NE(out.status().message().find("'endless' (Loop)"), std::string::npos) << out.status().message();
    EXPECT_LT(polls.load(), 10000);
}

TEST_P(Cancellation, EndlessLoopStopsWhenAnotherThreadFiresTheToken)
{
    auto session = prepare();
    ASSERT_TRUE(session);
    CancelToken token;
    const auto in = inputs();
    auto out = runAndCancelInsideTheBody(*session, in, token);
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::Cancelled) << out.status().toString();
    EXPECT_NE(out.status().message().find("'endless' (Loop)"), std::string::npos) << out.status().message();

    // The session is reusable after a cancelled run: a bounded run afterwards is not affected.
    token.reset();
    std::atomic<int64_t> polls { 0 };
    RunControl again;
    again.isCancelled = [&] { return ++polls >= 50; };
    auto second = session->run(in, again);
    ASSERT_FALSE(second.isOk());
    EXPECT_EQ(second.status().code(), StatusCode::Cancelled);
}

INSTANTIATE_TEST_SUITE_P(Modes, Cancellation,
    ::testing::Values(Case { ExecutionMode::AsWritten, false }, Case { ExecutionMode::Optimized, false },
        Case { ExecutionMode::AsWritten, true }, Case { ExecutionMode::Optimized, true }),
    [](const auto& info) {
        return std::string(info.param.mode == ExecutionMode::AsWritten ? "AsWritten" : "Optimized")
            + (info.param.withScan ? "WithScanOutput" : "");
    });

// Endless control flow nested in other control flow (issue 19: "inside Loop/Scan/If bodies"). A Scan over a long
// axis cannot be endless without a tensor as long as the axis, so the endless work sits in what the Scan's body
// runs: the run stays small in memory and still never ends unless the poll inside the innermost body stops it.
enum class Nesting
{
    IfOverLoop, ///< If(flag) whose then-branch holds the endless Loop; else-branch an Identity
    ScanOverLoop, ///< Scan over 3 positions whose body runs the endless Loop on its state
    ScanOverIfOverLoop, ///< Scan whose body holds an If whose chosen branch holds the endless Loop
};

/// If(flag): then = Loop(M, "", `state`) -> `out` (endless), else = Identity(`state`) -> `out`.
Attribute ifThenLoop(const std::string& state, const std::string& out)
{
    SubgraphBuilder thenBranch("then");
    thenBranch.outerScope("M");
    thenBranch.outerScope(state);
    thenBranch.node(
        "Loop", { "M", "", state }, { out + "_then" }, { graphAttr("body", endlessBody(false)) }, "endless");
    thenBranch.output(out + "_then");
    return graphAttr("then_branch", thenBranch.graph());
}

Attribute elseIdentity(const std::string& state, const std::string& out)
{
    SubgraphBuilder elseBranch("else");
    elseBranch.outerScope(state);
    elseBranch.node("Identity", { state }, { out + "_else" });
    elseBranch.output(out + "_else");
    return graphAttr("else_branch", elseBranch.graph());
}

/// With `fromTheFile`, the condition (true), the initial state and the scanned values are initializers instead of
/// graph inputs: every input of the If or Scan is then constant at preparation.
std::shared_ptr<const Model> nestedEndless(Nesting nesting, bool fromTheFile)
{
    IrModelBuilder b(17);
    endlessConstants(b);
    auto floats = [&](const std::string& name, std::vector<int64_t> dims) {
        if (fromTheFile)
            b.constant(name, HostTensor(DataType::Float, dims)); // zeros
        else
            b.input(name, DataType::Float, dims);
    };
    auto flag = [&] {
        if (fromTheFile)
            b.constant("flag", HostTensor::fromVector(DataType::Bool, {}, std::vector<bool> { true }));
        else
            b.input("flag", DataType::Bool, {});
    };
    floats("init", { 1 });
    if (nesting == Nesting::IfOverLoop) {
        flag();
        b.node(
            "If", { "flag" }, { "final" }, { ifThenLoop("init", "branch"), elseIdentity("init", "branch") }, "choose");
        b.output("final");
        return b.build();
    }
    floats("xs", { 3, 1 });
    SubgraphBuilder body("scan_body");
    body.input("s", DataType::Float, { 1 });
    body.input("x", DataType::Float, { 1 });
    if (nesting == Nesting::ScanOverLoop) {
        body.outerScope("M");
        body.node("Loop", { "M", "", "s" }, { "s2" }, { graphAttr("body", endlessBody(false)) }, "endless");
    } else {
        body.outerScope("flag");
        body.node("If", { "flag" }, { "s2" }, { ifThenLoop("s", "branch"), elseIdentity("s", "branch") }, "choose");
    }
    body.node("Add", { "s2", "x" }, { "s3" });
    body.node("Identity", { "s3" }, { "y" });
    body.output("s3");
    body.output("y");
    if (nesting == Nesting::ScanOverIfOverLoop)
        flag();
    b.node("Scan", { "init", "xs" }, { "final", "ys" },
        { graphAttr("body", body.graph()), intAttr("num_scan_inputs", 1) }, "scan");
    b.output("final");
    b.output("ys");
    return b.build();
}

struct NestedCase
{
    ExecutionMode mode;
    Nesting nesting;
    bool fromTheFile = false; ///< every input of the outer If or Scan constant (see nestedEndless)
};

class NestedCancellation : public ::testing::TestWithParam<NestedCase>
{
protected:
    /// Preparation must not run the endless Loop (folding an If or Scan whose inputs are all constant runs its
    /// kernel inside Session::create, where nothing can cancel it): waits a generous 120 s and aborts the binary
    /// with the reason when preparation does not return, rather than hang.
    std::unique_ptr<Session> prepare()
    {
        SessionOptions options;
        options.mode = GetParam().mode;
        auto model = nestedEndless(GetParam().nesting, GetParam().fromTheFile);
        auto pending = std::async(std::launch::async, [&] { return Session::create(model, options); });
        if (pending.wait_for(std::chrono::seconds(120)) != std::future_status::ready) {
            ADD_FAILURE() << "Session::create did not return within 120 s: it runs the endless Loop";
            std::abort();
        }
        auto session = pending.get();
        EXPECT_TRUE(session.isOk()) << session.status().toString();
        return session ? std::move(session).value() : nullptr;
    }
    /// Zeros, and true for the If's condition so the branch with the endless Loop runs.
    static std::vector<HostTensor> inputs(const Session& session)
    {
        std::vector<HostTensor> in;
        for (const IoInfo& io : session.inputs()) {
            HostTensor& t = in.emplace_back(io.type, io.dims);
            if (io.type == DataType::Bool)
                t.data<bool>()[0] = true;
            else
                std::fill(t.data<float>().begin(), t.data<float>().end(), 0.0f);
        }
        return in;
    }
};

TEST_P(NestedCancellation, StopsWhenTheCallableCancels)
{
    auto session = prepare();
    ASSERT_TRUE(session);
    std::atomic<int64_t> polls { 0 };
    RunControl control;
    control.isCancelled = [&] { return ++polls >= 1000; };
    auto out = session->run(inputs(*session), control);
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::Cancelled) << out.status().toString();
    EXPECT_NE(out.status().message().find("'endless' (Loop)"), std::string::npos) << out.status().message();
    // A run that returned after few polls stopped inside the innermost body, not at the end of the outer node.
    EXPECT_LT(polls.load(), 10000);
}

TEST_P(NestedCancellation, StopsWhenAnotherThreadFiresTheToken)
{
    auto session = prepare();
    ASSERT_TRUE(session);
    CancelToken token;
    const auto in = inputs(*session);
    auto out = runAndCancelInsideTheBody(*session, in, token);
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::Cancelled) << out.status().toString();
    EXPECT_NE(out.status().message().find("'endless' (Loop)"), std::string::npos) << out.status().message();
}

INSTANTIATE_TEST_SUITE_P(Modes, NestedCancellation,
    ::testing::Values(NestedCase { ExecutionMode::AsWritten, Nesting::IfOverLoop },
        NestedCase { ExecutionMode::Optimized, Nesting::IfOverLoop },
        NestedCase { ExecutionMode::AsWritten, Nesting::ScanOverLoop },
        NestedCase { ExecutionMode::Optimized, Nesting::ScanOverLoop },
        NestedCase { ExecutionMode::AsWritten, Nesting::ScanOverIfOverLoop },
        NestedCase { ExecutionMode::Optimized, Nesting::ScanOverIfOverLoop },
        NestedCase { ExecutionMode::AsWritten, Nesting::IfOverLoop, true },
        NestedCase { ExecutionMode::Optimized, Nesting::IfOverLoop, true },
        NestedCase { ExecutionMode::AsWritten, Nesting::ScanOverLoop, true },
        NestedCase { ExecutionMode::Optimized, Nesting::ScanOverLoop, true },
        NestedCase { ExecutionMode::AsWritten, Nesting::ScanOverIfOverLoop, true },
        NestedCase { ExecutionMode::Optimized, Nesting::ScanOverIfOverLoop, true }),
    [](const auto& info) {
        const char* nesting = info.param.nesting == Nesting::IfOverLoop ? "IfOverLoop"
            : info.param.nesting == Nesting::ScanOverLoop               ? "ScanOverLoop"
                                                                        : "ScanOverIfOverLoop";
        return std::string(info.param.mode == ExecutionMode::AsWritten ? "AsWritten" : "Optimized") + nesting
            + (info.param.fromTheFile ? "FromTheFile" : "");
    });

// A Scan whose body runs no step (its outputs are its inputs) gives the body's per-step poll nothing to do: the
// Scan's own loop must poll each position. Not endless (the axis is as long as a tensor), but 4 * 10^6 positions of
// slicing and stacking, and one poll per position is what "checked at every iteration" means.
TEST(ScanCancellation, AScanWithAnEmptyBodyPollsEveryPosition)
{
    constexpr int64_t kLength = 4000000;
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        SubgraphBuilder body("copy_body");
        body.input("s", DataType::Float, { 1 });
        body.input("x", DataType::Float, { 1 });
        body.output("s");
        body.output("x");
        IrModelBuilder b(17);
        b.input("init", DataType::Float, { 1 });
        b.input("xs", DataType::Float, { kLength, 1 });
        b.node("Scan", { "init", "xs" }, { "final", "ys" },
            { graphAttr("body", body.graph()), intAttr("num_scan_inputs", 1) }, "copy");
        b.output("final");
        b.output("ys");
        SessionOptions options;
        options.mode = mode;
        auto session = Session::create(b.build(), options);
        ASSERT_TRUE(session) << session.status().toString();
        std::vector<HostTensor> in;
        in.emplace_back(DataType::Float, std::vector<int64_t> { 1 });
        in.emplace_back(DataType::Float, std::vector<int64_t> { kLength, 1 });
        // The main graph polls once before its only step; every later poll comes from inside the Scan.
        std::atomic<int64_t> polls { 0 };
        RunControl control;
        control.isCancelled = [&] { return ++polls >= 1000; };
        auto out = (*session)->run(in, control);
        ASSERT_FALSE(out.isOk()) << "the Scan ran all " << kLength << " positions without seeing the cancel";
        EXPECT_EQ(out.status().code(), StatusCode::Cancelled) << out.status().toString();
        EXPECT_NE(out.status().message().find("'copy' (Scan)"), std::string::npos) << out.status().message();
        EXPECT_EQ(polls.load(), 1000);
    }
}

} // namespace
