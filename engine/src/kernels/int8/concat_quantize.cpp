// SPDX-License-Identifier: MIT
#include "kernels/int8/concat_quantize.h"

#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/thread_blocks.h"
#include "kernels/shape_util.h"
#include "quant/quant_isa.h"
#include "quant/quantize_linear.h"

#include <fmt/format.h>

#include <algorithm>

namespace qs::kernels {

namespace {

class ConcatDynamicQuantizeKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const size_t n = ctx.node.inputs.size();
        const TensorDesc& y = ctx.outputs[0];
        const auto fail = [&](std::string_view why) {
            return Status(StatusCode::Internal,
                fmt::format("node {}: fused Concat -> DynamicQuantizeLinear: {}", ctx.node.describe(), why));
        };
        if (n == 0 || ctx.inputs.size() != 2 * n || y.type != DataType::UInt8)
            return fail("unexpected slots");
        const auto axis = normalizeAxis(ctx.node, ctx.node.attrInt("axis", 0), y.rank());
        if (!axis)
            return fail("bad axis");
        // Each part is `rows` runs of `cols` contiguous elements; run r lands at r * the output's row length.
        // NHWC joins along the channels, the innermost extent: one run per pixel.
        const bool nhwc = y.layout == Layout::Nhwc;
        if (nhwc && (y.rank() != 4 || *axis != 1))
            return fail("NHWC parts must be rank 4 and joined along the channels");
        if (!nhwc && y.layout != Layout::Plain)
            return fail("only plain or NHWC layouts");
        int64_t rows = 1;
        for (int64_t d = 0; d < *axis; ++d)
            rows *= y.dims[size_t(d)];
        if (nhwc)
            rows = y.dims[0] * y.dims[2] * y.dims[3];
        m_rows = size_t(rows);
        m_rowLength = rows ? size_t(y.elementCount() / rows) : 0;
        size_t offset = 0;
        for (size_t k = 0; k < n; ++k) {
            const TensorDesc& x = ctx.inputs[k];
            if (x.type != DataType::Float || x.layout != y.layout || x.rank() != y.rank())
                return fail("a part is not float in the output's layout");
            const size_t cols = rows ? size_t(x.elementCount() / rows) : 0;
            m_parts.push_back({ cols, offset, size_t(x.elementCount()) });
            offset += cols;
        }
        if (offset != m_rowLength)
            return fail("parts do not add up to the output");
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const size_t n = m_parts.size();
        // Starting from {0, 0} is the same as DynamicQuantizeLinear's widening of the range to include zero.
        quant::MinMax range { 0.0f, 0.0f };
        for (size_t k = 0; k < n; ++k) {
            if (m_parts[k].count == 0)
                continue;
            quant::MinMax r;
            if (const auto* known = static_cast<const float*>(args.inputs[n + k]))
                r = { known[0], known[1] };
            else
                r = quant::minMax(static_cast<const float*>(args.inputs[k]), m_parts[k].count);
            range.min = std::min(range.min, r.min);
            range.max = std::max(range.max, r.max);
        }
        const quant::DynamicQuantParams p = quant::dynamicQuantParams(range);
        auto* y = static_cast<uint8_t*>(args.outputs[0]);
        // Blocks of rows (NHWC: of pixels) per thread, as the epilogues of the convolutions that wrote the parts
        // split them (thread_blocks.h); 64 rows keep the threads' output blocks on separate cache lines.
        const auto rows = int64_t(m_rows);
        int8::forEachThreadBlock(rows, int8::passThreads(rows * int64_t(m_rowLength)), 64, [&](int64_t r0, int64_t r1) {
            for (size_t k = 0; k < n; ++k)
                if (m_parts[k].count)
                    quant::quantizeLinearRows(static_cast<const float*>(args.inputs[k]) + r0 * int64_t(m_parts[k].cols),
                        size_t(r1 - r0), m_parts[k].cols, p.scale, p.zeroPoint,
                        y + r0 * int64_t(m_rowLength) + m_parts[k].offset, m_rowLength);
        });
        int8::storeDynamicQuantParams(args, p);
        return Status::ok();
    }

    std::string implementation() const override
    {
        return fmt::format("cpu:{}", quant::quantIsaName(quant::bestQuantIsa()));
    }

private:
    struct Part
    {
        size_t cols; ///< contiguous elements per run
        size_t offset; ///< of its first run in the output's row
        size_t count; ///< all its elements
    };
    size_t m_rows = 0;
    size_t m_rowLength = 0;
    std::vector<Part> m_parts;
};

Status inferConcatDynamicQuantize(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    // Shapes are those of the Concat and DynamicQuantizeLinear it replaces, already in the plan; recomputed here
    // only for completeness.
    const size_t n = node.inputs.size();
    if (n == 0 || in.size() != 2 * n)
        return Status(StatusCode::Internal, fmt::format("node {}: unexpected inputs", node.describe()));
    const auto axis = normalizeAxis(node, node.attrInt("axis", 0), in[0].rank());
    if (!axis)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: bad axis", node.describe()));
    out[0] = { DataType::UInt8, in[0].dims };
    for (size_t k = 1; k < n; ++k)
        out[0].dims[size_t(*axis)] += in[k].dims[size_t(*axis)];
    if (out.size() > 1)
        out[1] = { DataType::Float, {} };
    if (out.size() > 2)
        out[2] = { DataType::UInt8, {} };
    return Status::ok();
}

} // namespace

const KernelSpec& concatDynamicQuantizeSpec()
{
    static const KernelSpec spec { "", "Concat", 4, 0, inferConcatDynamicQuantize,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<ConcatDynamicQuantizeKernel>(); }, nullptr, kNoCaps,
        "cpu", "Concat -> DynamicQuantizeLinear without the float concatenation (Optimized)" };
    return spec;
}

} // namespace qs::kernels
