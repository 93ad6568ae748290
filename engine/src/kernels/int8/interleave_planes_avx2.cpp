// SPDX-License-Identifier: MIT
// The AVX2 loop of interleave_planes.h (detail::kInterleaveAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/int8/interleave_planes.h"

#include <array>
#include <immintrin.h>

namespace qs::kernels::int8 {

namespace {

/// kMasks[v][c]: for output vector v (bytes 16v .. 16v + 15 of 48 = 16 pixels × 3 channels), which byte of channel c's
/// 16 pixels goes where (0x80: none, pshufb writes 0).
constexpr std::array<std::array<std::array<uint8_t, 16>, 3>, 3> makeMasks()
{
    std::array<std::array<std::array<uint8_t, 16>, 3>, 3> m {};
    for (int v = 0; v < 3; ++v)
        for (int c = 0; c < 3; ++c)
            for (int pos = 0; pos < 16; ++pos) {
                const int k = 16 * v + pos;
                m[size_t(v)][size_t(c)][size_t(pos)] = k % 3 == c ? uint8_t(k / 3) : uint8_t(0x80);
            }
    return m;
}
constexpr auto kMasks = makeMasks();

__attribute__((target("avx2"))) void interleaveAvx2(
    const uint8_t* planes, int64_t plane, int64_t height, int64_t width, uint8_t* dst, int64_t dstRowStride)
{
    __m128i mask[3][3];
    for (int v = 0; v < 3; ++v)
        for (int c = 0; c < 3; ++c)
            mask[v][c] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kMasks[size_t(v)][size_t(c)].data()));
    for (int64_t h = 0; h < height; ++h) {
        const uint8_t* p0 = planes + h * width;
        const uint8_t* p1 = p0 + plane;
        const uint8_t* p2 = p1 + plane;
        uint8_t* row = dst + h * dstRowStride;
        int64_t j = 0;
        for (; j + 16 <= width; j += 16) {
            const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p0 + j));
            const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p1 + j));
            const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p2 + j));
            for (int v = 0; v < 3; ++v) {
                const __m128i out
                    = _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(a, mask[v][0]), _mm_shuffle_epi8(b, mask[v][1])),
                        _mm_shuffle_epi8(c, mask[v][2]));
                _mm_storeu_si128(reinterpret_cast<__m128i*>(row + 3 * j + 16 * v), out);
            }
        }
        for (; j < width; ++j) {
            row[3 * j] = p0[j];
            row[3 * j + 1] = p1[j];
            row[3 * j + 2] = p2[j];
        }
    }
}

} // namespace

namespace detail {
const InterleaveSimd kInterleaveAvx2 { interleaveAvx2 };
} // namespace detail

} // namespace qs::kernels::int8
