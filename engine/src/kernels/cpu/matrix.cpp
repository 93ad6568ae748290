// SPDX-License-Identifier: MIT
// Matrix-structured ops for any element type: Trilu, EyeLike, ReverseSequence; and CumSum (exclusive, reverse).
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace qs::kernels {

namespace {

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

Status acceptSized(const Node& node, std::span<const TensorDesc> inputs)
{
    if (dataTypeSize(inputs[0].type) == 0)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(inputs[0].type)));
    return Status::ok();
}

/// Trilu: keeps the lower (upper = 0) or upper triangle of the last two dims, relative to diagonal k.
class TriluKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        if (d.size() < 2)
            return Status(
                StatusCode::InvalidModel, fmt::format("node {}: input rank must be >= 2", ctx.node.describe()));
        m_upper = ctx.node.attrInt("upper", 1) != 0;
        m_k = 0;
        if (hasInput(ctx.inputs, 1)) {
            auto k = constantInts(ctx.inputs[1]);
            if (!k || k->size() != 1)
                return Status(
                    StatusCode::Unsupported, fmt::format("node {}: k must be a constant scalar", ctx.node.describe()));
            m_k = (*k)[0];
        }
        m_rows = d[d.size() - 2];
        m_cols = d.back();
        m_batch = (m_rows != 0 && m_cols != 0) ? ctx.inputs[0].elementCount() / (m_rows * m_cols) : 0;
        m_size = dataTypeSize(ctx.inputs[0].type);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        const size_t rowBytes = size_t(m_cols) * m_size;
        for (int64_t b = 0; b < m_batch; ++b)
            for (int64_t i = 0; i < m_rows; ++i) {
                const size_t off = size_t((b * m_rows + i) * m_cols) * m_size;
                // Upper keeps j >= i + k; lower keeps j <= i + k: one kept run per row.
                const int64_t keepFrom = m_upper ? std::clamp<int64_t>(i + m_k, 0, m_cols) : 0;
                const int64_t keepTo = m_upper ? m_cols : std::clamp<int64_t>(i + m_k + 1, 0, m_cols);
                std::memset(y + off, 0, rowBytes);
                if (keepTo > keepFrom)
                    std::memcpy(y + off + size_t(keepFrom) * m_size, x + off + size_t(keepFrom) * m_size,
                        size_t(keepTo - keepFrom) * m_size);
            }
        return Status::ok();
    }

private:
    bool m_upper = true;
    int64_t m_k = 0;
    int64_t m_rows = 0, m_cols = 0, m_batch = 0;
    size_t m_size = 4;
};

Status inferEyeLike(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    if (in[0].rank() != 2)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: input must be 2-D", node.describe()));
    out[0].type = node.hasAttribute("dtype") ? DataType(node.attrInt("dtype", 1)) : in[0].type;
    out[0].dims = in[0].dims;
    if (dataTypeSize(out[0].type) == 0)
        return Status(StatusCode::Unsupported,
            fmt::format("node {}: output type {}", node.describe(), dataTypeName(out[0].type)));
    return Status::ok();
}

class EyeLikeKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.outputs[0].type;
        m_rows = ctx.outputs[0].dims[0];
        m_cols = ctx.outputs[0].dims[1];
        m_k = ctx.node.attrInt("k", 0);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        std::memset(args.outputs[0], 0, size_t(m_rows * m_cols) * dataTypeSize(m_type));
        dispatchNumericOrBool(m_type, [&](auto tag) {
            using T = decltype(tag);
            T* y = static_cast<T*>(args.outputs[0]);
            for (int64_t i = 0; i < m_rows; ++i)
                if (const int64_t j = i + m_k; j >= 0 && j < m_cols)
                    y[i * m_cols + j] = T(1);
        });
        return Status::ok();
    }

private:
    DataType m_type = DataType::Float;
    int64_t m_rows = 0, m_cols = 0, m_k = 0;
};

