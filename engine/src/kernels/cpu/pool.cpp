// SPDX-License-Identifier: MIT
// MaxPool, AveragePool (1-D..3-D, pads, dilations, ceil_mode, count_include_pad), GlobalAveragePool, GlobalMaxPool.
#include "kernels/conv_geometry.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

namespace qs::kernels {

namespace {

/// Geometry padded to three spatial dims (missing ones size 1) so one loop nest serves 1-D to 3-D.
struct Pool3
{
    int64_t planes = 0; ///< N * C
    int64_t in[3] { 1, 1, 1 };
    int64_t out[3] { 1, 1, 1 };
    int64_t k[3] { 1, 1, 1 };
    int64_t s[3] { 1, 1, 1 };
    int64_t d[3] { 1, 1, 1 };
    int64_t p[3] { 0, 0, 0 };
    int64_t pe[3] { 0, 0, 0 };
};

Pool3 toPool3(const ConvGeometry& g)
{
    Pool3 p;
    p.planes = g.batch * g.inChannels;
    const size_t off = 3 - size_t(g.spatialRank);
    for (size_t i = 0; i < size_t(g.spatialRank); ++i) {
        p.in[off + i] = g.inSpatial[i];
        p.out[off + i] = g.outSpatial[i];
        p.k[off + i] = g.kernel[i];
        p.s[off + i] = g.strides[i];
        p.d[off + i] = g.dilations[i];
        p.p[off + i] = g.padBegin[i];
        p.pe[off + i] = g.padEnd[i];
    }
    return p;
}

Status inferPool(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(ConvGeometry g, poolGeometry(node, in[0].dims));
    out[0].type = in[0].type;
    out[0].dims = { g.batch, g.inChannels };
    out[0].dims.insert(out[0].dims.end(), g.outSpatial.begin(), g.outSpatial.end());
    if (out.size() > 1) {
        out[1].type = DataType::Int64;
        out[1].dims = out[0].dims;
    }
    return Status::ok();
}

template <bool kMax> class PoolKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(ConvGeometry g, poolGeometry(ctx.node, ctx.inputs[0].dims));
        m_p = toPool3(g);
        m_countIncludePad = ctx.node.attrInt("count_include_pad", 0) != 0;
        m_type = ctx.inputs[0].type;
        m_columnMajor = ctx.node.attrInt("storage_order", 0) != 0;
        if (m_columnMajor && g.spatialRank != 2)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: storage_order 1 is defined for 2-D pooling only", ctx.node.describe()));
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        int64_t* indices = args.outputs.size() > 1 ? static_cast<int64_t*>(args.outputs[1]) : nullptr;
        switch (m_type) {
        case DataType::Float:
            compute(static_cast<const float*>(args.inputs[0]), static_cast<float*>(args.outputs[0]), indices);
            break;
        case DataType::UInt8:
            compute(static_cast<const uint8_t*>(args.inputs[0]), static_cast<uint8_t*>(args.outputs[0]), indices);
            break;
        case DataType::Int8:
            compute(static_cast<const int8_t*>(args.inputs[0]), static_cast<int8_t*>(args.outputs[0]), indices);
            break;
        default:
            return Status(StatusCode::Unsupported, fmt::format("pooling on {}", dataTypeName(m_type)));
        }
        return Status::ok();
    }

private:
    template <typename T> void compute(const T* x, T* y, int64_t* indices) const
    {
        const Pool3& g = m_p;
        using Acc = std::conditional_t<std::is_same_v<T, float>, float, int32_t>;
        const int64_t inPlane = g.in[0] * g.in[1] * g.in[2];
        const int64_t outPlane = g.out[0] * g.out[1] * g.out[2];
#pragma omp parallel for if (g.planes * outPlane > 4096)
        for (int64_t pl = 0; pl < g.planes; ++pl) {
            const T* xp = x + pl * inPlane;
            T* yp = y + pl * outPlane;
            for (int64_t o0 = 0; o0 < g.out[0]; ++o0)
                for (int64_t o1 = 0; o1 < g.out[1]; ++o1)
                    for (int64_t o2 = 0; o2 < g.out[2]; ++o2) {
                        Acc acc = kMax ? lowest<Acc>() : Acc(0);
                        int64_t best = -1;
                        int64_t n = 0;
                        int64_t nPad = 0;
                        for (int64_t k0 = 0; k0 < g.k[0]; ++k0) {
                            const int64_t i0 = o0 * g.s[0] - g.p[0] + k0 * g.d[0];
                            for (int64_t k1 = 0; k1 < g.k[1]; ++k1) {
                                const int64_t i1 = o1 * g.s[1] - g.p[1] + k1 * g.d[1];
                                for (int64_t k2 = 0; k2 < g.k[2]; ++k2) {
                                    const int64_t i2 = o2 * g.s[2] - g.p[2] + k2 * g.d[2];
                                    const bool inside
                                        = i0 >= 0 && i0 < g.in[0] && i1 >= 0 && i1 < g.in[1] && i2 >= 0 && i2 < g.in[2];
                                    if (!inside) {
                                        // count_include_pad counts explicit padding, not the ceil_mode overhang.
                                        if (i0 < g.in[0] + g.pe[0] && i1 < g.in[1] + g.pe[1] && i2 < g.in[2] + g.pe[2])
                                            ++nPad;
                                        continue;
                                    }
                                    const Acc v = Acc(xp[(i0 * g.in[1] + i1) * g.in[2] + i2]);
                                    if (kMax) {
                                        if (v > acc || best < 0) {
                                            acc = v;
                                            // ONNX numbers Indices over the whole tensor; storage_order 1 (2-D)
                                            // counts column-major within the plane.
                                            best = m_columnMajor ? i2 * g.in[1] + i1
                                                                 : (i0 * g.in[1] + i1) * g.in[2] + i2;
                                        }
                                    } else {
                                        acc += v;
                                    }
                                    ++n;
                                }
                            }
                        }
                        if constexpr (!kMax) {
                            const int64_t div = m_countIncludePad ? n + nPad : n;
                            acc = div ? acc / Acc(div) : Acc(0);
                        }
                        const int64_t o = (o0 * g.out[1] + o1) * g.out[2] + o2;
                        yp[o] = T(acc);
                        if (indices)
                            indices[pl * outPlane + o] = pl * inPlane + std::max<int64_t>(best, 0);
                    }
        }
    }
    template <typename A> static A lowest()
    {
        if constexpr (std::is_floating_point_v<A>)
            return -std::numeric_limits<A>::infinity();
        else
            return std::numeric_limits<A>::lowest();
    }

