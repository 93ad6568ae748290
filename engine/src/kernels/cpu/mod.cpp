// SPDX-License-Identifier: MIT
// Mod with numpy broadcasting. fmod = 0: the result takes the divisor's sign (Python's %); fmod = 1: the dividend's
// (C's fmod / truncating %). Integer division by zero is undefined in ONNX; it yields 0 here instead of a trap.
#include "kernels/cpu/broadcast.h"
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <type_traits>

namespace qs::kernels {
namespace {

template <typename T> T modOf(T a, T b, bool cStyle)
{
    if constexpr (std::is_floating_point_v<T>) {
        const T r = std::fmod(a, b);
        if (!cStyle && r != T(0) && ((r < T(0)) != (b < T(0))))
            return r + b;
        return r;
    } else {
        if (b == T(0))
            return T(0);
        if constexpr (std::is_signed_v<T>) {
            if (b == T(-1))
                return T(0); // avoids the overflow of INT_MIN % -1
            const T r = T(a % b);
            if (!cStyle && r != T(0) && ((r < T(0)) != (b < T(0))))
                return T(r + b);
            return r;
        } else {
            return T(a % b);
        }
    }
}

Status acceptMod(const Node& node, std::span<const TensorDesc> in)
{
    if (in.size() != 2 || in[0].type != in[1].type)
        return Status(StatusCode::Unsupported, "needs two inputs of one type");
    if (!dispatchNumeric(in[0].type, [](auto) {}))
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    return Status::ok();
}

class ModKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        m_cStyle = ctx.node.attrInt("fmod", 0) != 0;
        const bool isFloat = m_type == DataType::Float || m_type == DataType::Double;
        if (isFloat && !m_cStyle)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: floating-point Mod requires fmod = 1", ctx.node.describe()));
        std::vector<std::vector<int64_t>> shapes { ctx.inputs[0].dims, ctx.inputs[1].dims };
        m_plan = std::make_unique<BroadcastPlan>(shapes, ctx.outputs[0].dims);
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        dispatchNumeric(m_type, [&](auto tag) {
            using T = decltype(tag);
            const T* a = static_cast<const T*>(args.inputs[0]);
            const T* b = static_cast<const T*>(args.inputs[1]);
            T* y = static_cast<T*>(args.outputs[0]);
            const BroadcastPlan& p = *m_plan;
            const int64_t inner = p.inner();
            const int64_t sa = p.innerStride(0), sb = p.innerStride(1);
#pragma omp parallel for if (p.count() > 65536)
            for (int64_t r = 0; r < p.rows(); ++r) {
                const T* ar = a + p.rowOffset(0, r);
                const T* br = b + p.rowOffset(1, r);
                T* yr = y + r * inner;
                for (int64_t i = 0; i < inner; ++i)
                    yr[i] = modOf<T>(ar[i * sa], br[i * sb], m_cStyle);
            }
        });
        return Status::ok();
    }

private:
    DataType m_type = DataType::Undefined;
    bool m_cStyle = false;
    std::unique_ptr<BroadcastPlan> m_plan;
};

} // namespace

void registerModKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "Mod",
        .sinceVersion = 10,
        .untilVersion = 0,
        .inferShapes = inferBroadcast,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<ModKernel>(); },
        .accepts = acceptMod,
        .notes = "float, double, integers; fmod 0 and 1" });
}

} // namespace qs::kernels
