// SPDX-License-Identifier: MIT
// NonMaxSuppression (opset 10+). Its output count depends on the data: the kernel allocates its output
// (DynamicOutputKernel), so it folds when boxes and scores are constant and otherwise runs in the plan's run-time
// tail. The thresholds and max_output_boxes_per_class must be known when it is prepared (at preparation, or in the
// tail when they are small computed values).
#include "kernels/dynamic_output.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <numeric>

namespace qs::kernels {

namespace {

struct NmsParams
{
    int64_t maxPerClass = 0;
    float iouThreshold = 0.0f;
    bool hasScoreThreshold = false;
    float scoreThreshold = 0.0f;
    bool centerBox = false;
};

Result<NmsParams> nmsParams(const Node& node, std::span<const TensorDesc> in)
{
    NmsParams p;
    p.centerBox = node.attrInt("center_point_box", 0) != 0;
    auto scalar = [&](size_t i) -> Result<std::optional<float>> {
        if (!hasInput(in, i))
            return std::optional<float> {};
        auto v = constantFloats(in[i]);
        if (!v) {
            if (auto ints = constantInts(in[i]); ints && !ints->empty())
                return std::optional<float>(float((*ints)[0]));
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: data-dependent shape (input {} must be constant)", node.describe(), i));
        }
        return std::optional<float>(v->empty() ? 0.0f : (*v)[0]);
    };
    if (hasInput(in, 2)) {
        auto v = constantInts(in[2]);
        if (!v)
            return Status(StatusCode::Unsupported,
                fmt::format(
                    "node {}: data-dependent shape (max_output_boxes_per_class must be constant)", node.describe()));
        p.maxPerClass = v->empty() ? 0 : (*v)[0];
    }
    QS_ASSIGN_OR_RETURN(auto iou, scalar(3));
    p.iouThreshold = iou.value_or(0.0f);
    QS_ASSIGN_OR_RETURN(auto score, scalar(4));
    p.hasScoreThreshold = score.has_value();
    p.scoreThreshold = score.value_or(0.0f);
    return p;
}

/// Corners (y1, x1, y2, x2) ordered so that y1 <= y2 and x1 <= x2.
std::array<float, 4> corners(const float* b, bool center)
{
    if (center)
        return { b[1] - b[3] / 2, b[0] - b[2] / 2, b[1] + b[3] / 2, b[0] + b[2] / 2 };
    return { std::min(b[0], b[2]), std::min(b[1], b[3]), std::max(b[0], b[2]), std::max(b[1], b[3]) };
}

float iou(const std::array<float, 4>& a, const std::array<float, 4>& b)
{
    const float areaA = (a[2] - a[0]) * (a[3] - a[1]);
    const float areaB = (b[2] - b[0]) * (b[3] - b[1]);
    if (areaA <= 0.0f || areaB <= 0.0f)
        return 0.0f;
    const float h = std::max(0.0f, std::min(a[2], b[2]) - std::max(a[0], b[0]));
    const float w = std::max(0.0f, std::min(a[3], b[3]) - std::max(a[1], b[1]));
    const float inter = h * w;
    return inter / (areaA + areaB - inter);
}

/// The selected (batch, class, box) triples, in ONNX's order: by batch, class, then descending score.
std::vector<std::array<int64_t, 3>> runNms(
    const float* boxes, const float* scores, int64_t batches, int64_t classes, int64_t count, const NmsParams& p)
{
    std::vector<std::array<int64_t, 3>> out;
    std::vector<int64_t> order;
    order.reserve(static_cast<size_t>(count));
    for (int64_t b = 0; b < batches; ++b)
        for (int64_t c = 0; c < classes; ++c) {
            const float* s = scores + (b * classes + c) * count;
            order.clear();
            for (int64_t i = 0; i < count; ++i)
                if (!p.hasScoreThreshold || s[i] > p.scoreThreshold)
                    order.push_back(i);
            std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return s[x] > s[y]; });
            std::vector<std::array<float, 4>> kept;
            for (int64_t i : order) {
                if (int64_t(kept.size()) >= p.maxPerClass)
                    break;
                const auto box = corners(boxes + (b * count + i) * 4, p.centerBox);
                const bool suppressed = std::any_of(
                    kept.begin(), kept.end(), [&](const auto& k) { return iou(k, box) > p.iouThreshold; });
                if (suppressed)
                    continue;
                kept.push_back(box);
                out.push_back({ b, c, i });
            }
        }
    return out;
}

Status checkShapes(const Node& node, std::span<const TensorDesc> in)
{
    const auto& bx = in[0].dims;
    const auto& sc = in[1].dims;
    if (bx.size() != 3 || bx[2] != 4 || sc.size() != 3 || sc[0] != bx[0] || sc[2] != bx[1])
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: boxes must be [B, N, 4] and scores [B, C, N]", node.describe()));
    return Status::ok();
}

Status inferNms(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_RETURN_IF_ERROR(checkShapes(node, in));
    QS_RETURN_IF_ERROR(nmsParams(node, in).status());
    out[0].type = DataType::Int64;
    out[0].dims = { kRunTimeDim, 3 };
    return Status::ok();
}

class NmsKernel final : public DynamicOutputKernel
{
public:
    Status compute(
        std::span<const TensorDesc> in, std::span<const void* const> data, std::vector<HostTensor>& out) const override
    {
        const auto sel = runNms(static_cast<const float*>(data[0]), static_cast<const float*>(data[1]), in[0].dims[0],
            in[1].dims[1], in[0].dims[1], m_params);
        out.clear();
        HostTensor& y = out.emplace_back(DataType::Int64, std::vector<int64_t> { int64_t(sel.size()), 3 });
        auto yd = y.data<int64_t>();
        for (size_t i = 0; i < sel.size(); ++i)
            std::copy(sel[i].begin(), sel[i].end(), yd.begin() + std::ptrdiff_t(i * 3));
        return Status::ok();
    }

protected:
    Status prepareOp(const KernelContext& ctx) override
    {
        QS_RETURN_IF_ERROR(checkShapes(ctx.node, ctx.inputs));
        QS_ASSIGN_OR_RETURN(m_params, nmsParams(ctx.node, ctx.inputs));
        return Status::ok();
    }

private:
    NmsParams m_params;
};

Status acceptNms(const Node& node, std::span<const TensorDesc> in)
{
    if (in[0].type != DataType::Float || in[1].type != DataType::Float)
        return Status(StatusCode::Unsupported, "boxes and scores must be float");
    return Status::ok();
}

} // namespace

void registerNonMaxSuppressionKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "NonMaxSuppression", 10, 0, inferNms,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<NmsKernel>(); }, acceptNms, kNoCaps, "cpu",
        "float; data-dependent output count (run-time shape); thresholds known at preparation or computed" });
}

} // namespace qs::kernels
