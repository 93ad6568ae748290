// SPDX-License-Identifier: MIT
// Int8Conv's direct requantizing path: oneDNN writes the uint8 output itself (bias and per-channel multipliers as its
// bias and output scales) where that is provably the same arithmetic as the requantizing epilogue. Impl decides when
// (directEligible); oneDNN's executor (int8_conv_onednn.h) holds the primitive.
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/int8/int8_conv_onednn.h"
#include "kernels/int8/thread_blocks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>

namespace qs::kernels::int8 {

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

bool directStoreKnown(std::string_view implementation)
{
    return implementation.starts_with("brgconv") || implementation.starts_with("brdgmm_dw")
        || implementation.starts_with("jit_int8:");
}

} // namespace

bool Int8Conv::Impl::directEligible(const Requantization& rq) const
{
    // oneDNN computes v = (float(acc) + float(bias)) * scale, then its post-ops, then saturates to the output type and
    // rounds half to even. With zero point 0 and the type's range (a Relu's lo = 0 on uint8 is the saturation
    // itself) that is the requantizing epilogue's round_half_even(v) clamped; otherwise the post-ops round first
    // (eltwise_round: vroundps in MXCSR's mode, ties to even), add the zero point (eltwise_linear, exact on
    // integers; oneDNN's dst zero point would be added before the rounding, which moves ties when it is odd) and
    // clamp to [lo, hi] (eltwise_clip), all exact on integer values. Either way it equals the epilogue exactly when
    // float(acc) + float(bias) is exact: every |value| below 2^24. No epilogue correction may be pending (AVX2
    // residual, compensation), and no float offset after the scale. Grouped layers (depthwise) qualify too: the kernels
    // admitted below store every channel the same way.
    if (!executor->mayWriteRequantized() || !correctedChannels.empty() || needsWindowSums || !rq.offset.empty()
        || (rq.outType != DataType::UInt8 && rq.outType != DataType::Int8))
        return false;
    int64_t maxBias = 0;
    for (size_t o = 0; o < size_t(shape.outChannels); ++o)
        maxBias = std::max(
            maxBias, std::abs(int64_t(rq.bias.empty() ? 0 : rq.bias[o]) + (accOffset.empty() ? 0 : accOffset[o])));
    constexpr int64_t kExactFloatInt = int64_t(1) << 24;
    return accBound < kExactFloatInt && maxBias < kExactFloatInt && accBound + maxBias < kExactFloatInt;
}

bool Int8Conv::Impl::prepareDirect(const Requantization& rq)
{
    const int64_t oc = shape.outChannels;
    DirectRequantization direct { .scales = std::vector<float>(rq.multipliers.begin(), rq.multipliers.end()),
        .bias = rq.bias.empty() ? std::vector<int32_t>(size_t(oc), 0) : rq.bias,
        .outType = rq.outType,
        .zeroPoint = rq.zeroPoint,
        .lo = rq.lo,
        .hi = rq.hi };
    for (size_t o = 0; o < accOffset.size(); ++o)
        direct.bias[o] += accOffset[o]; // the padded source's compensation, exact in int32 (bounded above)
    return executor->prepareRequantized(direct);
}

Status Int8Conv::Impl::runDirect(const void* x, int32_t xZeroPoint, void* y)
{
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(prepareSource(x, xZeroPoint, xu)); // the source memories of the oneDNN path
    return executor->runRequantized(xu, xZeroPoint, epilogueThreads(), y);
}

Result<bool> Int8Conv::Impl::runDirectToSink(
    const void* x, int32_t xZeroPoint, int threads, const RequantizedSink& sink)
{
    if (executor->scratchBytes() < size_t(shape.outputCount()))
        return false;
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(prepareSource(x, xZeroPoint, xu)); // binds this run's scratch, executorScratch among it
    uint8_t* q = executorScratch;
    QS_RETURN_IF_ERROR(executor->runRequantized(xu, xZeroPoint, threads, q));
    // The output is dense in y's layout, so one contiguous range per thread; 64 keeps each thread's writes to y on
    // cache lines of its own.
    forEachThreadBlock(
        shape.outputCount(), threads, 64, [&](int64_t begin, int64_t end) { sink(q + begin, begin, end - begin); });
    return true;
}

