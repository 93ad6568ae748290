// SPDX-License-Identifier: MIT
#include "proto_convert.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/printable.h>

#include <fmt/format.h>

#include <fstream>
#include <limits>

namespace qs {

Result<Tensor> loadTensorFile(const std::filesystem::path& path, std::string* name)
{
    const std::string file = path.filename().string();
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Status(StatusCode::NotFound, fmt::format("{}: cannot open tensor file", path.string()));
    onnx::TensorProto proto;
    try {
        if (!proto.ParseFromIstream(&in))
            return Status(
                StatusCode::InvalidArgument, fmt::format("{}: not a serialized ONNX TensorProto", path.string()));
        onnx_import::ConvertContext ctx;
        ctx.fileName = file;
        ctx.baseDir = path.parent_path();
        if (name)
            *name = proto.name();
        return onnx_import::convertTensor(proto, ctx, fmt::format("tensor {}", quotedName(proto.name())));
    } catch (const std::exception& e) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: cannot be read: {}", path.string(), e.what()));
    }
}

Result<Tensor> loadTensorFromBytes(std::string_view bytes, const std::string& displayName, std::string* name)
{
    onnx::TensorProto proto;
    try {
        if (bytes.size() > size_t(std::numeric_limits<int>::max())
            || !proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
            return Status(
                StatusCode::InvalidArgument, fmt::format("{}: not a serialized ONNX TensorProto", displayName));
        onnx_import::ConvertContext ctx;
        ctx.fileName = displayName; // no baseDir: external data is refused
        if (name)
            *name = proto.name();
        return onnx_import::convertTensor(proto, ctx, fmt::format("tensor {}", quotedName(proto.name())));
    } catch (const std::exception& e) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: cannot be read: {}", displayName, e.what()));
    }
}

} // namespace qs
