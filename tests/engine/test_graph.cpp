// SPDX-License-Identifier: MIT
#include <quantscope/engine/graph.h>

#include <gtest/gtest.h>

namespace {

qs::NodeId addOp(qs::Graph& g, const std::string& name, std::vector<std::string> ins, std::vector<std::string> outs)
{
    qs::Node n;
    n.name = name;
    n.opType = "Relu";
    for (auto& i : ins)
        n.inputs.push_back(g.getOrAddValue(i));
    for (auto& o : outs)
        n.outputs.push_back(g.getOrAddValue(o));
    return g.addNode(std::move(n));
}

TEST(Graph, TopologicalOrderPutsProducersFirstAndKeepsFileOrderOtherwise)
{
    qs::Graph g;
    g.addInput(g.getOrAddValue("x"));
    addOp(g, "c", { "b" }, { "y" }); // file order: consumer before producer
    addOp(g, "a", { "x" }, { "a_out" });
    addOp(g, "b", { "a_out" }, { "b" });
    ASSERT_TRUE(g.finalize().isOk());
    EXPECT_EQ(g.topologicalOrder(), (std::vector<qs::NodeId> { 1, 2, 0 }));
    EXPECT_EQ(g.producer(*g.findValue("b")), 2);
    EXPECT_EQ(g.consumers(*g.findValue("x")), std::vector<qs::NodeId> { 1 });
}

TEST(Graph, CycleIsReportedWithNodeNames)
{
    qs::Graph g;
    addOp(g, "p", { "q_out" }, { "p_out" });
    addOp(g, "q", { "p_out" }, { "q_out" });
    const qs::Status s = g.finalize();
    ASSERT_FALSE(s.isOk());
    EXPECT_EQ(s.code(), qs::StatusCode::InvalidModel);
    EXPECT_NE(s.message().find("cycle"), std::string::npos);
    EXPECT_NE(s.message().find("'p' (Relu)"), std::string::npos);
    EXPECT_NE(s.message().find("'q' (Relu)"), std::string::npos);
}

} // namespace
