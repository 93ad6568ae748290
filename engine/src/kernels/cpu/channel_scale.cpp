// SPDX-License-Identifier: MIT
#include "kernels/cpu/channel_scale.h"

#include "kernels/int8/target_clones.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>

namespace qs::kernels {

namespace {

/// `pixels` pixels of one whole channel block of B lanes: y = x * lanes[k] per lane. The block width is a compile-time
/// constant and the loop is cloned for AVX2, so each pixel is one or two vector multiplies; the generic loop below,
/// with its runtime width and per-lane padding test, ran at ~1 ns per element (MobileNetV3 FP32's eight
/// squeeze-excite scales: 0.73 ms of a 6 ms run).
template <int B>
QS_CLONES void scaleWholeBlock(const float* __restrict x, const float* lanes, float* __restrict y, int64_t pixels)
{
    float l[B];
    for (int k = 0; k < B; ++k)
        l[k] = lanes[k];
    for (int64_t i = 0; i < pixels; ++i)
#pragma omp simd
        for (int k = 0; k < B; ++k)
            y[i * B + k] = x[i * B + k] * l[k];
}

bool isChannelVector(const TensorDesc& s, const TensorDesc& x)
{
    return s.rank() == 4 && (s.dims[0] == 1 || s.dims[0] == x.dims[0]) && s.dims[1] == x.dims[1] && s.dims[2] == 1
        && s.dims[3] == 1;
}

class ChannelScaleKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_featureSlot = channelScaleFeatureSlot(ctx.inputs[0], ctx.inputs[1], ctx.outputs[0]);
        if (m_featureSlot < 0)
            return Status(StatusCode::Internal,
                fmt::format("node {}: not a feature map times one value per channel", ctx.node.describe()));
        const TensorDesc& x = ctx.inputs[size_t(m_featureSlot)];
        const TensorDesc& s = ctx.inputs[size_t(1 - m_featureSlot)];
        m_layout = x.layout;
        m_outLayout = ctx.outputs[0].layout;
        m_batch = x.dims[0];
        m_channels = x.dims[1];
        m_pixels = x.dims[2] * x.dims[3];
        m_perImageScale = s.dims[0] != 1;
        // A blocked [N, C, 1, 1] scale pads each image's channels to whole blocks.
        m_scaleStride = s.layout == Layout::Blocked
            ? (m_channels + blockedChannels() - 1) / blockedChannels() * blockedChannels()
            : m_channels;
        m_blockedWidth = blockedChannels();
        m_block = m_layout == Layout::Blocked ? m_blockedWidth : 1;
        return Status::ok();
    }

    std::string implementation() const override
    {
        const auto name = [](Layout l) {
            return l == Layout::Blocked ? "blocked" : l == Layout::Nhwc ? "nhwc" : "nchw";
        };
        if (m_layout != m_outLayout)
            return fmt::format("cpu {}>{}", name(m_layout), name(m_outLayout));
        return m_layout == Layout::Plain ? "cpu" : fmt::format("cpu {}", name(m_layout));
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[size_t(m_featureSlot)]);
        const auto* s = static_cast<const float*>(args.inputs[size_t(1 - m_featureSlot)]);
        auto* y = static_cast<float*>(args.outputs[0]);
        // One multiply per element, x * s as the broadcasting Mul computes it (float multiplication commutes
        // exactly), so every layout gives the plain kernel's values.
        const int64_t c = m_channels, hw = m_pixels;
        if (m_layout != m_outLayout) {
            runMixed(x, s, y);
            return Status::ok();
        }
        if (m_layout == Layout::Nhwc) {
#pragma omp parallel for if (m_batch * hw * c > 65536)
            for (int64_t p = 0; p < m_batch * hw; ++p) {
                const float* sp = s + (m_perImageScale ? p / hw * m_scaleStride : 0);
#pragma omp simd
                for (int64_t k = 0; k < c; ++k)
                    y[p * c + k] = x[p * c + k] * sp[k];
            }
            return Status::ok();
        }
        // Plain is Blocked with blocks of one channel. Blocked pads the channels to whole blocks; the padding of the
        // output is written as zeros, as oneDNN keeps it in the tensors it writes.
        const int64_t b = m_block, blocks = (c + b - 1) / b;
#pragma omp parallel for if (m_batch * blocks * hw * b > 65536)
        for (int64_t nb = 0; nb < m_batch * blocks; ++nb) {
            const int64_t n = nb / blocks, c0 = nb % blocks * b;
            const float* sn = s + (m_perImageScale ? n * m_scaleStride : 0);
            float lanes[64] = {};
            for (int64_t k = 0; k < b; ++k)
                lanes[k] = c0 + k < c ? sn[c0 + k] : 0.0f;
            const float* xb = x + nb * hw * b;
            float* yb = y + nb * hw * b;
            if (b == 1) {
                const float f = lanes[0];
#pragma omp simd
                for (int64_t i = 0; i < hw; ++i)
                    yb[i] = xb[i] * f;
                continue;
            }
            if (c0 + b <= c && (b == 8 || b == 16)) {
                (b == 16 ? scaleWholeBlock<16> : scaleWholeBlock<8>)(xb, lanes, yb, hw);
                continue;
            }
            for (int64_t i = 0; i < hw; ++i)
#pragma omp simd
                for (int64_t k = 0; k < b; ++k)
                    yb[i * b + k] = c0 + k < c ? xb[i * b + k] * lanes[k] : 0.0f;
        }
        return Status::ok();
    }

