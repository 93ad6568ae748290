// SPDX-License-Identifier: MIT
// AVX-512 (F+BW+VL) paths. Remainders use masked loads/stores, so the vector code covers every element; the lanes
// do exactly the scalar reference's float operations, so results stay bit-identical to it.
#include "quant/prefetch_ahead.h"
#include "quant/quant_kernels.h"
#include "quant/reciprocal_division_avx512.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <cmath>
#include <immintrin.h>
#include <limits>

#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma")))

namespace qs::quant {

namespace {

QS_AVX512 MinMax minMaxAvx512(const float* x, size_t n)
{
    __m512 mn = _mm512_set1_ps(x[0]), mx = mn;
    __m512 mn1 = mn, mx1 = mx;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        prefetchAhead<2>(x + i);
        const __m512 a = _mm512_loadu_ps(x + i), b = _mm512_loadu_ps(x + i + 16);
        mn = _mm512_min_ps(a, mn);
        mx = _mm512_max_ps(a, mx);
        mn1 = _mm512_min_ps(b, mn1);
        mx1 = _mm512_max_ps(b, mx1);
    }
    for (; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - i)) - 1);
        // Masked-off lanes keep the running value, so they never win the min/max.
        mn = _mm512_mask_min_ps(mn, m, _mm512_maskz_loadu_ps(m, x + i), mn);
        mx = _mm512_mask_max_ps(mx, m, _mm512_maskz_loadu_ps(m, x + i), mx);
    }
    mn = _mm512_min_ps(mn, mn1);
    mx = _mm512_max_ps(mx, mx1);
    return { _mm512_reduce_min_ps(mn), _mm512_reduce_max_ps(mx) };
}

template <bool Reciprocal> QS_AVX512 inline __m512 divide(__m512 x, __m512 scale, __m512 inv)
{
    if constexpr (Reciprocal)
        return divide16(x, scale, inv);
    else
        return _mm512_div_ps(x, scale);
}

template <bool Signed> QS_AVX512 inline __m128i quantize16(__m512 v, __m512 zp, __m512 lo, __m512 hi)
{
    v = _mm512_roundscale_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    v = _mm512_add_ps(v, zp);
    v = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
    // Values are already in range, so the truncating narrow is exact.
    return _mm512_cvtepi32_epi8(_mm512_cvtps_epi32(v));
}

/// divide8 for a finite x with a finite quotient (no infinity test).
QS_AVX512 inline __m256 divideFinite8(__m256 x, __m256 scale, __m256 inv)
{
    const __m256 q = _mm256_mul_ps(x, inv);
    return _mm256_fmadd_ps(_mm256_fnmadd_ps(q, scale, x), inv, q);
}

/// uint8 with the reciprocal division, in fewer vector operations than quantize16(divide16(...)): x is first clamped
/// to [RN(-zp * scale), RN((255 - zp) * scale)] (a NaN becomes the lower bound). That cannot change the result: a
/// clamped x's quotient lies within 255 * 2^-24 of -zp or 255 - zp, so it rounds to that bound, where the
/// unclamped value saturates to 0 or 255 anyway (and a NaN gives 0 on both paths: the float path's max(NaN, 0)).
/// It keeps every quotient finite and small, so divide16's infinity test is not needed, and the rounding and the zero
/// point run in int32: vcvtps2dq rounds half to even as roundscale does, the sums are exact and already within
/// [0, 255], so the narrow (vpmovusdb) only packs them.
QS_AVX512 inline __m128i quantizeU8Fast16(__m512 x, __m512 scale, __m512 inv, __m512 xLo, __m512 xHi, __m512i zp)
{
    x = _mm512_min_ps(_mm512_max_ps(x, xLo), xHi);
    const __m256 s = _mm512_castps512_ps256(scale), r = _mm512_castps512_ps256(inv);
    const __m256 lo = divideFinite8(_mm512_castps512_ps256(x), s, r);
    const __m256 hi = divideFinite8(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1)), s, r);
    const __m512 q
        = _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(lo)), _mm256_castps_pd(hi), 1));
    const __m512i i = _mm512_cvt_roundps_epi32(q, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    return _mm512_cvtusepi32_epi8(_mm512_add_epi32(i, zp));
}

QS_AVX512 inline void quantizeU8FastRow(
    const float* x, size_t n, __m512 vs, __m512 inv, __m512 xLo, __m512 xHi, __m512i zp, uint8_t* y)
{
    size_t i = 0;
    for (; i + 64 <= n; i += 64) {
        prefetchAhead<4>(x + i);
        for (int k = 0; k < 4; ++k)
            _mm_storeu_si128(reinterpret_cast<__m128i*>(y + i + 16 * k),
                quantizeU8Fast16(_mm512_loadu_ps(x + i + 16 * k), vs, inv, xLo, xHi, zp));
    }
    for (; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - i)) - 1);
        _mm_mask_storeu_epi8(y + i, m, quantizeU8Fast16(_mm512_maskz_loadu_ps(m, x + i), vs, inv, xLo, xHi, zp));
    }
}

