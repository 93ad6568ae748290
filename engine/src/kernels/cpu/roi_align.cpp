// SPDX-License-Identifier: MIT
// RoiAlign: for every region of interest, an output_height x output_width grid of bins, each the average (or max)
// of bilinearly interpolated samples (sampling_ratio per bin side, or ceil(roi size / bins) when 0). Coordinates
// follow coordinate_transformation_mode: half_pixel shifts by -0.5 (opset 16's default), output_half_pixel does
// not and keeps regions at least one pixel wide (opset 10's behaviour). Mode max follows ONNX Runtime (each sample
// is the largest weighted corner, not the interpolated value): the product compares against it, and the ONNX
// conformance cases cover only avg.
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace qs::kernels {
namespace {

Status inferRoiAlign(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (in.size() < 3 || !hasInput(in, 0) || !hasInput(in, 1) || !hasInput(in, 2))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs X, rois, batch_indices", node.describe()));
    const TensorDesc& x = in[0];
    const TensorDesc& rois = in[1];
    if (x.rank() != 4 || rois.rank() != 2 || rois.dims[1] != 4 || in[2].rank() != 1 || in[2].dims[0] != rois.dims[0])
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: expects X [N,C,H,W], rois [R,4], batch_indices [R]; got [{}], [{}], [{}]",
                node.describe(), formatDims(x.dims), formatDims(rois.dims), formatDims(in[2].dims)));
    out[0].type = x.type;
    out[0].dims = { rois.dims[0], x.dims[1], node.attrInt("output_height", 1), node.attrInt("output_width", 1) };
    return Status::ok();
}

Status acceptRoiAlign(const Node&, std::span<const TensorDesc> in)
{
    if (in[0].type != DataType::Float || in[1].type != DataType::Float)
        return Status(StatusCode::Unsupported, "only float X and rois");
    if (in[2].type != DataType::Int64 && in[2].type != DataType::Int32)
        return Status(StatusCode::Unsupported, "batch_indices must be int64 or int32");
    return Status::ok();
}

class RoiAlignKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const Node& node = ctx.node;
        const std::string mode = node.attrString("mode", "avg");
        if (mode != "avg" && mode != "max")
            return Status(StatusCode::Unsupported, fmt::format("node {}: mode '{}'", node.describe(), mode));
        m_max = mode == "max";
        const std::string ctm = node.attrString(
            "coordinate_transformation_mode", node.opsetVersion >= 16 ? "half_pixel" : "output_half_pixel");
        if (ctm != "half_pixel" && ctm != "output_half_pixel")
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: coordinate_transformation_mode '{}'", node.describe(), ctm));
        m_halfPixel = ctm == "half_pixel";
        m_samplingRatio = node.attrInt("sampling_ratio", 0);
        m_scale = node.attrFloat("spatial_scale", 1.0f);
        m_x = ctx.inputs[0].dims;
        m_rois = ctx.inputs[1].dims[0];
        m_outH = ctx.outputs[0].dims[2];
        m_outW = ctx.outputs[0].dims[3];
        m_indices32 = ctx.inputs[2].type == DataType::Int32;
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const float* x = static_cast<const float*>(args.inputs[0]);
        const float* rois = static_cast<const float*>(args.inputs[1]);
        float* y = static_cast<float*>(args.outputs[0]);
        const int64_t n = m_x[0], c = m_x[1], h = m_x[2], w = m_x[3];
        for (int64_t r = 0; r < m_rois; ++r) {
            const int64_t b = m_indices32 ? static_cast<const int32_t*>(args.inputs[2])[r]
                                          : static_cast<const int64_t*>(args.inputs[2])[r];
            if (b < 0 || b >= n)
                return Status(StatusCode::InvalidArgument,
                    fmt::format("RoiAlign: batch index {} of roi {} is outside [0, {})", b, r, n));
        }
#pragma omp parallel for collapse(2) if (m_rois * c * m_outH * m_outW > 4096)
        for (int64_t r = 0; r < m_rois; ++r)
            for (int64_t ch = 0; ch < c; ++ch) {
                const int64_t b = m_indices32 ? static_cast<const int32_t*>(args.inputs[2])[r]
                                              : static_cast<const int64_t*>(args.inputs[2])[r];
                poolRoi(x + (b * c + ch) * h * w, h, w, rois + r * 4, y + (r * c + ch) * m_outH * m_outW);
            }
        return Status::ok();
    }

