// SPDX-License-Identifier: MIT
// Index-driven data movement for any fixed-size element type: GatherND, ScatterND, ScatterElements (and the
// deprecated Scatter), OneHot. Indices are int32 or int64, negative ones count from the end; out-of-range indices
// fail the run with a message instead of reading or writing out of bounds.
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

int64_t readIndex(const void* p, bool is64, int64_t i)
{
    return is64 ? static_cast<const int64_t*>(p)[i] : int64_t(static_cast<const int32_t*>(p)[i]);
}

Status acceptDataAndIndices(const Node& node, std::span<const TensorDesc> in)
{
    if (dataTypeSize(in[0].type) == 0)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(in[0].type)));
    if (in[1].type != DataType::Int64 && in[1].type != DataType::Int32)
        return Status(StatusCode::Unsupported, fmt::format("indices are {}", dataTypeName(in[1].type)));
    return Status::ok();
}

Status outOfRange(std::string_view op, int64_t index, int64_t len)
{
    return Status(StatusCode::InvalidArgument, fmt::format("{}: index {} out of range [-{}, {})", op, index, len, len));
}

// ---- GatherND ----

Status inferGatherNd(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    const auto& data = in[0].dims;
    const auto& idx = in[1].dims;
    const int64_t b = node.attrInt("batch_dims", 0);
    if (idx.empty() || b < 0 || b >= int64_t(idx.size()) || b > int64_t(data.size()))
        return err(node, StatusCode::InvalidModel, "indices rank / batch_dims do not fit the data");
    const int64_t k = idx.back();
    if (k < 1 || b + k > int64_t(data.size()))
        return err(node, StatusCode::InvalidModel, "indices' last dim exceeds the data rank");
    out[0].type = in[0].type;
    out[0].dims.assign(idx.begin(), idx.end() - 1);
    out[0].dims.insert(out[0].dims.end(), data.begin() + b + k, data.end());
    return Status::ok();
}

class GatherNdKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& data = ctx.inputs[0].dims;
        const auto& idx = ctx.inputs[1].dims;
        const int64_t b = ctx.node.attrInt("batch_dims", 0);
        m_k = idx.back();
        m_batch = 1;
        for (int64_t i = 0; i < b; ++i)
            m_batch *= data[size_t(i)];
        m_tuples = shapeElementCount(idx) / std::max<int64_t>(m_k, 1) / std::max<int64_t>(m_batch, 1);
        m_dims.assign(data.begin() + b, data.begin() + b + m_k);
        const auto st = stridesOf(data);
        m_strides.assign(st.begin() + b, st.begin() + b + m_k);
        m_batchStride = b > 0 ? st[size_t(b - 1)] : 0;
        m_sliceBytes = size_t(shapeElementCount(std::vector<int64_t>(data.begin() + b + m_k, data.end())))
            * dataTypeSize(ctx.inputs[0].type);
        m_elem = dataTypeSize(ctx.inputs[0].type);
        m_is64 = ctx.inputs[1].type == DataType::Int64;
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        for (int64_t bt = 0; bt < m_batch; ++bt)
            for (int64_t t = 0; t < m_tuples; ++t) {
                const int64_t tuple = bt * m_tuples + t;
                int64_t off = bt * m_batchStride;
                for (int64_t j = 0; j < m_k; ++j) {
                    int64_t i = readIndex(args.inputs[1], m_is64, tuple * m_k + j);
                    const int64_t len = m_dims[size_t(j)];
                    if (i < -len || i >= len)
                        return outOfRange("GatherND", i, len);
                    off += (i < 0 ? i + len : i) * m_strides[size_t(j)];
                }
                std::memcpy(y + size_t(tuple) * m_sliceBytes, x + size_t(off) * m_elem, m_sliceBytes);
            }
        return Status::ok();
    }

private:
    int64_t m_k = 1, m_batch = 1, m_tuples = 0, m_batchStride = 0;
    std::vector<int64_t> m_dims, m_strides;
    size_t m_sliceBytes = 0, m_elem = 4;
    bool m_is64 = true;
};

// ---- Scatter reductions ----

enum class Reduction
{
    None,
    Add,
    Mul,
    Max,
    Min
};

Result<Reduction> reductionOf(const Node& node)
{
    const std::string r = node.attrString("reduction", "none");
    if (r == "none")
        return Reduction::None;
    if (r == "add")
        return Reduction::Add;
    if (r == "mul")
        return Reduction::Mul;
    if (r == "max")
        return Reduction::Max;
    if (r == "min")
        return Reduction::Min;
    return err(node, StatusCode::Unsupported, fmt::format("reduction '{}'", r));
}

template <typename T> void combine(T& dst, T v, Reduction r)
{
    switch (r) {
    case Reduction::None:
        dst = v;
        break;
    case Reduction::Add:
        dst = T(dst + v);
        break;
    case Reduction::Mul:
        dst = T(dst * v);
        break;
    case Reduction::Max:
        dst = v > dst ? v : dst;
        break;
    case Reduction::Min:
        dst = v < dst ? v : dst;
        break;
    }
}

// ---- ScatterND ----

class ScatterNdKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_reduction, reductionOf(ctx.node));
        const auto& data = ctx.inputs[0].dims;
        const auto& idx = ctx.inputs[1].dims;
        if (idx.empty() || idx.back() < 1 || idx.back() > int64_t(data.size()))
            return err(ctx.node, StatusCode::InvalidModel, "indices' last dim does not fit the data rank");
        m_k = idx.back();
        m_tuples = shapeElementCount(idx) / m_k;
        m_dims.assign(data.begin(), data.begin() + m_k);
        const auto st = stridesOf(data);
        m_strides.assign(st.begin(), st.begin() + m_k);
        m_slice = shapeElementCount(std::vector<int64_t>(data.begin() + m_k, data.end()));
        m_total = shapeElementCount(data);
        m_type = ctx.inputs[0].type;
        m_is64 = ctx.inputs[1].type == DataType::Int64;
        if (m_reduction != Reduction::None && !dispatchNumeric(m_type, [](auto) {}))
            return err(ctx.node, StatusCode::Unsupported, "reduction on a non-numeric type");
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const size_t elem = dataTypeSize(m_type);
        if (m_total) // an empty tensor may have no storage at all
            std::memcpy(args.outputs[0], args.inputs[0], size_t(m_total) * elem);
        Status st = Status::ok();
        auto body = [&](auto tag) {
            using T = decltype(tag);
            T* y = static_cast<T*>(args.outputs[0]);
            const T* u = static_cast<const T*>(args.inputs[2]);
            for (int64_t t = 0; t < m_tuples && st.isOk(); ++t) {
                int64_t off = 0;
                for (int64_t j = 0; j < m_k; ++j) {
                    const int64_t i = readIndex(args.inputs[1], m_is64, t * m_k + j);
                    const int64_t len = m_dims[size_t(j)];
                    if (i < -len || i >= len) {
                        st = outOfRange("ScatterND", i, len);
                        return;
                    }
                    off += (i < 0 ? i + len : i) * m_strides[size_t(j)];
                }
                for (int64_t e = 0; e < m_slice; ++e)
                    combine(y[off + e], u[t * m_slice + e], m_reduction);
            }
        };
        if (!dispatchNumericOrBool(m_type, body)) { // other fixed-size types: plain copies
            auto* y = static_cast<std::byte*>(args.outputs[0]);
            const auto* u = static_cast<const std::byte*>(args.inputs[2]);
            for (int64_t t = 0; t < m_tuples; ++t) {
                int64_t off = 0;
                for (int64_t j = 0; j < m_k; ++j) {
                    const int64_t i = readIndex(args.inputs[1], m_is64, t * m_k + j);
                    const int64_t len = m_dims[size_t(j)];
                    if (i < -len || i >= len)
                        return outOfRange("ScatterND", i, len);
                    off += (i < 0 ? i + len : i) * m_strides[size_t(j)];
                }
                std::memcpy(y + size_t(off) * elem, u + size_t(t * m_slice) * elem, size_t(m_slice) * elem);
            }
        }
        return st;
    }

private:
    Reduction m_reduction = Reduction::None;
    int64_t m_k = 1, m_tuples = 0, m_slice = 1, m_total = 0;
    std::vector<int64_t> m_dims, m_strides;
    DataType m_type = DataType::Float;
    bool m_is64 = true;
};

// ---- ScatterElements / Scatter ----

class ScatterElementsKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_reduction, reductionOf(ctx.node));
        if (ctx.inputs.size() < 3 || !hasInput(ctx.inputs, 1) || !hasInput(ctx.inputs, 2))
            return err(ctx.node, StatusCode::InvalidModel, "needs data, indices and updates");
        const auto& data = ctx.inputs[0].dims;
        m_idxDims = ctx.inputs[1].dims;
        if (m_idxDims.size() != data.size() || ctx.inputs[2].dims != m_idxDims)
            return err(
                ctx.node, StatusCode::InvalidModel, "indices and updates must have the data's rank and one shape");
        QS_ASSIGN_OR_RETURN(m_axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", 0), int64_t(data.size())));
        m_dataStrides = stridesOf(data);
        m_axisLen = data[size_t(m_axis)];
        m_total = shapeElementCount(data);
        m_type = ctx.inputs[0].type;
        m_is64 = ctx.inputs[1].type == DataType::Int64;
        if (!dispatchNumericOrBool(m_type, [](auto) {}))
            return err(ctx.node, StatusCode::Unsupported, fmt::format("data of type {}", dataTypeName(m_type)));
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        if (m_total) // an empty tensor may have no storage at all
            std::memcpy(args.outputs[0], args.inputs[0], size_t(m_total) * dataTypeSize(m_type));
        Status st = Status::ok();
        dispatchNumericOrBool(m_type, [&](auto tag) {
            using T = decltype(tag);
            T* y = static_cast<T*>(args.outputs[0]);
            const T* u = static_cast<const T*>(args.inputs[2]);
            const int64_t n = shapeElementCount(m_idxDims);
            std::vector<int64_t> pos(m_idxDims.size(), 0);
            for (int64_t e = 0; e < n; ++e) {
                const int64_t i = readIndex(args.inputs[1], m_is64, e);
                if (i < -m_axisLen || i >= m_axisLen) {
                    st = outOfRange("ScatterElements", i, m_axisLen);
                    return;
                }
                int64_t off = 0;
                for (size_t d = 0; d < pos.size(); ++d)
                    off += (int64_t(d) == m_axis ? (i < 0 ? i + m_axisLen : i) : pos[d]) * m_dataStrides[d];
                combine(y[off], u[e], m_reduction);
                for (size_t d = pos.size(); d-- > 0;) {
                    if (++pos[d] < m_idxDims[d])
                        break;
                    pos[d] = 0;
                }
            }
        });
        return st;
    }

