// SPDX-License-Identifier: MIT
#include "kernels/int8/nhwc_resize.h"

#include "kernels/cpu/resize_taps.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

namespace qs::kernels {

namespace {

/// The H and W scales ONNX uses for the coordinate transformation: the constant scales, or output / input sizes.
std::optional<std::pair<float, float>> spatialScales(std::span<const TensorDesc> in, const TensorDesc& out)
{
    if (hasInput(in, 3)) {
        const auto sizes = constantInts(in[3]);
        if (!sizes || sizes->size() != 4)
            return std::nullopt;
        return std::pair { float(out.dims[2]) / float(in[0].dims[2]), float(out.dims[3]) / float(in[0].dims[3]) };
    }
    if (!hasInput(in, 2))
        return std::nullopt;
    const auto scales = constantFloats(in[2]);
    if (!scales || scales->size() != 4 || (*scales)[0] != 1.0f || (*scales)[1] != 1.0f)
        return std::nullopt;
    return std::pair { (*scales)[2], (*scales)[3] };
}

/// The source row (or column) of every output row (or column): the float Resize kernel's own nearest taps
/// (resize_taps.h), so every coordinate transformation and nearest rounding picks the same pixel as there. Nothing for
/// a form this copy cannot do (tf_crop_and_resize extrapolates; half_pixel_symmetric needs opset 19).
std::optional<std::vector<int64_t>> sourceIndices(const Node& node, int64_t inLen, int64_t outLen, float scale)
{
    ResizeAxisParams p;
    p.mode = ResizeMode::Nearest;
    p.coordinateMode = node.attrString("coordinate_transformation_mode", "half_pixel");
    p.nearestMode = node.attrString("nearest_mode", "round_prefer_floor");
    if (p.coordinateMode == "tf_crop_and_resize"
        || (p.coordinateMode == "half_pixel_symmetric" && node.opsetVersion < 19))
        return std::nullopt;
    p.inLen = inLen;
    p.outLen = outLen;
    p.scale = scale;
    auto taps = resizeAxisTaps(p);
    if (!taps || taps->window != 1 || taps->anyOutside)
        return std::nullopt;
    return std::move(taps->index);
}

class NhwcResizeKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& x = ctx.inputs[0];
        const TensorDesc& y = ctx.outputs[0];
        if (!nhwcResizeSupported(ctx.node, ctx.inputs, y) || x.layout != Layout::Nhwc || y.layout != Layout::Nhwc)
            return Status(
                StatusCode::Internal, fmt::format("node {}: not an NHWC nearest resize", ctx.node.describe()));
        const auto scales = spatialScales(ctx.inputs, y);
        m_in = x.dims;
        m_out = y.dims;
        m_rows = *sourceIndices(ctx.node, x.dims[2], y.dims[2], scales->first);
        m_cols = *sourceIndices(ctx.node, x.dims[3], y.dims[3], scales->second);
        m_pixelBytes = size_t(x.dims[1]) * dataTypeSize(x.type);
        return Status::ok();
    }

    std::string implementation() const override { return "cpu nhwc"; }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        const size_t inRow = size_t(m_in[3]) * m_pixelBytes, outRow = size_t(m_out[3]) * m_pixelBytes;
        for (int64_t n = 0; n < m_out[0]; ++n)
            for (int64_t i = 0; i < m_out[2]; ++i) {
                std::byte* out = y + size_t(n * m_out[2] + i) * outRow;
                // Consecutive output rows from the same source row are copies of the first.
                if (i > 0 && m_rows[size_t(i)] == m_rows[size_t(i - 1)]) {
                    std::memcpy(out, out - outRow, outRow);
                    continue;
                }
                const std::byte* in = x + size_t(n * m_in[2] + m_rows[size_t(i)]) * inRow;
                for (int64_t j = 0; j < m_out[3]; ++j)
                    std::memcpy(
                        out + size_t(j) * m_pixelBytes, in + size_t(m_cols[size_t(j)]) * m_pixelBytes, m_pixelBytes);
            }
        return Status::ok();
    }

private:
    std::vector<int64_t> m_in, m_out, m_rows, m_cols;
    size_t m_pixelBytes = 0;
};

Status inferNhwcResize(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    // Only chosen by the rewrite for an already inferred Resize; the shape is the one inferred then.
    return Status(StatusCode::Internal, fmt::format("node {}: NHWC resize is not a registry kernel", node.describe()));
}

} // namespace

bool nhwcResizeSupported(const Node& node, std::span<const TensorDesc> inputs, const TensorDesc& output)
{
    // keep_aspect_ratio_policy (opset 18) changes the scales sizes imply; axes would name other dimensions.
    if (node.opType != "Resize" || node.opsetVersion < 11 || node.hasAttribute("axes")
        || node.attrString("mode", "nearest") != "nearest" || node.attrInt("antialias", 0) != 0
        || node.attrString("keep_aspect_ratio_policy", "stretch") != "stretch")
        return false;
    const TensorDesc& x = inputs[0];
    if (x.rank() != 4 || output.rank() != 4 || x.dims[0] != output.dims[0] || x.dims[1] != output.dims[1])
        return false;
    const auto scales = spatialScales(inputs, output);
    return scales && scales->first > 0.0f && scales->second > 0.0f
        && sourceIndices(node, x.dims[2], output.dims[2], scales->first)
        && sourceIndices(node, x.dims[3], output.dims[3], scales->second);
}

const KernelSpec& nhwcResizeSpec()
{
    static const KernelSpec spec { "", "Resize", 11, 0, inferNhwcResize,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<NhwcResizeKernel>(); }, nullptr, kNoCaps, "cpu",
        "nearest resize of NHWC tensors, every coordinate transformation but tf_crop_and_resize (Optimized, int8 NHWC "
        "regions)" };
    return spec;
}

} // namespace qs::kernels
