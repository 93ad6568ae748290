// SPDX-License-Identifier: MIT
// TopK: the k largest or smallest values along an axis and their int64 indices; k from the attribute (opset 1..9)
// or the constant input K (opset 10+); largest/sorted attributes from opset 11.
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

bool topKType(DataType t)
{
    return dispatchNumeric(t, [](auto) {});
}

Status acceptTopK(const Node& node, std::span<const TensorDesc> in)
{
    if (in.empty() || !topKType(in[0].type))
        return Status(StatusCode::Unsupported,
            fmt::format(
                "input 0 is {} (only float, double, integers)", in.empty() ? "absent" : dataTypeName(in[0].type)));
    return Status::ok();
}

Result<int64_t> topKCount(const Node& node, std::span<const TensorDesc> in)
{
    int64_t k = 0;
    if (node.opsetVersion < 10) {
        k = node.attrInt("k", -1);
    } else {
        auto v = hasInput(in, 1) ? constantInts(in[1]) : std::nullopt;
        if (!v)
            return err(node, StatusCode::Unsupported, "data-dependent shape (K not constant)");
        if (v->size() != 1)
            return err(node, StatusCode::InvalidModel, fmt::format("K has {} elements (must be 1)", v->size()));
        k = (*v)[0];
    }
    if (k < 0)
        return err(node, StatusCode::InvalidModel, fmt::format("k {} is negative", k));
    return k;
}

Status inferTopK(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(node, node.attrInt("axis", -1), in[0].rank()));
    QS_ASSIGN_OR_RETURN(const int64_t k, topKCount(node, in));
    if (k > in[0].dims[size_t(axis)])
        return err(
            node, StatusCode::InvalidModel, fmt::format("k {} exceeds axis {} of {}", k, axis, formatDims(in[0].dims)));
    auto dims = in[0].dims;
    dims[size_t(axis)] = k;
    out[0].type = in[0].type;
    out[0].dims = dims;
    if (out.size() > 1) {
        out[1].type = DataType::Int64;
        out[1].dims = dims;
    }
    return Status::ok();
}

class TopKKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(
            const int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", -1), ctx.inputs[0].rank()));
        QS_ASSIGN_OR_RETURN(m_k, topKCount(ctx.node, ctx.inputs));
        m_largest = ctx.node.opsetVersion < 11 || ctx.node.attrInt("largest", 1) != 0;
        // sorted = 0 leaves the order unspecified; sorted output satisfies it too.
        const auto& d = ctx.inputs[0].dims;
        const AxisSplit split = splitAtAxis(d, axis);
        m_outer = split.outer;
        m_len = split.axis;
        m_inner = split.inner;
        if (!dispatchNumeric(ctx.inputs[0].type, [&](auto t) { m_fn = &TopKKernel::compute<decltype(t)>; }))
            return err(ctx.node, StatusCode::Unsupported, fmt::format("{} input", dataTypeName(ctx.inputs[0].type)));
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        (this->*m_fn)(args.inputs[0], args.outputs[0], args.outputs.size() > 1 ? args.outputs[1] : nullptr);
        return Status::ok();
    }

private:
    template <typename T> void compute(const void* xv, void* valuesV, void* indicesV) const
    {
        const T* x = static_cast<const T*>(xv);
        T* values = static_cast<T*>(valuesV);
        auto* indices = static_cast<int64_t*>(indicesV);
        const int64_t slices = m_outer * m_inner;
        const int64_t len = m_len;
        const int64_t k = m_k;
        const int64_t inner = m_inner;
        const bool largest = m_largest;
#pragma omp parallel if (slices * len > 65536)
        {
            std::vector<T> buf(static_cast<size_t>(len));
            std::vector<int64_t> order(static_cast<size_t>(len));
#pragma omp for
            for (int64_t s = 0; s < slices; ++s) {
                const int64_t o = s / inner;
                const int64_t i = s % inner;
                const T* src = x + o * len * inner + i;
                for (int64_t j = 0; j < len; ++j)
                    buf[size_t(j)] = src[j * inner];
                std::iota(order.begin(), order.end(), int64_t(0));
                // ONNX: among equal values the lower index comes first, for largest and smallest alike.
                auto before = [&](int64_t a, int64_t b) {
                    const T va = buf[size_t(a)];
                    const T vb = buf[size_t(b)];
                    if constexpr (std::is_floating_point_v<T>) {
                        // NaN ranks above every number so that the ordering stays strict and weak.
                        const bool na = std::isnan(va);
                        const bool nb = std::isnan(vb);
                        if (na || nb) {
                            if (na && nb)
                                return a < b;
                            return largest ? na : nb;
                        }
                    }
                    if (va != vb)
                        return largest ? va > vb : va < vb;
                    return a < b;
                };
                std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
                const int64_t base = o * k * inner + i;
                for (int64_t j = 0; j < k; ++j) {
                    const int64_t at = order[size_t(j)];
                    values[base + j * inner] = buf[size_t(at)];
                    if (indices)
                        indices[base + j * inner] = at;
                }
            }
        }
    }

    using ComputeFn = void (TopKKernel::*)(const void*, void*, void*) const;
    ComputeFn m_fn = nullptr;
    int64_t m_k = 0;
    int64_t m_len = 0;
    int64_t m_outer = 1;
    int64_t m_inner = 1;
    bool m_largest = true;
};

std::unique_ptr<Kernel> makeTopK()
{
    return std::make_unique<TopKKernel>();
}

} // namespace

void registerTopKKernels(KernelRegistry& r)
{
    r.add(KernelSpec {
        "", "TopK", 1, 0, inferTopK, makeTopK, acceptTopK, kNoCaps, "cpu", "float, double, integers; constant K" });
}

} // namespace qs::kernels