private:
    Reduction m_reduction = Reduction::None;
    std::vector<int64_t> m_idxDims, m_dataStrides;
    int64_t m_axis = 0, m_axisLen = 1, m_total = 0;
    DataType m_type = DataType::Float;
    bool m_is64 = true;
};

// ---- OneHot ----

Result<int64_t> oneHotDepth(const Node& node, const TensorDesc& depth)
{
    auto ints = constantInts(depth);
    if (!ints) {
        auto floats = constantFloats(depth);
        if (!floats || floats->size() != 1)
            return err(node, StatusCode::Unsupported, "data-dependent shape (depth must be constant)");
        return int64_t((*floats)[0]);
    }
    if (ints->size() != 1)
        return err(node, StatusCode::InvalidModel, "depth must be a scalar");
    return (*ints)[0];
}

Status inferOneHot(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(int64_t depth, oneHotDepth(node, in[1]));
    const int64_t rank = in[0].rank() + 1;
    QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(node, node.attrInt("axis", -1), rank));
    out[0].type = in[2].type;
    out[0].dims = in[0].dims;
    out[0].dims.insert(out[0].dims.begin() + axis, depth);
    return Status::ok();
}

class OneHotKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_depth, oneHotDepth(ctx.node, ctx.inputs[1]));
        QS_ASSIGN_OR_RETURN(
            int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", -1), ctx.inputs[0].rank() + 1));
        const AxisSplit s = splitAtAxis(ctx.outputs[0].dims, axis);
        m_outer = s.outer;
        m_inner = s.inner;
        m_idxType = ctx.inputs[0].type;
        m_valType = ctx.inputs[2].type;
        if (ctx.inputs[2].elementCount() != 2)
            return err(ctx.node, StatusCode::InvalidModel, "values must hold [off, on]");
        if (!dispatchNumeric(m_idxType, [](auto) {}) || !dispatchNumericOrBool(m_valType, [](auto) {}))
            return err(ctx.node, StatusCode::Unsupported, "indices or values of an unsupported type");
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        dispatchNumericOrBool(m_valType, [&](auto vtag) {
            using V = decltype(vtag);
            const V* values = static_cast<const V*>(args.inputs[2]);
            V* y = static_cast<V*>(args.outputs[0]);
            const int64_t total = m_outer * m_depth * m_inner;
            for (int64_t i = 0; i < total; ++i)
                y[i] = values[0];
            dispatchNumeric(m_idxType, [&](auto itag) {
                using I = decltype(itag);
                const I* idx = static_cast<const I*>(args.inputs[0]);
                for (int64_t o = 0; o < m_outer; ++o)
                    for (int64_t in = 0; in < m_inner; ++in) {
                        int64_t k = int64_t(idx[o * m_inner + in]);
                        if (k < 0)
                            k += m_depth;
                        if (k >= 0 && k < m_depth) // out-of-range indices give an all-off row (ONNX)
                            y[(o * m_depth + k) * m_inner + in] = values[1];
                    }
            });
        });
        return Status::ok();
    }

private:
    int64_t m_depth = 0, m_outer = 1, m_inner = 1;
    DataType m_idxType = DataType::Int64;
    DataType m_valType = DataType::Float;
};

} // namespace

void registerScatterGatherKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "GatherND", 11, 0, inferGatherNd, make<GatherNdKernel>, acceptDataAndIndices, kNoCaps, "cpu",
        "any fixed-size type; batch_dims" });
    r.add(KernelSpec { "", "ScatterND", 11, 0, inferSameAsInput0, make<ScatterNdKernel>, acceptDataAndIndices, kNoCaps,
        "cpu", "any fixed-size type; reductions on numeric" });
    r.add(KernelSpec { "", "ScatterElements", 11, 0, inferSameAsInput0, make<ScatterElementsKernel>,
        acceptDataAndIndices, kNoCaps, "cpu", "numeric and bool; reductions" });
    r.add(KernelSpec { "", "Scatter", 9, 10, inferSameAsInput0, make<ScatterElementsKernel>, acceptDataAndIndices,
        kNoCaps, "cpu", "numeric and bool (= ScatterElements)" });
    r.add(KernelSpec { "", "OneHot", 9, 0, inferOneHot, make<OneHotKernel>, nullptr, kNoCaps, "cpu",
        "numeric indices and values; constant depth" });
}

} // namespace qs::kernels
