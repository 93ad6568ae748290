// SPDX-License-Identifier: MIT
// The AVX-512 VNNI loops of the VNNI depthwise path (int8_conv_depthwise_vnni_simd.h). Every function carries its
// target attribute (kernels/README.md: no per-file -m flags); none has "fma": the requantizing store multiplies and
// rounds as requantize_simd_avx512.cpp does, lane by lane.
#include "kernels/int8/int8_conv_depthwise_vnni_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <algorithm>
#include <immintrin.h>

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
    bool signedOut; ///< int8 output (else uint8)
    bool byteClamp; ///< VnniDepthwiseRequant::byteClamp
    __mmask16 mask; ///< the block's channels
    bool whole;
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
QS_VNNI inline __m512i rounded(const BlockStore& s, __m512i acc)
{
    __m512 f = _mm512_mul_ps(_mm512_cvtepi32_ps(acc), s.scale);
    if (!s.byteClamp)
        f = _mm512_min_ps(_mm512_max_ps(f, s.lo), s.hi);
    return _mm512_cvt_roundps_epi32(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}

/// Requantized bytes of `n` (1-4) pixels from a[0..n) into out + p · pixelStride. The four are narrowed together:
/// two int32 -> int16 packs, the zero point added in int16 (saturating), one int16 -> byte pack, then one vpermd puts
/// each pixel's 16 channels together (the packs interleave per 128-bit lane). Every step saturates monotonically and
/// is the identity on [lo, hi], so clamping the bytes to [lo, hi] afterwards gives clamp(round(v) + zp), which equals
/// round(clamp(v, lo - zp, hi - zp)) + zp for integer bounds; where the float clamp ran, nothing saturates at all.
QS_VNNI inline void storeBytes(const BlockStore& s, const __m512i* a, int n, uint8_t* out, int64_t pixelStride)
{
    const __m512i r0 = rounded(s, a[0]), r1 = n > 1 ? rounded(s, a[1]) : r0, r2 = n > 2 ? rounded(s, a[2]) : r0,
                  r3 = n > 3 ? rounded(s, a[3]) : r0;
    const __m512i lo16 = _mm512_adds_epi16(_mm512_packs_epi32(r0, r1), s.zeroPoint16);
    const __m512i hi16 = _mm512_adds_epi16(_mm512_packs_epi32(r2, r3), s.zeroPoint16);
    __m512i packed;
    if (s.signedOut) {
        packed = _mm512_packs_epi16(lo16, hi16);
        if (s.byteClamp)
            packed = _mm512_min_epi8(_mm512_max_epi8(packed, s.lo8), s.hi8);
    } else {
        packed = _mm512_packus_epi16(lo16, hi16);
        if (s.byteClamp)
            packed = _mm512_min_epu8(_mm512_max_epu8(packed, s.lo8), s.hi8);
    }
    // Dword 4L + k of `packed` holds pixel k's channels 4L..4L+3; pixel k's 16 channels go to dwords 4k..4k+3.
    const __m512i order = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i v = _mm512_permutexvar_epi32(order, packed);
    if (s.whole && pixelStride == 16) {
        _mm512_mask_storeu_epi32(out, __mmask16((1u << (4 * n)) - 1), v);
        return;
    }
    const __m128i q[4] = { _mm512_castsi512_si128(v), _mm512_extracti32x4_epi32(v, 1), _mm512_extracti32x4_epi32(v, 2),
        _mm512_extracti32x4_epi32(v, 3) };
    for (int k = 0; k < n; ++k)
        if (s.whole)
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + k * pixelStride), q[k]);
        else
            _mm_mask_storeu_epi8(out + k * pixelStride, s.mask, q[k]);
}

/// N pixels from x0 of block b: K kernel rows of 1 (3x3) or 2 (5x5) quads each.
template <int K, int S, int N, bool Bytes>
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
    if constexpr (Bytes) {
        uint8_t* o = static_cast<uint8_t*>(out) + x0 * t.channels + b * 16;
        for (int p = 0; p < N; p += 4)
            storeBytes(s, acc + p, N - p < 4 ? N - p : 4, o + p * t.channels, t.channels);
    } else {
        for (int p = 0; p < N; ++p)
            storeInt32(s, acc[p], static_cast<int32_t*>(out) + (x0 + p) * t.channels + b * 16);
    }
}

