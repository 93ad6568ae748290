// SPDX-License-Identifier: MIT
// The engine's own vectorised exp (Cody-Waite reduction by ln 2 and Cephes' expf polynomial, about 1 ulp from
// libm's expf): one definition for every kernel that needs it (Softmax, the activations of
// kernels/cpu/activation_simd.h), so their results agree lane for lane and a change to the polynomial reaches all of
// them. The fused dynamic convolution's SiLU epilogues have a shorter form of their own
// (int8/float_epilogue_avx512.cpp: SiLU tolerates a one-step reduction that a general exp does not).
#pragma once

#include <immintrin.h>

#ifndef QS_AVX2
#define QS_AVX2 __attribute__((target("avx2,fma")))
#endif
#ifndef QS_AVX512
#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma")))
#endif

namespace qs::kernels {

/// e^r for x = n ln 2 + r, |r| <= ln 2 / 2, given the integer n = round(x log2 e) (Cody-Waite reduction by ln 2,
/// Cephes' expf polynomial).
QS_AVX2 inline __m256 expMantissaAvx2(__m256 x, __m256 n)
{
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
    r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
    __m256 p = _mm256_set1_ps(1.9875691500e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    return _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1.0f)));
}

/// exp(x) for x in [-87.3, 88]: Cody-Waite reduction by ln 2 and Cephes' expf polynomial (about 1 ulp).
QS_AVX2 inline __m256 expAvx2(__m256 x)
{
    x = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-87.3f)), _mm256_set1_ps(88.0f));
    // n = round-half-even(x·log2e) by adding and subtracting 1.5·2^23 (exact for |x·log2e| < 2^22, as after the
    // clamp) instead of vroundps: the sum's low mantissa bits are then n itself, so 2^n's exponent field is
    // (bits(t) + 127) << 23 (the shift drops the magic's bits) with no float-to-int conversion. Same n, same 2^n,
    // so the same results as the round/convert form; ~5 % off the AVX2 SiLU epilogue.
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    const __m256 t = _mm256_add_ps(_mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)), magic);
    const __m256 p = expMantissaAvx2(x, _mm256_sub_ps(t, magic));
    const __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_castps_si256(t), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(p, _mm256_castsi256_ps(e));
}

/// exp(x) over all floats, as std::exp: +inf above 88.72, subnormal results down to -103.97, then 0; NaN stays NaN.
/// For the ONNX Exp op and activations whose scalar definitions reach those ranges; expAvx2 clamps instead.
QS_AVX2 inline __m256 expFullAvx2(__m256 x)
{
    // Constant first: max/min return their second operand when one is NaN, so a NaN x passes through.
    x = _mm256_min_ps(_mm256_set1_ps(89.0f), _mm256_max_ps(_mm256_set1_ps(-104.0f), x));
    const __m256 n = _mm256_round_ps(
        _mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256 p = expMantissaAvx2(x, n);
    // n in [-150, 129] after the clamp: 2^n is not always a normal float, so scale by 2^(n/2) (exact, p stays
    // normal) and then 2^(n - n/2): one rounding of p * 2^n, the same as AVX-512's vscalefps, into the subnormals
    // or to +inf.
    const __m256i ni = _mm256_cvtps_epi32(n);
    const __m256i n1 = _mm256_srai_epi32(ni, 1);
    const __m256i n2 = _mm256_sub_epi32(ni, n1);
    const __m256i bias = _mm256_set1_epi32(127);
    const __m256 s1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n1, bias), 23));
    const __m256 s2 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n2, bias), 23));
    return _mm256_mul_ps(_mm256_mul_ps(p, s1), s2);
}

/// expMantissaAvx2 on 16 lanes, n computed here (same constants, same fused multiply-adds).
QS_AVX512 inline __m512 expReducedAvx512(__m512 x, __m512& n)
{
    n = _mm512_roundscale_ps(
        _mm512_mul_ps(x, _mm512_set1_ps(1.44269504088896341f)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693359375f), x);
    r = _mm512_fnmadd_ps(n, _mm512_set1_ps(-2.12194440e-4f), r);
    __m512 p = _mm512_set1_ps(1.9875691500e-4f);
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.3981999507e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(8.3334519073e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(4.1665795894e-2f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.6666665459e-1f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(5.0000001201e-1f));
    return _mm512_fmadd_ps(p, _mm512_mul_ps(r, r), _mm512_add_ps(r, _mm512_set1_ps(1.0f)));
}

/// expAvx2's operations on 16 lanes (same constants, same fused multiply-adds, the same final product by 2^n:
/// identical results per lane).
QS_AVX512 inline __m512 expAvx512(__m512 x)
{
    x = _mm512_min_ps(_mm512_max_ps(x, _mm512_set1_ps(-87.3f)), _mm512_set1_ps(88.0f));
    __m512 n;
    const __m512 p = expReducedAvx512(x, n);
    // p * 2^n in one vscalefps instead of building 2^n's bits (convert, add, shift) and multiplying: n is an integer
    // in [-126, 127] after the clamp, so 2^n is a normal float and both forms are the same single rounding of p * 2^n.
    return _mm512_scalef_ps(p, n);
}

/// expFullAvx2 on 16 lanes: vscalefps rounds p * 2^n once for any n, into the subnormals or to +inf, exactly as
/// expFullAvx2's two-step scaling does.
QS_AVX512 inline __m512 expFullAvx512(__m512 x)
{
    x = _mm512_min_ps(_mm512_set1_ps(89.0f), _mm512_max_ps(_mm512_set1_ps(-104.0f), x));
    __m512 n;
    const __m512 p = expReducedAvx512(x, n);
    return _mm512_scalef_ps(p, n);
}

} // namespace qs::kernels
