// SPDX-License-Identifier: MIT
// DepthToSpace (DCR and CRD) and SpaceToDepth on NCHW tensors of any fixed-size element type.
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

Status acceptSized4d(const Node& node, std::span<const TensorDesc> in)
{
    if (in.empty() || dataTypeSize(in[0].type) == 0)
        return Status(
            StatusCode::Unsupported, fmt::format("input 0 is {}", in.empty() ? "absent" : dataTypeName(in[0].type)));
    if (in[0].rank() != 4)
        return Status(StatusCode::Unsupported, fmt::format("input 0 has rank {} (only 4)", in[0].rank()));
    return Status::ok();
}

Result<int64_t> blockSize(const Node& node)
{
    const int64_t b = node.attrInt("blocksize", 0);
    if (b <= 0)
        return err(node, StatusCode::InvalidModel, fmt::format("blocksize {} (must be positive)", b));
    return b;
}

Result<bool> isCrd(const Node& node)
{
    const std::string mode = node.attrString("mode", "DCR");
    if (mode != "DCR" && mode != "CRD")
        return err(node, StatusCode::InvalidModel, fmt::format("mode '{}' (DCR or CRD)", mode));
    return mode == "CRD";
}

Status inferDepthToSpace(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(const int64_t b, blockSize(node));
    QS_RETURN_IF_ERROR(isCrd(node).status());
    if (in[0].rank() != 4)
        return err(node, StatusCode::InvalidModel, fmt::format("input rank {} (must be 4)", in[0].rank()));
    const auto& d = in[0].dims;
    if (d[1] % (b * b) != 0)
        return err(
            node, StatusCode::InvalidModel, fmt::format("channels {} not divisible by blocksize² {}", d[1], b * b));
    out[0].type = in[0].type;
    out[0].dims = { d[0], d[1] / (b * b), d[2] * b, d[3] * b };
    return Status::ok();
}

Status inferSpaceToDepth(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(const int64_t b, blockSize(node));
    if (in[0].rank() != 4)
        return err(node, StatusCode::InvalidModel, fmt::format("input rank {} (must be 4)", in[0].rank()));
    const auto& d = in[0].dims;
    if (d[2] % b != 0 || d[3] % b != 0)
        return err(node, StatusCode::InvalidModel,
            fmt::format("spatial size {}x{} not divisible by blocksize {}", d[2], d[3], b));
    out[0].type = in[0].type;
    out[0].dims = { d[0], d[1] * b * b, d[2] / b, d[3] / b };
    return Status::ok();
}

/// Both ops are a fixed permutation between the space tensor [N, C, H, b, W, b] (C = depth channels / b²) and the
/// depth tensor [N, (b, b, C) or (C, b, b), H, W]. The kernel walks the space side row by row; `toDepth` says which
/// side is the input.
class DepthSpaceKernel final : public Kernel
{
public:
    explicit DepthSpaceKernel(bool toDepth)
        : m_toDepth(toDepth)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_b, blockSize(ctx.node));
        if (!m_toDepth) {
            QS_ASSIGN_OR_RETURN(m_crd, isCrd(ctx.node));
        }
        m_size = dataTypeSize(ctx.inputs[0].type);
        const auto& space = m_toDepth ? ctx.inputs[0].dims : ctx.outputs[0].dims;
        m_n = space[0];
        m_c = space[1];
        m_h = space[2] / m_b;
        m_w = space[3] / m_b;
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        const int64_t b = m_b;
        const int64_t depthC = m_c * b * b;
        const int64_t spaceW = m_w * b;
        const int64_t rows = m_n * m_c * m_h * b; // one space row: (n, c, h, i), W*b elements
        const size_t es = m_size;
#pragma omp parallel for if (rows * spaceW > 65536)
        for (int64_t r = 0; r < rows; ++r) {
            const int64_t i = r % b;
            const int64_t h = (r / b) % m_h;
            const int64_t c = (r / (b * m_h)) % m_c;
            const int64_t n = r / (b * m_h * m_c);
            const int64_t spaceRow = r * spaceW; // element offset of (n, c, h*b+i, 0)
            for (int64_t j = 0; j < b; ++j) {
                const int64_t dc = m_crd ? (c * b + i) * b + j : (i * b + j) * m_c + c;
                const int64_t depthRow = ((n * depthC + dc) * m_h + h) * m_w; // (n, dc, h, 0)
                for (int64_t w = 0; w < m_w; ++w) {
                    const int64_t s = spaceRow + w * b + j;
                    const int64_t d = depthRow + w;
                    if (m_toDepth)
                        std::memcpy(y + size_t(d) * es, x + size_t(s) * es, es);
                    else
                        std::memcpy(y + size_t(s) * es, x + size_t(d) * es, es);
                }
            }
        }
        return Status::ok();
    }

private:
    bool m_toDepth = false;
    bool m_crd = false; ///< SpaceToDepth has DCR order only
    int64_t m_b = 1;
    int64_t m_n = 0, m_c = 0, m_h = 0, m_w = 0;
    size_t m_size = 0;
};

std::unique_ptr<Kernel> makeDepthToSpace()
{
    return std::make_unique<DepthSpaceKernel>(false);
}

std::unique_ptr<Kernel> makeSpaceToDepth()
{
    return std::make_unique<DepthSpaceKernel>(true);
}

} // namespace

void registerDepthSpaceKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "DepthToSpace", 1, 0, inferDepthToSpace, makeDepthToSpace, acceptSized4d, kNoCaps, "cpu",
        "any fixed-size type; DCR, CRD" });
    r.add(KernelSpec { "", "SpaceToDepth", 1, 0, inferSpaceToDepth, makeSpaceToDepth, acceptSized4d, kNoCaps, "cpu",
        "any fixed-size type" });
}

} // namespace qs::kernels
