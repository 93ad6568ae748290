// SPDX-License-Identifier: MIT
// AffineGrid (opset 20, 2-D): the sampling grid GridSample reads, grid[n, h, w] = theta[n] · (x_w, y_h, 1) over the
// normalised pixel centres (align_corners = 0: (2i + 1) / size - 1; align_corners = 1: -1 + 2i / (size - 1)).
// Spatial transformer networks (OCR rectification) export affine_grid + grid_sample as this pair.
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

namespace qs::kernels {
namespace {

Result<std::vector<int64_t>> gridSize(const Node& node, std::span<const TensorDesc> in)
{
    if (!hasInput(in, 0) || !hasInput(in, 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs theta and size", node.describe()));
    auto size = constantInts(in[1]);
    if (!size)
        return Status(StatusCode::Unsupported,
            fmt::format("node {}: data-dependent shape (size must be known)", node.describe()));
    if (size->size() != 4)
        return Status(StatusCode::Unsupported,
            fmt::format("node {}: only 2-D grids (size has {} entries, 4 supported)", node.describe(), size->size()));
    const auto& t = in[0].dims;
    if (t.size() != 3 || t[0] != (*size)[0] || t[1] != 2 || t[2] != 3)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: theta [{}] must be [N, 2, 3] with N = size[0]", node.describe(), formatDims(t)));
    return *size;
}

Status inferAffineGrid(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(const std::vector<int64_t> size, gridSize(node, in));
    out[0].type = in[0].type;
    out[0].dims = { size[0], size[2], size[3], 2 };
    return Status::ok();
}

Status acceptAffineGrid(const Node&, std::span<const TensorDesc> in)
{
    if (in[0].type != DataType::Float)
        return Status(StatusCode::Unsupported, fmt::format("theta is {}", dataTypeName(in[0].type)));
    return Status::ok();
}

class AffineGridKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(const std::vector<int64_t> size, gridSize(ctx.node, ctx.inputs));
        m_n = size[0];
        m_h = size[2];
        m_w = size[3];
        const bool aligned = ctx.node.attrInt("align_corners", 0) != 0;
        m_xs = base(m_w, aligned);
        m_ys = base(m_h, aligned);
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const float* theta = static_cast<const float*>(args.inputs[0]);
        float* grid = static_cast<float*>(args.outputs[0]);
        for (int64_t n = 0; n < m_n; ++n) {
            const float* t = theta + n * 6;
            for (int64_t h = 0; h < m_h; ++h)
                for (int64_t w = 0; w < m_w; ++w) {
                    const float x = m_xs[size_t(w)], y = m_ys[size_t(h)];
                    float* g = grid + ((n * m_h + h) * m_w + w) * 2;
                    g[0] = t[0] * x + t[1] * y + t[2];
                    g[1] = t[3] * x + t[4] * y + t[5];
                }
        }
        return Status::ok();
    }

private:
    static std::vector<float> base(int64_t size, bool aligned)
    {
        std::vector<float> v(static_cast<size_t>(size));
        for (int64_t i = 0; i < size; ++i)
            v[size_t(i)] = aligned ? (size > 1 ? -1.0f + 2.0f * float(i) / float(size - 1) : -1.0f)
                                   : (2.0f * float(i) + 1.0f) / float(size) - 1.0f;
        return v;
    }

    int64_t m_n = 0, m_h = 0, m_w = 0;
    std::vector<float> m_xs, m_ys;
};

} // namespace

void registerAffineGridKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "AffineGrid",
        .sinceVersion = 20,
        .untilVersion = 0,
        .inferShapes = inferAffineGrid,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<AffineGridKernel>(); },
        .accepts = acceptAffineGrid,
        .notes = "float, 2-D; align_corners" });
}

} // namespace qs::kernels
