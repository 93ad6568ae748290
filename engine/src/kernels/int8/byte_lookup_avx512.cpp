// SPDX-License-Identifier: MIT
// The AVX-512 VBMI loop of byte_lookup.h (detail::kByteLookupAvx512Vbmi). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/int8/byte_lookup.h"

#include <immintrin.h>

#define QS_LOOKUP_VBMI __attribute__((target("avx512f,avx512bw,avx512vbmi,avx2")))

namespace qs::kernels::int8 {

namespace {

/// vpermi2b selects by the low 7 bits from two 64-byte registers (128 entries); bit 7 picks between the lower and
/// the upper half of the table.
QS_LOOKUP_VBMI __m512i lookup64(__m512i v, __m512i t0, __m512i t1, __m512i t2, __m512i t3) noexcept
{
    const __m512i lo = _mm512_permutex2var_epi8(t0, v, t1);
    const __m512i hi = _mm512_permutex2var_epi8(t2, v, t3);
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(v), lo, hi);
}

QS_LOOKUP_VBMI void lookupVbmi(const uint8_t* x, const ByteTable& table, uint8_t* y, int64_t n) noexcept
{
    const __m512i t0 = _mm512_loadu_si512(table.data()), t1 = _mm512_loadu_si512(table.data() + 64),
                  t2 = _mm512_loadu_si512(table.data() + 128), t3 = _mm512_loadu_si512(table.data() + 192);
    int64_t i = 0;
    for (; i + 64 <= n; i += 64)
        _mm512_storeu_si512(y + i, lookup64(_mm512_loadu_si512(x + i), t0, t1, t2, t3));
    if (i < n) {
        const __mmask64 m = ~__mmask64(0) >> (64 - (n - i));
        _mm512_mask_storeu_epi8(y + i, m, lookup64(_mm512_maskz_loadu_epi8(m, x + i), t0, t1, t2, t3));
    }
}

} // namespace

namespace detail {
const ByteLookupSimd kByteLookupAvx512Vbmi { lookupVbmi };
} // namespace detail

} // namespace qs::kernels::int8
