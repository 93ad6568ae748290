// SPDX-License-Identifier: MIT
#include "kernels/int8/dynamic_matmul.h"

#include "kernels/cpu/erf_gelu_epilogue.h"
#include "kernels/int8/dynamic_constants.h"
#include "kernels/int8/int8_matmul.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <mutex>
#include <omp.h>
#include <optional>

namespace qs::kernels {

namespace {

using namespace dynamic_matmul;

bool isInt8Type(DataType t)
{
    return t == DataType::UInt8 || t == DataType::Int8;
}

int32_t zeroPointOf(const void* data, DataType type)
{
    if (!data)
        return 0;
    return type == DataType::Int8 ? int32_t(*static_cast<const int8_t*>(data))
                                  : int32_t(*static_cast<const uint8_t*>(data));
}

/// DynamicQuantizeLinear's outputs -> MatMulInteger -> Cast -> Mul(x_scale * w_scale) [-> Add(bias)] as one
/// Int8MatMul::runFloat: the int32 product never becomes a graph tensor, and rescale and bias happen in one pass.
class DynamicMatMulKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& x = ctx.inputs[kX];
        const TensorDesc& w = ctx.inputs[kW];
        const bool hasWzp = hasInput(ctx.inputs, kWZeroPoint);
        if (!w.constant || w.rank() != 2 || x.rank() < 2 || (hasWzp && !ctx.inputs[kWZeroPoint].constant)
            || !ctx.inputs[kWScale].constant || (hasInput(ctx.inputs, kBias) && !ctx.inputs[kBias].constant))
            return Status(StatusCode::Internal,
                fmt::format("node {}: fused dynamic matmul needs a 2-D constant B and constant scales and bias",
                    ctx.node.describe()));
        const int64_t k = w.dims[0], n = w.dims[1];
        m_m = x.elementCount() / k;
        m_xzpType = hasInput(ctx.inputs, kXZeroPoint) ? ctx.inputs[kXZeroPoint].type : DataType::Undefined;
        const int8::Int8Weights wd = int8::readDynamicConstants(ctx, m_wScales, m_bias);
        if ((m_wScales.size() != 1 && int64_t(m_wScales.size()) != n)
            || (!m_bias.empty() && int64_t(m_bias.size()) != n))
            return Status(StatusCode::Internal,
                fmt::format("node {}: {} weight scales and {} biases for N = {}", ctx.node.describe(), m_wScales.size(),
                    m_bias.size(), n));
        auto mm = int8::Int8MatMul::create(k, n, 1, x.type, wd);
        if (!mm.isOk())
            return mm.status().withContext(fmt::format("node {}", ctx.node.describe()));
        m_matmul = std::move(mm).value();
        QS_ASSIGN_OR_RETURN(m_gelu, erfGeluInputs(ctx, kGeluDivisor));
        // An extra output (the dynamic-range pass) receives y's min and max, taken in the GELU's blocks.
        m_rangeOutput = ctx.outputs.size() > 1;
        if (m_rangeOutput && (!m_gelu || ctx.outputs[1].elementCount() != 2))
            return Status(StatusCode::Internal,
                fmt::format("node {}: a range output needs the GELU epilogue and 2 elements", ctx.node.describe()));
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const float xScale = *static_cast<const float*>(args.inputs[kXScale]);
        const int32_t xzp = zeroPointOf(args.inputs[kXZeroPoint], m_xzpType);
        std::lock_guard lock(m_mutex);
        m_matmul->useScratch(args.scratch);
        auto* y = static_cast<float*>(args.outputs[0]);
        if (!m_gelu)
            return m_matmul->runFloat(args.inputs[kX], m_m, xzp, xScale, m_wScales.data(), m_wScales.size() > 1,
                m_bias.empty() ? nullptr : m_bias.data(), y);
        // The GELU on each band of rows the rescale has just written (in L2, on the thread that wrote it) instead of
        // a pass of its own; the range, when asked for, per thread and combined after.
        const int threads = std::max(1, omp_get_max_threads());
        m_ranges.assign(size_t(threads) * 2, std::numeric_limits<float>::infinity());
        for (int t = 0; t < threads; ++t)
            m_ranges[size_t(t) * 2 + 1] = -std::numeric_limits<float>::infinity();
        const ErfGelu gelu = *m_gelu;
        const bool range = m_rangeOutput;
        float* ranges = m_ranges.data();
        QS_RETURN_IF_ERROR(m_matmul->runFloat(args.inputs[kX], m_m, xzp, xScale, m_wScales.data(), m_wScales.size() > 1,
            m_bias.empty() ? nullptr : m_bias.data(), y, [&](float* band, int64_t count) {
                applyErfGeluSerial(gelu, band, count, range ? ranges + 2 * omp_get_thread_num() : nullptr);
            }));
        if (range) {
            auto* out = static_cast<float*>(args.outputs[1]);
            out[0] = std::numeric_limits<float>::infinity();
            out[1] = -out[0];
            for (int t = 0; t < threads; ++t) {
                out[0] = std::min(out[0], ranges[2 * t]);
                out[1] = std::max(out[1], ranges[2 * t + 1]);
            }
        }
        return Status::ok();
    }

    size_t scratchBytes() const override { return m_matmul ? m_matmul->scratchBytes(m_m) : 0; }

    std::string implementation() const override { return "onednn:" + m_matmul->implementation(); }

private:
    int64_t m_m = 0;
    DataType m_xzpType = DataType::Undefined;
    std::vector<float> m_wScales;
    std::vector<float> m_bias;
    std::optional<ErfGelu> m_gelu;
    bool m_rangeOutput = false;
    mutable std::vector<float> m_ranges; ///< per intra-op thread, the GELU bands' {min, max}
    mutable std::unique_ptr<int8::Int8MatMul> m_matmul;
    mutable std::mutex m_mutex;
};

Status inferDynamicMatMul(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    const TensorDesc& a = inputs[kX];
    const TensorDesc& b = inputs[kW];
    if (a.rank() < 2 || b.rank() != 2 || a.dims.back() != b.dims[0])
        return Status(StatusCode::InvalidModel,
            fmt::format(
                "node {}: fused dynamic matmul of {} x {}", node.describe(), formatDims(a.dims), formatDims(b.dims)));
    outputs[0].type = DataType::Float;
    outputs[0].dims = a.dims;
    outputs[0].dims.back() = b.dims[1];
    return Status::ok();
}

Status acceptDynamicMatMul(const Node& node, std::span<const TensorDesc> inputs)
{
    if (!isInt8Type(inputs[kX].type) || !hasInput(inputs, kW) || !isInt8Type(inputs[kW].type))
        return Status(StatusCode::Unsupported, "operands must be uint8 or int8");
    return Status::ok();
}

} // namespace

const KernelSpec& dynamicMatMulSpec()
{
    static const KernelSpec spec { "", "MatMulInteger", 10, 0, inferDynamicMatMul,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<DynamicMatMulKernel>(); }, acceptDynamicMatMul,
        kNoCaps, "onednn", "fused DynamicQuantizeLinear outputs -> MatMulInteger -> Cast -> Mul -> Add (Optimized)" };
    return spec;
}

} // namespace qs::kernels
