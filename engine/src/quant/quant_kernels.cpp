// SPDX-License-Identifier: MIT
#include "quant/quant_kernels.h"

#include "quant/quantize_scalar.h"

#include <limits>

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

QuantIsa bestQuantIsa() noexcept
{
    static const QuantIsa best = cpuHasAvx512() ? QuantIsa::Avx512 : cpuHasAvx2() ? QuantIsa::Avx2 : QuantIsa::Scalar;
    return best;
}

} // namespace qs::quant
