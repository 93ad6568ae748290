// SPDX-License-Identifier: MIT
// com.microsoft MatMulIntegerToFloat (A, B, a_scale, b_scale, a_zero_point?, b_zero_point?, bias? -> float Y)
// and DynamicQuantizeMatMul (float A, B, b_scale, b_zero_point?, bias? -> float Y), as ONNX Runtime's
// quantize_dynamic and its optimizer emit them. Y = float((A - a_zp)(B - b_zp)) * (a_scale * b_scale[n]) + bias[n],
// the integer product exact (Int8MatMul on oneDNN); DynamicQuantizeMatMul first quantizes A to uint8 exactly like
// DynamicQuantizeLinear (ORT uses the same min/max rule). b_scale and b_zero_point are per tensor or per column.
#include "kernels/int8/int8_matmul.h"
#include "kernels/int8/int8_matmul_factory.h"
#include "kernels/int8/matmul_shape.h"
#include "kernels/kernel_registry.h"
#include "kernels/qops/qlinear_params.h"
#include "kernels/qops/qops_register.h"
#include "kernels/shape_util.h"
#include "quant/quantize_linear.h"

#include <fmt/format.h>

#include <mutex>

namespace qs::kernels::qops {

namespace {

using int8::Int8MatMul;

/// Input slots of the two ops (-1: not an input of that op).
struct Slots
{
    int aScale, bScale, aZeroPoint, bZeroPoint, bias;
};
constexpr Slots kToFloatSlots { 2, 3, 4, 5, 6 };
constexpr Slots kDynamicSlots { -1, 2, -1, 3, 4 };

bool has(std::span<const TensorDesc> inputs, int slot)
{
    return slot >= 0 && hasInput(inputs, size_t(slot));
}

class MatMulToFloatKernel final : public Kernel
{
public:
    explicit MatMulToFloatKernel(bool dynamic)
        : m_dynamic(dynamic)
        , m_slots(dynamic ? kDynamicSlots : kToFloatSlots)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& a = ctx.inputs[0];
        const TensorDesc& b = ctx.inputs[1];
        m_node = ctx.node.describe();
        if (a.rank() < 2 || b.rank() < 2 || b.rank() > 3
            || (b.rank() == 3 && (a.rank() != 3 || a.dims[0] != b.dims[0])))
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: shapes {} x {} (A of rank >= 2 with a 2-D B, or equal 3-D batches)", m_node,
                    formatDims(a.dims), formatDims(b.dims)));
        m_k = b.dims[size_t(b.rank() - 2)];
        m_n = b.dims[size_t(b.rank() - 1)];
        m_batch = b.rank() == 3 ? b.dims[0] : 1;
        m_m = b.rank() == 3 ? a.dims[1] : a.elementCount() / std::max<int64_t>(1, m_k);
        m_bType = b.type;
        m_aType = m_dynamic ? DataType::UInt8 : a.type;
        m_count = a.elementCount();
        if (!m_dynamic) {
            QS_RETURN_IF_ERROR(checkScalarParams(ctx, size_t(m_slots.aScale), size_t(m_slots.aZeroPoint), "A"));
            m_azpType = slotType(ctx.inputs, size_t(m_slots.aZeroPoint));
        }
        const TensorDesc& bs = ctx.inputs[size_t(m_slots.bScale)];
        m_bScaleCount = bs.elementCount();
        if (bs.type != DataType::Float || (m_bScaleCount != 1 && m_bScaleCount != m_n))
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: b_scale is {} {} (one float or one per column)", m_node, dataTypeName(bs.type),
                    formatDims(bs.dims)));
        m_bzpCount = has(ctx.inputs, m_slots.bZeroPoint) ? ctx.inputs[size_t(m_slots.bZeroPoint)].elementCount() : 1;
        m_bzpType
            = has(ctx.inputs, m_slots.bZeroPoint) ? ctx.inputs[size_t(m_slots.bZeroPoint)].type : DataType::Undefined;
        if (m_bzpCount != 1 && m_bzpCount != m_n)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: {} zero points of B (one or one per column)", m_node, m_bzpCount));
        if (has(ctx.inputs, m_slots.bias) && ctx.inputs[size_t(m_slots.bias)].elementCount() != m_n)
            return Status(StatusCode::Unsupported, fmt::format("node {}: bias is not one value per column", m_node));
        m_constantB
            = b.constant && (!has(ctx.inputs, m_slots.bZeroPoint) || ctx.inputs[size_t(m_slots.bZeroPoint)].constant);
        if (m_constantB)
            return create(b.constant->rawData(),
                has(ctx.inputs, m_slots.bZeroPoint) ? ctx.inputs[size_t(m_slots.bZeroPoint)].constant->rawData()
                                                    : nullptr);
        return Status::ok();
    }

    /// The quantized A (dynamic form), then the matmul's per-run buffers (weights prepared at run time bring their
    /// own).
    size_t scratchBytes() const override
    {
        return quantizedBytes() + (m_constantB && m_matmul ? m_matmul->scratchBytes(m_m) : 0);
    }

    Status run(const KernelArgs& args) const override
    {
        auto ptr = [&](int slot) { return slot >= 0 ? inputAt(args, size_t(slot)) : nullptr; };
        const void* a = args.inputs[0];
        float aScale = 1.0f;
        int32_t azp = 0;
        if (m_dynamic) {
            auto* q = static_cast<uint8_t*>(args.scratch);
            const quant::DynamicQuantParams p
                = quant::dynamicQuantizeLinear(static_cast<const float*>(a), size_t(m_count), q);
            a = q;
            aScale = p.scale;
            azp = p.zeroPoint;
        } else {
            aScale = *static_cast<const float*>(ptr(m_slots.aScale));
            azp = zeroPointValue(ptr(m_slots.aZeroPoint), m_azpType);
        }
        const auto* bScales = static_cast<const float*>(ptr(m_slots.bScale));
        const auto* bias = static_cast<const float*>(ptr(m_slots.bias));
        std::lock_guard lock(m_mutex);
        if (!m_constantB)
            QS_RETURN_IF_ERROR(create(args.inputs[1], ptr(m_slots.bZeroPoint)));
        else
            m_matmul->useScratch(static_cast<std::byte*>(args.scratch) + quantizedBytes());
        return m_matmul->runFloat(
            a, m_m, azp, aScale, bScales, m_bScaleCount > 1, bias, static_cast<float*>(args.outputs[0]));
    }

    std::string implementation() const override
    {
        return m_matmul ? "onednn:" + m_matmul->implementation() : std::string("onednn");
    }

