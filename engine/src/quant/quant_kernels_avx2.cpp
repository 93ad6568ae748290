// SPDX-License-Identifier: MIT
// AVX2 paths. Each function carries its own target attribute (no per-file -mavx2) so no inline function from a
// shared header is ever compiled with AVX2 and picked by the linker for the generic code.
#include "quant/prefetch_ahead.h"
#include "quant/quant_kernels.h"
#include "quant/quantize_scalar.h"

#include <immintrin.h>

#define QS_AVX2 __attribute__((target("avx2,fma")))

namespace qs::quant {

namespace {

QS_AVX2 MinMax minMaxAvx2(const float* x, size_t n)
{
    size_t i = 0;
    MinMax r { x[0], x[0] };
    if (n >= 32) {
        __m256 mn0 = _mm256_loadu_ps(x), mn1 = mn0, mn2 = mn0, mn3 = mn0;
        __m256 mx0 = mn0, mx1 = mn0, mx2 = mn0, mx3 = mn0;
        for (; i + 32 <= n; i += 32) {
            prefetchAhead<2>(x + i);
            const __m256 a = _mm256_loadu_ps(x + i), b = _mm256_loadu_ps(x + i + 8);
            const __m256 c = _mm256_loadu_ps(x + i + 16), d = _mm256_loadu_ps(x + i + 24);
            mn0 = _mm256_min_ps(a, mn0);
            mn1 = _mm256_min_ps(b, mn1);
            mn2 = _mm256_min_ps(c, mn2);
            mn3 = _mm256_min_ps(d, mn3);
            mx0 = _mm256_max_ps(a, mx0);
            mx1 = _mm256_max_ps(b, mx1);
            mx2 = _mm256_max_ps(c, mx2);
            mx3 = _mm256_max_ps(d, mx3);
        }
        alignas(32) float mn[8], mx[8];
        _mm256_store_ps(mn, _mm256_min_ps(_mm256_min_ps(mn0, mn1), _mm256_min_ps(mn2, mn3)));
        _mm256_store_ps(mx, _mm256_max_ps(_mm256_max_ps(mx0, mx1), _mm256_max_ps(mx2, mx3)));
        for (int k = 0; k < 8; ++k) {
            r.min = mn[k] < r.min ? mn[k] : r.min;
            r.max = mx[k] > r.max ? mx[k] : r.max;
        }
    }
    for (; i < n; ++i) {
        r.min = x[i] < r.min ? x[i] : r.min;
        r.max = x[i] > r.max ? x[i] : r.max;
    }
    return r;
}

QS_AVX2 inline __m256i quantize8(const float* x, __m256 scale, __m256 zp, __m256 lo, __m256 hi)
{
    __m256 v = _mm256_div_ps(_mm256_loadu_ps(x), scale);
    v = _mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    v = _mm256_add_ps(v, zp);
    v = _mm256_min_ps(_mm256_max_ps(v, lo), hi);
    return _mm256_cvtps_epi32(v);
}

/// uint8 in fewer vector operations than quantize8 (the AVX-512 path's argument, quant_kernels_avx512.cpp): x is first
/// clamped to [RN(-zp * scale), RN((255 - zp) * scale)] (a NaN becomes the lower bound: max returns its second
/// operand), which cannot change the result: a clamped x's quotient lies within 255 * 2^-24 of -zp or 255 - zp, so it
/// rounds to that bound, where the unclamped value saturates to 0 or 255 anyway (a NaN gives 0 on both paths). The
/// quotients are then finite and small, so vcvtps2dq rounds them half to even (the default rounding, as vroundps with
/// _MM_FROUND_TO_NEAREST_INT and the scalar nearbyint) and the zero point is added in int32: the sums lie in [0, 255],
/// so the saturating packs only pack. 5 vector operations per 8 elements instead of 8 (vroundps is two).
QS_AVX2 inline __m256i quantizeU8Clamped8(const float* x, __m256 scale, __m256 xLo, __m256 xHi, __m256i zp)
{
    const __m256 v = _mm256_min_ps(_mm256_max_ps(_mm256_loadu_ps(x), xLo), xHi);
    return _mm256_add_epi32(_mm256_cvtps_epi32(_mm256_div_ps(v, scale)), zp);
}

/// quantizeU8Clamped8 over whole blocks of 32 elements; returns how many it wrote (the caller finishes the tail).
QS_AVX2 inline size_t quantizeU8ClampedBlocks(
    const float* x, size_t n, __m256 scale, __m256 xLo, __m256 xHi, __m256i zp, uint8_t* y)
{
    // The packs interleave 128-bit lanes; `order` restores element order.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        prefetchAhead<2>(x + i);
        const __m256i a = quantizeU8Clamped8(x + i, scale, xLo, xHi, zp);
        const __m256i b = quantizeU8Clamped8(x + i + 8, scale, xLo, xHi, zp);
        const __m256i c = quantizeU8Clamped8(x + i + 16, scale, xLo, xHi, zp);
        const __m256i d = quantizeU8Clamped8(x + i + 24, scale, xLo, xHi, zp);
        const __m256i abcd = _mm256_packus_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(y + i), _mm256_permutevar8x32_epi32(abcd, order));
    }
    return i;
}

