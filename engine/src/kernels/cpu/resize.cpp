// SPDX-License-Identifier: MIT
// Resize (opset 10+) and Upsample (7-9): nearest (all nearest_modes) and linear in the coordinate transformation
// modes exporters use (half_pixel, pytorch_half_pixel, align_corners, asymmetric, tf_half_pixel_for_nn).
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

struct ResizeSpec
{
    std::vector<float> scales;
    std::vector<int64_t> outDims;
};

Result<ResizeSpec> resizeSpec(const Node& node, std::span<const TensorDesc> in)
{
    const auto& x = in[0].dims;
    ResizeSpec s;
    std::optional<std::vector<float>> scales;
    std::optional<std::vector<int64_t>> sizes;
    if (node.opType == "Upsample") {
        if (node.opsetVersion < 9)
            scales = node.attrFloats("scales");
        else
            scales = constantFloats(in[1]);
    } else if (node.opsetVersion < 11) {
        scales = constantFloats(in[1]);
    } else {
        if (hasInput(in, 3)) {
            sizes = constantInts(in[3]);
            if (!sizes)
                return err(node, StatusCode::Unsupported, "data-dependent shape (sizes not constant)");
        } else if (hasInput(in, 2)) {
            scales = constantFloats(in[2]);
        }
        if (node.hasAttribute("axes"))
            return err(node, StatusCode::Unsupported, "the axes attribute is not supported");
    }
    if (sizes && !sizes->empty()) {
        if (sizes->size() != x.size())
            return err(node, StatusCode::InvalidModel, "sizes length differs from the input rank");
        s.outDims = *sizes;
        for (size_t i = 0; i < x.size(); ++i)
            s.scales.push_back(float(s.outDims[i]) / float(x[i]));
        return s;
    }
    if (!scales)
        return err(node, StatusCode::Unsupported, "data-dependent shape (scales not constant)");
    if (scales->size() != x.size())
        return err(node, StatusCode::InvalidModel, "scales length differs from the input rank");
    s.scales = *scales;
    for (size_t i = 0; i < x.size(); ++i)
        s.outDims.push_back(static_cast<int64_t>(std::floor(float(x[i]) * s.scales[i])));
    return s;
}

Status inferResize(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(ResizeSpec s, resizeSpec(node, in));
    out[0].type = in[0].type;
    out[0].dims = s.outDims;
    return Status::ok();
}

class ResizeKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const Node& node = ctx.node;
        QS_ASSIGN_OR_RETURN(ResizeSpec s, resizeSpec(node, ctx.inputs));
        const bool upsample = node.opType == "Upsample";
        const std::string mode = node.attrString("mode", "nearest");
        std::string ctm = node.attrString("coordinate_transformation_mode", "half_pixel");
        std::string nearestMode = node.attrString("nearest_mode", "round_prefer_floor");
        if (upsample || node.opsetVersion < 11) {
            ctm = "asymmetric";
            nearestMode = "floor";
        }
        if (mode != "nearest" && mode != "linear" && mode != "bilinear")
            return err(node, StatusCode::Unsupported, fmt::format("mode '{}'", mode));
        if (ctm == "tf_crop_and_resize")
            return err(node, StatusCode::Unsupported, "coordinate_transformation_mode 'tf_crop_and_resize'");
        if (node.attrInt("antialias", 0) != 0)
            return err(node, StatusCode::Unsupported, "antialias");
        m_linear = mode != "nearest";
        m_in = ctx.inputs[0].dims;
        m_out = s.outDims;
        const size_t rank = m_in.size();
        m_axes.assign(rank, {});
        for (size_t a = 0; a < rank; ++a) {
            const int64_t inLen = m_in[a];
            const int64_t outLen = m_out[a];
            const float scale = s.scales[a];
            Axis& ax = m_axes[a];
            ax.i0.resize(size_t(outLen));
            ax.i1.resize(size_t(outLen));
            ax.w.resize(size_t(outLen));
            for (int64_t o = 0; o < outLen; ++o) {
                float xo;
                if (ctm == "half_pixel")
                    xo = (float(o) + 0.5f) / scale - 0.5f;
                else if (ctm == "pytorch_half_pixel")
                    xo = outLen > 1 ? (float(o) + 0.5f) / scale - 0.5f : 0.0f;
                else if (ctm == "align_corners") // ONNX uses the unrounded resized length in*scale here
                    xo = outLen == 1 ? 0.0f : float(o) * float(inLen - 1) / (float(inLen) * scale - 1.0f);
                else if (ctm == "asymmetric")
                    xo = float(o) / scale;
                else if (ctm == "tf_half_pixel_for_nn")
                    xo = (float(o) + 0.5f) / scale;
                else
                    return err(node, StatusCode::Unsupported, fmt::format("coordinate_transformation_mode '{}'", ctm));
                if (!m_linear) {
                    int64_t i;
                    if (nearestMode == "floor")
                        i = int64_t(std::floor(xo));
                    else if (nearestMode == "ceil")
                        i = int64_t(std::ceil(xo));
                    else if (nearestMode == "round_prefer_ceil")
                        i = int64_t(std::floor(xo + 0.5f));
                    else // round_prefer_floor: halves go down
                        i = xo == std::floor(xo) + 0.5f ? int64_t(std::floor(xo)) : int64_t(std::round(xo));
                    i = std::clamp<int64_t>(i, 0, inLen - 1);
                    ax.i0[size_t(o)] = ax.i1[size_t(o)] = i;
                    ax.w[size_t(o)] = 0.0f;
                } else {
                    xo = std::clamp(xo, 0.0f, float(inLen - 1));
                    const int64_t f = std::min<int64_t>(int64_t(std::floor(xo)), inLen - 1);
                    ax.i0[size_t(o)] = f;
                    ax.i1[size_t(o)] = std::min<int64_t>(f + 1, inLen - 1);
                    ax.w[size_t(o)] = xo - float(f);
                }
            }
            ax.interpolated = m_linear && (inLen != outLen || ctm != "asymmetric");
        }
        m_inStrides = stridesOf(m_in);
        m_size = dataTypeSize(ctx.inputs[0].type);
        if (m_linear && ctx.inputs[0].type != DataType::Float)
            return err(node, StatusCode::Unsupported, "linear mode needs float input");
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const size_t rank = m_in.size();
        const int64_t n = shapeElementCount(m_out);
        const int64_t inner = m_out.back();
        const int64_t rows = inner ? n / inner : 0;
        std::vector<size_t> interp;
        for (size_t a = 0; a < rank; ++a)
            if (m_axes[a].interpolated)
                interp.push_back(a);
        const auto* xb = static_cast<const std::byte*>(args.inputs[0]);
        auto* yb = static_cast<std::byte*>(args.outputs[0]);