bool OnednnExecutor::prepareRequantized(const DirectRequantization& rq)
{
    if (m_direct.tried && rq == m_direct.rq)
        return m_direct.ok;
    m_direct.tried = true;
    m_direct.ok = false;
    m_direct.rq = rq;
    const std::vector<float>& scales = rq.scales;
    const std::vector<int32_t>& bias = rq.bias;
    try {
        dnnl::engine& eng = onednnEngine();
        const ConvShape& s = m_shape;
        const dnnl::memory::dims dstDims { s.batch, s.outChannels, s.outHeight(), s.outWidth() };
        const bool u8 = rq.outType == DataType::UInt8;
        const dnnl::memory::desc dstMd(dstDims, u8 ? dt::u8 : dt::s8, m_nchwOutput ? tag::nchw : tag::nhwc);
        const dnnl::memory::desc biasMd({ s.outChannels }, dt::s32, tag::x);
        const dnnl::memory::desc wAny(m_primitive.weights_desc().dims(), dt::s8, tag::any);
        const dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference,
            dnnl::algorithm::convolution_direct, m_primitive.src_desc(), wAny, biasMd, dstMd,
            { s.strideHeight, s.strideWidth }, { s.dilationHeight - 1, s.dilationWidth - 1 }, m_padBegin, m_padEnd);
        dnnl::primitive_attr attr;
        attr.set_output_scales(scales.size() > 1 ? 1 << 1 : 0, scales);
        const int32_t typeLo = u8 ? 0 : -128, typeHi = u8 ? 255 : 127;
        if (rq.zeroPoint != 0 || rq.lo != typeLo || rq.hi != typeHi) {
            dnnl::post_ops ops;
            ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_round, 0.0f, 0.0f);
            if (rq.zeroPoint != 0)
                ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_linear, 1.0f, float(rq.zeroPoint));
            if (rq.lo != typeLo || rq.hi != typeHi)
                ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_clip, float(rq.lo), float(rq.hi));
            attr.set_post_ops(ops);
        }
        const dnnl::convolution_forward::primitive_desc pd = int8ConvPrimitive(desc, attr, s);
        // Only kernels whose store is known to compute saturate((float(acc) + float(bias)) * scale), rounded by
        // vcvtps2dq (ties to even), keep the epilogue for anything else: the brgemm convolutions (brgconv,
        // brgconv_1x1), the brgemm depthwise kernel (brdgmm_dw: jit_brdgmm_kernel_base_t::
        // store_accumulators_apply_post_ops in oneDNN 2.6) and the AVX-512 direct kernel on a uint8 source
        // (jit_int8: _jit_avx512_core_x8s8s32x_fwd_kernel::store_output, whose compensation terms are absent without
        // a source zero point or int8 source). The tests compare their bytes with the epilogue's, ties included.
        if (!directStoreKnown(pd.impl_info_str()))
            return false;
        m_direct.conv = dnnl::convolution_forward(pd);
        if (pd.weights_desc() == m_primitive.weights_desc()) {
            m_direct.weights = m_weights;
        } else {
            m_direct.weights = dnnl::memory(pd.weights_desc(), eng);
            dnnl::reorder(m_weights, m_direct.weights).execute(*m_stream, m_weights, m_direct.weights);
        }
        m_direct.biasMem = dnnl::memory(biasMd, eng);
        std::copy(bias.begin(), bias.end(), static_cast<int32_t*>(m_direct.biasMem.get_data_handle()));
        m_direct.dst = dnnl::memory(pd.dst_desc(), eng, DNNL_MEMORY_NONE);
        m_stream->wait();
        m_direct.ok = true;
    } catch (const dnnl::error&) {
        m_direct.ok = false;
    }
    return m_direct.ok;
}

Status OnednnExecutor::runRequantized(const uint8_t*, int32_t, int, void* y)
{
    // oneDNN's primitive reads the source memory Impl has bound and splits the work over its own threads.
    try {
        m_direct.dst.set_data_handle(y);
        m_direct.conv.execute(*m_stream,
            { { DNNL_ARG_SRC, *m_source }, { DNNL_ARG_WEIGHTS, m_direct.weights }, { DNNL_ARG_BIAS, m_direct.biasMem },
                { DNNL_ARG_DST, m_direct.dst } });
        m_stream->wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", m_shape.toString()));
    }
    return Status::ok();
}

} // namespace qs::kernels::int8
