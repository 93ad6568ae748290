// SPDX-License-Identifier: MIT
// Conv and ConvTranspose on oneDNN: primitive chosen once (format any), constant weights reordered once, fused
// post-ops, optional blocked (nChw{8,16}c) or channels-last source/destination so consecutive convolutions skip
// reorders.
#include "kernels/conv_geometry.h"
#include "kernels/kernel_registry.h"
#include "kernels/onednn/onednn_common.h"
#include "kernels/ref/conv_ref.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels {

namespace {

using dnnl::memory;
using Dims = memory::dims;

size_t alignUp(size_t v)
{
    return (v + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment;
}

/// The memory descriptor of a tensor of `dims` ([N, C, spatial...]) stored in `layout`.
memory::desc userDesc(const Dims& dims, Layout layout)
{
    const auto f32 = memory::data_type::f32;
    switch (layout) {
    case Layout::Blocked:
        return memory::desc(dims, f32, onednn::blockedTag(dims.size()));
    case Layout::Nhwc:
        return memory::desc(dims, f32,
            dims.size() == 3       ? memory::format_tag::nwc
                : dims.size() == 4 ? memory::format_tag::nhwc
                                   : memory::format_tag::ndhwc);
    case Layout::Plain:
        break;
    }
    return onednn::plainDesc({ dims.begin(), dims.end() }, f32);
}

class ConvOneDnnKernel final : public Kernel
{
public:
    explicit ConvOneDnnKernel(bool transpose)
        : m_transpose(transpose)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& x = ctx.inputs[0];
        const TensorDesc& w = ctx.inputs[1];
        QS_ASSIGN_OR_RETURN(m_geo,
            m_transpose ? convTransposeGeometry(ctx.node, x.dims, w.dims) : convGeometry(ctx.node, x.dims, w.dims));
        m_hasBias = hasInput(ctx.inputs, 2);
        for (const PostOp& p : ctx.postOps)
            if (p.kind == PostOp::Kind::Sum)
                m_sumInput = p.extraInput;
        const ConvGeometry& g = m_geo;
        const size_t r = static_cast<size_t>(g.spatialRank);
        const auto f32 = memory::data_type::f32;

        Dims srcDims { g.batch, g.inChannels };
        Dims dstDims { g.batch, g.outChannels };
        srcDims.insert(srcDims.end(), g.inSpatial.begin(), g.inSpatial.end());
        dstDims.insert(dstDims.end(), g.outSpatial.begin(), g.outSpatial.end());
        const Layout yLayout = ctx.outputs[0].layout;
        if ((x.layout == Layout::Nhwc || yLayout == Layout::Nhwc) && (m_transpose || r != 2))
            return Status(StatusCode::Internal,
                fmt::format("node {}: NHWC layout is only planned for 2-D convolutions", ctx.node.describe()));
        m_srcUser = userDesc(srcDims, x.layout);
        m_dstUser = userDesc(dstDims, yLayout);

        // Weights as oneDNN sees them: {[G,] OC/G, IC/G, k...}, with strides mapping onto the ONNX layout.
        const int64_t kElems = shapeElementCount(g.kernel);
        const int64_t ocg = g.outChannels / g.group;
        const int64_t icg = g.inChannels / g.group;
        Dims weiDims;
        Dims weiStrides;
        if (g.group > 1)
            weiDims.push_back(g.group);
        weiDims.push_back(ocg);
        weiDims.push_back(icg);
        weiDims.insert(weiDims.end(), g.kernel.begin(), g.kernel.end());
        if (g.group > 1)
            weiStrides.push_back(ocg * icg * kElems);
        if (!m_transpose) {
            weiStrides.push_back(icg * kElems); // o
            weiStrides.push_back(kElems); // i
        } else {
            weiStrides.push_back(kElems); // o: ONNX ConvTranspose weights are [C_in, M/G, k...]
            weiStrides.push_back(ocg * kElems); // i
        }
        const std::vector<int64_t> kStrides = stridesOf(g.kernel);
        weiStrides.insert(weiStrides.end(), kStrides.begin(), kStrides.end());
        const memory::desc weiUser(weiDims, f32, weiStrides);
        const bool constWeights = w.isConstant();

        Dims strides(g.strides.begin(), g.strides.end());
        Dims dil(r);
        for (size_t i = 0; i < r; ++i)
            dil[i] = g.dilations[i] - 1;
        Dims padL(g.padBegin.begin(), g.padBegin.end());
        Dims padR(g.padEnd.begin(), g.padEnd.end());
        const memory::desc anyWei(weiDims, f32, memory::format_tag::any);
        const memory::desc anySrc(srcDims, f32, memory::format_tag::any);
        const memory::desc anyDst(dstDims, f32, memory::format_tag::any);
        const memory::desc biasMd
            = m_hasBias ? memory::desc({ g.outChannels }, f32, memory::format_tag::a) : memory::desc();
        // Channels-last when the planner kept the output NHWC, or when this geometry runs faster so (see
        // prefersChannelsLast) and the output is plain anyway: whatever the source's layout, it is reordered to NHWC
        // (oneDNN then picks its brgemm convolution). Otherwise a blocked neighbour fixes our layout, or oneDNN
        // chooses and we reorder around the primitive.
        const bool channelsLast = yLayout == Layout::Nhwc
            || (ctx.optimized && !m_transpose && yLayout == Layout::Plain && prefersChannelsLast(g));
        const memory::desc nhwcSrc = channelsLast ? userDesc(srcDims, Layout::Nhwc) : memory::desc();
        const memory::desc& srcReq = channelsLast ? nhwcSrc : x.layout == Layout::Blocked ? m_srcUser : anySrc;
        const memory::desc& dstReq = channelsLast ? userDesc(dstDims, Layout::Nhwc)
            : yLayout == Layout::Blocked          ? m_dstUser
                                                  : anyDst;
        const memory::desc& weiReq = constWeights ? anyWei : weiUser;

        dnnl::primitive_attr attr;
        dnnl::post_ops ops;
        onednn::appendPostOps(ops, ctx.postOps);
        attr.set_post_ops(ops);
        attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);

        Status st = onednn::guarded(ctx.node, "convolution setup", [&] {
            const dnnl::engine& eng = onednn::cpuEngine();
            memory::desc srcPrim, dstPrim, weiPrim, scratchMd;
            if (!m_transpose) {
                const auto make = [&](const memory::desc& src, const memory::desc& dst) {
                    dnnl::convolution_forward::desc d(dnnl::prop_kind::forward_inference,
                        dnnl::algorithm::convolution_direct, src, weiReq, biasMd, dst, strides, dil, padL, padR);
                    return dnnl::convolution_forward::primitive_desc(d, attr, eng);
                };
                dnnl::convolution_forward::primitive_desc pd = make(srcReq, dstReq);
                // oneDNN 2.6 has no JIT kernel for some mixes of formats, and silently takes ref:any (30-100x
                // slower): a depthwise convolution with a blocked source and an `any` or NHWC destination plus a
                // post-op (MobileNetV3's depthwise layers before a plain consumer, issue 14). Its JIT kernels want
                // source and destination in one layout, so those pairs are tried next; the reorders around the
                // primitive (below) then convert from and to the planned layouts.
                if (onednn::isReference(pd)) {
                    const memory::desc pairs[][2] = {
                        { userDesc(srcDims, Layout::Blocked), userDesc(dstDims, Layout::Blocked) },
                        { userDesc(srcDims, Layout::Nhwc), userDesc(dstDims, Layout::Nhwc) },
                        { anySrc, anyDst },
                    };
                    for (const auto& pair : pairs) {
                        try {
                            auto alt = make(pair[0], pair[1]);
                            if (!onednn::isReference(alt)) {
                                pd = alt;
                                m_avoidedReference = true;
                                break;
                            }
                        } catch (const dnnl::error&) {
                            // this pair is not supported at all: try the next
                        }
                    }
                }
                srcPrim = pd.src_desc();
                dstPrim = pd.dst_desc();
                weiPrim = pd.weights_desc();
                scratchMd = pd.scratchpad_desc();
                m_impl = onednn::implName(pd);
                if (m_avoidedReference)
                    m_impl += " +reorders (the planned formats have no JIT kernel)";
                m_primitive = dnnl::convolution_forward(pd);
            } else {
                dnnl::deconvolution_forward::desc d(dnnl::prop_kind::forward_inference,
                    dnnl::algorithm::deconvolution_direct, srcReq, weiReq, biasMd, dstReq, strides, dil, padL, padR);
                dnnl::deconvolution_forward::primitive_desc pd(d, attr, eng);
                srcPrim = pd.src_desc();
                dstPrim = pd.dst_desc();
                weiPrim = pd.weights_desc();
                scratchMd = pd.scratchpad_desc();
                m_impl = onednn::implName(pd);
                m_primitive = dnnl::deconvolution_forward(pd);
            }
            m_srcPrim = srcPrim;
            m_dstPrim = dstPrim;
            m_weiPrim = weiPrim;
            m_biasMd = biasMd;
            m_weiUser = weiUser;
            m_srcReorder = srcPrim != m_srcUser;
            m_dstReorder = dstPrim != m_dstUser;
            if (m_srcReorder)
                m_srcToPrim
                    = dnnl::reorder(memory(m_srcUser, eng, DNNL_MEMORY_NONE), memory(srcPrim, eng, DNNL_MEMORY_NONE));
            if (m_dstReorder)
                m_dstToUser
                    = dnnl::reorder(memory(dstPrim, eng, DNNL_MEMORY_NONE), memory(m_dstUser, eng, DNNL_MEMORY_NONE));
            // The residual of a fused Add has its own layout (blocked when the planner kept it so), whatever the
            // destination's; when it matches the primitive's destination it is copied, else reordered, into it.
            m_extraMd = userDesc(dstDims, m_sumInput >= 0 ? ctx.inputs[size_t(m_sumInput)].layout : Layout::Plain);
            if (m_sumInput >= 0 && dstPrim != m_extraMd)
                m_sumToPrim
                    = dnnl::reorder(memory(m_extraMd, eng, DNNL_MEMORY_NONE), memory(dstPrim, eng, DNNL_MEMORY_NONE));
            m_stream = dnnl::stream(eng);
            if (constWeights) {
                // Weights are reordered into the primitive's preferred (blocked) layout once, here.
                m_weights = onednn::ownedMemory(weiPrim, m_weightStore);
                memory src(weiUser, eng, const_cast<void*>(w.constant->rawData()));
                dnnl::reorder(src, m_weights).execute(m_stream, src, m_weights);
                m_stream.wait();
            }
            m_srcBytes = m_srcReorder ? alignUp(srcPrim.get_size()) : 0;
            m_dstBytes = m_dstReorder ? alignUp(dstPrim.get_size()) : 0;
            m_scratchpadBytes = alignUp(scratchMd.get_size());
            m_scratchMd = scratchMd;
        });
        // oneDNN rejects some legal ONNX geometries (negative end padding from output_shape/output_padding): the
        // reference loops handle them, slowly, for plain layouts without fused post-ops.
        if (!st && ctx.postOps.empty() && x.layout == Layout::Plain && yLayout == Layout::Plain) {
            m_reference = true;
            m_impl = "cpu:reference";
            m_srcBytes = m_dstBytes = m_scratchpadBytes = 0;
            return Status::ok();
        }
        return st;
    }

