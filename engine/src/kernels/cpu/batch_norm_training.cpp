// SPDX-License-Identifier: MIT
// BatchNormalization with training_mode = 1 (opset 14+): normalises with the batch's own per-channel mean and
// (biased) variance and outputs the updated running statistics, input * momentum + batch * (1 - momentum).
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cmath>

namespace qs::kernels {
namespace {

Status inferBatchNormTraining(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (in.size() < 5 || in[0].rank() < 2)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: needs X (rank >= 2), scale, B, input_mean, input_var", node.describe()));
    out[0].type = in[0].type;
    out[0].dims = in[0].dims;
    for (size_t o = 1; o < out.size() && o < 3; ++o) {
        out[o].type = in[0].type;
        out[o].dims = { in[0].dims[1] };
    }
    return Status::ok();
}

Status acceptBatchNormTraining(const Node& node, std::span<const TensorDesc> in)
{
    if (node.attrInt("training_mode", 0) == 0)
        return Status(StatusCode::Unsupported, "training_mode = 0");
    for (size_t i = 0; i < 5 && i < in.size(); ++i)
        if (in[i].type != DataType::Float)
            return Status(StatusCode::Unsupported, fmt::format("input {} is {}", i, dataTypeName(in[i].type)));
    return Status::ok();
}

class BatchNormTrainingKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        m_n = d[0];
        m_c = d[1];
        m_spatial = shapeElementCount(d) / std::max<int64_t>(m_n * m_c, 1);
        m_eps = ctx.node.attrFloat("epsilon", 1e-5f);
        m_momentum = ctx.node.attrFloat("momentum", 0.9f);
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        const auto* scale = static_cast<const float*>(args.inputs[1]);
        const auto* bias = static_cast<const float*>(args.inputs[2]);
        const auto* inMean = static_cast<const float*>(args.inputs[3]);
        const auto* inVar = static_cast<const float*>(args.inputs[4]);
        auto* y = static_cast<float*>(args.outputs[0]);
        float* runMean = args.outputs.size() > 1 ? static_cast<float*>(args.outputs[1]) : nullptr;
        float* runVar = args.outputs.size() > 2 ? static_cast<float*>(args.outputs[2]) : nullptr;
        const double count = double(m_n * m_spatial);
        for (int64_t c = 0; c < m_c; ++c) {
            double sum = 0.0;
            for (int64_t n = 0; n < m_n; ++n)
                for (int64_t i = 0; i < m_spatial; ++i)
                    sum += x[(n * m_c + c) * m_spatial + i];
            const double mean = sum / count;
            double sq = 0.0;
            for (int64_t n = 0; n < m_n; ++n)
                for (int64_t i = 0; i < m_spatial; ++i) {
                    const double v = x[(n * m_c + c) * m_spatial + i] - mean;
                    sq += v * v;
                }
            const double var = sq / count;
            const double a = scale[c] / std::sqrt(var + double(m_eps));
            for (int64_t n = 0; n < m_n; ++n)
                for (int64_t i = 0; i < m_spatial; ++i) {
                    const int64_t k = (n * m_c + c) * m_spatial + i;
                    y[k] = float((x[k] - mean) * a + bias[c]);
                }
            if (runMean)
                runMean[c] = float(inMean[c] * m_momentum + mean * (1.0 - m_momentum));
            if (runVar)
                runVar[c] = float(inVar[c] * m_momentum + var * (1.0 - m_momentum));
        }
        return Status::ok();
    }

private:
    int64_t m_n = 0, m_c = 0, m_spatial = 1;
    float m_eps = 1e-5f;
    float m_momentum = 0.9f;
};

} // namespace

void registerBatchNormTrainingKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "BatchNormalization",
        .sinceVersion = 14,
        .untilVersion = 0,
        .inferShapes = inferBatchNormTraining,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<BatchNormTrainingKernel>(); },
        .accepts = acceptBatchNormTraining,
        .notes = "float; training_mode = 1 (batch statistics, running mean/var outputs)" });
}

} // namespace qs::kernels
