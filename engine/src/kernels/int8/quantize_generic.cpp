// SPDX-License-Identifier: MIT
#include "kernels/int8/quantize_generic.h"

#include "kernels/int8/int8_node_util.h"
#include "quant/quantize_scalar.h"

namespace qs::kernels::int8 {

namespace {

/// Calls f(element index, scale index) for every element in memory order.
template <typename F> void forEachElement(const QuantGeometry& g, F&& f)
{
    const int64_t blocks = g.blockSize > 0 ? (g.axisDim + g.blockSize - 1) / g.blockSize : 0;
    int64_t e = 0;
    for (int64_t o = 0; o < g.outer; ++o)
        for (int64_t c = 0; c < g.axisDim; ++c) {
            const int64_t rowScale = g.perTensor ? 0 : (g.blockSize > 0 ? (o * blocks + c / g.blockSize) * g.inner : c);
            for (int64_t i = 0; i < g.inner; ++i, ++e)
                f(e, g.blockSize > 0 ? rowScale + i : rowScale);
        }
}

template <typename T>
void quantizeTo(const float* x, const float* scales, const void* zp, DataType zpType, const QuantGeometry& g, T* y,
    float lo, float hi)
{
    forEachElement(g, [&](int64_t e, int64_t s) {
        y[e] = static_cast<T>(quant::detail::quantizeOne(x[e], scales[s], float(zeroPointAt(zp, zpType, s)), lo, hi));
    });
}

template <typename T>
void dequantizeFrom(const T* x, const float* scales, const void* zp, DataType zpType, const QuantGeometry& g, float* y)
{
    forEachElement(g, [&](int64_t e, int64_t s) {
        y[e] = quant::detail::dequantizeOne(int32_t(x[e]), zeroPointAt(zp, zpType, s), scales[s]);
    });
}

} // namespace

void quantizeGeneric(const float* x, const float* scales, const void* zeroPoints, DataType zpType, DataType outType,
    const QuantGeometry& g, void* y)
{
    switch (outType) {
    case DataType::UInt8:
        return quantizeTo(x, scales, zeroPoints, zpType, g, static_cast<uint8_t*>(y), 0.0f, 255.0f);
    case DataType::Int8:
        return quantizeTo(x, scales, zeroPoints, zpType, g, static_cast<int8_t*>(y), -128.0f, 127.0f);
    case DataType::UInt16:
        return quantizeTo(x, scales, zeroPoints, zpType, g, static_cast<uint16_t*>(y), 0.0f, 65535.0f);
    case DataType::Int16:
        return quantizeTo(x, scales, zeroPoints, zpType, g, static_cast<int16_t*>(y), -32768.0f, 32767.0f);
    default:
        return;
    }
}

void dequantizeGeneric(const void* x, DataType inType, const float* scales, const void* zeroPoints, DataType zpType,
    const QuantGeometry& g, float* y)
{
    switch (inType) {
    case DataType::UInt8:
        return dequantizeFrom(static_cast<const uint8_t*>(x), scales, zeroPoints, zpType, g, y);
    case DataType::Int8:
        return dequantizeFrom(static_cast<const int8_t*>(x), scales, zeroPoints, zpType, g, y);
    case DataType::UInt16:
        return dequantizeFrom(static_cast<const uint16_t*>(x), scales, zeroPoints, zpType, g, y);
    case DataType::Int16:
        return dequantizeFrom(static_cast<const int16_t*>(x), scales, zeroPoints, zpType, g, y);
    case DataType::Int32:
        return dequantizeFrom(static_cast<const int32_t*>(x), scales, zeroPoints, zpType, g, y);
    default:
        return;
    }
}

} // namespace qs::kernels::int8