    Pool3 m_p;
    bool m_countIncludePad = false;
    bool m_columnMajor = false;
    DataType m_type = DataType::Float;
};

Status inferGlobalPool(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (in[0].rank() < 3)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: input rank must be >= 3", node.describe()));
    out[0].type = in[0].type;
    out[0].dims = in[0].dims;
    for (size_t i = 2; i < out[0].dims.size(); ++i)
        out[0].dims[i] = 1;
    return Status::ok();
}

template <bool kMax> class GlobalPoolKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        m_planes = d[0] * d[1];
        m_size = 1;
        for (size_t i = 2; i < d.size(); ++i)
            m_size *= d[i];
        m_nhwc = ctx.inputs[0].layout == Layout::Nhwc;
        m_blockedIn = ctx.inputs[0].layout == Layout::Blocked;
        m_blockedOut = ctx.outputs[0].layout == Layout::Blocked;
        m_channels = d[1];
        return Status::ok();
    }
    std::string implementation() const override
    {
        return m_nhwc ? "cpu nhwc>nchw" : m_blockedIn ? (m_blockedOut ? "cpu blocked" : "cpu blocked>nchw") : "cpu";
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        if (m_blockedIn) {
            runBlocked(x, y);
            return Status::ok();
        }
        // A blocked output from a plain or NHWC input: the values as below, then placed at their blocked indices.
        std::vector<float> unblocked;
        float* const blockedY = y;
        if (m_blockedOut) {
            unblocked.resize(size_t(m_planes));
            y = unblocked.data();
        }
        // An NHWC input (the end of an Optimized-mode NHWC region, graph_rewrites.cpp) is transposed first, so the
        // sums below run in exactly the order they run on NCHW data (same results bit for bit); the output, one value
        // per channel, is the same in both layouts.
        std::vector<float> planar;
        if (m_nhwc) {
            planar.resize(size_t(m_planes * m_size));
            const int64_t batch = m_planes / m_channels;
            for (int64_t n = 0; n < batch; ++n)
                for (int64_t i = 0; i < m_size; ++i)
                    for (int64_t c = 0; c < m_channels; ++c)
                        planar[size_t((n * m_channels + c) * m_size + i)] = x[(n * m_size + i) * m_channels + c];
            x = planar.data();
        }
#pragma omp parallel for if (m_planes * m_size > 65536)
        for (int64_t p = 0; p < m_planes; ++p) {
            const float* xp = x + p * m_size;
            if (kMax) {
                float m = -std::numeric_limits<float>::infinity();
                for (int64_t i = 0; i < m_size; ++i)
                    m = xp[i] > m ? xp[i] : m;
                y[p] = m;
            } else {
                float s = 0.0f;
#pragma omp simd reduction(+ : s)
                for (int64_t i = 0; i < m_size; ++i)
                    s += xp[i];
                y[p] = s / float(m_size);
            }
        }
        if (m_blockedOut) {
            const int64_t b = blockedChannels(), padded = (m_channels + b - 1) / b * b;
            for (int64_t n = 0; n < m_planes / m_channels; ++n) {
                std::copy(y + n * m_channels, y + (n + 1) * m_channels, blockedY + n * padded);
                std::fill(blockedY + n * padded + m_channels, blockedY + (n + 1) * padded, 0.0f);
            }
        }
        return Status::ok();
    }

