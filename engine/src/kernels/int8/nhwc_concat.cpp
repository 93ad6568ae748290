// SPDX-License-Identifier: MIT
#include "kernels/int8/nhwc_concat.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels {

namespace {

class NhwcConcatKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& y = ctx.outputs[0];
        const int64_t axis = ctx.node.attrInt("axis", 0);
        if (y.rank() != 4 || (axis != 1 && axis != -3) || y.layout != Layout::Nhwc)
            return Status(StatusCode::Internal,
                fmt::format("node {}: NHWC concatenation needs rank-4 NHWC tensors joined along the channels",
                    ctx.node.describe()));
        const size_t size = dataTypeSize(y.type);
        m_pixels = y.dims[0] * y.dims[2] * y.dims[3];
        m_pixelBytes = size_t(y.dims[1]) * size;
        for (const TensorDesc& x : ctx.inputs) {
            if (x.layout != Layout::Nhwc || x.rank() != 4)
                return Status(StatusCode::Internal, fmt::format("node {}: an input is not NHWC", ctx.node.describe()));
            m_chunks.push_back(size_t(x.dims[1]) * size);
        }
        return Status::ok();
    }

    std::string implementation() const override { return "cpu nhwc"; }

    Status run(const KernelArgs& args) const override
    {
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        for (int64_t p = 0; p < m_pixels; ++p) {
            std::byte* out = y + size_t(p) * m_pixelBytes;
            for (size_t k = 0; k < m_chunks.size(); ++k) {
                std::memcpy(out, static_cast<const std::byte*>(args.inputs[k]) + size_t(p) * m_chunks[k], m_chunks[k]);
                out += m_chunks[k];
            }
        }
        return Status::ok();
    }

private:
    int64_t m_pixels = 0;
    size_t m_pixelBytes = 0;
    std::vector<size_t> m_chunks;
};

Status inferNhwcConcat(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    out[0].type = in[0].type;
    out[0].dims = in[0].dims;
    out[0].dims[1] = 0;
    for (const TensorDesc& d : in) {
        if (d.rank() != 4)
            return Status(
                StatusCode::InvalidModel, fmt::format("node {}: input of rank {}", node.describe(), d.rank()));
        out[0].dims[1] += d.dims[1];
    }
    return Status::ok();
}

} // namespace

const KernelSpec& nhwcConcatSpec()
{
    static const KernelSpec spec { "", "Concat", 4, 0, inferNhwcConcat,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<NhwcConcatKernel>(); }, nullptr, kNoCaps, "cpu",
        "channel concatenation of NHWC tensors (Optimized, dynamic int8 path)" };
    return spec;
}

} // namespace qs::kernels