/// pixels<K, S, n> for a run-time n in [N, kMaxPixels].
template <int K, int S, int N, bool Bytes>
QS_VNNI inline void pixelsOf(int64_t n, const VnniDepthwiseTile& t, int64_t b, int64_t x0, const int8_t* w,
    const BlockStore& s, __m512i idx, void* out)
{
    if constexpr (N < kMaxPixels) {
        if (n != N) {
            pixelsOf<K, S, N + 1, Bytes>(n, t, b, x0, w, s, idx, out);
            return;
        }
    }
    pixels<K, S, N, Bytes>(t, b, x0, w, s, idx, out);
}

template <int K, int S, bool Bytes>
QS_VNNI void run(const VnniDepthwiseTile& t, const VnniDepthwiseRequant* rq, int64_t count, void* out)
{
    if (count <= 0)
        return;
    const __m512i idx = quadIndex();
    constexpr int64_t quads = K == 3 ? 1 : 2;
    // Groups as equal as can be (7 pixels: one group of 7, not 4 + 3).
    const int64_t groups = (count + kMaxPixels - 1) / kMaxPixels, size = count / groups, extra = count % groups;
    for (int64_t b = 0; b < t.blocks; ++b) {
        const int64_t lanes = std::min<int64_t>(16, t.channels - 16 * b);
        BlockStore s;
        s.whole = lanes == 16;
        s.mask = __mmask16((1u << lanes) - 1);
        s.offset = _mm512_loadu_si512(t.offset + 16 * b);
        if constexpr (Bytes) {
            s.scale = _mm512_loadu_ps(rq->scale + 16 * b);
            s.lo = _mm512_set1_ps(rq->lo);
            s.hi = _mm512_set1_ps(rq->hi);
            s.zeroPoint16 = _mm512_set1_epi16(int16_t(rq->zeroPoint));
            s.signedOut = rq->signedOut;
            s.byteClamp = rq->byteClamp;
            s.lo8 = _mm512_set1_epi8(char(int(rq->lo) + rq->zeroPoint));
            s.hi8 = _mm512_set1_epi8(char(int(rq->hi) + rq->zeroPoint));
        }
        const int8_t* w = t.weights + b * K * quads * 64;
        int64_t x0 = 0;
        for (int64_t g = 0; g < groups; ++g) {
            const int64_t n = size + (g < extra ? 1 : 0);
            pixelsOf<K, S, 1, Bytes>(n, t, b, x0, w, s, idx, out);
            x0 += n;
        }
    }
}

template <int K, int S> QS_VNNI void runInt32(const VnniDepthwiseTile& t, int64_t count, int32_t* out)
{
    run<K, S, false>(t, nullptr, count, out);
}

template <int K, int S>
QS_VNNI void runBytes(const VnniDepthwiseTile& t, const VnniDepthwiseRequant& rq, int64_t count, uint8_t* out)
{
    run<K, S, true>(t, &rq, count, out);
}

QS_VNNI void stageRow(const uint8_t* row, const VnniStageSpec& s, uint8_t zeroPoint, uint8_t* staged)
{
    const __m128i zp = _mm_set1_epi8(char(zeroPoint));
    const int64_t first = std::min(s.padLeft, s.columns), last = std::clamp(s.padLeft + s.inWidth, first, s.columns);
    for (int64_t b = 0; b < s.blocks; ++b) {
        auto* dst = reinterpret_cast<__m128i*>(staged + b * s.columns * 16);
        const int64_t lanes = std::min<int64_t>(16, s.channels - 16 * b);
        for (int64_t col = 0; col < first; ++col)
            _mm_storeu_si128(dst + col, zp);
        if (row) {
            const uint8_t* src = row + 16 * b - s.padLeft * s.channels;
            if (lanes == 16) {
                for (int64_t col = first; col < last; ++col)
                    _mm_storeu_si128(
                        dst + col, _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + col * s.channels)));
            } else {
                const __mmask16 m = __mmask16((1u << lanes) - 1);
                for (int64_t col = first; col < last; ++col)
                    _mm_storeu_si128(dst + col, _mm_mask_loadu_epi8(zp, m, src + col * s.channels));
            }
        } else {
            for (int64_t col = first; col < last; ++col)
                _mm_storeu_si128(dst + col, zp);
        }
        for (int64_t col = last; col < s.columns; ++col)
            _mm_storeu_si128(dst + col, zp);
    }
}

} // namespace

const VnniDepthwiseSimd kVnniDepthwiseAvx512 { stageRow,
    { runInt32<3, 1>, runInt32<3, 2>, runInt32<5, 1>, runInt32<5, 2> },
    { runBytes<3, 1>, runBytes<3, 2>, runBytes<5, 1>, runBytes<5, 2> } };

} // namespace qs::kernels::int8::detail
