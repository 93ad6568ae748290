// SPDX-License-Identifier: MIT
// The quantizer's graph builder: a destination graph written node by node from the float source graph, values mapped
// by name (float tensor names are kept, so parity can match layers by name).
#pragma once

#include <quantscope/engine/model.h>
#include <quantscope/engine/quantize.h>
#include <quantscope/engine/status.h>
#include <quantscope/engine/version.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace qs::quantize {

inline Attribute intAttr(const char* name, int64_t v)
{
    Attribute a;
    a.name = name;
    a.type = AttributeType::Int;
    a.i = v;
    return a;
}

// Builds the destination graph; source value ids are mapped by name.
class Builder
{
public:
    Builder(const Model& model)
        : m_model(model)
        , m_src(model.graph())
    {
        for (const Value& v : m_src.values())
            m_names.insert(v.name);
    }

    const Graph& src() const { return m_src; }
    Graph& dst() { return m_dst; }

    std::string unique(std::string base)
    {
        while (m_names.count(base))
            base += "_";
        m_names.insert(base);
        return base;
    }

    /// The constant data of a source value: an initializer or a Constant node's tensor.
    const Tensor* constant(ValueId id) const
    {
        if (id == kNoValue)
            return nullptr;
        if (const Tensor* t = m_src.constantData(id))
            return t;
        const NodeId p = m_src.producer(id);
        // PyTorch routes shared parameters through Identity nodes.
        if (p != kNoNode && m_src.node(p).opType == "Identity")
            return constant(m_src.node(p).input(0));
        if (p != kNoNode && m_src.node(p).opType == "Constant")
            if (const Attribute* a = m_src.node(p).attribute("value"); a && a->type == AttributeType::Tensor)
                return &a->t;
        return nullptr;
    }

    /// The source value itself in the destination (its initializer copied when it is one).
    ValueId raw(ValueId id)
    {
        if (id == kNoValue)
            return kNoValue;
        if (auto it = m_writeAs.find(id); it != m_writeAs.end())
            id = it->second;
        const Value& v = m_src.value(id);
        const ValueId d = m_dst.getOrAddValue(v.name);
        if (v.isConstant() && !m_dst.value(d).isConstant())
            m_dst.addInitializer(d, *m_src.constantData(id));
        return d;
    }
    /// What a consumer reads for a source value: its DequantizeLinear output when the tensor is quantized.
    ValueId read(ValueId id)
    {
        if (auto it = m_readAs.find(id); it != m_readAs.end())
            return it->second;
        if (auto it = m_dequantizeOnRead.find(id); it != m_dequantizeOnRead.end()) {
            // QOperator: the float tensor, under its own name, only once something reads float.
            const std::array<ValueId, 3> q = it->second;
            m_dequantizeOnRead.erase(it);
            node("DequantizeLinear", m_src.value(id).name + "_DequantizeLinear", { q[0], q[1], q[2] }, { raw(id) });
        }
        return raw(id);
    }
    void readThrough(ValueId srcId, ValueId dstId) { m_readAs[srcId] = dstId; }
    /// Source value `srcId` is written under the name of source value `asSrcId` (its producer takes over the output
    /// of a node that vanishes).
    void writeAs(ValueId srcId, ValueId asSrcId) { m_writeAs[srcId] = asSrcId; }
    /// The source value exists only as (quantized, scale, zero point) in the destination; read() dequantizes it.
    void dequantizeOnRead(ValueId srcId, std::array<ValueId, 3> quantized) { m_dequantizeOnRead[srcId] = quantized; }

    ValueId fresh(const std::string& base) { return m_dst.getOrAddValue(unique(base)); }
    /// Declares `dstId` as `type` with the shape of source value `srcId` (written as value_info: readers cannot infer
    /// it past the com.microsoft ops).
    void typeLike(ValueId dstId, ValueId srcId, DataType type)
    {
        TensorType t = m_src.value(srcId).type;
        t.elementType = type;
        m_dst.mutableValue(dstId).type = std::move(t);
    }
    ValueId constant(const std::string& base, Tensor t)
    {
        const ValueId id = fresh(base);
        m_dst.addInitializer(id, std::move(t));
        return id;
    }

