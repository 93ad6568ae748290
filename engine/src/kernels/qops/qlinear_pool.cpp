// SPDX-License-Identifier: MIT
// com.microsoft QLinearGlobalAveragePool and QLinearAveragePool: X, x_scale, x_zero_point, y_scale, y_zero_point
// -> Y, with the `channels_last` attribute (NHWC data) on both.
//
// Both follow ONNX Runtime's arithmetic:
// * Global: an exact int32 sum per channel, acc = sum - x_zp * S (S = spatial size), then
//   y = saturate(round(float(acc) * (x_scale / (y_scale * float(S)))) + y_zp).
// * AveragePool: dequantize to float (x_scale * (x - x_zp)), sum the window in float in row-major order, divide by
//   the element count (the whole kernel with count_include_pad, else the clipped window), then
//   y = saturate(round(v / y_scale + float(y_zp))) — the zero point is added before rounding, unlike the global
//   path. A kernel covering the whole input without padding takes the global path instead, as in ORT.
#include "kernels/conv_geometry.h"
#include "kernels/kernel_registry.h"
#include "kernels/qops/qlinear_params.h"
#include "kernels/qops/qops_register.h"
#include "kernels/shape_util.h"
#include "quant/quantize_linear.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace qs::kernels::qops {

namespace {

constexpr size_t kXScale = 1, kXZeroPoint = 2, kYScale = 3, kYZeroPoint = 4;

template <typename T> T saturate(int32_t v)
{
    return static_cast<T>(std::clamp<int32_t>(v, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
}

/// The NCHW view of an NHWC shape (channels_last): [N, D..., C] -> [N, C, D...].
std::vector<int64_t> toChannelsFirst(const std::vector<int64_t>& dims)
{
    std::vector<int64_t> out = dims;
    out.erase(out.end() - 1);
    out.insert(out.begin() + 1, dims.back());
    return out;
}

std::vector<int64_t> toChannelsLast(const std::vector<int64_t>& dims)
{
    std::vector<int64_t> out = dims;
    out.erase(out.begin() + 1);
    out.push_back(dims[1]);
    return out;
}

/// The global average of `count` channels, each `image` elements apart by `channelStride` and `pixelStride`.
template <typename T>
void globalAverage(
    const T* x, T* y, int64_t batch, int64_t channels, int64_t image, bool channelsLast, QuantParam qx, QuantParam qy)
{
    const float scale = qx.scale / (qy.scale * float(image));
    const int64_t channelStride = channelsLast ? 1 : image;
    const int64_t pixelStride = channelsLast ? channels : 1;
#pragma omp parallel for collapse(2) if (batch * channels * image > 262144)
    for (int64_t n = 0; n < batch; ++n)
        for (int64_t c = 0; c < channels; ++c) {
            const T* px = x + n * channels * image + c * channelStride;
            int32_t acc = -qx.zeroPoint * int32_t(image);
            for (int64_t i = 0; i < image; ++i)
                acc += px[i * pixelStride];
            const float v = std::nearbyint(float(acc) * scale);
            y[n * channels + c] = saturate<T>(clampedRounded(v) + qy.zeroPoint);
        }
}

/// What both pool kernels read alike: the x and y parameters, the element type and channels_last.
class QLinearPoolKernelBase : public Kernel
{
protected:
    Status prepareParams(const KernelContext& ctx)
    {
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kXScale, kXZeroPoint, "x"));
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kYScale, kYZeroPoint, "y"));
        m_type = ctx.inputs[0].type;
        m_channelsLast = ctx.node.attrInt("channels_last", 0) != 0;
        m_xzpType = slotType(ctx.inputs, kXZeroPoint);
        m_yzpType = slotType(ctx.inputs, kYZeroPoint);
        return Status::ok();
    }

    /// f(T(), qx, qy) with T the element type (int8_t or uint8_t) and the run-time parameters.
    template <typename F> void dispatch(const KernelArgs& args, F&& f) const
    {
        const QuantParam qx = quantParamAt(args, kXScale, kXZeroPoint, m_xzpType);
        const QuantParam qy = quantParamAt(args, kYScale, kYZeroPoint, m_yzpType);
        if (m_type == DataType::Int8)
            f(int8_t(), qx, qy);
        else
            f(uint8_t(), qx, qy);
    }

    DataType m_type = DataType::UInt8;
    DataType m_xzpType = DataType::Undefined;
    DataType m_yzpType = DataType::Undefined;
    bool m_channelsLast = false;
};

class QLinearGlobalAveragePoolKernel final : public QLinearPoolKernelBase
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_RETURN_IF_ERROR(prepareParams(ctx));
        const TensorDesc& x = ctx.inputs[0];
        m_batch = x.dims[0];
        m_channels = m_channelsLast ? x.dims.back() : x.dims[1];
        m_image = x.elementCount() / std::max<int64_t>(1, m_batch * m_channels);
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        dispatch(args, [&](auto t, QuantParam qx, QuantParam qy) {
            using T = decltype(t);
            globalAverage(static_cast<const T*>(args.inputs[0]), static_cast<T*>(args.outputs[0]), m_batch, m_channels,
                m_image, m_channelsLast, qx, qy);
        });
        return Status::ok();
    }

