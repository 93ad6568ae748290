// SPDX-License-Identifier: MIT
// Int8Conv's planar pointwise path (any CPU with AVX2): a 1x1 convolution with very few output channels reading NCHW —
// YOLO's DFL head, 16 -> 1 — as weighted sums of whole input planes. oneDNN's int8 kernels pad the output channels to a
// full vector (1 of 8 or 16 lanes used), need an NHWC reorder of the input first and, with weights whose w - zp leaves
// s8, the sparse residual: together ~0.55 ms on yolov5nu's DFL conv for 0.13 MMAC. Here x - zp and w - zp are widened
// to int16 and multiplied in pairs of input channels into int32 (vpmaddwd): |x - zp|, |w - zp| <= 255, so a pair is at
// most 2 * 255 * 255 and nothing saturates — exact for any weights, with no split, no residual and no reorder.
#include "kernels/int8/int8_conv_executor.h"
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/int8/int8_conv_planar_simd.h"
#include "kernels/simd_table.h"

#include <algorithm>

namespace qs::kernels::int8 {

namespace {

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
    const detail::PlanarSimd* simd = planarSimd(); ///< the plan takes this path only where there is one
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
    static_assert(std::tuple_size_v<decltype(detail::PlanarSimd::blocks16)> == 7);
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, ic = s.inChannels, plane = s.inHeight * s.inWidth, npairs = (ic + 1) / 2;
    int64_t p = begin;
    // Whole blocks of 16 pixels (the loads never pass the plane's end), then the tail one pixel at a time.
    for (; p + 16 <= end; p += 16)
        simd->blocks16[size_t(oc - 1)](image, plane, ic, planarPairs.data(), zp, p, out + (p - begin) * oc);
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

const detail::PlanarSimd* planarSimd() noexcept
{
    return simdTable(quant::QuantIsa::Avx2, &detail::kPlanarAvx2, &detail::kPlanarAvx2);
}

std::unique_ptr<Int8ConvExecutor> makePlanarExecutor(const ConvShape& shape, const Int8Weights& weights)
{
    return std::make_unique<PlanarExecutor>(shape, weights);
}

} // namespace qs::kernels::int8
