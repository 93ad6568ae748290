// SPDX-License-Identifier: MIT
// Int8Conv's planar pointwise path (any CPU with AVX2): a 1x1 convolution with very few output channels reading NCHW —
// YOLO's DFL head, 16 -> 1 — as weighted sums of whole input planes. oneDNN's int8 kernels pad the output channels to a
// full vector (1 of 8 or 16 lanes used), need an NHWC reorder of the input first and, with weights whose w - zp leaves
// s8, the sparse residual: together ~0.55 ms on yolov5nu's DFL conv for 0.13 MMAC. Here x - zp and w - zp are widened
// to int16 and multiplied in pairs of input channels into int32 (vpmaddwd): |x - zp|, |w - zp| <= 255, so a pair is at
// most 2 * 255 * 255 and nothing saturates — exact for any weights, with no split, no residual and no reorder.
#include "kernels/int8/int8_conv_executor.h"
#include "kernels/int8/int8_conv_impl.h"

#include <algorithm>
#include <immintrin.h>

namespace qs::kernels::int8 {

void Int8Conv::Impl::preparePlanar(const Int8Weights& w)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, ic = s.inChannels;
    executor = makePlanarExecutor(s, w);
    // The diagnosis still counts the pairs an int16-pairing kernel would face with the s8 weights (as on every ISA);
    // this one multiplies int16 operands into int32, so nothing can saturate whatever the weights.
    splitSaturatingPairs(s8.data(), oc, ic, 1, false, report);
    s8 = {};
    // Exact without corrections: drop what planWeightZeroPoints set up for the s8 kernels.
    residual.clear();
    needsWindowSums = false;
    compensation.assign(size_t(oc), 0);
    zeroPointPlan = {};
    report.isaPairsSaturate = false;
    report.remedy = SaturationRemedy::NotNeeded;
    report.residualEntries = 0;
}

namespace {

/// x[c][p] - zp for 16 pixels of channels 2q and 2q + 1, interleaved for vpmaddwd: pixels 0-3, 8-11 (lo) and 4-7,
/// 12-15 (hi), as the unpack instructions work per 128-bit lane.
__attribute__((target("avx2"))) inline void pairOperands(
    const uint8_t* a, const uint8_t* b, __m256i zp, __m256i& lo, __m256i& hi)
{
    const __m256i x1 = _mm256_sub_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a))), zp);
    const __m256i x2 = b
        ? _mm256_sub_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b))), zp)
        : _mm256_setzero_si256();
    lo = _mm256_unpacklo_epi16(x1, x2);
    hi = _mm256_unpackhi_epi16(x1, x2);
}

template <int OC>
__attribute__((target("avx2"))) void planarBlock16(
    const uint8_t* image, int64_t plane, int64_t ic, const int32_t* pairs, int32_t zp, int64_t p, int32_t* out)
{
    const __m256i zpv = _mm256_set1_epi16(int16_t(zp));
    __m256i lo[OC], hi[OC];
    for (int o = 0; o < OC; ++o)
        lo[o] = hi[o] = _mm256_setzero_si256();
    const int64_t npairs = (ic + 1) / 2;
    for (int64_t q = 0; q < npairs; ++q) {
        __m256i a, b;
        pairOperands(image + 2 * q * plane + p, 2 * q + 1 < ic ? image + (2 * q + 1) * plane + p : nullptr, zpv, a, b);
        for (int o = 0; o < OC; ++o) {
            const __m256i wv = _mm256_set1_epi32(pairs[o * npairs + q]);
            lo[o] = _mm256_add_epi32(lo[o], _mm256_madd_epi16(a, wv));
            hi[o] = _mm256_add_epi32(hi[o], _mm256_madd_epi16(b, wv));
        }
    }
    for (int o = 0; o < OC; ++o) {
        alignas(32) int32_t sums[16];
        _mm256_store_si256(reinterpret_cast<__m256i*>(sums), _mm256_permute2x128_si256(lo[o], hi[o], 0x20));
        _mm256_store_si256(reinterpret_cast<__m256i*>(sums + 8), _mm256_permute2x128_si256(lo[o], hi[o], 0x31));
        for (int k = 0; k < 16; ++k)
            out[k * OC + o] = sums[k];
    }
}

