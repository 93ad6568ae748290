// SPDX-License-Identifier: MIT
#include "kernels/onednn/eltwise_onednn.h"

#include "kernels/onednn/onednn_common.h"

#include <array>

namespace qs::kernels {

namespace {

using dnnl::memory;

class EltwiseOneDnnKernel final : public Kernel
{
public:
    explicit EltwiseOneDnnKernel(dnnl::algorithm alg)
        : m_alg(alg)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        // Elementwise: the flat buffer (padding of a blocked layout included) is all the primitive needs to know.
        const int64_t n = int64_t(ctx.outputs[0].byteSize() / sizeof(float));
        m_md = memory::desc({ std::max<int64_t>(n, 1) }, memory::data_type::f32, memory::format_tag::a);
        return onednn::guarded(ctx.node, "eltwise setup", [&] {
            const dnnl::engine& eng = onednn::cpuEngine();
            dnnl::eltwise_forward::desc d(dnnl::prop_kind::forward_inference, m_alg, m_md, 0.0f, 0.0f);
            dnnl::eltwise_forward::primitive_desc pd(d, eng);
            m_impl = onednn::implName(pd);
            m_primitive = dnnl::eltwise_forward(pd);
            m_stream = dnnl::stream(eng);
        });
    }

    std::string implementation() const override { return m_impl; }

    Status run(const KernelArgs& args) const override
    {
        const dnnl::engine& eng = onednn::cpuEngine();
        m_primitive.execute(m_stream,
            { { DNNL_ARG_SRC, memory(m_md, eng, const_cast<void*>(args.inputs[0])) },
                { DNNL_ARG_DST, memory(m_md, eng, args.outputs[0]) } });
        m_stream.wait();
        return Status::ok();
    }

private:
    dnnl::algorithm m_alg;
    memory::desc m_md;
    dnnl::primitive m_primitive;
    mutable dnnl::stream m_stream; // wait() is non-const; a session runs one inference at a time
    std::string m_impl = "onednn";
};

template <dnnl::algorithm kAlg> std::unique_ptr<Kernel> make()
{
    return std::make_unique<EltwiseOneDnnKernel>(kAlg);
}

// Shape functions are never called: the rewrite swaps the spec of a step whose shapes are already inferred.
const std::array<KernelSpec, 4> kSpecs { {
    { "", "Sigmoid", 6, 0, nullptr, make<dnnl::algorithm::eltwise_logistic>, nullptr, kNoCaps, "onednn", "float" },
    { "", "Tanh", 6, 0, nullptr, make<dnnl::algorithm::eltwise_tanh>, nullptr, kNoCaps, "onednn", "float" },
    { "", "Relu", 6, 0, nullptr, make<dnnl::algorithm::eltwise_relu>, nullptr, kNoCaps, "onednn", "float" },
    { "", "Exp", 6, 0, nullptr, make<dnnl::algorithm::eltwise_exp>, nullptr, kNoCaps, "onednn", "float" },
} };

} // namespace

const KernelSpec* oneDnnEltwiseSpec(std::string_view opType)
{
    for (const KernelSpec& s : kSpecs)
        if (s.opType == opType)
            return &s;
    return nullptr;
}

} // namespace qs::kernels