template <bool Signed> QS_AVX2 void quantizeAvx2(const float* x, size_t n, float scale, int32_t zeroPoint, void* out)
{
    auto* y = static_cast<uint8_t*>(out);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    if (!Signed && scale > 0.0f && zeroPoint >= -65536 && zeroPoint <= 65536) {
        const __m256 vs = _mm256_set1_ps(scale), xHi = _mm256_set1_ps(float(255 - zeroPoint) * scale),
                     xLo = _mm256_set1_ps(float(-zeroPoint) * scale);
        const __m256i vz = _mm256_set1_epi32(zeroPoint);
        size_t i = quantizeU8ClampedBlocks(x, n, vs, xLo, xHi, vz, y);
        const float zp = float(zeroPoint);
        for (; i < n; ++i)
            y[i] = static_cast<uint8_t>(detail::quantizeOne(x[i], scale, zp, 0.0f, 255.0f));
        return;
    }
    const float loF = Signed ? -128.0f : 0.0f, hiF = Signed ? 127.0f : 255.0f;
    const __m256 vs = _mm256_set1_ps(scale), vz = _mm256_set1_ps(float(zeroPoint));
    const __m256 lo = _mm256_set1_ps(loF), hi = _mm256_set1_ps(hiF);
    // The packs interleave 128-bit lanes; `order` restores element order.
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m256i a = quantize8(x + i, vs, vz, lo, hi), b = quantize8(x + i + 8, vs, vz, lo, hi);
        const __m256i c = quantize8(x + i + 16, vs, vz, lo, hi), d = quantize8(x + i + 24, vs, vz, lo, hi);
        const __m256i ab = _mm256_packs_epi32(a, b), cd = _mm256_packs_epi32(c, d);
        const __m256i abcd = Signed ? _mm256_packs_epi16(ab, cd) : _mm256_packus_epi16(ab, cd);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(y + i), _mm256_permutevar8x32_epi32(abcd, order));
    }
    const float zp = float(zeroPoint);
    for (; i < n; ++i)
        y[i] = static_cast<uint8_t>(detail::quantizeOne(x[i], scale, zp, loF, hiF));
}

void quantizeU8Avx2(const float* x, size_t n, float scale, int32_t zeroPoint, uint8_t* y)
{
    quantizeAvx2<false>(x, n, scale, zeroPoint, y);
}

