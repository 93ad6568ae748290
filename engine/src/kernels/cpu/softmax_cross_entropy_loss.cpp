// SPDX-License-Identifier: MIT
// SoftmaxCrossEntropyLoss: log-softmax over the class axis (1), then the negative log likelihood of the labels
// (negative_log_likelihood_loss.h); the optional second output is the log-probabilities.
#include "kernels/cpu/negative_log_likelihood_loss.h"
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cmath>

namespace qs::kernels {
namespace {

Status inferSce(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (!hasInput(in, 0) || !hasInput(in, 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs scores and labels", node.describe()));
    QS_RETURN_IF_ERROR(inferNllLossOutput(node, in[0], in[1], out[0]));
    if (out.size() > 1) {
        out[1].type = in[0].type;
        out[1].dims = in[0].dims;
    }
    return Status::ok();
}

Status acceptSce(const Node&, std::span<const TensorDesc> in)
{
    if (in[0].type != DataType::Float && in[0].type != DataType::Double)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    if (in[1].type != DataType::Int64 && in[1].type != DataType::Int32)
        return Status(StatusCode::Unsupported, fmt::format("labels are {}", dataTypeName(in[1].type)));
    if (hasInput(in, 2) && in[2].type != in[0].type)
        return Status(StatusCode::Unsupported, "weights type differs from scores type");
    return Status::ok();
}

class SceKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_cfg, nllLossConfig(ctx.node, true));
        const auto& dims = ctx.inputs[0].dims;
        m_type = ctx.inputs[0].type;
        m_targetType = ctx.inputs[1].type;
        m_n = dims[0];
        m_c = dims[1];
        m_d = shapeElementCount(dims) / std::max<int64_t>(m_n * m_c, 1);
        m_node = ctx.node.describe();
        return Status::ok();
    }

    size_t scratchBytes() const override { return size_t(m_n * m_c * m_d) * dataTypeSize(m_type); }

    Status run(const KernelArgs& args) const override
    {
        Status st = m_type == DataType::Float ? runTyped<float>(args) : runTyped<double>(args);
        return st ? st : st.withContext(fmt::format("node {}", m_node));
    }

private:
    template <typename T> Status runTyped(const KernelArgs& args) const
    {
        const T* x = static_cast<const T*>(args.inputs[0]);
        T* logProb = args.outputs.size() > 1 && args.outputs[1] ? static_cast<T*>(args.outputs[1])
                                                                : static_cast<T*>(args.scratch);
        for (int64_t i = 0; i < m_n; ++i)
            for (int64_t k = 0; k < m_d; ++k) {
                const T* xs = x + i * m_c * m_d + k;
                T* ls = logProb + i * m_c * m_d + k;
                double mx = double(xs[0]);
                for (int64_t j = 1; j < m_c; ++j)
                    mx = std::max(mx, double(xs[j * m_d]));
                double sum = 0.0;
                for (int64_t j = 0; j < m_c; ++j)
                    sum += std::exp(double(xs[j * m_d]) - mx);
                const double lse = mx + std::log(sum);
                for (int64_t j = 0; j < m_c; ++j)
                    ls[j * m_d] = T(double(xs[j * m_d]) - lse);
            }
        const T* w = args.inputs.size() > 2 ? static_cast<const T*>(args.inputs[2]) : nullptr;
        return nllLoss<T>(
            m_cfg, logProb, args.inputs[1], m_targetType, w, m_n, m_c, m_d, static_cast<T*>(args.outputs[0]));
    }

    NllLossConfig m_cfg;
    DataType m_type = DataType::Float;
    DataType m_targetType = DataType::Int64;
    int64_t m_n = 0, m_c = 0, m_d = 1;
    std::string m_node;
};

} // namespace

void registerSoftmaxCrossEntropyLossKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "SoftmaxCrossEntropyLoss",
        .sinceVersion = 12,
        .untilVersion = 0,
        .inferShapes = inferSce,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<SceKernel>(); },
        .accepts = acceptSce,
        .notes = "float, double; weights, ignore_index, none/sum/mean, log_prob output" });
}

} // namespace qs::kernels