    void node(const std::string& op, const std::string& name, std::vector<ValueId> in, std::vector<ValueId> out,
        std::vector<Attribute> attrs = {})
    {
        Node n;
        n.name = uniqueNode(name);
        n.opType = op;
        n.opsetVersion = m_model.opsetVersion("");
        n.inputs = std::move(in);
        n.outputs = std::move(out);
        n.attributes = std::move(attrs);
        m_dst.addNode(std::move(n));
    }
    /// A com.microsoft contrib op (opset 1, the version ONNX Runtime's quantizer imports).
    void contribNode(const std::string& op, const std::string& name, std::vector<ValueId> in, std::vector<ValueId> out,
        std::vector<Attribute> attrs = {})
    {
        Node n;
        n.name = uniqueNode(name);
        n.opType = op;
        n.domain = std::string(kMicrosoftDomain);
        n.opsetVersion = 1;
        n.inputs = std::move(in);
        n.outputs = std::move(out);
        n.attributes = std::move(attrs);
        m_dst.addNode(std::move(n));
        m_usesContrib = true;
    }
    void copy(const Node& n)
    {
        Node c = n;
        for (ValueId& in : c.inputs)
            in = read(in);
        for (ValueId& out : c.outputs)
            out = raw(out);
        c.name = uniqueNode(n.name);
        m_dst.addNode(std::move(c));
    }

    Result<std::shared_ptr<Model>> finish(const std::string& doc)
    {
        for (ValueId id : m_src.inputs()) {
            const ValueId d = raw(id);
            m_dst.mutableValue(d).type = m_src.value(id).type;
        }
        // Inputs must be listed first in the destination for the loader's order: rebuild the lists.
        for (ValueId id : m_src.inputs())
            m_dst.addInput(raw(id));
        for (ValueId id : m_src.outputs())
            if (m_dequantizeOnRead.count(id))
                read(id); // QOperator: the graph's outputs are float
        for (ValueId id : m_src.outputs()) {
            const ValueId d = raw(id);
            m_dst.mutableValue(d).type = m_src.value(id).type;
            m_dst.addOutput(d);
        }
        m_dst.setName(m_src.name());
        if (Status st = m_dst.finalize(); !st)
            return Status(StatusCode::Internal, fmt::format("quantized graph: {}", st.message()));
        auto out = std::make_shared<Model>();
        out->irVersion = std::max<int64_t>(m_model.irVersion, 7);
        out->producerName = "quantscope";
        out->producerVersion = versionString();
        out->domain = m_model.domain;
        out->modelVersion = m_model.modelVersion;
        out->docString = doc;
        out->opsetImports = m_model.opsetImports;
        if (m_usesContrib && std::none_of(out->opsetImports.begin(), out->opsetImports.end(), [](const OpsetImport& i) {
                return i.domain == kMicrosoftDomain;
            }))
            out->opsetImports.push_back({ std::string(kMicrosoftDomain), 1 });
        out->metadataProps = m_model.metadataProps;
        out->mutableGraph() = std::move(m_dst);
        return out;
    }

private:
    std::string uniqueNode(std::string base)
    {
        if (base.empty())
            base = "node";
        while (m_nodeNames.count(base))
            base += "_";
        m_nodeNames.insert(base);
        return base;
    }

    const Model& m_model;
    const Graph& m_src;
    Graph m_dst;
    std::set<std::string> m_names;
    std::set<std::string> m_nodeNames;
    std::map<ValueId, ValueId> m_readAs;
    std::map<ValueId, ValueId> m_writeAs;
    std::map<ValueId, std::array<ValueId, 3>> m_dequantizeOnRead;
    bool m_usesContrib = false;
};

} // namespace qs::quantize
