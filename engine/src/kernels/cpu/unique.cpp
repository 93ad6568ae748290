// SPDX-License-Identifier: MIT
// Unique: the distinct elements (or slices along `axis`), sorted or in order of first occurrence, with the index of
// each one's first occurrence, the inverse mapping and the counts. The number of distinct entries depends on the
// data, so the kernel allocates its outputs (DynamicOutputKernel) and runs in the run-time tail.
#include "kernels/dynamic_output.h"
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <numeric>

namespace qs::kernels {
namespace {

Result<std::optional<int64_t>> uniqueAxis(const Node& node, int64_t rank)
{
    const Attribute* a = node.attribute("axis");
    if (!a)
        return std::optional<int64_t> {};
    QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(node, a->i, rank));
    return std::optional<int64_t> { axis };
}

Status inferUnique(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (!hasInput(in, 0))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs one input", node.describe()));
    QS_ASSIGN_OR_RETURN(const auto axis, uniqueAxis(node, in[0].rank()));
    out[0].type = in[0].type;
    out[0].dims = { kRunTimeDim };
    int64_t entries = in[0].elementCount();
    if (axis) {
        out[0].dims = in[0].dims;
        out[0].dims[size_t(*axis)] = kRunTimeDim;
        entries = in[0].dims[size_t(*axis)];
    }
    for (size_t o = 1; o < out.size(); ++o) {
        out[o].type = DataType::Int64;
        out[o].dims = { o == 2 ? entries : kRunTimeDim };
    }
    return Status::ok();
}

Status acceptUnique(const Node&, std::span<const TensorDesc> in)
{
    if (!dispatchNumericOrBool(in[0].type, [](auto) {}))
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    return Status::ok();
}

class UniqueKernel final : public DynamicOutputKernel
{
public:
    Status compute(
        std::span<const TensorDesc> in, std::span<const void* const> data, std::vector<HostTensor>& out) const override
    {
        const TensorDesc& x = in[0];
        // Entry e is the slice x[outer, e, inner] (a single element without axis), compared lexicographically.
        AxisSplit split { 1, x.elementCount(), 1 };
        if (m_axis)
            split = splitAtAxis(x.dims, *m_axis);
        const int64_t entries = split.axis;
        std::vector<int64_t> order(static_cast<size_t>(entries));
        std::iota(order.begin(), order.end(), 0);
        std::vector<int64_t> groupOf(static_cast<size_t>(entries));
        std::vector<int64_t> firsts; // per distinct entry: its first occurrence
        std::vector<int64_t> counts;
        dispatchNumericOrBool(x.type, [&](auto tag) {
            using T = decltype(tag);
            const T* xd = static_cast<const T*>(data[0]);
            auto cmp = [&](int64_t a, int64_t b) { // -1, 0, 1
                for (int64_t o = 0; o < split.outer; ++o)
                    for (int64_t i = 0; i < split.inner; ++i) {
                        const T va = xd[(o * split.axis + a) * split.inner + i];
                        const T vb = xd[(o * split.axis + b) * split.inner + i];
                        if (va < vb)
                            return -1;
                        if (vb < va)
                            return 1;
                    }
                return 0;
            };
            // Stable: within a run of equal entries the first occurrence comes first.
            std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return cmp(a, b) < 0; });
            for (size_t k = 0; k < order.size(); ++k) {
                if (k == 0 || cmp(order[k - 1], order[k]) != 0) {
                    firsts.push_back(order[k]);
                    counts.push_back(0);
                }
                groupOf[size_t(order[k])] = int64_t(firsts.size()) - 1;
                ++counts.back();
            }
        });
        // Output position of each group: sorted order, or order of first occurrence.
        const size_t groups = firsts.size();
        std::vector<int64_t> position(groups);
        std::iota(position.begin(), position.end(), 0);
        if (!m_sorted) {
            std::vector<int64_t> byFirst(groups);
            std::iota(byFirst.begin(), byFirst.end(), 0);
            std::sort(byFirst.begin(), byFirst.end(), [&](int64_t a, int64_t b) { return firsts[a] < firsts[b]; });
            for (size_t p = 0; p < groups; ++p)
                position[size_t(byFirst[p])] = int64_t(p);
        }

        out.clear();
        // The references y, indices, inverse and count below must survive the later emplace_backs.
        out.reserve(4);
        std::vector<int64_t> ydims { int64_t(groups) };
        if (m_axis) {
            ydims = x.dims;
            ydims[size_t(*m_axis)] = int64_t(groups);
        }
        HostTensor& y = out.emplace_back(x.type, ydims);
        const size_t chunk = size_t(split.inner) * dataTypeSize(x.type);
        const auto* src = static_cast<const std::byte*>(data[0]);
        auto* dst = static_cast<std::byte*>(y.rawData());
        for (int64_t o = 0; o < split.outer; ++o)
            for (size_t gi = 0; gi < groups; ++gi)
                std::memcpy(dst + size_t(o * int64_t(groups) + position[gi]) * chunk,
                    src + size_t(o * split.axis + firsts[gi]) * chunk, chunk);
        HostTensor& indices = out.emplace_back(DataType::Int64, std::vector<int64_t> { int64_t(groups) });
        HostTensor& inverse = out.emplace_back(DataType::Int64, std::vector<int64_t> { entries });
        HostTensor& count = out.emplace_back(DataType::Int64, std::vector<int64_t> { int64_t(groups) });
        for (size_t gi = 0; gi < groups; ++gi) {
            indices.data<int64_t>()[size_t(position[gi])] = firsts[gi];
            count.data<int64_t>()[size_t(position[gi])] = counts[gi];
        }
        for (int64_t e = 0; e < entries; ++e)
            inverse.data<int64_t>()[size_t(e)] = position[size_t(groupOf[size_t(e)])];
        out.resize(std::min(out.size(), m_outputs));
        return Status::ok();
    }

protected:
    Status prepareOp(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_axis, uniqueAxis(ctx.node, ctx.inputs[0].rank()));
        m_sorted = ctx.node.attrInt("sorted", 1) != 0;
        m_outputs = ctx.outputs.size();
        return Status::ok();
    }

private:
    std::optional<int64_t> m_axis;
    bool m_sorted = true;
    size_t m_outputs = 4;
};

} // namespace

void registerUniqueKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "Unique",
        .sinceVersion = 11,
        .untilVersion = 0,
        .inferShapes = inferUnique,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<UniqueKernel>(); },
        .accepts = acceptUnique,
        .notes = "numeric, bool; data-dependent outputs (run-time shape)" });
}

} // namespace qs::kernels
