// SPDX-License-Identifier: MIT
// Exact int8 GEMM through int16 for Int8MatMul on CPUs whose int8 kernels sum u8·s8 pairs into int16 (AVX2 and
// AVX-512 without VNNI). Both operands have their zero points taken off at packing, (a - za) and (b - zb), each
// within ±255 in int16; vpmaddwd multiplies pairs of them into int32 (at most 2·255·255), so nothing saturates for any
// weights: no pair split, no sparse residual and no zero-point terms afterwards. oneDNN's u8·s8 kernel on these ISAs
// (x64:gemm_s8u8s32:jit) packs both operands on every call and needs the residual; its vpmaddubsw + vpmaddwd pair
// does the same number of port-0 multiplies per product as this loop's single vpmaddwd.
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

/// One tile's loop: `rows` (its table index + 1) rows of a times one panel of B into rows x cols of y (cols up to the
/// panel's width).
using GemmS16Tile = void (*)(
    const int16_t* a, int64_t lda, const int16_t* panel, int64_t pairs, int32_t* y, int64_t ldy, int64_t cols);

struct Int8GemmS16Simd
{
    const char* name; ///< the implementation name in plans, e.g. "qs:avx512_int8_gemm_s16"
    int64_t panelColumns; ///< columns per packed panel of B
    int64_t tileRows; ///< rows per tile
    const GemmS16Tile* tiles; ///< tiles[r - 1] computes r rows, r <= tileRows
};

/// The loops for `isa` (AVX2 or AVX-512 F+BW); nullptr for Scalar or a CPU without them.
const Int8GemmS16Simd* int8GemmS16Simd(quant::QuantIsa isa) noexcept;

/// Tiles of an m x n product for `simd`: row blocks of tileRows by panels of panelColumns, panel-major.
int64_t gemmS16Tiles(const Int8GemmS16Simd& simd, int64_t m, int64_t n) noexcept;

/// Packs a row-major K x N matrix w[p][j] + offset[j] (each within ±255) for `simd`: pair_panels.h's layout in panels
/// of panelColumns columns, as int16.
std::vector<int16_t> packGemmS16Weights(
    const Int8GemmS16Simd& simd, const int8_t* w, const int32_t* offset, int64_t k, int64_t n);

/// y[i][j] = sum over p < 2 * pairs of a[i][p] * b[p][j] (int32, exact) for rows i < m and columns j < n, `a` of
/// m rows of 2 * pairs int16 each (lda apart, padding zero), `packed` from packGemmS16Weights for `simd`; y rows ldy
/// apart. Only the tiles [tileBegin, tileEnd) of gemmS16Tiles(m, n) are computed.
void gemmS16(const Int8GemmS16Simd& simd, const int16_t* a, int64_t lda, const int16_t* packed, int64_t pairs,
    int64_t m, int64_t n, int32_t* y, int64_t ldy, int64_t tileBegin, int64_t tileEnd);

/// a16 = a - za widened to int16, m rows of k values (uint8 or int8 per `signedA`) into rows of lda >= k rounded up
/// to even, the padding zero.
void widenActivations(const void* a, bool signedA, int32_t za, int64_t m, int64_t k, int16_t* a16, int64_t lda);

namespace detail {
extern const Int8GemmS16Simd kInt8GemmS16Avx2; ///< int8_gemm_s16_avx2.cpp
extern const Int8GemmS16Simd kInt8GemmS16Avx512; ///< int8_gemm_s16_avx512.cpp
} // namespace detail

} // namespace qs::kernels::int8
