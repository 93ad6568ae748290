// SPDX-License-Identifier: MIT
// Exact single-row int8 matrix-vector product for Int8MatMul at M = 1 (e.g. a classifier's QGemm): u8 activations
// and s8 weights widened to int16 and multiplied pairwise into int32 (vpmaddwd), so no int16 pair saturates and the
// weights need no pair split or sparse residual (which at M = 1 cost more than the product: scattered scalar
// updates per residual weight), and no oneDNN matmul, whose AVX2 M = 1 path was ~10x slower than this.
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

/// Packs a row-major K x N s8 matrix for the gemv loop: blocks of 8 columns, per block K/2 (rounded up) pairs of
/// rows, each 8 columns x (row 2p, row 2p+1); missing rows and columns are 0.
std::vector<int8_t> packGemvWeights(const int8_t* w, int64_t k, int64_t n);

struct Int8GemvSimd
{
    /// y[j] = sum over p of a[p] * w[p][j], exactly (int32), for `packed` from packGemvWeights.
    void (*gemv)(const uint8_t* a, const int8_t* packed, int64_t k, int64_t n, int32_t* y);
};

/// The gemv loop for `isa` (the AVX2 one on AVX2 and AVX-512); nullptr for Scalar or a CPU without it.
const Int8GemvSimd* int8GemvSimd(quant::QuantIsa isa) noexcept;

namespace detail {
inline constexpr int64_t kGemvColumns = 8; ///< int32 lanes of one ymm accumulator
extern const Int8GemvSimd kInt8GemvAvx2; ///< int8_gemv_avx2.cpp
} // namespace detail

} // namespace qs::kernels::int8
