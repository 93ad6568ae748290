// SPDX-License-Identifier: MIT
#include "kernels/int8/float_epilogue.h"

#include "quant/quant_isa.h"

#include <cmath>
// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
// After the pragmas: its AVX-512 exp uses the intrinsics they are about.
#include "kernels/simd_exp.h"

namespace qs::kernels::int8 {

namespace {

void rescaleScalar(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu,
    float* out, float* range)
{
    for (int64_t j = 0; j < count; ++j)
        for (int64_t o = 0; o < oc; ++o) {
            float v = float(acc[j * oc + o]) * scale[o] + shift[o];
            if (silu)
                v = v / (1.0f + std::exp(-v));
            out[j * oc + o] = v;
            if (range) {
                range[0] = v < range[0] ? v : range[0];
                range[1] = v > range[1] ? v : range[1];
            }
        }
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
    // y * sigmoid(y) = y / (1 + exp(-y)), the division as a reciprocal estimate refined by one Newton step (relative
    // error ~1e-7, a few ulp): vdivps alone cost more than the whole exp polynomial.
    // -v by flipping the sign bit instead of 0 - v: off the FP add/multiply ports the whole SiLU competes for. The
    // same exp: the two differ only for v = +0 (-0 instead of +0), and exp(-0) = exp(+0) = 1 exactly.
    const __m256 d = _mm256_add_ps(_mm256_set1_ps(1.0f), expAvx2(_mm256_xor_ps(v, _mm256_set1_ps(-0.0f))));
    __m256 inv = _mm256_rcp_ps(d);
    inv = _mm256_mul_ps(inv, _mm256_fnmadd_ps(d, inv, _mm256_set1_ps(2.0f)));
    // rcp of +inf (exp overflow for very negative y) is 0: y * 0 = -0, the limit of y * sigmoid(y).
    return _mm256_mul_ps(v, inv);
}

QS_AVX2 void rescaleAvx2(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift,
    bool silu, float* out, float* range)
{
    const int64_t vec = oc / 8 * 8;
    if (!range) {
        for (int64_t j = 0; j < count; ++j) {
            const int32_t* a = acc + j * oc;
            float* y = out + j * oc;
            for (int64_t o = 0; o < vec; o += 8)
                _mm256_storeu_ps(y + o, rescale8(a + o, scale + o, shift + o, silu));
            if (vec < oc)
                rescaleScalar(a + vec, 1, oc - vec, scale + vec, shift + vec, silu, y + vec, nullptr);
        }
        return;
    }
    // min(v, lo) keeps lo when v is NaN, as quant::minMax's AVX2 path does.
    __m256 lo = _mm256_set1_ps(range[0]), hi = _mm256_set1_ps(range[1]);
    for (int64_t j = 0; j < count; ++j) {
        const int32_t* a = acc + j * oc;
        float* y = out + j * oc;
        for (int64_t o = 0; o < vec; o += 8) {
            const __m256 v = rescale8(a + o, scale + o, shift + o, silu);
            _mm256_storeu_ps(y + o, v);
            lo = _mm256_min_ps(v, lo);
            hi = _mm256_max_ps(v, hi);
        }
        if (vec < oc)
            rescaleScalar(a + vec, 1, oc - vec, scale + vec, shift + vec, silu, y + vec, range);
    }
    alignas(32) float l[8], h[8];
    _mm256_store_ps(l, lo);
    _mm256_store_ps(h, hi);
    for (int k = 0; k < 8; ++k) {
        range[0] = l[k] < range[0] ? l[k] : range[0];
        range[1] = h[k] > range[1] ? h[k] : range[1];
    }
}

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

QS_AVX2 void transposeAvx2(const float* tile, int64_t count, int64_t oc, float* out, int64_t channelStride)
{
    int64_t j = 0;
    for (; j + 8 <= count; j += 8) {
        int64_t o = 0;
        for (; o + 8 <= oc; o += 8) {
            // 8 pixels x 8 channels: the classic unpack/shuffle/permute 8x8 transposition.
            __m256 r0 = _mm256_loadu_ps(tile + (j + 0) * oc + o), r1 = _mm256_loadu_ps(tile + (j + 1) * oc + o);
            __m256 r2 = _mm256_loadu_ps(tile + (j + 2) * oc + o), r3 = _mm256_loadu_ps(tile + (j + 3) * oc + o);
            __m256 r4 = _mm256_loadu_ps(tile + (j + 4) * oc + o), r5 = _mm256_loadu_ps(tile + (j + 5) * oc + o);
            __m256 r6 = _mm256_loadu_ps(tile + (j + 6) * oc + o), r7 = _mm256_loadu_ps(tile + (j + 7) * oc + o);
            const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
            const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
            const __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
            const __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
            const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
            const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
            const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
            const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
            r0 = _mm256_permute2f128_ps(u0, u4, 0x20);
            r1 = _mm256_permute2f128_ps(u1, u5, 0x20);
            r2 = _mm256_permute2f128_ps(u2, u6, 0x20);
            r3 = _mm256_permute2f128_ps(u3, u7, 0x20);
            r4 = _mm256_permute2f128_ps(u0, u4, 0x31);
            r5 = _mm256_permute2f128_ps(u1, u5, 0x31);
            r6 = _mm256_permute2f128_ps(u2, u6, 0x31);
            r7 = _mm256_permute2f128_ps(u3, u7, 0x31);
            _mm256_storeu_ps(out + (o + 0) * channelStride + j, r0);
            _mm256_storeu_ps(out + (o + 1) * channelStride + j, r1);
            _mm256_storeu_ps(out + (o + 2) * channelStride + j, r2);
            _mm256_storeu_ps(out + (o + 3) * channelStride + j, r3);
            _mm256_storeu_ps(out + (o + 4) * channelStride + j, r4);
            _mm256_storeu_ps(out + (o + 5) * channelStride + j, r5);
            _mm256_storeu_ps(out + (o + 6) * channelStride + j, r6);
            _mm256_storeu_ps(out + (o + 7) * channelStride + j, r7);
        }
        for (; o < oc; ++o)
            for (int64_t k = j; k < j + 8; ++k)
                out[o * channelStride + k] = tile[k * oc + o];
    }
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t k = j; k < count; ++k)
            out[o * channelStride + k] = tile[k * oc + o];
}

void addResidualScalar(const float* tile, const float* residual, int64_t n, float* out, float* range)
{
    for (int64_t i = 0; i < n; ++i) {
        const float v = tile[i] + residual[i];
        out[i] = v;
        if (range) {
            range[0] = v < range[0] ? v : range[0];
            range[1] = v > range[1] ? v : range[1];
        }
    }
}

QS_AVX2 void addResidualAvx2(const float* tile, const float* residual, int64_t n, float* out, float* range)
{
    __m256 lo = _mm256_set1_ps(range ? range[0] : 0.0f), hi = _mm256_set1_ps(range ? range[1] : 0.0f);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 v = _mm256_add_ps(_mm256_loadu_ps(tile + i), _mm256_loadu_ps(residual + i));
        _mm256_storeu_ps(out + i, v);
        // min(v, lo) keeps lo when v is NaN, as quant::minMax does.
        lo = _mm256_min_ps(v, lo);
        hi = _mm256_max_ps(v, hi);
    }
    if (range) {
        alignas(32) float l[8], h[8];
        _mm256_store_ps(l, lo);
        _mm256_store_ps(h, hi);
        for (int k = 0; k < 8; ++k) {
            range[0] = l[k] < range[0] ? l[k] : range[0];
            range[1] = h[k] > range[1] ? h[k] : range[1];
        }
    }
    addResidualScalar(tile + i, residual + i, n - i, out + i, range);
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

bool useAvx2() noexcept
{
    static const bool avx2 = quant::bestQuantIsa() != quant::QuantIsa::Scalar;
    return avx2;
}

bool useAvx512() noexcept
{
    static const bool avx512 = quant::bestQuantIsa() == quant::QuantIsa::Avx512;
    return avx512;
}

} // namespace

void rescaleNhwc(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu,
    float* out, float* range, const float* residual)
{
    if (useAvx512())
        rescaleAvx512(acc, count, oc, scale, shift, silu, out, range, residual);
    else if (useAvx2())
        rescaleAvx2(acc, count, oc, scale, shift, silu, out, range);
    else
        rescaleScalar(acc, count, oc, scale, shift, silu, out, range);
}

void transposeTile(const float* tile, int64_t count, int64_t oc, float* out, int64_t channelStride)
{
    if (useAvx2()) {
        transposeAvx2(tile, count, oc, out, channelStride);
        return;
    }
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t j = 0; j < count; ++j)
            out[o * channelStride + j] = tile[j * oc + o];
}

bool rescaleAddsResidual() noexcept
{
    return useAvx512();
}

void addResidual(const float* tile, const float* residual, int64_t n, float* out, float* range)
{
    if (useAvx512())
        addResidualAvx512(tile, residual, n, out, range);
    else if (useAvx2())
        addResidualAvx2(tile, residual, n, out, range);
    else
        addResidualScalar(tile, residual, n, out, range);
}

bool rescaleUsesAvx2() noexcept
{
    return useAvx2();
}

} // namespace qs::kernels::int8
