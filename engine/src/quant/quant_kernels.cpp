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

const QuantKernelTable* quantKernelTable(QuantIsa isa) noexcept
{
    switch (isa) {
    case QuantIsa::Scalar:
        return &detail::kScalarTable;
    case QuantIsa::Avx2:
        return cpuRunsQuantIsa(isa) ? &detail::kAvx2Table : nullptr;
    case QuantIsa::Avx512:
        return cpuRunsQuantIsa(isa) ? &detail::kAvx512Table : nullptr;
    }
    return nullptr;
}

} // namespace qs::quant
