// SPDX-License-Identifier: MIT
// The AVX2 loop of byte_lookup.h (detail::kByteLookupAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/int8/byte_lookup.h"

#include <cstring>
#include <immintrin.h>

#define QS_LOOKUP_AVX2 __attribute__((target("avx2")))

namespace qs::kernels::int8 {

namespace {

/// Row k of the table holds entries 16k .. 16k+15. For a byte x, (x - 16k) +sat 0x70 lands in 0x70..0x7f exactly when
/// x lies in row k (vpshufb then reads entry x & 15 of the row), and has bit 7 set otherwise (vpshufb writes 0), so
/// the OR over the 16 rows is the lookup.
QS_LOOKUP_AVX2 __m256i lookup32(__m256i v, const __m256i* rows) noexcept
{
    const __m256i bias = _mm256_set1_epi8(0x70), step = _mm256_set1_epi8(16);
    __m256i r = _mm256_setzero_si256();
    __m256i idx = v;
    for (int k = 0; k < 16; ++k) {
        r = _mm256_or_si256(r, _mm256_shuffle_epi8(rows[k], _mm256_adds_epu8(idx, bias)));
        idx = _mm256_sub_epi8(idx, step);
    }
    return r;
}

QS_LOOKUP_AVX2 void lookupAvx2(const uint8_t* x, const ByteTable& table, uint8_t* y, int64_t n) noexcept
{
    __m256i rows[16];
    for (int k = 0; k < 16; ++k)
        rows[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(table.data() + 16 * k)));
    int64_t i = 0;
    for (; i + 32 <= n; i += 32)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(y + i),
            lookup32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + i)), rows));
    if (i < n) {
        alignas(32) uint8_t buf[32] = {};
        std::memcpy(buf, x + i, size_t(n - i));
        _mm256_store_si256(
            reinterpret_cast<__m256i*>(buf), lookup32(_mm256_load_si256(reinterpret_cast<__m256i*>(buf)), rows));
        std::memcpy(y + i, buf, size_t(n - i));
    }
}

} // namespace

namespace detail {
const ByteLookupSimd kByteLookupAvx2 { lookupAvx2 };
} // namespace detail

} // namespace qs::kernels::int8
