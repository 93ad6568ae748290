// SPDX-License-Identifier: MIT
// com.microsoft QLinearAdd and QLinearMul: A, A_scale, A_zero_point?, B, B_scale, B_zero_point?, C_scale,
// C_zero_point? -> C, numpy broadcasting, uint8 or int8 (all three the same type).
//
// The float arithmetic follows ONNX Runtime's x86-64 kernels (MLAS) step by step, because a different but
// "equally correct" order changes the rounding of values that land within an ulp of .5:
// * Add (AVX2 kernel): with rA = sA / sC, rB = sB / sC and fixed = zC - fma(rA, zA, rB * zB),
//   c = round(fma(a, rA, fma(b, rB, fixed))). When one operand is constant along the innermost broadcast run
//   (ORT's "scalar" span), its term is folded in first, fixed' = fma(s, r, fixed), then
//   c = round(fma(other, r_other, fixed')). (ORT's build contracts the scalar C++ expressions into FMAs; the
//   contracted forms were confirmed against ORT on ~3 million random elements, see tests/data/qops/README.md.)
// * Mul (SSE2 kernel): c = round(float((a - zA) * (b - zB)) * (sA * sB / sC) + zC), the product exact in int32.
// round is round-half-even (cvtps2dq in the default MXCSR mode); the result saturates to the type's range.
#include "kernels/cpu/broadcast.h"
#include "kernels/kernel_registry.h"
#include "kernels/qops/qlinear_binary_rows.h"
#include "kernels/qops/qlinear_params.h"
#include "kernels/qops/qops_register.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace qs::kernels::qops {

namespace {

constexpr size_t kA = 0, kAScale = 1, kAZeroPoint = 2, kB = 3, kBScale = 4, kBZeroPoint = 5, kCScale = 6,
                 kCZeroPoint = 7;

enum class ScalarSide
{
    None,
    A,
    B,
};

class QLinearBinaryKernel final : public Kernel
{
public:
    explicit QLinearBinaryKernel(bool mul)
        : m_mul(mul)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kAScale, kAZeroPoint, "A"));
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kBScale, kBZeroPoint, "B"));
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kCScale, kCZeroPoint, "C"));
        m_type = ctx.inputs[kA].type;
        m_azpType = slotType(ctx.inputs, kAZeroPoint);
        m_bzpType = slotType(ctx.inputs, kBZeroPoint);
        m_czpType = slotType(ctx.inputs, kCZeroPoint);
        const std::vector<int64_t> shapes[] = { ctx.inputs[kA].dims, ctx.inputs[kB].dims };
        m_plan.emplace(shapes, ctx.outputs[0].dims);
        // ORT's broadcast loop takes the "scalar" kernel when a whole operand is one element or, per span, when
        // the innermost run repeats one element of it; input 0 is tested first.
        if (ctx.inputs[kA].elementCount() == 1 || m_plan->innerStride(0) == 0)
            m_scalar = ScalarSide::A;
        else if (ctx.inputs[kB].elementCount() == 1 || m_plan->innerStride(1) == 0)
            m_scalar = ScalarSide::B;
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const QuantParam a = quantParamAt(args, kAScale, kAZeroPoint, m_azpType);
        const QuantParam b = quantParamAt(args, kBScale, kBZeroPoint, m_bzpType);
        const QuantParam c = quantParamAt(args, kCScale, kCZeroPoint, m_czpType);
        if (m_type == DataType::Int8)
            compute<int8_t>(args, a, b, c);
        else
            compute<uint8_t>(args, a, b, c);
        return Status::ok();
    }

