// SPDX-License-Identifier: MIT
// Building Loop/Scan bodies and If branches by hand, for the executor's cancellation tests and the Loop/Scan kernel
// tests (the IrModelBuilder of kernel_test_util.h builds only main graphs).
#pragma once

#include <quantscope/engine/attribute.h>
#include <quantscope/engine/graph.h>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace qs::test {

/// A subgraph (Loop/Scan body, If branch) built by name, as the loader builds one: values read from an enclosing
/// graph are marked outer-scope where a node of this graph reads them.
class SubgraphBuilder
{
public:
    explicit SubgraphBuilder(std::string name)
        : m_graph(std::make_shared<Graph>())
    {
        m_graph->setName(std::move(name));
    }
    void input(const std::string& n, DataType t, std::vector<int64_t> dims)
    {
        const ValueId id = m_graph->getOrAddValue(n);
        Value& v = m_graph->mutableValue(id);
        v.type.elementType = t;
        v.type.hasShape = true;
        for (int64_t d : dims)
            v.type.dims.push_back(Dim::known(d));
        m_graph->addInput(id);
    }
    void outerScope(const std::string& n) { m_graph->mutableValue(m_graph->getOrAddValue(n)).isOuterScope = true; }
    void node(const std::string& op, std::vector<std::string> ins, std::vector<std::string> outs,
        std::vector<Attribute> attributes = {}, std::string name = {})
    {
        Node n;
        n.opType = op;
        n.opsetVersion = 17;
        n.name = name.empty() ? m_graph->name() + "_" + op + std::to_string(m_graph->nodes().size()) : name;
        for (const auto& i : ins)
            n.inputs.push_back(i.empty() ? kNoValue : m_graph->getOrAddValue(i));
        for (const auto& o : outs)
            n.outputs.push_back(m_graph->getOrAddValue(o));
        n.attributes = std::move(attributes);
        m_graph->addNode(std::move(n));
    }
    void output(const std::string& n) { m_graph->addOutput(m_graph->getOrAddValue(n)); }
    std::shared_ptr<Graph> graph() const { return m_graph; }
    /// The graph, finalized, as the attribute `attrName` ("body", "then_branch") of a Loop, Scan or If node.
    Attribute attr(std::string attrName) const
    {
        EXPECT_TRUE(m_graph->finalize().isOk());
        Attribute a;
        a.name = std::move(attrName);
        a.type = AttributeType::Graph;
        a.g = m_graph;
        return a;
    }

private:
    std::shared_ptr<Graph> m_graph;
};

} // namespace qs::test
