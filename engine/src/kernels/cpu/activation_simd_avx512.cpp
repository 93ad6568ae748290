// SPDX-License-Identifier: MIT
// AVX-512 activation loops (activation_simd.h): activation_simd_avx2.cpp's operations on 16 lanes, with mask
// registers for comparisons and the tail. Sign-bit logic goes through the integer domain (vandps and friends on zmm
// need AVX512DQ, which QS_AVX512 does not assume).
#include "kernels/cpu/activation_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "kernels/simd_exp.h"

#include <immintrin.h>

namespace qs::kernels {

namespace {

using OpAvx512 = __m512 (*)(__m512 x, __m512 a, __m512 b);

template <OpAvx512 kOp> QS_AVX512 void loopAvx512(const float* x, float* y, int64_t n, float a, float b)
{
    const __m512 va = _mm512_set1_ps(a), vb = _mm512_set1_ps(b);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(y + i, kOp(_mm512_loadu_ps(x + i), va, vb));
    if (i < n) {
        const __mmask16 m = __mmask16((1u << (n - i)) - 1);
        _mm512_mask_storeu_ps(y + i, m, kOp(_mm512_maskz_loadu_ps(m, x + i), va, vb));
    }
}

QS_AVX512 inline __m512i bitsOf(__m512 x)
{
    return _mm512_castps_si512(x);
}

QS_AVX512 inline __m512 negAvx512(__m512 x)
{
    return _mm512_castsi512_ps(_mm512_xor_si512(bitsOf(x), _mm512_set1_epi32(int(0x80000000u))));
}

QS_AVX512 inline __mmask16 geZero(__m512 x)
{
    return _mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_GE_OQ);
}

QS_AVX512 inline __m512 reluAvx512(__m512 x, __m512, __m512)
{
    return _mm512_max_ps(x, _mm512_setzero_ps());
}

QS_AVX512 inline __m512 leakyReluAvx512(__m512 x, __m512 a, __m512)
{
    return _mm512_mask_blend_ps(geZero(x), _mm512_mul_ps(x, a), x);
}

QS_AVX512 inline __m512 eluAvx512(__m512 x, __m512 a, __m512)
{
    const __m512 neg = _mm512_mul_ps(a, _mm512_sub_ps(expFullAvx512(x), _mm512_set1_ps(1.0f)));
    return _mm512_mask_blend_ps(geZero(x), neg, x);
}

QS_AVX512 inline __m512 celuAvx512(__m512 x, __m512 a, __m512)
{
    const __m512 e = _mm512_mul_ps(a, _mm512_sub_ps(expFullAvx512(_mm512_div_ps(x, a)), _mm512_set1_ps(1.0f)));
    return _mm512_add_ps(_mm512_max_ps(x, _mm512_setzero_ps()), _mm512_min_ps(e, _mm512_setzero_ps()));
}

QS_AVX512 inline __m512 seluAvx512(__m512 x, __m512 a, __m512 b)
{
    const __m512 neg = _mm512_mul_ps(b, _mm512_sub_ps(_mm512_mul_ps(a, expFullAvx512(x)), a));
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_GT_OQ), neg, _mm512_mul_ps(b, x));
}

QS_AVX512 inline __m512 sigmoidAvx512(__m512 x, __m512, __m512)
{
    const __m512 one = _mm512_set1_ps(1.0f);
    return _mm512_div_ps(one, _mm512_add_ps(one, expFullAvx512(negAvx512(x))));
}

QS_AVX512 inline __m512 hardSigmoidAvx512(__m512 x, __m512 a, __m512 b)
{
    const __m512 v = _mm512_add_ps(_mm512_mul_ps(a, x), b);
    return _mm512_max_ps(_mm512_min_ps(v, _mm512_set1_ps(1.0f)), _mm512_setzero_ps());
}

QS_AVX512 inline __m512 hardSwishAvx512(__m512 x, __m512, __m512)
{
    const __m512 v = _mm512_add_ps(_mm512_div_ps(x, _mm512_set1_ps(6.0f)), _mm512_set1_ps(0.5f));
    return _mm512_mul_ps(x, _mm512_max_ps(_mm512_min_ps(v, _mm512_set1_ps(1.0f)), _mm512_setzero_ps()));
}

QS_AVX512 inline __m512 softsignAvx512(__m512 x, __m512, __m512)
{
    return _mm512_div_ps(x, _mm512_add_ps(_mm512_set1_ps(1.0f), _mm512_abs_ps(x)));
}