    size_t scratchBytes() const override { return m_srcBytes + m_dstBytes + m_scratchpadBytes; }
    std::string implementation() const override { return m_impl; }
    int32_t activationReorders() const override
    {
        return int32_t(m_srcReorder) + int32_t(m_dstReorder) + int32_t(bool(m_sumToPrim));
    }

    Status run(const KernelArgs& args) const override
    {
        if (m_reference) {
            const auto* x = static_cast<const float*>(args.inputs[0]);
            const auto* w = static_cast<const float*>(args.inputs[1]);
            const auto* b = m_hasBias ? static_cast<const float*>(args.inputs[2]) : nullptr;
            auto* y = static_cast<float*>(args.outputs[0]);
            if (m_transpose)
                ref::convTranspose(m_geo, x, w, b, y);
            else
                ref::conv(m_geo, x, w, b, y);
            return Status::ok();
        }
        const dnnl::engine& eng = onednn::cpuEngine();
        auto* scratch = static_cast<std::byte*>(args.scratch);
        memory srcUser(m_srcUser, eng, const_cast<void*>(args.inputs[0]));
        memory dstUser(m_dstUser, eng, args.outputs[0]);
        memory src = m_srcReorder ? memory(m_srcPrim, eng, scratch) : srcUser;
        memory dst = m_dstReorder ? memory(m_dstPrim, eng, scratch + m_srcBytes) : dstUser;
        if (m_srcReorder)
            m_srcToPrim.execute(m_stream, srcUser, src);
        if (m_sumInput >= 0) {
            // oneDNN's sum post-op accumulates into dst: pre-load the residual there.
            const void* extra = args.inputs[static_cast<size_t>(m_sumInput)];
            if (extra == dst.get_data_handle()) {
                // The executor placed the destination on the residual (its last use): already pre-loaded.
            } else if (m_sumToPrim) {
                memory extraMem(m_extraMd, eng, const_cast<void*>(extra));
                m_sumToPrim.execute(m_stream, extraMem, dst);
            } else {
                std::memcpy(dst.get_data_handle(), extra, m_extraMd.get_size());
            }
        }
        std::unordered_map<int, memory> margs {
            { DNNL_ARG_SRC, src },
            { DNNL_ARG_DST, dst },
            { DNNL_ARG_WEIGHTS, m_weights ? m_weights : memory(m_weiUser, eng, const_cast<void*>(args.inputs[1])) },
        };
        if (m_hasBias)
            margs.emplace(DNNL_ARG_BIAS, memory(m_biasMd, eng, const_cast<void*>(args.inputs[2])));
        if (m_scratchpadBytes)
            margs.emplace(DNNL_ARG_SCRATCHPAD, memory(m_scratchMd, eng, scratch + m_srcBytes + m_dstBytes));
        m_primitive.execute(m_stream, margs);
        if (m_dstReorder)
            m_dstToUser.execute(m_stream, dst, dstUser);
        m_stream.wait();
        return Status::ok();
    }

private:
    bool m_transpose = false;
    bool m_reference = false;
    ConvGeometry m_geo;
    bool m_hasBias = false;
    int32_t m_sumInput = -1;
    bool m_avoidedReference = false; ///< the requested formats got ref:any; a JIT-capable pair was chosen instead
    memory::desc m_srcUser, m_srcPrim, m_dstUser, m_dstPrim, m_weiUser, m_weiPrim, m_biasMd, m_scratchMd, m_extraMd;
    bool m_srcReorder = false;
    bool m_dstReorder = false;
    dnnl::primitive m_primitive;
    dnnl::reorder m_srcToPrim, m_dstToUser, m_sumToPrim;
    onednn::OwnedBuffer m_weightStore = onednn::noBuffer(); // declared first: outlives m_weights
    memory m_weights;
    mutable dnnl::stream m_stream; // wait() is non-const; a session runs one inference at a time
    size_t m_srcBytes = 0;
    size_t m_dstBytes = 0;
    size_t m_scratchpadBytes = 0;
    std::string m_impl = "onednn";
};

