// SPDX-License-Identifier: MIT
// NonZero: the indices of the non-zero elements, [rank, count] in row-major order. The count depends on the data,
// so the kernel allocates its output (DynamicOutputKernel) and the executor folds or runs it in the run-time tail.
#include "kernels/dynamic_output.h"
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

namespace qs::kernels {
namespace {

Status inferNonZero(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (in.empty() || in[0].type == DataType::Undefined)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs one input", node.describe()));
    out[0].type = DataType::Int64;
    out[0].dims = { std::max<int64_t>(in[0].rank(), 1), kRunTimeDim };
    return Status::ok();
}

Status acceptNonZero(const Node&, std::span<const TensorDesc> in)
{
    if (!dispatchNumericOrBool(in[0].type, [](auto) {}))
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    return Status::ok();
}

class NonZeroKernel final : public DynamicOutputKernel
{
public:
    Status compute(
        std::span<const TensorDesc> in, std::span<const void* const> data, std::vector<HostTensor>& out) const override
    {
        const std::vector<int64_t>& dims = in[0].dims;
        const int64_t n = in[0].elementCount();
        std::vector<int64_t> positions;
        dispatchNumericOrBool(in[0].type, [&](auto tag) {
            using T = decltype(tag);
            const T* x = static_cast<const T*>(data[0]);
            for (int64_t i = 0; i < n; ++i)
                if (x[i] != T {})
                    positions.push_back(i);
        });
        // A scalar is treated as a one-element vector (what ONNX Runtime returns).
        const std::vector<int64_t> shape = dims.empty() ? std::vector<int64_t> { 1 } : dims;
        const int64_t rank = int64_t(shape.size());
        const int64_t count = int64_t(positions.size());
        out.clear();
        HostTensor& y = out.emplace_back(DataType::Int64, std::vector<int64_t> { rank, count });
        auto yd = y.data<int64_t>();
        const std::vector<int64_t> strides = stridesOf(shape);
        for (int64_t k = 0; k < count; ++k)
            for (int64_t d = 0; d < rank; ++d)
                yd[size_t(d * count + k)] = positions[size_t(k)] / strides[size_t(d)] % shape[size_t(d)];
        return Status::ok();
    }

protected:
    Status prepareOp(const KernelContext&) override { return Status::ok(); }
};

} // namespace

void registerNonZeroKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "NonZero",
        .sinceVersion = 9,
        .untilVersion = 0,
        .inferShapes = inferNonZero,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<NonZeroKernel>(); },
        .accepts = acceptNonZero,
        .notes = "numeric, bool; data-dependent output (run-time shape)" });
}

} // namespace qs::kernels
