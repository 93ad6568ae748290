// SPDX-License-Identifier: MIT
// Data movement for any element type: Identity Dropout Reshape Flatten Squeeze Unsqueeze Transpose Concat Split
// Slice Gather Expand Tile Cast CastLike.
#include "kernels/cpu/broadcast.h"
#include "kernels/cpu/slice_spec.h"
#include "kernels/half_float.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <type_traits>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

Status acceptSized(const Node& node, std::span<const TensorDesc> inputs)
{
    if (inputs.empty() || dataTypeSize(inputs[0].type) == 0)
        return Status(StatusCode::Unsupported,
            fmt::format("input 0 is {}", inputs.empty() ? "absent" : dataTypeName(inputs[0].type)));
    return Status::ok();
}

Status acceptDropout(const Node& node, std::span<const TensorDesc> inputs)
{
    QS_RETURN_IF_ERROR(acceptSized(node, inputs));
    if (hasInput(inputs, 2)) {
        const auto training = inputs[2].constant ? inputs[2].constant->valueAsDouble(0) : 1.0;
        // Training with ratio 0 drops nothing: the identity with an all-true mask, as in inference.
        const bool zeroRatio = hasInput(inputs, 1) && inputs[1].constant && inputs[1].constant->elementCount() == 1
            && inputs[1].constant->valueAsDouble(0) == 0.0;
        if (training != 0.0 && hasInput(inputs, 1) && !inputs[1].constant)
            return Status(StatusCode::Unsupported,
                "training_mode: the ratio must be constant (only ratio 0, which drops nothing, is supported)");
        if (training != 0.0 && !zeroRatio)
            return Status(StatusCode::Unsupported, "training_mode (random masks) is not supported");
    }
    if (node.opsetVersion < 7 && node.attrInt("is_test", 0) == 0)
        return Status(StatusCode::Unsupported, "training (is_test = 0) is not supported");
    return Status::ok();
}

/// Output 0 is a byte copy of input 0 with another shape (Reshape, Flatten, Squeeze, Unsqueeze, Identity, Dropout).
class CopyKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_bytes = ctx.inputs[0].byteSize();
        if (ctx.outputs.size() > 1 && ctx.outputs[1].type != DataType::Undefined)
            m_maskBytes = ctx.outputs[1].byteSize();
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        if (args.outputs[0] != args.inputs[0] && m_bytes)
            std::memcpy(args.outputs[0], args.inputs[0], m_bytes);
        if (m_maskBytes && args.outputs.size() > 1 && args.outputs[1])
            std::memset(args.outputs[1], 1, m_maskBytes); // Dropout in inference keeps everything
        return Status::ok();
    }

private:
    size_t m_bytes = 0;
    size_t m_maskBytes = 0;
};

Status inferIdentity(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_RETURN_IF_ERROR(inferSameAsInput0(node, in, out));
    if (out.size() > 1) { // Dropout mask
        out[1].type = DataType::Bool;
        out[1].dims = in[0].dims;
    }
    return Status::ok();
}

Status inferReshape(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    std::optional<std::vector<int64_t>> shape;
    if (node.opsetVersion < 5)
        shape = node.attrInts("shape");
    else if (hasInput(in, 1))
        shape = constantInts(in[1]);
    if (!shape)
        return err(node, StatusCode::Unsupported, "data-dependent shape (the target shape is not constant)");
    const bool allowZero = node.attrInt("allowzero", 0) != 0;
    std::vector<int64_t> dims = *shape;
    int64_t known = 1;
    int64_t inferAt = -1;
    for (size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] == 0 && !allowZero) {
            if (i >= in[0].dims.size())
                return err(node, StatusCode::InvalidModel, "0 in shape beyond the input rank");
            dims[i] = in[0].dims[i];
        }
        if (dims[i] == -1) {
            if (inferAt >= 0)
                return err(node, StatusCode::InvalidModel, "more than one -1 in shape");
            inferAt = static_cast<int64_t>(i);
        } else if (dims[i] < -1 || __builtin_mul_overflow(known, dims[i], &known)) {
            return err(node, StatusCode::InvalidModel, fmt::format("shape {} is not a valid size", formatDims(dims)));
        }
    }
    const int64_t total = in[0].elementCount();
    if (inferAt >= 0)
        dims[size_t(inferAt)] = known ? total / known : 0;
    if (shapeElementCount(dims) != total)
        return err(node, StatusCode::InvalidModel,
            fmt::format("cannot reshape {} to {}", formatDims(in[0].dims), formatDims(dims)));
    out[0].type = in[0].type;
    out[0].dims = dims;
    return Status::ok();
}

