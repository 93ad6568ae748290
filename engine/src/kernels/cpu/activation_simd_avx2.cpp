// SPDX-License-Identifier: MIT
// AVX2 activation loops (activation_simd.h). Every function carries its own target attribute (no per-file -mavx2),
// as in quant/quant_kernels_avx2.cpp, so no shared inline function is ever emitted with AVX2 for generic callers.
// Min/max put the constant first wherever the scalar definition lets a NaN through, the input first where the scalar
// definition maps NaN to the constant: vminps/vmaxps return their second operand when one is NaN.
#include "kernels/cpu/activation_simd.h"
#include "kernels/simd_exp.h"

#include <immintrin.h>

namespace qs::kernels {

namespace {

using OpAvx2 = __m256 (*)(__m256 x, __m256 a, __m256 b);

template <OpAvx2 kOp> QS_AVX2 void loopAvx2(const float* x, float* y, int64_t n, float a, float b)
{
    const __m256 va = _mm256_set1_ps(a), vb = _mm256_set1_ps(b);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(y + i, kOp(_mm256_loadu_ps(x + i), va, vb));
    if (i < n) {
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(int(n - i)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        _mm256_maskstore_ps(y + i, m, kOp(_mm256_maskload_ps(x + i, m), va, vb));
    }
}

QS_AVX2 inline __m256 negAvx2(__m256 x)
{
    return _mm256_xor_ps(x, _mm256_set1_ps(-0.0f));
}

QS_AVX2 inline __m256 geZero(__m256 x)
{
    return _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_GE_OQ);
}

QS_AVX2 inline __m256 reluAvx2(__m256 x, __m256, __m256)
{
    return _mm256_max_ps(x, _mm256_setzero_ps()); // NaN -> 0 like `x > 0 ? x : 0`
}

QS_AVX2 inline __m256 leakyReluAvx2(__m256 x, __m256 a, __m256)
{
    return _mm256_blendv_ps(_mm256_mul_ps(x, a), x, geZero(x));
}

QS_AVX2 inline __m256 eluAvx2(__m256 x, __m256 a, __m256)
{
    const __m256 neg = _mm256_mul_ps(a, _mm256_sub_ps(expFullAvx2(x), _mm256_set1_ps(1.0f)));
    return _mm256_blendv_ps(neg, x, geZero(x));
}

QS_AVX2 inline __m256 celuAvx2(__m256 x, __m256 a, __m256)
{
    const __m256 e = _mm256_mul_ps(a, _mm256_sub_ps(expFullAvx2(_mm256_div_ps(x, a)), _mm256_set1_ps(1.0f)));
    return _mm256_add_ps(_mm256_max_ps(x, _mm256_setzero_ps()), _mm256_min_ps(e, _mm256_setzero_ps()));
}

QS_AVX2 inline __m256 seluAvx2(__m256 x, __m256 a, __m256 b)
{
    const __m256 neg = _mm256_mul_ps(b, _mm256_sub_ps(_mm256_mul_ps(a, expFullAvx2(x)), a));
    return _mm256_blendv_ps(neg, _mm256_mul_ps(b, x), _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_GT_OQ));
}

QS_AVX2 inline __m256 sigmoidAvx2(__m256 x, __m256, __m256)
{
    const __m256 one = _mm256_set1_ps(1.0f);
    return _mm256_div_ps(one, _mm256_add_ps(one, expFullAvx2(negAvx2(x))));
}

QS_AVX2 inline __m256 hardSigmoidAvx2(__m256 x, __m256 a, __m256 b)
{
    const __m256 v = _mm256_add_ps(_mm256_mul_ps(a, x), b);
    return _mm256_max_ps(_mm256_min_ps(v, _mm256_set1_ps(1.0f)), _mm256_setzero_ps());
}

QS_AVX2 inline __m256 hardSwishAvx2(__m256 x, __m256, __m256)
{
    // x / 6 as a division, like the scalar definition (a product by 1/6 differs in the last bit).
    const __m256 v = _mm256_add_ps(_mm256_div_ps(x, _mm256_set1_ps(6.0f)), _mm256_set1_ps(0.5f));
    return _mm256_mul_ps(x, _mm256_max_ps(_mm256_min_ps(v, _mm256_set1_ps(1.0f)), _mm256_setzero_ps()));
}

QS_AVX2 inline __m256 softsignAvx2(__m256 x, __m256, __m256)
{
    const __m256 ax = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x);
    return _mm256_div_ps(x, _mm256_add_ps(_mm256_set1_ps(1.0f), ax));
}

