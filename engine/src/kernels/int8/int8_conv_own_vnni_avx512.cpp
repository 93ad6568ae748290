// SPDX-License-Identifier: MIT
// The AVX-512 VNNI microkernels of the own int8 convolution kernel (int8_conv_own_vnni.h: detail::kOwnConvAvx512Vnni):
// the AVX-512BW ones' quads and packing (int8_conv_own_avx512.cpp: 16 int32 lanes of output channels per zmm, the 4
// bytes of a quad broadcast per pixel), with one vpdpbusd per quad and vector in place of vpmaddubsw, vpmaddwd and
// vpaddd. vpdpbusd adds the four u8·s8 products of each 32-bit lane to the int32 accumulator without an int16 step or
// saturation, so the sums are exact for any s8 weights: the weights come unsplit and every quad is reduced singly
// (groups would save nothing). Every function carries its target attribute (kernels/README.md: no per-file -m flags).
#include "kernels/int8/int8_conv_own_vnni.h"
#include "quant/quant_isa.h"

#include <cstring>
// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#include <utility>

#define QS_VNNI __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni,avx2")))
#define QS_VNNI_INLINE __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni,avx2"), always_inline))
#define QS_VNNI_NOINLINE __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni,avx2"), noinline))

namespace qs::kernels::int8 {

namespace {

using detail::QuadSchedule;
constexpr int kMaxPixels = detail::kOwnConvMaxPixels;
constexpr int kLanes = 16;

QS_VNNI_INLINE inline __m512i broadcastQuad(const uint8_t* p)
{
    int32_t quad;
    std::memcpy(&quad, p, 4);
    return _mm512_set1_epi32(quad);
}

/// The int32 store: P pixels' N accumulator vectors plus the offsets; the last vector only to its lastLanes channels.
struct Int32Store
{
    using Out = int32_t;
    const int32_t* offsets;
    template <int P, int N>
    QS_VNNI_INLINE inline void store(const __m512i (&acc)[P][N], int lastLanes, int32_t* const* out) const
    {
#pragma GCC unroll 3
        for (int n = 0; n < N; ++n) {
            const __m512i o = _mm512_loadu_si512(offsets + kLanes * n);
            const __mmask16 m = n == N - 1 && lastLanes > 0 ? __mmask16((1u << lastLanes) - 1) : __mmask16(0xffff);
#pragma GCC unroll 8
            for (int p = 0; p < P; ++p)
                _mm512_mask_storeu_epi32(out[p] + kLanes * n, m, _mm512_add_epi32(acc[p][n], o));
        }
    }
};

/// The requantizing store (detail::OwnConvRequant): requantize16 of requantize_simd_avx512.cpp with the offset in
/// place of the bias, then the bytes (vpmovdb: the clamped values fit the output type).
struct ByteStore
{
    using Out = uint8_t;
    const int32_t* offsets;
    const detail::OwnConvRequant& rq;
    template <int P, int N>
    QS_VNNI_INLINE inline void store(const __m512i (&acc)[P][N], int lastLanes, uint8_t* const* out) const
    {
        const __m512 lo = _mm512_set1_ps(rq.lo), hi = _mm512_set1_ps(rq.hi);
        const __m512i zp = _mm512_set1_epi32(rq.zeroPoint);
#pragma GCC unroll 3
        for (int n = 0; n < N; ++n) {
            const __m512i o = _mm512_loadu_si512(offsets + kLanes * n);
            const __m512 scale = _mm512_loadu_ps(rq.scales + kLanes * n);
            const bool masked = n == N - 1 && lastLanes > 0 && lastLanes < kLanes;
            const __mmask16 m = masked ? __mmask16((1u << lastLanes) - 1) : __mmask16(0xffff);
#pragma GCC unroll 8
            for (int p = 0; p < P; ++p) {
                __m512 v = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_add_epi32(acc[p][n], o)), scale);
                v = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
                const __m512i y
                    = _mm512_add_epi32(_mm512_cvt_roundps_epi32(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC), zp);
                if (masked)
                    _mm_mask_storeu_epi8(out[p] + kLanes * n, m, _mm512_cvtepi32_epi8(y));
                else
                    _mm_storeu_si128(reinterpret_cast<__m128i*>(out[p] + kLanes * n), _mm512_cvtepi32_epi8(y));
            }
        }
    }
};