Status inferFlatten(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    const int64_t rank = in[0].rank();
    int64_t axis = node.attrInt("axis", 1);
    if (axis < 0)
        axis += rank;
    if (axis < 0 || axis > rank)
        return err(node, StatusCode::InvalidModel, fmt::format("axis {} out of range", axis));
    int64_t a = 1;
    int64_t b = 1;
    for (int64_t i = 0; i < rank; ++i)
        (i < axis ? a : b) *= in[0].dims[size_t(i)];
    out[0].type = in[0].type;
    out[0].dims = { a, b };
    return Status::ok();
}

Status inferSqueeze(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    std::optional<std::vector<int64_t>> axes;
    if (node.opsetVersion < 13) {
        if (node.hasAttribute("axes"))
            axes = node.attrInts("axes");
    } else if (hasInput(in, 1)) {
        axes = constantInts(in[1]);
        if (!axes)
            return err(node, StatusCode::Unsupported, "data-dependent shape (axes not constant)");
    }
    const int64_t rank = in[0].rank();
    std::vector<bool> drop(size_t(rank), false);
    if (axes) {
        for (int64_t a : *axes) {
            QS_ASSIGN_OR_RETURN(int64_t n, normalizeAxis(node, a, rank));
            if (in[0].dims[size_t(n)] != 1)
                return err(node, StatusCode::InvalidModel,
                    fmt::format("cannot squeeze axis {} of size {}", a, in[0].dims[size_t(n)]));
            drop[size_t(n)] = true;
        }
    } else {
        for (int64_t i = 0; i < rank; ++i)
            drop[size_t(i)] = in[0].dims[size_t(i)] == 1;
    }
    out[0].type = in[0].type;
    out[0].dims.clear();
    for (int64_t i = 0; i < rank; ++i)
        if (!drop[size_t(i)])
            out[0].dims.push_back(in[0].dims[size_t(i)]);
    return Status::ok();
}

Status inferUnsqueeze(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    std::optional<std::vector<int64_t>> axes;
    if (node.opsetVersion < 13)
        axes = node.attrInts("axes");
    else if (hasInput(in, 1))
        axes = constantInts(in[1]);
    if (!axes)
        return err(node, StatusCode::Unsupported, "data-dependent shape (axes not constant)");
    const int64_t rank = in[0].rank() + static_cast<int64_t>(axes->size());
    std::vector<bool> add(size_t(rank), false);
    for (int64_t a : *axes) {
        QS_ASSIGN_OR_RETURN(int64_t n, normalizeAxis(node, a, rank));
        add[size_t(n)] = true;
    }
    out[0].type = in[0].type;
    out[0].dims.clear();
    size_t j = 0;
    for (int64_t i = 0; i < rank; ++i)
        out[0].dims.push_back(add[size_t(i)] ? 1 : in[0].dims[j++]);
    return Status::ok();
}

// ---- Transpose ----
std::vector<int64_t> transposePerm(const Node& node, int64_t rank)
{
    std::vector<int64_t> perm = node.attrInts("perm");
    if (perm.empty()) {
        perm.resize(size_t(rank));
        for (int64_t i = 0; i < rank; ++i)
            perm[size_t(i)] = rank - 1 - i;
    }
    return perm;
}

Status inferTranspose(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    const auto perm = transposePerm(node, in[0].rank());
    if (static_cast<int64_t>(perm.size()) != in[0].rank())
        return err(node, StatusCode::InvalidModel, "perm length differs from the input rank");
    out[0].type = in[0].type;
    out[0].dims.clear();
    for (int64_t p : perm) {
        if (p < 0 || p >= in[0].rank())
            return err(node, StatusCode::InvalidModel, "perm entry out of range");
        out[0].dims.push_back(in[0].dims[size_t(p)]);
    }
    return Status::ok();
}