using PlanarBlock = void (*)(const uint8_t*, int64_t, int64_t, const int32_t*, int32_t, int64_t, int32_t*);
constexpr PlanarBlock kPlanarBlocks[] = { planarBlock16<1>, planarBlock16<2>, planarBlock16<3>, planarBlock16<4>,
    planarBlock16<5>, planarBlock16<6>, planarBlock16<7> };

class PlanarExecutor final : public Int8ConvExecutor
{
public:
    PlanarExecutor(const ConvShape& shape, const Int8Weights& w);
    std::string implementation() const override { return "qs:avx2_int8_planar"; }
    Status start(const uint8_t*, int32_t) override { return Status::ok(); } // reads x band by band
    bool readsSource() const override { return true; }
    void computeBand(const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const override;

private:
    ConvShape shape;
    std::vector<int32_t> planarPairs; ///< [oc][(ic + 1) / 2]: (w - zp) of channels 2q (low half) and 2q + 1 (high)
};

PlanarExecutor::PlanarExecutor(const ConvShape& s, const Int8Weights& w)
    : shape(s)
{
    const int64_t oc = s.outChannels, ic = s.inChannels, pairs = (ic + 1) / 2;
    planarPairs.assign(size_t(oc * pairs), 0);
    for (int64_t o = 0; o < oc; ++o) {
        const int32_t zp = w.zeroPoints[w.zeroPoints.size() == 1 ? 0 : size_t(o)];
        for (int64_t c = 0; c < ic; ++c) {
            const int32_t v = (w.type == DataType::UInt8 ? int32_t(static_cast<const uint8_t*>(w.data)[o * ic + c])
                                                         : int32_t(static_cast<const int8_t*>(w.data)[o * ic + c]))
                - zp;
            // Low half: channel 2q, high half: channel 2q + 1 (vpmaddwd's pair order).
            planarPairs[size_t(o * pairs + c / 2)] |= int32_t(uint32_t(uint16_t(int16_t(v))) << (c % 2 ? 16 : 0));
        }
    }
}

/// NHWC int32 sums of output pixels [begin, end) of one NCHW image into `out`.
void PlanarExecutor::computeBand(const uint8_t* image, int32_t zp, int64_t begin, int64_t end, int32_t* out) const
{
    // The plan sends only layers of fewer than 8 output channels here (int8_conv_plan.cpp).
    static_assert(sizeof(kPlanarBlocks) / sizeof(kPlanarBlocks[0]) == 7);
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, ic = s.inChannels, plane = s.inHeight * s.inWidth, npairs = (ic + 1) / 2;
    int64_t p = begin;
    // Whole blocks of 16 pixels (the loads never pass the plane's end), then the tail one pixel at a time.
    for (; p + 16 <= end; p += 16)
        kPlanarBlocks[oc - 1](image, plane, ic, planarPairs.data(), zp, p, out + (p - begin) * oc);
    for (; p < end; ++p)
        for (int64_t o = 0; o < oc; ++o) {
            int32_t sum = 0;
            for (int64_t c = 0; c < ic; ++c) {
                const uint32_t pair = uint32_t(planarPairs[size_t(o * npairs + c / 2)]);
                const int32_t wv = int16_t(uint16_t(c % 2 ? pair >> 16 : pair));
                sum += (int32_t(image[c * plane + p]) - zp) * wv;
            }
            out[(p - begin) * oc + o] = sum;
        }
}

} // namespace

std::unique_ptr<Int8ConvExecutor> makePlanarExecutor(const ConvShape& shape, const Int8Weights& weights)
{
    return std::make_unique<PlanarExecutor>(shape, weights);
}

} // namespace qs::kernels::int8
