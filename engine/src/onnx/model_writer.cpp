// SPDX-License-Identifier: MIT
// saveModel: engine IR -> onnx.ModelProto -> libonnx checker -> file.
#include <quantscope/engine/atomic_file.h>
#include <quantscope/engine/model_writer.h>

#include <fmt/format.h>
#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

#include <cstdio>

namespace qs {

namespace {

void toProto(const Tensor& t, const std::string& name, onnx::TensorProto& p)
{
    p.set_name(name);
    p.set_data_type(static_cast<int32_t>(t.dataType()));
    for (int64_t d : t.dims())
        p.add_dims(d);
    if (t.dataType() == DataType::String) {
        for (const std::string& s : t.strings())
            p.add_string_data(s);
        return;
    }
    if (t.byteSize())
        p.set_raw_data(t.rawData(), t.byteSize());
}

void toProto(const TensorType& type, onnx::TypeProto& p)
{
    auto* tt = p.mutable_tensor_type();
    tt->set_elem_type(static_cast<int32_t>(type.elementType));
    if (!type.hasShape)
        return;
    auto* shape = tt->mutable_shape();
    for (const Dim& d : type.dims) {
        auto* dim = shape->add_dim();
        if (d.isKnown())
            dim->set_dim_value(d.value);
        else if (!d.symbol.empty())
            dim->set_dim_param(d.symbol);
    }
}

/// `isCancelled` (the main graph's, polled per initializer and node; subgraphs go with their node): false when it
/// fired.
bool toProto(const Graph& g, onnx::GraphProto& p, const std::function<bool()>& isCancelled = {});

void toProto(const Attribute& a, onnx::AttributeProto& p)
{
    p.set_name(a.name);
    using AT = onnx::AttributeProto;
    switch (a.type) {
    case AttributeType::Float:
        p.set_type(AT::FLOAT);
        p.set_f(a.f);
        break;
    case AttributeType::Int:
        p.set_type(AT::INT);
        p.set_i(a.i);
        break;
    case AttributeType::String:
        p.set_type(AT::STRING);
        p.set_s(a.s);
        break;
    case AttributeType::Tensor:
        p.set_type(AT::TENSOR);
        toProto(a.t, "", *p.mutable_t());
        break;
    case AttributeType::Graph:
        p.set_type(AT::GRAPH);
        toProto(*a.g, *p.mutable_g());
        break;
    case AttributeType::Floats:
        p.set_type(AT::FLOATS);
        for (float f : a.floats)
            p.add_floats(f);
        break;
    case AttributeType::Ints:
        p.set_type(AT::INTS);
        for (int64_t i : a.ints)
            p.add_ints(i);
        break;
    case AttributeType::Strings:
        p.set_type(AT::STRINGS);
        for (const std::string& s : a.strings)
            p.add_strings(s);
        break;
    case AttributeType::Tensors:
        p.set_type(AT::TENSORS);
        for (const Tensor& t : a.tensors)
            toProto(t, "", *p.add_tensors());
        break;
    case AttributeType::Graphs:
        p.set_type(AT::GRAPHS);
        for (const auto& sub : a.graphs)
            toProto(*sub, *p.add_graphs());
        break;
    case AttributeType::Undefined:
        break;
    }
}

bool toProto(const Graph& g, onnx::GraphProto& p, const std::function<bool()>& isCancelled)
{
    const auto cancelled = [&isCancelled] { return isCancelled && isCancelled(); };
    p.set_name(g.name().empty() ? std::string("graph") : g.name());
    for (ValueId id : g.inputs()) {
        auto* vi = p.add_input();
        vi->set_name(g.value(id).name);
        toProto(g.value(id).type, *vi->mutable_type());
    }
    for (const Value& v : g.values())
        if (v.isConstant()) {
            if (cancelled())
                return false;
            toProto(g.initializers().at(static_cast<size_t>(v.initializer)), v.name, *p.add_initializer());
        }
    for (NodeId id : g.topologicalOrder()) {
        if (cancelled())
            return false;
        const Node& n = g.node(id);
        auto* np = p.add_node();
        np->set_name(n.name);
        np->set_op_type(n.opType);
        if (!n.domain.empty())
            np->set_domain(n.domain);
        for (ValueId in : n.inputs)
            np->add_input(in == kNoValue ? std::string() : g.value(in).name);
        for (ValueId out : n.outputs)
            np->add_output(out == kNoValue ? std::string() : g.value(out).name);
        for (const Attribute& a : n.attributes)
            toProto(a, *np->add_attribute());
        if (!n.docString.empty())
            np->set_doc_string(n.docString);
    }
    for (ValueId id : g.outputs()) {
        auto* vi = p.add_output();
        vi->set_name(g.value(id).name);
        toProto(g.value(id).type, *vi->mutable_type());
    }
    // Types of computed tensors where known: a reader's shape inference stops at ops it has no schema for (libonnx
    // and the com.microsoft QLinear* ops the quantizer writes), and the tensors after them would lose their shapes.
    for (const Value& v : g.values())
        if (!v.isConstant() && !v.isGraphInput && !v.isGraphOutput && !v.isOuterScope && v.producer != kNoNode
            && v.type.elementType != DataType::Undefined) {
            auto* vi = p.add_value_info();
            vi->set_name(v.name);
            toProto(v.type, *vi->mutable_type());
        }
    return true;
}

} // namespace

Result<std::string> serializeModel(const Model& model, const std::function<bool()>& isCancelled)
{
    onnx::ModelProto p;
    p.set_ir_version(model.irVersion > 0 ? model.irVersion : 8);
    p.set_producer_name(model.producerName.empty() ? std::string("quantscope") : model.producerName);
    if (!model.producerVersion.empty())
        p.set_producer_version(model.producerVersion);
    if (!model.domain.empty())
        p.set_domain(model.domain);
    p.set_model_version(model.modelVersion);
    if (!model.docString.empty())
        p.set_doc_string(model.docString);
    for (const OpsetImport& o : model.opsetImports) {
        auto* op = p.add_opset_import();
        op->set_domain(o.domain);
        op->set_version(o.version);
    }
    for (const auto& [k, v] : model.metadataProps) {
        auto* e = p.add_metadata_props();
        e->set_key(k);
        e->set_value(v);
    }
    if (!toProto(model.graph(), *p.mutable_graph(), isCancelled) || (isCancelled && isCancelled()))
        return Status(StatusCode::Cancelled, "writing the model cancelled");
    try {
        onnx::checker::check_model(p);
    } catch (const std::exception& e) {
        return Status(StatusCode::InvalidModel, fmt::format("the written model fails ONNX's checker: {}", e.what()));
    }
    std::string bytes;
    if (p.ByteSizeLong() > static_cast<size_t>(INT32_MAX) || !p.SerializeToString(&bytes))
        return Status(StatusCode::Unsupported, "the model does not fit one protobuf message (2 GiB)");
    return bytes;
}

Status saveModel(const Model& model, const std::filesystem::path& path, const std::function<bool()>& isCancelled)
{
    auto bytes = serializeModel(model, isCancelled);
    if (!bytes)
        return Status(bytes.status().code(), fmt::format("{}: {}", path.string(), bytes.status().message()));
    // The same writer as run files and reports: a disk-full or size-limit failure leaves no temporary file behind and
    // the previous model intact (a plain ofstream missed a failed final flush and left its .tmp file).
    return writeFileAtomically(path, *bytes);
}

} // namespace qs
