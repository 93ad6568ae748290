// SPDX-License-Identifier: MIT
// com.microsoft QLinearSoftmax: X, X_scale, x_zero_point?, y_scale, y_zero_point -> Y, attributes `opset` (the
// opset of the Softmax it replaced) and `axis`. Below opset 13 the input is coerced to 2-D at `axis` (default 1)
// and the softmax runs over everything from `axis` on; from 13 it runs over `axis` alone (default -1).
//
// The arithmetic is ONNX Runtime's, which is not quantize(softmax(dequantize(x))):
// * a 256-entry float table t[i] = exp((i - 255 + shift) * x_scale) for the byte value i measured from the
//   row's maximum (shift = max(0, ln(FLT_MAX / D) - 5) / x_scale keeps the row sum D * t within float range);
//   the input zero point cancels in softmax and is not used;
// * per row: sum = float sum of t over the row in order, y = round(t * floor(1 / y_scale) / sum) + y_zero_point.
//   Note floor(1 / y_scale): ORT multiplies by the integer part of the inverse scale, so for y_scale = 1/256
//   (the quantizer's choice) this is exact, and for other scales the outputs follow ORT, not the ideal formula.
// * uint8 saturates above 255 only (the value is never negative); int8 wraps like ORT's int8 path does.
#include "kernels/kernel_registry.h"
#include "kernels/qops/qlinear_params.h"
#include "kernels/qops/qops_register.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <type_traits>
#include <vector>

namespace qs::kernels::qops {

namespace {

constexpr size_t kXScale = 1, kYScale = 3, kYZeroPoint = 4;

using ExpTable = std::array<float, 256>;

void buildExpTable(float xScale, int64_t reduceLen, bool isSigned, ExpTable& table)
{
    // ORT computes log(FLT_MAX / D) with D converted to float, in double precision.
    const double limit = std::log(double(std::numeric_limits<float>::max() / float(reduceLen)));
    const double shift = std::max(0.0, limit - 5.0) / double(xScale);
    for (int i = 0; i < 256; ++i) {
        const double e = std::exp((double(i) - 255.0 + shift) * double(xScale));
        const auto index = static_cast<uint8_t>(isSigned ? i - 128 : i);
        table[index] = static_cast<float>(e);
    }
}

class QLinearSoftmaxKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kXScale, 2, "X"));
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kYScale, kYZeroPoint, "Y"));
        if (!ctx.node.hasAttribute("opset"))
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: the 'opset' attribute is required", ctx.node.describe()));
        const int64_t opset = ctx.node.attrInt("opset", 13);
        const TensorDesc& x = ctx.inputs[0];
        m_signed = x.type == DataType::Int8;
        m_yzpType = slotType(ctx.inputs, kYZeroPoint);
        QS_ASSIGN_OR_RETURN(
            const int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", opset < 13 ? 1 : -1), x.rank()));
        const AxisSplit split = splitAtAxis(x.dims, axis);
        if (opset < 13) {
            m_outer = split.outer;
            m_reduce = split.axis * split.inner;
            m_inner = 1;
        } else {
            m_outer = split.outer;
            m_reduce = split.axis;
            m_inner = split.inner;
        }
        m_fixed = hasInput(ctx.inputs, kXScale) && ctx.inputs[kXScale].constant;
        if (m_fixed && m_reduce > 0)
            buildExpTable(
                static_cast<const float*>(ctx.inputs[kXScale].constant->rawData())[0], m_reduce, m_signed, m_table);
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        if (m_reduce == 0 || m_outer == 0 || m_inner == 0)
            return Status::ok();
        ExpTable local {};
        const ExpTable* table = &m_table;
        if (!m_fixed) {
            buildExpTable(*static_cast<const float*>(args.inputs[kXScale]), m_reduce, m_signed, local);
            table = &local;
        }
        const float yScaleValue = *static_cast<const float*>(args.inputs[kYScale]);
        // A zero, negative or non-finite y_scale has no quantized result; converting its infinite quotients to int is
        // undefined (found by fuzz_executor).
        if (!(yScaleValue > 0) || !std::isfinite(1.0f / yScaleValue))
            return Status(StatusCode::InvalidArgument,
                fmt::format("y_scale is {}; it must be a positive number whose reciprocal is finite", yScaleValue));
        const float yScale = std::floor(1.0f / yScaleValue);
        const int32_t yzp = zeroPointValue(inputAt(args, kYZeroPoint), m_yzpType);
        if (m_signed)
            compute<int8_t>(args, *table, yScale, yzp);
        else
            compute<uint8_t>(args, *table, yScale, yzp);
        return Status::ok();
    }

