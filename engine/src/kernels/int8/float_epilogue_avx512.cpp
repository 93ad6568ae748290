// SPDX-License-Identifier: MIT
// The AVX-512 loops of float_epilogue.h (detail::kFloatEpilogueAvx512; its transpose is the AVX2 one). Every function
// carries its target attribute (kernels/README.md: no per-file -m flags); the file is compiled with -ffp-contract=off
// (int8/CMakeLists.txt) so that multiply-then-add stays two roundings, as in the ONNX graph it replaces.
#include "kernels/int8/float_epilogue.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
// After the pragmas: its AVX-512 exp uses the intrinsics they are about.
#include "kernels/simd_exp.h"

namespace qs::kernels::int8 {

namespace {

using detail::transposeAvx2;

/// Full = every lane valid: plain loads. A zero-masked load is a load plus an ALU uop on ports 0/5, which the
/// SiLU's arithmetic saturates (three such loads per 16 outputs were ~10 % of that port work); same values.
template <bool Full>
QS_AVX512 inline __m512 rescale16(const int32_t* acc, const float* scale, const float* shift, bool silu, __mmask16 m)
{
    // Multiply, then add (two roundings, no FMA), as rescale8.
    const __m512 v = Full
        ? _mm512_add_ps(
            _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_loadu_si512(acc)), _mm512_loadu_ps(scale)), _mm512_loadu_ps(shift))
        : _mm512_add_ps(
            _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_maskz_loadu_epi32(m, acc)), _mm512_maskz_loadu_ps(m, scale)),
            _mm512_maskz_loadu_ps(m, shift));
    if (!silu)
        return v;
    // As rescale8, with the 14-bit reciprocal estimate (rcp14) refined by one Newton step: at least as accurate as
    // the AVX2 path's (rcpps is 12-bit), so the two agree within the documented few ulp, not bit for bit.
    const __m512 d = _mm512_add_ps(_mm512_set1_ps(1.0f), expAvx512(_mm512_sub_ps(_mm512_setzero_ps(), v)));
    __m512 inv = _mm512_rcp14_ps(d);
    inv = _mm512_mul_ps(inv, _mm512_fnmadd_ps(d, inv, _mm512_set1_ps(2.0f)));
    return _mm512_mul_ps(v, inv);
}

QS_AVX512 void rescaleAvx512(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift,
    bool silu, float* out, float* range, const float* residual)
{
    // Masked lanes load 0 and their results are neither stored nor counted in the range.
    __m512 lo = _mm512_set1_ps(range ? range[0] : 0.0f), hi = _mm512_set1_ps(range ? range[1] : 0.0f);
    for (int64_t j = 0; j < count; ++j) {
        const int32_t* a = acc + j * oc;
        float* y = out + j * oc;
        const float* r = residual ? residual + j * oc : nullptr;
        int64_t o = 0;
        for (; o + 16 <= oc; o += 16) {
            __m512 v = rescale16<true>(a + o, scale + o, shift + o, silu, __mmask16(0xffff));
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
            __m512 v = rescale16<false>(a + o, scale + o, shift + o, silu, m);
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
