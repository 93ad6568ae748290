// SPDX-License-Identifier: MIT
// MaxUnpool: scatters X into a zero tensor at the flat positions MaxPool's Indices output recorded (indices over
// the whole output tensor, batch and channel included). The output shape is output_shape when given (it must be
// known at preparation), else (in - 1) * stride + kernel - pads per spatial axis.
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels {
namespace {

/// The shape MaxPool's indices refer to: (in - 1) * stride + kernel - pads per spatial axis.
Result<std::vector<int64_t>> defaultUnpoolDims(const Node& node, const TensorDesc& x)
{
    const std::vector<int64_t> kernel = node.attrInts("kernel_shape");
    const int64_t spatial = x.rank() - 2;
    if (spatial < 1 || int64_t(kernel.size()) != spatial)
        return Status(StatusCode::InvalidModel,
            fmt::format(
                "node {}: kernel_shape has {} entries for {} spatial axes", node.describe(), kernel.size(), spatial));
    const std::vector<int64_t> strides = node.attrInts("strides", std::vector<int64_t>(size_t(spatial), 1));
    const std::vector<int64_t> pads = node.attrInts("pads", std::vector<int64_t>(size_t(2 * spatial), 0));
    if (int64_t(strides.size()) != spatial || int64_t(pads.size()) != 2 * spatial)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: strides/pads do not fit", node.describe()));
    std::vector<int64_t> dims = x.dims;
    for (int64_t d = 0; d < spatial; ++d)
        dims[size_t(2 + d)] = (x.dims[size_t(2 + d)] - 1) * strides[size_t(d)] + kernel[size_t(d)] - pads[size_t(d)]
            - pads[size_t(spatial + d)];
    return dims;
}

Status inferMaxUnpool(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (!hasInput(in, 0) || !hasInput(in, 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs X and I", node.describe()));
    const TensorDesc& x = in[0];
    out[0].type = x.type;
    QS_ASSIGN_OR_RETURN(out[0].dims, defaultUnpoolDims(node, x));
    if (hasInput(in, 2)) {
        auto shape = constantInts(in[2]);
        if (!shape)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: data-dependent shape (output_shape must be constant)", node.describe()));
        if (int64_t(shape->size()) != x.rank())
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: output_shape has {} entries for a rank {} input", node.describe(), shape->size(),
                    x.rank()));
        out[0].dims = *shape;
    }
    return Status::ok();
}

Status acceptMaxUnpool(const Node&, std::span<const TensorDesc> in)
{
    if (in[0].type != DataType::Float)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    if (in[1].type != DataType::Int64)
        return Status(StatusCode::Unsupported, "indices must be int64");
    return Status::ok();
}

class MaxUnpoolKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_count = ctx.inputs[0].elementCount();
        m_outCount = ctx.outputs[0].elementCount();
        // With output_shape, the indices still address the default-shaped tensor: each maps to the same
        // coordinates in the (larger) output.
        QS_ASSIGN_OR_RETURN(m_defaultDims, defaultUnpoolDims(ctx.node, ctx.inputs[0]));
        m_outDims = ctx.outputs[0].dims;
        m_remap = m_defaultDims != m_outDims;
        m_defaultCount = shapeElementCount(m_defaultDims);
        if (ctx.inputs[1].dims != ctx.inputs[0].dims)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: I [{}] differs from X [{}]", ctx.node.describe(), formatDims(ctx.inputs[1].dims),
                    formatDims(ctx.inputs[0].dims)));
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const float* x = static_cast<const float*>(args.inputs[0]);
        const int64_t* idx = static_cast<const int64_t*>(args.inputs[1]);
        float* y = static_cast<float*>(args.outputs[0]);
        std::memset(y, 0, size_t(m_outCount) * sizeof(float));
        for (int64_t i = 0; i < m_count; ++i) {
            if (idx[i] < 0 || idx[i] >= m_defaultCount)
                return Status(StatusCode::InvalidArgument,
                    fmt::format("MaxUnpool: index {} at {} is outside the unpooled tensor ({} elements)", idx[i], i,
                        m_defaultCount));
            const int64_t at = m_remap ? remap(idx[i]) : idx[i];
            if (at < 0)
                return Status(StatusCode::InvalidArgument,
                    fmt::format("MaxUnpool: index {} falls outside output_shape [{}]", idx[i], formatDims(m_outDims)));
            y[at] = x[i];
        }
        return Status::ok();
    }

private:
    int64_t remap(int64_t flat) const
    {
        int64_t at = 0, stride = 1;
        for (size_t d = m_defaultDims.size(); d-- > 0;) {
            const int64_t c = flat % m_defaultDims[d];
            flat /= m_defaultDims[d];
            if (c >= m_outDims[d])
                return -1;
            at += c * stride;
            stride *= m_outDims[d];
        }
        return at;
    }

    std::vector<int64_t> m_defaultDims, m_outDims;
    bool m_remap = false;
    int64_t m_defaultCount = 0;
    int64_t m_count = 0;
    int64_t m_outCount = 0;
};

} // namespace

void registerMaxUnpoolKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "MaxUnpool",
        .sinceVersion = 9,
        .untilVersion = 0,
        .inferShapes = inferMaxUnpool,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<MaxUnpoolKernel>(); },
        .accepts = acceptMaxUnpool,
        .notes = "float; output_shape constant when given" });
}

} // namespace qs::kernels
