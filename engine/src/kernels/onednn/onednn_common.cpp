// SPDX-License-Identifier: MIT
#include "kernels/onednn/onednn_common.h"

#include <string_view>

namespace qs::kernels {

int64_t blockedChannels() noexcept
{
    static const int64_t block = [] {
        const dnnl::cpu_isa isa = dnnl::get_effective_cpu_isa();
        const bool avx512 = isa == dnnl::cpu_isa::avx512_core || isa == dnnl::cpu_isa::avx512_core_vnni
            || isa == dnnl::cpu_isa::avx512_core_bf16 || isa == dnnl::cpu_isa::avx512_core_amx;
        return avx512 ? int64_t(16) : int64_t(8);
    }();
    return block;
}

} // namespace qs::kernels

namespace qs::kernels::onednn {

const dnnl::engine& cpuEngine()
{
    static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

dnnl::memory::desc plainDesc(const std::vector<int64_t>& dims, dnnl::memory::data_type type)
{
    dnnl::memory::dims d(dims.begin(), dims.end());
    if (d.empty())
        d = { 1 };
    dnnl::memory::dims strides(d.size(), 1);
    for (size_t i = d.size() - 1; i > 0; --i)
        strides[i - 1] = strides[i] * d[i];
    return dnnl::memory::desc(d, type, strides);
}

dnnl::memory::format_tag blockedTag(size_t rank)
{
    using tag = dnnl::memory::format_tag;
    if (blockedChannels() == 16)
        return rank == 3 ? tag::nCw16c : rank == 4 ? tag::nChw16c : tag::nCdhw16c;
    return rank == 3 ? tag::nCw8c : rank == 4 ? tag::nChw8c : tag::nCdhw8c;
}

dnnl::memory::data_type toDnnl(DataType type)
{
    switch (type) {
    case DataType::Float:
        return dnnl::memory::data_type::f32;
    case DataType::Int8:
        return dnnl::memory::data_type::s8;
    case DataType::UInt8:
        return dnnl::memory::data_type::u8;
    case DataType::Int32:
        return dnnl::memory::data_type::s32;
    case DataType::BFloat16:
        return dnnl::memory::data_type::bf16;
    case DataType::Float16:
        return dnnl::memory::data_type::f16;
    default:
        return dnnl::memory::data_type::undef;
    }
}

void appendPostOps(dnnl::post_ops& ops, std::span<const PostOp> postOps)
{
    using dnnl::algorithm;
    for (const PostOp& p : postOps) {
        switch (p.kind) {
        case PostOp::Kind::Relu:
            ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
            break;
        case PostOp::Kind::LeakyRelu:
            ops.append_eltwise(1.0f, algorithm::eltwise_relu, p.a, 0.0f);
            break;
        case PostOp::Kind::Clip:
            ops.append_eltwise(1.0f, algorithm::eltwise_clip_v2, p.a, p.b);
            break;
        case PostOp::Kind::Sigmoid:
            ops.append_eltwise(1.0f, algorithm::eltwise_logistic, 0.0f, 0.0f);
            break;
        case PostOp::Kind::Swish:
            ops.append_eltwise(1.0f, algorithm::eltwise_swish, 1.0f, 0.0f);
            break;
        case PostOp::Kind::HardSwish:
            // oneDNN 2.6's hardswish is fixed at x * relu6(x + 3) / 6 (alpha 1/6, beta 1/2); the fuser checks that.
            ops.append_eltwise(1.0f, algorithm::eltwise_hardswish, 0.0f, 0.0f);
            break;
        case PostOp::Kind::Sum:
            ops.append_sum(1.0f);
            break;
        }
    }
}

dnnl::memory ownedMemory(const dnnl::memory::desc& md, OwnedBuffer& store)
{
    store.reset(alignedAllocate(md.get_size()));
    return store ? dnnl::memory(md, cpuEngine(), store.get()) : dnnl::memory(md, cpuEngine());
}

std::string implName(const dnnl::primitive_desc_base& pd)
{
    return std::string("onednn:") + pd.impl_info_str();
}

bool isReference(const dnnl::primitive_desc_base& pd)
{
    return std::string_view(pd.impl_info_str()).starts_with("ref");
}

} // namespace qs::kernels::onednn