private:
    template <typename T> void compute(const KernelArgs& args, QuantParam qa, QuantParam qb, QuantParam qc) const
    {
        const auto* pa = static_cast<const T*>(args.inputs[kA]);
        const auto* pb = static_cast<const T*>(args.inputs[kB]);
        auto* pc = static_cast<T*>(args.outputs[0]);
        const BroadcastPlan& plan = *m_plan;
        const BinaryRows<T>& rows = binaryRows<T>();
        const int64_t inner = plan.inner();
        const ScalarSide side = m_scalar;
        // Work items are pieces of rows, so that one long row (equal shapes coalesce into a single row) still
        // spreads over the threads. Every element is computed the same way whichever piece holds it.
        constexpr int64_t kPiece = 16384;
        const int64_t piecesPerRow = (inner + kPiece - 1) / kPiece;
        const int64_t items = plan.rows() * piecesPerRow;
        const float rA = qa.scale / qc.scale;
        const float rB = qb.scale / qc.scale;
        // ORT's compiler contracts this expression into one FMA (observed: without it, outputs a hair from .5
        // round the other way than ORT's), and likewise folds a repeated operand with an FMA below.
        const float fixed = float(qc.zeroPoint) - std::fma(rA, float(qa.zeroPoint), rB * float(qb.zeroPoint));
        const float ratio = qa.scale * qb.scale / qc.scale;
        const auto zc = float(qc.zeroPoint);
        const bool mul = m_mul;
#pragma omp parallel for if (plan.count() > 262144)
        for (int64_t item = 0; item < items; ++item) {
            const int64_t r = item / piecesPerRow;
            const int64_t begin = (item % piecesPerRow) * kPiece;
            const int64_t n = std::min(kPiece, inner - begin);
            // Pointers to this piece; a repeated operand (stride 0 along the run) stays at its row start.
            const T* ra = pa + plan.rowOffset(0, r) + (side == ScalarSide::A ? 0 : begin);
            const T* rb = pb + plan.rowOffset(1, r) + (side == ScalarSide::B ? 0 : begin);
            T* rc = pc + r * inner + begin;
            if (mul) {
                // The product is symmetric: the operand repeated along the run goes second.
                if (side == ScalarSide::A)
                    rows.mulRow(rb, ra, 0, n, qb.zeroPoint, qa.zeroPoint, ratio, zc, rc);
                else
                    rows.mulRow(ra, rb, side == ScalarSide::B ? 0 : 1, n, qa.zeroPoint, qb.zeroPoint, ratio, zc, rc);
            } else if (side == ScalarSide::A) {
                rows.fmaRow(rb, n, rB, std::fma(float(ra[0]), rA, fixed), rc);
            } else if (side == ScalarSide::B) {
                rows.fmaRow(ra, n, rA, std::fma(float(rb[0]), rB, fixed), rc);
            } else {
                rows.fma2Row(ra, rb, n, rA, rB, fixed, rc);
            }
        }
    }

    bool m_mul = false;
    DataType m_type = DataType::UInt8;
    DataType m_azpType = DataType::Undefined;
    DataType m_bzpType = DataType::Undefined;
    DataType m_czpType = DataType::Undefined;
    std::optional<BroadcastPlan> m_plan;
    ScalarSide m_scalar = ScalarSide::None;
};

Status inferQLinearBinary(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    if (!hasInput(inputs, kA) || !hasInput(inputs, kB) || !hasInput(inputs, kCScale))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs A, B and C_scale", node.describe()));
    QS_ASSIGN_OR_RETURN(outputs[0].dims, broadcastShapes(node, inputs[kA].dims, inputs[kB].dims));
    outputs[0].type = inputs[kA].type;
    return Status::ok();
}

Status acceptQLinearBinary(const Node& node, std::span<const TensorDesc> inputs)
{
    QS_RETURN_IF_ERROR(acceptInt8Input0(node, inputs));
    if (!hasInput(inputs, kB) || inputs[kB].type != inputs[kA].type)
        return Status(StatusCode::Unsupported, "A and B must have the same type");
    return Status::ok();
}

} // namespace

void registerQLinearBinaryKernels(KernelRegistry& r)
{
    r.add(KernelSpec { kMicrosoftDomain, "QLinearAdd", 1, 0, inferQLinearBinary,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearBinaryKernel>(false); }, acceptQLinearBinary,
        kNoCaps, "cpu", "uint8/int8; broadcasting; ORT's (AVX2) rounding" });
    r.add(KernelSpec { kMicrosoftDomain, "QLinearMul", 1, 0, inferQLinearBinary,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearBinaryKernel>(true); }, acceptQLinearBinary,
        kNoCaps, "cpu", "uint8/int8; broadcasting; ORT's rounding" });
}

} // namespace qs::kernels::qops
