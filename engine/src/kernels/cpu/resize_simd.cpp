// SPDX-License-Identifier: MIT
// The scalar loops of resize_simd.h and the choice among them and the vector ones (resize_simd_avx2.cpp,
// resize_simd_avx512.cpp).
#include "kernels/cpu/resize_simd.h"

#include "kernels/simd_table.h"

#include <cmath>

namespace qs::kernels {

namespace {

// ---- scalar (CPUs without AVX2; also the definition the vector loops follow) ----

void rowsScalar(const float* const* rows, const float* w, int64_t taps, int64_t n, float* y)
{
    for (int64_t j = 0; j < n; ++j) {
        float acc = w[0] * rows[0][j];
        for (int64_t t = 1; t < taps; ++t)
            acc = std::fma(w[t], rows[t][j], acc);
        y[j] = acc;
    }
}

void gatherScalar(const float* x, const int32_t* idx, const float* w, int64_t taps, int64_t outLen, float* y)
{
    for (int64_t o = 0; o < outLen; ++o) {
        float acc = w[o] * x[idx[o]];
        for (int64_t t = 1; t < taps; ++t)
            acc = std::fma(w[t * outLen + o], x[idx[t * outLen + o]], acc);
        y[o] = acc;
    }
}

void copyGatherScalar(const uint32_t* x, const int32_t* idx, int64_t outLen, uint32_t* y)
{
    for (int64_t o = 0; o < outLen; ++o)
        y[o] = x[idx[o]];
}

} // namespace

ResizeLoops resizeLoops(quant::QuantIsa isa) noexcept
{
    // An ISA this CPU lacks falls back to the next narrower one it runs.
    if (const ResizeLoops* loops = simdTable(isa, &detail::kResizeAvx2, &detail::kResizeAvx512))
        return *loops;
    if (isa != quant::QuantIsa::Scalar && quant::cpuRunsQuantIsa(quant::QuantIsa::Avx2))
        return detail::kResizeAvx2;
    return { rowsScalar, gatherScalar, copyGatherScalar, "scalar" };
}

} // namespace qs::kernels
