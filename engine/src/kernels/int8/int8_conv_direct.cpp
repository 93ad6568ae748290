// SPDX-License-Identifier: MIT
// Int8Conv's direct requantizing path: oneDNN writes the uint8 output itself (bias and per-channel multipliers as its
// bias and output scales) where that is provably the same arithmetic as the requantizing epilogue.
#include "kernels/int8/int8_conv_impl.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace qs::kernels::int8 {

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

} // namespace

bool Int8Conv::Impl::directEligible(const Requantization& rq) const
{
    // oneDNN computes round_half_even(saturate((float(acc) + float(bias)) * scale)) (its dst zero point would be added
    // before the rounding, which moves ties when it is odd: only zero point 0 qualifies). That equals the requantizing
    // epilogue exactly when float(acc) + float(bias) is exact: every |value| below 2^24. Relu (lo = 0 with zero point
    // 0) is the uint8 saturation itself. No epilogue correction may be pending (AVX2 residual, compensation).
    if (plan.path != Int8ConvPath::Onednn || plan.oneDnnSourceZeroPoint() || !correctedChannels.empty()
        || needsWindowSums || shape.group != 1 || rq.outType != DataType::UInt8 || rq.zeroPoint != 0
        || !rq.offset.empty() || rq.lo != 0 || rq.hi != 255)
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
    std::vector<float> scales(rq.multipliers.begin(), rq.multipliers.end());
    std::vector<int32_t> bias = rq.bias.empty() ? std::vector<int32_t>(size_t(oc), 0) : rq.bias;
    for (size_t o = 0; o < accOffset.size(); ++o)
        bias[o] += accOffset[o]; // the padded source's compensation, exact in int32 (bounded above)
    if (direct.tried && scales == direct.scales && bias == direct.bias)
        return direct.ok;
    direct.tried = true;
    direct.ok = false;
    direct.scales = scales;
    direct.bias = bias;
    try {
        dnnl::engine& eng = onednnEngine();
        const ConvShape& s = shape;
        const dnnl::memory::dims dstDims { s.batch, s.outChannels, s.outHeight(), s.outWidth() };
        const dnnl::memory::desc dstMd(dstDims, dt::u8, outNchw() ? tag::nchw : tag::nhwc);
        const dnnl::memory::desc biasMd({ oc }, dt::s32, tag::x);
        const dnnl::memory::desc wAny(convPd.weights_desc().dims(), dt::s8, tag::any);
        const dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference,
            dnnl::algorithm::convolution_direct, convPd.src_desc(), wAny, biasMd, dstMd,
            { s.strideHeight, s.strideWidth }, { s.dilationHeight - 1, s.dilationWidth - 1 }, primitivePadding(true),
            primitivePadding(false));
        dnnl::primitive_attr attr;
        attr.set_output_scales(scales.size() > 1 ? 1 << 1 : 0, scales);
        const dnnl::convolution_forward::primitive_desc pd(desc, attr, eng);
        // Only the brgemm kernels are known to add the bias before scaling in float (checked by the tests); keep
        // the epilogue for anything else.
        if (std::string(pd.impl_info_str()).find("brg") == std::string::npos)
            return false;
        direct.conv = dnnl::convolution_forward(pd);
        if (pd.weights_desc() == convPd.weights_desc()) {
            direct.weights = weights;
        } else {
            direct.weights = dnnl::memory(pd.weights_desc(), eng);
            dnnl::reorder(weights, direct.weights).execute(stream, weights, direct.weights);
        }
        direct.biasMem = dnnl::memory(biasMd, eng);
        std::copy(bias.begin(), bias.end(), static_cast<int32_t*>(direct.biasMem.get_data_handle()));
        direct.dst = dnnl::memory(pd.dst_desc(), eng, DNNL_MEMORY_NONE);
        stream.wait();
        direct.ok = true;
    } catch (const dnnl::error&) {
        direct.ok = false;
    }
    return direct.ok;
}

Status Int8Conv::Impl::runDirect(const void* x, int32_t xZeroPoint, void* y)
{
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(prepareSource(x, xZeroPoint, xu)); // the source memories of the oneDNN path
    try {
        direct.dst.set_data_handle(y);
        direct.conv.execute(stream,
            { { DNNL_ARG_SRC, srcNhwc }, { DNNL_ARG_WEIGHTS, direct.weights }, { DNNL_ARG_BIAS, direct.biasMem },
                { DNNL_ARG_DST, direct.dst } });
        stream.wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", shape.toString()));
    }
    return Status::ok();
}

} // namespace qs::kernels::int8
