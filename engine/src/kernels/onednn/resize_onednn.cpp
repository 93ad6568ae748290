// SPDX-License-Identifier: MIT
#include "kernels/onednn/resize_onednn.h"

#include "kernels/onednn/onednn_common.h"

namespace qs::kernels {

namespace {

using dnnl::memory;

class NearestResizeOneDnnKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto f32 = memory::data_type::f32;
        auto descOf = [&](const TensorDesc& t) {
            return t.layout == Layout::Blocked
                ? memory::desc(memory::dims(t.dims.begin(), t.dims.end()), f32, onednn::blockedTag(t.dims.size()))
                : onednn::plainDesc(t.dims, f32);
        };
        m_src = descOf(ctx.inputs[0]);
        m_dst = descOf(ctx.outputs[0]);
        return onednn::guarded(ctx.node, "resampling setup", [&] {
            const dnnl::engine& eng = onednn::cpuEngine();
            dnnl::resampling_forward::desc d(
                dnnl::prop_kind::forward_inference, dnnl::algorithm::resampling_nearest, m_src, m_dst);
            dnnl::resampling_forward::primitive_desc pd(d, eng);
            m_impl = onednn::implName(pd);
            m_primitive = dnnl::resampling_forward(pd);
            m_stream = dnnl::stream(eng);
        });
    }

    std::string implementation() const override { return m_impl; }

    Status run(const KernelArgs& args) const override
    {
        const dnnl::engine& eng = onednn::cpuEngine();
        m_primitive.execute(m_stream,
            { { DNNL_ARG_SRC, memory(m_src, eng, const_cast<void*>(args.inputs[0])) },
                { DNNL_ARG_DST, memory(m_dst, eng, args.outputs[0]) } });
        m_stream.wait();
        return Status::ok();
    }

private:
    memory::desc m_src, m_dst;
    dnnl::primitive m_primitive;
    mutable dnnl::stream m_stream; // wait() is non-const; a session runs one inference at a time
    std::string m_impl = "onednn";
};

} // namespace

bool oneDnnNearestResizeApplies(const Node& node, const TensorDesc& x, const TensorDesc& y)
{
    if (!node.domain.empty() || (node.opType != "Resize" && node.opType != "Upsample"))
        return false;
    if (x.type != DataType::Float || x.rank() != 4 || y.rank() != 4 || node.attrString("mode", "nearest") != "nearest")
        return false;
    if (y.dims[0] != x.dims[0] || y.dims[1] != x.dims[1])
        return false;
    int64_t maxFactor = 1;
    for (size_t i = 2; i < 4; ++i) {
        if (x.dims[i] <= 0 || y.dims[i] < x.dims[i] || y.dims[i] % x.dims[i] != 0)
            return false;
        maxFactor = std::max(maxFactor, y.dims[i] / x.dims[i]);
    }
    if (node.opType == "Upsample" || node.opsetVersion < 11)
        return true; // asymmetric, floor
    // oneDNN takes round((o + 0.5) / F - 0.5), which for whole F is floor(o / F); the ONNX modes below agree:
    // half-pixel modes never hit a tie, asymmetric rounding only ties at F = 2 where prefer-floor picks floor(o / F).
    const std::string coord = node.attrString("coordinate_transformation_mode", "half_pixel");
    const std::string nearest = node.attrString("nearest_mode", "round_prefer_floor");
    if (coord == "asymmetric")
        return nearest == "floor" || (nearest == "round_prefer_floor" && maxFactor <= 2);
    if (coord == "half_pixel" || coord == "pytorch_half_pixel")
        return nearest == "round_prefer_floor" || nearest == "round_prefer_ceil";
    return false;
}

const KernelSpec& oneDnnNearestResizeSpec()
{
    static const KernelSpec spec { "", "Resize", 10, 0, nullptr,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<NearestResizeOneDnnKernel>(); }, nullptr,
        kCapBlockedLayout, "onednn", "float; nearest, whole upscale factors" };
    return spec;
}

} // namespace qs::kernels
