// SPDX-License-Identifier: MIT
// ProfileCollector on a hand-built graph: per-run means, shares, op types and the overhead share, computed by hand.
#include <quantscope/engine/model.h>
#include <quantscope/engine/profile_collector.h>

#include <gtest/gtest.h>

#include <thread>

namespace {

qs::Model threeNodeModel()
{
    // x -> QuantizeLinear -> DequantizeLinear -> Conv -> y
    qs::Model m;
    qs::Graph& g = m.mutableGraph();
    auto v = [&](const char* name) { return g.getOrAddValue(name); };
    auto node = [&](const char* name, const char* op, qs::ValueId in, qs::ValueId out) {
        qs::Node n;
        n.name = name;
        n.opType = op;
        n.inputs = { in };
        n.outputs = { out };
        return g.addNode(std::move(n));
    };
    g.addInput(v("x"));
    node("q", "QuantizeLinear", v("x"), v("xq"));
    node("dq", "DequantizeLinear", v("xq"), v("xd"));
    node("conv", "Conv", v("xd"), v("y"));
    g.addOutput(v("y"));
    EXPECT_TRUE(g.finalize().isOk());
    return m;
}

TEST(ProfileCollector, MeansSharesAndOverhead)
{
    const qs::Model m = threeNodeModel();
    qs::ProfileCollector c(m.graph().nodes().size());
    for (int run = 0; run < 2; ++run) {
        c.beginRun();
        c.addSample(0, 1.0); // q
        c.addSample(1, 2.0); // dq
        c.addSample(2, 7.0); // conv
        c.endRun();
    }
    const qs::ProfileReport r = c.report(m);
    EXPECT_EQ(r.runs, 2);
    ASSERT_EQ(r.nodes.size(), 3u);
    EXPECT_EQ(r.nodes[0].nodeName, "conv");
    EXPECT_DOUBLE_EQ(r.nodes[0].meanMs, 7.0);
    EXPECT_DOUBLE_EQ(r.nodes[0].share, 0.7);
    EXPECT_EQ(r.nodes[0].calls, 2);
    EXPECT_DOUBLE_EQ(r.totalMs, 10.0);
    EXPECT_DOUBLE_EQ(r.quantOverheadMs, 3.0);
    EXPECT_DOUBLE_EQ(r.quantOverheadShare, 0.3);
    ASSERT_EQ(r.opTypes.size(), 3u);
    EXPECT_EQ(r.opTypes[1].opType, "DequantizeLinear");
    EXPECT_EQ(r.unmatchedNodes, 0);
}

TEST(ProfileCollector, CountsActivationReordersPerRun)
{
    // The conv's step reorders its source and destination (2 per call) and runs twice per run; the quantize copies its
    // NCHW source once per call, once per run. Over 3 runs: (2 * 6 + 1 * 3) / 3 = 5 per run.
    const qs::Model m = threeNodeModel();
    qs::ProfileCollector c(m.graph().nodes().size());
    for (int run = 0; run < 3; ++run) {
        c.beginRun();
        c.addSample(0, 1.0);
        c.setImplementation(0, "cpu", 1);
        for (int call = 0; call < 2; ++call) {
            c.addSample(2, 1.0);
            c.setImplementation(2, "onednn:jit:avx2", 2);
        }
        c.endRun();
    }
    const qs::ProfileReport r = c.report(m);
    EXPECT_DOUBLE_EQ(r.activationReordersPerRun, 5.0);
    ASSERT_EQ(r.nodes.size(), 2u);
    EXPECT_EQ(r.nodes[0].nodeName, "conv");
    EXPECT_EQ(r.nodes[0].activationReorders, 2);
    EXPECT_EQ(r.nodes[1].activationReorders, 1);
}

TEST(ProfileCollector, TimesNodesAndResets)
{
    const qs::Model m = threeNodeModel();
    qs::ProfileCollector c(m.graph().nodes().size());
    c.beginRun();
    c.beginNode(2);
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
    c.endNode(2);
    c.beginNode(1);
    c.endNode(0); // mismatched end is ignored
    c.endRun();
    auto r = c.report(m);
    ASSERT_EQ(r.nodes.size(), 1u);
    EXPECT_GE(r.nodes[0].meanMs, 3.0); // at least what was slept
    c.reset();
    EXPECT_EQ(c.runs(), 0);
    EXPECT_TRUE(c.report(m).nodes.empty());
}

} // namespace
