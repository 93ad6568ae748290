// SPDX-License-Identifier: MIT
// The AVX2 microkernels of the own int8 convolution kernel (int8_conv_own_simd.h: detail::kOwnConvAvx2; the kernel
// object in int8_conv_own_kernel.cpp plans the quads they reduce). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_conv_own_simd.h"

#include <cstring>
#include <immintrin.h>
#include <utility>

namespace qs::kernels::int8 {

namespace {

using detail::QuadSchedule;
constexpr int kMaxPixels = detail::kOwnConvMaxPixels;

/// Sum over the G quads at `off` of one pixel's u8 bytes times the block's N weight vectors, as G int16 pair sums
/// added with wrapping vpaddw, then widened once. Exact when every int16 lane's true sum fits (the grouping
/// guarantees it): wrapping addition is exact modulo 2^16.
template <int P, int N, int G>
__attribute__((target("avx2"), always_inline)) inline void groupStep(
    const uint8_t* const* a, const int32_t* off, const __m256i* w, __m256i (&acc)[P][N])
{
    const __m256i ones = _mm256_set1_epi16(1);
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p) {
        // Weights as memory operands, reloaded per pixel, and one broadcast live at a time: otherwise the compiler
        // keeps the G·N weight vectors or G broadcasts in registers and spills the accumulators instead.
        const __m256i* wp = w;
        asm("" : "+r"(wp));
        __m256i t[N];
#pragma GCC unroll 4
        for (int g = 0; g < G; ++g) {
            int32_t quad;
            std::memcpy(&quad, a[p] + off[g], 4);
            const __m256i b = _mm256_set1_epi32(quad);
#pragma GCC unroll 3
            for (int n = 0; n < N; ++n) {
                const __m256i m = _mm256_maddubs_epi16(b, _mm256_load_si256(wp + g * N + n));
                t[n] = g == 0 ? m : _mm256_add_epi16(t[n], m);
            }
        }
#pragma GCC unroll 3
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm256_add_epi32(acc[p][n], _mm256_madd_epi16(t[n], ones));
    }
}

/// Groups of G >= 2 quads for P pixels into P × N accumulators at `acc` (in memory between the phases). One loop per
/// function and at most 3 pixels: the accumulators, one broadcast, the N int16 sums and a product then fit the 16 ymm
/// registers (GCC 12 spilled the accumulators in every iteration otherwise). The weights are memory operands of
/// vpmaddubsw, so splitting the pixels costs no extra loads.
template <int P, int N, int G>
__attribute__((target("avx2"), noinline)) void reduceGroups(
    const uint8_t* const* a, const __m256i* w, const int32_t* off, int64_t groups, __m256i* accumulators)
{
    __m256i acc[P][N];
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm256_load_si256(accumulators + p * N + n);
    for (int64_t k = 0; k < groups; ++k, off += G, w += G * N)
        groupStep<P, N, G>(a, off, w, acc);
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            _mm256_store_si256(accumulators + p * N + n, acc[p][n]);
}

/// Single quads, as the kernel did before the grouping: the N weight vectors of a quad in registers, reused by the P
/// pixels.
template <int P, int N>
__attribute__((target("avx2"), noinline)) void reduceSingles(
    const uint8_t* const* a, const __m256i* w, const int32_t* off, int64_t quads, __m256i* accumulators)
{
    __m256i acc[P][N];
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm256_load_si256(accumulators + p * N + n);
    const __m256i ones = _mm256_set1_epi16(1);
    for (int64_t k = 0; k < quads; ++k) {
        __m256i wv[N];
        for (int n = 0; n < N; ++n)
            wv[n] = _mm256_load_si256(w + n);
        w += N;
        const int64_t o = off[k];
        for (int p = 0; p < P; ++p) {
            int32_t quad;
            std::memcpy(&quad, a[p] + o, 4);
            const __m256i b = _mm256_set1_epi32(quad);
            for (int n = 0; n < N; ++n)
                acc[p][n] = _mm256_add_epi32(acc[p][n], _mm256_madd_epi16(_mm256_maddubs_epi16(b, wv[n]), ones));
        }
    }
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            _mm256_store_si256(accumulators + p * N + n, acc[p][n]);
}

template <int P, int N, int G, int First = 0>
__attribute__((target("avx2"))) inline void reduceGroupsBy3(
    const uint8_t* const* a, const __m256i* w, const int32_t* off, int64_t groups, __m256i* accumulators)
{
    constexpr int kCount = P - First < 3 ? P - First : 3;
    reduceGroups<kCount, N, G>(a + First, w, off, groups, accumulators + First * N);
    if constexpr (First + kCount < P)
        reduceGroupsBy3<P, N, G, First + kCount>(a, w, off, groups, accumulators);
}

/// Stores P pixels' N accumulator vectors plus the offsets; the last vector only to its `lastLanes` channels.
template <int P, int N>
__attribute__((target("avx2"), always_inline)) inline void storeSums(
    const __m256i* acc, const int32_t* offsets, int lastLanes, int32_t* const* out)
{
    for (int n = 0; n < N; ++n) {
        const __m256i o = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(offsets + 8 * n));
        if (n == N - 1 && lastLanes > 0 && lastLanes < 8) {
            const __m256i m
                = _mm256_cmpgt_epi32(_mm256_set1_epi32(lastLanes), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            for (int p = 0; p < P; ++p)
                _mm256_maskstore_epi32(out[p] + 8 * n, m, _mm256_add_epi32(acc[p * N + n], o));
        } else {
            for (int p = 0; p < P; ++p)
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[p] + 8 * n), _mm256_add_epi32(acc[p * N + n], o));
        }
    }
}

