// SPDX-License-Identifier: MIT
// Exact single-row int8 matrix-vector product for Int8MatMul at M = 1 (e.g. a classifier's QGemm). Without VNNI, u8
// activations and s8 weights are widened to int16 and multiplied pairwise into int32 (vpmaddwd), so no int16 pair
// saturates and the weights need no pair split or sparse residual (which at M = 1 cost more than the product:
// scattered scalar updates per residual weight), and no oneDNN matmul, whose AVX2 M = 1 path was ~10x slower than
// this. With AVX512-VNNI, vpdpbusd sums four u8·s8 products straight into int32: exact, and a quarter of the
// instructions per weight byte. A classifier's weights (1-5 MB) come from L3 or memory on every run, so the loop is
// bound by how fast it streams them: whole 64-byte rows per instruction where the ISA has them.
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

struct Int8GemvSimd
{
    const char* name; ///< the implementation string, e.g. "qs:avx512_vnni_int8_gemv"
    int64_t width; ///< columns per panel (int32 lanes of one accumulator)
    int64_t depth; ///< rows of K per group: 2 (vpmaddwd pairs) or 4 (vpdpbusd quads)
    /// y[j] = sum over p of a[p] * w[p][j], exactly (int32), for the panels [panelBegin, panelEnd) of `packed` from
    /// packGemvWeights for this table; `groups` is a as detail::gemvActivationGroups(a, k, depth) gives it.
    void (*gemv)(const int32_t* groups, const int8_t* packed, int64_t k, int64_t n, int64_t panelBegin,
        int64_t panelEnd, int32_t* y);
};

/// The gemv loop for `isa`; `vnni` lets an AVX-512 CPU with AVX512-VNNI use it (false where oneDNN is capped below
/// VNNI, so that a capped run shows what a CPU without it does). nullptr for Scalar or a CPU without the ISA.
const Int8GemvSimd* int8GemvSimd(quant::QuantIsa isa, bool vnni) noexcept;

/// Packs a row-major K x N s8 matrix for `simd`: panels of `width` columns, per panel K/depth (rounded up) groups of
/// `depth` rows, each `width` columns x `depth` rows; missing rows and columns are 0.
std::vector<int8_t> packGemvWeights(const Int8GemvSimd& simd, const int8_t* w, int64_t k, int64_t n);

/// Runs `simd` over all of N on up to the session's intra-op threads (one block of panels each; every output is the
/// same exact sum whichever thread computes it), the activation groups built once for all of them.
void runGemv(const Int8GemvSimd& simd, const uint8_t* a, const int8_t* packed, int64_t k, int64_t n, int32_t* y);

namespace detail {
/// Consecutive groups of `depth` activations as one int32 each (a[depth·g] in the lowest bits, each `32 / depth` bits
/// wide), zero beyond K: what the loops broadcast against the interleaved weights.
std::vector<int32_t> gemvActivationGroups(const uint8_t* a, int64_t k, int64_t depth);
extern const Int8GemvSimd kInt8GemvAvx2; ///< int8_gemv_avx2.cpp
extern const Int8GemvSimd kInt8GemvAvx512; ///< int8_gemv_avx512.cpp
extern const Int8GemvSimd kInt8GemvAvx512Vnni; ///< int8_gemv_avx512.cpp
} // namespace detail

} // namespace qs::kernels::int8
