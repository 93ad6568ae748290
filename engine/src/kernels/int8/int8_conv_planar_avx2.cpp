// SPDX-License-Identifier: MIT
// The AVX2 loops of Int8Conv's planar pointwise path (int8_conv_planar_simd.h: detail::kPlanarAvx2). Every function
// carries its target attribute (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_conv_planar_simd.h"

#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

/// x[c][p] - zp for 16 pixels of channels 2q and 2q + 1, interleaved for vpmaddwd: pixels 0-3, 8-11 (lo) and 4-7,
/// 12-15 (hi), as the unpack instructions work per 128-bit lane.
__attribute__((target("avx2"))) inline void pairOperands(
    const uint8_t* a, const uint8_t* b, __m256i zp, __m256i& lo, __m256i& hi)
{
    const __m256i x1 = _mm256_sub_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a))), zp);
    const __m256i x2 = b
        ? _mm256_sub_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b))), zp)
        : _mm256_setzero_si256();
    lo = _mm256_unpacklo_epi16(x1, x2);
    hi = _mm256_unpackhi_epi16(x1, x2);
}

template <int OC>
__attribute__((target("avx2"))) void planarBlock16(
    const uint8_t* image, int64_t plane, int64_t ic, const int32_t* pairs, int32_t zp, int64_t p, int32_t* out)
{
    const __m256i zpv = _mm256_set1_epi16(int16_t(zp));
    __m256i lo[OC], hi[OC];
    for (int o = 0; o < OC; ++o)
        lo[o] = hi[o] = _mm256_setzero_si256();
    const int64_t npairs = (ic + 1) / 2;
    for (int64_t q = 0; q < npairs; ++q) {
        __m256i a, b;
        pairOperands(image + 2 * q * plane + p, 2 * q + 1 < ic ? image + (2 * q + 1) * plane + p : nullptr, zpv, a, b);
        for (int o = 0; o < OC; ++o) {
            const __m256i wv = _mm256_set1_epi32(pairs[o * npairs + q]);
            lo[o] = _mm256_add_epi32(lo[o], _mm256_madd_epi16(a, wv));
            hi[o] = _mm256_add_epi32(hi[o], _mm256_madd_epi16(b, wv));
        }
    }
    for (int o = 0; o < OC; ++o) {
        alignas(32) int32_t sums[16];
        _mm256_store_si256(reinterpret_cast<__m256i*>(sums), _mm256_permute2x128_si256(lo[o], hi[o], 0x20));
        _mm256_store_si256(reinterpret_cast<__m256i*>(sums + 8), _mm256_permute2x128_si256(lo[o], hi[o], 0x31));
        for (int k = 0; k < 16; ++k)
            out[k * OC + o] = sums[k];
    }
}

} // namespace

namespace detail {
const PlanarSimd kPlanarAvx2 { { planarBlock16<1>, planarBlock16<2>, planarBlock16<3>, planarBlock16<4>,
    planarBlock16<5>, planarBlock16<6>, planarBlock16<7> } };
} // namespace detail

} // namespace qs::kernels::int8