private:
    /// A blocked input (oneDNN's nChw16c / nChw8c between float convolutions: a squeeze-excite block's pooling) is
    /// reduced a block of channels at a time, the channels as vector lanes, each channel's pixels summed in order; a
    /// blocked output ([N, C, 1, 1] read by the next convolution) is each channel's value at its index with the
    /// padding zero.
    void runBlocked(const float* x, float* y) const
    {
        const int64_t b = blockedChannels(), c = m_channels, batch = m_planes / m_channels;
        const int64_t blocks = (c + b - 1) / b, outChannels = m_blockedOut ? blocks * b : c;
#pragma omp parallel for if (m_planes * m_size > 65536)
        for (int64_t nb = 0; nb < batch * blocks; ++nb) {
            const int64_t n = nb / blocks, c0 = nb % blocks * b;
            float acc[64];
            for (int64_t k = 0; k < b; ++k)
                acc[k] = kMax ? -std::numeric_limits<float>::infinity() : 0.0f;
            const float* xb = x + nb * m_size * b;
            for (int64_t i = 0; i < m_size; ++i)
#pragma omp simd
                for (int64_t k = 0; k < b; ++k)
                    acc[k] = kMax ? (xb[i * b + k] > acc[k] ? xb[i * b + k] : acc[k]) : acc[k] + xb[i * b + k];
            for (int64_t k = 0; k < b && c0 + k < c; ++k)
                y[n * outChannels + c0 + k] = kMax ? acc[k] : acc[k] / float(m_size);
        }
        if (m_blockedOut)
            for (int64_t n = 0; n < batch; ++n)
                std::fill(y + n * outChannels + c, y + (n + 1) * outChannels, 0.0f);
    }

    int64_t m_planes = 0;
    int64_t m_size = 1;
    int64_t m_channels = 1;
    bool m_nhwc = false;
    bool m_blockedIn = false, m_blockedOut = false;
};

Status acceptMaxPoolCpu(const Node& node, std::span<const TensorDesc> in)
{
    const DataType t = in[0].type;
    if (t != DataType::Float && t != DataType::UInt8 && t != DataType::Int8)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {} (float, uint8, int8)", dataTypeName(t)));
    return Status::ok();
}

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

} // namespace

void registerPoolKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "MaxPool", 1, 0, inferPool, make<PoolKernel<true>>, acceptMaxPoolCpu, kNoCaps, "cpu",
        "float, uint8, int8; Indices output; fallback behind oneDNN and test oracle" });
    r.add(KernelSpec { "", "AveragePool", 1, 0, inferPool, make<PoolKernel<false>>, acceptFloatInput0, kNoCaps, "cpu",
        "float; fallback behind oneDNN and test oracle" });
    r.add(KernelSpec { "", "GlobalAveragePool", 1, 0, inferGlobalPool, make<GlobalPoolKernel<false>>, acceptFloatInput0,
        kCapBlockedLayout, "cpu", "float; plain, NHWC or blocked" });
    r.add(KernelSpec { "", "GlobalMaxPool", 1, 0, inferGlobalPool, make<GlobalPoolKernel<true>>, acceptFloatInput0,
        kCapBlockedLayout, "cpu", "float; plain, NHWC or blocked" });
}

} // namespace qs::kernels
