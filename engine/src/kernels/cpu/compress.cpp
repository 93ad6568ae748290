// SPDX-License-Identifier: MIT
// Compress: the slices along `axis` (or the elements of the flattened input) whose condition is true. The output
// extent is the number of true conditions, known at preparation only when the condition is constant; otherwise the
// kernel allocates its output (DynamicOutputKernel) and runs in the run-time tail.
#include "kernels/dynamic_output.h"
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels {
namespace {

/// Output dims for `selected` true conditions.
Result<std::vector<int64_t>> compressedDims(const Node& node, const TensorDesc& x, int64_t selected)
{
    const Attribute* axisAttr = node.attribute("axis");
    if (!axisAttr)
        return std::vector<int64_t> { selected };
    QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(node, axisAttr->i, x.rank()));
    std::vector<int64_t> dims = x.dims;
    dims[size_t(axis)] = selected;
    return dims;
}

/// How many of the conditions that apply are true; InvalidModel when the condition is longer than the axis.
Result<int64_t> countSelected(const Node& node, const TensorDesc& x, const TensorDesc& cond, const bool* c)
{
    int64_t extent = x.elementCount();
    if (const Attribute* a = node.attribute("axis")) {
        QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(node, a->i, x.rank()));
        extent = x.dims[size_t(axis)];
    }
    const int64_t n = cond.elementCount();
    if (n > extent)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: condition has {} entries, the selected extent is {}", node.describe(), n, extent));
    int64_t count = 0;
    for (int64_t i = 0; i < n; ++i)
        count += c[i] ? 1 : 0;
    return count;
}

Status inferCompress(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (!hasInput(in, 0) || !hasInput(in, 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs input and condition", node.describe()));
    if (in[1].type != DataType::Bool || in[1].rank() != 1)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: condition must be a 1-D bool", node.describe()));
    int64_t selected = kRunTimeDim;
    if (in[1].constant) {
        QS_ASSIGN_OR_RETURN(
            selected, countSelected(node, in[0], in[1], static_cast<const bool*>(in[1].constant->rawData())));
    }
    out[0].type = in[0].type;
    QS_ASSIGN_OR_RETURN(out[0].dims, compressedDims(node, in[0], selected));
    return Status::ok();
}

Status acceptCompress(const Node&, std::span<const TensorDesc> in)
{
    if (dataTypeSize(in[0].type) == 0)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    return Status::ok();
}

class CompressKernel final : public DynamicOutputKernel
{
public:
    Status compute(
        std::span<const TensorDesc> in, std::span<const void* const> data, std::vector<HostTensor>& out) const override
    {
        const bool* c = static_cast<const bool*>(data[1]);
        QS_ASSIGN_OR_RETURN(const int64_t selected, countSelected(*m_nodePtr, in[0], in[1], c));
        QS_ASSIGN_OR_RETURN(std::vector<int64_t> dims, compressedDims(*m_nodePtr, in[0], selected));
        out.clear();
        HostTensor& y = out.emplace_back(in[0].type, std::move(dims));
        // Flattened input = one outer slice, unit inner; otherwise [outer, axis, inner] around the axis.
        AxisSplit split { 1, in[0].elementCount(), 1 };
        if (m_axis >= 0)
            split = splitAtAxis(in[0].dims, m_axis);
        const size_t chunk = size_t(split.inner) * dataTypeSize(in[0].type);
        const auto* x = static_cast<const std::byte*>(data[0]);
        auto* dst = static_cast<std::byte*>(y.rawData());
        const int64_t n = std::min(in[1].elementCount(), split.axis);
        for (int64_t o = 0; o < split.outer; ++o)
            for (int64_t i = 0; i < n; ++i)
                if (c[i]) {
                    std::memcpy(dst, x + size_t(o * split.axis + i) * chunk, chunk);
                    dst += chunk;
                }
        return Status::ok();
    }

protected:
    Status prepareOp(const KernelContext& ctx) override
    {
        m_nodePtr = &ctx.node;
        m_axis = -1;
        if (const Attribute* a = ctx.node.attribute("axis")) {
            QS_ASSIGN_OR_RETURN(m_axis, normalizeAxis(ctx.node, a->i, ctx.inputs[0].rank()));
        }
        return Status::ok();
    }

private:
    const Node* m_nodePtr = nullptr; // the graph outlives the session's kernels
    int64_t m_axis = -1;
};

} // namespace

void registerCompressKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "Compress",
        .sinceVersion = 9,
        .untilVersion = 0,
        .inferShapes = inferCompress,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<CompressKernel>(); },
        .accepts = acceptCompress,
        .notes = "any numeric type; run-time shape unless the condition is constant" });
}

} // namespace qs::kernels
