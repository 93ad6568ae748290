// SPDX-License-Identifier: MIT
// GatherElements for any fixed-size element type with int32 or int64 (possibly negative) indices.
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <atomic>
#include <cstring>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

Status acceptGatherElements(const Node& node, std::span<const TensorDesc> in)
{
    if (in.size() < 2 || dataTypeSize(in[0].type) == 0)
        return Status(
            StatusCode::Unsupported, fmt::format("input 0 is {}", in.empty() ? "absent" : dataTypeName(in[0].type)));
    if (in[1].type != DataType::Int64 && in[1].type != DataType::Int32)
        return Status(
            StatusCode::Unsupported, fmt::format("indices are {} (int32 or int64)", dataTypeName(in[1].type)));
    return Status::ok();
}

Status inferGatherElements(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (in[0].rank() != in[1].rank() || in[0].rank() == 0)
        return err(node, StatusCode::InvalidModel,
            fmt::format(
                "data {} and indices {} must have the same rank >= 1", formatDims(in[0].dims), formatDims(in[1].dims)));
    QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(node, node.attrInt("axis", 0), in[0].rank()));
    for (int64_t i = 0; i < in[0].rank(); ++i)
        if (i != axis && in[1].dims[size_t(i)] > in[0].dims[size_t(i)])
            return err(node, StatusCode::InvalidModel,
                fmt::format("indices {} exceed data {} on axis {}", formatDims(in[1].dims), formatDims(in[0].dims), i));
    out[0].type = in[0].type;
    out[0].dims = in[1].dims;
    return Status::ok();
}

class GatherElementsKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_node = ctx.node.describe();
        QS_ASSIGN_OR_RETURN(m_axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", 0), ctx.inputs[0].rank()));
        m_size = dataTypeSize(ctx.inputs[0].type);
        m_index64 = ctx.inputs[1].type == DataType::Int64;
        m_idxDims = ctx.inputs[1].dims;
        m_dataStrides = stridesOf(ctx.inputs[0].dims);
        m_axisLen = ctx.inputs[0].dims[size_t(m_axis)];
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        const int64_t n = shapeElementCount(m_idxDims);
        const size_t rank = m_idxDims.size();
        const size_t axis = size_t(m_axis);
        std::atomic<int64_t> bad { -1 };
#pragma omp parallel for if (n > 65536)
        for (int64_t e = 0; e < n; ++e) {
            int64_t idx = m_index64 ? static_cast<const int64_t*>(args.inputs[1])[e]
                                    : static_cast<const int32_t*>(args.inputs[1])[e];
            if (idx < 0)
                idx += m_axisLen;
            if (idx < 0 || idx >= m_axisLen) {
                bad.store(e, std::memory_order_relaxed);
                continue;
            }
            int64_t rem = e;
            int64_t off = 0;
            for (size_t d = rank; d-- > 0;) {
                const int64_t c = rem % m_idxDims[d];
                rem /= m_idxDims[d];
                off += (d == axis ? idx : c) * m_dataStrides[d];
            }
            std::memcpy(y + size_t(e) * m_size, x + size_t(off) * m_size, m_size);
        }
        const int64_t b = bad.load();
        if (b >= 0) {
            const int64_t v = m_index64 ? static_cast<const int64_t*>(args.inputs[1])[b]
                                        : static_cast<const int32_t*>(args.inputs[1])[b];
            return Status(StatusCode::InvalidArgument,
                fmt::format("node {}: index {} out of range [-{}, {})", m_node, v, m_axisLen, m_axisLen));
        }
        return Status::ok();
    }

private:
    std::string m_node;
    int64_t m_axis = 0;
    int64_t m_axisLen = 0;
    size_t m_size = 0;
    bool m_index64 = true;
    std::vector<int64_t> m_idxDims, m_dataStrides;
};

std::unique_ptr<Kernel> makeGatherElements()
{
    return std::make_unique<GatherElementsKernel>();
}

} // namespace

void registerGatherElementsKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "GatherElements", 11, 0, inferGatherElements, makeGatherElements, acceptGatherElements,
        kNoCaps, "cpu", "any fixed-size type; int32/int64 indices" });
}

} // namespace qs::kernels
