// SPDX-License-Identifier: MIT
// MaxPool, AveragePool (1-D..3-D, pads, dilations, ceil_mode, count_include_pad), GlobalAveragePool, GlobalMaxPool.
#include "kernels/conv_geometry.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <limits>

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
        if (ctx.outputs.size() > 1 && ctx.outputs[1].type != DataType::Undefined)
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: the Indices output of MaxPool is not supported", ctx.node.describe()));
        QS_ASSIGN_OR_RETURN(ConvGeometry g, poolGeometry(ctx.node, ctx.inputs[0].dims));
        m_p = toPool3(g);
        m_countIncludePad = ctx.node.attrInt("count_include_pad", 0) != 0;
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const Pool3& g = m_p;
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        const int64_t inPlane = g.in[0] * g.in[1] * g.in[2];
        const int64_t outPlane = g.out[0] * g.out[1] * g.out[2];
#pragma omp parallel for if (g.planes * outPlane > 4096)
        for (int64_t pl = 0; pl < g.planes; ++pl) {
            const float* xp = x + pl * inPlane;
            float* yp = y + pl * outPlane;
            for (int64_t o0 = 0; o0 < g.out[0]; ++o0)
                for (int64_t o1 = 0; o1 < g.out[1]; ++o1)
                    for (int64_t o2 = 0; o2 < g.out[2]; ++o2) {
                        float acc = kMax ? -std::numeric_limits<float>::infinity() : 0.0f;
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
                                    const float v = xp[(i0 * g.in[1] + i1) * g.in[2] + i2];
                                    if (kMax)
                                        acc = v > acc ? v : acc;
                                    else
                                        acc += v;
                                    ++n;
                                }
                            }
                        }
                        if (!kMax) {
                            const int64_t div = m_countIncludePad ? n + nPad : n;
                            acc = div ? acc / float(div) : 0.0f;
                        }
                        yp[(o0 * g.out[1] + o1) * g.out[2] + o2] = acc;
                    }
        }
        return Status::ok();
    }

private:
    Pool3 m_p;
    bool m_countIncludePad = false;
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
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
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
        return Status::ok();
    }

private:
    int64_t m_planes = 0;
    int64_t m_size = 1;
};

Status acceptPoolCpu(const Node& node, std::span<const TensorDesc> in)
{
    QS_RETURN_IF_ERROR(acceptFloatInput0(node, in));
    if (node.outputs.size() > 1 && node.outputs[1] != kNoValue)
        return Status(StatusCode::Unsupported, "the Indices output is not supported");
    return Status::ok();
}

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

} // namespace

void registerPoolKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "MaxPool", 1, 0, inferPool, make<PoolKernel<true>>, acceptPoolCpu, kNoCaps, "cpu",
        "float; fallback behind oneDNN and test oracle; no Indices output" });
    r.add(KernelSpec { "", "AveragePool", 1, 0, inferPool, make<PoolKernel<false>>, acceptFloatInput0, kNoCaps, "cpu",
        "float; fallback behind oneDNN and test oracle" });
    r.add(KernelSpec { "", "GlobalAveragePool", 1, 0, inferGlobalPool, make<GlobalPoolKernel<false>>, acceptFloatInput0,
        kNoCaps, "cpu", "float" });
    r.add(KernelSpec { "", "GlobalMaxPool", 1, 0, inferGlobalPool, make<GlobalPoolKernel<true>>, acceptFloatInput0,
        kNoCaps, "cpu", "float" });
}

} // namespace qs::kernels
