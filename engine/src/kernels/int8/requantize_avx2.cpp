// SPDX-License-Identifier: MIT
#include "kernels/int8/requantize_avx2.h"

#include <algorithm>
#include <cstring>
#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

constexpr float kRoundMagic = 12582912.0f; // as requantize.cpp: (v + 1.5·2^23) - 1.5·2^23 rounds half to even

__attribute__((target("avx2"))) inline void transpose8x8(__m256i* r)
{
    const __m256 t0 = _mm256_castsi256_ps(_mm256_unpacklo_epi32(r[0], r[1]));
    const __m256 t1 = _mm256_castsi256_ps(_mm256_unpackhi_epi32(r[0], r[1]));
    const __m256 t2 = _mm256_castsi256_ps(_mm256_unpacklo_epi32(r[2], r[3]));
    const __m256 t3 = _mm256_castsi256_ps(_mm256_unpackhi_epi32(r[2], r[3]));
    const __m256 t4 = _mm256_castsi256_ps(_mm256_unpacklo_epi32(r[4], r[5]));
    const __m256 t5 = _mm256_castsi256_ps(_mm256_unpackhi_epi32(r[4], r[5]));
    const __m256 t6 = _mm256_castsi256_ps(_mm256_unpacklo_epi32(r[6], r[7]));
    const __m256 t7 = _mm256_castsi256_ps(_mm256_unpackhi_epi32(r[6], r[7]));
    const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    r[0] = _mm256_castps_si256(_mm256_permute2f128_ps(u0, u4, 0x20));
    r[1] = _mm256_castps_si256(_mm256_permute2f128_ps(u1, u5, 0x20));
    r[2] = _mm256_castps_si256(_mm256_permute2f128_ps(u2, u6, 0x20));
    r[3] = _mm256_castps_si256(_mm256_permute2f128_ps(u3, u7, 0x20));
    r[4] = _mm256_castps_si256(_mm256_permute2f128_ps(u0, u4, 0x31));
    r[5] = _mm256_castps_si256(_mm256_permute2f128_ps(u1, u5, 0x31));
    r[6] = _mm256_castps_si256(_mm256_permute2f128_ps(u2, u6, 0x31));
    r[7] = _mm256_castps_si256(_mm256_permute2f128_ps(u3, u7, 0x31));
}

/// 8 int32 already within the output type's range → 8 bytes (the packs never saturate).
__attribute__((target("avx2"))) inline uint64_t packBytes(__m256i v, bool signedOut)
{
    const __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
    const __m128i w = signedOut ? _mm_packs_epi32(lo, hi) : _mm_packus_epi32(lo, hi);
    const __m128i b = signedOut ? _mm_packs_epi16(w, w) : _mm_packus_epi16(w, w);
    return uint64_t(_mm_cvtsi128_si64(b));
}

/// The scalar loop's arithmetic (requantize.cpp), one element: for the channels beyond a multiple of 8.
inline uint8_t one(int32_t acc, int64_t c, const int32_t* bias, const float* mult, bool perChannel, const float* offset,
    int32_t zp, float lo, float hi)
{
    float v = float(acc + (bias ? bias[c] : 0)) * mult[perChannel ? c : 0];
    if (offset)
        v += offset[c];
    v = std::min(std::max(v, lo), hi);
    return uint8_t(int32_t((v + kRoundMagic) - kRoundMagic) + zp);
}

} // namespace

// target("avx2") without "fma": the product and the offset must round separately, as the scalar loop does.
__attribute__((target("avx2"))) void requantizeNchwAvx2(const int32_t* tile, int64_t count, int64_t channels,
    const int32_t* bias, const float* mult, bool perChannel, const float* offset, int32_t zp, float lo, float hi,
    bool signedOut, uint8_t* out, int64_t channelStride)
{
    const __m256 vlo = _mm256_set1_ps(lo), vhi = _mm256_set1_ps(hi), magic = _mm256_set1_ps(kRoundMagic);
    const __m256i vzp = _mm256_set1_epi32(zp);
    const int64_t vectorChannels = channels / 8 * 8;
    for (int64_t c = 0; c < vectorChannels; c += 8) {
        const __m256i b
            = bias ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + c)) : _mm256_setzero_si256();
        const __m256 m = perChannel ? _mm256_loadu_ps(mult + c) : _mm256_set1_ps(mult[0]);
        const __m256 off = offset ? _mm256_loadu_ps(offset + c) : _mm256_setzero_ps();
        for (int64_t j0 = 0; j0 < count; j0 += 8) {
            const int n = int(std::min<int64_t>(8, count - j0));
            __m256i r[8];
            for (int k = 0; k < 8; ++k) {
                if (k >= n) {
                    r[k] = vzp;
                    continue;
                }
                const __m256i acc
                    = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(tile + (j0 + k) * channels + c));
                __m256 v = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(acc, b)), m);
                if (offset)
                    v = _mm256_add_ps(v, off);
                v = _mm256_min_ps(_mm256_max_ps(v, vlo), vhi);
                v = _mm256_sub_ps(_mm256_add_ps(v, magic), magic);
                r[k] = _mm256_add_epi32(_mm256_cvttps_epi32(v), vzp);
            }
            transpose8x8(r);
            for (int k = 0; k < 8; ++k) {
                const uint64_t bytes = packBytes(r[k], signedOut);
                std::memcpy(out + (c + k) * channelStride + j0, &bytes, size_t(n));
            }
        }
    }
    for (int64_t c = vectorChannels; c < channels; ++c)
        for (int64_t j = 0; j < count; ++j)
            out[c * channelStride + j] = one(tile[j * channels + c], c, bias, mult, perChannel, offset, zp, lo, hi);
}

} // namespace qs::kernels::int8