private:
    int64_t m_batch = 1, m_channels = 1, m_image = 1;
};

Status inferGlobalPool(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    const TensorDesc& x = inputs[0];
    if (x.rank() < 3)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: input of rank {} (at least 3: N, C and spatial dims)", node.describe(), x.rank()));
    const bool channelsLast = node.attrInt("channels_last", 0) != 0;
    outputs[0].type = x.type;
    outputs[0].dims = x.dims;
    const size_t first = channelsLast ? 1 : 2;
    for (size_t i = first; i < first + size_t(x.rank() - 2); ++i)
        outputs[0].dims[i] = 1;
    return Status::ok();
}

// ---- QLinearAveragePool ----

class QLinearAveragePoolKernel final : public QLinearPoolKernelBase
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_RETURN_IF_ERROR(prepareParams(ctx));
        const TensorDesc& x = ctx.inputs[0];
        m_countIncludePad = ctx.node.attrInt("count_include_pad", 0) != 0;
        const std::vector<int64_t> nchw = m_channelsLast ? toChannelsFirst(x.dims) : x.dims;
        QS_ASSIGN_OR_RETURN(m_geometry, poolGeometry(ctx.node, nchw));
        for (int64_t d : m_geometry.dilations)
            if (d != 1)
                return Status(StatusCode::Unsupported,
                    fmt::format(
                        "node {}: dilations (ONNX Runtime's QLinearAveragePool ignores them)", ctx.node.describe()));
        const ConvGeometry& g = m_geometry;
        m_global = g.kernel == g.inSpatial
            && std::all_of(g.padBegin.begin(), g.padBegin.end(), [](int64_t p) { return p == 0; })
            && std::all_of(g.padEnd.begin(), g.padEnd.end(), [](int64_t p) { return p == 0; });
        m_inImage = shapeElementCount(g.inSpatial);
        m_outImage = shapeElementCount(g.outSpatial);
        if (g.spatialRank > 3)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: {}-D pooling (only 1-D to 3-D)", ctx.node.describe(), g.spatialRank));
        return Status::ok();
    }

    size_t scratchBytes() const override
    {
        return m_global ? 0 : size_t(m_geometry.batch * m_geometry.inChannels * m_inImage) * sizeof(float);
    }

    Status run(const KernelArgs& args) const override
    {
        dispatch(args, [&](auto t, QuantParam qx, QuantParam qy) { compute<decltype(t)>(args, qx, qy); });
        return Status::ok();
    }

