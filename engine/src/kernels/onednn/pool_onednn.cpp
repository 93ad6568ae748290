// SPDX-License-Identifier: MIT
// MaxPool and AveragePool on oneDNN's pooling_v2 (dilations, ceil_mode via end padding). The CPU loops in
// cpu/pool.cpp stay registered behind these as fallback (Indices output, ceil_mode with count_include_pad) and
// serve as the test oracle. On plain (nchw) tensors oneDNN 2.6 only has its scalar `simple_nchw` pooling, which cost
// 5-7 ms per 5x5 MaxPool of YOLO's SPPF (20x20x128, single thread): there the kernel pools in the channel-blocked
// layout (jit) between two cheap reorders instead. A 2-D MaxPool between blocked convolutions (AVX-512 or AVX2) runs
// the engine's own window loop (cpu/max_pool_blocked.h), faster than oneDNN's jit there.
#include "kernels/conv_geometry.h"
#include "kernels/cpu/max_pool_blocked.h"
#include "kernels/cpu/max_pool_nhwc.h"
#include "kernels/cpu/max_pool_plain.h"
#include "kernels/kernel_registry.h"
#include "kernels/onednn/onednn_common.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

namespace qs::kernels {

namespace {

using dnnl::memory;
using Dims = memory::dims;

memory::format_tag blockedTag(size_t rank)
{
    const bool b16 = blockedChannels() == 16;
    if (rank == 3)
        return b16 ? memory::format_tag::nCw16c : memory::format_tag::nCw8c;
    if (rank == 4)
        return b16 ? memory::format_tag::nChw16c : memory::format_tag::nChw8c;
    return b16 ? memory::format_tag::nCdhw16c : memory::format_tag::nCdhw8c;
}

size_t alignUp(size_t v)
{
    return (v + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment;
}

class PoolOneDnnKernel final : public Kernel
{
public:
    explicit PoolOneDnnKernel(bool max)
        : m_max(max)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(ConvGeometry g, poolGeometry(ctx.node, ctx.inputs[0].dims));
        const size_t r = size_t(g.spatialRank);
        Dims strides(g.strides.begin(), g.strides.end());
        Dims kernel(g.kernel.begin(), g.kernel.end());
        Dims dil(r), padL(r), padR(r);
        for (size_t i = 0; i < r; ++i) {
            const int64_t effK = (g.kernel[i] - 1) * g.dilations[i] + 1;
            dil[i] = g.dilations[i] - 1;
            padL[i] = g.padBegin[i];
            // ceil_mode: extend the end padding so oneDNN's floor formula yields the ONNX output size.
            padR[i] = (g.outSpatial[i] - 1) * g.strides[i] + effK - g.inSpatial[i] - g.padBegin[i];
        }
        const auto f32 = memory::data_type::f32;
        // Optimized mode may keep either side in oneDNN's blocked layout (between convolutions, e.g. YOLO's SPPF), or
        // channels-last (Layout::Nhwc, rank 4: the dynamic int8 path's regions, ResNet's deep FP32 layers): oneDNN
        // pools both natively.
        auto descOf = [&](const TensorDesc& t) {
            if (t.layout == Layout::Blocked)
                return memory::desc(Dims(t.dims.begin(), t.dims.end()), f32, onednn::blockedTag(t.dims.size()));
            if (t.layout == Layout::Nhwc)
                return memory::desc(Dims(t.dims.begin(), t.dims.end()), f32, memory::format_tag::nhwc);
            return onednn::plainDesc(t.dims, f32);
        };
        for (const TensorDesc* t : { &ctx.inputs[0], &ctx.outputs[0] })
            if (t->layout == Layout::Nhwc && t->rank() != 4)
                return Status(StatusCode::Internal, "node " + ctx.node.describe() + ": NHWC layout needs rank 4");
        if (m_max && ctx.inputs[0].layout == Layout::Blocked && ctx.outputs[0].layout == Layout::Blocked
            && maxPoolBlockedApplies(g)) {
            m_direct = true;
            m_geo = g;
            m_impl = maxPoolBlockedName();
            return Status::ok();
        }
        // Channels-last below AVX-512 (8-channel blocks): oneDNN's jit:avx2 nhwc pooling is 5x slower than a plain
        // vector max over each window (max_pool_nhwc.h); its AVX-512 kernel is as fast as that.
        if (m_max && ctx.inputs[0].layout == Layout::Nhwc && ctx.outputs[0].layout == Layout::Nhwc
            && blockedChannels() == 8 && maxPoolNhwcApplies(g)) {
            m_directNhwc = true;
            m_geo = g;
            m_impl = "cpu:avx2_nhwc";
            return Status::ok();
        }
        m_src = descOf(ctx.inputs[0]);
        m_dst = descOf(ctx.outputs[0]);
        const bool includePad = ctx.node.attrInt("count_include_pad", 0) != 0;
        const dnnl::algorithm alg = m_max ? dnnl::algorithm::pooling_max
            : includePad                  ? dnnl::algorithm::pooling_avg_include_padding
                                          : dnnl::algorithm::pooling_avg_exclude_padding;
        return onednn::guarded(ctx.node, "pooling setup", [&] {
            const dnnl::engine& eng = onednn::cpuEngine();
            dnnl::primitive_attr attr;
            attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
            const auto makePd = [&](const memory::desc& src, const memory::desc& dst) {
                dnnl::pooling_v2_forward::desc d(
                    dnnl::prop_kind::forward_inference, alg, src, dst, strides, kernel, dil, padL, padR);
                return dnnl::pooling_v2_forward::primitive_desc(d, attr, eng);
            };
            dnnl::pooling_v2_forward::primitive_desc pd = makePd(m_src, m_dst);
            m_impl = onednn::implName(pd);
            // No jit kernel for plain NCHW (AVX2: 0.99 ms for YOLOv5n's three SPPF pools between reorders, against
            // 0.27 ms for AVX-512's plain jit): the engine's own AVX2 loop pools the plain layout directly.
            if (m_impl.find("jit") == std::string::npos && m_max && ctx.inputs[0].layout == Layout::Plain
                && ctx.outputs[0].layout == Layout::Plain && maxPoolPlainApplies(g)) {
                m_directPlain = true;
                m_geo = g;
                m_impl = "cpu:avx2_plain";
                return;
            }
            if (m_impl.find("jit") == std::string::npos) {
                const memory::desc bsrc(m_src.dims(), f32, blockedTag(r + 2));
                const memory::desc bdst(m_dst.dims(), f32, blockedTag(r + 2));
                dnnl::pooling_v2_forward::primitive_desc bpd = makePd(bsrc, bdst);
                if (onednn::implName(bpd).find("jit") != std::string::npos) {
                    pd = bpd;
                    m_impl = onednn::implName(pd) + "+reorders";
                    m_blockedSrc = bsrc;
                    m_blockedDst = bdst;
                    m_toBlocked = dnnl::reorder(dnnl::reorder::primitive_desc(eng, m_src, eng, bsrc));
                    m_fromBlocked = dnnl::reorder(dnnl::reorder::primitive_desc(eng, bdst, eng, m_dst));
                    m_blocked = true;
                }
            }
            m_scratchMd = pd.scratchpad_desc();
            m_primitive = dnnl::pooling_v2_forward(pd);
            m_stream = dnnl::stream(eng);
        });
    }

    size_t scratchBytes() const override
    {
        size_t bytes = alignUp(m_scratchMd.get_size());
        if (m_blocked)
            bytes += alignUp(m_blockedSrc.get_size()) + alignUp(m_blockedDst.get_size());
        return bytes;
    }
    std::string implementation() const override { return m_impl; }
    int32_t activationReorders() const override { return m_blocked ? 2 : 0; }

    Status run(const KernelArgs& args) const override
    {
        if (m_directNhwc) {
            maxPoolNhwc(m_geo, static_cast<const float*>(args.inputs[0]), static_cast<float*>(args.outputs[0]));
            return Status::ok();
        }
        if (m_directPlain) {
            maxPoolPlain(m_geo, static_cast<const float*>(args.inputs[0]), static_cast<float*>(args.outputs[0]));
            return Status::ok();
        }
        if (m_direct) {
            maxPoolBlocked(m_geo, static_cast<const float*>(args.inputs[0]), static_cast<float*>(args.outputs[0]));
            return Status::ok();
        }
        const dnnl::engine& eng = onednn::cpuEngine();
        memory src(m_src, eng, const_cast<void*>(args.inputs[0]));
        memory dst(m_dst, eng, args.outputs[0]);
        auto* scratch = static_cast<std::byte*>(args.scratch);
        std::unordered_map<int, memory> margs { { DNNL_ARG_SRC, src }, { DNNL_ARG_DST, dst } };
        if (m_scratchMd.get_size())
            margs.emplace(DNNL_ARG_SCRATCHPAD, memory(m_scratchMd, eng, scratch));
        if (!m_blocked) {
            m_primitive.execute(m_stream, margs);
            m_stream.wait();
            return Status::ok();
        }
        scratch += alignUp(m_scratchMd.get_size());
        memory bsrc(m_blockedSrc, eng, scratch);
        memory bdst(m_blockedDst, eng, scratch + alignUp(m_blockedSrc.get_size()));
        m_toBlocked.execute(m_stream, src, bsrc);
        margs[DNNL_ARG_SRC] = bsrc;
        margs[DNNL_ARG_DST] = bdst;
        m_primitive.execute(m_stream, margs);
        m_fromBlocked.execute(m_stream, bdst, dst);
        m_stream.wait();
        return Status::ok();
    }

private:
    bool m_max = true;
    bool m_direct = false; ///< maxPoolBlocked instead of oneDNN
    bool m_directNhwc = false; ///< maxPoolNhwc instead of oneDNN's jit:avx2
    bool m_directPlain = false; ///< maxPoolPlain instead of oneDNN's reorders around its blocked jit
    ConvGeometry m_geo;
    memory::desc m_src, m_dst, m_scratchMd;
    dnnl::primitive m_primitive;
    // Pooling in oneDNN's channel-blocked layout when it has no jit kernel for the plain one (see the top).
    bool m_blocked = false;
    memory::desc m_blockedSrc, m_blockedDst;
    dnnl::reorder m_toBlocked, m_fromBlocked;
    mutable dnnl::stream m_stream; // wait() is non-const; a session runs one inference at a time
    std::string m_impl = "onednn";
};

Status inferPool(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(ConvGeometry g, poolGeometry(node, in[0].dims));
    out[0].type = in[0].type;
    out[0].dims = { g.batch, g.inChannels };
    out[0].dims.insert(out[0].dims.end(), g.outSpatial.begin(), g.outSpatial.end());
    return Status::ok();
}

Status acceptPool(const Node& node, std::span<const TensorDesc> in)
{
    QS_RETURN_IF_ERROR(acceptFloatInput0(node, in));
    if (in[0].rank() < 3 || in[0].rank() > 5)
        return Status(StatusCode::Unsupported, "rank");
    if (node.outputs.size() > 1 && node.outputs[1] != kNoValue)
        return Status(StatusCode::Unsupported, "Indices output (oneDNN)");
    if (node.opType == "AveragePool" && node.attrInt("ceil_mode", 0) && node.attrInt("count_include_pad", 0))
        return Status(StatusCode::Unsupported, "ceil_mode with count_include_pad (oneDNN)");
    if (node.attrString("auto_pad", "NOTSET") != "NOTSET" && node.attrInt("ceil_mode", 0))
        return Status(StatusCode::Unsupported, "auto_pad with ceil_mode (oneDNN)");
    return Status::ok();
}

} // namespace

void registerOneDnnPoolKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "MaxPool", 1, 0, inferPool,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<PoolOneDnnKernel>(true); }, acceptPool,
        kCapBlockedLayout, "onednn", "float; 1-D..3-D, dilations, ceil_mode" });
    r.add(KernelSpec { "", "AveragePool", 1, 0, inferPool,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<PoolOneDnnKernel>(false); }, acceptPool,
        kCapBlockedLayout, "onednn", "float; 1-D..3-D, count_include_pad, ceil_mode" });
}

} // namespace qs::kernels
