// SPDX-License-Identifier: MIT
#include "kernels/int8/requantize.h"

#include "kernels/int8/requantize_avx2.h"
#include "quant/quant_kernels.h"

#include <algorithm>
#include <cmath>

// Cloned for AVX2 like the other int8 epilogues: the baseline x86-64 build would run these loops in SSE2.
#define QS_CLONES __attribute__((target_clones("avx2", "default")))

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

void requantizeTile(const int32_t* tile, int64_t count, int64_t channels, const Requantization& rq, void* out,
    int64_t channelStride, int64_t pixelStride)
{
    const int32_t* bias = rq.bias.empty() ? nullptr : rq.bias.data();
    const float* offset = rq.offset.empty() ? nullptr : rq.offset.data();
    const bool perChannel = rq.multipliers.size() > 1;
    const float lo = float(rq.lo - rq.zeroPoint), hi = float(rq.hi - rq.zeroPoint);
    static const bool avx2 = quant::bestQuantIsa() != quant::QuantIsa::Scalar;
    if (avx2 && pixelStride == 1 && channelStride != 1) {
        requantizeNchwAvx2(tile, count, channels, bias, rq.multipliers.data(), perChannel, offset, rq.zeroPoint, lo, hi,
            rq.outType == DataType::Int8, static_cast<uint8_t*>(out), channelStride);
        return;
    }
    if (rq.outType == DataType::Int8)
        requantizeT(tile, count, channels, bias, rq.multipliers.data(), perChannel, offset, rq.zeroPoint, lo, hi,
            static_cast<int8_t*>(out), channelStride, pixelStride);
    else
        requantizeT(tile, count, channels, bias, rq.multipliers.data(), perChannel, offset, rq.zeroPoint, lo, hi,
            static_cast<uint8_t*>(out), channelStride, pixelStride);
}

} // namespace qs::kernels::int8