private:
    template <typename T> void compute(const KernelArgs& args, QuantParam qx, QuantParam qy) const
    {
        const auto* x = static_cast<const T*>(args.inputs[0]);
        auto* y = static_cast<T*>(args.outputs[0]);
        const ConvGeometry& g = m_geometry;
        const int64_t batch = g.batch, channels = g.inChannels;
        if (m_global) {
            globalAverage(x, y, batch, channels, m_inImage, m_channelsLast, qx, qy);
            return;
        }
        // Dequantize once, as ORT does (scale * (x - zp) is one rounding either way round), then pool in float.
        auto* xf = static_cast<float*>(args.scratch);
        quant::dequantizeLinear(x, size_t(batch * channels * m_inImage), qx.scale, qx.zeroPoint, xf);
        // Spatial dims padded to 3 with leading 1s, so the last one is always the contiguous one.
        int64_t in[3] = { 1, 1, 1 }, out[3] = { 1, 1, 1 }, k[3] = { 1, 1, 1 }, s[3] = { 1, 1, 1 }, p[3] = { 0, 0, 0 };
        const int64_t lead = 3 - g.spatialRank;
        for (int64_t i = 0; i < g.spatialRank; ++i) {
            in[lead + i] = g.inSpatial[size_t(i)];
            out[lead + i] = g.outSpatial[size_t(i)];
            k[lead + i] = g.kernel[size_t(i)];
            s[lead + i] = g.strides[size_t(i)];
            p[lead + i] = g.padBegin[size_t(i)];
        }
        const int64_t kernelSize = k[0] * k[1] * k[2];
        const auto zy = float(qy.zeroPoint);
        const float yScale = qy.scale;
        const bool includePad = m_countIncludePad;
        auto window = [&](int d, int64_t o, int64_t& b, int64_t& e) {
            b = std::max<int64_t>(o * s[d] - p[d], 0);
            e = std::min(o * s[d] - p[d] + k[d], in[d]);
        };
        auto finish = [&](float sum, int64_t count) -> T {
            const float q = std::nearbyint(sum / float(count) / yScale + zy);
            return saturate<T>(clampedRounded(q));
        };
        const int64_t outImage = m_outImage, inImage = m_inImage;
        // Every output sums its window in row-major order (as ORT's loops do); the loops below only interleave
        // independent outputs (a row of outputs, or all channels of a pixel) so that the adds vectorise.
        if (!m_channelsLast) {
#pragma omp parallel for if (batch * channels * outImage * kernelSize > 262144)
            for (int64_t nc = 0; nc < batch * channels; ++nc) {
                const float* xc = xf + nc * inImage;
                T* yc = y + nc * outImage;
                std::vector<float> acc(static_cast<size_t>(out[2]));
                for (int64_t o0 = 0; o0 < out[0]; ++o0)
                    for (int64_t o1 = 0; o1 < out[1]; ++o1) {
                        int64_t b0, e0, b1, e1;
                        window(0, o0, b0, e0);
                        window(1, o1, b1, e1);
                        std::fill(acc.begin(), acc.end(), 0.0f);
                        for (int64_t i0 = b0; i0 < e0; ++i0)
                            for (int64_t i1 = b1; i1 < e1; ++i1) {
                                const float* row = xc + (i0 * in[1] + i1) * in[2];
                                for (int64_t kw = 0; kw < k[2]; ++kw) {
                                    // Outputs whose window column kw lies inside the row: o2*s - p + kw in [0, in).
                                    const int64_t lo = std::max<int64_t>(0, (p[2] - kw + s[2] - 1) / s[2]);
                                    const int64_t hi = std::min(out[2], (in[2] + p[2] - kw + s[2] - 1) / s[2]);
                                    const float* src = row - p[2] + kw;
                                    if (s[2] == 1)
                                        for (int64_t o2 = lo; o2 < hi; ++o2)
                                            acc[size_t(o2)] += src[o2];
                                    else
                                        for (int64_t o2 = lo; o2 < hi; ++o2)
                                            acc[size_t(o2)] += src[o2 * s[2]];
                                }
                            }
                        T* yr = yc + (o0 * out[1] + o1) * out[2];
                        for (int64_t o2 = 0; o2 < out[2]; ++o2) {
                            int64_t b2, e2;
                            window(2, o2, b2, e2);
                            yr[o2]
                                = finish(acc[size_t(o2)], includePad ? kernelSize : (e0 - b0) * (e1 - b1) * (e2 - b2));
                        }
                    }
            }
            return;
        }
#pragma omp parallel for if (batch * channels * outImage * kernelSize > 262144)
        for (int64_t pix = 0; pix < batch * outImage; ++pix) {
            const int64_t n = pix / outImage, o = pix % outImage;
            const int64_t o2 = o % out[2], o1 = (o / out[2]) % out[1], o0 = o / (out[2] * out[1]);
            int64_t b0, e0, b1, e1, b2, e2;
            window(0, o0, b0, e0);
            window(1, o1, b1, e1);
            window(2, o2, b2, e2);
            std::vector<float> acc(size_t(channels), 0.0f);
            const float* xn = xf + n * inImage * channels;
            for (int64_t i0 = b0; i0 < e0; ++i0)
                for (int64_t i1 = b1; i1 < e1; ++i1)
                    for (int64_t i2 = b2; i2 < e2; ++i2) {
                        const float* px = xn + ((i0 * in[1] + i1) * in[2] + i2) * channels;
                        for (int64_t c = 0; c < channels; ++c)
                            acc[size_t(c)] += px[c];
                    }
            const int64_t count = includePad ? kernelSize : (e0 - b0) * (e1 - b1) * (e2 - b2);
            for (int64_t c = 0; c < channels; ++c)
                y[pix * channels + c] = finish(acc[size_t(c)], count);
        }
    }

    bool m_countIncludePad = false;
    bool m_global = false;
    ConvGeometry m_geometry;
    int64_t m_inImage = 1, m_outImage = 1;
};

Status inferAveragePool(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    const TensorDesc& x = inputs[0];
    if (x.rank() < 3)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: input of rank {} (at least 3: N, C and spatial dims)", node.describe(), x.rank()));
    const bool channelsLast = node.attrInt("channels_last", 0) != 0;
    QS_ASSIGN_OR_RETURN(ConvGeometry g, poolGeometry(node, channelsLast ? toChannelsFirst(x.dims) : x.dims));
    std::vector<int64_t> dims { g.batch, g.inChannels };
    dims.insert(dims.end(), g.outSpatial.begin(), g.outSpatial.end());
    outputs[0].type = x.type;
    outputs[0].dims = channelsLast ? toChannelsLast(dims) : dims;
    return Status::ok();
}

} // namespace

void registerQLinearPoolKernels(KernelRegistry& r)
{
    r.add(KernelSpec { kMicrosoftDomain, "QLinearGlobalAveragePool", 1, 0, inferGlobalPool,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearGlobalAveragePoolKernel>(); },
        acceptInt8Input0, kNoCaps, "cpu", "uint8/int8; NCHW or channels_last; exact int32 sum" });
    r.add(KernelSpec { kMicrosoftDomain, "QLinearAveragePool", 1, 0, inferAveragePool,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QLinearAveragePoolKernel>(); }, acceptInt8Input0,
        kNoCaps, "cpu", "uint8/int8; 1-D..3-D, NCHW or channels_last, pads, ceil_mode, count_include_pad" });
}

} // namespace qs::kernels::qops
