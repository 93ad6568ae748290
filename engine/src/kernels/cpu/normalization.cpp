// SPDX-License-Identifier: MIT
// BatchNormalization (inference), InstanceNormalization, LayerNormalization, LpNormalization.
#include "kernels/cpu/layer_norm_range.h"
#include "kernels/cpu/layer_norm_simd.h"
#include "kernels/cpu/residual_layer_norm.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "quant/quantize_linear.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace qs::kernels {

namespace {

class BatchNormKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        if (ctx.node.attrInt("training_mode", 0) != 0)
            return Status(
                StatusCode::Unsupported, fmt::format("node {}: training_mode is not supported", ctx.node.describe()));
        const auto& d = ctx.inputs[0].dims;
        m_n = d[0];
        m_c = d.size() > 1 ? d[1] : 1;
        m_spatial = 1;
        for (size_t i = 2; i < d.size(); ++i)
            m_spatial *= d[i];
        m_eps = ctx.node.attrFloat("epsilon", 1e-5f);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        const auto* scale = static_cast<const float*>(args.inputs[1]);
        const auto* bias = static_cast<const float*>(args.inputs[2]);
        const auto* mean = static_cast<const float*>(args.inputs[3]);
        const auto* var = static_cast<const float*>(args.inputs[4]);
        auto* y = static_cast<float*>(args.outputs[0]);
#pragma omp parallel for collapse(2) if (m_n * m_c * m_spatial > 65536)
        for (int64_t n = 0; n < m_n; ++n)
            for (int64_t c = 0; c < m_c; ++c) {
                const float a = scale[c] / std::sqrt(var[c] + m_eps);
                const float b = bias[c] - mean[c] * a;
                const float* xs = x + (n * m_c + c) * m_spatial;
                float* ys = y + (n * m_c + c) * m_spatial;
                for (int64_t i = 0; i < m_spatial; ++i)
                    ys[i] = xs[i] * a + b;
            }
        return Status::ok();
    }

private:
    int64_t m_n = 0, m_c = 0, m_spatial = 1;
    float m_eps = 1e-5f;
};

class InstanceNormKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        m_n = d[0];
        m_c = d[1];
        m_spatial = 1;
        for (size_t i = 2; i < d.size(); ++i)
            m_spatial *= d[i];
        m_eps = ctx.node.attrFloat("epsilon", 1e-5f);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        const auto* scale = static_cast<const float*>(args.inputs[1]);
        const auto* bias = static_cast<const float*>(args.inputs[2]);
        auto* y = static_cast<float*>(args.outputs[0]);
#pragma omp parallel for collapse(2)
        for (int64_t n = 0; n < m_n; ++n)
            for (int64_t c = 0; c < m_c; ++c) {
                const float* xs = x + (n * m_c + c) * m_spatial;
                float* ys = y + (n * m_c + c) * m_spatial;
                double mean = 0.0;
                for (int64_t i = 0; i < m_spatial; ++i)
                    mean += xs[i];
                mean /= double(m_spatial);
                double var = 0.0;
                for (int64_t i = 0; i < m_spatial; ++i)
                    var += (xs[i] - mean) * (xs[i] - mean);
                var /= double(m_spatial);
                const float a = scale[c] / float(std::sqrt(var + m_eps));
                for (int64_t i = 0; i < m_spatial; ++i)
                    ys[i] = float(xs[i] - mean) * a + bias[c];
            }
        return Status::ok();
    }

private:
    int64_t m_n = 0, m_c = 0, m_spatial = 1;
    float m_eps = 1e-5f;
};

Status inferLayerNorm(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_RETURN_IF_ERROR(inferSameAsInput0(node, in, out));
    QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(node, node.attrInt("axis", -1), in[0].rank()));
    std::vector<int64_t> stat(in[0].dims.begin(), in[0].dims.begin() + axis);
    stat.resize(in[0].dims.size(), 1);
    for (size_t i = 1; i < out.size(); ++i) {
        out[i].type = DataType::Float;
        out[i].dims = stat;
    }
    return Status::ok();
}

