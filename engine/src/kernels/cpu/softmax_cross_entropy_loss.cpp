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
    return acceptLossInputs(in, "labels");
}

class SceKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_g, LossGeometry::of(ctx, true));
        return Status::ok();
    }

    size_t scratchBytes() const override { return size_t(m_g.n * m_g.c * m_g.d) * dataTypeSize(m_g.type); }

    Status run(const KernelArgs& args) const override
    {
        Status st = m_g.type == DataType::Float ? runTyped<float>(args) : runTyped<double>(args);
        return st ? st : st.withContext(fmt::format("node {}", m_g.node));
    }

private:
    template <typename T> Status runTyped(const KernelArgs& args) const
    {
        const T* x = static_cast<const T*>(args.inputs[0]);
        T* logProb = args.outputs.size() > 1 && args.outputs[1] ? static_cast<T*>(args.outputs[1])
                                                                : static_cast<T*>(args.scratch);
        const int64_t n = m_g.n, c = m_g.c, d = m_g.d;
        for (int64_t i = 0; i < n; ++i)
            for (int64_t k = 0; k < d; ++k) {
                const T* xs = x + i * c * d + k;
                T* ls = logProb + i * c * d + k;
                double mx = double(xs[0]);
                for (int64_t j = 1; j < c; ++j)
                    mx = std::max(mx, double(xs[j * d]));
                double sum = 0.0;
                for (int64_t j = 0; j < c; ++j)
                    sum += std::exp(double(xs[j * d]) - mx);
                const double lse = mx + std::log(sum);
                for (int64_t j = 0; j < c; ++j)
                    ls[j * d] = T(double(xs[j * d]) - lse);
            }
        const T* w = args.inputs.size() > 2 ? static_cast<const T*>(args.inputs[2]) : nullptr;
        return nllLoss<T>(
            m_g.config, logProb, args.inputs[1], m_g.targetType, w, n, c, d, static_cast<T*>(args.outputs[0]));
    }

    LossGeometry m_g;
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
