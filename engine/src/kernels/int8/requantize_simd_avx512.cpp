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

/// 16 channels from `c` (the lanes of `m`) to int32, zero point added: the scalar loop's operations lane by lane.
/// Multiply and add stay separate instructions (no FMA): the scalar loop rounds after each. The clamp bounds are
/// integers, so rounding after it equals rounding before it, and clamped values are far below 2^22, where
/// vcvtps2dq with embedded round-to-nearest-even equals the scalar loop's 1.5·2^23 trick (two dependent adds fewer
/// on the critical path, and independent of MXCSR).
QS_AVX512 inline __m512i requantize16(
    const int32_t* t, int64_t c, __mmask16 m, const RequantizeArgs& a, __m512 lo, __m512 hi, __m512i zp, __m512 mult0)
{
    __m512i acc = _mm512_maskz_loadu_epi32(m, t + c);
    if (a.bias)
        acc = _mm512_add_epi32(acc, _mm512_maskz_loadu_epi32(m, a.bias + c));
    __m512 v = _mm512_cvtepi32_ps(acc);
    v = _mm512_mul_ps(v, a.perChannel ? _mm512_maskz_loadu_ps(m, a.mult + c) : mult0);
    if (a.offset)
        v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(m, a.offset + c));
    v = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
    return _mm512_add_epi32(_mm512_cvt_roundps_epi32(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC), zp);
}

QS_AVX512 void requantizeAvx512(
    const int32_t* tile, int64_t count, int64_t channels, const RequantizeArgs& args, uint8_t* out)
{
    // A copy: the byte stores may alias anything, so fields read through the reference would be reloaded after each.
    const RequantizeArgs a = args;
    const __m512 lo = _mm512_set1_ps(a.lo), hi = _mm512_set1_ps(a.hi);
    const __m512i zp = _mm512_set1_epi32(a.zeroPoint);
    const __m512 mult0 = _mm512_set1_ps(a.mult[0]);
    const int64_t whole = channels / 16 * 16;
    const __mmask16 rest = __mmask16((1u << (channels - whole)) - 1);
    for (int64_t j = 0; j < count; ++j) {
        const int32_t* t = tile + j * channels;
        uint8_t* o = out + j * channels;
        // Whole blocks store 16 bytes plainly; only the rest is masked (a masked vpmovdb to memory was the hot spot
        // of the loop on MobileNet widths, bench/archive/2026-11-29-int8-depthwise.md).
        for (int64_t c = 0; c < whole; c += 16)
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o + c),
                _mm512_cvtepi32_epi8(requantize16(t, c, __mmask16(0xffff), a, lo, hi, zp, mult0)));
        if (rest)
            _mm_mask_storeu_epi8(
                o + whole, rest, _mm512_cvtepi32_epi8(requantize16(t, whole, rest, a, lo, hi, zp, mult0)));
    }
}

} // namespace

namespace detail {
const RequantizeSimd kRequantizeAvx512 { requantizeAvx512 };
} // namespace detail

} // namespace qs::kernels::int8
