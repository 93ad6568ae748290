// SPDX-License-Identifier: MIT
// Pad for any fixed-size element type: constant, reflect, edge and wrap modes; the opset 1..10 attribute form
// (paddings/pads, value) and the opset 11+ input form (pads, constant_value, and axes since opset 18).
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace qs::kernels {

namespace {

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

enum class PadMode
{
    Constant,
    Reflect,
    Edge,
    Wrap,
};

Result<PadMode> padMode(const Node& node)
{
    const std::string mode = node.attrString("mode", "constant");
    if (mode == "constant")
        return PadMode::Constant;
    if (mode == "reflect")
        return PadMode::Reflect;
    if (mode == "edge")
        return PadMode::Edge;
    if (mode == "wrap" && node.opsetVersion >= 19)
        return PadMode::Wrap;
    return err(node, StatusCode::Unsupported, fmt::format("pad mode '{}'", mode));
}

/// Per-axis begin and end pads (possibly negative: cropping), expanded to the full rank.
Result<std::vector<int64_t>> fullPads(const Node& node, std::span<const TensorDesc> in)
{
    const int64_t rank = in[0].rank();
    std::vector<int64_t> pads;
    if (node.opsetVersion < 11) {
        pads = node.attrInts(node.opsetVersion < 2 ? "paddings" : "pads");
    } else {
        auto p = hasInput(in, 1) ? constantInts(in[1]) : std::nullopt;
        if (!p)
            return err(node, StatusCode::Unsupported, "data-dependent shape (pads not constant)");
        pads = *p;
    }
    std::vector<int64_t> axes;
    if (node.opsetVersion >= 18 && hasInput(in, 3)) {
        auto a = constantInts(in[3]);
        if (!a)
            return err(node, StatusCode::Unsupported, "data-dependent shape (axes not constant)");
        for (int64_t v : *a) {
            QS_ASSIGN_OR_RETURN(int64_t n, normalizeAxis(node, v, rank));
            axes.push_back(n);
        }
    } else {
        for (int64_t i = 0; i < rank; ++i)
            axes.push_back(i);
    }
    if (pads.size() != 2 * axes.size())
        return err(node, StatusCode::InvalidModel,
            fmt::format("{} pads for {} axes (expected twice as many)", pads.size(), axes.size()));
    std::vector<int64_t> full(size_t(2 * rank), 0);
    const size_t n = axes.size();
    for (size_t i = 0; i < n; ++i) {
        full[size_t(axes[i])] = pads[i];
        full[size_t(axes[i] + rank)] = pads[i + n];
    }
    return full;
}

Status inferPad(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_RETURN_IF_ERROR(padMode(node).status());
    QS_ASSIGN_OR_RETURN(auto pads, fullPads(node, in));
    const int64_t rank = in[0].rank();
    out[0].type = in[0].type;
    out[0].dims = in[0].dims;
    for (int64_t i = 0; i < rank; ++i) {
        // Pads come from the file or from data: their sum may overflow 64 bits (the executor fuzzer found it).
        int64_t d = 0;
        if (__builtin_add_overflow(in[0].dims[size_t(i)], pads[size_t(i)], &d)
            || __builtin_add_overflow(d, pads[size_t(i + rank)], &d))
            return err(node, StatusCode::InvalidModel,
                fmt::format(
                    "pads {} and {} on axis {} overflow the extent", pads[size_t(i)], pads[size_t(i + rank)], i));
        if (d < 0)
            return err(node, StatusCode::InvalidModel,
                fmt::format("pads make axis {} negative ({})", i, formatDims(in[0].dims)));
        out[0].dims[size_t(i)] = d;
    }
    return Status::ok();
}

Status acceptPad(const Node& node, std::span<const TensorDesc> in)
{
    if (in.empty() || dataTypeSize(in[0].type) == 0)
        return Status(
            StatusCode::Unsupported, fmt::format("input 0 is {}", in.empty() ? "absent" : dataTypeName(in[0].type)));
    return Status::ok();
}

/// Maps an output coordinate shifted by the begin pad onto the input axis of length n; -1 means "the pad value".
int64_t mapCoord(int64_t c, int64_t n, PadMode mode)
{
    if (c >= 0 && c < n)
        return c;
    if (n <= 0)
        return -1;
    switch (mode) {
    case PadMode::Constant:
        return -1;
    case PadMode::Edge:
        return c < 0 ? 0 : n - 1;
    case PadMode::Wrap:
        return ((c % n) + n) % n;
    case PadMode::Reflect: {
        if (n == 1)
            return 0;
        const int64_t period = 2 * (n - 1);
        c = ((c % period) + period) % period;
        return c < n ? c : period - c;
    }
    }
    return -1;
}

class PadKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_mode, padMode(ctx.node));
        QS_ASSIGN_OR_RETURN(auto pads, fullPads(ctx.node, ctx.inputs));
        m_size = dataTypeSize(ctx.inputs[0].type);
        m_in = ctx.inputs[0].dims;
        m_out = ctx.outputs[0].dims;
        const size_t rank = m_in.size();
        m_begin.assign(pads.begin(), pads.begin() + int64_t(rank));
        m_inStrides = stridesOf(m_in);
        if (ctx.node.opsetVersion < 11) {
            // The attribute form stores the value as a float whatever the element type.
            const float v = ctx.node.attrFloat("value", 0.0f);
            const DataType t = ctx.inputs[0].type;
            if (t == DataType::Float) {
                std::memcpy(m_value.data(), &v, sizeof v);
            } else if (t == DataType::Double) {
                const double d = v;
                std::memcpy(m_value.data(), &d, sizeof d);
            } else if (v != 0.0f) {
                return err(
                    ctx.node, StatusCode::Unsupported, fmt::format("non-zero pad value for {} data", dataTypeName(t)));
            }
        } else {
            m_valueInput = hasInput(ctx.inputs, 2);
            if (m_valueInput && ctx.inputs[2].type != ctx.inputs[0].type)
                return err(ctx.node, StatusCode::InvalidModel, "constant_value type differs from the data type");
        }
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const std::byte*>(args.inputs[0]);
        auto* y = static_cast<std::byte*>(args.outputs[0]);
        const std::byte* value = m_value.data();
        if (m_valueInput && args.inputs.size() > 2 && args.inputs[2])
            value = static_cast<const std::byte*>(args.inputs[2]);
        const size_t es = m_size;
        if (m_out.empty()) { // scalar: nothing to pad
            std::memcpy(y, x, es);
            return Status::ok();
        }
        const size_t last = m_out.size() - 1;
        const int64_t outInner = m_out[last];
        const int64_t inInner = m_in[last];
        const int64_t begin = m_begin[last];
        const int64_t rows = outInner ? shapeElementCount(m_out) / outInner : 0;
        // Columns [lo, hi) of an output row map 1:1 onto a contiguous input run; the rest go through mapCoord.
        const int64_t lo = std::clamp<int64_t>(begin, 0, outInner);
        const int64_t hi = std::clamp<int64_t>(begin + inInner, lo, outInner);
#pragma omp parallel for if (rows * outInner > 65536)
        for (int64_t r = 0; r < rows; ++r) {
            std::byte* dst = y + size_t(r * outInner) * es;
            int64_t rem = r;
            int64_t base = 0;
            bool inside = true;
            for (size_t d = last; d-- > 0;) {
                const int64_t c = rem % m_out[d];
                rem /= m_out[d];
                const int64_t m = mapCoord(c - m_begin[d], m_in[d], m_mode);
                if (m < 0) {
                    inside = false;
                    break;
                }
                base += m * m_inStrides[d];
            }
            if (!inside) {
                for (int64_t j = 0; j < outInner; ++j)
                    std::memcpy(dst + size_t(j) * es, value, es);
                continue;
            }
            const std::byte* src = x + size_t(base) * es;
            for (int64_t j = 0; j < lo; ++j) {
                const int64_t m = mapCoord(j - begin, inInner, m_mode);
                std::memcpy(dst + size_t(j) * es, m < 0 ? value : src + size_t(m) * es, es);
            }
            if (hi > lo)
                std::memcpy(dst + size_t(lo) * es, src + size_t(lo - begin) * es, size_t(hi - lo) * es);
            for (int64_t j = hi; j < outInner; ++j) {
                const int64_t m = mapCoord(j - begin, inInner, m_mode);
                std::memcpy(dst + size_t(j) * es, m < 0 ? value : src + size_t(m) * es, es);
            }
        }
        return Status::ok();
    }

private:
    PadMode m_mode = PadMode::Constant;
    size_t m_size = 0;
    std::vector<int64_t> m_in, m_out, m_begin, m_inStrides;
    std::array<std::byte, 16> m_value {}; ///< the pad value when it is not an input (zero bytes = 0 for every type)
    bool m_valueInput = false;
};

std::unique_ptr<Kernel> makePad()
{
    return std::make_unique<PadKernel>();
}

} // namespace

void registerPadKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "Pad", 1, 0, inferPad, makePad, acceptPad, kNoCaps, "cpu",
        "any fixed-size type; constant/reflect/edge/wrap; constant pads" });
}

} // namespace qs::kernels
