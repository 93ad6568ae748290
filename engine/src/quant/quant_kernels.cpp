// SPDX-License-Identifier: MIT
#include "quant/quant_kernels.h"

#include "quant/quantize_scalar.h"

#include <cctype>
#include <cstdlib>
#include <limits>
#include <string>

namespace qs::quant {

namespace {

MinMax minMaxScalar(const float* x, size_t n)
{
    MinMax r { std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity() };
    for (size_t i = 0; i < n; ++i) {
        r.min = x[i] < r.min ? x[i] : r.min;
        r.max = x[i] > r.max ? x[i] : r.max;
    }
    return r;
}

template <typename T, int Lo, int Hi>
void quantizeScalar(const float* x, size_t n, float scale, int32_t zeroPoint, T* y)
{
    const auto zp = static_cast<float>(zeroPoint);
    for (size_t i = 0; i < n; ++i)
        y[i] = static_cast<T>(detail::quantizeOne(x[i], scale, zp, float(Lo), float(Hi)));
}

template <typename T> void dequantizeScalar(const T* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    for (size_t i = 0; i < n; ++i)
        y[i] = detail::dequantizeOne(static_cast<int32_t>(x[i]), zeroPoint, scale);
}

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

namespace detail {
const QuantKernelTable kScalarTable {
    minMaxScalar,
    quantizeScalar<uint8_t, 0, 255>,
    quantizeScalar<int8_t, -128, 127>,
    dequantizeScalar<uint8_t>,
    dequantizeScalar<int8_t>,
    dequantizeScalar<int32_t>,
    quantizeU8RowsByCalls<quantizeScalar<uint8_t, 0, 255>>,
};
} // namespace detail

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

const QuantKernelTable* quantKernelTable(QuantIsa isa) noexcept
{
    switch (isa) {
    case QuantIsa::Scalar:
        return &detail::kScalarTable;
    case QuantIsa::Avx2:
        return cpuHasAvx2() ? &detail::kAvx2Table : nullptr;
    case QuantIsa::Avx512:
        return cpuHasAvx512() ? &detail::kAvx512Table : nullptr;
    }
    return nullptr;
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
        if (cap == QuantIsa::Avx512 && cpuHasAvx512())
            return QuantIsa::Avx512;
        if (cap != QuantIsa::Scalar && cpuHasAvx2())
            return QuantIsa::Avx2;
        return QuantIsa::Scalar;
    }();
    return best;
}

} // namespace qs::quant
