// SPDX-License-Identifier: MIT
// Cancellation inside control flow: a Loop whose trip count is 10^15 (endless in practice) stops when the run is
// cancelled, in either execution mode, with StatusCode::Cancelled (issue 19). Not timing tests: the deterministic
// cases count cancel polls; the threaded case only requires the run to end within a generous limit.
#include "../kernels/kernel_test_util.h"

#include <quantscope/engine/run_control.h>

#include <atomic>
#include <chrono>
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

/// Loop(M = 10^15 from the file, no condition): acc' = acc + 1 each iteration. `withScan` adds a scan output (the
/// Loop then runs in the run-time tail, its output length being the iteration count).
std::shared_ptr<const Model> endlessLoop(bool withScan)
{
    auto body = std::make_shared<Graph>();
    body->setName("body");
    auto in = [&](const std::string& n, DataType t, std::vector<int64_t> dims) {
        const ValueId id = body->getOrAddValue(n);
        Value& v = body->mutableValue(id);
        v.type.elementType = t;
        v.type.hasShape = true;
        for (int64_t d : dims)
            v.type.dims.push_back(Dim::known(d));
        body->addInput(id);
    };
    in("i", DataType::Int64, {});
    in("c", DataType::Bool, {});
    in("acc", DataType::Float, { 1 });
    body->mutableValue(body->getOrAddValue("one")).isOuterScope = true;
    auto node = [&](const std::string& op, std::vector<std::string> ins, std::vector<std::string> outs) {
        Node n;
        n.opType = op;
        n.opsetVersion = 17;
        n.name = "body_" + op + std::to_string(body->nodes().size());
        for (const auto& i : ins)
            n.inputs.push_back(body->getOrAddValue(i));
        for (const auto& o : outs)
            n.outputs.push_back(body->getOrAddValue(o));
        body->addNode(std::move(n));
    };
    node("Identity", { "c" }, { "c2" });
    node("Add", { "acc", "one" }, { "acc2" });
    body->addOutput(body->getOrAddValue("c2"));
    body->addOutput(body->getOrAddValue("acc2"));
    if (withScan) {
        node("Identity", { "acc2" }, { "trace" });
        body->addOutput(body->getOrAddValue("trace"));
    }

    ModelBuilder b(17);
    b.constant("M", HostTensor::fromVector(DataType::Int64, {}, std::vector<int64_t> { kEndless }));
    b.constant("one", HostTensor::fromVector(DataType::Float, { 1 }, std::vector<float> { 1 }));
    b.input("init", DataType::Float, { 1 });
    std::vector<std::string> outs { "final" };
    if (withScan)
        outs.push_back("traces");
    b.node("Loop", { "M", "", "init" }, outs, { graphAttr("body", body) }, "endless");
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
    RunControl control;
    control.cancel = &token;
    auto in = inputs();
    std::atomic<bool> started { false };
    auto result = std::async(std::launch::async, [&] {
        started = true;
        return session->run(in, control);
    });
    while (!started)
        std::this_thread::yield();
    token.requestCancel();
    // Generous: a cancelled run returns within an iteration; without the in-body check it would run for ever.
    ASSERT_EQ(result.wait_for(std::chrono::seconds(120)), std::future_status::ready) << "the Loop did not stop";
    auto out = result.get();
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::Cancelled);

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

} // namespace