private:
    void poolRoi(const float* plane, int64_t h, int64_t w, const float* roi, float* out) const
    {
        const float offset = m_halfPixel ? 0.5f : 0.0f;
        const float startW = roi[0] * m_scale - offset, startH = roi[1] * m_scale - offset;
        const float endW = roi[2] * m_scale - offset, endH = roi[3] * m_scale - offset;
        float roiW = endW - startW, roiH = endH - startH;
        if (!m_halfPixel) {
            roiW = std::max(roiW, 1.0f);
            roiH = std::max(roiH, 1.0f);
        }
        const float binH = roiH / float(m_outH), binW = roiW / float(m_outW);
        const int64_t gridH = m_samplingRatio > 0 ? m_samplingRatio : int64_t(std::ceil(roiH / float(m_outH)));
        const int64_t gridW = m_samplingRatio > 0 ? m_samplingRatio : int64_t(std::ceil(roiW / float(m_outW)));
        const float count = float(std::max<int64_t>(gridH * gridW, 1));
        for (int64_t ph = 0; ph < m_outH; ++ph)
            for (int64_t pw = 0; pw < m_outW; ++pw) {
                float acc = 0.0f;
                bool first = true;
                for (int64_t iy = 0; iy < gridH; ++iy) {
                    const float yy = startH + float(ph) * binH + (float(iy) + 0.5f) * binH / float(gridH);
                    for (int64_t ix = 0; ix < gridW; ++ix) {
                        const float xx = startW + float(pw) * binW + (float(ix) + 0.5f) * binW / float(gridW);
                        const float v = bilinear(plane, h, w, yy, xx);
                        if (!m_max)
                            acc += v;
                        else if (first || v > acc)
                            acc = v;
                        first = false;
                    }
                }
                out[ph * m_outW + pw] = m_max ? acc : acc / count;
            }
    }

    /// The sample at (y, x); zero outside [-1, size], clamped to the border inside that margin. In max mode each
    /// sample is the largest of its four weighted corners (what ONNX Runtime computes).
    float bilinear(const float* plane, int64_t h, int64_t w, float y, float x) const
    {
        if (y < -1.0f || y > float(h) || x < -1.0f || x > float(w))
            return 0.0f;
        y = std::max(y, 0.0f);
        x = std::max(x, 0.0f);
        int64_t y0 = int64_t(y), x0 = int64_t(x), y1 = y0 + 1, x1 = x0 + 1;
        if (y0 >= h - 1) {
            y0 = y1 = h - 1;
            y = float(y0);
        }
        if (x0 >= w - 1) {
            x0 = x1 = w - 1;
            x = float(x0);
        }
        const float ly = y - float(y0), lx = x - float(x0), hy = 1.0f - ly, hx = 1.0f - lx;
        const float v1 = hy * hx * plane[y0 * w + x0], v2 = hy * lx * plane[y0 * w + x1];
        const float v3 = ly * hx * plane[y1 * w + x0], v4 = ly * lx * plane[y1 * w + x1];
        if (m_max)
            return std::max(std::max(v1, v2), std::max(v3, v4));
        return v1 + v2 + v3 + v4;
    }

    bool m_max = false;
    bool m_halfPixel = true;
    bool m_indices32 = false;
    int64_t m_samplingRatio = 0;
    float m_scale = 1.0f;
    std::vector<int64_t> m_x;
    int64_t m_rois = 0;
    int64_t m_outH = 1;
    int64_t m_outW = 1;
};

} // namespace

void registerRoiAlignKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "RoiAlign",
        .sinceVersion = 10,
        .untilVersion = 0,
        .inferShapes = inferRoiAlign,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<RoiAlignKernel>(); },
        .accepts = acceptRoiAlign,
        .notes = "float; avg, and max as ONNX Runtime computes it; half_pixel and output_half_pixel" });
}

} // namespace qs::kernels