/// Generic strided copy: out[i] = in[sum(idx_d * srcStride_d)] over `dims`, element size `size`.
void stridedCopy(const std::byte* src, std::byte* dst, const std::vector<int64_t>& dims,
    const std::vector<int64_t>& srcStrides, size_t size)
{
    const int64_t n = shapeElementCount(dims);
    if (n == 0)
        return;
    const size_t rank = dims.size();
    if (rank == 0) {
        std::memcpy(dst, src, size);
        return;
    }
    const int64_t inner = dims.back();
    const int64_t innerStride = srcStrides.back();
    const int64_t rows = n / inner;
#pragma omp parallel for if (n > (1 << 16))
    for (int64_t r = 0; r < rows; ++r) {
        int64_t rem = r;
        int64_t off = 0;
        for (size_t d = rank - 1; d-- > 0;) {
            off += (rem % dims[d]) * srcStrides[d];
            rem /= dims[d];
        }
        std::byte* o = dst + r * inner * int64_t(size);
        const std::byte* s = src + off * int64_t(size);
        if (innerStride == 1) {
            std::memcpy(o, s, size_t(inner) * size);
        } else if (size == 4) {
            auto* o4 = reinterpret_cast<uint32_t*>(o);
            const auto* s4 = reinterpret_cast<const uint32_t*>(s);
            for (int64_t i = 0; i < inner; ++i)
                o4[i] = s4[i * innerStride];
        } else {
            for (int64_t i = 0; i < inner; ++i)
                std::memcpy(o + i * int64_t(size), s + i * innerStride * int64_t(size), size);
        }
    }
}

/// Transpose and Expand are both a strided gather of the input: prepare() sets the output dims and, per output dim,
/// the input stride to step by; run() is the shared copy.
class StridedCopyKernel : public Kernel
{
public:
    Status run(const KernelArgs& args) const override
    {
        stridedCopy(static_cast<const std::byte*>(args.inputs[0]), static_cast<std::byte*>(args.outputs[0]), m_dims,
            m_strides, m_size);
        return Status::ok();
    }

protected:
    size_t m_size = 0;
    std::vector<int64_t> m_dims;
    std::vector<int64_t> m_strides;
};

class TransposeKernel final : public StridedCopyKernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto perm = transposePerm(ctx.node, ctx.inputs[0].rank());
        const auto inStrides = stridesOf(ctx.inputs[0].dims);
        m_size = dataTypeSize(ctx.inputs[0].type);
        m_dims = ctx.outputs[0].dims;
        m_strides.clear();
        for (int64_t p : perm)
            m_strides.push_back(inStrides[size_t(p)]);
        return Status::ok();
    }
};

// ---- Concat ----
Status inferConcat(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    const int64_t rank = in[0].rank();
    QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(node, node.attrInt("axis", 0), rank));
    out[0].type = in[0].type;
    out[0].dims = in[0].dims;
    out[0].dims[size_t(axis)] = 0;
    for (const TensorDesc& d : in) {
        if (d.rank() != rank)
            return err(node, StatusCode::InvalidModel, "inputs differ in rank");
        for (int64_t i = 0; i < rank; ++i)
            if (i != axis && d.dims[size_t(i)] != in[0].dims[size_t(i)])
                return err(node, StatusCode::InvalidModel,
                    fmt::format("cannot concatenate {} and {}", formatDims(in[0].dims), formatDims(d.dims)));
        out[0].dims[size_t(axis)] += d.dims[size_t(axis)];
    }
    return Status::ok();
}

/// Concat and Split move the same pieces in opposite directions: per outer index, one contiguous chunk per part
/// along the axis. `whole` is the concatenated shape; parts of Undefined type (omitted outputs) get size 0.
struct AxisChunks
{
    int64_t outer = 1;
    size_t rowBytes = 0; ///< bytes of one outer row of the whole tensor
    std::vector<size_t> chunks; ///< bytes per outer row of each part

    Status plan(const Node& node, const std::vector<int64_t>& whole, DataType type, std::span<const TensorDesc> parts)
    {
        QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(node, node.attrInt("axis", 0), int64_t(whole.size())));
        const size_t size = dataTypeSize(type);
        const AxisSplit split = splitAtAxis(whole, axis);
        outer = split.outer;
        const int64_t inner = split.inner;
        chunks.clear();
        for (const TensorDesc& d : parts)
            chunks.push_back(d.type == DataType::Undefined ? 0 : size_t(d.dims[size_t(axis)] * inner) * size);
        rowBytes = size_t(whole[size_t(axis)] * inner) * size;
        return Status::ok();
    }
};

class ConcatKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        return m_plan.plan(ctx.node, ctx.outputs[0].dims, ctx.outputs[0].type, ctx.inputs);
    }
    Status run(const KernelArgs& args) const override
    {
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        const auto& chunks = m_plan.chunks;
#pragma omp parallel for if (m_plan.outer * int64_t(m_plan.rowBytes) > (1 << 18))
        for (int64_t o = 0; o < m_plan.outer; ++o) {
            size_t off = size_t(o) * m_plan.rowBytes;
            for (size_t k = 0; k < chunks.size(); ++k) {
                // A part the executor had its producer write in place (planAliases) is already there.
                const std::byte* src = static_cast<const std::byte*>(args.inputs[k]) + size_t(o) * chunks[k];
                if (chunks[k] && src != y + off)
                    std::memcpy(y + off, src, chunks[k]);
                off += chunks[k];
            }
        }
        return Status::ok();
    }

private:
    AxisChunks m_plan;
};

// ---- Split ----
Result<std::vector<int64_t>> splitSizes(const Node& node, std::span<const TensorDesc> in, int64_t axisLen, size_t count)
{
    std::optional<std::vector<int64_t>> split;
    if (node.opsetVersion < 13) {
        if (node.hasAttribute("split"))
            split = node.attrInts("split");
    } else if (hasInput(in, 1)) {
        split = constantInts(in[1]);
        if (!split)
            return err(node, StatusCode::Unsupported, "data-dependent shape (split sizes not constant)");
    }
    if (split) {
        if (split->size() != count)
            return err(node, StatusCode::InvalidModel, "split has a different length than the outputs");
        return *split;
    }
    // Untrusted: num_outputs 0 divided by zero below (found by fuzz_executor), and Split-18 requires it to equal the
    // node's output count.
    if (count == 0)
        return err(node, StatusCode::InvalidModel, "Split has no outputs");
    const int64_t numOutputs = node.attrInt("num_outputs", int64_t(count));
    if (numOutputs != int64_t(count))
        return err(node, StatusCode::InvalidModel,
            fmt::format("num_outputs is {} but the node has {} outputs", numOutputs, count));
    const int64_t chunk = (axisLen + numOutputs - 1) / numOutputs;
    std::vector<int64_t> sizes(count);
    int64_t left = axisLen;
    for (size_t i = 0; i < count; ++i) {
        sizes[i] = std::min(chunk, left);
        left -= sizes[i];
    }
    return sizes;
}

Status inferSplit(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(node, node.attrInt("axis", 0), in[0].rank()));
    QS_ASSIGN_OR_RETURN(auto sizes, splitSizes(node, in, in[0].dims[size_t(axis)], out.size()));
    if (std::accumulate(sizes.begin(), sizes.end(), int64_t(0)) != in[0].dims[size_t(axis)])
        return err(node, StatusCode::InvalidModel, "split sizes do not add up to the axis length");
    for (size_t i = 0; i < out.size(); ++i) {
        out[i].type = in[0].type;
        out[i].dims = in[0].dims;
        out[i].dims[size_t(axis)] = sizes[i];
    }
    return Status::ok();
}

class SplitKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        return m_plan.plan(ctx.node, ctx.inputs[0].dims, ctx.inputs[0].type, ctx.outputs);
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        const auto& chunks = m_plan.chunks;
        for (int64_t o = 0; o < m_plan.outer; ++o) {
            size_t off = size_t(o) * m_plan.rowBytes;
            for (size_t k = 0; k < chunks.size(); ++k) {
                if (args.outputs[k] && chunks[k])
                    std::memcpy(static_cast<std::byte*>(args.outputs[k]) + size_t(o) * chunks[k], x + off, chunks[k]);
                off += chunks[k];
            }
        }
        return Status::ok();
    }

private:
    AxisChunks m_plan;
};

} // namespace

