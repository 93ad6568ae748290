// SPDX-License-Identifier: MIT
#include "quantize/quant_params.h"

#include <algorithm>
#include <cmath>

namespace qs::quantize {

ActivationParams activationParams(TensorRange range, DataType type, bool symmetric)
{
    float rmin = std::min(range.min, 0.0f);
    float rmax = std::max(range.max, 0.0f);
    const bool isU8 = type == DataType::UInt8;
    const int qmin = isU8 ? 0 : -128;
    const int qmax = isU8 ? 255 : 127;
    ActivationParams p;
    p.type = type;
    if (symmetric) {
        const float a = std::max(std::abs(rmin), std::abs(rmax));
        rmin = -a;
        rmax = a;
    }
    if (rmax == rmin) {
        p.scale = 1.0f;
        p.zeroPoint = symmetric && isU8 ? 128 : (isU8 ? 0 : 0);
        return p;
    }
    p.scale = (rmax - rmin) / static_cast<float>(qmax - qmin);
    if (symmetric)
        p.zeroPoint = isU8 ? 128 : 0;
    else
        p.zeroPoint = std::clamp(static_cast<int32_t>(std::lround(qmin - rmin / p.scale)), qmin, qmax);
    return p;
}

QuantizedConstant quantizeConstantActivation(const Tensor& value, DataType type, bool symmetric)
{
    const auto v = value.data<float>();
    TensorRange range;
    for (float x : v) {
        range.min = std::min(range.min, x);
        range.max = std::max(range.max, x);
    }
    QuantizedConstant out;
    out.params = activationParams(range, type, symmetric);
    const bool isU8 = type == DataType::UInt8;
    auto quantized = [&](float x) {
        // Round half to even, like numpy's rint in ONNX Runtime's quantize_data.
        return std::clamp(static_cast<int32_t>(std::nearbyint(x / out.params.scale)) + out.params.zeroPoint,
            isU8 ? 0 : -128, isU8 ? 255 : 127);
    };
    if (isU8) {
        std::vector<uint8_t> q(v.size());
        std::transform(v.begin(), v.end(), q.begin(), [&](float x) { return static_cast<uint8_t>(quantized(x)); });
        out.data = Tensor::fromVector(DataType::UInt8, value.dims(), q);
    } else {
        std::vector<int8_t> q(v.size());
        std::transform(v.begin(), v.end(), q.begin(), [&](float x) { return static_cast<int8_t>(quantized(x)); });
        out.data = Tensor::fromVector(DataType::Int8, value.dims(), q);
    }
    return out;
}

QuantizedWeight quantizeWeight(const Tensor& weight, int axis, DataType type, bool symmetric, bool reduceRange)
{
    const auto& dims = weight.dims();
    const int64_t channels = axis < 0 ? 1 : dims.at(static_cast<size_t>(axis));
    int64_t inner = 1;
    for (size_t d = static_cast<size_t>(axis < 0 ? dims.size() : axis + 1); d < dims.size(); ++d)
        inner *= dims[d];
    const auto w = weight.data<float>();
    const int64_t n = static_cast<int64_t>(w.size());
    auto channelOf = [&](int64_t i) { return axis < 0 ? 0 : (i / inner) % channels; };
    std::vector<float> lo(static_cast<size_t>(channels), 0.0f);
    std::vector<float> hi(static_cast<size_t>(channels), 0.0f);
    for (int64_t i = 0; i < n; ++i) {
        const size_t c = static_cast<size_t>(channelOf(i));
        lo[c] = std::min(lo[c], w[static_cast<size_t>(i)]);
        hi[c] = std::max(hi[c], w[static_cast<size_t>(i)]);
    }
    const bool isU8 = type == DataType::UInt8;
    std::vector<float> scales(static_cast<size_t>(channels));
    std::vector<int32_t> zps(static_cast<size_t>(channels));
    int32_t qlo = 0;
    int32_t qhi = 0;
    for (size_t c = 0; c < scales.size(); ++c) {
        if (symmetric) {
            const int32_t q = reduceRange ? 63 : 127;
            const float a = std::max(std::abs(lo[c]), std::abs(hi[c]));
            scales[c] = a > 0 ? a / static_cast<float>(q) : 1.0f;
            zps[c] = isU8 ? (reduceRange ? 64 : 128) : 0;
            qlo = isU8 ? 0 : -q;
            qhi = isU8 ? (reduceRange ? 127 : 255) : q;
        } else {
            const int32_t qmax = isU8 ? (reduceRange ? 127 : 255) : (reduceRange ? 63 : 127);
            const int32_t qmin = isU8 ? 0 : (reduceRange ? -64 : -128);
            scales[c] = hi[c] > lo[c] ? (hi[c] - lo[c]) / static_cast<float>(qmax - qmin) : 1.0f;
            zps[c] = std::clamp(static_cast<int32_t>(std::lround(qmin - lo[c] / scales[c])), qmin, qmax);
            qlo = qmin;
            qhi = qmax;
        }
    }
    QuantizedWeight out;
    std::vector<int64_t> scaleDims;
    if (axis >= 0)
        scaleDims.push_back(channels);
    if (isU8) {
        std::vector<uint8_t> q(w.size());
        for (int64_t i = 0; i < n; ++i) {
            const size_t c = static_cast<size_t>(channelOf(i));
            q[static_cast<size_t>(i)] = static_cast<uint8_t>(std::clamp(
                static_cast<int32_t>(std::lround(w[static_cast<size_t>(i)] / scales[c])) + zps[c], qlo, qhi));
        }
        out.data = Tensor::fromVector(DataType::UInt8, dims, q);
        std::vector<uint8_t> z(zps.begin(), zps.end());
        out.zeroPoint = Tensor::fromVector(DataType::UInt8, scaleDims, z);
    } else {
        std::vector<int8_t> q(w.size());
        for (int64_t i = 0; i < n; ++i) {
            const size_t c = static_cast<size_t>(channelOf(i));
            q[static_cast<size_t>(i)] = static_cast<int8_t>(std::clamp(
                static_cast<int32_t>(std::lround(w[static_cast<size_t>(i)] / scales[c])) + zps[c], qlo, qhi));
        }
        out.data = Tensor::fromVector(DataType::Int8, dims, q);
        std::vector<int8_t> z(zps.begin(), zps.end());
        out.zeroPoint = Tensor::fromVector(DataType::Int8, scaleDims, z);
    }
    out.scale = Tensor::fromVector(DataType::Float, scaleDims, scales);
    out.scales = std::move(scales);
    return out;
}

Tensor quantizeBias(
    const Tensor& bias, float inputScale, const std::vector<float>& weightScales, std::vector<float>& scales)
{
    const auto b = bias.data<float>();
    std::vector<int32_t> q(b.size());
    scales.resize(b.size());
    for (size_t i = 0; i < b.size(); ++i) {
        const float s = inputScale * weightScales[weightScales.size() == 1 ? 0 : i];
        scales[i] = s;
        const double v = s > 0 ? std::round(static_cast<double>(b[i]) / s) : 0.0;
        q[i] = static_cast<int32_t>(std::clamp(v, -2147483648.0, 2147483647.0));
    }
    return Tensor::fromVector(DataType::Int32, bias.dims(), q);
}

} // namespace qs::quantize
