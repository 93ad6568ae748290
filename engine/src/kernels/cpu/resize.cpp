// SPDX-License-Identifier: MIT
// Resize (opset 10+) and Upsample (7-9): nearest (all nearest_modes, any element type), linear and cubic
// (cubic_coeff_a, exclude_outside, antialias) in every coordinate transformation mode (tf_crop_and_resize with a
// constant roi), the opset 18 axes attribute and keep_aspect_ratio_policy.
//
// Separable execution: per resized axis a table of source windows (resize_taps.h), then one pass per axis. A pass
// along an outer axis combines whole contiguous rows (vector multiply-adds over the inner extent); a pass along the
// last axis gathers (vector gathers over tap-major index tables). Nearest passes copy rows and gather elements. The
// path a node takes is its implementation() ("cpu:avx2 separable linear", ...).
#include "kernels/cpu/resize_simd.h"
#include "kernels/cpu/resize_taps.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

struct ResizeSpec
{
    std::vector<float> scales; ///< per axis of the input, 1 for axes not resized
    std::vector<int64_t> outDims;
    std::vector<int64_t> axes; ///< the axes roi/scales/sizes refer to
};

Result<ResizeSpec> resizeSpec(const Node& node, std::span<const TensorDesc> in)
{
    const auto& x = in[0].dims;
    const int64_t rank = int64_t(x.size());
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
        if (hasInput(in, 3) && in[3].elementCount() > 0) {
            sizes = constantInts(in[3]);
            if (!sizes)
                return err(node, StatusCode::Unsupported, "data-dependent shape (sizes not constant)");
        } else if (hasInput(in, 2)) {
            scales = constantFloats(in[2]);
        }
    }
    if (node.opType == "Resize" && node.opsetVersion >= 18 && node.hasAttribute("axes")) {
        for (int64_t a : node.attrInts("axes")) {
            QS_ASSIGN_OR_RETURN(const int64_t axis, normalizeAxis(node, a, rank));
            if (std::find(s.axes.begin(), s.axes.end(), axis) != s.axes.end())
                return err(node, StatusCode::InvalidModel, fmt::format("axis {} repeated in axes", axis));
            s.axes.push_back(axis);
        }
    } else {
        for (int64_t a = 0; a < rank; ++a)
            s.axes.push_back(a);
    }
    s.scales.assign(size_t(rank), 1.0f);
    s.outDims = x;
    if (sizes && !sizes->empty()) {
        if (sizes->size() != s.axes.size())
            return err(node, StatusCode::InvalidModel,
                fmt::format("sizes has {} values for {} axes", sizes->size(), s.axes.size()));
        const std::string policy
            = node.opsetVersion >= 18 ? node.attrString("keep_aspect_ratio_policy", "stretch") : "stretch";
        if (policy == "stretch") {
            for (size_t i = 0; i < s.axes.size(); ++i) {
                const size_t a = size_t(s.axes[i]);
                s.outDims[a] = (*sizes)[i];
                s.scales[a] = float(s.outDims[a]) / float(x[a]);
            }
            return s;
        }
        if (policy != "not_larger" && policy != "not_smaller")
            return err(node, StatusCode::InvalidModel, fmt::format("keep_aspect_ratio_policy '{}'", policy));
        // One scale for every resized axis, so the aspect ratio stays; lengths round half up.
        float scale = policy == "not_larger" ? std::numeric_limits<float>::max() : 0.0f;
        for (size_t i = 0; i < s.axes.size(); ++i) {
            const float r = float((*sizes)[i]) / float(x[size_t(s.axes[i])]);
            scale = policy == "not_larger" ? std::min(scale, r) : std::max(scale, r);
        }
        for (int64_t a : s.axes) {
            s.scales[size_t(a)] = scale;
            const float extent = std::floor(scale * float(x[size_t(a)]) + 0.5f);
            if (!(extent < 9.0e18f)) // beyond int64: undefined to convert
                return err(node, StatusCode::InvalidModel, fmt::format("sizes make axis {} too large", a));
            s.outDims[size_t(a)] = int64_t(extent);
        }
        return s;
    }
    if (!scales)
        return err(node, StatusCode::Unsupported, "data-dependent shape (scales not constant)");
    if (scales->size() != s.axes.size())
        return err(node, StatusCode::InvalidModel,
            fmt::format("scales has {} values for {} axes", scales->size(), s.axes.size()));
    for (size_t i = 0; i < s.axes.size(); ++i) {
        const size_t a = size_t(s.axes[i]);
        if (!((*scales)[i] > 0.0f))
            return err(node, StatusCode::InvalidModel, fmt::format("scale {} is not positive", (*scales)[i]));
        s.scales[a] = (*scales)[i];
        const float extent = std::floor(float(x[a]) * s.scales[a]);
        // Converting a float beyond int64 is undefined (the executor fuzzer found a scale giving 1.7e26).
        if (!(extent < 9.0e18f))
            return err(node, StatusCode::InvalidModel,
                fmt::format("scale {} makes axis {} ({}) too large", s.scales[a], a, x[a]));
        s.outDims[a] = static_cast<int64_t>(extent);
    }
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
        std::string mode = node.attrString("mode", "nearest");
        ResizeAxisParams params;
        params.coordinateMode = node.attrString("coordinate_transformation_mode", "half_pixel");
        params.nearestMode = node.attrString("nearest_mode", "round_prefer_floor");
        if (upsample || node.opsetVersion < 11) {
            params.coordinateMode = "asymmetric";
            params.nearestMode = "floor";
        }
        if (params.coordinateMode == "half_pixel_symmetric" && node.opsetVersion < 19)
            return err(node, StatusCode::InvalidModel, "half_pixel_symmetric needs opset 19");
        if (mode == "bilinear")
            mode = "linear";
        if (mode == "nearest")
            params.mode = ResizeMode::Nearest;
        else if (mode == "linear")
            params.mode = ResizeMode::Linear;
        else if (mode == "cubic")
            params.mode = ResizeMode::Cubic;
        else
            return err(node, StatusCode::Unsupported, fmt::format("mode '{}'", mode));
        params.antialias = !upsample && node.opsetVersion >= 18 && node.attrInt("antialias", 0) != 0;
        params.cubicA = node.attrFloat("cubic_coeff_a", -0.75f);
        params.excludeOutside = node.attrInt("exclude_outside", 0) != 0;
        m_extrapolation = node.attrFloat("extrapolation_value", 0.0f);
        m_in = ctx.inputs[0].dims;
        m_out = s.outDims;
        m_type = ctx.inputs[0].type;
        m_size = dataTypeSize(m_type);
        m_nearest = params.mode == ResizeMode::Nearest;
        m_what = params.antialias && !m_nearest ? mode + " antialias" : mode;
        if (!m_nearest && m_type != DataType::Float)
            return err(node, StatusCode::Unsupported, fmt::format("{} mode needs float input", mode));
        const size_t rank = m_in.size();
        std::vector<float> roi;
        if (params.coordinateMode == "tf_crop_and_resize") {
            auto r = hasInput(ctx.inputs, 1) ? constantFloats(ctx.inputs[1]) : std::nullopt;
            if (!r || r->size() != 2 * s.axes.size())
                return err(node, StatusCode::Unsupported,
                    "tf_crop_and_resize: roi must be constant, with 2 values per resized axis");
            roi = *r;
        }
        m_taps.assign(rank, {});
        for (size_t i = 0; i < s.axes.size(); ++i) {
            const size_t a = size_t(s.axes[i]);
            params.inLen = m_in[a];
            params.outLen = m_out[a];
            // Nothing to interpolate from (the executor fuzzer found the passes gathering from an empty input).
            if (m_in[a] == 0 && m_out[a] > 0)
                return err(node, StatusCode::InvalidModel,
                    fmt::format("axis {} is empty and cannot be resized to {}", a, m_out[a]));
            params.scale = s.scales[a];
            if (!roi.empty()) {
                params.roiStart = roi[i];
                params.roiEnd = roi[i + s.axes.size()];
            }
            auto taps = resizeAxisTaps(params);
            if (!taps)
                return err(node,
                    taps.status().code() == StatusCode::OutOfMemory ? StatusCode::OutOfMemory : StatusCode::Unsupported,
                    taps.status().message());
            m_taps[a] = std::move(*taps);
            if (m_nearest && m_taps[a].anyOutside)
                return err(node, StatusCode::Unsupported, "tf_crop_and_resize with nearest mode");
        }
        for (size_t a = 0; a < rank; ++a) {
            if (m_taps[a].index.empty()) { // not among axes: identity
                m_taps[a].identity = true;
                m_taps[a].window = 1;
            }
            m_anyOutside = m_anyOutside || m_taps[a].anyOutside;
        }
        m_loops = resizeLoops(quant::bestQuantIsa());
        planPasses();
        return Status::ok();
    }

    size_t scratchBytes() const override { return m_scratchBytes; }

    std::string implementation() const override
    {
        if (m_passes.empty())
            return "cpu:copy";
        if (m_nearest)
            return m_size == 4 ? fmt::format("cpu:{} separable nearest", m_loops.isa)
                               : fmt::format("cpu:scalar separable nearest ({}-byte elements)", m_size);
        return fmt::format("cpu:{} separable {}", m_loops.isa, m_what);
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* src = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        if (shapeElementCount(m_out) == 0)
            return Status::ok(); // an empty output: the passes' intermediate extents may not be (and have no scratch)
        if (m_passes.empty()) {
            std::memcpy(y, src, size_t(shapeElementCount(m_out)) * m_size);
            return Status::ok();
        }
        auto* scratch = static_cast<std::byte*>(args.scratch);
        for (size_t p = 0; p < m_passes.size(); ++p) {
            std::byte* dst = p + 1 == m_passes.size() ? y : scratch + (p % 2) * m_half;
            runPass(m_passes[p], src, dst);
            src = dst;
        }
        if (m_anyOutside)
            fillOutside(reinterpret_cast<float*>(y));
        return Status::ok();
    }

