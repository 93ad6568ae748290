// SPDX-License-Identifier: MIT
#include "onednn_info.h"

#include <fmt/format.h>
#include <oneapi/dnnl/dnnl.hpp>

namespace qs::detail {

std::string onednnVersion()
{
    const dnnl::version_t* v = dnnl::version();
    if (!v)
        return "unknown";
    std::string text = fmt::format("{}.{}.{}", v->major, v->minor, v->patch);
    if (v->hash && *v->hash && std::string_view(v->hash) != "N/A")
        text += fmt::format(" ({})", v->hash);
    return text;
}

std::string onednnEffectiveIsa()
{
    using dnnl::cpu_isa;
    switch (dnnl::get_effective_cpu_isa()) {
    case cpu_isa::all:
        return "all";
    case cpu_isa::sse41:
        return "sse41";
    case cpu_isa::avx:
        return "avx";
    case cpu_isa::avx2:
        return "avx2";
    case cpu_isa::avx512_mic:
        return "avx512_mic";
    case cpu_isa::avx512_mic_4ops:
        return "avx512_mic_4ops";
    case cpu_isa::avx512_core:
        return "avx512_core";
    case cpu_isa::avx512_core_vnni:
        return "avx512_core_vnni";
    case cpu_isa::avx512_core_bf16:
        return "avx512_core_bf16";
    case cpu_isa::avx512_core_amx:
        return "avx512_core_amx";
    case cpu_isa::avx2_vnni:
        return "avx2_vnni";
    default:
        return "unknown";
    }
}

} // namespace qs::detail