/// The kernel before the grouping, for blocks where few quads group (full-range weights, e.g. PyTorch's per-channel
/// ones on resnet18): kernel rows × steps in order, the N weight vectors of a step in registers, P pixels whose window
/// origins are a[p] and outputs out[p].
template <int P, int N>
__attribute__((target("avx2"), always_inline)) inline void plainBody(const uint8_t* const* a, const __m256i* w,
    int64_t kernelRows, int64_t rowStride, int64_t steps, int lastLanes, const int32_t* offsets, int32_t* const* out)
{
    __m256i acc[P][N];
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm256_setzero_si256();
    const __m256i ones = _mm256_set1_epi16(1);
    for (int64_t kh = 0; kh < kernelRows; ++kh) {
        const uint8_t* row[P];
        for (int p = 0; p < P; ++p)
            row[p] = a[p] + kh * rowStride;
        for (int64_t j = 0; j < steps; ++j) {
            __m256i wv[N];
            for (int n = 0; n < N; ++n)
                wv[n] = _mm256_load_si256(w + n);
            w += N;
            for (int p = 0; p < P; ++p) {
                int32_t quad;
                std::memcpy(&quad, row[p] + 4 * j, 4);
                const __m256i b = _mm256_set1_epi32(quad);
                for (int n = 0; n < N; ++n)
                    acc[p][n] = _mm256_add_epi32(acc[p][n], _mm256_madd_epi16(_mm256_maddubs_epi16(b, wv[n]), ones));
            }
        }
    }
    storeSums<P, N>(&acc[0][0], offsets, lastLanes, out);
}

template <int P, int N>
__attribute__((target("avx2"), noinline)) void plainKernel(const uint8_t* const* a, const __m256i* w,
    int64_t kernelRows, int64_t rowStride, int64_t steps, int lastLanes, const int32_t* offsets, int32_t* const* out)
{
    plainBody<P, N>(a, w, kernelRows, rowStride, steps, lastLanes, offsets, out);
}

/// plainKernel over `count` pixels at a constant stride (window origins a0 + i·aStep, outputs out0 + i·outStep: a
/// 1x1 stride-1 layer's whole range), the pixel loop inside (int8_conv_own_avx512.cpp says why); the remainder runs
/// as one smaller group.
template <int P, int N, int R = P - 1>
__attribute__((target("avx2"), always_inline)) inline void plainRemainder(const uint8_t* const* a, const __m256i* w,
    const QuadSchedule& q, int rest, const int32_t* offsets, int32_t* const* out)
{
    if constexpr (R > 0) {
        if (rest == R)
            plainKernel<R, N>(a, w, q.kernelRows, q.rowStride, q.steps, q.lastLanes, offsets, out);
        else
            plainRemainder<P, N, R - 1>(a, w, q, rest, offsets, out);
    }
}

template <int P, int N>
__attribute__((target("avx2"))) void plainRun(const uint8_t* a0, int64_t aStep, int64_t count, const void* weights,
    const QuadSchedule& q, const int32_t* offsets, int32_t* out0, int64_t outStep)
{
    const auto* w = static_cast<const __m256i*>(weights);
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

/// P pixels × N ymm (8 output channels each): Σ over the block's quads (QuadSchedule), then + offsets.
/// `a[p]` points at pixel p's window origin in the padded input, `w` at the block's packed weights.
template <int P, int N>
__attribute__((target("avx2"))) void microKernel(
    const uint8_t* const* a, const void* weights, const QuadSchedule& q, const int32_t* offsets, int32_t* const* out)
{
    const auto* w = static_cast<const __m256i*>(weights);
    if (q.plain) {
        plainKernel<P, N>(a, w, q.kernelRows, q.rowStride, q.steps, q.lastLanes, offsets, out);
        return;
    }
    alignas(32) __m256i acc[P * N];
    for (int i = 0; i < P * N; ++i)
        acc[i] = _mm256_setzero_si256();
    const int32_t* off = q.offsets;
    if (q.fours > 0)
        reduceGroupsBy3<P, N, 4>(a, w, off, q.fours, acc);
    off += 4 * q.fours;
    w += 4 * N * q.fours;
    if (q.twos > 0)
        reduceGroupsBy3<P, N, 2>(a, w, off, q.twos, acc);
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
const OwnConvSimd kOwnConvAvx2 { 8, "qs:avx2_int8",
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
} // namespace detail

} // namespace qs::kernels::int8
