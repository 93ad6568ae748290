// SPDX-License-Identifier: MIT
// loadModel: read → parse → validate opsets → bind input shapes → ONNX shape inference → convert to the IR.
#include "contrib_types.h"
#include "newer_opset_schemas.h"
#include "proto_convert.h"
#include "schema_check.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/printable.h>

#include <fmt/format.h>
#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <fstream>
#include <new>

namespace qs {
namespace fs = std::filesystem;

namespace {

// Domains whose operators Quantscope knows about (for analysis or execution). Others load with a warning.
bool isKnownDomain(const std::string& domain)
{
    return domain.empty() || domain == "ai.onnx.ml" || domain == "com.microsoft" || domain == "com.microsoft.nchwc"
        || domain == "ai.onnx.training" || domain == "ai.onnx.preview.training";
}

bool cancelled(const LoadOptions& options)
{
    return options.isCancelled && options.isCancelled();
}

Status loadCancelled(const std::string& file, const char* where)
{
    return Status(StatusCode::Cancelled, fmt::format("{}: loading cancelled {}", file, where));
}

Status invalid(const std::string& file, const std::string& problem)
{
    return Status(StatusCode::InvalidModel, fmt::format("{}: {}", file, problem));
}

/// "; node 'n' (Op) would be read at opset N" for the first ai.onnx node of the main graph, to name what cannot be
/// trusted; empty when the graph has none.
std::string firstOnnxNode(const onnx::GraphProto& graph, int64_t version)
{
    for (int i = 0; i < graph.node_size(); ++i) {
        const auto& n = graph.node(i);
        if (!n.domain().empty() && n.domain() != "ai.onnx")
            continue;
        const std::string name = n.name().empty() ? fmt::format("{}_{}", n.op_type(), i) : n.name();
        return fmt::format(
            "; node '{}' ({}) and every other ai.onnx node would be read with opset-{} semantics this build does "
            "not know",
            name, n.op_type(), version);
    }
    return {};
}

Status validateOpsets(const onnx::ModelProto& proto, Model& model, const std::string& file)
{
    // libonnx 1.12 knows ai.onnx up to 17; the engine describes what changed in 18..21 (newer_opset_schemas.cpp).
    onnx_import::ensureNewerOpsetSchemas();
    const auto& registry = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
    const int maxOnnx = registry.count(onnx::ONNX_DOMAIN) ? registry.at(onnx::ONNX_DOMAIN).second : 17;
    for (const auto& imp : proto.opset_import()) {
        OpsetImport o { imp.domain() == "ai.onnx" ? std::string() : imp.domain(), imp.version() };
        const std::string shownDomain = o.domain.empty() ? "ai.onnx" : o.domain;
        if (model.opsetVersion(o.domain) != 0)
            return invalid(file, fmt::format("opset_import lists domain {} twice", quotedName(shownDomain)));
        if (o.version < 1)
            return invalid(file,
                fmt::format("opset_import for domain {} has invalid version {}", quotedName(shownDomain), o.version));
        if (o.domain.empty() && o.version > maxOnnx)
            return Status(StatusCode::Unsupported,
                fmt::format("{}: ai.onnx opset {} is newer than this build supports (up to {}){}", file, o.version,
                    maxOnnx, firstOnnxNode(proto.graph(), o.version)));
        if (!isKnownDomain(o.domain))
            model.warnings.push_back(
                fmt::format("{}: imports unknown operator domain {} (version {}); its operators cannot run", file,
                    quotedName(shownDomain), o.version));
        model.opsetImports.push_back(std::move(o));
    }
    if (proto.opset_import_size() == 0) {
        // IR version 1 files had no opset_import; the ONNX spec then means opset 1.
        if (proto.ir_version() <= 2)
            model.opsetImports.push_back(OpsetImport { "", 1 });
        else
            return invalid(file, "no opset_import: the model does not say which operator set it uses");
    }
    return Status::ok();
}

/// Rewrites graph input shapes in the proto so that shape inference propagates concrete sizes.
Status bindInputShapes(onnx::ModelProto& proto, const LoadOptions& options, const std::string& file)
{
    for (const auto& [name, dims] : options.inputShapes) {
        onnx::ValueInfoProto* target = nullptr;
        for (auto& in : *proto.mutable_graph()->mutable_input())
            if (in.name() == name)
                target = &in;
        if (!target)
            return Status(StatusCode::NotFound,
                fmt::format("{}: --input-shape names {}, which is not a graph input", file, quotedName(name)));
        auto* tensorType = target->mutable_type()->mutable_tensor_type();
        if (tensorType->has_shape() && tensorType->shape().dim_size() != static_cast<int>(dims.size()))
            return Status(StatusCode::InvalidArgument,
                fmt::format("{}: input {} has rank {}, but the given shape {} has rank {}", file, quotedName(name),
                    tensorType->shape().dim_size(), formatDims(dims), dims.size()));
        for (int i = 0; tensorType->has_shape() && i < tensorType->shape().dim_size(); ++i) {
            const auto& d = tensorType->shape().dim(i);
            if (d.has_dim_value() && d.dim_value() != dims[static_cast<size_t>(i)])
                return Status(StatusCode::InvalidArgument,
                    fmt::format("{}: input {} has fixed dimension {} = {}, but the given shape says {}", file,
                        quotedName(name), i, d.dim_value(), dims[static_cast<size_t>(i)]));
        }
        auto* shape = tensorType->mutable_shape();
        shape->clear_dim();
        for (int64_t d : dims)
            shape->add_dim()->set_dim_value(d);
    }
    return Status::ok();
}

void runShapeInference(onnx::ModelProto& proto, Model& model)
{
    // libonnx's inference functions trust the schema; a node that violates it would crash them. Such a model still
    // loads (conversion validates the structure), with the shapes its file declares.
    if (auto problem = onnx_import::findSchemaViolation(proto.graph(), model)) {
        model.shapeInference.message = *problem;
        model.schemaViolation = *problem;
        model.warnings.push_back(
            fmt::format("{}: shape inference skipped: {}; shapes shown are those the file declares",
                model.displayName(), *problem));
        return;
    }
    model.shapeInference.ran = true;
    try {
        // error_mode 0: a node that cannot be inferred leaves its outputs unknown instead of aborting everything;
        // data propagation folds Shape→Gather→Concat chains so Reshape targets become known.
        onnx::ShapeInferenceOptions options(false, 0, !onnx_import::shapeMaySeeUntypedValue(proto.graph(), model));
        const onnx_import::KernelShapeHints hints(*proto.mutable_graph());
        onnx::shape_inference::InferShapes(proto, onnx::OpSchemaRegistry::Instance(), options);
        model.shapeInference.succeeded = true;
    } catch (const std::exception& e) {
        model.shapeInference.succeeded = false;
        model.shapeInference.message = e.what();
        model.warnings.push_back(fmt::format(
            "{}: shape inference stopped early ({}); shapes shown are those known", model.displayName(), e.what()));
    }
}

void countKnownShapes(Model& model)
{
    for (const Value& v : model.graph().values()) {
        ++model.shapeInference.valuesTotal;
        if (v.type.isFullyKnown())
            ++model.shapeInference.valuesWithShape;
    }
}

Result<std::shared_ptr<const Model>> loadParsed(
    onnx::ModelProto& proto, std::shared_ptr<Model> model, const fs::path& baseDir, const LoadOptions& options)
{
    const std::string file = model->displayName();
    if (!proto.has_graph())
        return invalid(file, "not an ONNX model: it has no graph");
    if (proto.ir_version() <= 0 && proto.opset_import_size() == 0)
        return invalid(file, "not an ONNX model: no IR version and no opset_import");
    model->irVersion = proto.ir_version();
    model->producerName = proto.producer_name();
    model->producerVersion = proto.producer_version();
    model->domain = proto.domain();
    model->modelVersion = proto.model_version();
    model->docString = proto.doc_string();
    for (const auto& kv : proto.metadata_props())
        model->metadataProps.emplace_back(kv.key(), kv.value());
    QS_RETURN_IF_ERROR(validateOpsets(proto, *model, file));
    QS_RETURN_IF_ERROR(bindInputShapes(proto, options, file));
    if (cancelled(options))
        return loadCancelled(file, "before shape inference");
    if (options.runShapeInference)
        runShapeInference(proto, *model);

    onnx_import::ConvertContext ctx;
    ctx.fileName = file;
    ctx.baseDir = baseDir;
    ctx.model = model.get();
    ctx.warnings = &model->warnings;
    ctx.isCancelled = &options.isCancelled;
    QS_ASSIGN_OR_RETURN(auto unused, onnx_import::convertGraph(proto.graph(), ctx, {}, &model->mutableGraph()));
    (void)unused;
    model->externalDataBytes = ctx.externalBytes;
    // libonnx's shape inference walks nodes in file order, so an unsorted file (a spec violation that some
    // exporters commit) loses shapes downstream of the first out-of-order node. Say so instead of failing.
    const auto& order = model->graph().topologicalOrder();
    for (size_t i = 0; i < order.size(); ++i) {
        if (order[i] != static_cast<NodeId>(i)) {
            model->warnings.push_back(fmt::format(
                "{}: nodes are not in topological order as the ONNX spec requires (node {} comes before a producer "
                "of its inputs); shape inference may have left some shapes unknown",
                file, model->graph().node(static_cast<NodeId>(i)).describe()));
            break;
        }
    }
    // libonnx cannot type the outputs of ONNX Runtime's contrib ops; the quantization ones follow from their inputs.
    onnx_import::inferContribOutputTypes(model->mutableGraph());
    countKnownShapes(*model);
    return std::shared_ptr<const Model>(std::move(model));
}

template <typename F> Result<std::shared_ptr<const Model>> guarded(const std::string& file, F&& f)
{
    // Protobuf and libonnx report some problems by throwing; nothing may escape the engine's API.
    try {
        return f();
    } catch (const std::bad_alloc&) {
        return Status(StatusCode::OutOfMemory, fmt::format("{}: out of memory while loading", file));
    } catch (const std::exception& e) {
        return invalid(file, fmt::format("could not be read: {}", e.what()));
    }
}

} // namespace

Result<std::shared_ptr<const Model>> loadModelFromBytes(
    std::string_view bytes, const std::string& displayName, const fs::path& baseDir, const LoadOptions& options)
{
    return guarded(displayName, [&]() -> Result<std::shared_ptr<const Model>> {
        if (bytes.empty())
            return invalid(displayName, "the file is empty");
        if (bytes.size() > static_cast<size_t>(INT32_MAX))
            return invalid(displayName, "larger than 2 GiB, the protobuf limit; use external data");
        if (cancelled(options))
            return loadCancelled(displayName, "before parsing");
        onnx::ModelProto proto;
        if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
            return invalid(displayName, "not a valid ONNX protobuf (truncated or not an ONNX file)");
        auto model = std::make_shared<Model>();
        model->path = displayName;
        model->fileSizeBytes = static_cast<int64_t>(bytes.size());
        return loadParsed(proto, std::move(model), baseDir, options);
    });
}

Result<std::shared_ptr<const Model>> loadModel(const fs::path& path, const LoadOptions& options)
{
    const std::string file = path.filename().string();
    std::error_code ec;
    if (!fs::exists(path, ec))
        return Status(StatusCode::NotFound, fmt::format("{}: no such file ({})", file, path.string()));
    if (fs::is_directory(path, ec))
        return Status(StatusCode::InvalidArgument, fmt::format("{}: is a folder, not a model file", path.string()));
    std::string bytes;
    if (fs::is_regular_file(path, ec)) {
        const auto size = fs::file_size(path, ec);
        if (ec)
            return Status(StatusCode::IoError, fmt::format("{}: cannot read its size: {}", file, ec.message()));
        if (static_cast<int64_t>(size) > options.maxFileBytes)
            return invalid(
                file, fmt::format("{} bytes is larger than the limit of {} bytes", size, options.maxFileBytes));
        std::ifstream in(path, std::ios::binary);
        if (!in)
            return Status(StatusCode::IoError, fmt::format("{}: cannot open for reading", path.string()));
        bytes.assign(size, '\0');
        // In pieces, so that a cancel reaches a large file's read (from a slow disk or a network share).
        constexpr size_t kPiece = size_t(16) << 20;
        for (size_t at = 0; at < size; at += kPiece) {
            if (cancelled(options))
                return loadCancelled(file, "while reading the file");
            const size_t n = std::min(kPiece, size_t(size) - at);
            if (!in.read(bytes.data() + at, static_cast<std::streamsize>(n)))
                return Status(StatusCode::IoError, fmt::format("{}: reading failed", path.string()));
        }
    } else {
        // A pipe has no size to check first (`bench <(curl ...)`, a named pipe): read to its end, refusing it as soon
        // as it passes the limit. Opening and reading block until the writer delivers.
        std::ifstream in(path, std::ios::binary);
        if (!in)
            return Status(StatusCode::IoError, fmt::format("{}: cannot open for reading", path.string()));
        char chunk[64 * 1024];
        while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
            if (cancelled(options))
                return loadCancelled(file, "while reading the file");
            bytes.append(chunk, static_cast<size_t>(in.gcount()));
            if (static_cast<int64_t>(bytes.size()) > options.maxFileBytes)
                return invalid(file, fmt::format("larger than the limit of {} bytes", options.maxFileBytes));
        }
        if (in.bad())
            return Status(StatusCode::IoError, fmt::format("{}: reading failed", path.string()));
    }

    auto result
        = loadModelFromBytes(bytes, file, path.parent_path().empty() ? fs::path(".") : path.parent_path(), options);
    if (!result)
        return result;
    // Keep the full path for the UI (recent files) while messages used the short name.
    auto model = std::const_pointer_cast<Model>(result.value());
    model->path = path;
    return std::shared_ptr<const Model>(model);
}

} // namespace qs
