// SPDX-License-Identifier: MIT
// Elementwise ops beyond activation.cpp: Clip on integer types (opset 12+), IsInf, IsNaN, Shrink, BitShift (with
// broadcasting); and Hardmax.
#include "kernels/cpu/broadcast.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <type_traits>

namespace qs::kernels {

namespace {

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

/// Clip for integer element types; min/max are read at run time (scalars), so they may be graph inputs.
class IntClipKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        m_count = ctx.inputs[0].elementCount();
        m_hasMin = hasInput(ctx.inputs, 1);
        m_hasMax = hasInput(ctx.inputs, 2);
        for (size_t i = 1; i < 3; ++i)
            if (hasInput(ctx.inputs, i) && (ctx.inputs[i].type != m_type || ctx.inputs[i].elementCount() != 1))
                return Status(StatusCode::InvalidModel,
                    fmt::format("node {}: min/max must be scalars of the input's type", ctx.node.describe()));
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        dispatchNumeric(m_type, [&](auto tag) {
            using T = decltype(tag);
            const T lo = m_hasMin ? *static_cast<const T*>(args.inputs[1]) : std::numeric_limits<T>::lowest();
            const T hi = m_hasMax ? *static_cast<const T*>(args.inputs[2]) : std::numeric_limits<T>::max();
            const T* x = static_cast<const T*>(args.inputs[0]);
            T* y = static_cast<T*>(args.outputs[0]);
            for (int64_t i = 0; i < m_count; ++i)
                y[i] = x[i] < lo ? lo : (x[i] > hi ? hi : x[i]);
        });
        return Status::ok();
    }

private:
    DataType m_type = DataType::Int32;
    int64_t m_count = 0;
    bool m_hasMin = false;
    bool m_hasMax = false;
};

Status acceptIntClip(const Node& node, std::span<const TensorDesc> inputs)
{
    if (!isInteger(inputs[0].type))
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(inputs[0].type)));
    return Status::ok();
}

Status inferBoolLikeInput0(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    out[0].type = DataType::Bool;
    out[0].dims = in[0].dims;
    return Status::ok();
}

template <bool kIsNaN> class FloatClassKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        m_count = ctx.inputs[0].elementCount();
        m_negative = ctx.node.attrInt("detect_negative", 1) != 0;
        m_positive = ctx.node.attrInt("detect_positive", 1) != 0;
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        auto* y = static_cast<bool*>(args.outputs[0]);
        auto apply = [&](auto tag) {
            using T = decltype(tag);
            const T* x = static_cast<const T*>(args.inputs[0]);
            for (int64_t i = 0; i < m_count; ++i) {
                if constexpr (kIsNaN)
                    y[i] = std::isnan(x[i]);
                else
                    y[i] = std::isinf(x[i]) && (x[i] > 0 ? m_positive : m_negative);
            }
        };
        if (m_type == DataType::Double)
            apply(double {});
        else
            apply(float {});
        return Status::ok();
    }

private:
    DataType m_type = DataType::Float;
    int64_t m_count = 0;
    bool m_negative = true;
    bool m_positive = true;
};

Status acceptFloatOrDouble(const Node& node, std::span<const TensorDesc> inputs)
{
    if (inputs[0].type != DataType::Float && inputs[0].type != DataType::Double)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(inputs[0].type)));
    return Status::ok();
}

class ShrinkKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        m_count = ctx.inputs[0].elementCount();
        m_lambda = double(ctx.node.attrFloat("lambd", 0.5f));
        m_bias = double(ctx.node.attrFloat("bias", 0.0f));
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        dispatchNumeric(m_type, [&](auto tag) {
            using T = decltype(tag);
            const T* x = static_cast<const T*>(args.inputs[0]);
            T* y = static_cast<T*>(args.outputs[0]);
            for (int64_t i = 0; i < m_count; ++i) {
                const double v = double(x[i]);
                y[i] = v < -m_lambda ? T(v + m_bias) : (v > m_lambda ? T(v - m_bias) : T(0));
            }
        });
        return Status::ok();
    }

private:
    DataType m_type = DataType::Float;
    int64_t m_count = 0;
    double m_lambda = 0.5;
    double m_bias = 0.0;
};

Status acceptNumeric(const Node& node, std::span<const TensorDesc> inputs)
{
    if (!isInteger(inputs[0].type) && inputs[0].type != DataType::Float && inputs[0].type != DataType::Double)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(inputs[0].type)));
    return Status::ok();
}

