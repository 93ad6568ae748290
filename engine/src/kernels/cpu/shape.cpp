// SPDX-License-Identifier: MIT
// Shape-producing ops: Shape Size Constant ConstantOfShape Range. Their outputs are normally folded at preparation.
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

/// Writes a fixed byte image prepared from static information (Shape, Size, Constant).
class ConstantBytesKernel final : public Kernel
{
public:
    using Maker = Result<HostTensor> (*)(const KernelContext&);
    explicit ConstantBytesKernel(Maker maker)
        : m_maker(maker)
    { }
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_value, m_maker(ctx));
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        if (m_value.byteSize())
            std::memcpy(args.outputs[0], m_value.rawData(), m_value.byteSize());
        return Status::ok();
    }

private:
    Maker m_maker;
    HostTensor m_value;
};

std::pair<int64_t, int64_t> shapeRange(const Node& node, int64_t rank)
{
    int64_t start = node.attrInt("start", 0);
    int64_t end = node.attrInt("end", rank);
    if (start < 0)
        start += rank;
    if (end < 0)
        end += rank;
    start = std::clamp<int64_t>(start, 0, rank);
    end = std::clamp<int64_t>(end, 0, rank);
    return { start, std::max(start, end) };
}

Status inferShape(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    const auto [s, e] = shapeRange(node, in[0].rank());
    out[0].type = DataType::Int64;
    out[0].dims = { e - s };
    return Status::ok();
}

Result<HostTensor> makeShape(const KernelContext& ctx)
{
    const auto [s, e] = shapeRange(ctx.node, ctx.inputs[0].rank());
    std::vector<int64_t> v(ctx.inputs[0].dims.begin() + s, ctx.inputs[0].dims.begin() + e);
    return HostTensor::fromVector(DataType::Int64, { int64_t(v.size()) }, v);
}

Status inferSize(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    out[0].type = DataType::Int64;
    out[0].dims = {};
    return Status::ok();
}

Result<HostTensor> makeSize(const KernelContext& ctx)
{
    return HostTensor::fromVector(DataType::Int64, {}, std::vector<int64_t> { ctx.inputs[0].elementCount() });
}

Result<HostTensor> constantValue(const Node& node)
{
    if (const Attribute* a = node.attribute("value"))
        return HostTensor::fromTensor(a->t);
    if (const Attribute* a = node.attribute("value_float"))
        return HostTensor::fromVector(DataType::Float, {}, std::vector<float> { a->f });
    if (const Attribute* a = node.attribute("value_floats"))
        return HostTensor::fromVector(DataType::Float, { int64_t(a->floats.size()) }, a->floats);
    if (const Attribute* a = node.attribute("value_int"))
        return HostTensor::fromVector(DataType::Int64, {}, std::vector<int64_t> { a->i });
    if (const Attribute* a = node.attribute("value_ints"))
        return HostTensor::fromVector(DataType::Int64, { int64_t(a->ints.size()) }, a->ints);
    return err(node, StatusCode::Unsupported, "Constant without a value/value_float(s)/value_int(s) attribute");
}

Status inferConstant(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(HostTensor v, constantValue(node));
    out[0].type = v.dataType();
    out[0].dims = v.dims();
    return Status::ok();
}

Result<HostTensor> makeConstant(const KernelContext& ctx)
{
    return constantValue(ctx.node);
}

Status inferConstantOfShape(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    auto shape = constantInts(in[0]);
    if (!shape)
        return err(node, StatusCode::Unsupported, "data-dependent shape (shape not constant)");
    out[0].dims = *shape;
    out[0].type = DataType::Float;
    if (const Attribute* a = node.attribute("value"))
        out[0].type = a->t.dataType();
    return Status::ok();
}

Result<HostTensor> makeConstantOfShape(const KernelContext& ctx)
{
    HostTensor t(ctx.outputs[0].type, ctx.outputs[0].dims);
    if (const Attribute* a = ctx.node.attribute("value")) {
        const size_t size = dataTypeSize(t.dataType());
        if (a->t.byteSize() != size)
            return err(ctx.node, StatusCode::InvalidModel, "value must hold one element");
        auto* p = static_cast<std::byte*>(t.rawData());
        for (int64_t i = 0; i < t.elementCount(); ++i)
            std::memcpy(p + size_t(i) * size, a->t.rawData(), size);
    }
    return t;
}

Status acceptRange(const Node& node, std::span<const TensorDesc> in)
{
    for (size_t i = 0; i < 3; ++i)
        if (!in[i].isConstant())
            return Status(StatusCode::Unsupported, "data-dependent shape (start/limit/delta not constant)");
    const DataType t = in[0].type;
    if (t != DataType::Float && t != DataType::Double && t != DataType::Int32 && t != DataType::Int64
        && t != DataType::Int16)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(t)));
    return Status::ok();
}

Status inferRange(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    const double start = in[0].constant->valueAsDouble(0);
    const double limit = in[1].constant->valueAsDouble(0);
    const double delta = in[2].constant->valueAsDouble(0);
    if (delta == 0)
        return err(node, StatusCode::InvalidModel, "delta is 0");
    out[0].type = in[0].type;
    out[0].dims = { std::max<int64_t>(0, static_cast<int64_t>(std::ceil((limit - start) / delta))) };
    return Status::ok();
}

Result<HostTensor> makeRange(const KernelContext& ctx)
{
    HostTensor t(ctx.outputs[0].type, ctx.outputs[0].dims);
    const double start = ctx.inputs[0].constant->valueAsDouble(0);
    const double delta = ctx.inputs[2].constant->valueAsDouble(0);
    for (int64_t i = 0; i < t.elementCount(); ++i) {
        const double v = start + double(i) * delta;
        switch (t.dataType()) {
        case DataType::Float:
            t.data<float>()[size_t(i)] = static_cast<float>(
                ctx.inputs[0].constant->data<float>()[0] + float(i) * ctx.inputs[2].constant->data<float>()[0]);
            break;
        case DataType::Double:
            t.data<double>()[size_t(i)] = v;
            break;
        case DataType::Int16:
            t.data<int16_t>()[size_t(i)] = static_cast<int16_t>(v);
            break;
        case DataType::Int32:
            t.data<int32_t>()[size_t(i)] = static_cast<int32_t>(v);
            break;
        default:
            t.data<int64_t>()[size_t(i)] = static_cast<int64_t>(start) + i * static_cast<int64_t>(delta);
            break;
        }
    }
    return t;
}

template <ConstantBytesKernel::Maker kMaker> std::unique_ptr<Kernel> make()
{
    return std::make_unique<ConstantBytesKernel>(kMaker);
}

Status acceptAny(const Node&, std::span<const TensorDesc>)
{
    return Status::ok();
}

} // namespace

void registerShapeKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "Shape", 1, 0, inferShape, make<makeShape>, acceptAny, kNoCaps, "cpu", "start/end (15)" });
    r.add(KernelSpec { "", "Size", 1, 0, inferSize, make<makeSize>, acceptAny, kNoCaps, "cpu", "" });
    r.add(KernelSpec { "", "Constant", 1, 0, inferConstant, make<makeConstant>, nullptr, kNoCaps, "cpu",
        "value, value_float(s), value_int(s)" });
    r.add(KernelSpec { "", "ConstantOfShape", 9, 0, inferConstantOfShape, make<makeConstantOfShape>, nullptr, kNoCaps,
        "cpu", "constant shape" });
    r.add(KernelSpec {
        "", "Range", 11, 0, inferRange, make<makeRange>, acceptRange, kNoCaps, "cpu", "constant start/limit/delta" });
}

} // namespace qs::kernels