template <int P, int N> QS_VNNI_INLINE inline void clear(__m512i (&acc)[P][N])
{
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p)
#pragma GCC unroll 3
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm512_setzero_si512();
}

/// One quad: the N weight vectors in registers, reused by the P pixels whose quad bytes are at a[p] + offset.
template <int P, int N>
QS_VNNI_INLINE inline void quadStep(const uint8_t* const* a, int64_t offset, const __m512i* w, __m512i (&acc)[P][N])
{
    __m512i wv[N];
#pragma GCC unroll 3
    for (int n = 0; n < N; ++n)
        wv[n] = _mm512_load_si512(w + n);
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p) {
        const __m512i b = broadcastQuad(a[p] + offset);
#pragma GCC unroll 3
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm512_dpbusd_epi32(acc[p][n], b, wv[n]);
    }
}

/// The kernel's quads in kernel order (kernel rows × steps), P pixels whose window origins are a[p] and outputs
/// out[p].
template <int P, int N, typename Store>
QS_VNNI_INLINE inline void plainBody(const uint8_t* const* a, const __m512i* w, const QuadSchedule& q,
    const Store& store, typename Store::Out* const* out)
{
    __m512i acc[P][N];
    clear<P, N>(acc);
    for (int64_t kh = 0; kh < q.kernelRows; ++kh) {
        const uint8_t* row[P];
#pragma GCC unroll 8
        for (int p = 0; p < P; ++p)
            row[p] = a[p] + kh * q.rowStride;
        for (int64_t j = 0; j < q.steps; ++j, w += N)
            quadStep<P, N>(row, 4 * j, w, acc);
    }
    store.template store<P, N>(acc, q.lastLanes, out);
}

template <int P, int N, typename Store>
QS_VNNI_NOINLINE void plainKernel(const uint8_t* const* a, const __m512i* w, const QuadSchedule& q, const Store& store,
    typename Store::Out* const* out)
{
    plainBody<P, N>(a, w, q, store, out);
}

/// A block's whole pixel range at a constant stride (1x1 stride 1), as the AVX-512BW plainRun: groups of P pixels
/// with the loop inside, the remainder as one smaller group.
template <int P, int N, typename Store, int R = P - 1>
QS_VNNI_INLINE inline void plainRemainder(const uint8_t* const* a, const __m512i* w, const QuadSchedule& q, int rest,
    const Store& store, typename Store::Out* const* out)
{
    if constexpr (R > 0) {
        if (rest == R)
            plainKernel<R, N>(a, w, q, store, out);
        else
            plainRemainder<P, N, Store, R - 1>(a, w, q, rest, store, out);
    }
}

template <int P, int N, typename Store>
QS_VNNI_INLINE inline void plainRunBody(const uint8_t* a0, int64_t aStep, int64_t count, const void* weights,
    const QuadSchedule& q, const Store& store, typename Store::Out* out0, int64_t outStep)
{
    const auto* w = static_cast<const __m512i*>(weights);
    const uint8_t* a[P];
    typename Store::Out* out[P];
    int64_t i = 0;
    for (; i + P <= count; i += P) {
#pragma GCC unroll 8
        for (int p = 0; p < P; ++p) {
            a[p] = a0 + (i + p) * aStep;
            out[p] = out0 + (i + p) * outStep;
        }
        plainBody<P, N>(a, w, q, store, out);
    }
    const int rest = int(count - i);
    for (int p = 0; p < rest; ++p) {
        a[p] = a0 + (i + p) * aStep;
        out[p] = out0 + (i + p) * outStep;
    }
    plainRemainder<P, N>(a, w, q, rest, store, out);
}

