// SPDX-License-Identifier: MIT
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace qs::kernels {

size_t TensorDesc::byteSize() const noexcept
{
    if (layout == Layout::Blocked && dims.size() >= 2) {
        std::vector<int64_t> padded = dims;
        const int64_t b = blockedChannels();
        padded[1] = (padded[1] + b - 1) / b * b;
        return static_cast<size_t>(shapeElementCount(padded)) * dataTypeSize(type);
    }
    return static_cast<size_t>(elementCount()) * dataTypeSize(type);
}

Result<std::vector<int64_t>> broadcastShapes(const Node& node, std::span<const int64_t> a, std::span<const int64_t> b)
{
    const size_t rank = std::max(a.size(), b.size());
    std::vector<int64_t> out(rank);
    for (size_t i = 0; i < rank; ++i) {
        const int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
        const int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
        if (da == db || db == 1)
            out[i] = da;
        else if (da == 1)
            out[i] = db;
        else
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: shapes {} and {} cannot be broadcast", node.describe(),
                    formatDims({ a.begin(), a.end() }), formatDims({ b.begin(), b.end() })));
    }
    return out;
}

Result<std::vector<int64_t>> broadcastInputs(const Node& node, std::span<const TensorDesc> inputs)
{
    std::vector<int64_t> out;
    for (const TensorDesc& in : inputs) {
        if (in.type == DataType::Undefined)
            continue;
        QS_ASSIGN_OR_RETURN(out, broadcastShapes(node, out, in.dims));
    }
    return out;
}

Result<int64_t> normalizeAxis(const Node& node, int64_t axis, int64_t rank)
{
    const int64_t a = axis < 0 ? axis + rank : axis;
    // Strictly [0, rank): a scalar has no axis (callers that treat a scalar as rank 1 pass max(rank, 1) themselves).
    if (a < 0 || a >= rank)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: axis {} is out of range for rank {}", node.describe(), axis, rank));
    return a;
}

std::optional<std::vector<int64_t>> constantInts(const TensorDesc& desc)
{
    if (!desc.constant)
        return std::nullopt;
    const HostTensor& t = *desc.constant;
    std::vector<int64_t> out(static_cast<size_t>(t.elementCount()));
    if (t.dataType() == DataType::Int64) {
        auto d = t.data<int64_t>();
        std::copy(d.begin(), d.end(), out.begin());
    } else if (t.dataType() == DataType::Int32) {
        auto d = t.data<int32_t>();
        std::copy(d.begin(), d.end(), out.begin());
    } else {
        return std::nullopt;
    }
    return out;
}

std::optional<std::vector<float>> constantFloats(const TensorDesc& desc)
{
    if (!desc.constant)
        return std::nullopt;
    const HostTensor& t = *desc.constant;
    std::vector<float> out(static_cast<size_t>(t.elementCount()));
    for (size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<float>(t.valueAsDouble(static_cast<int64_t>(i)));
    return out;
}

std::vector<int64_t> stridesOf(std::span<const int64_t> dims)
{
    std::vector<int64_t> s(dims.size(), 1);
    for (size_t i = dims.size(); i-- > 1;)
        s[i - 1] = s[i] * dims[i];
    return s;
}

AxisSplit splitAtAxis(std::span<const int64_t> dims, int64_t axis)
{
    AxisSplit s;
    for (int64_t i = 0; i < int64_t(dims.size()); ++i) {
        if (i < axis)
            s.outer *= dims[size_t(i)];
        else if (i == axis)
            s.axis = dims[size_t(i)];
        else
            s.inner *= dims[size_t(i)];
    }
    return s;
}

std::vector<int64_t> broadcastStrides(std::span<const int64_t> inDims, std::span<const int64_t> outDims)
{
    std::vector<int64_t> out(outDims.size(), 0);
    const std::vector<int64_t> s = stridesOf(inDims);
    const size_t off = outDims.size() - inDims.size();
    for (size_t i = 0; i < inDims.size(); ++i)
        out[off + i] = inDims[i] == 1 ? 0 : s[i];
    return out;
}

Status inferSameAsInput0(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    if (inputs.empty())
        return Status(StatusCode::InvalidModel, fmt::format("node {}: missing input 0", node.describe()));
    outputs[0].type = inputs[0].type;
    outputs[0].dims = inputs[0].dims;
    return Status::ok();
}

Status inferBroadcast(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_ASSIGN_OR_RETURN(outputs[0].dims, broadcastInputs(node, inputs));
    outputs[0].type = inputs.back().type; // Where: the value inputs; others: all the same type
    return Status::ok();
}

Status inferBroadcastBool(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_ASSIGN_OR_RETURN(outputs[0].dims, broadcastInputs(node, inputs));
    outputs[0].type = DataType::Bool;
    return Status::ok();
}

Status acceptFloatInput0(const Node& node, std::span<const TensorDesc> inputs)
{
    if (inputs.empty() || inputs[0].type != DataType::Float)
        return Status(StatusCode::Unsupported,
            fmt::format("input 0 is {} (only float)", inputs.empty() ? "absent" : dataTypeName(inputs[0].type)));
    return Status::ok();
}

} // namespace qs::kernels
