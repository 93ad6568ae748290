// SPDX-License-Identifier: MIT
// Exact single-row int8 matrix-vector product for Int8MatMul at M = 1 (e.g. a classifier's QGemm): u8 activations
// and s8 weights widened to int16 and multiplied pairwise into int32 (vpmaddwd), so no int16 pair saturates and the
// weights need no pair split or sparse residual (which at M = 1 cost more than the product: scattered scalar
// updates per residual weight), and no oneDNN matmul, whose AVX2 M = 1 path was ~10x slower than this.
#pragma once

#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

/// Packs a row-major K x N s8 matrix for int8GemvAvx2: blocks of 8 columns, per block K/2 (rounded up) pairs of
/// rows, each 8 columns x (row 2p, row 2p+1); missing rows and columns are 0.
std::vector<int8_t> packGemvWeights(const int8_t* w, int64_t k, int64_t n);

/// y[j] = sum over p of a[p] * w[p][j], exactly (int32), for `packed` from packGemvWeights. Needs AVX2.
void int8GemvAvx2(const uint8_t* a, const int8_t* packed, int64_t k, int64_t n, int32_t* y);

} // namespace qs::kernels::int8
