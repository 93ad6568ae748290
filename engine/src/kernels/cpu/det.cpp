// SPDX-License-Identifier: MIT
// Det: determinants of the trailing M x M matrices, by LU decomposition with partial pivoting (in double).
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cmath>
#include <utility>

namespace qs::kernels {
namespace {

Status inferDet(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    const TensorDesc& x = in[0];
    if (x.rank() < 2 || x.dims[size_t(x.rank() - 1)] != x.dims[size_t(x.rank() - 2)])
        return Status(StatusCode::InvalidModel,
            fmt::format(
                "node {}: input [{}] is not a (batch of) square matrices", node.describe(), formatDims(x.dims)));
    out[0].type = x.type;
    out[0].dims.assign(x.dims.begin(), x.dims.end() - 2);
    return Status::ok();
}

Status acceptDet(const Node&, std::span<const TensorDesc> in)
{
    if (in[0].type != DataType::Float && in[0].type != DataType::Double)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    return Status::ok();
}

double determinant(std::vector<double>& a, int64_t m)
{
    double det = 1.0;
    for (int64_t k = 0; k < m; ++k) {
        int64_t pivot = k;
        for (int64_t i = k + 1; i < m; ++i)
            if (std::fabs(a[size_t(i * m + k)]) > std::fabs(a[size_t(pivot * m + k)]))
                pivot = i;
        if (a[size_t(pivot * m + k)] == 0.0)
            return 0.0;
        if (pivot != k) {
            for (int64_t j = 0; j < m; ++j)
                std::swap(a[size_t(k * m + j)], a[size_t(pivot * m + j)]);
            det = -det;
        }
        const double d = a[size_t(k * m + k)];
        det *= d;
        for (int64_t i = k + 1; i < m; ++i) {
            const double f = a[size_t(i * m + k)] / d;
            for (int64_t j = k + 1; j < m; ++j)
                a[size_t(i * m + j)] -= f * a[size_t(k * m + j)];
        }
    }
    return det;
}

class DetKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        m_m = ctx.inputs[0].dims.back();
        m_batch = ctx.outputs[0].elementCount();
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        if (m_type == DataType::Float)
            compute<float>(args);
        else
            compute<double>(args);
        return Status::ok();
    }

private:
    template <typename T> void compute(const KernelArgs& args) const
    {
        const T* x = static_cast<const T*>(args.inputs[0]);
        T* y = static_cast<T*>(args.outputs[0]);
        const int64_t mm = m_m * m_m;
        std::vector<double> a(static_cast<size_t>(mm));
        for (int64_t b = 0; b < m_batch; ++b) {
            for (int64_t i = 0; i < mm; ++i)
                a[size_t(i)] = double(x[b * mm + i]);
            y[b] = T(determinant(a, m_m));
        }
    }

    DataType m_type = DataType::Float;
    int64_t m_m = 0;
    int64_t m_batch = 0;
};

} // namespace

void registerDetKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "Det",
        .sinceVersion = 11,
        .untilVersion = 0,
        .inferShapes = inferDet,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<DetKernel>(); },
        .accepts = acceptDet,
        .notes = "float, double; LU with partial pivoting" });
}

} // namespace qs::kernels