/// quantizeU8Rows with quantizeU8Clamped8 on runs of 8 too: the NHWC concatenations' rows are one pixel's 16-128
/// channels, which the 32-element loop of quantizeAvx2 left (16-channel parts) entirely to the scalar tail.
QS_AVX2 void quantizeU8RowsAvx2(
    const float* x, size_t rows, size_t cols, float scale, int32_t zeroPoint, uint8_t* y, size_t yStride)
{
    if (!(scale > 0.0f && zeroPoint >= -65536 && zeroPoint <= 65536) || cols % 8 != 0) {
        for (size_t r = 0; r < rows; ++r)
            quantizeAvx2<false>(x + r * cols, cols, scale, zeroPoint, y + r * yStride);
        return;
    }
    const __m256 vs = _mm256_set1_ps(scale), xHi = _mm256_set1_ps(float(255 - zeroPoint) * scale),
                 xLo = _mm256_set1_ps(float(-zeroPoint) * scale);
    const __m256i vz = _mm256_set1_epi32(zeroPoint);
    for (size_t r = 0; r < rows; ++r) {
        const float* xr = x + r * cols;
        uint8_t* yr = y + r * yStride;
        size_t i = quantizeU8ClampedBlocks(xr, cols, vs, xLo, xHi, vz, yr);
        for (; i < cols; i += 8) {
            // packs then packus of the vector with itself: bytes 0-3 of each 128-bit lane are elements 0-3 and 4-7.
            const __m256i a = quantizeU8Clamped8(xr + i, vs, xLo, xHi, vz);
            const __m256i t = _mm256_packus_epi16(_mm256_packs_epi32(a, a), _mm256_packs_epi32(a, a));
            const __m128i lo = _mm256_castsi256_si128(t), hi = _mm256_extracti128_si256(t, 1);
            _mm_storel_epi64(reinterpret_cast<__m128i*>(yr + i), _mm_unpacklo_epi32(lo, hi));
        }
    }
}
void quantizeS8Avx2(const float* x, size_t n, float scale, int32_t zeroPoint, int8_t* y)
{
    quantizeAvx2<true>(x, n, scale, zeroPoint, y);
}

QS_AVX2 inline void dequantize8(__m256i xi, __m256i zp, __m256 scale, float* y)
{
    _mm256_storeu_ps(y, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(xi, zp)), scale));
}

QS_AVX2 void dequantizeU8Avx2(const uint8_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    const __m256i vz = _mm256_set1_epi32(zeroPoint);
    const __m256 vs = _mm256_set1_ps(scale);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + i));
        dequantize8(_mm256_cvtepu8_epi32(b), vz, vs, y + i);
        dequantize8(_mm256_cvtepu8_epi32(_mm_srli_si128(b, 8)), vz, vs, y + i + 8);
    }
    for (; i < n; ++i)
        y[i] = detail::dequantizeOne(x[i], zeroPoint, scale);
}

QS_AVX2 void dequantizeS8Avx2(const int8_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    const __m256i vz = _mm256_set1_epi32(zeroPoint);
    const __m256 vs = _mm256_set1_ps(scale);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + i));
        dequantize8(_mm256_cvtepi8_epi32(b), vz, vs, y + i);
        dequantize8(_mm256_cvtepi8_epi32(_mm_srli_si128(b, 8)), vz, vs, y + i + 8);
    }
    for (; i < n; ++i)
        y[i] = detail::dequantizeOne(x[i], zeroPoint, scale);
}

QS_AVX2 void dequantizeS32Avx2(const int32_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    const __m256i vz = _mm256_set1_epi32(zeroPoint);
    const __m256 vs = _mm256_set1_ps(scale);
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        dequantize8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + i)), vz, vs, y + i);
    for (; i < n; ++i)
        y[i] = detail::dequantizeOne(x[i], zeroPoint, scale);
}

} // namespace

namespace detail {
const QuantKernelTable kAvx2Table {
    minMaxAvx2,
    quantizeU8Avx2,
    quantizeS8Avx2,
    dequantizeU8Avx2,
    dequantizeS8Avx2,
    dequantizeS32Avx2,
    quantizeU8RowsAvx2,
};
} // namespace detail

} // namespace qs::quant
