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
    __m512i zeroPoint;
    __mmask16 mask; ///< the block's channels
    bool whole;
};

template <bool Bytes> QS_VNNI inline void store(const BlockStore& s, __m512i acc, void* out)
{
    const __m512i v = _mm512_add_epi32(acc, s.offset);
    if constexpr (Bytes) {
        __m512 f = _mm512_mul_ps(_mm512_cvtepi32_ps(v), s.scale);
        f = _mm512_min_ps(_mm512_max_ps(f, s.lo), s.hi);
        const __m128i q = _mm512_cvtepi32_epi8(
            _mm512_add_epi32(_mm512_cvt_roundps_epi32(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC), s.zeroPoint));
        if (s.whole)
            _mm_storeu_si128(static_cast<__m128i*>(out), q);
        else
            _mm_mask_storeu_epi8(out, s.mask, q);
    } else {
        if (s.whole)
            _mm512_storeu_si512(out, v);
        else
            _mm512_mask_storeu_epi32(out, s.mask, v);
    }
}

/// N pixels from x0 of block b: K kernel rows of 1 (3x3) or 2 (5x5) quads each.
template <int K, int S, int N, bool Bytes>
QS_VNNI inline void pixels(
    const VnniDepthwiseTile& t, int64_t b, int64_t x0, const int8_t* w, const BlockStore& s, __m512i idx, void* out)
{
    __m512i acc[N];
    for (int p = 0; p < N; ++p)
        acc[p] = _mm512_setzero_si512();
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
    const int64_t unit = Bytes ? 1 : 4;
    for (int p = 0; p < N; ++p)
        store<Bytes>(s, acc[p], static_cast<uint8_t*>(out) + ((x0 + p) * t.channels + b * 16) * unit);
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
            s.zeroPoint = _mm512_set1_epi32(rq->zeroPoint);
        }
        const int8_t* w = t.weights + b * K * quads * 64;
        int64_t x0 = 0;
        for (int64_t g = 0; g < groups; ++g) {
            const int64_t n = size + (g < extra ? 1 : 0);
            switch (n) {
            case 1:
                pixels<K, S, 1, Bytes>(t, b, x0, w, s, idx, out);
                break;
            case 2:
                pixels<K, S, 2, Bytes>(t, b, x0, w, s, idx, out);
                break;
            case 3:
                pixels<K, S, 3, Bytes>(t, b, x0, w, s, idx, out);
                break;
            case 4:
                pixels<K, S, 4, Bytes>(t, b, x0, w, s, idx, out);
                break;
            case 5:
                pixels<K, S, 5, Bytes>(t, b, x0, w, s, idx, out);
                break;
            case 6:
                pixels<K, S, 6, Bytes>(t, b, x0, w, s, idx, out);
                break;
            case 7:
                pixels<K, S, 7, Bytes>(t, b, x0, w, s, idx, out);
                break;
            default:
                pixels<K, S, 8, Bytes>(t, b, x0, w, s, idx, out);
                break;
            }
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
