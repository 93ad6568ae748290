// SPDX-License-Identifier: MIT
// The AVX-512BW microkernels of the own int8 convolution kernel (int8_conv_own_simd.h: detail::kOwnConvAvx512): the
// AVX2 ones (int8_conv_own_avx2.cpp) on zmm, 16 int32 lanes of output channels per vector and 64-byte vpmaddubsw,
// for AVX-512 without VNNI, where oneDNN's int8 kernels also multiply in saturating int16 pairs. Same quads, same
// pairs (bytes 4q, 4q+1 and 4q+2, 4q+3 of each 32-bit lane), same int16 groups: exact under the same rules. Every
// function carries its target attribute (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_conv_own_simd.h"

#include <cstring>
// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#include <utility>

#define QS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2")))
#define QS_AVX512_INLINE __attribute__((target("avx512f,avx512bw,avx512vl,avx2"), always_inline))
#define QS_AVX512_NOINLINE __attribute__((target("avx512f,avx512bw,avx512vl,avx2"), noinline))

namespace qs::kernels::int8 {

namespace {

using detail::QuadSchedule;
constexpr int kMaxPixels = detail::kOwnConvMaxPixels;
constexpr int kLanes = 16;

QS_AVX512_INLINE inline __m512i broadcastQuad(const uint8_t* p)
{
    int32_t quad;
    std::memcpy(&quad, p, 4);
    return _mm512_set1_epi32(quad);
}

/// Stores P pixels' N accumulator vectors plus the offsets; the last vector only to its q.lastLanes channels.
template <int P, int N>
QS_AVX512_INLINE inline void storeSums(const __m512i* acc, const int32_t* offsets, int lastLanes, int32_t* const* out)
{
    for (int n = 0; n < N; ++n) {
        const __m512i o = _mm512_loadu_si512(offsets + kLanes * n);
        if (n == N - 1 && lastLanes > 0 && lastLanes < kLanes) {
            const __mmask16 m = __mmask16((1u << lastLanes) - 1);
            for (int p = 0; p < P; ++p)
                _mm512_mask_storeu_epi32(out[p] + kLanes * n, m, _mm512_add_epi32(acc[p * N + n], o));
        } else {
            for (int p = 0; p < P; ++p)
                _mm512_storeu_si512(out[p] + kLanes * n, _mm512_add_epi32(acc[p * N + n], o));
        }
    }
}

/// Sum over the G quads at `off` of one pixel's u8 bytes times the block's N weight vectors, as G int16 pair sums
/// added with wrapping vpaddw, then widened once. Exact when every int16 lane's true sum fits (the grouping
/// guarantees it): wrapping addition is exact modulo 2^16.
template <int P, int N, int G>
QS_AVX512_INLINE inline void groupStep(
    const uint8_t* const* a, const int32_t* off, const __m512i* w, __m512i (&acc)[P][N])
{
    const __m512i ones = _mm512_set1_epi16(1);
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p) {
        // Weights as memory operands of vpmaddubsw, reloaded per pixel, as on AVX2: the accumulators keep the
        // registers.
        const __m512i* wp = w;
        asm("" : "+r"(wp));
        __m512i t[N];
#pragma GCC unroll 4
        for (int g = 0; g < G; ++g) {
            const __m512i b = broadcastQuad(a[p] + off[g]);
#pragma GCC unroll 3
            for (int n = 0; n < N; ++n) {
                const __m512i m = _mm512_maddubs_epi16(b, _mm512_load_si512(wp + g * N + n));
                t[n] = g == 0 ? m : _mm512_add_epi16(t[n], m);
            }
        }
#pragma GCC unroll 3
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm512_add_epi32(acc[p][n], _mm512_madd_epi16(t[n], ones));
    }
}

/// Groups of G >= 2 quads for P pixels into P × N accumulators at `acc` (in memory between the phases).
template <int P, int N, int G>
QS_AVX512_NOINLINE void reduceGroups(
    const uint8_t* const* a, const __m512i* w, const int32_t* off, int64_t groups, __m512i* accumulators)
{
    __m512i acc[P][N];
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm512_load_si512(accumulators + p * N + n);
    for (int64_t k = 0; k < groups; ++k, off += G, w += G * N)
        groupStep<P, N, G>(a, off, w, acc);
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            _mm512_store_si512(accumulators + p * N + n, acc[p][n]);
}

/// Single quads: the N weight vectors of a quad in registers, reused by the P pixels.
template <int P, int N>
QS_AVX512_NOINLINE void reduceSingles(
    const uint8_t* const* a, const __m512i* w, const int32_t* off, int64_t quads, __m512i* accumulators)
{
    __m512i acc[P][N];
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm512_load_si512(accumulators + p * N + n);
    const __m512i ones = _mm512_set1_epi16(1);
    for (int64_t k = 0; k < quads; ++k) {
        __m512i wv[N];
        for (int n = 0; n < N; ++n)
            wv[n] = _mm512_load_si512(w + n);
        w += N;
        const int64_t o = off[k];
        for (int p = 0; p < P; ++p) {
            const __m512i b = broadcastQuad(a[p] + o);
            for (int n = 0; n < N; ++n)
                acc[p][n] = _mm512_add_epi32(acc[p][n], _mm512_madd_epi16(_mm512_maddubs_epi16(b, wv[n]), ones));
        }
    }
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            _mm512_store_si512(accumulators + p * N + n, acc[p][n]);
}

/// The groups' pixels in chunks whose accumulators, N int16 sums, a broadcast, a product and the ones fit the 32 zmm
/// registers with room to spare (at most 18 accumulators: 8 pixels of 1 or 2 vectors, 6 of 3).
template <int P, int N, int G, int First = 0>
QS_AVX512_INLINE inline void reduceGroupsInChunks(
    const uint8_t* const* a, const __m512i* w, const int32_t* off, int64_t groups, __m512i* accumulators)
{
    constexpr int kChunk = 18 / N;
    constexpr int kCount = P - First < kChunk ? P - First : kChunk;
    reduceGroups<kCount, N, G>(a + First, w, off, groups, accumulators + First * N);
    if constexpr (First + kCount < P)
        reduceGroupsInChunks<P, N, G, First + kCount>(a, w, off, groups, accumulators);
}

/// The kernel before the grouping, for blocks where few quads group: kernel rows × steps in order, the N weight
/// vectors of a step in registers, P pixels whose window origins are a[p] and outputs out[p].
template <int P, int N>
QS_AVX512_INLINE inline void plainBody(const uint8_t* const* a, const __m512i* w, int64_t kernelRows, int64_t rowStride,
    int64_t steps, int lastLanes, const int32_t* offsets, int32_t* const* out)
{
    __m512i acc[P][N];
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm512_setzero_si512();
    const __m512i ones = _mm512_set1_epi16(1);
    for (int64_t kh = 0; kh < kernelRows; ++kh) {
        const uint8_t* row[P];
        for (int p = 0; p < P; ++p)
            row[p] = a[p] + kh * rowStride;
        for (int64_t j = 0; j < steps; ++j) {
            __m512i wv[N];
            for (int n = 0; n < N; ++n)
                wv[n] = _mm512_load_si512(w + n);
            w += N;
            for (int p = 0; p < P; ++p) {
                const __m512i b = broadcastQuad(row[p] + 4 * j);
                for (int n = 0; n < N; ++n)
                    acc[p][n] = _mm512_add_epi32(acc[p][n], _mm512_madd_epi16(_mm512_maddubs_epi16(b, wv[n]), ones));
            }
        }
    }
    storeSums<P, N>(&acc[0][0], offsets, lastLanes, out);
}

template <int P, int N>
QS_AVX512_NOINLINE void plainKernel(const uint8_t* const* a, const __m512i* w, int64_t kernelRows, int64_t rowStride,
    int64_t steps, int lastLanes, const int32_t* offsets, int32_t* const* out)
{
    plainBody<P, N>(a, w, kernelRows, rowStride, steps, lastLanes, offsets, out);
}

/// plainKernel over `count` pixels at a constant stride (window origins a0 + i·aStep, outputs out0 + i·outStep: a
/// 1x1 stride-1 layer's whole range), the pixel loop inside: groups of P pixels cost no call and no pointer tables
/// from the caller, which on pointwise layers with few input channels (mnasnet's 16 -> 8 at 112x112: 4 quads per
/// pixel) cost about as much as the multiplies. The remainder runs as one smaller group.
template <int P, int N, int R = P - 1>
QS_AVX512_INLINE inline void plainRemainder(const uint8_t* const* a, const __m512i* w, const QuadSchedule& q, int rest,
    const int32_t* offsets, int32_t* const* out)
{
    if constexpr (R > 0) {
        if (rest == R)
            plainKernel<R, N>(a, w, q.kernelRows, q.rowStride, q.steps, q.lastLanes, offsets, out);
        else
            plainRemainder<P, N, R - 1>(a, w, q, rest, offsets, out);
    }
}

template <int P, int N>
QS_AVX512 void plainRun(const uint8_t* a0, int64_t aStep, int64_t count, const void* weights, const QuadSchedule& q,
    const int32_t* offsets, int32_t* out0, int64_t outStep)
{
    const auto* w = static_cast<const __m512i*>(weights);
    const uint8_t* a[P];
    int32_t* out[P];
    int64_t i = 0;
    for (; i + P <= count; i += P) {
        for (int p = 0; p < P; ++p) {
            a[p] = a0 + (i + p) * aStep;
            out[p] = out0 + (i + p) * outStep;
        }
        plainBody<P, N>(a, w, q.kernelRows, q.rowStride, q.steps, q.lastLanes, offsets, out);
    }
    const int rest = int(count - i);
    for (int p = 0; p < rest; ++p) {
        a[p] = a0 + (i + p) * aStep;
        out[p] = out0 + (i + p) * outStep;
    }
    plainRemainder<P, N>(a, w, q, rest, offsets, out);
}

/// P pixels × N zmm (16 output channels each): Σ over the block's quads (QuadSchedule), then + offsets.
template <int P, int N>
QS_AVX512 void microKernel(
    const uint8_t* const* a, const void* weights, const QuadSchedule& q, const int32_t* offsets, int32_t* const* out)
{
    const auto* w = static_cast<const __m512i*>(weights);
    if (q.plain) {
        plainKernel<P, N>(a, w, q.kernelRows, q.rowStride, q.steps, q.lastLanes, offsets, out);
        return;
    }
    alignas(64) __m512i acc[P * N];
    for (int i = 0; i < P * N; ++i)
        acc[i] = _mm512_setzero_si512();
    const int32_t* off = q.offsets;
    if (q.fours > 0)
        reduceGroupsInChunks<P, N, 4>(a, w, off, q.fours, acc);
    off += 4 * q.fours;
    w += 4 * N * q.fours;
    if (q.twos > 0)
        reduceGroupsInChunks<P, N, 2>(a, w, off, q.twos, acc);
    off += 2 * q.twos;
    w += 2 * N * q.twos;
    if (q.singles > 0)
        reduceSingles<P, N>(a, w, off, q.singles, acc);
    storeSums<P, N>(acc, offsets, q.lastLanes, out);
}

template <int N, int... P> constexpr auto kernelRow(std::integer_sequence<int, P...>)
{
    return std::array<detail::OwnConvMicroKernel, sizeof...(P)> { &microKernel<P + 1, N>... };
}

template <int N, int... P> constexpr auto plainRunRow(std::integer_sequence<int, P...>)
{
    return std::array<detail::OwnConvPlainRun, sizeof...(P)> { &plainRun<P + 1, N>... };
}

} // namespace

namespace detail {
const OwnConvSimd kOwnConvAvx512 { kLanes, "qs:avx512_int8",
    {
        kernelRow<1>(std::make_integer_sequence<int, kMaxPixels>()),
        kernelRow<2>(std::make_integer_sequence<int, kMaxPixels>()),
        kernelRow<3>(std::make_integer_sequence<int, kMaxPixels>()),
    },
    {
        plainRunRow<1>(std::make_integer_sequence<int, kMaxPixels>()),
        plainRunRow<2>(std::make_integer_sequence<int, kMaxPixels>()),
        plainRunRow<3>(std::make_integer_sequence<int, kMaxPixels>()),
    } };
static_assert(kOwnConvMaxWidth == 3, "one kernelRow per channel block width");
static_assert(kOwnConvMaxLanes == kLanes, "the widest table's lanes");
} // namespace detail

} // namespace qs::kernels::int8
