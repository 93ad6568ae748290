// SPDX-License-Identifier: MIT
#include <quantscope/engine/graph.h>
#include <quantscope/engine/printable.h>

#include <queue>

#include <fmt/format.h>

#include <functional>

namespace qs {

const Attribute* Node::attribute(std::string_view attrName) const noexcept
{
    for (const Attribute& a : attributes)
        if (a.name == attrName)
            return &a;
    return nullptr;
}

int64_t Node::attrInt(std::string_view attrName, int64_t fallback) const noexcept
{
    const Attribute* a = attribute(attrName);
    return a && a->type == AttributeType::Int ? a->i : fallback;
}

float Node::attrFloat(std::string_view attrName, float fallback) const noexcept
{
    const Attribute* a = attribute(attrName);
    return a && a->type == AttributeType::Float ? a->f : fallback;
}

std::string Node::attrString(std::string_view attrName, std::string_view fallback) const
{
    const Attribute* a = attribute(attrName);
    return a && a->type == AttributeType::String ? a->s : std::string(fallback);
}

std::vector<int64_t> Node::attrInts(std::string_view attrName, std::vector<int64_t> fallback) const
{
    const Attribute* a = attribute(attrName);
    return a && a->type == AttributeType::Ints ? a->ints : fallback;
}

std::vector<float> Node::attrFloats(std::string_view attrName, std::vector<float> fallback) const
{
    const Attribute* a = attribute(attrName);
    return a && a->type == AttributeType::Floats ? a->floats : fallback;
}

std::string Node::qualifiedOpType() const
{
    return domain.empty() ? opType : domain + "." + opType;
}

std::string Node::describe() const
{
    return fmt::format("{} ({})", quotedName(name), escapeNonPrintable(qualifiedOpType()));
}

size_t Node::inputCount() const noexcept
{
    size_t n = inputs.size();
    while (n > 0 && inputs[n - 1] == kNoValue)
        --n;
    return n;
}

std::optional<ValueId> Graph::findValue(std::string_view valueName) const
{
    auto it = m_valueByName.find(std::string(valueName));
    if (it == m_valueByName.end())
        return std::nullopt;
    return it->second;
}

std::optional<NodeId> Graph::findNode(std::string_view nodeName) const
{
    for (size_t i = 0; i < m_nodes.size(); ++i)
        if (m_nodes[i].name == nodeName)
            return static_cast<NodeId>(i);
    return std::nullopt;
}

const Tensor* Graph::constantData(ValueId id) const
{
    if (id < 0 || static_cast<size_t>(id) >= m_values.size())
        return nullptr;
    const int32_t idx = m_values[static_cast<size_t>(id)].initializer;
    return idx >= 0 ? &m_initializers[static_cast<size_t>(idx)] : nullptr;
}

std::vector<const Graph*> Graph::subgraphs(NodeId id) const
{
    std::vector<const Graph*> out;
    for (const Attribute& a : node(id).attributes) {
        if (a.type == AttributeType::Graph && a.g)
            out.push_back(a.g.get());
        for (const auto& g : a.graphs)
            if (g)
                out.push_back(g.get());
    }
    return out;
}

size_t Graph::totalNodeCount() const
{
    size_t n = m_nodes.size();
    for (size_t i = 0; i < m_nodes.size(); ++i)
        for (const Graph* g : subgraphs(static_cast<NodeId>(i)))
            n += g->totalNodeCount();
    return n;
}

ValueId Graph::getOrAddValue(const std::string& valueName)
{
    auto [it, inserted] = m_valueByName.try_emplace(valueName, static_cast<ValueId>(m_values.size()));
    if (inserted) {
        Value v;
        v.name = valueName;
        m_values.push_back(std::move(v));
    }
    return it->second;
}

NodeId Graph::addNode(Node node)
{
    const auto id = static_cast<NodeId>(m_nodes.size());
    for (ValueId in : node.inputs)
        if (in != kNoValue)
            m_values[static_cast<size_t>(in)].consumers.push_back(id);
    for (ValueId out : node.outputs)
        if (out != kNoValue)
            m_values[static_cast<size_t>(out)].producer = id;
    m_nodes.push_back(std::move(node));
    return id;
}

int32_t Graph::addInitializer(ValueId id, Tensor tensor)
{
    const auto idx = static_cast<int32_t>(m_initializers.size());
    m_initializers.push_back(std::move(tensor));
    Value& v = mutableValue(id);
    v.initializer = idx;
    const Tensor& t = m_initializers.back();
    if (v.type.elementType == DataType::Undefined)
        v.type.elementType = t.dataType();
    if (!v.type.hasShape) {
        v.type.hasShape = true;
        v.type.dims.clear();
        for (int64_t d : t.dims())
            v.type.dims.push_back(Dim::known(d));
    }
    return idx;
}

void Graph::addInput(ValueId id)
{
    m_inputs.push_back(id);
    mutableValue(id).isGraphInput = true;
}

void Graph::addOutput(ValueId id)
{
    m_outputs.push_back(id);
    mutableValue(id).isGraphOutput = true;
}

Status Graph::finalize()
{
    // Kahn's algorithm with a min-heap on NodeId: the order follows the file wherever the file is already sorted,
    // which keeps the graph view and profiles in the order authors expect.
    const size_t n = m_nodes.size();
    std::vector<int32_t> pending(n, 0);
    for (size_t i = 0; i < n; ++i)
        for (ValueId in : m_nodes[i].inputs)
            if (in != kNoValue && m_values[static_cast<size_t>(in)].producer != kNoNode)
                ++pending[i];
    std::priority_queue<NodeId, std::vector<NodeId>, std::greater<>> ready;
    for (size_t i = 0; i < n; ++i)
        if (pending[i] == 0)
            ready.push(static_cast<NodeId>(i));
    m_topoOrder.clear();
    m_topoOrder.reserve(n);
    while (!ready.empty()) {
        const NodeId id = ready.top();
        ready.pop();
        m_topoOrder.push_back(id);
        for (ValueId out : m_nodes[static_cast<size_t>(id)].outputs) {
            if (out == kNoValue)
                continue;
            for (NodeId c : m_values[static_cast<size_t>(out)].consumers)
                if (--pending[static_cast<size_t>(c)] == 0)
                    ready.push(c);
        }
    }
    if (m_topoOrder.size() == n)
        return Status::ok();
    std::string names;
    size_t listed = 0;
    for (size_t i = 0; i < n; ++i) {
        if (pending[i] > 0) {
            if (listed == 8) {
                names += ", ...";
                break;
            }
            names += (listed ? ", " : "") + m_nodes[i].describe();
            ++listed;
        }
    }
    return Status(StatusCode::InvalidModel,
        fmt::format(
            "graph '{}' has a cycle: {} node(s) can never run, among them {}", m_name, n - m_topoOrder.size(), names));
}

} // namespace qs
