// SPDX-License-Identifier: MIT
#include "kernels/cpu/resize_taps.h"

#include <quantscope/engine/resource_limits.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>

namespace qs::kernels {

namespace {

/// Cubic convolution weights of the four taps floor(x)-1 .. floor(x)+2 for the fractional part t (Keys, with A).
std::array<float, 4> cubicWeights(float t, float a)
{
    const float t1 = t + 1.0f, t2 = 1.0f - t, t3 = 2.0f - t;
    return { ((a * t1 - 5.0f * a) * t1 + 8.0f * a) * t1 - 4.0f * a, ((a + 2.0f) * t - (a + 3.0f)) * t * t + 1.0f,
        ((a + 2.0f) * t2 - (a + 3.0f)) * t2 * t2 + 1.0f, ((a * t3 - 5.0f * a) * t3 + 8.0f * a) * t3 - 4.0f * a };
}

/// The antialiasing filters (opset 18): the triangle for linear, Keys' cubic for cubic, evaluated at distance x.
float antialiasFilter(ResizeMode mode, float x, float a)
{
    x = std::fabs(x);
    if (mode == ResizeMode::Linear)
        return x < 1.0f ? 1.0f - x : 0.0f;
    if (x < 1.0f)
        return ((a + 2.0f) * x - (a + 3.0f)) * x * x + 1.0f;
    if (x < 2.0f)
        return (((x - 5.0f) * x + 8.0f) * x - 4.0f) * a;
    return 0.0f;
}

/// x_original of output index o, or nullopt-like NaN for an unknown mode (checked before the loop).
float originalCoordinate(const ResizeAxisParams& p, int64_t o)
{
    const float scale = p.scale;
    const std::string& ctm = p.coordinateMode;
    const float inLen = float(p.inLen), outLen = float(p.outLen);
    if (ctm == "half_pixel")
        return (float(o) + 0.5f) / scale - 0.5f;
    if (ctm == "half_pixel_symmetric") {
        // Centres the sampled range when the output length was rounded from in * scale.
        const float adjustment = outLen / (scale * inLen);
        const float offset = inLen / 2.0f * (1.0f - adjustment);
        return offset + (float(o) + 0.5f) / scale - 0.5f;
    }
    if (ctm == "pytorch_half_pixel")
        return p.outLen > 1 ? (float(o) + 0.5f) / scale - 0.5f : 0.0f;
    if (ctm == "align_corners") // ONNX uses the unrounded resized length in*scale here
        return p.outLen == 1 ? 0.0f : float(o) * (inLen - 1.0f) / (inLen * scale - 1.0f);
    if (ctm == "asymmetric")
        return float(o) / scale;
    if (ctm == "tf_half_pixel_for_nn")
        return (float(o) + 0.5f) / scale;
    // tf_crop_and_resize
    const float start = p.roiStart, end = p.roiEnd;
    return p.outLen > 1 ? start * (inLen - 1.0f) + float(o) * (end - start) * (inLen - 1.0f) / (outLen - 1.0f)
                        : 0.5f * (start + end) * (inLen - 1.0f);
}

int64_t nearestIndex(const std::string& mode, float xo)
{
    if (mode == "floor")
        return int64_t(std::floor(xo));
    if (mode == "ceil")
        return int64_t(std::ceil(xo));
    if (mode == "round_prefer_ceil")
        return int64_t(std::floor(xo + 0.5f));
    // round_prefer_floor: halves go down
    return xo == std::floor(xo) + 0.5f ? int64_t(std::floor(xo)) : int64_t(std::round(xo));
}

/// The antialiased window of one output index: the filter stretched by max(1, 1/scale) around the sample centre,
/// taps beyond the edges folded onto the edge elements (or dropped with exclude_outside), normalised to sum 1.
/// The same construction as ONNX Runtime's (and Pillow's) antialiased resampling, so results agree with it.
void antialiasWindow(const ResizeAxisParams& p, float xo, float support, float invScale, int64_t o, AxisTaps& t)
{
    const int64_t inLen = p.inLen;
    const float center = xo + 0.5f;
    const int64_t lo = int64_t(std::floor(center - support + 0.5f));
    int64_t hi = int64_t(std::floor(center + support + 0.5f));
    hi = lo + std::clamp<int64_t>(hi - lo, 0, t.window);
    const int64_t loCut = std::clamp<int64_t>(lo, 0, inLen), hiCut = std::clamp<int64_t>(hi, 0, inLen);
    const int64_t first = p.excludeOutside ? loCut : lo, last = p.excludeOutside ? hiCut : hi;
    int64_t* idx = t.index.data() + o * t.window;
    float* w = t.weight.data() + o * t.window;
    std::fill(w, w + t.window, 0.0f);
    for (int64_t k = 0; k < t.window; ++k)
        idx[k] = std::clamp<int64_t>(loCut, 0, inLen - 1);
    float total = 0.0f;
    for (int64_t x = first; x < last; ++x) {
        const float v = antialiasFilter(p.mode, (float(x) - center + 0.5f) * invScale, p.cubicA);
        total += v;
        if (loCut >= hiCut)
            continue;
        // Out-of-range taps land on the nearest edge element (only reachable without exclude_outside).
        const int64_t at = std::clamp<int64_t>(x, loCut, hiCut - 1) - loCut;
        w[at] += v;
    }
    const float inv = total == 0.0f ? 1.0f : 1.0f / total;
    for (int64_t k = 0; k < hiCut - loCut; ++k) {
        idx[k] = loCut + k;
        w[k] *= inv;
    }
}

} // namespace

Result<AxisTaps> resizeAxisTaps(const ResizeAxisParams& p)
{
    static constexpr std::array<const char*, 7> kModes { "half_pixel", "half_pixel_symmetric", "pytorch_half_pixel",
        "align_corners", "asymmetric", "tf_half_pixel_for_nn", "tf_crop_and_resize" };
    if (std::find(kModes.begin(), kModes.end(), p.coordinateMode) == kModes.end())
        return Status(StatusCode::Unsupported, fmt::format("coordinate_transformation_mode '{}'", p.coordinateMode));
    static constexpr std::array<const char*, 4> kNearest { "round_prefer_floor", "round_prefer_ceil", "floor", "ceil" };
    if (p.mode == ResizeMode::Nearest && std::find(kNearest.begin(), kNearest.end(), p.nearestMode) == kNearest.end())
        return Status(StatusCode::Unsupported, fmt::format("nearest_mode '{}'", p.nearestMode));
    AxisTaps t;
    const int64_t inLen = p.inLen, outLen = p.outLen;
    const bool antialias = p.antialias && p.mode != ResizeMode::Nearest;
    // Antialias: support 1 (linear) or 2 (cubic), stretched by 1/scale when downscaling.
    const float downscale = 1.0f / p.scale;
    const float support = (p.mode == ResizeMode::Linear ? 1.0f : 2.0f) * std::max(1.0f, downscale);
    const float invScale = downscale >= 1.0f ? 1.0f / downscale : 1.0f;
    // A scale near zero stretches the antialias support beyond any tensor: refuse it before converting to int64 (the
    // executor fuzzer found an infinite support).
    if (antialias && !(support < 0x1p40f))
        return Status(StatusCode::InvalidModel,
            fmt::format("an antialiased scale of {} needs a window of {} input elements", p.scale, support));
    t.window = antialias ? int64_t(std::ceil(support)) * 2 + 1
                         : (p.mode == ResizeMode::Nearest ? 1 : (p.mode == ResizeMode::Linear ? 2 : 4));
    // An output extent beyond the limit can hide behind a zero extent on another axis (the output then has no bytes),
    // and an antialiased downscale widens the window: the taps are bounded like a tensor (the executor fuzzer found
    // 2^58 of them).
    int64_t taps = 0;
    if (__builtin_mul_overflow(outLen, t.window, &taps))
        taps = -1;
    QS_RETURN_IF_ERROR(checkByteAllocation(taps < 0 || taps > (INT64_MAX >> 4) ? -1 : taps * 12,
        fmt::format("the interpolation taps of an axis resized to {}", outLen)));
    t.index.assign(size_t(outLen * t.window), 0);
    t.weight.assign(size_t(outLen * t.window), 0.0f);
    t.outside.assign(size_t(outLen), 0);
    bool identity = inLen == outLen;
    for (int64_t o = 0; o < outLen; ++o) {
        const float xo = antialias && downscale == 1.0f ? float(o) : originalCoordinate(p, o);
        if (p.coordinateMode == "tf_crop_and_resize" && (xo < 0.0f || xo > float(inLen - 1))) {
            t.outside[size_t(o)] = 1;
            t.anyOutside = true;
            identity = false;
            continue;
        }
        int64_t* idx = t.index.data() + o * t.window;
        float* w = t.weight.data() + o * t.window;
        if (antialias) {
            antialiasWindow(p, xo, support, invScale, o, t);
        } else if (p.mode == ResizeMode::Nearest) {
            idx[0] = std::clamp<int64_t>(nearestIndex(p.nearestMode, xo), 0, inLen - 1);
            w[0] = 1.0f;
        } else if (p.mode == ResizeMode::Linear) {
            const float x = std::clamp(xo, 0.0f, float(inLen - 1));
            const int64_t f = std::min<int64_t>(int64_t(std::floor(x)), inLen - 1);
            idx[0] = f;
            idx[1] = std::min<int64_t>(f + 1, inLen - 1);
            w[1] = x - float(f);
            w[0] = 1.0f - w[1];
        } else {
            // Taps beyond the edges repeat the edge value, or (exclude_outside) drop out with the remaining
            // weights renormalised.
            const float f = std::floor(xo);
            const auto cw = cubicWeights(xo - f, p.cubicA);
            float sum = 0.0f;
            for (int64_t k = 0; k < 4; ++k) {
                const int64_t i = int64_t(f) - 1 + k;
                const bool in = i >= 0 && i < inLen;
                idx[k] = std::clamp<int64_t>(i, 0, inLen - 1);
                w[k] = p.excludeOutside && !in ? 0.0f : cw[size_t(k)];
                sum += w[k];
            }
            if (p.excludeOutside && sum != 0.0f)
                for (int64_t k = 0; k < 4; ++k)
                    w[k] /= sum;
        }
        // Identity: o reads o alone with weight 1 (the other taps 0).
        for (int64_t k = 0; k < t.window && identity; ++k)
            identity = w[k] == 0.0f || (w[k] == 1.0f && idx[k] == o);
        if (identity) {
            float sum = 0.0f;
            for (int64_t k = 0; k < t.window; ++k)
                sum += w[k];
            identity = sum == 1.0f;
        }
    }
    t.identity = identity;
    return t;
}

} // namespace qs::kernels
