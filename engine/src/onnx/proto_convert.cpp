// SPDX-License-Identifier: MIT
#include "proto_convert.h"

#include <quantscope/engine/printable.h>

#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <unordered_set>

namespace qs::onnx_import {
namespace fs = std::filesystem;

namespace {

// Generous but finite: a dimension or element count beyond this is a corrupt file, not a model.
constexpr int64_t kMaxElements = int64_t(1) << 40;

Status invalid(const ConvertContext& ctx, const std::string& what, const std::string& problem)
{
    return Status(StatusCode::InvalidModel, fmt::format("{}: {}: {}", ctx.fileName, what, problem));
}

Status cancelledAt(const ConvertContext& ctx, const std::string& graphWhat, const char* stage)
{
    return Status(StatusCode::Cancelled,
        fmt::format("{}: loading cancelled (converting the {} of the {})", ctx.fileName, stage, graphWhat));
}

Result<int64_t> checkedElementCount(const onnx::TensorProto& proto, const ConvertContext& ctx, const std::string& what)
{
    int64_t n = 1;
    for (int64_t d : proto.dims()) {
        if (d < 0)
            return invalid(ctx, what, fmt::format("negative dimension {}", d));
        if (d != 0 && n > kMaxElements / d)
            return invalid(ctx, what, "element count overflows (corrupt dimensions)");
        n *= d;
    }
    return n;
}

/// Reads `length` bytes at `offset` of an external-data file, after checking the path stays beside the model.
Result<std::shared_ptr<std::vector<std::byte>>> readExternal(
    const onnx::TensorProto& proto, ConvertContext& ctx, const std::string& what, size_t expectedBytes)
{
    std::string location;
    int64_t offset = 0;
    int64_t length = -1;
    for (const auto& kv : proto.external_data()) {
        try {
            if (kv.key() == "location")
                location = kv.value();
            else if (kv.key() == "offset")
                offset = std::stoll(kv.value());
            else if (kv.key() == "length")
                length = std::stoll(kv.value());
        } catch (const std::exception&) {
            return invalid(ctx, what,
                fmt::format(
                    "external data field {} is not a number: {}", quotedName(kv.key()), quotedName(kv.value())));
        }
    }
    if (location.empty())
        return invalid(ctx, what, "external data without a 'location'");
    if (ctx.baseDir.empty())
        return Status(StatusCode::InvalidModel,
            fmt::format("{}: {}: refers to external data {} but the model was not loaded from a file", ctx.fileName,
                what, quotedName(location)));
    const fs::path rel(location);
    bool escapes = rel.is_absolute() || rel.has_root_name();
    for (const fs::path& part : rel)
        escapes = escapes || part == "..";
    if (escapes)
        return invalid(ctx, what,
            fmt::format(
                "external data location {} must be a relative path inside the model's folder", quotedName(location)));
    const fs::path file = ctx.baseDir / rel;
    std::error_code ec;
    const auto fileSize = fs::file_size(file, ec);
    if (ec)
        return Status(StatusCode::NotFound,
            fmt::format("{}: {}: missing external-data file {} (looked for {})", ctx.fileName, what,
                quotedName(location), file.string()));
    if (offset < 0)
        return invalid(ctx, what, fmt::format("negative external data offset {}", offset));
    if (length >= 0 && static_cast<size_t>(length) != expectedBytes)
        return invalid(ctx, what,
            fmt::format("external data length {} does not match the tensor's {} bytes", length, expectedBytes));
    if (static_cast<uint64_t>(offset) + expectedBytes > fileSize)
        return invalid(ctx, what,
            fmt::format("external data {} is too short: needs {} bytes at offset {}, file has {}", quotedName(location),
                expectedBytes, offset, fileSize));
    std::ifstream in(file, std::ios::binary);
    auto bytes = std::make_shared<std::vector<std::byte>>(expectedBytes);
    in.seekg(offset);
    if (expectedBytes && !in.read(reinterpret_cast<char*>(bytes->data()), static_cast<std::streamsize>(expectedBytes)))
        return Status(StatusCode::IoError,
            fmt::format("{}: {}: reading external data {} failed", ctx.fileName, what, quotedName(location)));
    ctx.externalBytes += static_cast<int64_t>(expectedBytes);
    return bytes;
}

template <typename Src, typename Dst>
void narrowInto(const google::protobuf::RepeatedField<Src>& src, std::vector<std::byte>& out)
{
    for (int i = 0; i < src.size(); ++i) {
        const Dst v = static_cast<Dst>(src.Get(i));
        std::memcpy(out.data() + static_cast<size_t>(i) * sizeof(Dst), &v, sizeof(Dst));
    }
}

/// Element types ONNX added after the ones the engine's DataType covers (opsets 19..23), by name.
const char* newerOnnxTypeName(int32_t type)
{
    switch (type) {
    case 17:
        return "float8e4m3fn";
    case 18:
        return "float8e4m3fnuz";
    case 19:
        return "float8e5m2";
    case 20:
        return "float8e5m2fnuz";
    case 21:
        return "uint4";
    case 22:
        return "int4";
    case 23:
        return "float4e2m1";
    default:
        return nullptr;
    }
}

} // namespace

Result<Tensor> convertTensor(const onnx::TensorProto& proto, ConvertContext& ctx, const std::string& what)
{
    if (const char* name = newerOnnxTypeName(proto.data_type()))
        return Status(StatusCode::Unsupported,
            fmt::format("{}: {}: element type {} (ONNX type {}) is not supported: the engine has no float8, 4-bit or "
                        "float4 tensors",
                ctx.fileName, what, name, proto.data_type()));
    if (!isValidDataType(proto.data_type()) || proto.data_type() == 0)
        return invalid(ctx, what, fmt::format("unknown element type {}", proto.data_type()));
    const auto type = static_cast<DataType>(proto.data_type());
    if (proto.has_segment())
        return Status(
            StatusCode::Unsupported, fmt::format("{}: {}: segmented tensors are not supported", ctx.fileName, what));
    QS_ASSIGN_OR_RETURN(const int64_t count, checkedElementCount(proto, ctx, what));
    std::vector<int64_t> dims(proto.dims().begin(), proto.dims().end());

    if (type == DataType::String) {
        if (proto.string_data_size() != count)
            return invalid(ctx, what, fmt::format("has {} strings for {} elements", proto.string_data_size(), count));
        return Tensor::fromStrings(std::move(dims), { proto.string_data().begin(), proto.string_data().end() });
    }
    const size_t elemSize = dataTypeSize(type);
    const size_t expectedBytes = static_cast<size_t>(count) * elemSize;

    if (proto.data_location() == onnx::TensorProto_DataLocation_EXTERNAL) {
        QS_ASSIGN_OR_RETURN(auto bytes, readExternal(proto, ctx, what, expectedBytes));
        return Tensor(type, std::move(dims), std::move(bytes));
    }
    if (proto.has_raw_data()) {
        if (proto.raw_data().size() != expectedBytes)
            return invalid(ctx, what,
                fmt::format("raw_data has {} bytes, but {}[{}] needs {}", proto.raw_data().size(), dataTypeName(type),
                    formatDims(dims), expectedBytes));
        return Tensor::fromRaw(type, std::move(dims), proto.raw_data().data(), expectedBytes);
    }

    // Typed fields, as the ONNX spec assigns them to element types. The field's length is checked before the
    // buffer is allocated: corrupt dims must not turn into a huge allocation.
    auto mismatch = [&](const char* field, int have) {
        return invalid(ctx, what,
            fmt::format(
                "{} has {} values, but {}[{}] needs {}", field, have, dataTypeName(type), formatDims(dims), count));
    };
    {
        const int64_t perElement = (type == DataType::Complex64 || type == DataType::Complex128) ? 2 : 1;
        int have = 0;
        const char* field = "int32_data";
        switch (type) {
        case DataType::Float:
        case DataType::Complex64:
            have = proto.float_data_size();
            field = "float_data";
            break;
        case DataType::Double:
        case DataType::Complex128:
            have = proto.double_data_size();
            field = "double_data";
            break;
        case DataType::Int64:
            have = proto.int64_data_size();
            field = "int64_data";
            break;
        case DataType::UInt32:
        case DataType::UInt64:
            have = proto.uint64_data_size();
            field = "uint64_data";
            break;
        default:
            have = proto.int32_data_size();
            break;
        }
        if (have != perElement * count)
            return mismatch(field, have);
    }
    auto bytes = std::make_shared<std::vector<std::byte>>(expectedBytes);
    switch (type) {
    case DataType::Float:
        if (proto.float_data_size() != count)
            return mismatch("float_data", proto.float_data_size());
        narrowInto<float, float>(proto.float_data(), *bytes);
        break;
    case DataType::Complex64:
        if (proto.float_data_size() != 2 * count)
            return mismatch("float_data", proto.float_data_size());
        narrowInto<float, float>(proto.float_data(), *bytes);
        break;
    case DataType::Double:
        if (proto.double_data_size() != count)
            return mismatch("double_data", proto.double_data_size());
        narrowInto<double, double>(proto.double_data(), *bytes);
        break;
    case DataType::Complex128:
        if (proto.double_data_size() != 2 * count)
            return mismatch("double_data", proto.double_data_size());
        narrowInto<double, double>(proto.double_data(), *bytes);
        break;
    case DataType::Int64:
        if (proto.int64_data_size() != count)
            return mismatch("int64_data", proto.int64_data_size());
        narrowInto<int64_t, int64_t>(proto.int64_data(), *bytes);
        break;
    case DataType::UInt32:
    case DataType::UInt64:
        if (proto.uint64_data_size() != count)
            return mismatch("uint64_data", proto.uint64_data_size());
        if (type == DataType::UInt32)
            narrowInto<uint64_t, uint32_t>(proto.uint64_data(), *bytes);
        else
            narrowInto<uint64_t, uint64_t>(proto.uint64_data(), *bytes);
        break;
    default: // int32_data carries int32, int16, int8, uint16, uint8, bool, float16 and bfloat16 (as bit patterns)
        if (proto.int32_data_size() != count)
            return mismatch("int32_data", proto.int32_data_size());
        switch (elemSize) {
        case 1:
            narrowInto<int32_t, uint8_t>(proto.int32_data(), *bytes);
            break;
        case 2:
            narrowInto<int32_t, uint16_t>(proto.int32_data(), *bytes);
            break;
        default:
            narrowInto<int32_t, int32_t>(proto.int32_data(), *bytes);
            break;
        }
        break;
    }
    return Tensor(type, std::move(dims), std::move(bytes));
}

TensorType convertType(const onnx::TypeProto& proto)
{
    TensorType out;
    const onnx::TypeProto_Tensor* tensor = nullptr;
    if (proto.has_tensor_type())
        tensor = &proto.tensor_type();
    else if (proto.has_optional_type() && proto.optional_type().elem_type().has_tensor_type())
        tensor = &proto.optional_type().elem_type().tensor_type();
    if (!tensor)
        return out; // sequences and maps: type unknown to the tensor IR
    if (isValidDataType(tensor->elem_type()))
        out.elementType = static_cast<DataType>(tensor->elem_type());
    if (tensor->has_shape()) {
        out.hasShape = true;
        for (const auto& d : tensor->shape().dim()) {
            if (d.has_dim_value() && d.dim_value() >= 0)
                out.dims.push_back(Dim::known(d.dim_value()));
            else if (d.has_dim_param())
                out.dims.push_back(Dim::symbolic(d.dim_param()));
            else
                out.dims.emplace_back();
        }
    }
    return out;
}

namespace {

Result<Attribute> convertAttribute(
    const onnx::AttributeProto& proto, ConvertContext& ctx, const std::string& owner, const OuterScopeLookup& visible)
{
    Attribute a;
    a.name = proto.name();
    const std::string what = fmt::format("attribute {} of node {}", quotedName(proto.name()), owner);
    auto type = proto.type();
    if (type == onnx::AttributeProto_AttributeType_UNDEFINED) { // old files: infer from the field that is set
        if (proto.has_f())
            type = onnx::AttributeProto_AttributeType_FLOAT;
        else if (proto.has_i())
            type = onnx::AttributeProto_AttributeType_INT;
        else if (proto.has_s())
            type = onnx::AttributeProto_AttributeType_STRING;
        else if (proto.has_t())
            type = onnx::AttributeProto_AttributeType_TENSOR;
        else if (proto.has_g())
            type = onnx::AttributeProto_AttributeType_GRAPH;
        else if (proto.floats_size())
            type = onnx::AttributeProto_AttributeType_FLOATS;
        else if (proto.ints_size())
            type = onnx::AttributeProto_AttributeType_INTS;
        else if (proto.strings_size())
            type = onnx::AttributeProto_AttributeType_STRINGS;
    }
    auto subgraph = [&](const onnx::GraphProto& g) -> Result<std::shared_ptr<const Graph>> {
        QS_ASSIGN_OR_RETURN(auto converted, convertGraph(g, ctx, visible));
        return std::shared_ptr<const Graph>(std::move(converted));
    };
    switch (type) {
    case onnx::AttributeProto_AttributeType_FLOAT:
        a.type = AttributeType::Float;
        a.f = proto.f();
        break;
    case onnx::AttributeProto_AttributeType_INT:
        a.type = AttributeType::Int;
        a.i = proto.i();
        break;
    case onnx::AttributeProto_AttributeType_STRING:
        a.type = AttributeType::String;
        a.s = proto.s();
        break;
    case onnx::AttributeProto_AttributeType_TENSOR: {
        a.type = AttributeType::Tensor;
        QS_ASSIGN_OR_RETURN(a.t, convertTensor(proto.t(), ctx, what));
        break;
    }
    case onnx::AttributeProto_AttributeType_GRAPH: {
        a.type = AttributeType::Graph;
        QS_ASSIGN_OR_RETURN(a.g, subgraph(proto.g()));
        break;
    }
    case onnx::AttributeProto_AttributeType_FLOATS:
        a.type = AttributeType::Floats;
        a.floats.assign(proto.floats().begin(), proto.floats().end());
        break;
    case onnx::AttributeProto_AttributeType_INTS:
        a.type = AttributeType::Ints;
        a.ints.assign(proto.ints().begin(), proto.ints().end());
        break;
    case onnx::AttributeProto_AttributeType_STRINGS:
        a.type = AttributeType::Strings;
        a.strings.assign(proto.strings().begin(), proto.strings().end());
        break;
    case onnx::AttributeProto_AttributeType_TENSORS:
        a.type = AttributeType::Tensors;
        for (const auto& t : proto.tensors()) {
            QS_ASSIGN_OR_RETURN(auto tensor, convertTensor(t, ctx, what));
            a.tensors.push_back(std::move(tensor));
        }
        break;
    case onnx::AttributeProto_AttributeType_GRAPHS:
        a.type = AttributeType::Graphs;
        for (const auto& g : proto.graphs()) {
            QS_ASSIGN_OR_RETURN(auto converted, subgraph(g));
            a.graphs.push_back(std::move(converted));
        }
        break;
    default:
        // Sparse tensors and type protos appear in training graphs only; keep the attribute visible but untyped.
        a.type = AttributeType::Undefined;
        if (ctx.warnings)
            ctx.warnings->push_back(
                fmt::format("{}: {} has an attribute type Quantscope does not read", ctx.fileName, what));
        break;
    }
    return a;
}

} // namespace

Result<std::shared_ptr<Graph>> convertGraph(
    const onnx::GraphProto& proto, ConvertContext& ctx, const OuterScopeLookup& outerVisible, Graph* target)
{
    std::shared_ptr<Graph> owned;
    if (!target) {
        owned = std::make_shared<Graph>();
        target = owned.get();
    }
    Graph& g = *target;
    g.setName(proto.name());
    const std::string graphWhat
        = proto.name().empty() ? std::string("graph") : fmt::format("graph {}", quotedName(proto.name()));

    // Initializers first: graph inputs with the same name (IR < 4 style) are defaults, not real inputs.
    std::unordered_set<std::string> initializerNames;
    for (const auto& init : proto.initializer()) {
        if (ctx.cancelled())
            return cancelledAt(ctx, graphWhat, "initializers");
        const std::string what = fmt::format("initializer {}", quotedName(init.name()));
        if (init.name().empty())
            return invalid(ctx, graphWhat, "an initializer has no name");
        if (!initializerNames.insert(init.name()).second)
            return invalid(ctx, what, "defined twice");
        QS_ASSIGN_OR_RETURN(auto tensor, convertTensor(init, ctx, what));
        g.addInitializer(g.getOrAddValue(init.name()), std::move(tensor));
    }
    if (proto.sparse_initializer_size() > 0)
        return Status(StatusCode::Unsupported,
            fmt::format("{}: {}: sparse initializers are not supported ({})", ctx.fileName, graphWhat,
                quotedName(proto.sparse_initializer(0).values().name())));

    for (const auto& in : proto.input()) {
        const ValueId id = g.getOrAddValue(in.name());
        Value& v = g.mutableValue(id);
        const TensorType declared = convertType(in.type());
        if (declared.elementType != DataType::Undefined || declared.hasShape)
            v.type = declared;
        if (!initializerNames.count(in.name()))
            g.addInput(id);
    }
    for (const auto& vi : proto.value_info()) {
        const TensorType t = convertType(vi.type());
        if (t.elementType != DataType::Undefined || t.hasShape)
            g.mutableValue(g.getOrAddValue(vi.name())).type = t;
    }

    // Names visible to this graph's subgraphs: everything defined here plus what the enclosing graphs define.
    std::unordered_set<std::string> defined(initializerNames);
    for (const auto& in : proto.input())
        defined.insert(in.name());
    for (const auto& n : proto.node())
        for (const auto& o : n.output())
            if (!o.empty())
                defined.insert(o);
    // Subgraphs see the types known here, so their outer-scope values are typed (shapes for MACs and display).
    const OuterScopeLookup visibleHere = [&](const std::string& name) -> std::optional<TensorType> {
        if (defined.count(name)) {
            if (const auto id = g.findValue(name))
                return g.value(*id).type;
            return TensorType {};
        }
        return outerVisible ? outerVisible(name) : std::nullopt;
    };

    int index = 0;
    for (const auto& np : proto.node()) {
        if (ctx.cancelled())
            return cancelledAt(ctx, graphWhat, "nodes");
        Node node;
        node.opType = np.op_type();
        node.domain = np.domain() == "ai.onnx" ? std::string() : np.domain();
        node.name = np.name().empty() ? fmt::format("{}_{}", np.op_type(), index) : np.name();
        node.docString = np.doc_string();
        ++index;
        const std::string owner = node.describe();
        if (node.opType.empty())
            return invalid(ctx, fmt::format("node {}", quotedName(node.name)), "has no op_type");
        if (ctx.model) {
            node.opsetVersion = ctx.model->opsetVersion(node.domain);
            if (node.opsetVersion == 0)
                return invalid(ctx, "node " + owner,
                    fmt::format("uses domain {}, which the model does not import (no opset_import entry)",
                        quotedName(node.domain.empty() ? "ai.onnx" : node.domain)));
        }
        for (const auto& in : np.input()) {
            if (in.empty()) {
                node.inputs.push_back(kNoValue);
                continue;
            }
            std::optional<TensorType> outerType;
            if (!defined.count(in)) {
                outerType = outerVisible ? outerVisible(in) : std::nullopt;
                if (!outerType)
                    return invalid(ctx, "node " + owner,
                        fmt::format(
                            "input {} is not produced by any node, graph input or initializer", quotedName(in)));
            }
            const ValueId id = g.getOrAddValue(in);
            if (outerType) {
                Value& v = g.mutableValue(id);
                v.isOuterScope = true;
                if (v.type.elementType == DataType::Undefined && !v.type.hasShape)
                    v.type = *outerType;
            }
            node.inputs.push_back(id);
        }
        for (const auto& out : np.output()) {
            if (out.empty()) {
                node.outputs.push_back(kNoValue);
                continue;
            }
            const ValueId id = g.getOrAddValue(out);
            const Value& v = g.value(id);
            if (v.producer != kNoNode)
                return invalid(ctx, "node " + owner,
                    fmt::format(
                        "output {} is also produced by node {}", quotedName(out), g.node(v.producer).describe()));
            if (v.isConstant() || v.isGraphInput)
                return invalid(ctx, "node " + owner,
                    fmt::format("output {} has the name of a graph input or initializer", quotedName(out)));
            node.outputs.push_back(id);
        }
        for (const auto& ap : np.attribute()) {
            QS_ASSIGN_OR_RETURN(auto attr, convertAttribute(ap, ctx, owner, visibleHere));
            node.attributes.push_back(std::move(attr));
        }
        g.addNode(std::move(node));
    }

    for (const auto& out : proto.output()) {
        // A name known only from value_info is not a definition: check that something produces it.
        const auto id = g.findValue(out.name());
        const bool definedHere = id
            && (g.value(*id).producer != kNoNode || g.value(*id).isGraphInput || g.value(*id).isConstant()
                || g.value(*id).isOuterScope);
        std::optional<TensorType> outerType;
        if (!definedHere) {
            outerType = outerVisible ? outerVisible(out.name()) : std::nullopt;
            if (!outerType)
                return invalid(
                    ctx, graphWhat, fmt::format("output {} is not produced by any node", quotedName(out.name())));
        }
        const ValueId vid = id ? *id : g.getOrAddValue(out.name());
        Value& v = g.mutableValue(vid);
        if (outerType) {
            v.isOuterScope = true;
            if (v.type.elementType == DataType::Undefined && !v.type.hasShape)
                v.type = *outerType;
        }
        const TensorType declared = convertType(out.type());
        if (v.type.elementType == DataType::Undefined || (!v.type.hasShape && declared.hasShape))
            if (declared.elementType != DataType::Undefined || declared.hasShape)
                v.type = declared;
        g.addOutput(vid);
    }

    QS_RETURN_IF_ERROR(g.finalize().withContext(ctx.fileName));
    return owned;
}

} // namespace qs::onnx_import
