// SPDX-License-Identifier: MIT
#include "quant/quant_isa.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace qs::quant {

namespace {

bool cpuHasAvx2() noexcept
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
bool cpuHasAvx512() noexcept
{
    return cpuHasAvx2() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512vl");
}

} // namespace

bool cpuRunsQuantIsa(QuantIsa isa) noexcept
{
    switch (isa) {
    case QuantIsa::Scalar:
        return true;
    case QuantIsa::Avx2:
        return cpuHasAvx2();
    case QuantIsa::Avx512:
        return cpuHasAvx512();
    }
    return false;
}

const char* quantIsaName(QuantIsa isa) noexcept
{
    switch (isa) {
    case QuantIsa::Scalar:
        return "scalar";
    case QuantIsa::Avx2:
        return "avx2";
    case QuantIsa::Avx512:
        return "avx512";
    }
    return "?";
}

QuantIsa quantIsaCap() noexcept
{
    // The same environment variable that caps oneDNN (DNNL_MAX_CPU_ISA, or its ONEDNN_ alias) caps these kernels, so
    // that "AVX2-limited" runs on an AVX-512 machine measure the AVX2-only machine kind end to end, not just oneDNN.
    const char* v = std::getenv("ONEDNN_MAX_CPU_ISA");
    if (!v || !*v)
        v = std::getenv("DNNL_MAX_CPU_ISA");
    if (!v || !*v)
        return QuantIsa::Avx512;
    std::string s(v);
    for (char& c : s)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    if (s == "ALL" || s.rfind("AVX512", 0) == 0 || s.rfind("AVX10", 0) == 0 || s.rfind("AMX", 0) == 0)
        return QuantIsa::Avx512;
    if (s.rfind("AVX2", 0) == 0)
        return QuantIsa::Avx2;
    return QuantIsa::Scalar; // SSE41, AVX: no AVX2 integer instructions
}

QuantIsa bestQuantIsa() noexcept
{
    static const QuantIsa best = [] {
        const QuantIsa cap = quantIsaCap();
        if (cap == QuantIsa::Avx512 && cpuRunsQuantIsa(QuantIsa::Avx512))
            return QuantIsa::Avx512;
        if (cap != QuantIsa::Scalar && cpuRunsQuantIsa(QuantIsa::Avx2))
            return QuantIsa::Avx2;
        return QuantIsa::Scalar;
    }();
    return best;
}

} // namespace qs::quant
