// SPDX-License-Identifier: MIT
// ONNX QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear on raw buffers, vectorised with runtime ISA
// dispatch (quant_kernels.h, quant_isa.h). Executor kernels wrap these; they know nothing about graphs or tensors.
//
// Per-axis forms view the tensor as [outer, axisDim, inner] (axis = the quantized axis); each of the axisDim
// slices has its own scale and zero point. Contiguous runs of `inner` elements go through the vector kernels, so
// per-axis is as fast as per-tensor once inner is more than a few dozen elements (weights along axis 0, NCHW
// activations along C); for inner == 1 (last axis) it degrades to one call per element, which is still correct.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qs::quant {

struct MinMax
{
    float min = 0.0f;
    float max = 0.0f;
};

struct AxisShape
{
    int64_t outer = 1;
    int64_t axisDim = 1;
    int64_t inner = 1;
};

/// `dims` seen as [outer, axisDim, inner] around `axis` (already normalized to 0..rank-1).
AxisShape axisShapeOf(const std::vector<int64_t>& dims, int64_t axis);

/// Min and max over x[0..n); {0, 0} when n == 0.
MinMax minMax(const float* x, size_t n);

/// Lowers lo / raises hi to m's min / max, for a range gathered part by part (an OpenMP min/max reduction); a NaN
/// (minMax of an all-NaN part) compares false and is skipped.
inline void widenRange(MinMax m, float& lo, float& hi)
{
    lo = m.min < lo ? m.min : lo;
    hi = m.max > hi ? m.max : hi;
}

void quantizeLinear(const float* x, size_t n, float scale, int32_t zeroPoint, uint8_t* y);
void quantizeLinear(const float* x, size_t n, float scale, int32_t zeroPoint, int8_t* y);
/// quantizeLinear on `rows` runs of `cols` contiguous elements of x; row r goes to y + r * yStride.
void quantizeLinearRows(
    const float* x, size_t rows, size_t cols, float scale, int32_t zeroPoint, uint8_t* y, size_t yStride);
/// `zeroPoints` may be nullptr (all zero).
void quantizeLinearPerAxis(const float* x, AxisShape shape, const float* scales, const uint8_t* zeroPoints, uint8_t* y);
void quantizeLinearPerAxis(const float* x, AxisShape shape, const float* scales, const int8_t* zeroPoints, int8_t* y);

void dequantizeLinear(const uint8_t* x, size_t n, float scale, int32_t zeroPoint, float* y);
void dequantizeLinear(const int8_t* x, size_t n, float scale, int32_t zeroPoint, float* y);
void dequantizeLinear(const int32_t* x, size_t n, float scale, int32_t zeroPoint, float* y);
void dequantizeLinearPerAxis(
    const uint8_t* x, AxisShape shape, const float* scales, const uint8_t* zeroPoints, float* y);
void dequantizeLinearPerAxis(const int8_t* x, AxisShape shape, const float* scales, const int8_t* zeroPoints, float* y);
void dequantizeLinearPerAxis(
    const int32_t* x, AxisShape shape, const float* scales, const int32_t* zeroPoints, float* y);

struct DynamicQuantParams
{
    float scale = 1.0f;
    uint8_t zeroPoint = 0;
};

/// DynamicQuantizeLinear's scale and zero point from the data's min/max, exactly as ONNX specifies:
/// the range is widened to include 0, scale = (max - min) / 255 (1 when the range is empty),
/// zero point = saturate(round_half_even(0 - min / scale)).
DynamicQuantParams dynamicQuantParams(MinMax range);

/// DynamicQuantizeLinear over x[0..n): the min/max pass, then the quantize pass, both vectorised. They cannot be one
/// pass because every output depends on the global range; for activations that fit in L2 the second pass reads
/// from cache. (The executor can fuse the min/max into the producer's epilogue instead.)
DynamicQuantParams dynamicQuantizeLinear(const float* x, size_t n, uint8_t* y);

} // namespace qs::quant
