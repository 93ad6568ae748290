// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_node_util.h"

#include "kernels/conv_geometry.h"

#include <fmt/format.h>

namespace qs::kernels::int8 {

Status checkZeroPoint(DataType type, int32_t zp, const char* what)
{
    const bool ok = type == DataType::UInt8 ? (zp >= 0 && zp <= 255) : (zp >= -128 && zp <= 127);
    if (ok)
        return Status::ok();
    return Status(StatusCode::InvalidArgument,
        fmt::format("{} zero point {} is outside the range of {}", what, zp, dataTypeName(type)));
}

Result<ConvShape> convShapeOf(const Node& node, const TensorDesc& x, const TensorDesc& w)
{
    QS_ASSIGN_OR_RETURN(ConvGeometry g, convGeometry(node, x.dims, w.dims));
    if (g.spatialRank != 1 && g.spatialRank != 2)
        return Status(StatusCode::Unsupported,
            fmt::format("node {}: {}-D {} (only 1-D and 2-D)", node.describe(), g.spatialRank, node.opType));
    const bool twoD = g.spatialRank == 2;
    ConvShape s;
    s.batch = g.batch;
    s.inChannels = g.inChannels;
    s.outChannels = g.outChannels;
    s.group = g.group;
    s.inHeight = twoD ? g.inSpatial[0] : 1;
    s.inWidth = g.inSpatial[twoD ? 1 : 0];
    s.kernelHeight = twoD ? g.kernel[0] : 1;
    s.kernelWidth = g.kernel[twoD ? 1 : 0];
    s.strideHeight = twoD ? g.strides[0] : 1;
    s.strideWidth = g.strides[twoD ? 1 : 0];
    s.dilationHeight = twoD ? g.dilations[0] : 1;
    s.dilationWidth = g.dilations[twoD ? 1 : 0];
    s.padTop = twoD ? g.padBegin[0] : 0;
    s.padBottom = twoD ? g.padEnd[0] : 0;
    s.padLeft = g.padBegin[twoD ? 1 : 0];
    s.padRight = g.padEnd[twoD ? 1 : 0];
    return s;
}

int32_t zeroPointAt(const void* data, DataType type, int64_t i)
{
    if (!data)
        return 0;
    switch (type) {
    case DataType::UInt8:
        return static_cast<const uint8_t*>(data)[i];
    case DataType::Int8:
        return static_cast<const int8_t*>(data)[i];
    case DataType::Int32:
        return static_cast<const int32_t*>(data)[i];
    case DataType::UInt16:
        return static_cast<const uint16_t*>(data)[i];
    case DataType::Int16:
        return static_cast<const int16_t*>(data)[i];
    default:
        return 0;
    }
}

} // namespace qs::kernels::int8
