// SPDX-License-Identifier: MIT
// Vector LayerNormalization over contiguous rows (a transformer's [tokens, hidden] activations): the scalar kernel's
// arithmetic lane by lane - the mean and the variance of (x - mean) summed in double, inv = float(1 / sqrt(var + eps)),
// y = float(x - mean) * inv * scale + bias in float without FMA - so only the order of the two double sums differs.
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>

namespace qs::kernels {

/// y[r, :] = LayerNormalization(x[r, :]) for `rows` rows of `n` floats, with `scale` and (optional) `bias` of n
/// elements each; `meanOut` / `invOut`, when non-null, receive each row's mean and inverse standard deviation.
/// `range`, when non-null, receives the min and max of all of y (NaNs skipped, as quant::minMax skips them), taken
/// row by row while the row is still in L1 (the dynamic-range pass: a DynamicQuantizeLinear reading y then needs no
/// min/max pass of its own). `addend`, when non-null, is a second [rows, n] input: each row is normalized as
/// x + addend (float sums, as the Add kernel's), the residual Add before a transformer's norm; y may alias x or addend.
/// Returns false when this CPU cannot run `isa` (or isa is Scalar).
bool layerNormRows(quant::QuantIsa isa, const float* x, const float* scale, const float* bias, float* y, int64_t rows,
    int64_t n, float epsilon, float* meanOut, float* invOut, float* range = nullptr, const float* addend = nullptr);

namespace detail {
struct RowStats
{
    double mean;
    float inv;
};
/// The loops of one ISA (layer_norm_simd_avx2.cpp, layer_norm_simd_avx512.cpp).
struct LayerNormSimd
{
    /// The row's mean and float(1 / sqrt(var + eps)); n >= 1.
    RowStats (*stats)(const float* x, int64_t n, float eps);
    /// y = float(x - mean) * inv * scale [+ bias] (bias may be null).
    void (*normalize)(const float* x, const float* scale, const float* bias, float* y, int64_t n, RowStats st);
};
extern const LayerNormSimd kLayerNormAvx2;
extern const LayerNormSimd kLayerNormAvx512;
} // namespace detail

} // namespace qs::kernels
