// SPDX-License-Identifier: MIT
#include "kernels/int8/float_epilogue.h"

#include "quant/quant_kernels.h"

#include <cmath>
#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

void rescaleScalar(
    const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu, float* out)
{
    for (int64_t j = 0; j < count; ++j)
        for (int64_t o = 0; o < oc; ++o) {
            float v = float(acc[j * oc + o]) * scale[o] + shift[o];
            if (silu)
                v = v / (1.0f + std::exp(-v));
            out[j * oc + o] = v;
        }
}

#define QS_AVX2 __attribute__((target("avx2,fma")))

/// exp(x) for x in [-87.3, 88]: Cody-Waite reduction by ln 2 and Cephes' expf polynomial (about 1 ulp).
QS_AVX2 inline __m256 expAvx2(__m256 x)
{
    x = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-87.3f)), _mm256_set1_ps(88.0f));
    const __m256 n = _mm256_round_ps(
        _mm256_mul_ps(x, _mm256_set1_ps(1.44269504088896341f)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
    r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
    __m256 p = _mm256_set1_ps(1.9875691500e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, _mm256_set1_ps(1.0f)));
    const __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(p, _mm256_castsi256_ps(e));
}

QS_AVX2 inline __m256 rescale8(const int32_t* acc, const float* scale, const float* shift, bool silu)
{
    // Multiply, then add (two roundings, no FMA): the exact float sequence of the Cast -> Mul -> Add it replaces.
    const __m256 v
        = _mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc))),
                            _mm256_loadu_ps(scale)),
            _mm256_loadu_ps(shift));
    if (!silu)
        return v;
    // y * sigmoid(y) = y / (1 + exp(-y)); exact division, as the scalar form.
    return _mm256_div_ps(v, _mm256_add_ps(_mm256_set1_ps(1.0f), expAvx2(_mm256_sub_ps(_mm256_setzero_ps(), v))));
}

QS_AVX2 void rescaleAvx2(
    const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu, float* out)
{
    const int64_t vec = oc / 8 * 8;
    for (int64_t j = 0; j < count; ++j) {
        const int32_t* a = acc + j * oc;
        float* y = out + j * oc;
        for (int64_t o = 0; o < vec; o += 8)
            _mm256_storeu_ps(y + o, rescale8(a + o, scale + o, shift + o, silu));
        if (vec < oc)
            rescaleScalar(a + vec, 1, oc - vec, scale + vec, shift + vec, silu, y + vec);
    }
}

bool useAvx2() noexcept
{
    static const bool avx2 = quant::bestQuantIsa() != quant::QuantIsa::Scalar;
    return avx2;
}

} // namespace

void rescaleNhwc(
    const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu, float* out)
{
    if (useAvx2())
        rescaleAvx2(acc, count, oc, scale, shift, silu, out);
    else
        rescaleScalar(acc, count, oc, scale, shift, silu, out);
}

bool rescaleUsesAvx2() noexcept
{
    return useAvx2();
}

} // namespace qs::kernels::int8
