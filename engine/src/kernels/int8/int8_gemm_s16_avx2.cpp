// SPDX-License-Identifier: MIT
// The AVX2 loops of int8_gemm_s16.h (detail::kInt8GemmS16Avx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_gemm_s16.h"

#include <algorithm>
#include <cstring>
#include <immintrin.h>

#define QS_AVX2 __attribute__((target("avx2")))

namespace qs::kernels::int8 {

namespace {

// A tile is 6 rows x 2 ymm of 8 int32 columns: 12 accumulators, 2 weight vectors and the broadcast pair in the 16
// registers; per pair of K it loads 2 weight vectors and 6 pairs of activations for 12 vpmaddwd.
constexpr int64_t kVectors = 2;
constexpr int64_t kColumns = 8 * kVectors;
constexpr int64_t kRows = 6;

QS_AVX2 inline int32_t pairAt(const int16_t* a)
{
    int32_t v;
    std::memcpy(&v, a, sizeof v);
    return v;
}

template <int Rows>
QS_AVX2 inline void tile(
    const int16_t* a, int64_t lda, const int16_t* w, int64_t pairs, int32_t* y, int64_t ldy, int64_t cols)
{
    __m256i acc[Rows][kVectors];
#pragma GCC unroll 8
    for (int r = 0; r < Rows; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < kVectors; ++v)
            acc[r][v] = _mm256_setzero_si256();
    for (int64_t p = 0; p < pairs; ++p) {
        const int16_t* wp = w + p * kColumns * 2;
        __m256i wv[kVectors];
#pragma GCC unroll 4
        for (int v = 0; v < kVectors; ++v)
            wv[v] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(wp + v * 16));
#pragma GCC unroll 8
        for (int r = 0; r < Rows; ++r) {
            const __m256i av = _mm256_set1_epi32(pairAt(a + r * lda + 2 * p));
#pragma GCC unroll 4
            for (int v = 0; v < kVectors; ++v)
                acc[r][v] = _mm256_add_epi32(acc[r][v], _mm256_madd_epi16(av, wv[v]));
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < Rows; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < kVectors; ++v) {
            const int64_t left = cols - v * 8;
            if (left >= 8)
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(y + r * ldy + v * 8), acc[r][v]);
            else if (left > 0)
                _mm256_maskstore_epi32(y + r * ldy + v * 8,
                    _mm256_cmpgt_epi32(_mm256_set1_epi32(int32_t(left)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)),
                    acc[r][v]);
        }
}

constexpr GemmS16Tile kTiles[] = { tile<1>, tile<2>, tile<3>, tile<4>, tile<5>, tile<6> };

} // namespace

namespace detail {
const Int8GemmS16Simd kInt8GemmS16Avx2 { "qs:avx2_int8_gemm_s16", kColumns, kRows, kTiles };
} // namespace detail

} // namespace qs::kernels::int8