private:
    template <typename T> void compute(const KernelArgs& args, const ExpTable& table, float yScale, int32_t yzp) const
    {
        const auto* x = static_cast<const T*>(args.inputs[0]);
        auto* y = static_cast<T*>(args.outputs[0]);
        const int64_t d = m_reduce, inner = m_inner;
        // The table index puts the row maximum at entry 255 (uint8) or at byte 127 (int8 layout).
        auto entry = [&table](T v, T xmax) -> float {
            if constexpr (std::is_same_v<T, int8_t>)
                return table[uint8_t(int32_t(127) - xmax + v)];
            else
                return table[size_t(255 - xmax + v)];
        };
        auto quantize = [yScale, yzp](float t, float sum) -> T {
            // Non-negative; anything beyond 65536 saturates below as it would unclamped, without an int overflow.
            // NaN (0/0 or inf/inf from a scale that under- or overflowed the table) goes to the zero point rather
            // than through an undefined conversion; ORT's conversion is undefined there.
            const float r = std::nearbyint((t * yScale) / sum);
            const int32_t q = (r >= 0.0f ? int32_t(std::min(r, 65536.0f)) : 0) + yzp;
            if constexpr (std::is_same_v<T, int8_t>)
                return q > 255 ? int8_t(-1) : int8_t(q);
            else
                return uint32_t(q) > 255u ? uint8_t(255) : uint8_t(q);
        };
        // Each softmax row's float sum runs over the reduced axis in order, as in ORT. When the axis is not the
        // last one (inner > 1), the `inner` rows of one outer index are processed side by side so that every pass
        // reads memory contiguously; the per-row operations and their order are unchanged.
#pragma omp parallel for if (m_outer * m_inner * m_reduce > 65536)
        for (int64_t o = 0; o < m_outer; ++o) {
            const T* xo = x + o * d * inner;
            T* yo = y + o * d * inner;
            std::vector<T> xmax(xo, xo + inner);
            std::vector<float> sum(size_t(inner), 0.0f);
            for (int64_t j = 1; j < d; ++j)
                for (int64_t i = 0; i < inner; ++i)
                    xmax[size_t(i)] = std::max(xmax[size_t(i)], xo[j * inner + i]);
            for (int64_t j = 0; j < d; ++j)
                for (int64_t i = 0; i < inner; ++i)
                    sum[size_t(i)] += entry(xo[j * inner + i], xmax[size_t(i)]);
            for (int64_t j = 0; j < d; ++j)
                for (int64_t i = 0; i < inner; ++i) {
                    // A zero sum would need exp() to underflow for the row maximum, which the shift rules out for
                    // any finite x_scale; ORT leaves such a row unwritten, here it gets the zero point.
                    const float s = sum[size_t(i)];
                    yo[j * inner + i] = s == 0.0f ? T(yzp) : quantize(entry(xo[j * inner + i], xmax[size_t(i)]), s);
                }
        }
    }

    bool m_signed = false;
    DataType m_yzpType = DataType::Undefined;
    int64_t m_outer = 1, m_reduce = 1, m_inner = 1;
    bool m_fixed = false;
    ExpTable m_table {};
};

} // namespace

void registerQLinearSoftmaxKernels(KernelRegistry& r)
{
    r.add(KernelSpec { kMicrosoftDomain, "QLinearSoftmax", 1, 0, inferSameAsInput0,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearSoftmaxKernel>(); }, acceptInt8Input0, kNoCaps,
        "cpu", "uint8/int8; opset < 13 and >= 13 axis semantics; ORT's exp table" });
}

} // namespace qs::kernels::qops