// ---- Slice ----
Result<SliceSpec> sliceSpec(const Node& node, std::span<const TensorDesc> in)
{
    std::optional<std::vector<int64_t>> starts, ends, axes, steps;
    if (node.opsetVersion < 10) {
        starts = node.attrInts("starts");
        ends = node.attrInts("ends");
        if (node.hasAttribute("axes"))
            axes = node.attrInts("axes");
    } else {
        starts = constantInts(in[1]);
        ends = constantInts(in[2]);
        if (!starts || !ends)
            return err(node, StatusCode::Unsupported, "data-dependent shape (starts/ends not constant)");
        if (hasInput(in, 3)) {
            axes = constantInts(in[3]);
            if (!axes)
                return err(node, StatusCode::Unsupported, "data-dependent shape (axes not constant)");
        }
        if (hasInput(in, 4)) {
            steps = constantInts(in[4]);
            if (!steps)
                return err(node, StatusCode::Unsupported, "data-dependent shape (steps not constant)");
        }
    }
    const int64_t rank = in[0].rank();
    SliceSpec s;
    s.starts.assign(size_t(rank), 0);
    s.steps.assign(size_t(rank), 1);
    s.outDims = in[0].dims;
    if (!axes) {
        axes = std::vector<int64_t>(starts->size());
        std::iota(axes->begin(), axes->end(), 0);
    }
    if (starts->size() != axes->size() || ends->size() != axes->size() || (steps && steps->size() != axes->size()))
        return err(node, StatusCode::InvalidModel, "starts/ends/axes/steps lengths differ");
    for (size_t i = 0; i < axes->size(); ++i) {
        QS_ASSIGN_OR_RETURN(int64_t a, normalizeAxis(node, (*axes)[i], rank));
        const int64_t dim = in[0].dims[size_t(a)];
        const int64_t step = steps ? (*steps)[i] : 1;
        if (step == 0)
            return err(node, StatusCode::InvalidModel, "step 0");
        int64_t st = (*starts)[i];
        int64_t en = (*ends)[i];
        if (st < 0)
            st += dim;
        if (en < 0)
            en += dim;
        if (step > 0) {
            st = std::clamp<int64_t>(st, 0, dim);
            en = std::clamp<int64_t>(en, 0, dim);
            s.outDims[size_t(a)] = en > st ? (en - st + step - 1) / step : 0;
        } else {
            st = std::clamp<int64_t>(st, 0, dim - 1);
            en = std::clamp<int64_t>(en, -1, dim - 1);
            s.outDims[size_t(a)] = st > en ? (st - en + (-step) - 1) / (-step) : 0;
        }
        s.starts[size_t(a)] = st;
        s.steps[size_t(a)] = step;
    }
    return s;
}

namespace {

Status inferSlice(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(SliceSpec s, sliceSpec(node, in));
    out[0].type = in[0].type;
    out[0].dims = s.outDims;
    return Status::ok();
}

class SliceKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(SliceSpec s, sliceSpec(ctx.node, ctx.inputs));
        const auto inStrides = stridesOf(ctx.inputs[0].dims);
        m_size = dataTypeSize(ctx.inputs[0].type);
        m_dims = s.outDims;
        m_offset = 0;
        m_strides.resize(m_dims.size());
        for (size_t i = 0; i < m_dims.size(); ++i) {
            m_offset += s.starts[i] * inStrides[i];
            m_strides[i] = s.steps[i] * inStrides[i];
        }
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        stridedCopy(static_cast<const std::byte*>(args.inputs[0]) + m_offset * int64_t(m_size),
            static_cast<std::byte*>(args.outputs[0]), m_dims, m_strides, m_size);
        return Status::ok();
    }

private:
    size_t m_size = 0;
    int64_t m_offset = 0;
    std::vector<int64_t> m_dims;
    std::vector<int64_t> m_strides;
};

// ---- Gather ----
Status inferGather(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(node, node.attrInt("axis", 0), in[0].rank()));
    out[0].type = in[0].type;
    out[0].dims.assign(in[0].dims.begin(), in[0].dims.begin() + axis);
    out[0].dims.insert(out[0].dims.end(), in[1].dims.begin(), in[1].dims.end());
    out[0].dims.insert(out[0].dims.end(), in[0].dims.begin() + axis + 1, in[0].dims.end());
    return Status::ok();
}

class GatherKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", 0), int64_t(d.size())));
        m_node = ctx.node.describe();
        m_outer = 1;
        for (int64_t i = 0; i < axis; ++i)
            m_outer *= d[size_t(i)];
        m_axisLen = d[size_t(axis)];
        int64_t inner = 1;
        for (size_t i = size_t(axis) + 1; i < d.size(); ++i)
            inner *= d[i];
        m_innerBytes = size_t(inner) * dataTypeSize(ctx.inputs[0].type);
        m_indices = ctx.inputs[1].elementCount();
        m_index64 = ctx.inputs[1].type == DataType::Int64;
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        for (int64_t o = 0; o < m_outer; ++o) {
            for (int64_t j = 0; j < m_indices; ++j) {
                int64_t idx = m_index64 ? static_cast<const int64_t*>(args.inputs[1])[j]
                                        : static_cast<const int32_t*>(args.inputs[1])[j];
                if (idx < 0)
                    idx += m_axisLen;
                if (idx < 0 || idx >= m_axisLen)
                    return Status(StatusCode::InvalidArgument,
                        fmt::format("node {}: index {} out of range [0, {})", m_node, idx, m_axisLen));
                std::memcpy(y + size_t(o * m_indices + j) * m_innerBytes,
                    x + size_t(o * m_axisLen + idx) * m_innerBytes, m_innerBytes);
            }
        }
        return Status::ok();
    }

private:
    std::string m_node;
    int64_t m_outer = 1;
    int64_t m_axisLen = 0;
    int64_t m_indices = 0;
    size_t m_innerBytes = 0;
    bool m_index64 = true;
};

// ---- Expand / Tile (broadcast copies) ----
Status inferExpand(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    auto shape = constantInts(in[1]);
    if (!shape)
        return err(node, StatusCode::Unsupported, "data-dependent shape (shape not constant)");
    QS_ASSIGN_OR_RETURN(out[0].dims, broadcastShapes(node, in[0].dims, *shape));
    out[0].type = in[0].type;
    return Status::ok();
}

class ExpandKernel final : public StridedCopyKernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_size = dataTypeSize(ctx.inputs[0].type);
        m_dims = ctx.outputs[0].dims;
        m_strides = broadcastStrides(ctx.inputs[0].dims, m_dims);
        return Status::ok();
    }
};

Status inferTile(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    auto reps = constantInts(in[1]);
    if (!reps)
        return err(node, StatusCode::Unsupported, "data-dependent shape (repeats not constant)");
    if (int64_t(reps->size()) != in[0].rank())
        return err(node, StatusCode::InvalidModel, "repeats length differs from the input rank");
    out[0].type = in[0].type;
    out[0].dims = in[0].dims;
    for (size_t i = 0; i < reps->size(); ++i)
        out[0].dims[i] *= (*reps)[i];
    return Status::ok();
}

class TileKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_size = dataTypeSize(ctx.inputs[0].type);
        m_in = ctx.inputs[0].dims;
        m_out = ctx.outputs[0].dims;
        m_inStrides = stridesOf(m_in);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        const int64_t n = shapeElementCount(m_out);
        for (int64_t i = 0; i < n; ++i) {
            int64_t rem = i;
            int64_t off = 0;
            for (size_t d = m_out.size(); d-- > 0;) {
                off += ((rem % m_out[d]) % m_in[d]) * m_inStrides[d];
                rem /= m_out[d];
            }
            std::memcpy(y + i * int64_t(m_size), x + off * int64_t(m_size), m_size);
        }
        return Status::ok();
    }

private:
    size_t m_size = 0;
    std::vector<int64_t> m_in, m_out, m_inStrides;
};

// ---- Cast, CastLike ----

/// dispatchNumericOrBool plus the 16-bit floats, which convert through float.
template <typename Fn> bool dispatchCastable(DataType type, Fn&& fn)
{
    if (type == DataType::Float16) {
        fn(Float16Bits {});
        return true;
    }
    if (type == DataType::BFloat16) {
        fn(BFloat16Bits {});
        return true;
    }
    return dispatchNumericOrBool(type, fn);
}

bool castable(DataType t)
{
    return dispatchCastable(t, [](auto) {});
}

template <typename F> auto widen(F x)
{
    if constexpr (std::is_same_v<F, Float16Bits>)
        return halfToFloat(x.bits);
    else if constexpr (std::is_same_v<F, BFloat16Bits>)
        return bfloat16ToFloat(x.bits);
    else
        return x;
}