/// CumSum along one axis (a constant input); exclusive shifts by one, reverse runs from the end.
class CumSumKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        auto axisValues = constantInts(ctx.inputs[1]);
        if (!axisValues || axisValues->size() != 1)
            return Status(
                StatusCode::Unsupported, fmt::format("node {}: axis must be a constant scalar", ctx.node.describe()));
        QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(ctx.node, (*axisValues)[0], ctx.inputs[0].rank()));
        m_split = splitAtAxis(ctx.inputs[0].dims, axis);
        m_exclusive = ctx.node.attrInt("exclusive", 0) != 0;
        m_reverse = ctx.node.attrInt("reverse", 0) != 0;
        m_type = ctx.inputs[0].type;
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        dispatchNumeric(m_type, [&](auto tag) {
            using T = decltype(tag);
            const T* x = static_cast<const T*>(args.inputs[0]);
            T* y = static_cast<T*>(args.outputs[0]);
            const int64_t len = m_split.axis;
            const int64_t inner = m_split.inner;
            for (int64_t o = 0; o < m_split.outer; ++o)
                for (int64_t in = 0; in < inner; ++in) {
                    const T* xs = x + o * len * inner + in;
                    T* ys = y + o * len * inner + in;
                    T acc = T(0);
                    for (int64_t step = 0; step < len; ++step) {
                        const int64_t i = m_reverse ? len - 1 - step : step;
                        if (m_exclusive) {
                            ys[i * inner] = acc;
                            acc = T(acc + xs[i * inner]);
                        } else {
                            acc = T(acc + xs[i * inner]);
                            ys[i * inner] = acc;
                        }
                    }
                }
        });
        return Status::ok();
    }

private:
    AxisSplit m_split;
    bool m_exclusive = false;
    bool m_reverse = false;
    DataType m_type = DataType::Float;
};

Status acceptCumSum(const Node& node, std::span<const TensorDesc> inputs)
{
    const DataType t = inputs[0].type;
    if (t != DataType::Float && t != DataType::Double && t != DataType::Int32 && t != DataType::Int64
        && t != DataType::UInt32 && t != DataType::UInt64)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(t)));
    return Status::ok();
}

/// ReverseSequence: reverses the first sequence_lens[b] steps along time_axis for each batch entry b.
class ReverseSequenceKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        m_timeAxis = ctx.node.attrInt("time_axis", 0);
        m_batchAxis = ctx.node.attrInt("batch_axis", 1);
        if (d.size() < 2 || m_timeAxis < 0 || m_timeAxis > 1 || m_batchAxis != 1 - m_timeAxis)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: time_axis/batch_axis must be 0 and 1 (either order)", ctx.node.describe()));
        m_dims = d;
        m_slice = shapeElementCount(std::vector<int64_t>(d.begin() + 2, d.end()));
        m_elem = dataTypeSize(ctx.inputs[0].type);
        m_lens64 = ctx.inputs[1].type == DataType::Int64;
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        const int64_t steps = m_dims[size_t(m_timeAxis)];
        const int64_t batch = m_dims[size_t(m_batchAxis)];
        const size_t sliceBytes = size_t(m_slice) * m_elem;
        auto offset = [&](int64_t t, int64_t b) {
            return size_t(m_timeAxis == 0 ? t * batch + b : b * steps + t) * sliceBytes;
        };
        for (int64_t b = 0; b < batch; ++b) {
            const int64_t raw = m_lens64 ? static_cast<const int64_t*>(args.inputs[1])[b]
                                         : int64_t(static_cast<const int32_t*>(args.inputs[1])[b]);
            const int64_t len = std::clamp<int64_t>(raw, 0, steps);
            for (int64_t t = 0; t < steps; ++t) {
                const int64_t src = t < len ? len - 1 - t : t;
                std::memcpy(y + offset(t, b), x + offset(src, b), sliceBytes);
            }
        }
        return Status::ok();
    }

private:
    std::vector<int64_t> m_dims;
    int64_t m_timeAxis = 0, m_batchAxis = 1, m_slice = 1;
    size_t m_elem = 4;
    bool m_lens64 = true;
};

} // namespace

void registerMatrixKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "Trilu", 14, 0, inferSameAsInput0, make<TriluKernel>, acceptSized, kNoCaps, "cpu",
        "any type; constant k" });
    r.add(KernelSpec {
        "", "EyeLike", 9, 0, inferEyeLike, make<EyeLikeKernel>, acceptSized, kNoCaps, "cpu", "numeric and bool" });
    r.add(KernelSpec { "", "ReverseSequence", 10, 0, inferSameAsInput0, make<ReverseSequenceKernel>, acceptSized,
        kNoCaps, "cpu", "any fixed-size type" });
    r.add(KernelSpec { "", "CumSum", 11, 0, inferSameAsInput0, make<CumSumKernel>, acceptCumSum, kNoCaps, "cpu",
        "float, double, int32/64, uint32/64; constant axis" });
}

} // namespace qs::kernels