/// Hardmax: 1 at the first maximum along the axis (opset 13+) or of the rows of the 2-D coercion (before 13).
class HardmaxKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        const int64_t rank = int64_t(d.size());
        const bool coerce = ctx.node.opsetVersion < 13;
        QS_ASSIGN_OR_RETURN(int64_t axis,
            normalizeAxis(ctx.node, ctx.node.attrInt("axis", coerce ? 1 : -1), std::max<int64_t>(rank, 1)));
        if (coerce) {
            m_split.outer = 1;
            for (int64_t i = 0; i < axis; ++i)
                m_split.outer *= d[size_t(i)];
            m_split.axis = m_split.outer ? ctx.inputs[0].elementCount() / std::max<int64_t>(m_split.outer, 1) : 0;
            m_split.inner = 1;
        } else {
            m_split = splitAtAxis(d, axis);
        }
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        const int64_t len = m_split.axis, inner = m_split.inner;
        forEachAxisLine(m_split, [&](int64_t base, int64_t) {
            const float* xs = x + base;
            float* ys = y + base;
            int64_t best = 0;
            for (int64_t i = 0; i < len; ++i) {
                ys[i * inner] = 0.0f;
                if (xs[i * inner] > xs[best * inner])
                    best = i;
            }
            if (len)
                ys[best * inner] = 1.0f;
        });
        return Status::ok();
    }

private:
    AxisSplit m_split;
};

/// BitShift on unsigned integers; shifts of the type's width or more give 0 (no undefined behaviour).
class BitShiftKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const std::string dir = ctx.node.attrString("direction");
        if (dir != "LEFT" && dir != "RIGHT")
            return Status(
                StatusCode::InvalidModel, fmt::format("node {}: direction must be LEFT or RIGHT", ctx.node.describe()));
        m_left = dir == "LEFT";
        m_type = ctx.inputs[0].type;
        const std::vector<int64_t> shapes[2] = { ctx.inputs[0].dims, ctx.inputs[1].dims };
        m_plan = BroadcastPlan(shapes, ctx.outputs[0].dims);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        dispatchNumeric(m_type, [&](auto tag) {
            using T = decltype(tag);
            if constexpr (std::is_unsigned_v<T>) {
                const bool left = m_left;
                broadcastRows(m_plan, static_cast<const T*>(args.inputs[0]), static_cast<const T*>(args.inputs[1]),
                    static_cast<T*>(args.outputs[0]),
                    [left](T v, T s) { return s >= T(sizeof(T) * 8) ? T(0) : (left ? T(v << s) : T(v >> s)); });
            }
        });
        return Status::ok();
    }

private:
    bool m_left = true;
    DataType m_type = DataType::UInt8;
    BroadcastPlan m_plan { {}, {} };
};

Status acceptUnsigned(const Node& node, std::span<const TensorDesc> inputs)
{
    const DataType t = inputs[0].type;
    if (t != DataType::UInt8 && t != DataType::UInt16 && t != DataType::UInt32 && t != DataType::UInt64)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {} (unsigned integers only)", dataTypeName(t)));
    return Status::ok();
}

} // namespace

void registerUnaryExtraKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "Clip", 12, 0, inferSameAsInput0, make<IntClipKernel>, acceptIntClip, kNoCaps, "cpu",
        "integers; min/max scalars (may be run-time inputs)" });
    r.add(KernelSpec { "", "IsInf", 10, 0, inferBoolLikeInput0, make<FloatClassKernel<false>>, acceptFloatOrDouble,
        kNoCaps, "cpu", "float, double" });
    r.add(KernelSpec { "", "IsNaN", 9, 0, inferBoolLikeInput0, make<FloatClassKernel<true>>, acceptFloatOrDouble,
        kNoCaps, "cpu", "float, double" });
    r.add(KernelSpec {
        "", "Shrink", 9, 0, inferSameAsInput0, make<ShrinkKernel>, acceptNumeric, kNoCaps, "cpu", "numeric" });
    r.add(KernelSpec { "", "BitShift", 11, 0, inferBroadcast, make<BitShiftKernel>, acceptUnsigned, kNoCaps, "cpu",
        "unsigned integers; broadcasting" });
    r.add(KernelSpec { "", "Hardmax", 1, 0, inferSameAsInput0, make<HardmaxKernel>, acceptFloatInput0, kNoCaps, "cpu",
        "float; opset < 13 coerces to 2-D" });
}

} // namespace qs::kernels
