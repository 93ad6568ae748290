// SPDX-License-Identifier: MIT
// The AVX2 loops of float_epilogue.h (detail::kFloatEpilogueAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags); the file is compiled with -ffp-contract=off (int8/CMakeLists.txt) so
// that multiply-then-add stays two roundings, as in the ONNX graph it replaces.
#include "kernels/int8/float_epilogue.h"

#include <cstdint>
#include <immintrin.h>

#define QS_AVX2 __attribute__((target("avx2,fma")))

namespace qs::kernels::int8 {

namespace {

using detail::addResidualScalar;
using detail::rescaleScalar;

/// v * sigmoid(v) = v / (1 + e^-v): float_epilogue_avx512.cpp's siluAvx512 on 8 lanes (the same clamp, one-step
/// reduction, rounding by 1.5·2^23 and Estrin polynomial; there the reasons and the error bound), with 2^n built from
/// the rounded sum's bits as expAvx2 does, and the reciprocal from rcpps (12 bits) refined by one Newton step (relative
/// error ~1e-7, a few ulp): vdivps alone cost more than the whole exp polynomial. The two paths agree within those few
/// ulp, not bit for bit. v = +inf gives +inf (the reciprocal of 1 + e^-87.3 is ~1); a very negative v (clamped to -88:
/// 1 + e^88 stays finite) gets a reciprocal of ~6e-39 or 0, so y is -0 or within 1e-8 of it, the limit of
/// y * sigmoid(y).
QS_AVX2 inline __m256 siluAvx2(__m256 v)
{
    const __m256 x = _mm256_min_ps(_mm256_max_ps(v, _mm256_set1_ps(-88.0f)), _mm256_set1_ps(87.3f));
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    const __m256 t = _mm256_fmadd_ps(x, _mm256_set1_ps(-1.44269504088896341f), magic);
    const __m256 n = _mm256_sub_ps(t, magic);
    const __m256 r = _mm256_fnmsub_ps(n, _mm256_set1_ps(0.693147180559945309f), x); // -n ln2 - x
    const __m256 r2 = _mm256_mul_ps(r, r);
    const __m256 a = _mm256_fmadd_ps(_mm256_set1_ps(1.9875691500e-4f), r, _mm256_set1_ps(1.3981999507e-3f));
    const __m256 b = _mm256_fmadd_ps(_mm256_set1_ps(8.3334519073e-3f), r, _mm256_set1_ps(4.1665795894e-2f));
    const __m256 c = _mm256_fmadd_ps(_mm256_set1_ps(1.6666665459e-1f), r, _mm256_set1_ps(5.0000001201e-1f));
    __m256 p = _mm256_fmadd_ps(a, r2, b);
    p = _mm256_fmadd_ps(p, r2, c);
    p = _mm256_fmadd_ps(p, r2, _mm256_add_ps(r, _mm256_set1_ps(1.0f)));
    // 2^n for n in [-126, 127] (the clamp): the low bits of t are n, so (bits(t) + 127) << 23 is its float.
    const __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_castps_si256(t), _mm256_set1_epi32(127)), 23);
    const __m256 d = _mm256_add_ps(_mm256_mul_ps(p, _mm256_castsi256_ps(e)), _mm256_set1_ps(1.0f));
    __m256 inv = _mm256_rcp_ps(d);
    inv = _mm256_mul_ps(inv, _mm256_fnmadd_ps(d, inv, _mm256_set1_ps(2.0f)));
    return _mm256_mul_ps(v, inv);
}

QS_AVX2 inline __m256 rescale8(const int32_t* acc, const float* scale, const float* shift, bool silu)
{
    // Multiply, then add (two roundings, no FMA): the exact float sequence of the Cast -> Mul -> Add it replaces.
    const __m256 v
        = _mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc))),
                            _mm256_loadu_ps(scale)),
            _mm256_loadu_ps(shift));
    return silu ? siluAvx2(v) : v;
}

/// `residual` is always null here (rescaleAddsResidual() is false off AVX-512).
QS_AVX2 void rescaleAvx2(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift,
    bool silu, float* out, float* range, const float* /*residual*/)
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

} // namespace

namespace detail {

/// Pixels [j, j + 8) x channels [o, o + 8) of the tile to their 8 channel planes: the classic unpack/shuffle/permute
/// 8x8 transposition.
QS_AVX2 inline void transpose8x8(const float* tile, int64_t oc, float* out, int64_t channelStride, int64_t j, int64_t o)
{
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
    float* p = out + o * channelStride + j;
    _mm256_storeu_ps(p + 0 * channelStride, _mm256_permute2f128_ps(u0, u4, 0x20));
    _mm256_storeu_ps(p + 1 * channelStride, _mm256_permute2f128_ps(u1, u5, 0x20));
    _mm256_storeu_ps(p + 2 * channelStride, _mm256_permute2f128_ps(u2, u6, 0x20));
    _mm256_storeu_ps(p + 3 * channelStride, _mm256_permute2f128_ps(u3, u7, 0x20));
    _mm256_storeu_ps(p + 4 * channelStride, _mm256_permute2f128_ps(u0, u4, 0x31));
    _mm256_storeu_ps(p + 5 * channelStride, _mm256_permute2f128_ps(u1, u5, 0x31));
    _mm256_storeu_ps(p + 6 * channelStride, _mm256_permute2f128_ps(u2, u6, 0x31));
    _mm256_storeu_ps(p + 7 * channelStride, _mm256_permute2f128_ps(u3, u7, 0x31));
}

/// The tile's pixels into NCHW planes, 8 x 8 blocks channel block by channel block, so that each plane's run of the
/// tile (64 bytes for 16 pixels) is written by consecutive stores. The planes are often a multiple of 1 KiB apart (80 x
/// 80 floats: 25600 bytes), so a tile's 80 runs share a few L1 sets, and the stores waited on their lines (the head's
/// 80 -> 80 1x1 layer: the transposition took ~40 % of the kernel's time). Each tile first asks for the lines of the
/// tile after it in the same planes (the next output pixels of this thread: NCHW pixels are contiguous across rows),
/// so they arrive while this one is stored; a hint past the output's end cannot fault. Together: the transposition
/// ~0.45 -> ~0.33 of the kernel's time, the model's six NCHW head layers ~14 % faster (bench/archive/
/// 2026-11-29-int8-nchw-float-stores.md).
QS_AVX2 void transposeAvx2(const float* tile, int64_t count, int64_t oc, float* out, int64_t channelStride)
{
    const auto next = reinterpret_cast<uintptr_t>(out + count);
    for (int64_t o = 0; o < oc; ++o)
        _mm_prefetch(reinterpret_cast<const char*>(next + uintptr_t(o * channelStride) * sizeof(float)), _MM_HINT_T0);
    const int64_t full = count / 8 * 8, fullOc = oc / 8 * 8;
    for (int64_t o = 0; o < fullOc; o += 8)
        for (int64_t j = 0; j < full; j += 8)
            transpose8x8(tile, oc, out, channelStride, j, o);
    for (int64_t o = fullOc; o < oc; ++o)
        for (int64_t k = 0; k < full; ++k)
            out[o * channelStride + k] = tile[k * oc + o];
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t k = full; k < count; ++k)
            out[o * channelStride + k] = tile[k * oc + o];
}

} // namespace detail

namespace {

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

} // namespace

namespace detail {
const FloatEpilogueSimd kFloatEpilogueAvx2 { false, rescaleAvx2, transposeAvx2, addResidualAvx2 };
} // namespace detail

} // namespace qs::kernels::int8
