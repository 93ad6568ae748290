// SPDX-License-Identifier: MIT
// Resize (opset 10+) and Upsample (7-9): nearest (all nearest_modes), linear and cubic (cubic_coeff_a,
// exclude_outside) in every coordinate transformation mode (tf_crop_and_resize with a constant roi).
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
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

/// Cubic convolution weights of the four taps floor(x)-1 .. floor(x)+2 for the fractional part t (Keys, with A).
std::array<float, 4> cubicWeights(float t, float a)
{
    const float t1 = t + 1.0f, t2 = 1.0f - t, t3 = 2.0f - t;
    return { ((a * t1 - 5.0f * a) * t1 + 8.0f * a) * t1 - 4.0f * a, ((a + 2.0f) * t - (a + 3.0f)) * t * t + 1.0f,
        ((a + 2.0f) * t2 - (a + 3.0f)) * t2 * t2 + 1.0f, ((a * t3 - 5.0f * a) * t3 + 8.0f * a) * t3 - 4.0f * a };
}

class ResizeKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const Node& node = ctx.node;
        QS_ASSIGN_OR_RETURN(ResizeSpec s, resizeSpec(node, ctx.inputs));
        const bool upsample = node.opType == "Upsample";
        std::string mode = node.attrString("mode", "nearest");
        std::string ctm = node.attrString("coordinate_transformation_mode", "half_pixel");
        std::string nearestMode = node.attrString("nearest_mode", "round_prefer_floor");
        if (upsample || node.opsetVersion < 11) {
            ctm = "asymmetric";
            nearestMode = "floor";
        }
        if (mode == "bilinear")
            mode = "linear";
        if (mode != "nearest" && mode != "linear" && mode != "cubic")
            return err(node, StatusCode::Unsupported, fmt::format("mode '{}'", mode));
        if (node.attrInt("antialias", 0) != 0)
            return err(node, StatusCode::Unsupported, "antialias");
        const float cubicA = node.attrFloat("cubic_coeff_a", -0.75f);
        const bool excludeOutside = node.attrInt("exclude_outside", 0) != 0;
        m_extrapolation = node.attrFloat("extrapolation_value", 0.0f);
        m_in = ctx.inputs[0].dims;
        m_out = s.outDims;
        const size_t rank = m_in.size();
        std::vector<float> roi;
        if (ctm == "tf_crop_and_resize") {
            auto r = hasInput(ctx.inputs, 1) ? constantFloats(ctx.inputs[1]) : std::nullopt;
            if (!r || r->size() != 2 * rank)
                return err(
                    node, StatusCode::Unsupported, "tf_crop_and_resize: roi must be constant, with 2 x rank values");
            roi = *r;
        }
        m_taps = mode == "nearest" ? 1 : (mode == "linear" ? 2 : 4);
        m_interpolating = m_taps > 1;
        m_axes.assign(rank, {});
        for (size_t a = 0; a < rank; ++a) {
            const int64_t inLen = m_in[a];
            const int64_t outLen = m_out[a];
            const float scale = s.scales[a];
            Axis& ax = m_axes[a];
            ax.index.assign(size_t(outLen * m_taps), 0);
            ax.weight.assign(size_t(outLen * m_taps), 0.0f);
            ax.outside.assign(size_t(outLen), 0);
            ax.direct.assign(size_t(outLen), 0);
            bool direct = true;
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
                else if (ctm == "tf_crop_and_resize") {
                    const float start = roi[a], end = roi[a + rank];
                    xo = outLen > 1
                        ? start * float(inLen - 1) + float(o) * (end - start) * float(inLen - 1) / float(outLen - 1)
                        : 0.5f * (start + end) * float(inLen - 1);
                    if (xo < 0.0f || xo > float(inLen - 1)) {
                        ax.outside[size_t(o)] = 1;
                        direct = false;
                        continue;
                    }
                } else
                    return err(node, StatusCode::Unsupported, fmt::format("coordinate_transformation_mode '{}'", ctm));
                int64_t* idx = ax.index.data() + o * m_taps;
                float* w = ax.weight.data() + o * m_taps;
                if (m_taps == 1) {
                    int64_t i;
                    if (nearestMode == "floor")
                        i = int64_t(std::floor(xo));
                    else if (nearestMode == "ceil")
                        i = int64_t(std::ceil(xo));
                    else if (nearestMode == "round_prefer_ceil")
                        i = int64_t(std::floor(xo + 0.5f));
                    else // round_prefer_floor: halves go down
                        i = xo == std::floor(xo) + 0.5f ? int64_t(std::floor(xo)) : int64_t(std::round(xo));
                    idx[0] = std::clamp<int64_t>(i, 0, inLen - 1);
                    w[0] = 1.0f;
                } else if (m_taps == 2) {
                    xo = std::clamp(xo, 0.0f, float(inLen - 1));
                    const int64_t f = std::min<int64_t>(int64_t(std::floor(xo)), inLen - 1);
                    idx[0] = f;
                    idx[1] = std::min<int64_t>(f + 1, inLen - 1);
                    w[1] = xo - float(f);
                    w[0] = 1.0f - w[1];
                } else {
                    // Taps beyond the edges repeat the edge value, or (exclude_outside) drop out with the remaining
                    // weights renormalised.
                    const float f = std::floor(xo);
                    const auto cw = cubicWeights(xo - f, cubicA);
                    float sum = 0.0f;
                    for (int64_t k = 0; k < 4; ++k) {
                        const int64_t i = int64_t(f) - 1 + k;
                        const bool in = i >= 0 && i < inLen;
                        idx[k] = std::clamp<int64_t>(i, 0, inLen - 1);
                        w[k] = excludeOutside && !in ? 0.0f : cw[size_t(k)];
                        sum += w[k];
                    }
                    if (excludeOutside && sum != 0.0f)
                        for (int64_t k = 0; k < 4; ++k)
                            w[k] /= sum;
                }
                // An axis whose every output reads exactly one input element needs no interpolation loop.
                int64_t ones = 0, single = 0;
                for (int64_t k = 0; k < m_taps; ++k)
                    if (w[k] == 1.0f) {
                        ++ones;
                        single = idx[k];
                    } else if (w[k] != 0.0f) {
                        ones = 2;
                    }
                if (ones == 1)
                    ax.direct[size_t(o)] = single;
                else
                    direct = false;
            }
            ax.interpolated = !direct;
        }
        m_inStrides = stridesOf(m_in);
        m_size = dataTypeSize(ctx.inputs[0].type);
        if (m_interpolating && ctx.inputs[0].type != DataType::Float)
            return err(node, StatusCode::Unsupported, fmt::format("{} mode needs float input", mode));
        if (!m_interpolating) {
            for (const Axis& ax : m_axes)
                if (ax.interpolated)
                    return err(node, StatusCode::Unsupported, "tf_crop_and_resize with nearest mode");
        }
        for (size_t a = 0; a < rank; ++a)
            if (m_axes[a].interpolated)
                m_interpAxes.push_back(a);
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const size_t rank = m_in.size();
        const int64_t n = shapeElementCount(m_out);
        const int64_t inner = m_out.back();
        const int64_t rows = inner ? n / inner : 0;
        const auto* xb = static_cast<const std::byte*>(args.inputs[0]);
        auto* yb = static_cast<std::byte*>(args.outputs[0]);
        const size_t nInterp = m_interpAxes.size();
        size_t combos = 1;
        for (size_t k = 0; k < nInterp; ++k)
            combos *= size_t(m_taps);
