// SPDX-License-Identifier: MIT
// Graph IR: Node, Value and Graph. Built once by the loader, then read-only (shared as std::shared_ptr<const Model>).
//
//   auto model = qs::loadModel("yolo.onnx");          // Result<std::shared_ptr<const Model>>
//   const qs::Graph& g = (*model)->graph();
//   for (qs::NodeId id : g.topologicalOrder()) {
//       const qs::Node& n = g.node(id);
//       for (qs::ValueId in : n.inputs)
//           if (in != qs::kNoValue) g.value(in).type;  // element type + (partial) shape
//   }
//
// Ids are indices into the owning graph's vectors; a subgraph (If/Loop/Scan body) has its own id space.
#pragma once

#include <quantscope/engine/attribute.h>
#include <quantscope/engine/status.h>
#include <quantscope/engine/tensor.h>
#include <quantscope/engine/tensor_type.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace qs {

using NodeId = int32_t;
using ValueId = int32_t;
inline constexpr NodeId kNoNode = -1;
inline constexpr ValueId kNoValue = -1; ///< an omitted optional input/output

/// The default ONNX domain is spelled "" in files; Quantscope normalises "ai.onnx" to "".
inline constexpr std::string_view kOnnxDomain = "";
inline constexpr std::string_view kMicrosoftDomain = "com.microsoft";

struct Value
{
    std::string name;
    TensorType type;
    NodeId producer = kNoNode;
    std::vector<NodeId> consumers; ///< one entry per consuming input slot (a node using it twice appears twice)
    bool isGraphInput = false; ///< a real input the caller feeds (not an initializer)
    bool isGraphOutput = false;
    bool isOuterScope = false; ///< in a subgraph: captured from an enclosing graph
    int32_t initializer = -1; ///< index into Graph::initializers() when the value is a constant

    bool isConstant() const noexcept { return initializer >= 0; }
};

struct Node
{
    std::string name; ///< may be empty in files; the loader fills "<OpType>_<index>" then
    std::string opType;
    std::string domain; ///< "" for ai.onnx
    int64_t opsetVersion = 0; ///< the model's opset import for this node's domain
    std::vector<ValueId> inputs; ///< kNoValue for omitted optional inputs
    std::vector<ValueId> outputs;
    std::vector<Attribute> attributes;
    std::string docString;

    const Attribute* attribute(std::string_view attrName) const noexcept;
    bool hasAttribute(std::string_view attrName) const noexcept { return attribute(attrName) != nullptr; }
    int64_t attrInt(std::string_view attrName, int64_t fallback) const noexcept;
    float attrFloat(std::string_view attrName, float fallback) const noexcept;
    std::string attrString(std::string_view attrName, std::string_view fallback = {}) const;
    std::vector<int64_t> attrInts(std::string_view attrName, std::vector<int64_t> fallback = {}) const;
    std::vector<float> attrFloats(std::string_view attrName, std::vector<float> fallback = {}) const;

    /// "'conv_3' (Conv)" or "'qconv' (com.microsoft.QLinearConv)": the form used in every message about a node.
    std::string describe() const;
    /// "Conv" or "com.microsoft.QLinearConv".
    std::string qualifiedOpType() const;
    /// Number of inputs actually present (trailing omitted ones not counted).
    size_t inputCount() const noexcept;
    ValueId input(size_t i) const noexcept { return i < inputs.size() ? inputs[i] : kNoValue; }
    ValueId output(size_t i) const noexcept { return i < outputs.size() ? outputs[i] : kNoValue; }
};

class Graph
{
public:
    const std::string& name() const noexcept { return m_name; }
    const std::vector<Node>& nodes() const noexcept { return m_nodes; }
    const std::vector<Value>& values() const noexcept { return m_values; }
    const std::vector<Tensor>& initializers() const noexcept { return m_initializers; }
    const std::vector<ValueId>& inputs() const noexcept { return m_inputs; } ///< fed by the caller
    const std::vector<ValueId>& outputs() const noexcept { return m_outputs; }
    /// Nodes in an order where every producer precedes its consumers (stable: file order where possible).
    const std::vector<NodeId>& topologicalOrder() const noexcept { return m_topoOrder; }

    const Node& node(NodeId id) const { return m_nodes.at(static_cast<size_t>(id)); }
    const Value& value(ValueId id) const { return m_values.at(static_cast<size_t>(id)); }
    std::optional<ValueId> findValue(std::string_view valueName) const;
    std::optional<NodeId> findNode(std::string_view nodeName) const;
    /// The constant data of a value, or nullptr if it is not an initializer.
    const Tensor* constantData(ValueId id) const;
    NodeId producer(ValueId id) const { return value(id).producer; }
    const std::vector<NodeId>& consumers(ValueId id) const { return value(id).consumers; }

    /// Subgraphs (If/Loop/Scan bodies) of a node, in attribute order.
    std::vector<const Graph*> subgraphs(NodeId id) const;
    /// Total node count including all nested subgraphs.
    size_t totalNodeCount() const;

    // ---- Construction (used by the loader and by tests that build graphs by hand) ----
    void setName(std::string name) { m_name = std::move(name); }
    /// Returns the value with that name, creating it when new.
    ValueId getOrAddValue(const std::string& valueName);
    Value& mutableValue(ValueId id) { return m_values.at(static_cast<size_t>(id)); }
    NodeId addNode(Node node); ///< links producer/consumer maps; does not validate
    int32_t addInitializer(ValueId id, Tensor tensor);
    void addInput(ValueId id);
    void addOutput(ValueId id);
    /// Computes the topological order. Fails (InvalidModel) naming the nodes on a cycle.
    Status finalize();

private:
    std::string m_name;
    std::vector<Node> m_nodes;
    std::vector<Value> m_values;
    std::vector<Tensor> m_initializers;
    std::vector<ValueId> m_inputs;
    std::vector<ValueId> m_outputs;
    std::vector<NodeId> m_topoOrder;
    std::unordered_map<std::string, ValueId> m_valueByName;
};

} // namespace qs