#pragma omp parallel for if (n > 65536)
        for (int64_t r = 0; r < rows; ++r) {
            std::vector<int64_t> idx(rank, 0);
            int64_t rem = r;
            for (size_t d = rank - 1; d-- > 0;) {
                idx[d] = rem % m_out[d];
                rem /= m_out[d];
            }
            for (int64_t c = 0; c < inner; ++c) {
                idx[rank - 1] = c;
                const int64_t outIndex = r * inner + c;
                if (!m_linear) {
                    // Nearest: the row's source offset once, then a gather along the last axis.
                    int64_t rowOff = 0;
                    for (size_t d = 0; d + 1 < rank; ++d)
                        rowOff += m_axes[d].i0[size_t(idx[d])] * m_inStrides[d];
                    const auto& last = m_axes[rank - 1].i0;
                    if (m_size == 4) {
                        const auto* src = reinterpret_cast<const uint32_t*>(xb) + rowOff;
                        auto* dst = reinterpret_cast<uint32_t*>(yb) + r * inner;
                        for (int64_t k = 0; k < inner; ++k)
                            dst[k] = src[last[size_t(k)]];
                    } else {
                        for (int64_t k = 0; k < inner; ++k)
                            std::memcpy(yb + (r * inner + k) * int64_t(m_size),
                                xb + (rowOff + last[size_t(k)]) * int64_t(m_size), m_size);
                    }
                    break;
                }
                const float* x = reinterpret_cast<const float*>(xb);
                int64_t base = 0;
                for (size_t d = 0; d < rank; ++d)
                    if (!m_axes[d].interpolated)
                        base += m_axes[d].i0[size_t(idx[d])] * m_inStrides[d];
                float acc = 0.0f;
                const size_t corners = size_t(1) << interp.size();
                for (size_t mask = 0; mask < corners; ++mask) {
                    float w = 1.0f;
                    int64_t off = base;
                    for (size_t k = 0; k < interp.size(); ++k) {
                        const Axis& ax = m_axes[interp[k]];
                        const size_t o = size_t(idx[interp[k]]);
                        if (mask & (size_t(1) << k)) {
                            w *= ax.w[o];
                            off += ax.i1[o] * m_inStrides[interp[k]];
                        } else {
                            w *= 1.0f - ax.w[o];
                            off += ax.i0[o] * m_inStrides[interp[k]];
                        }
                    }
                    if (w != 0.0f)
                        acc += w * x[off];
                }
                reinterpret_cast<float*>(yb)[outIndex] = acc;
            }
        }
        return Status::ok();
    }

private:
    struct Axis
    {
        std::vector<int64_t> i0, i1;
        std::vector<float> w;
        bool interpolated = false;
    };
    bool m_linear = false;
    size_t m_size = 4;
    std::vector<int64_t> m_in, m_out, m_inStrides;
    std::vector<Axis> m_axes;
};

std::unique_ptr<Kernel> makeResize()
{
    return std::make_unique<ResizeKernel>();
}

Status acceptResize(const Node& node, std::span<const TensorDesc> in)
{
    if (dataTypeSize(in[0].type) == 0)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    const std::string mode = node.attrString("mode", "nearest");
    if (mode == "cubic")
        return Status(StatusCode::Unsupported, "mode 'cubic'");
    return Status::ok();
}

} // namespace

void registerResizeKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "Resize", 10, 0, inferResize, makeResize, acceptResize, kNoCaps, "cpu",
        "nearest (any type), linear (float); no cubic, tf_crop_and_resize, antialias" });
    r.add(
        KernelSpec { "", "Upsample", 7, 9, inferResize, makeResize, acceptResize, kNoCaps, "cpu", "nearest, linear" });
}

} // namespace qs::kernels