private:
    struct Pass
    {
        size_t axis = 0;
        int64_t outer = 1, inLen = 1, outLen = 1, inner = 1;
        const AxisTaps* taps = nullptr;
        std::vector<int32_t> index; ///< last-axis pass: tap-major source indices
        std::vector<float> weight; ///< last-axis pass: tap-major weights
    };

    /// Passes over the resized axes, innermost first or outermost first, whichever touches fewer elements (upscaling
    /// gathers the small input first; downscaling shrinks the rows first); intermediates ping-pong in scratch.
    void planPasses()
    {
        std::vector<size_t> axes;
        for (size_t a = 0; a < m_in.size(); ++a)
            if (!m_taps[a].identity)
                axes.push_back(a);
        const auto cost = [&](const std::vector<size_t>& order) {
            std::vector<int64_t> dims = m_in;
            double total = 0;
            for (size_t a : order) {
                dims[a] = m_out[a];
                total += double(shapeElementCount(dims)) * double(m_taps[a].window) * (a + 1 == m_in.size() ? 2 : 1);
            }
            return total;
        };
        std::vector<size_t> order(axes.rbegin(), axes.rend());
        if (cost(axes) < cost(order))
            order = axes;
        std::vector<int64_t> dims = m_in;
        int64_t largest = 0;
        m_passes.clear();
        for (size_t a : order) {
            Pass p;
            p.axis = a;
            p.taps = &m_taps[a];
            p.inLen = dims[a];
            p.outLen = m_out[a];
            for (size_t d = 0; d < a; ++d)
                p.outer *= dims[d];
            for (size_t d = a + 1; d < dims.size(); ++d)
                p.inner *= dims[d];
            if (p.inner == 1) { // the last axis (or only unit extents behind it): tap-major tables for the gathers
                const int64_t w = p.taps->window;
                p.index.resize(size_t(w * p.outLen));
                p.weight.resize(size_t(w * p.outLen));
                for (int64_t o = 0; o < p.outLen; ++o)
                    for (int64_t t = 0; t < w; ++t) {
                        p.index[size_t(t * p.outLen + o)] = int32_t(p.taps->index[size_t(o * w + t)]);
                        p.weight[size_t(t * p.outLen + o)] = p.taps->weight[size_t(o * w + t)];
                    }
            }
            dims[a] = m_out[a];
            m_passes.push_back(std::move(p));
            if (m_passes.size() < order.size())
                largest = std::max(largest, shapeElementCount(dims));
        }
        m_half = (size_t(largest) * m_size + 63) / 64 * 64;
        m_scratchBytes = order.size() > 2 ? 2 * m_half : (order.size() == 2 ? m_half : 0);
    }

    void runPass(const Pass& p, const std::byte* src, std::byte* dst) const
    {
        const int64_t w = p.taps->window;
        const size_t rowBytes = size_t(p.inner) * m_size;
        if (p.inner == 1) {
#pragma omp parallel for if (p.outer * p.outLen * w > 65536)
            for (int64_t r = 0; r < p.outer; ++r) {
                const std::byte* x = src + size_t(r * p.inLen) * m_size;
                std::byte* yr = dst + size_t(r * p.outLen) * m_size;
                if (!m_nearest)
                    m_loops.gather(reinterpret_cast<const float*>(x), p.index.data(), p.weight.data(), w, p.outLen,
                        reinterpret_cast<float*>(yr));
                else if (m_size == 4)
                    m_loops.copyGather(reinterpret_cast<const uint32_t*>(x), p.index.data(), p.outLen,
                        reinterpret_cast<uint32_t*>(yr));
                else
                    for (int64_t o = 0; o < p.outLen; ++o)
                        std::memcpy(yr + size_t(o) * m_size, x + size_t(p.index[size_t(o)]) * m_size, m_size);
            }
            return;
        }
        const int64_t rows = p.outer * p.outLen;
#pragma omp parallel for if (rows * p.inner * w > 65536)
        for (int64_t r = 0; r < rows; ++r) {
            const int64_t outerIdx = r / p.outLen, o = r % p.outLen;
            const std::byte* base = src + size_t(outerIdx * p.inLen) * rowBytes;
            std::byte* yr = dst + size_t(r) * rowBytes;
            const int64_t* idx = p.taps->index.data() + o * w;
            if (m_nearest) {
                std::memcpy(yr, base + size_t(idx[0]) * rowBytes, rowBytes);
                continue;
            }
            // Antialiased downscaling by more than 30x needs wider windows than the stack array.
            const float* stackPtrs[64];
            std::vector<const float*> heapPtrs(w > 64 ? size_t(w) : 0);
            const float** rowPtrs = w > 64 ? heapPtrs.data() : stackPtrs;
            const float* wt = p.taps->weight.data() + o * w;
            for (int64_t t = 0; t < w; ++t)
                rowPtrs[t] = reinterpret_cast<const float*>(base + size_t(idx[t]) * rowBytes);
            m_loops.rows(rowPtrs, wt, w, p.inner, reinterpret_cast<float*>(yr));
        }
    }

    /// tf_crop_and_resize: outputs whose position along some axis lies outside the input get extrapolation_value.
    void fillOutside(float* y) const
    {
        const size_t rank = m_out.size();
        const int64_t n = shapeElementCount(m_out);
        std::vector<int64_t> idx(rank, 0);
        for (int64_t e = 0; e < n; ++e) {
            bool outside = false;
            for (size_t d = 0; d < rank && !outside; ++d)
                outside = m_taps[d].anyOutside && m_taps[d].outside[size_t(idx[d])];
            if (outside)
                y[e] = m_extrapolation;
            for (size_t d = rank; d-- > 0;) {
                if (++idx[d] < m_out[d])
                    break;
                idx[d] = 0;
            }
        }
    }

    bool m_nearest = true;
    std::string m_what; ///< "linear", "cubic antialias", ... for implementation()
    bool m_anyOutside = false;
    float m_extrapolation = 0.0f;
    DataType m_type = DataType::Float;
    size_t m_size = 4;
    std::vector<int64_t> m_in, m_out;
    std::vector<AxisTaps> m_taps;
    std::vector<Pass> m_passes;
    ResizeLoops m_loops {};
    size_t m_half = 0, m_scratchBytes = 0;
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
        "nearest (any type), linear and cubic (float), antialias, axes, keep_aspect_ratio_policy; separable, "
        "AVX2/AVX-512" });
    r.add(
        KernelSpec { "", "Upsample", 7, 9, inferResize, makeResize, acceptResize, kNoCaps, "cpu", "nearest, linear" });
}

} // namespace qs::kernels
