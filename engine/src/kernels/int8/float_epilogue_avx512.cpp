// SPDX-License-Identifier: MIT
// The AVX-512 loops of float_epilogue.h (detail::kFloatEpilogueAvx512; its transpose is the AVX2 one). Every function
// carries its target attribute (kernels/README.md: no per-file -m flags); the file is compiled with -ffp-contract=off
// (int8/CMakeLists.txt) so that multiply-then-add stays two roundings, as in the ONNX graph it replaces.
#include "kernels/int8/float_epilogue.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma")))

namespace qs::kernels::int8 {

namespace {

using detail::transposeAvx2;

/// v * sigmoid(v) = v / (1 + e^-v), in fewer and shorter-latency operations than expAvx512 plus a division (the SiLU
/// epilogue was ~20 % of yolov5nu's INT8 time under AVX512_CORE; these ~25 vector operations instead of ~30, on a
/// shorter dependency chain, took it ~15 % faster: bench/archive/2026-11-29-dynamic-silu-epilogue.md), within the same
/// few ulp of the definition:
/// - n = round(-v log2e) by adding 1.5·2^23 in the fused multiply-add, and -v folded into the reduction;
/// - one reduction step r = -v - n ln2 (ln2 rounded to float, one rounding in the FMA) instead of Cody-Waite's two:
///   its error n·(ln2 - float(ln2)) ~ |n|·2e-9 is a relative error of e^-v, which reaches SiLU scaled by
///   e/(1+e)^2 <= e^-|v|: at most ~1e-9 of max(1, |y|) (largest near |v| = 2), far below an ulp;
/// - Cephes' expf polynomial by Estrin's scheme (below);
/// - the reciprocal of 1 + e from rcp14 and one Newton step, applied as before: v * (inv * (2 - d * inv)), so that
///   v = +inf still gives +inf, as the graph's Sigmoid and Mul do (v = -inf gives -inf, as before; the graph: NaN).
/// The clamp of v to [-88, 87.3] is expAvx512's of -v (it keeps 2^n a normal float and the reciprocal finite); a NaN
/// v becomes -88 there and stays NaN in the final product.
QS_AVX512 inline __m512 siluAvx512(__m512 v)
{
    const __m512 x = _mm512_min_ps(_mm512_max_ps(v, _mm512_set1_ps(-88.0f)), _mm512_set1_ps(87.3f));
    const __m512 magic = _mm512_set1_ps(12582912.0f);
    const __m512 n = _mm512_sub_ps(_mm512_fmadd_ps(x, _mm512_set1_ps(-1.44269504088896341f), magic), magic);
    const __m512 r = _mm512_fnmsub_ps(n, _mm512_set1_ps(0.693147180559945309f), x); // -n ln2 - x
    // Cephes' polynomial 1 + r + r^2 (c5 + c4 r + ... + c0 r^5) by Estrin's scheme, three dependent FMAs after the
    // first level instead of Horner's seven: the loop is partly latency-bound (one more operation, ~5 % faster).
    const __m512 r2 = _mm512_mul_ps(r, r);
    const __m512 a = _mm512_fmadd_ps(_mm512_set1_ps(1.9875691500e-4f), r, _mm512_set1_ps(1.3981999507e-3f));
    const __m512 b = _mm512_fmadd_ps(_mm512_set1_ps(8.3334519073e-3f), r, _mm512_set1_ps(4.1665795894e-2f));
    const __m512 c = _mm512_fmadd_ps(_mm512_set1_ps(1.6666665459e-1f), r, _mm512_set1_ps(5.0000001201e-1f));
    __m512 p = _mm512_fmadd_ps(a, r2, b);
    p = _mm512_fmadd_ps(p, r2, c);
    p = _mm512_fmadd_ps(p, r2, _mm512_add_ps(r, _mm512_set1_ps(1.0f)));
    // p * 2^n is exact scaling (n in [-127, 127] after the clamp).
    const __m512 d = _mm512_add_ps(_mm512_scalef_ps(p, n), _mm512_set1_ps(1.0f));
    __m512 inv = _mm512_rcp14_ps(d);
    inv = _mm512_mul_ps(inv, _mm512_fnmadd_ps(d, inv, _mm512_set1_ps(2.0f)));
    return _mm512_mul_ps(v, inv);
}

/// Full = every lane valid: plain loads. A zero-masked load is a load plus an ALU uop on ports 0/5, which the
/// SiLU's arithmetic saturates (three such loads per 16 outputs were ~10 % of that port work); same values.
template <bool Full, bool Silu>
QS_AVX512 inline __m512 rescale16(const int32_t* acc, const float* scale, const float* shift, __mmask16 m)
{
    // Multiply, then add (two roundings, no FMA), as rescale8.
    const __m512 v = Full
        ? _mm512_add_ps(
            _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_loadu_si512(acc)), _mm512_loadu_ps(scale)), _mm512_loadu_ps(shift))
        : _mm512_add_ps(
            _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_maskz_loadu_epi32(m, acc)), _mm512_maskz_loadu_ps(m, scale)),
            _mm512_maskz_loadu_ps(m, shift));
    return Silu ? siluAvx512(v) : v;
}

