// SPDX-License-Identifier: MIT
// NegativeLogLikelihoodLoss: -input[n, target, d...] weighted per class, entries equal to ignore_index skipped,
// reduced by none/sum/mean, where mean divides by the total weight of the entries kept (as ONNX's definition does).
#include "kernels/cpu/negative_log_likelihood_loss.h"

#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

namespace qs::kernels {

Status acceptLossInputs(std::span<const TensorDesc> in, std::string_view targetName)
{
    if (in[0].type != DataType::Float && in[0].type != DataType::Double)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    if (in[1].type != DataType::Int64 && in[1].type != DataType::Int32)
        return Status(StatusCode::Unsupported, fmt::format("{} is {}", targetName, dataTypeName(in[1].type)));
    if (hasInput(in, 2) && in[2].type != in[0].type)
        return Status(StatusCode::Unsupported, "weight type differs from input type");
    return Status::ok();
}

Result<LossGeometry> LossGeometry::of(const KernelContext& ctx, bool ignoreMinusOneWeighsMean)
{
    LossGeometry g;
    QS_ASSIGN_OR_RETURN(g.config, nllLossConfig(ctx.node, ignoreMinusOneWeighsMean));
    const auto& dims = ctx.inputs[0].dims;
    g.type = ctx.inputs[0].type;
    g.targetType = ctx.inputs[1].type;
    g.n = dims[0];
    g.c = dims[1];
    g.d = shapeElementCount(dims) / std::max<int64_t>(g.n * g.c, 1);
    g.node = ctx.node.describe();
    return g;
}

Result<NllLossConfig> nllLossConfig(const Node& node, bool ignoreMinusOneWeighsMean)
{
    NllLossConfig cfg;
    const std::string reduction = node.attrString("reduction", "mean");
    if (reduction == "none")
        cfg.reduction = LossReduction::None;
    else if (reduction == "sum")
        cfg.reduction = LossReduction::Sum;
    else if (reduction == "mean")
        cfg.reduction = LossReduction::Mean;
    else
        return Status(StatusCode::InvalidModel, fmt::format("node {}: reduction '{}'", node.describe(), reduction));
    if (const Attribute* a = node.attribute("ignore_index")) {
        cfg.ignoreIndex = a->i;
        // ONNX's reference NegativeLogLikelihoodLoss (which generated the conformance data) averages over every
        // entry when ignore_index is -1 and there are no weights; SoftmaxCrossEntropyLoss does not.
        cfg.ignoreWeighsMean = ignoreMinusOneWeighsMean || a->i != -1;
    } else {
        cfg.ignoreWeighsMean = false;
    }
    return cfg;
}

Status inferNllLossOutput(const Node& node, const TensorDesc& input, const TensorDesc& target, TensorDesc& loss)
{
    if (input.rank() < 2 || target.rank() != input.rank() - 1 || target.dims[0] != input.dims[0]
        || !std::equal(target.dims.begin() + 1, target.dims.end(), input.dims.begin() + 2))
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: target [{}] does not fit input [{}] (expected [N, d1, ...] for [N, C, d1, ...])",
                node.describe(), formatDims(target.dims), formatDims(input.dims)));
    loss.type = input.type;
    loss.dims.clear();
    if (node.attrString("reduction", "mean") == "none")
        loss.dims = target.dims;
    return Status::ok();
}

template <typename T>
Status nllLoss(const NllLossConfig& cfg, const T* x, const void* target, DataType targetType, const T* weight,
    int64_t n, int64_t c, int64_t d, T* loss)
{
    double sum = 0.0;
    double weightSum = 0.0;
    for (int64_t i = 0; i < n; ++i)
        for (int64_t k = 0; k < d; ++k) {
            const int64_t e = i * d + k;
            const int64_t t = targetType == DataType::Int32 ? static_cast<const int32_t*>(target)[e]
                                                            : static_cast<const int64_t*>(target)[e];
            double v = 0.0;
            double w = 0.0;
            if (!cfg.ignoreIndex || t != *cfg.ignoreIndex) {
                if (t < 0 || t >= c)
                    return Status(
                        StatusCode::InvalidArgument, fmt::format("target {} at {} is outside [0, {})", t, e, c));
                w = weight ? double(weight[t]) : 1.0;
                v = -double(x[(i * c + t) * d + k]) * w;
            }
            if (cfg.reduction == LossReduction::None)
                loss[e] = T(v);
            sum += v;
            weightSum += w;
        }
    if (cfg.reduction == LossReduction::Sum)
        loss[0] = T(sum);
    else if (cfg.reduction == LossReduction::Mean)
        loss[0] = T((weight || cfg.ignoreWeighsMean) ? sum / weightSum : sum / double(n * d));
    return Status::ok();
}

template Status nllLoss<float>(
    const NllLossConfig&, const float*, const void*, DataType, const float*, int64_t, int64_t, int64_t, float*);
template Status nllLoss<double>(
    const NllLossConfig&, const double*, const void*, DataType, const double*, int64_t, int64_t, int64_t, double*);

namespace {

Status inferNll(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (!hasInput(in, 0) || !hasInput(in, 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs input and target", node.describe()));
    return inferNllLossOutput(node, in[0], in[1], out[0]);
}

Status acceptLoss(const Node&, std::span<const TensorDesc> in)
{
    return acceptLossInputs(in, "target");
}

class NllLossKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_g, LossGeometry::of(ctx, false));
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const void* w = args.inputs.size() > 2 ? args.inputs[2] : nullptr;
        Status st = m_g.type == DataType::Float
            ? nllLoss<float>(m_g.config, static_cast<const float*>(args.inputs[0]), args.inputs[1], m_g.targetType,
                static_cast<const float*>(w), m_g.n, m_g.c, m_g.d, static_cast<float*>(args.outputs[0]))
            : nllLoss<double>(m_g.config, static_cast<const double*>(args.inputs[0]), args.inputs[1], m_g.targetType,
                static_cast<const double*>(w), m_g.n, m_g.c, m_g.d, static_cast<double*>(args.outputs[0]));
        return st ? st : st.withContext(fmt::format("node {}", m_g.node));
    }

private:
    LossGeometry m_g;
};

} // namespace

void registerNegativeLogLikelihoodLossKernels(KernelRegistry& r)
{
    r.add(KernelSpec { .domain = "",
        .opType = "NegativeLogLikelihoodLoss",
        .sinceVersion = 12,
        .untilVersion = 0,
        .inferShapes = inferNll,
        .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<NllLossKernel>(); },
        .accepts = acceptLoss,
        .notes = "float, double; weights, ignore_index, none/sum/mean" });
}

} // namespace qs::kernels
