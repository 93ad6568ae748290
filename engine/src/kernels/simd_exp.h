// SPDX-License-Identifier: MIT
// The engine's own vectorised exp (Cody-Waite reduction by ln 2 and Cephes' expf polynomial, about 1 ulp from
// libm's expf): one definition for every kernel that needs it (the fused conv's SiLU epilogue, strided Softmax),
// so their results agree lane for lane and a change to the polynomial reaches all of them.
#pragma once

#include <immintrin.h>

#ifndef QS_AVX2
#define QS_AVX2 __attribute__((target("avx2,fma")))
#endif
#ifndef QS_AVX512
#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma")))
#endif

namespace qs::kernels {

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
    const __m256 n = _mm256_sub_ps(t, magic);
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
    r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
    __m256 p = _mm256_set1_ps(1.9875691500e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1.0f)));
    const __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_castps_si256(t), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(p, _mm256_castsi256_ps(e));
}

/// expAvx2's operations on 16 lanes (same constants, same fused multiply-adds, the same final product by 2^n:
/// identical results per lane).
QS_AVX512 inline __m512 expAvx512(__m512 x)
{
    x = _mm512_min_ps(_mm512_max_ps(x, _mm512_set1_ps(-87.3f)), _mm512_set1_ps(88.0f));
    const __m512 n = _mm512_roundscale_ps(
        _mm512_mul_ps(x, _mm512_set1_ps(1.44269504088896341f)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693359375f), x);
    r = _mm512_fnmadd_ps(n, _mm512_set1_ps(-2.12194440e-4f), r);
    __m512 p = _mm512_set1_ps(1.9875691500e-4f);
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.3981999507e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(8.3334519073e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(4.1665795894e-2f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.6666665459e-1f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(5.0000001201e-1f));
    p = _mm512_fmadd_ps(p, _mm512_mul_ps(r, r), _mm512_add_ps(r, _mm512_set1_ps(1.0f)));
    // p * 2^n in one vscalefps instead of building 2^n's bits (convert, add, shift) and multiplying: n is an integer
    // in [-126, 127] after the clamp, so 2^n is a normal float and both forms are the same single rounding of p * 2^n.
    return _mm512_scalef_ps(p, n);
}

} // namespace qs::kernels
