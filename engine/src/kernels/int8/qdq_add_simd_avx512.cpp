// SPDX-License-Identifier: MIT
// The AVX-512 loop of qdq_add_simd.h (detail::kQdqAddAvx512). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags). The file compiles with -ffp-contract=off (CMakeLists.txt): the scalar
// definition rounds each multiply before the add; the only FMAs are the reciprocal division's explicit ones.
#include "kernels/int8/qdq_add_simd.h"
#include "quant/reciprocal_division_avx512.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma")))

namespace qs::kernels::int8 {

namespace {

QS_AVX512 inline __m512 dequantize16(const void* p, bool isSigned, int64_t i, __mmask16 m, __m512i zp, __m512 scale)
{
    const __m128i bytes = _mm_maskz_loadu_epi8(m, static_cast<const uint8_t*>(p) + i);
    const __m512i v = isSigned ? _mm512_cvtepi8_epi32(bytes) : _mm512_cvtepu8_epi32(bytes);
    return _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_sub_epi32(v, zp)), scale);
}

// The clamp keeps every value inside the output type's range, so the low byte is the uint8 or int8 pattern.
template <bool Reciprocal>
QS_AVX512 void qdqAddLoop(
    const void* a, bool aSigned, const void* b, bool bSigned, void* y, int64_t n, const QdqAddParams& p)
{
    const __m512i za = _mm512_set1_epi32(p.aZeroPoint), zb = _mm512_set1_epi32(p.bZeroPoint);
    const __m512 sa = _mm512_set1_ps(p.aScale), sb = _mm512_set1_ps(p.bScale), sy = _mm512_set1_ps(p.yScale);
    const __m512 zy = _mm512_set1_ps(p.yZeroPoint), lo = _mm512_set1_ps(p.lo), hi = _mm512_set1_ps(p.hi);
    const __m512 floor = _mm512_set1_ps(p.floor), inv = _mm512_set1_ps(1.0f / p.yScale);
    auto* out = static_cast<uint8_t*>(y);
    for (int64_t i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - i)) - 1);
        __m512 v = _mm512_add_ps(dequantize16(a, aSigned, i, m, za, sa), dequantize16(b, bSigned, i, m, zb, sb));
        // std::max(v, floor): v unless v < floor (v is never NaN: finite scales of 8-bit integers).
        v = _mm512_max_ps(v, floor);
        v = Reciprocal ? quant::divide16(v, sy, inv) : _mm512_div_ps(v, sy);
        __m512 q = _mm512_add_ps(_mm512_roundscale_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC), zy);
        // clampLikeSimd: (q > lo ? q : lo), then (< hi ? : hi).
        q = _mm512_min_ps(_mm512_max_ps(q, lo), hi);
        _mm_mask_storeu_epi8(out + i, m, _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(q)));
    }
}

void qdqAddAvx512(const void* a, bool aSigned, const void* b, bool bSigned, void* y, int64_t n, const QdqAddParams& p)
{
    if (quant::reciprocalDivisionSafe(p.yScale))
        qdqAddLoop<true>(a, aSigned, b, bSigned, y, n, p);
    else
        qdqAddLoop<false>(a, aSigned, b, bSigned, y, n, p);
}

} // namespace

namespace detail {
const QdqAddSimd kQdqAddAvx512 { qdqAddAvx512 };
} // namespace detail

} // namespace qs::kernels::int8
