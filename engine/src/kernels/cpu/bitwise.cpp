// SPDX-License-Identifier: MIT
// BitwiseAnd, BitwiseOr, BitwiseXor (broadcasting) and BitwiseNot (opset 18) on the integer types.
#include "kernels/cpu/broadcast.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <type_traits>

namespace qs::kernels {

namespace {

enum class BitOp
{
    And,
    Or,
    Xor,
};

template <BitOp kOp> class BitwiseBinaryKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        if (ctx.inputs[1].type != m_type)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: input types {} and {} differ", ctx.node.describe(), dataTypeName(m_type),
                    dataTypeName(ctx.inputs[1].type)));
        const std::vector<int64_t> shapes[2] = { ctx.inputs[0].dims, ctx.inputs[1].dims };
        m_plan = BroadcastPlan(shapes, ctx.outputs[0].dims);
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        dispatchNumeric(m_type, [&](auto tag) {
            using T = decltype(tag);
            if constexpr (std::is_integral_v<T>) {
                broadcastRows(m_plan, static_cast<const T*>(args.inputs[0]), static_cast<const T*>(args.inputs[1]),
                    static_cast<T*>(args.outputs[0]),
                    [](T u, T v) { return kOp == BitOp::And ? T(u & v) : (kOp == BitOp::Or ? T(u | v) : T(u ^ v)); });
            }
        });
        return Status::ok();
    }

private:
    DataType m_type = DataType::Int32;
    BroadcastPlan m_plan { {}, {} };
};

class BitwiseNotKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        m_count = ctx.inputs[0].elementCount();
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        dispatchNumeric(m_type, [&](auto tag) {
            using T = decltype(tag);
            if constexpr (std::is_integral_v<T>) {
                const T* x = static_cast<const T*>(args.inputs[0]);
                T* y = static_cast<T*>(args.outputs[0]);
                for (int64_t i = 0; i < m_count; ++i)
                    y[i] = T(~x[i]);
            }
        });
        return Status::ok();
    }

private:
    DataType m_type = DataType::Int32;
    int64_t m_count = 0;
};

Status acceptInteger(const Node& node, std::span<const TensorDesc> inputs)
{
    const DataType t = inputs[0].type;
    if (!isInteger(t))
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {} (integers only)", dataTypeName(t)));
    return Status::ok();
}

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

} // namespace

void registerBitwiseKernels(KernelRegistry& r)
{
    constexpr const char* kNotes = "integers";
    r.add(KernelSpec { "", "BitwiseAnd", 18, 0, inferBroadcast, make<BitwiseBinaryKernel<BitOp::And>>, acceptInteger,
        kNoCaps, "cpu", kNotes });
    r.add(KernelSpec { "", "BitwiseOr", 18, 0, inferBroadcast, make<BitwiseBinaryKernel<BitOp::Or>>, acceptInteger,
        kNoCaps, "cpu", kNotes });
    r.add(KernelSpec { "", "BitwiseXor", 18, 0, inferBroadcast, make<BitwiseBinaryKernel<BitOp::Xor>>, acceptInteger,
        kNoCaps, "cpu", kNotes });
    r.add(KernelSpec {
        "", "BitwiseNot", 18, 0, inferSameAsInput0, make<BitwiseNotKernel>, acceptInteger, kNoCaps, "cpu", kNotes });
}

} // namespace qs::kernels
