// SPDX-License-Identifier: MIT
// The fused integer global average pooling (qdq_fused.h), with ONNX Runtime's QLinearGlobalAveragePool arithmetic
// (what its optimizer makes of the same DequantizeLinear -> GlobalAveragePool -> QuantizeLinear): an exact int32 sum
// per channel, acc = sum - x_zp * S (S = spatial size), y = saturate(round(float(acc) * (x_scale / (y_scale *
// float(S)))) + y_zp). The unfused graph sums dequantized floats instead, so where that float sum lands within its
// rounding error of a quantization tie the two may differ by one step (tests/engine/int8/test_qdq_se_fusion.cpp).
#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/qdq_fused.h"
#include "kernels/int8/target_clones.h"
#include "kernels/qops/qlinear_params.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs::kernels {

namespace {

using namespace qdq_global_pool;

/// acc[c] += x[p * channels + c] over the pixels: the NHWC sum, one vectorisable row per pixel.
template <typename T> QS_CLONES void sumNhwc(const T* x, int64_t pixels, int64_t channels, int32_t* acc)
{
    for (int64_t p = 0; p < pixels; ++p) {
        const T* row = x + p * channels;
        for (int64_t c = 0; c < channels; ++c)
            acc[c] += row[c];
    }
}

/// The NCHW sum of one channel plane.
template <typename T> QS_CLONES int32_t sumPlane(const T* x, int64_t n)
{
    int32_t s = 0;
    for (int64_t i = 0; i < n; ++i)
        s += x[i];
    return s;
}

class QdqGlobalAveragePoolKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& x = ctx.inputs[kX];
        m_type = x.type;
        if (x.rank() < 3 || !int8::isInt8Type(m_type) || ctx.outputs[0].type != m_type
            || (x.layout == Layout::Nhwc && x.rank() != 4) || x.layout == Layout::Blocked)
            return Status(StatusCode::Internal,
                fmt::format("node {}: the integer global average pool takes a plain or NHWC uint8/int8 tensor of rank "
                            "3 or more and writes its type",
                    ctx.node.describe()));
        QS_RETURN_IF_ERROR(qops::checkScalarParams(ctx, kXScale, kXZeroPoint, "x"));
        QS_RETURN_IF_ERROR(qops::checkScalarParams(ctx, kYScale, kYZeroPoint, "y"));
        m_xzpType = qops::slotType(ctx.inputs, kXZeroPoint);
        m_yzpType = qops::slotType(ctx.inputs, kYZeroPoint);
        m_batch = x.dims[0];
        m_channels = x.dims[1];
        m_image = x.elementCount() / std::max<int64_t>(1, m_batch * m_channels);
        m_nhwc = x.layout == Layout::Nhwc;
        return Status::ok();
    }

    size_t scratchBytes() const override { return m_nhwc ? size_t(m_channels) * sizeof(int32_t) : 0; }

    Status run(const KernelArgs& args) const override
    {
        const qops::QuantParam qx = qops::quantParamAt(args, kXScale, kXZeroPoint, m_xzpType);
        const qops::QuantParam qy = qops::quantParamAt(args, kYScale, kYZeroPoint, m_yzpType);
        if (m_type == DataType::Int8)
            compute(static_cast<const int8_t*>(args.inputs[kX]), static_cast<int8_t*>(args.outputs[0]), qx, qy,
                static_cast<int32_t*>(args.scratch));
        else
            compute(static_cast<const uint8_t*>(args.inputs[kX]), static_cast<uint8_t*>(args.outputs[0]), qx, qy,
                static_cast<int32_t*>(args.scratch));
        return Status::ok();
    }

    std::string implementation() const override { return m_nhwc ? "cpu nhwc" : "cpu"; }

private:
    template <typename T> void compute(const T* x, T* y, qops::QuantParam qx, qops::QuantParam qy, int32_t* acc) const
    {
        const float scale = qx.scale / (qy.scale * float(m_image));
        const auto store = [&](int64_t i, int32_t sum) {
            const int32_t a = sum - qx.zeroPoint * int32_t(m_image);
            const float v = std::nearbyint(float(a) * scale);
            const int32_t q = qops::clampedRounded(v) + qy.zeroPoint;
            y[i] = T(std::clamp<int32_t>(q, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
        };
        for (int64_t n = 0; n < m_batch; ++n) {
            const T* xn = x + n * m_channels * m_image;
            if (m_nhwc) {
                std::fill_n(acc, m_channels, 0);
                sumNhwc(xn, m_image, m_channels, acc);
                for (int64_t c = 0; c < m_channels; ++c)
                    store(n * m_channels + c, acc[c]);
                continue;
            }
            for (int64_t c = 0; c < m_channels; ++c)
                store(n * m_channels + c, sumPlane(xn + c * m_image, m_image));
        }
    }

    DataType m_type = DataType::UInt8;
    DataType m_xzpType = DataType::Undefined;
    DataType m_yzpType = DataType::Undefined;
    int64_t m_batch = 1, m_channels = 1, m_image = 1;
    bool m_nhwc = false;
};

Status inferQdqGlobalAveragePool(const Node&, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    outputs[0].type = inputs[kX].type;
    outputs[0].dims = inputs[kX].dims;
    std::fill(outputs[0].dims.begin() + 2, outputs[0].dims.end(), 1);
    return Status::ok();
}

} // namespace

const KernelSpec& qdqGlobalAveragePoolSpec()
{
    static const KernelSpec spec { "", "GlobalAveragePool", 1, 0, inferQdqGlobalAveragePool,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QdqGlobalAveragePoolKernel>(); }, nullptr, kNoCaps,
        "cpu", "fused DequantizeLinear -> GlobalAveragePool/ReduceMean/AveragePool -> QuantizeLinear (Optimized)" };
    return spec;
}

} // namespace qs::kernels
