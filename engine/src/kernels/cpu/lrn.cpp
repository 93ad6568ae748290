// SPDX-License-Identifier: MIT
// LRN (local response normalization across channels), float, any rank >= 3 (N, C, spatial...); and
// MeanVarianceNormalization (over constant axes, default N and spatial).
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace qs::kernels {

namespace {

class LrnKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        if (d.size() < 3)
            return Status(
                StatusCode::InvalidModel, fmt::format("node {}: input rank must be >= 3", ctx.node.describe()));
        m_size = ctx.node.attrInt("size", 0);
        if (m_size < 1)
            return Status(StatusCode::InvalidModel, fmt::format("node {}: size must be >= 1", ctx.node.describe()));
        m_alpha = ctx.node.attrFloat("alpha", 1e-4f);
        m_beta = ctx.node.attrFloat("beta", 0.75f);
        m_bias = ctx.node.attrFloat("bias", 1.0f);
        const AxisSplit s = splitAtAxis(d, 1);
        m_batch = s.outer;
        m_channels = s.axis;
        m_plane = s.inner;
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        const int64_t before = (m_size - 1) / 2;
        const int64_t after = m_size - 1 - before;
        const float scale = m_alpha / float(m_size);
#pragma omp parallel for collapse(2) if (m_batch * m_channels * m_plane > 65536)
        for (int64_t n = 0; n < m_batch; ++n)
            for (int64_t c = 0; c < m_channels; ++c) {
                const int64_t c0 = std::max<int64_t>(0, c - before);
                const int64_t c1 = std::min<int64_t>(m_channels - 1, c + after);
                const float* xn = x + n * m_channels * m_plane;
                float* yc = y + (n * m_channels + c) * m_plane;
                for (int64_t p = 0; p < m_plane; ++p) {
                    float sum = 0.0f;
                    for (int64_t k = c0; k <= c1; ++k)
                        sum += xn[k * m_plane + p] * xn[k * m_plane + p];
                    yc[p] = xn[c * m_plane + p] / std::pow(m_bias + scale * sum, m_beta);
                }
            }
        return Status::ok();
    }

private:
    int64_t m_size = 1, m_batch = 1, m_channels = 1, m_plane = 1;
    float m_alpha = 1e-4f, m_beta = 0.75f, m_bias = 1.0f;
};

/// MeanVarianceNormalization: (x - mean) / sqrt(var + 1e-9) over `axes` (ONNX's function definition).
class MvnKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        const int64_t rank = int64_t(d.size());
        std::vector<bool> reduced(d.size(), false);
        for (int64_t a : ctx.node.attrInts("axes", { 0, 2, 3 })) {
            QS_ASSIGN_OR_RETURN(int64_t n, normalizeAxis(ctx.node, a, rank));
            reduced[size_t(n)] = true;
        }
        // Group index of every element: strides of the kept dims.
        m_dims = d;
        m_groupStrides.assign(d.size(), 0);
        int64_t s = 1;
        for (size_t i = d.size(); i-- > 0;)
            if (!reduced[i]) {
                m_groupStrides[i] = s;
                s *= d[i];
            }
        m_groups = s;
        m_count = shapeElementCount(d);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        std::vector<double> sum(size_t(m_groups), 0.0), sumSq(size_t(m_groups), 0.0);
        std::vector<int64_t> group(static_cast<size_t>(m_count));
        std::vector<int64_t> idx(m_dims.size(), 0);
        for (int64_t i = 0; i < m_count; ++i) {
            int64_t g = 0;
            for (size_t k = 0; k < idx.size(); ++k)
                g += idx[k] * m_groupStrides[k];
            group[size_t(i)] = g;
            sum[size_t(g)] += x[i];
            sumSq[size_t(g)] += double(x[i]) * x[i];
            for (size_t k = idx.size(); k-- > 0;) {
                if (++idx[k] < m_dims[k])
                    break;
                idx[k] = 0;
            }
        }
        const double n = m_groups ? double(m_count) / double(m_groups) : 1.0;
        for (int64_t i = 0; i < m_count; ++i) {
            const size_t g = size_t(group[size_t(i)]);
            const double mean = sum[g] / n;
            const double var = sumSq[g] / n - mean * mean;
            y[i] = float((x[i] - mean) / std::sqrt(var + 1e-9));
        }
        return Status::ok();
    }

private:
    std::vector<int64_t> m_dims, m_groupStrides;
    int64_t m_groups = 1, m_count = 0;
};

} // namespace

void registerLrnKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "LRN", 1, 0, inferSameAsInput0,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<LrnKernel>(); }, acceptFloatInput0, kNoCaps, "cpu",
        "float" });
    r.add(KernelSpec { "", "MeanVarianceNormalization", 9, 0, inferSameAsInput0,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<MvnKernel>(); }, acceptFloatInput0, kNoCaps, "cpu",
        "float" });
}

} // namespace qs::kernels
