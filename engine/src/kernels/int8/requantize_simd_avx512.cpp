// SPDX-License-Identifier: MIT
// The AVX-512 loop of requantize_simd.h (detail::kRequantizeAvx512). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags); none has "fma" (the scalar loop rounds the multiply before the add).
#include "kernels/int8/requantize_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2")))

namespace qs::kernels::int8 {

namespace {

// See requantize.cpp: adding and subtracting 1.5 * 2^23 rounds half to even a float of magnitude below 2^22.
constexpr float kRoundMagic = 12582912.0f;

// Multiply and add stay separate instructions (no FMA): the scalar loop rounds after each.
QS_AVX512 void requantizeAvx512(
    const int32_t* tile, int64_t count, int64_t channels, const RequantizeArgs& args, uint8_t* out)
{
    // A copy: the byte stores may alias anything, so fields read through the reference would be reloaded after each.
    const RequantizeArgs a = args;
    const __m512 lo = _mm512_set1_ps(a.lo), hi = _mm512_set1_ps(a.hi), magic = _mm512_set1_ps(kRoundMagic);
    const __m512i zp = _mm512_set1_epi32(a.zeroPoint);
    const __m512 mult0 = _mm512_set1_ps(a.mult[0]);
    for (int64_t j = 0; j < count; ++j) {
        const int32_t* t = tile + j * channels;
        uint8_t* o = out + j * channels;
        for (int64_t c = 0; c < channels; c += 16) {
            const __mmask16 m = channels - c >= 16 ? __mmask16(0xffff) : __mmask16((1u << (channels - c)) - 1);
            __m512i acc = _mm512_maskz_loadu_epi32(m, t + c);
            if (a.bias)
                acc = _mm512_add_epi32(acc, _mm512_maskz_loadu_epi32(m, a.bias + c));
            __m512 v = _mm512_cvtepi32_ps(acc);
            v = _mm512_mul_ps(v, a.perChannel ? _mm512_maskz_loadu_ps(m, a.mult + c) : mult0);
            if (a.offset)
                v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(m, a.offset + c));
            v = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
            v = _mm512_sub_ps(_mm512_add_ps(v, magic), magic);
            const __m512i q = _mm512_add_epi32(_mm512_cvtps_epi32(v), zp);
            _mm_mask_storeu_epi8(o + c, m, _mm512_cvtepi32_epi8(q));
        }
    }
}

} // namespace

namespace detail {
const RequantizeSimd kRequantizeAvx512 { requantizeAvx512 };
} // namespace detail

} // namespace qs::kernels::int8
