// SPDX-License-Identifier: MIT
#include "quant/quantize_linear.h"

#include "quant/quant_kernels.h"
#include "quant/quantize_scalar.h"

#include <algorithm>
#include <cmath>

namespace qs::quant {

namespace {

const QuantKernelTable& table()
{
    static const QuantKernelTable* best = quantKernelTable(bestQuantIsa());
    return *best;
}

template <typename Q, typename Fn> void perAxis(AxisShape shape, const Q* zeroPoints, Fn&& fn)
{
    for (int64_t o = 0; o < shape.outer; ++o)
        for (int64_t c = 0; c < shape.axisDim; ++c) {
            const size_t offset = size_t((o * shape.axisDim + c) * shape.inner);
            fn(offset, c, zeroPoints ? int32_t(zeroPoints[c]) : 0);
        }
}

} // namespace

AxisShape axisShapeOf(const std::vector<int64_t>& dims, int64_t axis)
{
    AxisShape s;
    for (int64_t i = 0; i < int64_t(dims.size()); ++i) {
        if (i < axis)
            s.outer *= dims[size_t(i)];
        else if (i == axis)
            s.axisDim = dims[size_t(i)];
        else
            s.inner *= dims[size_t(i)];
    }
    return s;
}

MinMax minMax(const float* x, size_t n)
{
    if (n == 0)
        return {};
    return table().minMax(x, n);
}

void quantizeLinear(const float* x, size_t n, float scale, int32_t zeroPoint, uint8_t* y)
{
    table().quantizeU8(x, n, scale, zeroPoint, y);
}

void quantizeLinear(const float* x, size_t n, float scale, int32_t zeroPoint, int8_t* y)
{
    table().quantizeS8(x, n, scale, zeroPoint, y);
}

void quantizeLinearRows(
    const float* x, size_t rows, size_t cols, float scale, int32_t zeroPoint, uint8_t* y, size_t yStride)
{
    table().quantizeU8Rows(x, rows, cols, scale, zeroPoint, y, yStride);
}

void quantizeLinearPerAxis(const float* x, AxisShape shape, const float* scales, const uint8_t* zeroPoints, uint8_t* y)
{
    perAxis(shape, zeroPoints, [&](size_t offset, int64_t c, int32_t zp) {
        table().quantizeU8(x + offset, size_t(shape.inner), scales[c], zp, y + offset);
    });
}

void quantizeLinearPerAxis(const float* x, AxisShape shape, const float* scales, const int8_t* zeroPoints, int8_t* y)
{
    perAxis(shape, zeroPoints, [&](size_t offset, int64_t c, int32_t zp) {
        table().quantizeS8(x + offset, size_t(shape.inner), scales[c], zp, y + offset);
    });
}

void dequantizeLinear(const uint8_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    table().dequantizeU8(x, n, scale, zeroPoint, y);
}

void dequantizeLinear(const int8_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    table().dequantizeS8(x, n, scale, zeroPoint, y);
}

void dequantizeLinear(const int32_t* x, size_t n, float scale, int32_t zeroPoint, float* y)
{
    table().dequantizeS32(x, n, scale, zeroPoint, y);
}

void dequantizeLinearPerAxis(
    const uint8_t* x, AxisShape shape, const float* scales, const uint8_t* zeroPoints, float* y)
{
    perAxis(shape, zeroPoints, [&](size_t offset, int64_t c, int32_t zp) {
        table().dequantizeU8(x + offset, size_t(shape.inner), scales[c], zp, y + offset);
    });
}

void dequantizeLinearPerAxis(const int8_t* x, AxisShape shape, const float* scales, const int8_t* zeroPoints, float* y)
{
    perAxis(shape, zeroPoints, [&](size_t offset, int64_t c, int32_t zp) {
        table().dequantizeS8(x + offset, size_t(shape.inner), scales[c], zp, y + offset);
    });
}

void dequantizeLinearPerAxis(
    const int32_t* x, AxisShape shape, const float* scales, const int32_t* zeroPoints, float* y)
{
    perAxis(shape, zeroPoints, [&](size_t offset, int64_t c, int32_t zp) {
        table().dequantizeS32(x + offset, size_t(shape.inner), scales[c], zp, y + offset);
    });
}

DynamicQuantParams dynamicQuantParams(MinMax range)
{
    const float lo = std::min(0.0f, range.min);
    const float hi = std::max(0.0f, range.max);
    DynamicQuantParams p;
    p.scale = hi == lo ? 1.0f : (hi - lo) / 255.0f;
    const float zp = std::nearbyint(0.0f - lo / p.scale);
    p.zeroPoint = static_cast<uint8_t>(detail::clampLikeSimd(zp, 0.0f, 255.0f));
    return p;
}

DynamicQuantParams dynamicQuantizeLinear(const float* x, size_t n, uint8_t* y)
{
    const DynamicQuantParams p = dynamicQuantParams(minMax(x, n));
    quantizeLinear(x, n, p.scale, p.zeroPoint, y);
    return p;
}

} // namespace qs::quant
