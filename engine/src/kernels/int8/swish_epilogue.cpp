// SPDX-License-Identifier: MIT
#include "kernels/int8/swish_epilogue.h"

#include "kernels/int8/onednn_context.h"

#include <oneapi/dnnl/dnnl.hpp>

namespace qs::kernels::int8 {

struct SwishEpilogue::Impl
{
    dnnl::stream stream;
    dnnl::eltwise_forward swish;
    dnnl::memory data;
};

SwishEpilogue::SwishEpilogue(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{ }

SwishEpilogue::~SwishEpilogue() = default;

Result<std::unique_ptr<SwishEpilogue>> SwishEpilogue::create(int64_t count)
{
    auto impl = std::make_unique<Impl>();
    try {
        dnnl::engine& eng = onednnEngine();
        impl->stream = dnnl::stream(eng);
        const dnnl::memory::desc md({ count }, dnnl::memory::data_type::f32, dnnl::memory::format_tag::a);
        const dnnl::eltwise_forward::desc d(
            dnnl::prop_kind::forward_inference, dnnl::algorithm::eltwise_swish, md, 1.0f, 0.0f);
        impl->swish = dnnl::eltwise_forward(dnnl::eltwise_forward::primitive_desc(d, eng));
        impl->data = dnnl::memory(md, eng, DNNL_MEMORY_NONE);
    } catch (const dnnl::error& e) {
        return onednnError(e, "swish epilogue");
    }
    return std::unique_ptr<SwishEpilogue>(new SwishEpilogue(std::move(impl)));
}

Status SwishEpilogue::run(float* y)
{
    try {
        m_impl->data.set_data_handle(y);
        m_impl->swish.execute(m_impl->stream, { { DNNL_ARG_SRC, m_impl->data }, { DNNL_ARG_DST, m_impl->data } });
        m_impl->stream.wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, "swish epilogue");
    }
    return Status::ok();
}

} // namespace qs::kernels::int8