#pragma omp parallel for if (n > 65536)
        for (int64_t r = 0; r < rows; ++r) {
            std::vector<int64_t> idx(rank, 0);
            int64_t rem = r;
            for (size_t d = rank - 1; d-- > 0;) {
                idx[d] = rem % m_out[d];
                rem /= m_out[d];
            }
            if (!m_interpolating) {
                // Nearest: the row's source offset once, then a gather along the last axis.
                int64_t rowOff = 0;
                for (size_t d = 0; d + 1 < rank; ++d)
                    rowOff += m_axes[d].direct[size_t(idx[d])] * m_inStrides[d];
                const auto& last = m_axes[rank - 1].direct;
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
                continue;
            }
            const float* x = reinterpret_cast<const float*>(xb);
            for (int64_t c = 0; c < inner; ++c) {
                idx[rank - 1] = c;
                const int64_t outIndex = r * inner + c;
                int64_t base = 0;
                bool outside = false;
                for (size_t d = 0; d < rank; ++d) {
                    outside = outside || m_axes[d].outside[size_t(idx[d])];
                    if (!m_axes[d].interpolated)
                        base += m_axes[d].direct[size_t(idx[d])] * m_inStrides[d];
                }
                if (outside) {
                    reinterpret_cast<float*>(yb)[outIndex] = m_extrapolation;
                    continue;
                }
                float acc = 0.0f;
                for (size_t combo = 0; combo < combos; ++combo) {
                    float w = 1.0f;
                    int64_t off = base;
                    size_t rest = combo;
                    for (size_t k = 0; k < nInterp; ++k) {
                        const size_t axis = m_interpAxes[k];
                        const Axis& ax = m_axes[axis];
                        const size_t tap = rest % size_t(m_taps);
                        rest /= size_t(m_taps);
                        const size_t at = size_t(idx[axis] * m_taps) + tap;
                        w *= ax.weight[at];
                        off += ax.index[at] * m_inStrides[axis];
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
        std::vector<int64_t> index; ///< m_taps source indices per output index
        std::vector<float> weight; ///< their weights
        std::vector<int64_t> direct; ///< the single source index when the axis is not interpolated
        std::vector<char> outside; ///< tf_crop_and_resize: output index maps outside the input
        bool interpolated = false;
    };
    bool m_interpolating = false;
    int64_t m_taps = 1;
    float m_extrapolation = 0.0f;
    size_t m_size = 4;
    std::vector<int64_t> m_in, m_out, m_inStrides;
    std::vector<Axis> m_axes;
    std::vector<size_t> m_interpAxes;
};

std::unique_ptr<Kernel> makeResize()
{
    return std::make_unique<ResizeKernel>();
}

Status acceptResize(const Node& node, std::span<const TensorDesc> in)
{
    if (dataTypeSize(in[0].type) == 0)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    return Status::ok();
}

} // namespace

void registerResizeKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "Resize", 10, 0, inferResize, makeResize, acceptResize, kNoCaps, "cpu",
        "nearest (any type), linear and cubic (float); no antialias" });
    r.add(
        KernelSpec { "", "Upsample", 7, 9, inferResize, makeResize, acceptResize, kNoCaps, "cpu", "nearest, linear" });
}

} // namespace qs::kernels
