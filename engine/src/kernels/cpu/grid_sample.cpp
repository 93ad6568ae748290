// SPDX-License-Identifier: MIT
// GridSample (4-D: N,C,H,W input, N,Ho,Wo,2 grid): every output point samples the input at the normalised (x, y)
// the grid gives, with nearest/linear/cubic interpolation and zeros/border/reflection padding, following the ONNX
// operator's definition (which follows PyTorch's grid_sampler).
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace qs::kernels {
namespace {

enum class Interp
{
    Nearest,
    Linear,
    Cubic,
};
enum class Padding
{
    Zeros,
    Border,
    Reflection,
};

Status inferGridSample(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (!hasInput(in, 0) || !hasInput(in, 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs X and grid", node.describe()));
    const TensorDesc& x = in[0];
    const TensorDesc& grid = in[1];
    if (x.rank() != 4 || grid.rank() != 4)
        return Status(StatusCode::Unsupported,
            fmt::format(
                "node {}: only 4-D input and grid (got rank {} and {})", node.describe(), x.rank(), grid.rank()));
    if (grid.dims[0] != x.dims[0] || grid.dims[3] != 2)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: grid [{}] does not fit input [{}]", node.describe(), formatDims(grid.dims),
                formatDims(x.dims)));
    out[0].type = x.type;
    out[0].dims = { x.dims[0], x.dims[1], grid.dims[1], grid.dims[2] };
    return Status::ok();
}

Status acceptGridSample(const Node&, std::span<const TensorDesc> in)
{
    if (in[0].type != DataType::Float || in[1].type != DataType::Float)
        return Status(StatusCode::Unsupported, "only float input and grid");
    return Status::ok();
}

/// Folds `v` back into [lo, hi] by repeated reflection at the borders.
float reflect(float v, float lo, float hi)
{
    const float range = hi - lo;
    if (range <= 0.0f)
        return lo;
    if (v < lo) {
        const float d = lo - v;
        const int64_t n = int64_t(d / range);
        const float r = d - float(n) * range;
        return n % 2 == 0 ? lo + r : hi - r;
    }
    if (v > hi) {
        const float d = v - hi;
        const int64_t n = int64_t(d / range);
        const float r = d - float(n) * range;
        return n % 2 == 0 ? hi - r : lo + r;
    }
    return v;
}

void cubicCoefficients(float t, float c[4])
{
    constexpr float a = -0.75f; // Keys' cubic convolution, as PyTorch and ONNX use
    const float x1 = t + 1.0f, x2 = 1.0f - t, x3 = 2.0f - t;
    c[0] = ((a * x1 - 5.0f * a) * x1 + 8.0f * a) * x1 - 4.0f * a;
    c[1] = ((a + 2.0f) * t - (a + 3.0f)) * t * t + 1.0f;
    c[2] = ((a + 2.0f) * x2 - (a + 3.0f)) * x2 * x2 + 1.0f;
    c[3] = ((a * x3 - 5.0f * a) * x3 + 8.0f * a) * x3 - 4.0f * a;
}

class GridSampleKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const Node& node = ctx.node;
        const std::string mode = node.attrString("mode", ctx.node.opsetVersion >= 20 ? "linear" : "bilinear");
        if (mode == "nearest")
            m_interp = Interp::Nearest;
        else if (mode == "linear" || mode == "bilinear")
            m_interp = Interp::Linear;
        else if (mode == "cubic" || mode == "bicubic")
            m_interp = Interp::Cubic;
        else
            return Status(StatusCode::Unsupported, fmt::format("node {}: mode '{}'", node.describe(), mode));
        const std::string padding = node.attrString("padding_mode", "zeros");
        if (padding == "zeros")
            m_padding = Padding::Zeros;
        else if (padding == "border")
            m_padding = Padding::Border;
        else if (padding == "reflection")
            m_padding = Padding::Reflection;
        else
            return Status(StatusCode::Unsupported, fmt::format("node {}: padding_mode '{}'", node.describe(), padding));
        m_alignCorners = node.attrInt("align_corners", 0) != 0;
        m_x = ctx.inputs[0].dims;
        m_outH = ctx.inputs[1].dims[1];
        m_outW = ctx.inputs[1].dims[2];
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const float* x = static_cast<const float*>(args.inputs[0]);
        const float* grid = static_cast<const float*>(args.inputs[1]);
        float* y = static_cast<float*>(args.outputs[0]);
        const int64_t n = m_x[0], c = m_x[1], h = m_x[2], w = m_x[3];
        const int64_t points = m_outH * m_outW;
#pragma omp parallel for collapse(2) if (n * c * points > 16384)
        for (int64_t b = 0; b < n; ++b)
            for (int64_t ch = 0; ch < c; ++ch) {
                const float* plane = x + (b * c + ch) * h * w;
                const float* g = grid + b * points * 2;
                float* dst = y + (b * c + ch) * points;
                for (int64_t p = 0; p < points; ++p)
                    dst[p] = sample(plane, h, w, g[2 * p], g[2 * p + 1]);
            }
        return Status::ok();
    }

    std::string implementation() const override
    {
        return "cpu";
    }

private:
    float denormalize(float v, int64_t size) const
    {
        return m_alignCorners ? (v + 1.0f) / 2.0f * float(size - 1) : ((v + 1.0f) * float(size) - 1.0f) / 2.0f;
    }
    float lowBorder() const
    {
        return m_alignCorners ? 0.0f : -0.5f;
    }
    float highBorder(int64_t size) const
    {
        return m_alignCorners ? float(size - 1) : float(size) - 0.5f;
    }

    /// The source coordinate after the padding mode's treatment of points outside the borders.
    float padCoordinate(float v, int64_t size) const
    {
        const float lo = lowBorder(), hi = highBorder(size);
        if (v >= lo && v <= hi)
            return v;
        if (m_padding == Padding::Border)
            return std::clamp(v, 0.0f, float(size - 1));
        if (m_padding == Padding::Reflection)
            return reflect(v, lo, hi);
        return v;
    }

    /// Pixel (iy, ix) of the plane, with the padding mode deciding what lies outside.
    float pixel(const float* plane, int64_t h, int64_t w, int64_t iy, int64_t ix) const
    {
        if (m_padding == Padding::Zeros) {
            if (iy < 0 || iy >= h || ix < 0 || ix >= w)
                return 0.0f;
        } else if (m_padding == Padding::Border) {
            iy = std::clamp<int64_t>(iy, 0, h - 1);
            ix = std::clamp<int64_t>(ix, 0, w - 1);
        } else {
            iy = int64_t(reflect(float(iy), lowBorder(), highBorder(h)));
            ix = int64_t(reflect(float(ix), lowBorder(), highBorder(w)));
            iy = std::clamp<int64_t>(iy, 0, h - 1);
            ix = std::clamp<int64_t>(ix, 0, w - 1);
        }
        return plane[iy * w + ix];
    }

    float sample(const float* plane, int64_t h, int64_t w, float gx, float gy) const
    {
        float fx = denormalize(gx, w);
        float fy = denormalize(gy, h);
        if (m_interp == Interp::Nearest) {
            fx = std::nearbyint(fx); // round half to even, as PyTorch's 2-D grid_sampler
            fy = std::nearbyint(fy);
        }
        fx = padCoordinate(fx, w);
        fy = padCoordinate(fy, h);
        if (m_interp == Interp::Nearest)
            return pixel(plane, h, w, int64_t(fy), int64_t(fx));
        const float x0f = std::floor(fx), y0f = std::floor(fy);
        const int64_t x0 = int64_t(x0f), y0 = int64_t(y0f);
        const float tx = fx - x0f, ty = fy - y0f;
        if (m_interp == Interp::Linear) {
            const float top = (1.0f - tx) * pixel(plane, h, w, y0, x0) + tx * pixel(plane, h, w, y0, x0 + 1);
            const float bottom = (1.0f - tx) * pixel(plane, h, w, y0 + 1, x0) + tx * pixel(plane, h, w, y0 + 1, x0 + 1);
            return (1.0f - ty) * top + ty * bottom;
        }
        float cx[4], cy[4];
        cubicCoefficients(tx, cx);
        cubicCoefficients(ty, cy);
        float sum = 0.0f;
        for (int64_t i = 0; i < 4; ++i) {
            float row = 0.0f;
            for (int64_t j = 0; j < 4; ++j)
                row += cx[j] * pixel(plane, h, w, y0 - 1 + i, x0 - 1 + j);
            sum += cy[i] * row;
        }
        return sum;
    }

    Interp m_interp = Interp::Linear;
    Padding m_padding = Padding::Zeros;
    bool m_alignCorners = false;
    std::vector<int64_t> m_x;
    int64_t m_outH = 0;
    int64_t m_outW = 0;
};

} // namespace

void registerGridSampleKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "GridSample",
        .sinceVersion = 16,
        .untilVersion = 0,
        .inferShapes = inferGridSample,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<GridSampleKernel>(); },
        .accepts = acceptGridSample,
        .notes = "float, 4-D; nearest/linear/cubic, zeros/border/reflection, align_corners" });
}

} // namespace qs::kernels
