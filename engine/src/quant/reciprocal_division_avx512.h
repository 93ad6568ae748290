// SPDX-License-Identifier: MIT
// x / scale for a scale fixed over a whole pass, correctly rounded, without vdivps (which issues once per ~10 cycles
// on 16 lanes and made the quantize passes that end in a division the bottleneck: DynamicQuantizeLinear, the fused
// QDQ add). Header-only so that the AVX-512 loops of quant/ and kernels/ share it; a caller's target must include
// everything in kReciprocalDivisionTarget (GCC inlines only into a superset), and a file whose loops must not fuse a
// multiply with an add compiles with -ffp-contract=off: the FMAs here are explicit.
#pragma once

#include <cmath>
#include <immintrin.h>
#include <limits>

#define QS_RECIPROCAL_DIVISION_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma")))

namespace qs::quant {

/// True when divide16 equals vdivps for every x with this scale: no quotient that can round to a non-zero integer
/// comes near the subnormal range (see divide8).
inline bool reciprocalDivisionSafe(float scale) noexcept
{
    const float a = std::fabs(scale);
    return a >= 0x1p-60f && a <= 0x1p60f;
}

/// With inv = RN(1 / scale), q = RN(x * inv) is within one ulp of x / scale, the remainder x - q * scale is exact in
/// one FMA, and RN(q + rem * inv) is RN(x / scale) (Markstein's theorem: inv within half an ulp of 1 / scale, q
/// faithful), provided nothing underflows: `reciprocalDivisionSafe` bounds the scale so that every quotient that can
/// round to a non-zero integer has operands far from the subnormal range (quotients below 0.25 in magnitude become 0
/// whatever their last bits). Lanes where q is infinite or NaN (x infinite or NaN, or a quotient that saturates anyway)
/// keep q: the division gives the same ±inf or NaN there, or a value beyond the type range.
QS_RECIPROCAL_DIVISION_TARGET inline __m256 divide8(__m256 x, __m256 scale, __m256 inv)
{
    const __m256 q = _mm256_mul_ps(x, inv);
    const __mmask8 finite = _mm256_cmp_ps_mask(
        _mm256_andnot_ps(_mm256_set1_ps(-0.0f), q), _mm256_set1_ps(std::numeric_limits<float>::infinity()), _CMP_LT_OQ);
    const __m256 rem = _mm256_fnmadd_ps(q, scale, x);
    return _mm256_mask3_fmadd_ps(rem, inv, q, finite);
}

/// divide8 on both halves. The multiplications run on 256-bit halves: 512-bit FMAs here measurably slowed the
/// convolutions that follow (~1 ms over yolov5nu, more than the division saved), presumably the core's lower AVX-512
/// "heavy" frequency licence carried over; 256-bit FMAs have the same throughput on this core without that penalty.
QS_RECIPROCAL_DIVISION_TARGET inline __m512 divide16(__m512 x, __m512 scale, __m512 inv)
{
    const __m256 s = _mm512_castps512_ps256(scale), r = _mm512_castps512_ps256(inv);
    const __m256 lo = divide8(_mm512_castps512_ps256(x), s, r);
    const __m256 hi = divide8(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1)), s, r);
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(lo)), _mm256_castps_pd(hi), 1));
}

} // namespace qs::quant
