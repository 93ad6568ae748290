// SPDX-License-Identifier: MIT
#include "kernels/int8/byte_lookup.h"

#include "quant/quant_isa.h"

#include <cstring>
#include <immintrin.h>

#define QS_LOOKUP_AVX2 __attribute__((target("avx2")))
#define QS_LOOKUP_VBMI __attribute__((target("avx512f,avx512bw,avx512vbmi,avx2")))

namespace qs::kernels::int8 {

namespace {

void lookupScalar(const uint8_t* x, const ByteTable& table, uint8_t* y, int64_t n) noexcept
{
    for (int64_t i = 0; i < n; ++i)
        y[i] = table[x[i]];
}

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

const char* byteLookupIsaName(ByteLookupIsa isa) noexcept
{
    switch (isa) {
    case ByteLookupIsa::Avx512Vbmi:
        return "avx512vbmi";
    case ByteLookupIsa::Avx2:
        return "avx2";
    case ByteLookupIsa::Scalar:
        break;
    }
    return "scalar";
}

bool byteLookupIsaAvailable(ByteLookupIsa isa) noexcept
{
    switch (isa) {
    case ByteLookupIsa::Avx512Vbmi:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512vbmi");
    case ByteLookupIsa::Avx2:
        return __builtin_cpu_supports("avx2");
    case ByteLookupIsa::Scalar:
        break;
    }
    return true;
}

ByteLookupIsa bestByteLookupIsa() noexcept
{
    static const ByteLookupIsa best = [] {
        const quant::QuantIsa cap = quant::bestQuantIsa();
        if (cap == quant::QuantIsa::Avx512 && byteLookupIsaAvailable(ByteLookupIsa::Avx512Vbmi))
            return ByteLookupIsa::Avx512Vbmi;
        if (cap != quant::QuantIsa::Scalar && byteLookupIsaAvailable(ByteLookupIsa::Avx2))
            return ByteLookupIsa::Avx2;
        return ByteLookupIsa::Scalar;
    }();
    return best;
}

void lookupBytes(const uint8_t* x, const ByteTable& table, uint8_t* y, int64_t n, ByteLookupIsa isa) noexcept
{
    switch (isa) {
    case ByteLookupIsa::Avx512Vbmi:
        lookupVbmi(x, table, y, n);
        return;
    case ByteLookupIsa::Avx2:
        lookupAvx2(x, table, y, n);
        return;
    case ByteLookupIsa::Scalar:
        break;
    }
    lookupScalar(x, table, y, n);
}

} // namespace qs::kernels::int8
