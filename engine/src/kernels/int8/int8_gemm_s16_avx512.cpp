// SPDX-License-Identifier: MIT
// The AVX-512 loops of int8_gemm_s16.h (detail::kInt8GemmS16Avx512). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_gemm_s16.h"

#include <algorithm>
#include <cstring>
#include <immintrin.h>

#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2")))

namespace qs::kernels::int8 {

namespace {

// A tile is 6 rows x 4 zmm of 16 int32 columns: 24 accumulators, 4 weight vectors and the broadcast pair in the 32
// registers; per pair of K it loads 4 weight vectors and 6 pairs of activations for 24 vpmaddwd.
constexpr int64_t kVectors = 4;
constexpr int64_t kColumns = 16 * kVectors;
constexpr int64_t kRows = 6;

QS_AVX512 inline int32_t pairAt(const int16_t* a)
{
    int32_t v;
    std::memcpy(&v, a, sizeof v);
    return v;
}

template <int Rows>
QS_AVX512 inline void tile(
    const int16_t* a, int64_t lda, const int16_t* w, int64_t pairs, int32_t* y, int64_t ldy, int64_t cols)
{
    __m512i acc[Rows][kVectors];
#pragma GCC unroll 8
    for (int r = 0; r < Rows; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < kVectors; ++v)
            acc[r][v] = _mm512_setzero_si512();
    for (int64_t p = 0; p < pairs; ++p) {
        const int16_t* wp = w + p * kColumns * 2;
        __m512i wv[kVectors];
#pragma GCC unroll 4
        for (int v = 0; v < kVectors; ++v)
            wv[v] = _mm512_loadu_si512(wp + v * 32);
#pragma GCC unroll 8
        for (int r = 0; r < Rows; ++r) {
            const __m512i av = _mm512_set1_epi32(pairAt(a + r * lda + 2 * p));
#pragma GCC unroll 4
            for (int v = 0; v < kVectors; ++v)
                acc[r][v] = _mm512_add_epi32(acc[r][v], _mm512_madd_epi16(av, wv[v]));
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < Rows; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < kVectors; ++v) {
            const int64_t left = cols - v * 16;
            if (left >= 16)
                _mm512_storeu_si512(y + r * ldy + v * 16, acc[r][v]);
            else if (left > 0)
                _mm512_mask_storeu_epi32(y + r * ldy + v * 16, __mmask16((1u << left) - 1), acc[r][v]);
        }
}

constexpr GemmS16Tile kTiles[] = { tile<1>, tile<2>, tile<3>, tile<4>, tile<5>, tile<6> };

} // namespace

namespace detail {
const Int8GemmS16Simd kInt8GemmS16Avx512 { "qs:avx512_int8_gemm_s16", kColumns, kRows, kTiles };
} // namespace detail

} // namespace qs::kernels::int8
