// SPDX-License-Identifier: MIT
// The AVX2 rows of QLinearAdd / QLinearMul (detail::kBinaryRowsAvx2U8 / S8). Every function carries its own target
// attribute (kernels/README.md: no per-file -m flags). Mul's AVX2 row is compiled without FMA so that the compiler
// cannot contract its multiply-add (ORT's SSE2 kernel rounds the product and the sum separately).
#include "kernels/qops/qlinear_binary_rows.h"

#include <cmath>
#include <immintrin.h>
#include <type_traits>

namespace qs::kernels::qops {

namespace {

using detail::saturateRound;

#define QS_AVX2_FMA __attribute__((target("avx2,fma")))
#define QS_AVX2 __attribute__((target("avx2")))

template <typename T> QS_AVX2 inline __m256 load8(const T* p)
{
    const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
    if constexpr (std::is_same_v<T, int8_t>)
        return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(bytes));
    else
        return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes));
}

template <typename T> QS_AVX2 inline __m256i load8i(const T* p)
{
    const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
    if constexpr (std::is_same_v<T, int8_t>)
        return _mm256_cvtepi8_epi32(bytes);
    else
        return _mm256_cvtepu8_epi32(bytes);
}

/// Round half to even (cvtps2dq), saturate through int16 to T, store 8 values.
template <typename T> QS_AVX2 inline void store8(__m256 v, T* c)
{
    const __m256i i32 = _mm256_cvtps_epi32(v);
    const __m128i s16 = _mm_packs_epi32(_mm256_castsi256_si128(i32), _mm256_extracti128_si256(i32, 1));
    const __m128i s8 = std::is_same_v<T, int8_t> ? _mm_packs_epi16(s16, s16) : _mm_packus_epi16(s16, s16);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(c), s8);
}

template <typename T> QS_AVX2_FMA void fmaRowAvx2(const T* x, int64_t n, float r, float f, T* c)
{
    const __m256 vr = _mm256_set1_ps(r), vf = _mm256_set1_ps(f);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        store8(_mm256_fmadd_ps(load8(x + i), vr, vf), c + i);
    for (; i < n; ++i)
        c[i] = saturateRound<T>(std::fma(float(x[i]), r, f));
}

template <typename T> QS_AVX2_FMA void fma2RowAvx2(const T* a, const T* b, int64_t n, float rA, float rB, float f, T* c)
{
    const __m256 va = _mm256_set1_ps(rA), vb = _mm256_set1_ps(rB), vf = _mm256_set1_ps(f);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        store8(_mm256_fmadd_ps(load8(a + i), va, _mm256_fmadd_ps(load8(b + i), vb, vf)), c + i);
    for (; i < n; ++i)
        c[i] = saturateRound<T>(std::fma(float(a[i]), rA, std::fma(float(b[i]), rB, f)));
}

template <typename T>
QS_AVX2 void mulRowAvx2(
    const T* a, const T* b, int64_t bStride, int64_t n, int32_t zA, int32_t zB, float ratio, float zc, T* c)
{
    const __m256i vzA = _mm256_set1_epi32(zA);
    const __m256 vr = _mm256_set1_ps(ratio), vzc = _mm256_set1_ps(zc);
    const __m256i bConst = _mm256_set1_epi32(bStride == 0 ? int32_t(b[0]) - zB : 0);
    const __m256i vzB = _mm256_set1_epi32(zB);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256i da = _mm256_sub_epi32(load8i(a + i), vzA);
        const __m256i db = bStride == 0 ? bConst : _mm256_sub_epi32(load8i(b + i), vzB);
        const __m256 prod = _mm256_cvtepi32_ps(_mm256_mullo_epi32(da, db));
        store8(_mm256_add_ps(_mm256_mul_ps(prod, vr), vzc), c + i);
    }
    for (; i < n; ++i) {
        const int32_t prod = (int32_t(a[i]) - zA) * (int32_t(b[i * bStride]) - zB);
        const float scaled = float(prod) * ratio; // no FMA in this target: two roundings
        c[i] = saturateRound<T>(scaled + zc);
    }
}

} // namespace

namespace detail {
const BinaryRows<uint8_t> kBinaryRowsAvx2U8 { fmaRowAvx2<uint8_t>, fma2RowAvx2<uint8_t>, mulRowAvx2<uint8_t> };
const BinaryRows<int8_t> kBinaryRowsAvx2S8 { fmaRowAvx2<int8_t>, fma2RowAvx2<int8_t>, mulRowAvx2<int8_t> };
} // namespace detail

} // namespace qs::kernels::qops
