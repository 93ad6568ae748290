// SPDX-License-Identifier: MIT
// Int8Conv's oneDNN path (int8_conv_plan.h: Int8ConvPath::Onednn): the u8·s8 → s32 primitive on NHWC, its weights
// (split and, for static layers, unsplit), the source memories and the run. The primitive descriptor is created on
// the own kernel's path too, where it describes the NHWC source the kernel reads.
#include "kernels/int8/int8_conv_impl.h"

#include <fmt/format.h>

namespace qs::kernels::int8 {

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

} // namespace

dnnl::memory::dims Int8Conv::Impl::weightDims() const
{
    const ConvShape& s = shape;
    return s.group > 1
        ? dnnl::memory::dims { s.group, s.outChannelsPerGroup(), s.inChannelsPerGroup(), s.kernelHeight, s.kernelWidth }
        : dnnl::memory::dims { s.outChannels, s.inChannelsPerGroup(), s.kernelHeight, s.kernelWidth };
}

dnnl::memory::dims Int8Conv::Impl::primitivePadding(bool begin) const
{
    // A zero-point padded source holds the padding itself.
    if (plan.paddedSource)
        return { 0, 0 };
    return begin ? dnnl::memory::dims { shape.padTop, shape.padLeft }
                 : dnnl::memory::dims { shape.padBottom, shape.padRight };
}

void Int8Conv::Impl::createPrimitive()
{
    const ConvShape& s = shape;
    dnnl::engine& eng = onednnEngine();
    stream = dnnl::stream(eng);
    const dnnl::memory::dims dstDims { s.batch, s.outChannels, s.outHeight(), s.outWidth() };
    const int64_t padH = plan.paddedSource ? s.padTop + s.padBottom : 0,
                  padW = plan.paddedSource ? s.padLeft + s.padRight : 0;
    const dnnl::memory::desc srcMd({ s.batch, s.inChannels, s.inHeight + padH, s.inWidth + padW }, dt::u8, tag::nhwc);
    const dnnl::memory::desc dstMd(dstDims, dt::s32, tag::nhwc);
    const dnnl::memory::desc wAny(weightDims(), dt::s8, tag::any);
    const dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
        srcMd, wAny, dstMd, { s.strideHeight, s.strideWidth }, { s.dilationHeight - 1, s.dilationWidth - 1 },
        primitivePadding(true), primitivePadding(false));
    dnnl::primitive_attr attr;
    if (plan.oneDnnSourceZeroPoint())
        attr.set_zero_points(DNNL_ARG_SRC, 0, { DNNL_RUNTIME_S32_VAL });
    convPd = dnnl::convolution_forward::primitive_desc(desc, attr, eng);
    conv = dnnl::convolution_forward(convPd);
}

void Int8Conv::Impl::reorderOnednnWeights(const std::vector<int8_t>& unsplit)
{
    dnnl::engine& eng = onednnEngine();
    const dnnl::memory::desc wPlain(weightDims(), dt::s8, shape.group > 1 ? tag::goihw : tag::oihw);
    dnnl::memory plain(wPlain, eng, s8.data());
    weights = dnnl::memory(convPd.weights_desc(), eng);
    dnnl::reorder(plain, weights).execute(stream, plain, weights);
    if (unsplitMaxSource >= 0) {
        // oneDNN's direct kernels pair input channels 2p and 2p + 1 at one kernel position: the split pairs (one
        // residual weight each, on the even channel) with their original magnitudes, so that a run can check them
        // against the source's per-channel maxima.
        if (pairLayoutOf(convPd.impl_info_str()) == PairLayout::InputChannels)
            listUnsplitPairs(unsplit);
        dnnl::memory unsplitPlain(wPlain, eng, const_cast<int8_t*>(unsplit.data()));
        unsplitWeights = dnnl::memory(convPd.weights_desc(), eng);
        dnnl::reorder(unsplitPlain, unsplitWeights).execute(stream, unsplitPlain, unsplitWeights);
    }
    stream.wait();
}

void Int8Conv::Impl::prepareSourceMemory()
{
    const ConvShape& s = shape;
    dnnl::engine& eng = onednnEngine();
    const dnnl::memory::dims srcDims { s.batch, s.inChannels, s.inHeight, s.inWidth };
    if (plan.paddedSource) {
        // Its data (padded) is scratch, bound per run (bindScratch).
        srcNhwc = dnnl::memory(convPd.src_desc(), eng, DNNL_MEMORY_NONE);
    } else if (nchw()) {
        if (!executor || !executor->readsSource()) { // else the own kernel's executor reorders into its buffer
            srcNchw = dnnl::memory(dnnl::memory::desc(srcDims, dt::u8, tag::nchw), eng, DNNL_MEMORY_NONE);
            srcNhwc = dnnl::memory(convPd.src_desc(), eng, DNNL_MEMORY_NONE); // scratch, bound per run
            toNhwc = dnnl::reorder(srcNchw, srcNhwc);
        }
    } else {
        srcNhwc = dnnl::memory(convPd.src_desc(), eng, DNNL_MEMORY_NONE);
    }
    if (plan.path == Int8ConvPath::Onednn)
        dst = dnnl::memory(convPd.dst_desc(), eng, DNNL_MEMORY_NONE); // scratch, bound per run
    srcZeroPoint = dnnl::memory(dnnl::memory::desc({ 1 }, dt::s32, tag::x), eng);
    stream.wait();
}

Status Int8Conv::Impl::runPrimitive()
{
    try {
        // Sources whose largest value cannot saturate any pair of the original weights (resnet18's activations
        // stay below 100 of 255) run them as they are, without the residual; checking costs one pass over the
        // source.
        unsplitRun = unsplitWeights
            && pairsFit(static_cast<const uint8_t*>(srcNhwc.get_data_handle()), convPd.src_desc().get_size());
        const dnnl::memory& w = unsplitRun ? unsplitWeights : weights;
        if (!plan.oneDnnSourceZeroPoint())
            conv.execute(stream, { { DNNL_ARG_SRC, srcNhwc }, { DNNL_ARG_WEIGHTS, w }, { DNNL_ARG_DST, dst } });
        else
            conv.execute(stream,
                { { DNNL_ARG_SRC, srcNhwc }, { DNNL_ARG_WEIGHTS, w }, { DNNL_ARG_DST, dst },
                    { DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC, srcZeroPoint } });
        stream.wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", shape.toString()));
    }
    return Status::ok();
}

} // namespace qs::kernels::int8