/// Cephes' tanhf: an odd polynomial below |x| = 0.625 (where 1 - 2/(e^2x + 1) would cancel), that form above.
QS_AVX2 inline __m256 tanhAvx2(__m256 x, __m256, __m256)
{
    const __m256 signBit = _mm256_set1_ps(-0.0f);
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 z = _mm256_andnot_ps(signBit, x);
    const __m256 e = expFullAvx2(_mm256_add_ps(z, z));
    __m256 big = _mm256_sub_ps(one, _mm256_div_ps(_mm256_set1_ps(2.0f), _mm256_add_ps(e, one)));
    big = _mm256_or_ps(big, _mm256_and_ps(x, signBit));
    const __m256 s = _mm256_mul_ps(x, x);
    __m256 p = _mm256_set1_ps(-5.70498872745e-3f);
    p = _mm256_fmadd_ps(p, s, _mm256_set1_ps(2.06390887954e-2f));
    p = _mm256_fmadd_ps(p, s, _mm256_set1_ps(-5.37397155531e-2f));
    p = _mm256_fmadd_ps(p, s, _mm256_set1_ps(1.33314422036e-1f));
    p = _mm256_fmadd_ps(p, s, _mm256_set1_ps(-3.33332819422e-1f));
    const __m256 small = _mm256_fmadd_ps(_mm256_mul_ps(p, s), x, x);
    return _mm256_blendv_ps(big, small, _mm256_cmp_ps(z, _mm256_set1_ps(0.625f), _CMP_LT_OQ));
}

/// log(x) for positive normal x: Cephes' logf (mantissa in [sqrt(1/2), sqrt(2)), a degree-9 polynomial, ln 2 split
/// in two parts like the exp's reduction).
QS_AVX2 inline __m256 logPositiveAvx2(__m256 x)
{
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256i bits = _mm256_castps_si256(x);
    __m256 e = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_srli_epi32(bits, 23), _mm256_set1_epi32(126)));
    __m256 m = _mm256_castsi256_ps(
        _mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi32(0x007fffff)), _mm256_set1_epi32(0x3f000000)));
    const __m256 low = _mm256_cmp_ps(m, _mm256_set1_ps(0.707106781186547524f), _CMP_LT_OQ);
    e = _mm256_sub_ps(e, _mm256_and_ps(low, one));
    m = _mm256_sub_ps(_mm256_add_ps(m, _mm256_and_ps(low, m)), one);
    const __m256 z = _mm256_mul_ps(m, m);
    __m256 y = _mm256_set1_ps(7.0376836292e-2f);
    y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(-1.1514610310e-1f));
    y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(1.1676998740e-1f));
    y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(-1.2420140846e-1f));
    y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(1.4249322787e-1f));
    y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(-1.6668057665e-1f));
    y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(2.0000714765e-1f));
    y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(-2.4999993993e-1f));
    y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(3.3333331174e-1f));
    y = _mm256_mul_ps(_mm256_mul_ps(y, m), z);
    y = _mm256_fmadd_ps(e, _mm256_set1_ps(-2.12194440e-4f), y);
    y = _mm256_fnmadd_ps(_mm256_set1_ps(0.5f), z, y);
    return _mm256_fmadd_ps(e, _mm256_set1_ps(0.693359375f), _mm256_add_ps(m, y));
}

/// The scalar definition x > 20 ? x : log1p(exp(x)), with log1p(e) = log(1 + e) * e / ((1 + e) - 1) (exact to the
/// rounding of 1 + e, Goldberg's correction), e itself where 1 + e rounds to 1.
QS_AVX2 inline __m256 softplusAvx2(__m256 x, __m256, __m256)
{
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 e = expFullAvx2(x);
    const __m256 u = _mm256_add_ps(one, e);
    const __m256 d = _mm256_sub_ps(u, one);
    const __m256 lp = _mm256_mul_ps(logPositiveAvx2(u), _mm256_div_ps(e, d));
    const __m256 r = _mm256_blendv_ps(lp, e, _mm256_cmp_ps(d, _mm256_setzero_ps(), _CMP_EQ_OQ));
    return _mm256_blendv_ps(r, x, _mm256_cmp_ps(x, _mm256_set1_ps(20.0f), _CMP_GT_OQ));
}

QS_AVX2 inline __m256 mishAvx2(__m256 x, __m256 a, __m256 b)
{
    return _mm256_mul_ps(x, tanhAvx2(softplusAvx2(x, a, b), a, b));
}