QS_AVX512 inline __m512 tanhAvx512(__m512 x, __m512, __m512)
{
    const __m512 one = _mm512_set1_ps(1.0f);
    const __m512 z = _mm512_abs_ps(x);
    const __m512 e = expFullAvx512(_mm512_add_ps(z, z));
    __m512 big = _mm512_sub_ps(one, _mm512_div_ps(_mm512_set1_ps(2.0f), _mm512_add_ps(e, one)));
    big = _mm512_castsi512_ps(
        _mm512_or_si512(bitsOf(big), _mm512_and_si512(bitsOf(x), _mm512_set1_epi32(int(0x80000000u)))));
    const __m512 s = _mm512_mul_ps(x, x);
    __m512 p = _mm512_set1_ps(-5.70498872745e-3f);
    p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(2.06390887954e-2f));
    p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(-5.37397155531e-2f));
    p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(1.33314422036e-1f));
    p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(-3.33332819422e-1f));
    const __m512 small = _mm512_fmadd_ps(_mm512_mul_ps(p, s), x, x);
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(z, _mm512_set1_ps(0.625f), _CMP_LT_OQ), big, small);
}

QS_AVX512 inline __m512 logPositiveAvx512(__m512 x)
{
    const __m512 one = _mm512_set1_ps(1.0f);
    const __m512i bits = bitsOf(x);
    __m512 e = _mm512_cvtepi32_ps(_mm512_sub_epi32(_mm512_srli_epi32(bits, 23), _mm512_set1_epi32(126)));
    __m512 m = _mm512_castsi512_ps(
        _mm512_or_si512(_mm512_and_si512(bits, _mm512_set1_epi32(0x007fffff)), _mm512_set1_epi32(0x3f000000)));
    const __mmask16 low = _mm512_cmp_ps_mask(m, _mm512_set1_ps(0.707106781186547524f), _CMP_LT_OQ);
    e = _mm512_mask_sub_ps(e, low, e, one);
    m = _mm512_sub_ps(_mm512_mask_add_ps(m, low, m, m), one);
    const __m512 z = _mm512_mul_ps(m, m);
    __m512 y = _mm512_set1_ps(7.0376836292e-2f);
    y = _mm512_fmadd_ps(y, m, _mm512_set1_ps(-1.1514610310e-1f));
    y = _mm512_fmadd_ps(y, m, _mm512_set1_ps(1.1676998740e-1f));
    y = _mm512_fmadd_ps(y, m, _mm512_set1_ps(-1.2420140846e-1f));
    y = _mm512_fmadd_ps(y, m, _mm512_set1_ps(1.4249322787e-1f));
    y = _mm512_fmadd_ps(y, m, _mm512_set1_ps(-1.6668057665e-1f));
    y = _mm512_fmadd_ps(y, m, _mm512_set1_ps(2.0000714765e-1f));
    y = _mm512_fmadd_ps(y, m, _mm512_set1_ps(-2.4999993993e-1f));
    y = _mm512_fmadd_ps(y, m, _mm512_set1_ps(3.3333331174e-1f));
    y = _mm512_mul_ps(_mm512_mul_ps(y, m), z);
    y = _mm512_fmadd_ps(e, _mm512_set1_ps(-2.12194440e-4f), y);
    y = _mm512_fnmadd_ps(_mm512_set1_ps(0.5f), z, y);
    return _mm512_fmadd_ps(e, _mm512_set1_ps(0.693359375f), _mm512_add_ps(m, y));
}

QS_AVX512 inline __m512 softplusAvx512(__m512 x, __m512, __m512)
{
    const __m512 one = _mm512_set1_ps(1.0f);
    const __m512 e = expFullAvx512(x);
    const __m512 u = _mm512_add_ps(one, e);
    const __m512 d = _mm512_sub_ps(u, one);
    const __m512 lp = _mm512_mul_ps(logPositiveAvx512(u), _mm512_div_ps(e, d));
    const __m512 r = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(d, _mm512_setzero_ps(), _CMP_EQ_OQ), lp, e);
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, _mm512_set1_ps(20.0f), _CMP_GT_OQ), r, x);
}

QS_AVX512 inline __m512 mishAvx512(__m512 x, __m512 a, __m512 b)
{
    return _mm512_mul_ps(x, tanhAvx512(softplusAvx512(x, a, b), a, b));
}