template <typename T, typename F> T castElement(F x)
{
    if constexpr (std::is_same_v<T, Float16Bits>)
        return T { floatToHalf(static_cast<float>(x)) };
    else if constexpr (std::is_same_v<T, BFloat16Bits>)
        return T { floatToBFloat16(static_cast<float>(x)) };
    else if constexpr (std::is_floating_point_v<F> && std::is_integral_v<T> && !std::is_same_v<T, bool>)
        return std::isfinite(x) ? static_cast<T>(x) : T(0);
    else
        return static_cast<T>(x);
}

Status inferCast(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    out[0].type = node.opType == "CastLike" ? in[1].type : static_cast<DataType>(node.attrInt("to", 0));
    out[0].dims = in[0].dims;
    if (!castable(out[0].type))
        return err(node, StatusCode::Unsupported, fmt::format("cast to {}", dataTypeName(out[0].type)));
    return Status::ok();
}

Status acceptCast(const Node& node, std::span<const TensorDesc> in)
{
    if (!castable(in[0].type))
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    return Status::ok();
}

class CastKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_from = ctx.inputs[0].type;
        m_to = ctx.outputs[0].type;
        m_count = ctx.inputs[0].elementCount();
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        // A local count: through a uint8_t/int8_t output the compiler must assume every store may change m_count,
        // reloads it per element and gives up vectorising (PyTorch's QDQ exports cast uint8 to uint8 after every
        // QuantizeLinear: 0.35 ns per byte, 0.7 in another build of the same loop; a copy is what that cast is).
        const int64_t count = m_count;
        if (m_from == m_to) {
            if (count > 0 && args.outputs[0] != args.inputs[0])
                std::memcpy(args.outputs[0], args.inputs[0], size_t(count) * dataTypeSize(m_from));
            return Status::ok();
        }
        dispatchCastable(m_from, [&](auto f) {
            using F = decltype(f);
            dispatchCastable(m_to, [&](auto t) {
                using T = decltype(t);
                const F* x = static_cast<const F*>(args.inputs[0]);
                T* y = static_cast<T*>(args.outputs[0]);
                for (int64_t i = 0; i < count; ++i)
                    y[i] = castElement<T>(widen(x[i]));
            });
        });
        return Status::ok();
    }

private:
    DataType m_from = DataType::Undefined;
    DataType m_to = DataType::Undefined;
    int64_t m_count = 0;
};

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

} // namespace

void registerTensorKernels(KernelRegistry& r)
{
    const std::string_view kAny = "any fixed-size type";
    r.add(KernelSpec { "", "Identity", 1, 0, inferIdentity, make<CopyKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Dropout", 1, 0, inferIdentity, make<CopyKernel>, acceptDropout, kNoCaps, "cpu",
        "inference: identity; training_mode only with ratio 0" });
    r.add(KernelSpec { "", "Reshape", 1, 0, inferReshape, make<CopyKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Flatten", 1, 0, inferFlatten, make<CopyKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Squeeze", 1, 0, inferSqueeze, make<CopyKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Unsqueeze", 1, 0, inferUnsqueeze, make<CopyKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(
        KernelSpec { "", "Transpose", 1, 0, inferTranspose, make<TransposeKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Concat", 4, 0, inferConcat, make<ConcatKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Split", 2, 0, inferSplit, make<SplitKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Slice", 1, 0, inferSlice, make<SliceKernel>, acceptSized, kNoCaps, "cpu",
        "any fixed-size type; constant starts/ends" });
    r.add(KernelSpec { "", "Gather", 1, 0, inferGather, make<GatherKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Expand", 8, 0, inferExpand, make<ExpandKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Tile", 6, 0, inferTile, make<TileKernel>, acceptSized, kNoCaps, "cpu", kAny });
    r.add(KernelSpec { "", "Cast", 6, 0, inferCast, make<CastKernel>, acceptCast, kNoCaps, "cpu",
        "numeric, bool, float16, bfloat16" });
    r.add(KernelSpec { "", "CastLike", 15, 0, inferCast, make<CastKernel>, acceptCast, kNoCaps, "cpu",
        "numeric, bool, float16, bfloat16" });
}

} // namespace qs::kernels