private:
    size_t quantizedBytes() const { return m_dynamic ? scratchPart(size_t(m_count)) : 0; }

    Status create(const void* b, const void* zeroPoints) const
    {
        QS_ASSIGN_OR_RETURN(m_matmul,
            int8::createInt8MatMul(m_k, m_n, m_batch, m_aType, m_bType, b, zeroPoints, m_bzpType, m_bzpCount, m_node));
        return Status::ok();
    }

    bool m_dynamic = false;
    Slots m_slots;
    std::string m_node;
    int64_t m_m = 0, m_k = 0, m_n = 0, m_batch = 1, m_count = 0;
    int64_t m_bScaleCount = 1, m_bzpCount = 1;
    DataType m_aType = DataType::UInt8, m_bType = DataType::UInt8;
    DataType m_azpType = DataType::Undefined, m_bzpType = DataType::Undefined;
    bool m_constantB = true;
    mutable std::unique_ptr<Int8MatMul> m_matmul;
    mutable std::mutex m_mutex;
};

Status inferMatMulToFloat(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_RETURN_IF_ERROR(int8::inferIntegerMatMulDims(node, inputs[0], inputs[1], "operand", outputs[0]));
    outputs[0].type = DataType::Float;
    return Status::ok();
}

Status acceptToFloat(const Node& node, std::span<const TensorDesc> inputs)
{
    QS_RETURN_IF_ERROR(acceptInt8Input0(node, inputs));
    if (!hasInput(inputs, 1) || (inputs[1].type != DataType::UInt8 && inputs[1].type != DataType::Int8))
        return Status(StatusCode::Unsupported, "B must be uint8 or int8");
    return Status::ok();
}

Status acceptDynamic(const Node& node, std::span<const TensorDesc> inputs)
{
    QS_RETURN_IF_ERROR(acceptFloatInput0(node, inputs));
    if (!hasInput(inputs, 1) || (inputs[1].type != DataType::UInt8 && inputs[1].type != DataType::Int8))
        return Status(StatusCode::Unsupported, "B must be uint8 or int8");
    return Status::ok();
}

} // namespace

void registerMatMulIntegerToFloatKernels(KernelRegistry& r)
{
    r.add(KernelSpec { kMicrosoftDomain, "MatMulIntegerToFloat", 1, 0, inferMatMulToFloat,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<MatMulToFloatKernel>(false); }, acceptToFloat,
        kNoCaps, "onednn", "uint8/int8; per-column b scale/zero point; exact integer product" });
    r.add(KernelSpec { kMicrosoftDomain, "DynamicQuantizeMatMul", 1, 0, inferMatMulToFloat,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<MatMulToFloatKernel>(true); }, acceptDynamic, kNoCaps,
        "onednn", "float A quantized to uint8 in the kernel; uint8/int8 B" });
}

} // namespace qs::kernels::qops
