// SPDX-License-Identifier: MIT
// The AVX2 loop of requantize_simd.h (detail::kRequantizeAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags); none has "fma" (the scalar loop rounds the multiply before the add).
#include "kernels/int8/requantize_simd.h"

#include <immintrin.h>

#define QS_AVX2 __attribute__((target("avx2")))

namespace qs::kernels::int8 {

namespace {

// See requantize.cpp: adding and subtracting 1.5 * 2^23 rounds half to even a float of magnitude below 2^22.
constexpr float kRoundMagic = 12582912.0f;

QS_AVX2 inline __m256i loadTail(const int32_t* p, int64_t n, int64_t limit)
{
    alignas(32) int32_t buf[8] = {};
    for (int64_t i = 0; i < limit && i < n; ++i)
        buf[i] = p[i];
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(buf));
}

QS_AVX2 inline __m256 loadTailPs(const float* p, int64_t n)
{
    alignas(32) float buf[8] = {};
    for (int64_t i = 0; i < n && i < 8; ++i)
        buf[i] = p[i];
    return _mm256_load_ps(buf);
}

/// Eight whole channels from `c`: the same operations as the loop below, to int32 (zero point added).
QS_AVX2 inline __m256i requantize8(
    const int32_t* t, int64_t c, const RequantizeArgs& a, __m256 lo, __m256 hi, __m256 magic, __m256i zp, __m256 mult0)
{
    __m256i acc = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t + c));
    if (a.bias)
        acc = _mm256_add_epi32(acc, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a.bias + c)));
    __m256 v = _mm256_mul_ps(_mm256_cvtepi32_ps(acc), a.perChannel ? _mm256_loadu_ps(a.mult + c) : mult0);
    if (a.offset)
        v = _mm256_add_ps(v, _mm256_loadu_ps(a.offset + c));
    v = _mm256_min_ps(_mm256_max_ps(v, lo), hi);
    v = _mm256_sub_ps(_mm256_add_ps(v, magic), magic);
    return _mm256_add_epi32(_mm256_cvtps_epi32(v), zp);
}

/// Eight whole channels from `c` as bytes in the low half: every value is inside [-128, 255], so packing with signed
/// 16-bit saturation loses nothing, and the low byte of each 16-bit lane is the uint8 or int8 bit pattern.
QS_AVX2 inline __m128i bytes8(__m256i q)
{
    const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
    return _mm_shuffle_epi8(w, _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, -1, -1, -1, -1, -1, -1, -1, -1));
}

QS_AVX2 void requantizeAvx2(
    const int32_t* tile, int64_t count, int64_t channels, const RequantizeArgs& args, uint8_t* out)
{
    // A copy: the byte stores below may alias anything, so fields read through the reference would be reloaded after
    // each store (the 8-channel loop of layers with fewer than 32 channels measured 22 % of mnasnet0_5 QDQ's time
    // under AVX2, bench/archive/2026-11-29-int8-depthwise.md).
    const RequantizeArgs a = args;
    const __m256 lo = _mm256_set1_ps(a.lo), hi = _mm256_set1_ps(a.hi), magic = _mm256_set1_ps(kRoundMagic);
    const __m256i zp = _mm256_set1_epi32(a.zeroPoint);
    const __m256 mult0 = _mm256_set1_ps(a.mult[0]);
    // The clamp keeps every value in [0, 255] (uint8 output) or in [-128, 127] (int8): the matching saturating byte
    // pack is then exact, so 32 channels need two 32->16 packs, one 16->8 pack and one lane permutation instead of a
    // pack, an extract and a shuffle per 8 (the requantizing store of resnet18's static layers on AVX2).
    const bool unsignedOut = a.lo + float(a.zeroPoint) >= 0.0f;
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const int64_t whole = channels / 8 * 8;
    for (int64_t j = 0; j < count; ++j) {
        const int32_t* t = tile + j * channels;
        uint8_t* o = out + j * channels;
        int64_t c0 = 0;
        for (; c0 + 32 <= channels; c0 += 32) {
            const __m256i q0 = requantize8(t, c0, a, lo, hi, magic, zp, mult0);
            const __m256i q1 = requantize8(t, c0 + 8, a, lo, hi, magic, zp, mult0);
            const __m256i q2 = requantize8(t, c0 + 16, a, lo, hi, magic, zp, mult0);
            const __m256i q3 = requantize8(t, c0 + 24, a, lo, hi, magic, zp, mult0);
            // Per 128-bit lane: channels 0-3 of q0..q3, then 4-7 of q0..q3, as 4-byte groups; the permutation puts
            // them back in channel order.
            const __m256i w01 = _mm256_packs_epi32(q0, q1), w23 = _mm256_packs_epi32(q2, q3);
            const __m256i b = unsignedOut ? _mm256_packus_epi16(w01, w23) : _mm256_packs_epi16(w01, w23);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + c0), _mm256_permutevar8x32_epi32(b, order));
        }
        for (; c0 < whole; c0 += 8)
            _mm_storel_epi64(
                reinterpret_cast<__m128i*>(o + c0), bytes8(requantize8(t, c0, a, lo, hi, magic, zp, mult0)));
        if (const int64_t n = channels - c0; n > 0) {
            const int64_t c = c0;
            __m256i acc = loadTail(t + c, n, 8);
            if (a.bias)
                acc = _mm256_add_epi32(acc, loadTail(a.bias + c, n, 8));
            __m256 v = _mm256_cvtepi32_ps(acc);
            v = _mm256_mul_ps(v, a.perChannel ? loadTailPs(a.mult + c, n) : mult0);
            if (a.offset)
                v = _mm256_add_ps(v, loadTailPs(a.offset + c, n));
            v = _mm256_min_ps(_mm256_max_ps(v, lo), hi);
            v = _mm256_sub_ps(_mm256_add_ps(v, magic), magic);
            alignas(16) uint8_t buf[16];
            _mm_store_si128(reinterpret_cast<__m128i*>(buf), bytes8(_mm256_add_epi32(_mm256_cvtps_epi32(v), zp)));
            for (int64_t i = 0; i < n; ++i)
                o[c + i] = buf[i];
        }
    }
}

} // namespace

namespace detail {
const RequantizeSimd kRequantizeAvx2 { requantizeAvx2 };
} // namespace detail

} // namespace qs::kernels::int8