/// erf(x): x * P(x^2) below |x| = 0.8, 1 - e^-x^2 * R(|x|) above (R = erfc * e^x^2 on [0.8, 4] in u = (|x| - 2.4) /
/// 1.6; erf rounds to +-1 beyond 3.9). Both polynomials are Chebyshev fits (mpmath.chebyfit) of degree 6 in x^2 and
/// 12 in u, within 6e-11 and 6e-9 of the functions; evaluated in float they stay within 2 ulp of erf.
QS_AVX512 inline __m512 erfAvx512(__m512 x, __m512, __m512)
{
    const __m512 a = _mm512_min_ps(_mm512_set1_ps(4.0f), _mm512_abs_ps(x)); // NaN passes
    const __m512 z = _mm512_mul_ps(x, x);
    __m512 s = _mm512_set1_ps(9.164211951429024e-05f);
    s = _mm512_fmadd_ps(s, z, _mm512_set1_ps(-0.0008306234376505017f));
    s = _mm512_fmadd_ps(s, z, _mm512_set1_ps(0.005213663447648287f));
    s = _mm512_fmadd_ps(s, z, _mm512_set1_ps(-0.026863889768719673f));
    s = _mm512_fmadd_ps(s, z, _mm512_set1_ps(0.11283767223358154f));
    s = _mm512_fmadd_ps(s, z, _mm512_set1_ps(-0.37612637877464294f));
    s = _mm512_fmadd_ps(s, z, _mm512_set1_ps(1.128379225730896f));
    s = _mm512_mul_ps(x, s);
    const __m512 u = _mm512_fmadd_ps(a, _mm512_set1_ps(0.625f), _mm512_set1_ps(-1.5f));
    __m512 r = _mm512_set1_ps(4.300882574170828e-05f);
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(-0.00010972511518048123f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(0.00013441528426483274f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(-0.000313867669319734f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(0.0008861223468557f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(-0.0020061801187694073f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(0.004308655392378569f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(-0.00914792437106371f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(0.018794067203998566f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(-0.03713652864098549f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(0.07038501650094986f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(-0.12733633816242218f));
    r = _mm512_fmadd_ps(r, u, _mm512_set1_ps(0.21849873661994934f));
    const __m512 e = expFullAvx512(negAvx512(_mm512_mul_ps(a, a)));
    __m512 big = _mm512_fnmadd_ps(e, r, _mm512_set1_ps(1.0f));
    big = _mm512_castsi512_ps(
        _mm512_or_si512(bitsOf(big), _mm512_and_si512(bitsOf(x), _mm512_set1_epi32(int(0x80000000u)))));
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, _mm512_set1_ps(0.8f), _CMP_LT_OQ), big, s);
}

/// The scalar definition 0.5 x (1 + erf(x / sqrt 2)), same operations.
QS_AVX512 inline __m512 geluAvx512(__m512 x, __m512 a, __m512 b)
{
    const __m512 e = erfAvx512(_mm512_mul_ps(x, _mm512_set1_ps(0.70710678118654752f)), a, b);
    return _mm512_mul_ps(_mm512_mul_ps(_mm512_set1_ps(0.5f), x), _mm512_add_ps(_mm512_set1_ps(1.0f), e));
}

QS_AVX512 inline __m512 expOpAvx512(__m512 x, __m512, __m512)
{
    return expFullAvx512(x);
}

QS_AVX512 inline __m512 clipAvx512(__m512 x, __m512 lo, __m512 hi)
{
    return _mm512_min_ps(hi, _mm512_max_ps(lo, x));
}

} // namespace

namespace detail {

VectorActivationFn vectorActivationAvx512(VectorActivation op) noexcept
{
    switch (op) {
    case VectorActivation::Relu:
        return loopAvx512<reluAvx512>;
    case VectorActivation::LeakyRelu:
        return loopAvx512<leakyReluAvx512>;
    case VectorActivation::Elu:
        return loopAvx512<eluAvx512>;
    case VectorActivation::Celu:
        return loopAvx512<celuAvx512>;
    case VectorActivation::Selu:
        return loopAvx512<seluAvx512>;
    case VectorActivation::Sigmoid:
        return loopAvx512<sigmoidAvx512>;
    case VectorActivation::HardSigmoid:
        return loopAvx512<hardSigmoidAvx512>;
    case VectorActivation::HardSwish:
        return loopAvx512<hardSwishAvx512>;
    case VectorActivation::Softsign:
        return loopAvx512<softsignAvx512>;
    case VectorActivation::Tanh:
        return loopAvx512<tanhAvx512>;
    case VectorActivation::Exp:
        return loopAvx512<expOpAvx512>;
    case VectorActivation::Softplus:
        return loopAvx512<softplusAvx512>;
    case VectorActivation::Mish:
        return loopAvx512<mishAvx512>;
    case VectorActivation::Erf:
        return loopAvx512<erfAvx512>;
    case VectorActivation::Gelu:
        return loopAvx512<geluAvx512>;
    case VectorActivation::Clip:
        return loopAvx512<clipAvx512>;
    }
    return nullptr;
}

} // namespace detail

} // namespace qs::kernels
