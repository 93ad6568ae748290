// SPDX-License-Identifier: MIT
// The AVX2 loop of saturating_pairs.h (detail::kSaturatingPairsAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_saturation.h"
#include "kernels/int8/saturating_pairs.h"

#include <algorithm>
#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

/// The same, 16 positions per instruction with int16 lane counters (preparation time: this loop is most of it).
__attribute__((target("avx2"))) int32_t saturatingPositionsAvx2(const int16_t* a, const int16_t* b, int64_t n)
{
    const __m256i bound = _mm256_set1_epi16(kPairSafeMagnitude);
    int32_t count = 0;
    int64_t i = 0;
    while (i + 16 <= n) {
        // At most 32767 / 16 steps per block, so no int16 counter overflows.
        const int64_t end = std::min(n - 15, i + 16 * 2047);
        __m256i acc = _mm256_setzero_si256();
        for (; i < end; i += 16) {
            const __m256i s = _mm256_add_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i)),
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i)));
            acc = _mm256_sub_epi16(acc, _mm256_cmpgt_epi16(_mm256_abs_epi16(s), bound));
        }
        alignas(32) int16_t lanes[16];
        _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc);
        for (int16_t v : lanes)
            count += v;
    }
    return count + detail::saturatingPositionsScalar(a + i, b + i, n - i);
}

} // namespace

namespace detail {
const SaturatingPairsSimd kSaturatingPairsAvx2 { saturatingPositionsAvx2 };
} // namespace detail

} // namespace qs::kernels::int8