private:
    /// Where channel `c` of image `n` starts in a [N, C, H·W] tensor in `layout`, and the distance between its
    /// consecutive pixels: every layout keeps one channel's pixels evenly spaced.
    struct ChannelRun
    {
        int64_t start, stride;
    };
    ChannelRun channelRun(Layout layout, int64_t n, int64_t c) const
    {
        if (layout == Layout::Nhwc)
            return { n * m_pixels * m_channels + c, m_channels };
        if (layout == Layout::Plain)
            return { (n * m_channels + c) * m_pixels, 1 };
        const int64_t b = m_blockedWidth, blocks = (m_channels + b - 1) / b;
        return { (n * blocks + c / b) * m_pixels * b + c % b, b };
    }

    /// The feature map and the output in different layouts (the end or the start of a blocked region: a
    /// segmentation head's scale whose output is read plain): channel by channel, each a strided run on one side and
    /// a contiguous or strided run on the other, a blocked output's padding zero. The address of every element was
    /// once computed apart (two divisions and a call per element): LR-ASPP's head scale, 128 x 20 x 20, took 0.42 ms
    /// on one thread, as long as its 960-channel pooling and 1x1 convolution together.
    void runMixed(const float* x, const float* s, float* y) const
    {
        if (m_outLayout == Layout::Blocked) {
            const int64_t b = m_blockedWidth, padded = (m_channels + b - 1) / b * b;
            std::fill(y, y + m_batch * padded * m_pixels, 0.0f);
        }
#pragma omp parallel for if (m_batch * m_channels * m_pixels > 65536)
        for (int64_t nc = 0; nc < m_batch * m_channels; ++nc) {
            const int64_t n = nc / m_channels, c = nc % m_channels;
            const float f = s[(m_perImageScale ? n * m_scaleStride : 0) + c];
            const ChannelRun in = channelRun(m_layout, n, c), out = channelRun(m_outLayout, n, c);
            const float* xc = x + in.start;
            float* yc = y + out.start;
            if (out.stride == 1) {
                for (int64_t i = 0; i < m_pixels; ++i)
                    yc[i] = xc[i * in.stride] * f;
            } else {
                for (int64_t i = 0; i < m_pixels; ++i)
                    yc[i * out.stride] = xc[i * in.stride] * f;
            }
        }
    }

    int m_featureSlot = 0;
    Layout m_layout = Layout::Plain, m_outLayout = Layout::Plain;
    int64_t m_batch = 1, m_channels = 1, m_pixels = 1, m_block = 1, m_scaleStride = 1;
    int64_t m_blockedWidth = 16; ///< blockedChannels(), read once at preparation
    bool m_perImageScale = false;
};

} // namespace

int channelScaleFeatureSlot(const TensorDesc& a, const TensorDesc& b, const TensorDesc& y)
{
    if (a.type != DataType::Float || b.type != DataType::Float || y.type != DataType::Float || y.rank() != 4)
        return -1;
    if (a.dims == y.dims && isChannelVector(b, a))
        return 0;
    if (b.dims == y.dims && isChannelVector(a, b))
        return 1;
    return -1;
}

const KernelSpec& channelScaleSpec()
{
    static const KernelSpec spec { "", "Mul", 7, 0, inferBroadcast,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<ChannelScaleKernel>(); }, nullptr, kCapBlockedLayout,
        "cpu", "float; a feature map times one value per channel, plain, blocked or NHWC" };
    return spec;
}

} // namespace qs::kernels
