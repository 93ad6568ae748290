// SPDX-License-Identifier: MIT
#include "proto_convert.h"

#include <quantscope/engine/model_loader.h>

#include <fmt/format.h>

#include <fstream>

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
        return onnx_import::convertTensor(proto, ctx, fmt::format("tensor '{}'", proto.name()));
    } catch (const std::exception& e) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: cannot be read: {}", path.string(), e.what()));
    }
}

} // namespace qs