class LayerNormKernel final : public Kernel
{
public:
    /// `rangeOutput`: output 1 is the [2] {min, max} of y (layerNormRangeSpec) instead of ONNX's Mean.
    /// `residual`: input 3 is an addend of input 0's shape; the normalized rows are input 0 + input 3
    /// (residualLayerNormSpec).
    explicit LayerNormKernel(bool rangeOutput = false, bool residual = false)
        : m_rangeOutput(rangeOutput)
        , m_residual(residual)
    { }
    Status prepare(const KernelContext& ctx) override
    {
        if (m_rangeOutput && (ctx.outputs.size() != 2 || ctx.outputs[1].elementCount() != 2))
            return Status(StatusCode::Internal,
                fmt::format("node {}: the range form needs exactly y and a [2] range output", ctx.node.describe()));
        if (m_residual
            && (ctx.inputs.size() != 4 || ctx.inputs[3].type != DataType::Float
                || ctx.inputs[3].dims != ctx.inputs[0].dims || ctx.inputs[3].layout != Layout::Plain
                || ctx.inputs[0].layout != Layout::Plain))
            return Status(StatusCode::Internal,
                fmt::format("node {}: the residual form needs a plain float addend of x's shape as input 3",
                    ctx.node.describe()));
        const auto& d = ctx.inputs[0].dims;
        QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", -1), int64_t(d.size())));
        m_rows = 1;
        m_cols = 1;
        for (int64_t i = 0; i < int64_t(d.size()); ++i)
            (i < axis ? m_rows : m_cols) *= d[size_t(i)];
        m_eps = ctx.node.attrFloat("epsilon", 1e-5f);
        m_hasBias = hasInput(ctx.inputs, 2);
        m_scaleCount = ctx.inputs[1].elementCount();
        m_biasCount = m_hasBias ? ctx.inputs[2].elementCount() : 0;
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        const auto* scale = static_cast<const float*>(args.inputs[1]);
        const auto* bias = m_hasBias ? static_cast<const float*>(args.inputs[2]) : nullptr;
        auto* y = static_cast<float*>(args.outputs[0]);
        auto* range = m_rangeOutput ? static_cast<float*>(args.outputs[1]) : nullptr;
        auto* meanOut = !m_rangeOutput && args.outputs.size() > 1 ? static_cast<float*>(args.outputs[1]) : nullptr;
        auto* invOut = !m_rangeOutput && args.outputs.size() > 2 ? static_cast<float*>(args.outputs[2]) : nullptr;
        const auto* addend = m_residual ? static_cast<const float*>(args.inputs[3]) : nullptr;
        // Scale and bias over the whole normalized shape (what exporters write): the vector rows. A scale or bias
        // broadcast inside it takes the scalar loop below.
        if (m_scaleCount == m_cols && (!bias || m_biasCount == m_cols)
            && layerNormRows(
                quant::bestQuantIsa(), x, scale, bias, y, m_rows, m_cols, m_eps, meanOut, invOut, range, addend))
            return Status::ok();
        float lo = std::numeric_limits<float>::infinity(), hi = -lo;
#pragma omp parallel for if (m_rows * m_cols > 65536) reduction(min : lo) reduction(max : hi)
        for (int64_t r = 0; r < m_rows; ++r) {
            const float* xs = x + r * m_cols;
            float* ys = y + r * m_cols;
            if (addend) {
                const float* bs = addend + r * m_cols;
                for (int64_t i = 0; i < m_cols; ++i)
                    ys[i] = xs[i] + bs[i];
                xs = ys;
            }
            double mean = 0.0;
            for (int64_t i = 0; i < m_cols; ++i)
                mean += xs[i];
            mean /= double(m_cols);
            double var = 0.0;
            for (int64_t i = 0; i < m_cols; ++i)
                var += (xs[i] - mean) * (xs[i] - mean);
            var /= double(m_cols);
            const float inv = float(1.0 / std::sqrt(var + m_eps));
            for (int64_t i = 0; i < m_cols; ++i)
                ys[i] = float(xs[i] - mean) * inv * scale[i % m_scaleCount] + (bias ? bias[i % m_biasCount] : 0.0f);
            if (meanOut)
                meanOut[r] = float(mean);
            if (invOut)
                invOut[r] = inv;
            if (range)
                quant::widenRange(quant::minMax(ys, size_t(m_cols)), lo, hi);
        }
        if (range) {
            range[0] = lo;
            range[1] = hi;
        }
        return Status::ok();
    }

private:
    int64_t m_rows = 1, m_cols = 1, m_scaleCount = 1, m_biasCount = 1;
    float m_eps = 1e-5f;
    bool m_hasBias = false;
    bool m_rangeOutput = false;
    bool m_residual = false;
};

class LpNormKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", -1), int64_t(d.size())));
        m_p = ctx.node.attrInt("p", 2);
        if (m_p != 1 && m_p != 2)
            return Status(StatusCode::InvalidModel, fmt::format("node {}: p must be 1 or 2", ctx.node.describe()));
        m_split = splitAtAxis(d, axis);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        const int64_t len = m_split.axis, inner = m_split.inner;
        forEachAxisLine(m_split, [&](int64_t base, int64_t) {
            double norm = 0.0;
            for (int64_t i = 0; i < len; ++i) {
                const float v = x[base + i * inner];
                norm += m_p == 1 ? std::fabs(v) : double(v) * v;
            }
            if (m_p == 2)
                norm = std::sqrt(norm);
            for (int64_t i = 0; i < len; ++i)
                y[base + i * inner] = norm == 0.0 ? 0.0f : float(x[base + i * inner] / norm);
        });
        return Status::ok();
    }

private:
    AxisSplit m_split;
    int64_t m_p = 2;
};

/// Inference only; training_mode = 1 goes to the kernel in batch_norm_training.cpp.
Status acceptInferenceBatchNorm(const Node& node, std::span<const TensorDesc> inputs)
{
    if (node.attrInt("training_mode", 0) != 0)
        return Status(StatusCode::Unsupported, "training_mode = 1");
    return acceptFloatInput0(node, inputs);
}

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

} // namespace

const KernelSpec& layerNormRangeSpec()
{
    static const KernelSpec spec { "", "LayerNormalization", 17, 0, inferLayerNorm,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<LayerNormKernel>(true); }, acceptFloatInput0, kNoCaps,
        "cpu", "float; y and its {min, max} for a DynamicQuantizeLinear (Optimized, dynamic-range)" };
    return spec;
}

const KernelSpec& residualLayerNormSpec(bool rangeOutput)
{
    static const KernelSpec plain { "", "LayerNormalization", 17, 0, inferLayerNorm,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<LayerNormKernel>(false, true); }, acceptFloatInput0,
        kNoCaps, "cpu", "float; the residual Add before it fused (Optimized, residual-layernorm)" };
    static const KernelSpec withRange { "", "LayerNormalization", 17, 0, inferLayerNorm,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<LayerNormKernel>(true, true); }, acceptFloatInput0,
        kNoCaps, "cpu",
        "float; the residual Add before it fused, y and its {min, max} for a DynamicQuantizeLinear (Optimized, "
        "residual-layernorm)" };
    return rangeOutput ? withRange : plain;
}

void registerNormalizationKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "BatchNormalization", 7, 0, inferSameAsInput0, make<BatchNormKernel>,
        acceptInferenceBatchNorm, kNoCaps, "cpu", "float; inference mode" });
    r.add(KernelSpec { "", "InstanceNormalization", 6, 0, inferSameAsInput0, make<InstanceNormKernel>,
        acceptFloatInput0, kNoCaps, "cpu", "float" });
    r.add(KernelSpec { "", "LayerNormalization", 17, 0, inferLayerNorm, make<LayerNormKernel>, acceptFloatInput0,
        kNoCaps, "cpu", "float" });
    r.add(KernelSpec { "", "LpNormalization", 1, 0, inferSameAsInput0, make<LpNormKernel>, acceptFloatInput0, kNoCaps,
        "cpu", "float; p 1 or 2" });
}

} // namespace qs::kernels
