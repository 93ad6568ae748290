// SPDX-License-Identifier: MIT
#include "kernels/int8/requantize.h"

#include "kernels/int8/requantize_simd.h"
#include "kernels/int8/target_clones.h"

#include <algorithm>
#include <cmath>
#include <vector>

// The loops below are cloned for AVX2 (QS_CLONES) like the other int8 epilogues: the baseline x86-64 build would run
// them in SSE2.

namespace qs::kernels::int8 {

namespace {

// Adding and subtracting 1.5 * 2^23 rounds a float of magnitude below 2^22 to an integer in the current rounding
// mode (round to nearest, ties to even: the C default and ONNX's rule). Values are clamped to the output range
// first, so they are always that small; unlike std::nearbyint this vectorises.
constexpr float kRoundMagic = 12582912.0f;

template <typename T>
QS_CLONES void requantizeT(const int32_t* tile, int64_t count, int64_t channels, const int32_t* bias, const float* mult,
    bool perChannel, const float* offset, int32_t zp, float lo, float hi, T* out, int64_t channelStride,
    int64_t pixelStride)
{
    const auto one = [&](int32_t acc, int64_t c) {
        float v = float(acc + (bias ? bias[c] : 0)) * mult[perChannel ? c : 0];
        if (offset)
            v += offset[c];
        v = std::min(std::max(v, lo), hi);
        return T(int32_t((v + kRoundMagic) - kRoundMagic) + zp);
    };
    if (channelStride == 1 && pixelStride == channels) {
        for (int64_t j = 0; j < count; ++j)
            for (int64_t c = 0; c < channels; ++c)
                out[j * channels + c] = one(tile[j * channels + c], c);
        return;
    }
    for (int64_t c = 0; c < channels; ++c)
        for (int64_t j = 0; j < count; ++j)
            out[c * channelStride + j * pixelStride] = one(tile[j * channels + c], c);
}

} // namespace

Requantization Requantization::make(DataType outType, float xScale, const float* wScales, int64_t wScaleCount,
    int64_t count, float yScale, int32_t yZeroPoint)
{
    Requantization rq;
    rq.outType = outType;
    rq.zeroPoint = yZeroPoint;
    rq.lo = outType == DataType::Int8 ? -128 : 0;
    rq.hi = outType == DataType::Int8 ? 127 : 255;
    const int64_t n = wScaleCount == 1 ? 1 : count;
    rq.multipliers.resize(size_t(n));
    for (int64_t i = 0; i < n; ++i)
        rq.multipliers[size_t(i)] = xScale * wScales[i] / yScale;
    return rq;
}

void Requantization::clampTo(float min, float max, float yScale)
{
    // Q(v) for the bounds, with the saturation of QuantizeLinear; infinities saturate too.
    const auto q = [&](float v) {
        const double r = std::nearbyint(double(v) / double(yScale)) + zeroPoint;
        return int32_t(std::clamp(r, double(lo), double(hi)));
    };
    if (min > -INFINITY)
        lo = std::max(lo, q(min));
    if (max < INFINITY)
        hi = std::min(hi, q(max));
}

void requantizeTileIsa(quant::QuantIsa isa, const int32_t* tile, int64_t count, int64_t channels,
    const Requantization& rq, void* out, int64_t channelStride, int64_t pixelStride)
{
    const int32_t* bias = rq.bias.empty() ? nullptr : rq.bias.data();
    const float* offset = rq.offset.empty() ? nullptr : rq.offset.data();
    const bool perChannel = rq.multipliers.size() > 1;
    const float lo = float(rq.lo - rq.zeroPoint), hi = float(rq.hi - rq.zeroPoint);
    if (isa != quant::QuantIsa::Scalar) {
        const RequantizeArgs a { bias, rq.multipliers.data(), perChannel, offset, rq.zeroPoint, lo, hi };
        auto* o = static_cast<uint8_t*>(out);
        if (channelStride == 1 && pixelStride == channels) {
            requantizeRowsSimd(isa, tile, count, channels, a, o);
            return;
        }
        // Strided (NCHW) output: requantize a bounded chunk of pixels contiguously, then scatter its bytes, so the
        // arithmetic stays vectorised whatever the output layout.
        constexpr int64_t kChunkBytes = 16384;
        thread_local std::vector<uint8_t> buffer;
        const int64_t pixels = std::max<int64_t>(1, std::min(count, kChunkBytes / std::max<int64_t>(channels, 1)));
        buffer.resize(size_t(pixels * channels));
        for (int64_t j0 = 0; j0 < count; j0 += pixels) {
            const int64_t n = std::min(pixels, count - j0);
            requantizeRowsSimd(isa, tile + j0 * channels, n, channels, a, buffer.data());
            for (int64_t c = 0; c < channels; ++c) {
                uint8_t* dst = o + c * channelStride + j0 * pixelStride;
                const uint8_t* src = buffer.data() + c;
                for (int64_t j = 0; j < n; ++j)
                    dst[j * pixelStride] = src[j * channels];
            }
        }
        return;
    }
    if (rq.outType == DataType::Int8)
        requantizeT(tile, count, channels, bias, rq.multipliers.data(), perChannel, offset, rq.zeroPoint, lo, hi,
            static_cast<int8_t*>(out), channelStride, pixelStride);
    else
        requantizeT(tile, count, channels, bias, rq.multipliers.data(), perChannel, offset, rq.zeroPoint, lo, hi,
            static_cast<uint8_t*>(out), channelStride, pixelStride);
}

void requantizeTile(const int32_t* tile, int64_t count, int64_t channels, const Requantization& rq, void* out,
    int64_t channelStride, int64_t pixelStride)
{
    requantizeTileIsa(quant::bestQuantIsa(), tile, count, channels, rq, out, channelStride, pixelStride);
}

} // namespace qs::kernels::int8
