// SPDX-License-Identifier: MIT
// The fused QDQ multiply (qdq_fused.h): y = QuantizeLinear(DequantizeLinear(a) * DequantizeLinear(b)) with the
// authored float operations per element - float(a - a_zp) * a_scale, the same for b, one float product, then the
// engine's QuantizeLinear (division by y_scale, round half to even, zero point, saturation) - so the result is the
// unfused graph's bit for bit. The products of a block go through a float buffer on the stack into the vectorised
// quantizer; the dequantize-multiply loop is compiled for AVX2 and the baseline (QS_CLONES). (A loop that quantized in
// AVX-512 registers instead was slower than this on MobileNetV3's squeeze-excite scales: 0.24 vs 0.21 ms over 8 steps,
// 1 thread, session 14.)
#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/qdq_fused.h"
#include "kernels/int8/target_clones.h"
#include "kernels/qops/qlinear_params.h"
#include "quant/quantize_linear.h"

#include <fmt/format.h>

#include <algorithm>
#include <omp.h>

namespace qs::kernels {

namespace {

using namespace qdq_mul;

constexpr int64_t kBlock = 1024;
/// Elements from which a multiply splits its blocks over the step's threads. MobileNetV3's squeeze-excite scales
/// (56k-131k elements, 13-45 us on one thread) gain little from it (about 0.01 ms over its 8 at two threads: the
/// data sits in the cache of the core that wrote it); it is for the larger maps of other SE networks, where one thread
/// would spend 0.1-0.5 ms per multiply.
constexpr int64_t kParallelElements = 1 << 15;

/// out[p * channels + c] = float(a[p * channels + c] - aZp) * aScale * fb[c] for `pixels` rows of `channels`
/// (NHWC against one value per channel; NCHW planes are one row of `channels` = the plane with a constant fb).
template <typename TA>
QS_CLONES void productsPerChannel(
    const TA* a, int64_t pixels, int64_t channels, int32_t aZp, float aScale, const float* fb, float* out)
{
    for (int64_t p = 0; p < pixels; ++p)
        for (int64_t c = 0; c < channels; ++c)
            out[p * channels + c] = (float(int32_t(a[p * channels + c]) - aZp) * aScale) * fb[c];
}

/// The same for one NCHW plane: every element times f.
template <typename TA>
QS_CLONES void productsPlane(const TA* a, int64_t n, int32_t aZp, float aScale, float f, float* out)
{
    for (int64_t i = 0; i < n; ++i)
        out[i] = (float(int32_t(a[i]) - aZp) * aScale) * f;
}

template <typename TA, typename TB>
QS_CLONES void productsSameShape(
    const TA* a, const TB* b, int64_t n, int32_t aZp, float aScale, int32_t bZp, float bScale, float* out)
{
    for (int64_t i = 0; i < n; ++i)
        out[i] = (float(int32_t(a[i]) - aZp) * aScale) * (float(int32_t(b[i]) - bZp) * bScale);
}

class QdqMulKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& a = ctx.inputs[kA];
        const TensorDesc& b = ctx.inputs[kB];
        const TensorDesc& y = ctx.outputs[0];
        m_aType = a.type;
        m_bType = b.type;
        m_yType = y.type;
        m_count = a.elementCount();
        m_nhwc = a.layout == Layout::Nhwc;
        m_perChannel = b.dims != a.dims;
        m_threads = m_count >= kParallelElements ? std::max(1, ctx.threads) : 1;
        const bool channelShape = a.rank() == 4 && b.rank() == 4 && (b.dims[0] == a.dims[0] || b.dims[0] == 1)
            && b.dims[1] == a.dims[1] && b.dims[2] == 1 && b.dims[3] == 1;
        if (!int8::isInt8Type(a.type) || !int8::isInt8Type(b.type) || !int8::isInt8Type(y.type) || y.dims != a.dims
            || y.layout != a.layout || a.layout == Layout::Blocked || (m_perChannel && !channelShape)
            || (!m_perChannel && b.layout != a.layout))
            return Status(StatusCode::Internal,
                fmt::format("node {}: the int8 multiply takes 8-bit a and y of one shape and layout, and b of that "
                            "shape or one value per channel",
                    ctx.node.describe()));
        QS_RETURN_IF_ERROR(qops::checkScalarParams(ctx, kAScale, kAZeroPoint, "a"));
        QS_RETURN_IF_ERROR(qops::checkScalarParams(ctx, kBScale, kBZeroPoint, "b"));
        QS_RETURN_IF_ERROR(qops::checkScalarParams(ctx, kYScale, kYZeroPoint, "y"));
        m_azpType = qops::slotType(ctx.inputs, kAZeroPoint);
        m_bzpType = qops::slotType(ctx.inputs, kBZeroPoint);
        m_yzpType = qops::slotType(ctx.inputs, kYZeroPoint);
        if (m_perChannel) {
            m_batch = a.dims[0];
            m_channels = a.dims[1];
            m_image = a.dims[2] * a.dims[3];
            m_bBatchStride = b.dims[0] == 1 ? 0 : m_channels;
        }
        return Status::ok();
    }

    /// The per-channel b values, then (NHWC) a buffer of whole pixel rows per thread.
    size_t scratchBytes() const override
    {
        return m_perChannel
            ? size_t(m_channels + (m_nhwc ? m_threads * rowsPerBlock() * m_channels : 0)) * sizeof(float)
            : 0;
    }