/// P pixels × N zmm: the block's quads (QuadSchedule) in its order, each singly (a block holding residual quads is
/// not plain; whatever grouping the schedule names, the quads are reduced one by one, which is exact in int32).
template <int P, int N, typename Store>
QS_VNNI_INLINE inline void microBody(const uint8_t* const* a, const void* weights, const QuadSchedule& q,
    const Store& store, typename Store::Out* const* out)
{
    const auto* w = static_cast<const __m512i*>(weights);
    if (q.plain) {
        plainKernel<P, N>(a, w, q, store, out);
        return;
    }
    __m512i acc[P][N];
    clear<P, N>(acc);
    const int64_t quads = 4 * q.fours + 2 * q.twos + q.singles;
    for (int64_t k = 0; k < quads; ++k, w += N)
        quadStep<P, N>(a, q.offsets[k], w, acc);
    store.template store<P, N>(acc, q.lastLanes, out);
}

template <int P, int N>
QS_VNNI void microKernel(
    const uint8_t* const* a, const void* weights, const QuadSchedule& q, const int32_t* offsets, int32_t* const* out)
{
    microBody<P, N>(a, weights, q, Int32Store { offsets }, out);
}

template <int P, int N>
QS_VNNI void plainRun(const uint8_t* a0, int64_t aStep, int64_t count, const void* weights, const QuadSchedule& q,
    const int32_t* offsets, int32_t* out0, int64_t outStep)
{
    plainRunBody<P, N>(a0, aStep, count, weights, q, Int32Store { offsets }, out0, outStep);
}

template <int P, int N>
QS_VNNI void bytesKernel(const uint8_t* const* a, const void* weights, const QuadSchedule& q, const int32_t* offsets,
    const detail::OwnConvRequant& rq, uint8_t* const* out)
{
    microBody<P, N>(a, weights, q, ByteStore { offsets, rq }, out);
}

template <int P, int N>
QS_VNNI void bytesRun(const uint8_t* a0, int64_t aStep, int64_t count, const void* weights, const QuadSchedule& q,
    const int32_t* offsets, const detail::OwnConvRequant& rq, uint8_t* out0, int64_t outStep)
{
    plainRunBody<P, N>(a0, aStep, count, weights, q, ByteStore { offsets, rq }, out0, outStep);
}

// The four kinds of table entries, each a pointer to the instance for P pixels and N vectors.
struct Int32Kernels
{
    template <int P, int N> static constexpr detail::OwnConvMicroKernel at = &microKernel<P, N>;
};
struct Int32Runs
{
    template <int P, int N> static constexpr detail::OwnConvPlainRun at = &plainRun<P, N>;
};
struct ByteKernels
{
    template <int P, int N> static constexpr detail::OwnConvBytesKernel at = &bytesKernel<P, N>;
};
struct ByteRuns
{
    template <int P, int N> static constexpr detail::OwnConvBytesRun at = &bytesRun<P, N>;
};

template <typename Kind, int N, int... P> constexpr auto row(std::integer_sequence<int, P...>)
{
    return std::array { Kind::template at<P + 1, N>... };
}

/// [N - 1][P - 1], as int8_conv_own_simd.h's tables.
template <typename Kind> constexpr auto rows()
{
    constexpr auto pixels = std::make_integer_sequence<int, kMaxPixels>();
    return std::array { row<Kind, 1>(pixels), row<Kind, 2>(pixels), row<Kind, 3>(pixels) };
}

} // namespace

namespace detail {
const OwnConvSimd kOwnConvAvx512Vnni { kLanes, "qs:avx512_vnni_int8", rows<Int32Kernels>(), rows<Int32Runs>() };
const OwnConvVnniBytes kOwnConvVnniBytes { rows<ByteKernels>(), rows<ByteRuns>() };
static_assert(kOwnConvMaxWidth == 3, "rows() makes one row per channel block width");
static_assert(kOwnConvMaxLanes == kLanes, "the widest table's lanes");
} // namespace detail

const detail::OwnConvSimd* ownConvVnniSimdUncapped() noexcept
{
    static const bool cpu = quant::cpuRunsQuantIsa(quant::QuantIsa::Avx512) && __builtin_cpu_supports("avx512vnni");
    return cpu ? &detail::kOwnConvAvx512Vnni : nullptr;
}

const detail::OwnConvSimd* ownConvVnniSimd() noexcept
{
    return quant::bestQuantIsa() == quant::QuantIsa::Avx512 ? ownConvVnniSimdUncapped() : nullptr;
}

} // namespace qs::kernels::int8
