// SPDX-License-Identifier: MIT
// Int8Conv's oneDNN path (int8_conv_plan.h: Int8ConvPath::Onednn): Impl's primitive descriptor and source memories
// (the descriptor is created on the own kernel's path too, where it describes the NHWC source the kernel reads), and
// the path's executor: the u8·s8 → s32 primitive on NHWC, its weights (split and, for static layers, unsplit) and the
// run.
#include "kernels/int8/int8_conv_onednn.h"

#include "kernels/int8/int8_conv_impl.h"

#include <fmt/format.h>

#include <string_view>

namespace qs::kernels::int8 {

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

/// AMX multiplies tiles of 16 rows (output pixels) by 64 bytes of reduction (input channels x kernel taps); brgemm
/// pads a shallower reduction up to whole tile rows. Where 40 % or more of every tile would be padding, or a layer
/// has fewer output pixels than a tile has rows (squeeze-excite's 1x1 layers on a pooled vector), oneDNN's next
/// implementation (brgemm on AVX-512 VNNI) measured faster: mnasnet0_5's and MobileNetV3's pointwise layers with 8,
/// 16, 24 and 72 input channels at 0.6-0.8x the AMX time, the squeeze-excite layers at 0.7-0.9x; 40-64 channels equal
/// or faster on AMX, 112 and more 1.2-1.5x faster on AMX, resnet18's 3x3 layers 2.5-5x
/// (bench/archive/2026-11-29-int8-small-layers.md).
bool amxTilesMostlyEmpty(const ConvShape& s)
{
    constexpr int64_t kTileRows = 16, kTileDepth = 64;
    const int64_t depth = s.inChannelsPerGroup() * s.kernelHeight * s.kernelWidth;
    const int64_t padded = (depth + kTileDepth - 1) / kTileDepth * kTileDepth;
    return s.outHeight() * s.outWidth() < kTileRows || depth * 10 < padded * 6;
}

} // namespace

dnnl::convolution_forward::primitive_desc int8ConvPrimitive(
    const dnnl::convolution_forward::desc& desc, const dnnl::primitive_attr& attr, const ConvShape& shape)
{
    const auto isAmx = [](const dnnl::convolution_forward::primitive_desc& pd) {
        return std::string_view(pd.impl_info_str()).find("amx") != std::string_view::npos;
    };
    dnnl::convolution_forward::primitive_desc pd(desc, attr, onednnEngine());
    if (!isAmx(pd) || !amxTilesMostlyEmpty(shape))
        return pd;
    const dnnl::convolution_forward::primitive_desc first = pd; // keeps its own handle while pd iterates
    while (pd.next_impl())
        if (!isAmx(pd) && !std::string_view(pd.impl_info_str()).starts_with("ref"))
            return pd;
    return first;
}

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
    convPd = int8ConvPrimitive(desc, attr, s);
}

void Int8Conv::Impl::prepareOnednnKernel(const std::vector<int8_t>& unsplit)
{
    // oneDNN's direct kernels pair input channels 2p and 2p + 1 at one kernel position: the split pairs (one residual
    // weight each, on the even channel) with their original magnitudes, so that a run can check them against the
    // source's per-channel maxima.
    UnsplitCheck check(unsplitMaxSource);
    if (unsplitMaxSource >= 0 && pairLayoutOf(convPd.impl_info_str()) == PairLayout::InputChannels)
        check.listPairs(shape, residual, unsplit);
    executor = makeOnednnExecutor({ .shape = shape,
        .primitive = convPd,
        .padBegin = primitivePadding(true),
        .padEnd = primitivePadding(false),
        .runTimeZeroPoint = plan.oneDnnSourceZeroPoint(),
        .nchwOutput = outNchw(),
        .weights = s8.data(),
        .unsplit = &unsplit,
        .unsplitCheck = check,
        .stream = &stream,
        .source = &srcNhwc,
        .sourceZeroPoint = &srcZeroPoint });
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
        if (!executor->readsSource()) { // else the own kernel's executor reorders into its buffer
            srcNchw = dnnl::memory(dnnl::memory::desc(srcDims, dt::u8, tag::nchw), eng, DNNL_MEMORY_NONE);
            srcNhwc = dnnl::memory(convPd.src_desc(), eng, DNNL_MEMORY_NONE); // scratch, bound per run
            toNhwc = dnnl::reorder(srcNchw, srcNhwc);
        }
    } else {
        srcNhwc = dnnl::memory(convPd.src_desc(), eng, DNNL_MEMORY_NONE);
    }
    srcZeroPoint = dnnl::memory(dnnl::memory::desc({ 1 }, dt::s32, tag::x), eng);
    stream.wait();
}