template <bool Signed, bool Reciprocal>
QS_AVX512 inline void quantizeRowAvx512(
    const float* x, size_t n, __m512 vs, __m512 inv, __m512 vz, __m512 lo, __m512 hi, uint8_t* y)
{
    size_t i = 0;
    for (; i + 64 <= n; i += 64) {
        for (int k = 0; k < 4; ++k)
            _mm_storeu_si128(reinterpret_cast<__m128i*>(y + i + 16 * k),
                quantize16<Signed>(divide<Reciprocal>(_mm512_loadu_ps(x + i + 16 * k), vs, inv), vz, lo, hi));
    }
    for (; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - i)) - 1);
        const __m128i q = quantize16<Signed>(divide<Reciprocal>(_mm512_maskz_loadu_ps(m, x + i), vs, inv), vz, lo, hi);
        _mm_mask_storeu_epi8(y + i, m, q);
    }
}

/// `rows` runs of `cols` contiguous elements of x, each to its own place `yStride` bytes apart in y (one call covers
/// all rows, which matters for NHWC concatenation parts: one row per pixel, often 16-64 channels).
template <bool Signed, bool Reciprocal>
QS_AVX512 void quantizeLoopAvx512(
    const float* x, size_t rows, size_t cols, float scale, int32_t zeroPoint, void* out, size_t yStride)
{
    auto* y = static_cast<uint8_t*>(out);
    const __m512 vs = _mm512_set1_ps(scale), vz = _mm512_set1_ps(float(zeroPoint));
    const __m512 inv = _mm512_set1_ps(1.0f / scale);
    const __m512 lo = _mm512_set1_ps(Signed ? -128.0f : 0.0f), hi = _mm512_set1_ps(Signed ? 127.0f : 255.0f);
    // The clamp bounds assume a positive scale (ONNX's; a negative one takes the general path) and a zero point
    // whose bounds' quotients are small integers.
    if constexpr (!Signed && Reciprocal)
        if (scale > 0.0f && zeroPoint >= -65536 && zeroPoint <= 65536) {
            const __m512 xHi = _mm512_set1_ps(float(255 - zeroPoint) * scale),
                         xLo = _mm512_set1_ps(float(-zeroPoint) * scale);
            const __m512i zp = _mm512_set1_epi32(zeroPoint);
            for (size_t r = 0; r < rows; ++r)
                quantizeU8FastRow(x + r * cols, cols, vs, inv, xLo, xHi, zp, y + r * yStride);
            return;
        }
    for (size_t r = 0; r < rows; ++r)
        quantizeRowAvx512<Signed, Reciprocal>(x + r * cols, cols, vs, inv, vz, lo, hi, y + r * yStride);
}

template <bool Signed> void quantizeAvx512(const float* x, size_t n, float scale, int32_t zeroPoint, void* out)
{
    if (reciprocalDivisionSafe(scale))
        quantizeLoopAvx512<Signed, true>(x, 1, n, scale, zeroPoint, out, n);
    else
        quantizeLoopAvx512<Signed, false>(x, 1, n, scale, zeroPoint, out, n);
}

void quantizeU8RowsAvx512(
    const float* x, size_t rows, size_t cols, float scale, int32_t zeroPoint, uint8_t* y, size_t yStride)
{
    if (reciprocalDivisionSafe(scale))
        quantizeLoopAvx512<false, true>(x, rows, cols, scale, zeroPoint, y, yStride);
    else
        quantizeLoopAvx512<false, false>(x, rows, cols, scale, zeroPoint, y, yStride);
}

void quantizeU8Avx512(const float* x, size_t n, float scale, int32_t zeroPoint, uint8_t* y)
{
    quantizeAvx512<false>(x, n, scale, zeroPoint, y);
}
void quantizeS8Avx512(const float* x, size_t n, float scale, int32_t zeroPoint, int8_t* y)
{
    quantizeAvx512<true>(x, n, scale, zeroPoint, y);
}

enum class Src
{
    U8,
    S8,
    S32
};

template <Src S> QS_AVX512 inline __m512i load16(const void* x, size_t i, __mmask16 m)
{
    if constexpr (S == Src::U8)
        return _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(m, static_cast<const uint8_t*>(x) + i));
    else if constexpr (S == Src::S8)
        return _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(m, static_cast<const int8_t*>(x) + i));
    else
        return _mm512_maskz_loadu_epi32(m, static_cast<const int32_t*>(x) + i);
}

template <Src S> QS_AVX512 void dequantizeAvx512(const void* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    const __m512i vz = _mm512_set1_epi32(zeroPoint);
    const __m512 vs = _mm512_set1_ps(scale);
    for (size_t i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - i)) - 1);
        const __m512 v = _mm512_cvtepi32_ps(_mm512_sub_epi32(load16<S>(x, i, m), vz));
        _mm512_mask_storeu_ps(y + i, m, _mm512_mul_ps(v, vs));
    }
}

void dequantizeU8Avx512(const uint8_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    dequantizeAvx512<Src::U8>(x, n, scale, zeroPoint, y);
}
void dequantizeS8Avx512(const int8_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    dequantizeAvx512<Src::S8>(x, n, scale, zeroPoint, y);
}
void dequantizeS32Avx512(const int32_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    dequantizeAvx512<Src::S32>(x, n, scale, zeroPoint, y);
}

} // namespace

namespace detail {
const QuantKernelTable kAvx512Table {
    minMaxAvx512,
    quantizeU8Avx512,
    quantizeS8Avx512,
    dequantizeU8Avx512,
    dequantizeS8Avx512,
    dequantizeS32Avx512,
    quantizeU8RowsAvx512,
};
} // namespace detail

} // namespace qs::quant
