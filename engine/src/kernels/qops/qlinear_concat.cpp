// SPDX-License-Identifier: MIT
// com.microsoft QLinearConcat: Y_scale, Y_zero_point, then (X_i, X_i_scale, X_i_zero_point) for each input -> Y,
// attribute `axis`. Each input is requantized to Y's parameters through a 256-entry identity table, as in ONNX
// Runtime (quantize(x_scale * (x - x_zp)) with Y's scale and zero point); an input whose scale and zero point equal
// Y's is copied.
#include "kernels/kernel_registry.h"
#include "kernels/qops/qlinear_params.h"
#include "kernels/qops/qops_register.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels::qops {

namespace {

constexpr size_t kYScale = 0, kYZeroPoint = 1, kFirstInput = 2;

size_t inputCount(size_t slots)
{
    return (slots - kFirstInput) / 3;
}

void identity(const float* in, float* out, size_t n)
{
    std::memcpy(out, in, n * sizeof(float));
}

class QLinearConcatKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kYScale, kYZeroPoint, "Y"));
        m_type = ctx.outputs[0].type;
        m_yzpType = slotType(ctx.inputs, kYZeroPoint);
        const int64_t rank = ctx.outputs[0].rank();
        QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", 0), rank));
        const AxisSplit out = splitAtAxis(ctx.outputs[0].dims, axis);
        m_outer = out.outer;
        m_outPitch = out.axis * out.inner;
        const bool yConstant = paramsConstant(ctx.inputs, kYScale, kYZeroPoint);
        const QuantParam y = yConstant ? constantParam(ctx.inputs, kYScale, kYZeroPoint) : QuantParam {};
        m_parts.clear();
        for (size_t i = 0; i < inputCount(ctx.inputs.size()); ++i) {
            const size_t slot = kFirstInput + 3 * i;
            QS_RETURN_IF_ERROR(checkScalarParams(ctx, slot + 1, slot + 2, "an input"));
            Part p;
            p.slot = slot;
            p.zpType = slotType(ctx.inputs, slot + 2);
            p.pitch = splitAtAxis(ctx.inputs[slot].dims, axis).axis * out.inner;
            p.fixed = yConstant && paramsConstant(ctx.inputs, slot + 1, slot + 2);
            if (p.fixed) {
                const QuantParam x = constantParam(ctx.inputs, slot + 1, slot + 2);
                p.copy = x.scale == y.scale && x.zeroPoint == y.zeroPoint;
                if (!p.copy)
                    buildTable(m_type, x, y, identity, p.table);
            }
            m_parts.push_back(p);
        }
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const QuantParam y = quantParamAt(args, kYScale, kYZeroPoint, m_yzpType);
        auto* out = static_cast<uint8_t*>(args.outputs[0]);
        int64_t offset = 0;
        for (const Part& p : m_parts) {
            bool copy = p.copy;
            Table local {};
            const Table* table = &p.table;
            if (!p.fixed) {
                const QuantParam x = quantParamAt(args, p.slot + 1, p.slot + 2, p.zpType);
                copy = x.scale == y.scale && x.zeroPoint == y.zeroPoint;
                if (!copy)
                    buildTable(m_type, x, y, identity, local);
                table = &local;
            }
            const auto* in = static_cast<const uint8_t*>(args.inputs[p.slot]);
            for (int64_t o = 0; o < m_outer; ++o) {
                uint8_t* dst = out + o * m_outPitch + offset;
                const uint8_t* src = in + o * p.pitch;
                if (copy)
                    std::memcpy(dst, src, size_t(p.pitch));
                else
                    applyTable(src, *table, dst, p.pitch);
            }
            offset += p.pitch;
        }
        return Status::ok();
    }

private:
    struct Part
    {
        size_t slot = 0;
        DataType zpType = DataType::Undefined;
        int64_t pitch = 0; ///< elements of this input per outer index
        bool fixed = false;
        bool copy = false;
        Table table {};
    };
    DataType m_type = DataType::UInt8;
    DataType m_yzpType = DataType::Undefined;
    int64_t m_outer = 1;
    int64_t m_outPitch = 0;
    std::vector<Part> m_parts;
};

Status inferQLinearConcat(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    if (inputs.size() < kFirstInput + 3 || (inputs.size() - kFirstInput) % 3 != 0)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: inputs must be Y_scale, Y_zero_point and (X, X_scale, X_zero_point) triples",
                node.describe()));
    const TensorDesc& first = inputs[kFirstInput];
    QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(node, node.attrInt("axis", 0), first.rank()));
    std::vector<int64_t> dims = first.dims;
    for (size_t i = 1; i < inputCount(inputs.size()); ++i) {
        const TensorDesc& x = inputs[kFirstInput + 3 * i];
        if (x.type != first.type || x.rank() != first.rank())
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: input {} is {} {}, input 0 is {} {}", node.describe(), i, dataTypeName(x.type),
                    formatDims(x.dims), dataTypeName(first.type), formatDims(first.dims)));
        for (int64_t d = 0; d < x.rank(); ++d) {
            if (d == axis)
                dims[size_t(d)] += x.dims[size_t(d)];
            else if (x.dims[size_t(d)] != first.dims[size_t(d)])
                return Status(StatusCode::InvalidModel,
                    fmt::format("node {}: input {} has shape {}, incompatible with {} along axis {}", node.describe(),
                        i, formatDims(x.dims), formatDims(first.dims), d));
        }
    }
    outputs[0].dims = dims;
    outputs[0].type = first.type;
    return Status::ok();
}

Status acceptQLinearConcat(const Node& node, std::span<const TensorDesc> inputs)
{
    if (inputs.size() <= kFirstInput
        || (inputs[kFirstInput].type != DataType::UInt8 && inputs[kFirstInput].type != DataType::Int8))
        return Status(StatusCode::Unsupported, "the tensors must be uint8 or int8");
    if (hasInput(inputs, kYZeroPoint) && inputs[kYZeroPoint].type != inputs[kFirstInput].type)
        return Status(StatusCode::Unsupported, "Y_zero_point's type differs from the inputs'");
    return Status::ok();
}

} // namespace

void registerQLinearConcatKernels(KernelRegistry& r)
{
    r.add(KernelSpec { kMicrosoftDomain, "QLinearConcat", 1, 0, inferQLinearConcat,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearConcatKernel>(); }, acceptQLinearConcat,
        kNoCaps, "cpu", "uint8/int8; requantizing table per input, copy when parameters match" });
}

} // namespace qs::kernels::qops