/// rescaleAvx512 with the activation as a template argument: no test of it per vector.
template <bool Silu>
QS_AVX512 void rescaleLoop(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift,
    float* out, float* range, const float* residual)
{
    // Masked lanes load 0 and their results are neither stored nor counted in the range.
    __m512 lo = _mm512_set1_ps(range ? range[0] : 0.0f), hi = _mm512_set1_ps(range ? range[1] : 0.0f);
    for (int64_t j = 0; j < count; ++j) {
        const int32_t* a = acc + j * oc;
        float* y = out + j * oc;
        const float* r = residual ? residual + j * oc : nullptr;
        int64_t o = 0;
        for (; o + 16 <= oc; o += 16) {
            __m512 v = rescale16<true, Silu>(a + o, scale + o, shift + o, __mmask16(0xffff));
            // The residual is read before y is written at the same place: y may be the residual's buffer.
            if (r)
                v = _mm512_add_ps(v, _mm512_loadu_ps(r + o));
            _mm512_storeu_ps(y + o, v);
            if (range) {
                // min(v, lo) keeps lo when v is NaN, as quant::minMax does.
                lo = _mm512_min_ps(v, lo);
                hi = _mm512_max_ps(v, hi);
            }
        }
        if (o < oc) {
            const __mmask16 m = __mmask16((1u << (oc - o)) - 1);
            __m512 v = rescale16<false, Silu>(a + o, scale + o, shift + o, m);
            if (r)
                v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(m, r + o));
            _mm512_mask_storeu_ps(y + o, m, v);
            if (range) {
                lo = _mm512_mask_min_ps(lo, m, v, lo);
                hi = _mm512_mask_max_ps(hi, m, v, hi);
            }
        }
    }
    if (!range)
        return;
    // The lanes hold no NaN (each started at range[] and only took non-NaN values), so a tree reduction gives the
    // same min and max as a lane-by-lane scan, in a few shuffles instead of a chain of 16 dependent compares per tile.
    range[0] = _mm512_reduce_min_ps(lo);
    range[1] = _mm512_reduce_max_ps(hi);
}

QS_AVX512 void rescaleAvx512(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift,
    bool silu, float* out, float* range, const float* residual)
{
    if (silu)
        rescaleLoop<true>(acc, count, oc, scale, shift, out, range, residual);
    else
        rescaleLoop<false>(acc, count, oc, scale, shift, out, range, residual);
}

QS_AVX512 void addResidualAvx512(const float* tile, const float* residual, int64_t n, float* out, float* range)
{
    __m512 lo = _mm512_set1_ps(range ? range[0] : 0.0f), hi = _mm512_set1_ps(range ? range[1] : 0.0f);
    for (int64_t i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - i)) - 1);
        const __m512 v = _mm512_add_ps(_mm512_maskz_loadu_ps(m, tile + i), _mm512_maskz_loadu_ps(m, residual + i));
        _mm512_mask_storeu_ps(out + i, m, v);
        lo = _mm512_mask_min_ps(lo, m, v, lo);
        hi = _mm512_mask_max_ps(hi, m, v, hi);
    }
    if (!range)
        return;
    // No NaN in the lanes (see rescaleAvx512): the tree reduction equals a lane-by-lane scan.
    range[0] = _mm512_reduce_min_ps(lo);
    range[1] = _mm512_reduce_max_ps(hi);
}

} // namespace

namespace detail {
const FloatEpilogueSimd kFloatEpilogueAvx512 { true, rescaleAvx512, transposeAvx2, addResidualAvx512 };
} // namespace detail

} // namespace qs::kernels::int8
