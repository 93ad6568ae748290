// SPDX-License-Identifier: MIT
// MaxPool and AveragePool on oneDNN's pooling_v2 (dilations, ceil_mode via end padding). The CPU loops in
// cpu/pool.cpp stay registered behind these as fallback (Indices output, ceil_mode with count_include_pad) and
// serve as the test oracle.
#include "kernels/conv_geometry.h"
#include "kernels/kernel_registry.h"
#include "kernels/onednn/onednn_common.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

namespace qs::kernels {

namespace {

using dnnl::memory;
using Dims = memory::dims;

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
        // Optimized mode may keep either side in oneDNN's blocked layout (between convolutions, e.g. YOLO's SPPF).
        auto descOf = [&](const TensorDesc& t) {
            return t.layout == Layout::Blocked
                ? memory::desc(Dims(t.dims.begin(), t.dims.end()), f32, onednn::blockedTag(t.dims.size()))
                : onednn::plainDesc(t.dims, f32);
        };
        m_src = descOf(ctx.inputs[0]);
        m_dst = descOf(ctx.outputs[0]);
        const bool includePad = ctx.node.attrInt("count_include_pad", 0) != 0;
        const dnnl::algorithm alg = m_max ? dnnl::algorithm::pooling_max
            : includePad                  ? dnnl::algorithm::pooling_avg_include_padding
                                          : dnnl::algorithm::pooling_avg_exclude_padding;
        return onednn::guarded(ctx.node, "pooling setup", [&] {
            const dnnl::engine& eng = onednn::cpuEngine();
            dnnl::pooling_v2_forward::desc d(
                dnnl::prop_kind::forward_inference, alg, m_src, m_dst, strides, kernel, dil, padL, padR);
            dnnl::primitive_attr attr;
            attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
            dnnl::pooling_v2_forward::primitive_desc pd(d, attr, eng);
            m_impl = onednn::implName(pd);
            m_scratchMd = pd.scratchpad_desc();
            m_primitive = dnnl::pooling_v2_forward(pd);
            m_stream = dnnl::stream(eng);
        });
    }

    size_t scratchBytes() const override { return m_scratchMd.get_size(); }
    std::string implementation() const override { return m_impl; }

    Status run(const KernelArgs& args) const override
    {
        const dnnl::engine& eng = onednn::cpuEngine();
        std::unordered_map<int, memory> margs {
            { DNNL_ARG_SRC, memory(m_src, eng, const_cast<void*>(args.inputs[0])) },
            { DNNL_ARG_DST, memory(m_dst, eng, args.outputs[0]) },
        };
        if (m_scratchMd.get_size())
            margs.emplace(DNNL_ARG_SCRATCHPAD, memory(m_scratchMd, eng, args.scratch));
        m_primitive.execute(m_stream, margs);
        m_stream.wait();
        return Status::ok();
    }

private:
    bool m_max = true;
    memory::desc m_src, m_dst, m_scratchMd;
    dnnl::primitive m_primitive;
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