Status inferConv(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    if (!hasInput(inputs, 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: missing weights", node.describe()));
    QS_ASSIGN_OR_RETURN(ConvGeometry g, convGeometry(node, inputs[0].dims, inputs[1].dims));
    outputs[0].type = inputs[0].type;
    outputs[0].dims = { g.batch, g.outChannels };
    outputs[0].dims.insert(outputs[0].dims.end(), g.outSpatial.begin(), g.outSpatial.end());
    return Status::ok();
}

Status inferConvTranspose(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    if (!hasInput(inputs, 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: missing weights", node.describe()));
    QS_ASSIGN_OR_RETURN(ConvGeometry g, convTransposeGeometry(node, inputs[0].dims, inputs[1].dims));
    outputs[0].type = inputs[0].type;
    outputs[0].dims = { g.batch, g.outChannels };
    outputs[0].dims.insert(outputs[0].dims.end(), g.outSpatial.begin(), g.outSpatial.end());
    return Status::ok();
}

Status acceptFloatConv(const Node& node, std::span<const TensorDesc> inputs)
{
    QS_RETURN_IF_ERROR(acceptFloatInput0(node, inputs));
    if (inputs[0].rank() < 3 || inputs[0].rank() > 5)
        return Status(
            StatusCode::Unsupported, fmt::format("input rank {} (only 1D-3D convolutions)", inputs[0].rank()));
    return Status::ok();
}

} // namespace

void registerOneDnnConvKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "Conv", 1, 0, inferConv,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<ConvOneDnnKernel>(false); }, acceptFloatConv,
        kCapPostOps | kCapBlockedLayout, "onednn", "float; 1D-3D, groups, dilations, auto_pad; fused post-ops" });
    r.add(KernelSpec { "", "ConvTranspose", 1, 0, inferConvTranspose,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<ConvOneDnnKernel>(true); }, acceptFloatConv, kNoCaps,
        "onednn", "float; 1D-3D, groups, dilations, output_shape/output_padding" });
}

} // namespace qs::kernels
