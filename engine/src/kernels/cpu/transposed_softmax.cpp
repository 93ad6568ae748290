// SPDX-License-Identifier: MIT
#include "kernels/cpu/transposed_softmax.h"

#include "kernels/cpu/softmax_simd.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs::kernels {

namespace {

class TransposedSoftmaxKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& x = ctx.inputs[0];
        const TensorDesc& y = ctx.outputs[0];
        if (x.rank() != 4 || y.rank() != 4 || x.dims[0] != 1 || x.type != DataType::Float
            || y.dims != std::vector<int64_t> { 1, x.dims[2], x.dims[1], x.dims[3] } || x.layout != Layout::Plain
            || y.layout != Layout::Plain)
            return Status(StatusCode::Internal,
                fmt::format("node {}: transposed softmax needs plain [1, A, C, P] float data", ctx.node.describe()));
        m_a = x.dims[1];
        m_c = x.dims[2];
        m_p = x.dims[3];
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        // Optional output 1: {min, max} of y for the DynamicQuantizeLinear reading it (rewrite 14).
        float* range = args.outputs.size() > 1 ? static_cast<float*>(args.outputs[1]) : nullptr;
        // The transposed tensor [1, C, A, P] is [outer 1, n C, inner A * P] for the Softmax kernel, which takes its
        // vector path (AVX-512 or AVX2, softmax_simd.h) when inner >= 8; each a is one [1, C, P] slice of it.
        if (m_a * m_p >= 8
            && softmaxStrided(quant::bestQuantIsa(), x, y, m_a, m_c, m_p, m_c * m_p, m_p, m_p, m_a * m_p, range))
            return Status::ok();
        float lo = std::numeric_limits<float>::infinity(), hi = -lo;
        for (int64_t a = 0; a < m_a; ++a)
            for (int64_t p = 0; p < m_p; ++p) {
                const float* xs = x + a * m_c * m_p + p;
                float* ys = y + a * m_p + p;
                const int64_t yStride = m_a * m_p;
                float mx = -std::numeric_limits<float>::infinity();
                for (int64_t i = 0; i < m_c; ++i)
                    mx = std::max(mx, xs[i * m_p]);
                float sum = 0.0f;
                for (int64_t i = 0; i < m_c; ++i) {
                    const float e = std::exp(xs[i * m_p] - mx);
                    ys[i * yStride] = e;
                    sum += e;
                }
                const float inv = 1.0f / sum;
                for (int64_t i = 0; i < m_c; ++i) {
                    const float v = ys[i * yStride] * inv;
                    ys[i * yStride] = v;
                    // As quant::minMax: a NaN never wins.
                    lo = v < lo ? v : lo;
                    hi = v > hi ? v : hi;
                }
            }
        if (range) {
            range[0] = lo;
            range[1] = hi;
        }
        return Status::ok();
    }

private:
    int64_t m_a = 0, m_c = 0, m_p = 0;
};

Status inferTransposedSoftmax(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (in.empty() || in[0].rank() != 4)
        return Status(StatusCode::Internal, fmt::format("node {}: rank-4 input expected", node.describe()));
    out[0] = { in[0].type, { in[0].dims[0], in[0].dims[2], in[0].dims[1], in[0].dims[3] } };
    if (out.size() > 1)
        out[1] = { DataType::Float, { 2 } };
    return Status::ok();
}

} // namespace

const KernelSpec& transposedSoftmaxSpec()
{
    static const KernelSpec spec { "", "Softmax", 13, 0, inferTransposedSoftmax,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<TransposedSoftmaxKernel>(); }, nullptr, kNoCaps,
        "cpu", "Transpose [0, 2, 1, 3] -> Softmax(axis 1) without the transposed copy (Optimized)" };
    return spec;
}

} // namespace qs::kernels