    Status run(const KernelArgs& args) const override
    {
        const auto dispatchA = [&](auto b) {
            if (m_aType == DataType::Int8)
                compute(static_cast<const int8_t*>(args.inputs[kA]), b, args);
            else
                compute(static_cast<const uint8_t*>(args.inputs[kA]), b, args);
        };
        if (m_bType == DataType::Int8)
            dispatchA(static_cast<const int8_t*>(args.inputs[kB]));
        else
            dispatchA(static_cast<const uint8_t*>(args.inputs[kB]));
        return Status::ok();
    }

    std::string implementation() const override
    {
        return fmt::format("cpu{}{}", m_perChannel ? " per-channel" : "", m_nhwc ? " nhwc" : "");
    }

private:
    void quantize(const float* v, int64_t n, qops::QuantParam qy, void* y, int64_t offset) const
    {
        if (m_yType == DataType::Int8)
            quant::quantizeLinear(v, size_t(n), qy.scale, qy.zeroPoint, static_cast<int8_t*>(y) + offset);
        else
            quant::quantizeLinear(v, size_t(n), qy.scale, qy.zeroPoint, static_cast<uint8_t*>(y) + offset);
    }

    template <typename TA, typename TB> void compute(const TA* a, const TB* b, const KernelArgs& args) const
    {
        const qops::QuantParam qa = qops::quantParamAt(args, kAScale, kAZeroPoint, m_azpType);
        const qops::QuantParam qb = qops::quantParamAt(args, kBScale, kBZeroPoint, m_bzpType);
        const qops::QuantParam qy = qops::quantParamAt(args, kYScale, kYZeroPoint, m_yzpType);
        void* y = args.outputs[0];
        // Blocks are independent (each element is computed alone), so threads take whole blocks and the result does
        // not depend on the thread count.
        if (!m_perChannel) {
            const int64_t blocks = (m_count + kBlock - 1) / kBlock;
#pragma omp parallel for num_threads(m_threads) if (m_threads > 1)
            for (int64_t k = 0; k < blocks; ++k) {
                alignas(64) float buf[kBlock];
                const int64_t i = k * kBlock, n = std::min(kBlock, m_count - i);
                productsSameShape(a + i, b + i, n, qa.zeroPoint, qa.scale, qb.zeroPoint, qb.scale, buf);
                quantize(buf, n, qy, y, i);
            }
            return;
        }
        auto* fb = static_cast<float*>(args.scratch);
        const int64_t perItem = m_channels * m_image;
        for (int64_t nb = 0; nb < m_batch; ++nb) {
            // b dequantized once per channel, as DequantizeLinear computes it.
            const TB* bn = b + nb * m_bBatchStride;
            for (int64_t c = 0; c < m_channels; ++c)
                fb[c] = float(int32_t(bn[c]) - qb.zeroPoint) * qb.scale;
            const TA* an = a + nb * perItem;
            const int64_t base = nb * perItem;
            if (m_nhwc) {
                const int64_t rows = rowsPerBlock(), blocks = (m_image + rows - 1) / rows;
#pragma omp parallel for num_threads(m_threads) if (m_threads > 1)
                for (int64_t k = 0; k < blocks; ++k) {
                    const int64_t p = k * rows, n = std::min(rows, m_image - p);
                    float* buf = fb + m_channels + omp_get_thread_num() * rows * m_channels;
                    productsPerChannel(an + p * m_channels, n, m_channels, qa.zeroPoint, qa.scale, fb, buf);
                    quantize(buf, n * m_channels, qy, y, base + p * m_channels);
                }
                continue;
            }
            const int64_t planeBlocks = (m_image + kBlock - 1) / kBlock;
#pragma omp parallel for num_threads(m_threads) if (m_threads > 1)
            for (int64_t k = 0; k < m_channels * planeBlocks; ++k) {
                alignas(64) float buf[kBlock];
                const int64_t c = k / planeBlocks, i = k % planeBlocks * kBlock, n = std::min(kBlock, m_image - i);
                productsPlane(an + c * m_image + i, n, qa.zeroPoint, qa.scale, fb[c], buf);
                quantize(buf, n, qy, y, base + c * m_image + i);
            }
        }
    }

    int64_t rowsPerBlock() const
    {
        return std::max<int64_t>(1, kBlock / m_channels);
    }

    DataType m_aType = DataType::UInt8, m_bType = DataType::UInt8, m_yType = DataType::UInt8;
    DataType m_azpType = DataType::Undefined, m_bzpType = DataType::Undefined, m_yzpType = DataType::Undefined;
    int64_t m_count = 0, m_batch = 1, m_channels = 1, m_image = 1, m_bBatchStride = 0;
    int m_threads = 1; ///< the step's threads for big tensors (kParallelElements), else 1
    bool m_nhwc = false;
    bool m_perChannel = false;
};

Status inferQdqMul(const Node&, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    outputs[0].dims = inputs[kA].dims;
    outputs[0].type = inputs[kYZeroPoint].type == DataType::Int8 ? DataType::Int8 : DataType::UInt8;
    return Status::ok();
}

} // namespace

const KernelSpec& qdqMulSpec()
{
    static const KernelSpec spec { "", "Mul", 1, 0, inferQdqMul,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QdqMulKernel>(); }, nullptr, kNoCaps, "cpu",
        "fused DequantizeLinear x2 -> Mul -> QuantizeLinear (Optimized)" };
    return spec;
}

} // namespace qs::kernels