/// erf(x): x * P(x^2) below |x| = 0.8, 1 - e^-x^2 * R(|x|) above (R = erfc * e^x^2 on [0.8, 4] in u = (|x| - 2.4) /
/// 1.6; erf rounds to +-1 beyond 3.9). Both polynomials are Chebyshev fits (mpmath.chebyfit) of degree 6 in x^2 and
/// 12 in u, within 6e-11 and 6e-9 of the functions; evaluated in float they stay within 2 ulp of erf.
QS_AVX2 inline __m256 erfAvx2(__m256 x, __m256, __m256)
{
    const __m256 signBit = _mm256_set1_ps(-0.0f);
    const __m256 a = _mm256_min_ps(_mm256_set1_ps(4.0f), _mm256_andnot_ps(signBit, x)); // NaN passes
    const __m256 z = _mm256_mul_ps(x, x);
    __m256 s = _mm256_set1_ps(9.164211951429024e-05f);
    s = _mm256_fmadd_ps(s, z, _mm256_set1_ps(-0.0008306234376505017f));
    s = _mm256_fmadd_ps(s, z, _mm256_set1_ps(0.005213663447648287f));
    s = _mm256_fmadd_ps(s, z, _mm256_set1_ps(-0.026863889768719673f));
    s = _mm256_fmadd_ps(s, z, _mm256_set1_ps(0.11283767223358154f));
    s = _mm256_fmadd_ps(s, z, _mm256_set1_ps(-0.37612637877464294f));
    s = _mm256_fmadd_ps(s, z, _mm256_set1_ps(1.128379225730896f));
    s = _mm256_mul_ps(x, s);
    const __m256 u = _mm256_fmadd_ps(a, _mm256_set1_ps(0.625f), _mm256_set1_ps(-1.5f));
    __m256 r = _mm256_set1_ps(4.300882574170828e-05f);
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(-0.00010972511518048123f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(0.00013441528426483274f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(-0.000313867669319734f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(0.0008861223468557f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(-0.0020061801187694073f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(0.004308655392378569f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(-0.00914792437106371f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(0.018794067203998566f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(-0.03713652864098549f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(0.07038501650094986f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(-0.12733633816242218f));
    r = _mm256_fmadd_ps(r, u, _mm256_set1_ps(0.21849873661994934f));
    const __m256 e = expFullAvx2(_mm256_xor_ps(_mm256_mul_ps(a, a), signBit));
    __m256 big = _mm256_fnmadd_ps(e, r, _mm256_set1_ps(1.0f));
    big = _mm256_or_ps(big, _mm256_and_ps(x, signBit));
    return _mm256_blendv_ps(big, s, _mm256_cmp_ps(a, _mm256_set1_ps(0.8f), _CMP_LT_OQ));
}

/// The scalar definition 0.5 x (1 + erf(x / sqrt 2)), same operations.
QS_AVX2 inline __m256 geluAvx2(__m256 x, __m256 a, __m256 b)
{
    const __m256 e = erfAvx2(_mm256_mul_ps(x, _mm256_set1_ps(0.70710678118654752f)), a, b);
    return _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.5f), x), _mm256_add_ps(_mm256_set1_ps(1.0f), e));
}

QS_AVX2 inline __m256 expOpAvx2(__m256 x, __m256, __m256)
{
    return expFullAvx2(x);
}

QS_AVX2 inline __m256 clipAvx2(__m256 x, __m256 lo, __m256 hi)
{
    return _mm256_min_ps(hi, _mm256_max_ps(lo, x)); // NaN passes, as through std::min(std::max(x, lo), hi)
}

} // namespace

namespace detail {

VectorActivationFn vectorActivationAvx2(VectorActivation op) noexcept
{
    switch (op) {
    case VectorActivation::Relu:
        return loopAvx2<reluAvx2>;
    case VectorActivation::LeakyRelu:
        return loopAvx2<leakyReluAvx2>;
    case VectorActivation::Elu:
        return loopAvx2<eluAvx2>;
    case VectorActivation::Celu:
        return loopAvx2<celuAvx2>;
    case VectorActivation::Selu:
        return loopAvx2<seluAvx2>;
    case VectorActivation::Sigmoid:
        return loopAvx2<sigmoidAvx2>;
    case VectorActivation::HardSigmoid:
        return loopAvx2<hardSigmoidAvx2>;
    case VectorActivation::HardSwish:
        return loopAvx2<hardSwishAvx2>;
    case VectorActivation::Softsign:
        return loopAvx2<softsignAvx2>;
    case VectorActivation::Tanh:
        return loopAvx2<tanhAvx2>;
    case VectorActivation::Exp:
        return loopAvx2<expOpAvx2>;
    case VectorActivation::Softplus:
        return loopAvx2<softplusAvx2>;
    case VectorActivation::Mish:
        return loopAvx2<mishAvx2>;
    case VectorActivation::Erf:
        return loopAvx2<erfAvx2>;
    case VectorActivation::Gelu:
        return loopAvx2<geluAvx2>;
    case VectorActivation::Clip:
        return loopAvx2<clipAvx2>;
    }
    return nullptr;
}

} // namespace detail

} // namespace qs::kernels