OnednnExecutor::OnednnExecutor(const OnednnSpec& spec)
    : m_shape(spec.shape)
    , m_primitive(spec.primitive)
    , m_padBegin(spec.padBegin)
    , m_padEnd(spec.padEnd)
    , m_sourceZeroPoint(spec.runTimeZeroPoint)
    , m_nchwOutput(spec.nchwOutput)
    , m_stream(spec.stream)
    , m_source(spec.source)
    , m_sourceZeroPointMemory(spec.sourceZeroPoint)
    , m_unsplitCheck(spec.unsplitCheck)
{
    dnnl::engine& eng = onednnEngine();
    m_conv = dnnl::convolution_forward(m_primitive);
    const dnnl::memory::dims dims = m_primitive.weights_desc().dims();
    const dnnl::memory::desc wPlain(dims, dt::s8, m_shape.group > 1 ? tag::goihw : tag::oihw);
    dnnl::memory plain(wPlain, eng, const_cast<int8_t*>(spec.weights));
    m_weights = dnnl::memory(m_primitive.weights_desc(), eng);
    dnnl::reorder(plain, m_weights).execute(*m_stream, plain, m_weights);
    if (!spec.unsplit->empty()) {
        dnnl::memory unsplitPlain(wPlain, eng, const_cast<int8_t*>(spec.unsplit->data()));
        m_unsplitWeights = dnnl::memory(m_primitive.weights_desc(), eng);
        dnnl::reorder(unsplitPlain, m_unsplitWeights).execute(*m_stream, unsplitPlain, m_unsplitWeights);
    }
    m_dst = dnnl::memory(m_primitive.dst_desc(), eng, DNNL_MEMORY_NONE); // scratch, bound per run
    m_stream->wait();
}

std::string OnednnExecutor::implementation() const
{
    // "+u8" once runRequantized has let oneDNN write the uint8 output itself.
    return std::string(m_primitive.impl_info_str()) + (m_direct.ok ? "+u8" : "");
}

int32_t* OnednnExecutor::accumulators(int64_t n) const
{
    return static_cast<int32_t*>(m_dst.get_data_handle())
        + n * m_shape.outHeight() * m_shape.outWidth() * m_shape.outChannels;
}

Status OnednnExecutor::start(const uint8_t*, int32_t)
{
    try {
        // Sources whose largest value cannot saturate any pair of the original weights (resnet18's activations
        // stay below 100 of 255) run them as they are, without the residual; checking costs one pass over the
        // source.
        const dnnl::memory& src = *m_source;
        m_unsplitRun = m_unsplitWeights
            && m_unsplitCheck.fits(
                static_cast<const uint8_t*>(src.get_data_handle()), m_primitive.src_desc().get_size());
        const dnnl::memory& w = m_unsplitRun ? m_unsplitWeights : m_weights;
        if (!m_sourceZeroPoint)
            m_conv.execute(*m_stream, { { DNNL_ARG_SRC, src }, { DNNL_ARG_WEIGHTS, w }, { DNNL_ARG_DST, m_dst } });
        else
            m_conv.execute(*m_stream,
                { { DNNL_ARG_SRC, src }, { DNNL_ARG_WEIGHTS, w }, { DNNL_ARG_DST, m_dst },
                    { DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC, *m_sourceZeroPointMemory } });
        m_stream->wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", m_shape.toString()));
    }
    return Status::ok();
}

std::unique_ptr<Int8ConvExecutor> makeOnednnExecutor(const OnednnSpec& spec)
{
    return std::make_unique<OnednnExecutor>(spec);
}

} // namespace qs::kernels::int8
