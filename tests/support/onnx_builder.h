// SPDX-License-Identifier: MIT
// Test-only builder of ONNX ModelProtos with libonnx's generated classes: small models written from C++ so tests
// need no downloads. Tests (and tools) that include this link onnx_proto and protobuf; the engine API stays
// protobuf-free.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

namespace qs::test {

/// One dimension of a declared shape: a number, or a symbol (dim_param) for a free dimension.
struct DimSpec
{
    DimSpec(int64_t v)
        : value(v)
    { }
    DimSpec(int v)
        : value(v)
    { }
    DimSpec(const char* s)
        : symbol(s)
    { }
    int64_t value = -1;
    std::string symbol;
};

inline void setTensorType(onnx::TypeProto* type, int32_t elemType, const std::vector<DimSpec>& dims, bool withShape)
{
    auto* t = type->mutable_tensor_type();
    t->set_elem_type(elemType);
    if (!withShape)
        return;
    auto* shape = t->mutable_shape();
    for (const DimSpec& d : dims) {
        auto* dim = shape->add_dim();
        if (!d.symbol.empty())
            dim->set_dim_param(d.symbol);
        else if (d.value >= 0)
            dim->set_dim_value(d.value);
    }
}

inline onnx::AttributeProto* addAttr(onnx::NodeProto& n, const std::string& name)
{
    auto* a = n.add_attribute();
    a->set_name(name);
    return a;
}
inline void setAttr(onnx::NodeProto& n, const std::string& name, int64_t v)
{
    auto* a = addAttr(n, name);
    a->set_type(onnx::AttributeProto_AttributeType_INT);
    a->set_i(v);
}
inline void setAttr(onnx::NodeProto& n, const std::string& name, float v)
{
    auto* a = addAttr(n, name);
    a->set_type(onnx::AttributeProto_AttributeType_FLOAT);
    a->set_f(v);
}
inline void setAttr(onnx::NodeProto& n, const std::string& name, const std::string& v)
{
    auto* a = addAttr(n, name);
    a->set_type(onnx::AttributeProto_AttributeType_STRING);
    a->set_s(v);
}
inline void setAttr(onnx::NodeProto& n, const std::string& name, std::initializer_list<int64_t> v)
{
    auto* a = addAttr(n, name);
    a->set_type(onnx::AttributeProto_AttributeType_INTS);
    for (int64_t x : v)
        a->add_ints(x);
}
inline void setAttrInts(onnx::NodeProto& n, const std::string& name, const std::vector<int64_t>& v)
{
    auto* a = addAttr(n, name);
    a->set_type(onnx::AttributeProto_AttributeType_INTS);
    for (int64_t x : v)
        a->add_ints(x);
}
/// A graph-valued attribute (If branches, Loop/Scan bodies); fill the returned GraphProto with a GraphBuilder.
inline onnx::GraphProto* setGraphAttr(onnx::NodeProto& n, const std::string& name)
{
    auto* a = addAttr(n, name);
    a->set_type(onnx::AttributeProto_AttributeType_GRAPH);
    return a->mutable_g();
}

/// Adds inputs, outputs, nodes and initializers to a GraphProto it does not own.
class GraphBuilder
{
public:
    explicit GraphBuilder(onnx::GraphProto* graph, const std::string& name = "g")
        : m_graph(graph)
    {
        m_graph->set_name(name);
    }

    onnx::GraphProto& proto() { return *m_graph; }

    /// elemType: onnx::TensorProto_DataType_*. withShape=false declares an unknown rank.
    GraphBuilder& input(
        const std::string& name, int32_t elemType, const std::vector<DimSpec>& dims, bool withShape = true)
    {
        auto* vi = m_graph->add_input();
        vi->set_name(name);
        setTensorType(vi->mutable_type(), elemType, dims, withShape);
        return *this;
    }
    GraphBuilder& output(
        const std::string& name, int32_t elemType, const std::vector<DimSpec>& dims = {}, bool withShape = false)
    {
        auto* vi = m_graph->add_output();
        vi->set_name(name);
        setTensorType(vi->mutable_type(), elemType, dims, withShape);
        return *this;
    }
    GraphBuilder& valueInfo(const std::string& name, int32_t elemType, const std::vector<DimSpec>& dims)
    {
        auto* vi = m_graph->add_value_info();
        vi->set_name(name);
        setTensorType(vi->mutable_type(), elemType, dims, true);
        return *this;
    }
    onnx::NodeProto& node(const std::string& op, std::vector<std::string> inputs, std::vector<std::string> outputs,
        const std::string& name = {}, const std::string& domain = {})
    {
        auto* n = m_graph->add_node();
        n->set_op_type(op);
        if (!name.empty())
            n->set_name(name);
        if (!domain.empty())
            n->set_domain(domain);
        for (auto& i : inputs)
            n->add_input(i);
        for (auto& o : outputs)
            n->add_output(o);
        return *n;
    }
    /// An initializer with only name, type and dims set; the caller fills one of the typed fields.
    onnx::TensorProto& initializer(const std::string& name, int32_t elemType, const std::vector<int64_t>& dims)
    {
        auto* t = m_graph->add_initializer();
        t->set_name(name);
        t->set_data_type(elemType);
        for (int64_t d : dims)
            t->add_dims(d);
        return *t;
    }
    template <typename T>
    onnx::TensorProto& rawInitializer(
        const std::string& name, int32_t elemType, const std::vector<int64_t>& dims, const std::vector<T>& values)
    {
        auto& t = initializer(name, elemType, dims);
        t.set_raw_data(std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T)));
        return t;
    }
    onnx::TensorProto& floatInitializer(
        const std::string& name, const std::vector<int64_t>& dims, const std::vector<float>& values)
    {
        return rawInitializer(name, onnx::TensorProto_DataType_FLOAT, dims, values);
    }

private:
    onnx::GraphProto* m_graph;
};

/// A ModelProto with IR version 8, one ai.onnx opset import and a main graph.
class ModelBuilder
{
public:
    explicit ModelBuilder(int64_t onnxOpset = 13, const std::string& graphName = "g")
        : m_graphBuilder(m_model.mutable_graph(), graphName)
    {
        m_model.set_ir_version(8);
        m_model.set_producer_name("quantscope-tests");
        if (onnxOpset > 0)
            opset("", onnxOpset);
    }
    ModelBuilder(const ModelBuilder&) = delete;

    ModelBuilder& opset(const std::string& domain, int64_t version)
    {
        auto* o = m_model.add_opset_import();
        o->set_domain(domain);
        o->set_version(version);
        return *this;
    }
    onnx::ModelProto& proto() { return m_model; }
    GraphBuilder& graph() { return m_graphBuilder; }

    std::string serialize() const { return m_model.SerializeAsString(); }
    void save(const std::filesystem::path& path) const
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        const std::string bytes = serialize();
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }

private:
    onnx::ModelProto m_model;
    GraphBuilder m_graphBuilder;
};

} // namespace qs::test
