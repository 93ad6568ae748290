// SPDX-License-Identifier: MIT
// The AVX-512 VNNI loops of the VNNI depthwise path (int8_conv_depthwise_vnni_simd.h). Every function carries its
// target attribute (kernels/README.md: no per-file -m flags); none has "fma": the requantizing store multiplies and
// rounds as requantize_simd_avx512.cpp does, lane by lane.
#include "kernels/int8/int8_conv_depthwise_vnni_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <algorithm>
#include <array>
#include <immintrin.h>
#include <utility>

#define QS_VNNI __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni,avx512vbmi,avx2")))

namespace qs::kernels::int8::detail {

namespace {

/// Output pixels per register block: 8 accumulators, with a 5x5 kernel's 10 weight vectors loaded from L1 by the
/// multiply-adds themselves.
constexpr int kMaxPixels = 8;

/// vpermb's index: byte 4c + t of the result is byte 16t + c of four staged columns (column t, channel c).
QS_VNNI inline __m512i quadIndex()
{
    alignas(64) uint8_t idx[64];
    for (int c = 0; c < 16; ++c)
        for (int t = 0; t < 4; ++t)
            idx[4 * c + t] = uint8_t(16 * t + c);
    return _mm512_load_si512(idx);
}

QS_VNNI inline __m512i quad(const uint8_t* p, __m512i idx)
{
    return _mm512_permutexvar_epi8(idx, _mm512_loadu_si512(p));
}

/// What a block's stores need, loaded once per block.
struct BlockStore
{
    __m512i offset;
    __m512 scale, lo, hi;
    __m512i zeroPoint16; ///< the output zero point in every int16
    __m512i lo8, hi8; ///< the clamp in every byte (byteClamp)
    __mmask16 mask; ///< the block's channels
    bool whole;
};

/// The requantizing store's variant, fixed per layer and made a template argument so that the pixel loops carry no
/// branch on it.
enum class StoreKind
{
    Int32, ///< int32 sums
    U8Clamp, ///< uint8, the bytes clamped (VnniDepthwiseRequant::byteClamp)
    U8, ///< uint8, clamped in float
    S8Clamp,
    S8,
};

/// Int32 sums of one pixel's 16 channels (the offset already in them) at out.
QS_VNNI inline void storeInt32(const BlockStore& s, __m512i acc, int32_t* out)
{
    if (s.whole)
        _mm512_storeu_si512(out, acc);
    else
        _mm512_mask_storeu_epi32(out, s.mask, acc);
}

/// round_half_even(float(acc) · scale) as int32 (requantize_simd_avx512.cpp's operations lane by lane, the zero point
/// added later), clamped to [lo, hi] first unless the bytes are clamped instead (byteClamp).
template <bool ByteClamp> QS_VNNI inline __m512i rounded(const BlockStore& s, __m512i acc)
{
    __m512 f = _mm512_mul_ps(_mm512_cvtepi32_ps(acc), s.scale);
    if constexpr (!ByteClamp)
        f = _mm512_min_ps(_mm512_max_ps(f, s.lo), s.hi);
    return _mm512_cvt_roundps_epi32(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}

/// Requantized bytes of `n` (1-4) pixels from a[0..n) into out + p · pixelStride. The four are narrowed together:
/// two int32 -> int16 packs, the zero point added in int16 (saturating), one int16 -> byte pack, then one vpermd puts
/// each pixel's 16 channels together (the packs interleave per 128-bit lane). Every step saturates monotonically and
/// is the identity on [lo, hi], so clamping the bytes to [lo, hi] afterwards gives clamp(round(v) + zp), which equals
/// round(clamp(v, lo - zp, hi - zp)) + zp for integer bounds; where the float clamp ran, nothing saturates at all.
template <StoreKind Kind>
QS_VNNI inline void storeBytes(const BlockStore& s, const __m512i* a, int n, uint8_t* out, int64_t pixelStride)
{
    constexpr bool byteClamp = Kind == StoreKind::U8Clamp || Kind == StoreKind::S8Clamp;
    constexpr bool signedOut = Kind == StoreKind::S8Clamp || Kind == StoreKind::S8;
    const __m512i r0 = rounded<byteClamp>(s, a[0]), r1 = n > 1 ? rounded<byteClamp>(s, a[1]) : r0,
                  r2 = n > 2 ? rounded<byteClamp>(s, a[2]) : r0, r3 = n > 3 ? rounded<byteClamp>(s, a[3]) : r0;
    const __m512i lo16 = _mm512_adds_epi16(_mm512_packs_epi32(r0, r1), s.zeroPoint16);
    const __m512i hi16 = _mm512_adds_epi16(_mm512_packs_epi32(r2, r3), s.zeroPoint16);
    __m512i packed;
    if constexpr (signedOut) {
        packed = _mm512_packs_epi16(lo16, hi16);
        if constexpr (byteClamp)
            packed = _mm512_min_epi8(_mm512_max_epi8(packed, s.lo8), s.hi8);
    } else {
        packed = _mm512_packus_epi16(lo16, hi16);
        if constexpr (byteClamp)
            packed = _mm512_min_epu8(_mm512_max_epu8(packed, s.lo8), s.hi8);
    }
    // Dword 4L + k of `packed` holds pixel k's channels 4L..4L+3; pixel k's 16 channels go to dwords 4k..4k+3.
    const __m512i order = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i v = _mm512_permutexvar_epi32(order, packed);
    if (s.whole && pixelStride == 16) {
        _mm512_mask_storeu_epi32(out, __mmask16((1u << (4 * n)) - 1), v);
        return;
    }
    // Pixel k's 16 bytes straight from lanes 16k.. of v by a masked 64-byte store whose start is 16k bytes before
    // them (masked-off bytes are neither written nor faulted on): no extraction of 128-bit lanes, which takes port 5
    // that the regrouping needs.
    const uint64_t lanes = s.mask;
    for (int k = 0; k < n; ++k)
        _mm512_mask_storeu_epi8(out + k * (pixelStride - 16), __mmask64(lanes << (16 * k)), v);
}

/// N pixels from x0 of block b: K kernel rows of 1 (3x3) or 2 (5x5) quads each.
template <int K, int S, int N, StoreKind Kind>
QS_VNNI inline void pixels(
    const VnniDepthwiseTile& t, int64_t b, int64_t x0, const int8_t* w, const BlockStore& s, __m512i idx, void* out)
{
    __m512i acc[N];
    for (int p = 0; p < N; ++p)
        acc[p] = s.offset;
    for (int r = 0; r < K; ++r) {
        const uint8_t* base = t.rows[r] + b * t.blockStride + x0 * S * 16;
        if constexpr (K == 3) {
            const __m512i wr = _mm512_loadu_si512(w + r * 64);
            for (int p = 0; p < N; ++p)
                acc[p] = _mm512_dpbusd_epi32(acc[p], quad(base + p * S * 16, idx), wr);
        } else {
            // Quad j (columns S·j .. S·j + 3) is the first quad of pixel j and the second (columns 4..7 of its
            // window) of pixel j - D: each is regrouped once.
            constexpr int D = S == 1 ? 4 : 2;
            const __m512i w0 = _mm512_loadu_si512(w + (2 * r) * 64), w1 = _mm512_loadu_si512(w + (2 * r + 1) * 64);
            for (int j = 0; j < N + D; ++j) {
                const __m512i v = quad(base + j * S * 16, idx);
                if (j < N)
                    acc[j] = _mm512_dpbusd_epi32(acc[j], v, w0);
                if (j >= D)
                    acc[j - D] = _mm512_dpbusd_epi32(acc[j - D], v, w1);
            }
        }
    }
    if constexpr (Kind != StoreKind::Int32) {
        uint8_t* o = static_cast<uint8_t*>(out) + x0 * t.channels + b * 16;
        for (int p = 0; p < N; p += 4)
            storeBytes<Kind>(s, acc + p, N - p < 4 ? N - p : 4, o + p * t.channels, t.channels);
    } else {
        for (int p = 0; p < N; ++p)
            storeInt32(s, acc[p], static_cast<int32_t*>(out) + (x0 + p) * t.channels + b * 16);
    }
}

/// `groups` runs of N pixels from x0 of block b. Not inlined: each N gets a loop of its own with the registers to
/// itself, where one function holding every N's loop kept the row pointers in vector registers (a fifth of the loops'
/// time in an in-process A/B).
template <int K, int S, int N, StoreKind Kind>
QS_VNNI __attribute__((noinline)) void groupsOf(
    const VnniDepthwiseTile& t, int64_t b, int64_t x0, int64_t groups, const BlockStore& s, void* out)
{
    constexpr int64_t quads = K == 3 ? 1 : 2;
    const __m512i idx = quadIndex();
    const int8_t* w = t.weights + b * K * quads * 64;
    for (int64_t g = 0; g < groups; ++g, x0 += N)
        pixels<K, S, N, Kind>(t, b, x0, w, s, idx, out);
}

using GroupsFn = void (*)(const VnniDepthwiseTile&, int64_t, int64_t, int64_t, const BlockStore&, void*);

template <int K, int S, StoreKind Kind, size_t... I> constexpr auto groupsTable(std::index_sequence<I...>)
{
    return std::array<GroupsFn, sizeof...(I)> { &groupsOf<K, S, int(I) + 1, Kind>... };
}

template <int K, int S, StoreKind Kind>
QS_VNNI void run(const VnniDepthwiseTile& t, const VnniDepthwiseRequant* rq, int64_t count, void* out)
{
    if (count <= 0)
        return;
    static constexpr auto table = groupsTable<K, S, Kind>(std::make_index_sequence<kMaxPixels>());
    // Groups as equal as can be (7 pixels: one group of 7, not 4 + 3): `extra` of size + 1, then the rest of size.
    const int64_t groups = (count + kMaxPixels - 1) / kMaxPixels, size = count / groups, extra = count % groups;
    const GroupsFn larger = extra ? table[size_t(size)] : nullptr, smaller = table[size_t(size - 1)];
    for (int64_t b = 0; b < t.blocks; ++b) {
        const int64_t lanes = std::min<int64_t>(16, t.channels - 16 * b);
        BlockStore s;
        s.whole = lanes == 16;
        s.mask = __mmask16((1u << lanes) - 1);
        s.offset = _mm512_loadu_si512(t.offset + 16 * b);
        if constexpr (Kind != StoreKind::Int32) {
            s.scale = _mm512_loadu_ps(rq->scale + 16 * b);
            s.lo = _mm512_set1_ps(rq->lo);
            s.hi = _mm512_set1_ps(rq->hi);
            s.zeroPoint16 = _mm512_set1_epi16(int16_t(rq->zeroPoint));
            s.lo8 = _mm512_set1_epi8(char(int(rq->lo) + rq->zeroPoint));
            s.hi8 = _mm512_set1_epi8(char(int(rq->hi) + rq->zeroPoint));
        }
        if (extra)
            larger(t, b, 0, extra, s, out);
        smaller(t, b, extra * (size + 1), groups - extra, s, out);
    }
}

template <int K, int S> QS_VNNI void runInt32(const VnniDepthwiseTile& t, int64_t count, int32_t* out)
{
    run<K, S, StoreKind::Int32>(t, nullptr, count, out);
}

template <int K, int S>
QS_VNNI void runBytes(const VnniDepthwiseTile& t, const VnniDepthwiseRequant& rq, int64_t count, uint8_t* out)
{
    if (rq.signedOut)
        rq.byteClamp ? run<K, S, StoreKind::S8Clamp>(t, &rq, count, out) : run<K, S, StoreKind::S8>(t, &rq, count, out);
    else
        rq.byteClamp ? run<K, S, StoreKind::U8Clamp>(t, &rq, count, out) : run<K, S, StoreKind::U8>(t, &rq, count, out);
}

/// Block after block, so that the staged bytes are written in order; the spec's fields in locals (the stores could
/// alias it) and four columns per step: a third less time than a column loop reading them back from the spec.
QS_VNNI void stageRow(const uint8_t* row, const VnniStageSpec& spec, uint8_t zeroPoint, uint8_t* staged)
{
    const int64_t ch = spec.channels, columns = spec.columns, blocks = spec.blocks, padLeft = spec.padLeft;
    const __m128i zp = _mm_set1_epi8(char(zeroPoint));
    const int64_t first = std::min(padLeft, columns), last = std::clamp(padLeft + spec.inWidth, first, columns);
    const auto store = [](uint8_t* p, __m128i v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); };
    const auto load = [](const uint8_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); };
    for (int64_t b = 0; b < blocks; ++b) {
        uint8_t* const dst = staged + b * columns * 16;
        const int64_t lanes = std::min<int64_t>(16, ch - 16 * b);
        for (int64_t col = 0; col < first; ++col)
            store(dst + col * 16, zp);
        uint8_t* d = dst + first * 16;
        uint8_t* const end = dst + last * 16;
        if (!row) {
            for (; d < end; d += 16)
                store(d, zp);
        } else if (const uint8_t* src = row + 16 * b + (first - padLeft) * ch; lanes == 16) {
            for (; d + 64 <= end; d += 64, src += 4 * ch) {
                const __m128i c0 = load(src), c1 = load(src + ch), c2 = load(src + 2 * ch), c3 = load(src + 3 * ch);
                store(d, c0);
                store(d + 16, c1);
                store(d + 32, c2);
                store(d + 48, c3);
            }
            for (; d < end; d += 16, src += ch)
                store(d, load(src));
        } else {
            const __mmask16 m = __mmask16((1u << lanes) - 1);
            for (; d < end; d += 16, src += ch)
                store(d, _mm_mask_loadu_epi8(zp, m, src));
        }
        for (int64_t col = last; col < columns; ++col)
            store(dst + col * 16, zp);
    }
}

} // namespace

const VnniDepthwiseSimd kVnniDepthwiseAvx512 { stageRow,
    { runInt32<3, 1>, runInt32<3, 2>, runInt32<5, 1>, runInt32<5, 2> },
    { runBytes<3, 1>, runBytes<3, 2>, runBytes<5, 1>, runBytes<5, 2> } };

} // namespace qs::kernels::int8::detail
