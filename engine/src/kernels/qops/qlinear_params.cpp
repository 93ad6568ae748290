// SPDX-License-Identifier: MIT
#include "kernels/qops/qlinear_params.h"

#include "kernels/shape_util.h"
#include "quant/quantize_linear.h"

#include <fmt/format.h>

namespace qs::kernels::qops {

int32_t zeroPointValue(const void* data, DataType type)
{
    if (!data)
        return 0;
    switch (type) {
    case DataType::UInt8:
        return *static_cast<const uint8_t*>(data);
    case DataType::Int8:
        return *static_cast<const int8_t*>(data);
    case DataType::Int32:
        return *static_cast<const int32_t*>(data);
    default:
        return 0;
    }
}

QuantParam quantParamAt(const KernelArgs& args, size_t scaleSlot, size_t zpSlot, DataType zpType)
{
    QuantParam p;
    p.scale = *static_cast<const float*>(inputAt(args, scaleSlot));
    p.zeroPoint = zeroPointValue(inputAt(args, zpSlot), zpType);
    return p;
}

DataType slotType(std::span<const TensorDesc> inputs, size_t slot)
{
    return hasInput(inputs, slot) ? inputs[slot].type : DataType::Undefined;
}

Status checkScalarParams(const KernelContext& ctx, size_t scaleSlot, size_t zpSlot, const char* what)
{
    if (!hasInput(ctx.inputs, scaleSlot))
        return Status(
            StatusCode::InvalidModel, fmt::format("node {}: the scale of {} is missing", ctx.node.describe(), what));
    const TensorDesc& s = ctx.inputs[scaleSlot];
    if (s.type != DataType::Float || s.elementCount() != 1)
        return Status(StatusCode::Unsupported,
            fmt::format("node {}: the scale of {} must be one float (it is {} {})", ctx.node.describe(), what,
                dataTypeName(s.type), formatDims(s.dims)));
    if (hasInput(ctx.inputs, zpSlot)) {
        const TensorDesc& z = ctx.inputs[zpSlot];
        if ((z.type != DataType::UInt8 && z.type != DataType::Int8) || z.elementCount() != 1)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: the zero point of {} must be one uint8 or int8 (it is {} {})",
                    ctx.node.describe(), what, dataTypeName(z.type), formatDims(z.dims)));
    }
    return Status::ok();
}

bool paramsConstant(std::span<const TensorDesc> inputs, size_t scaleSlot, size_t zpSlot)
{
    return hasInput(inputs, scaleSlot) && inputs[scaleSlot].constant
        && (!hasInput(inputs, zpSlot) || inputs[zpSlot].constant);
}

QuantParam constantParam(std::span<const TensorDesc> inputs, size_t scaleSlot, size_t zpSlot)
{
    QuantParam p;
    p.scale = static_cast<const float*>(inputs[scaleSlot].constant->rawData())[0];
    if (hasInput(inputs, zpSlot))
        p.zeroPoint = zeroPointValue(inputs[zpSlot].constant->rawData(), inputs[zpSlot].type);
    return p;
}

void buildTable(DataType type, QuantParam x, QuantParam y, const ArrayFunction& f, Table& table)
{
    std::array<float, 256> in {};
    std::array<float, 256> out {};
    for (int i = 0; i < 256; ++i) {
        const int32_t v = type == DataType::Int8 ? int32_t(int8_t(uint8_t(i))) : i;
        // int -> float is exact here, so this is the single rounding ORT's table performs as well.
        in[size_t(i)] = x.scale * float(v - x.zeroPoint);
    }
    f(in.data(), out.data(), in.size());
    if (type == DataType::Int8)
        quant::quantizeLinear(out.data(), out.size(), y.scale, y.zeroPoint, reinterpret_cast<int8_t*>(table.data()));
    else
        quant::quantizeLinear(out.data(), out.size(), y.scale, y.zeroPoint, table.data());
}

void applyTable(const uint8_t* x, const Table& table, uint8_t* y, int64_t n)
{
#pragma omp parallel for if (n > 262144)
    for (int64_t i = 0; i < n; ++i)
        y[i] = table[x[i]];
}

Status acceptInt8Input0(const Node& node, std::span<const TensorDesc> inputs)
{
    if (inputs.empty() || (inputs[0].type != DataType::UInt8 && inputs[0].type != DataType::Int8))
        return Status(StatusCode::Unsupported,
            fmt::format("input 0 is {} (only uint8, int8)", inputs.empty() ? "absent" : dataTypeName(inputs[0].type)));
    return Status::ok();
}

} // namespace qs::kernels::qops
