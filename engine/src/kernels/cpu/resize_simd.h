// SPDX-License-Identifier: MIT
// The two loops of the separable Resize (resize.cpp), with AVX2 and AVX-512 variants chosen at run time like the
// other vector kernels (quant::bestQuantIsa()). Every variant accumulates in the same order with fused multiply-adds
// (acc = w0 * x0, then acc = fma(wt, xt, acc)), so the results are identical on every ISA.
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>

namespace qs::kernels {

/// A pass along an outer axis: y[j] = sum over t < taps of w[t] * rows[t][j], for j in [0, n) (contiguous rows).
using ResizeRowsFn = void (*)(const float* const* rows, const float* w, int64_t taps, int64_t n, float* y);
/// A pass along the last axis: y[o] = sum over t < taps of w[t * outLen + o] * x[idx[t * outLen + o]] (tap-major
/// tables, so a vector of outputs loads its indices and weights contiguously).
using ResizeGatherFn
    = void (*)(const float* x, const int32_t* idx, const float* w, int64_t taps, int64_t outLen, float* y);
/// Nearest along the last axis for 4-byte elements: y[o] = x[idx[o]].
using ResizeCopyGatherFn = void (*)(const uint32_t* x, const int32_t* idx, int64_t outLen, uint32_t* y);

struct ResizeLoops
{
    ResizeRowsFn rows;
    ResizeGatherFn gather;
    ResizeCopyGatherFn copyGather;
    const char* isa; ///< "avx512", "avx2" or "scalar" (a CPU without AVX2)
};

/// The loops for `isa` (falls back to the next narrower one this CPU runs; "scalar" only without AVX2).
ResizeLoops resizeLoops(quant::QuantIsa isa) noexcept;

namespace detail {
/// The loops of one ISA (resize_simd_avx2.cpp, resize_simd_avx512.cpp).
extern const ResizeLoops kResizeAvx2;
extern const ResizeLoops kResizeAvx512;
} // namespace detail

} // namespace qs::kernels
