// SPDX-License-Identifier: MIT
// Per-ISA tables of the elementwise quantization kernels. Internal to src/quant: other layers use quantize_linear.h
// (the operations) and quant_isa.h (the ISA choice); tests use the tables to compare each vector path with the scalar
// reference on the same data.
#pragma once

#include "quant/quant_isa.h"
#include "quant/quantize_linear.h"

#include <cstddef>
#include <cstdint>

namespace qs::quant {

/// Every entry computes exactly what the scalar reference computes, element by element (same float operations in
/// the same order), so vector and scalar results are bit-identical; the tests hold them to that.
struct QuantKernelTable
{
    /// Min and max of x[0..n); n > 0. NaNs are not propagated (they are skipped where the hardware min/max skips them).
    MinMax (*minMax)(const float* x, size_t n);
    /// y = saturate(round_half_even(x / scale) + zeroPoint): ONNX QuantizeLinear (division, as ONNX Runtime's MLAS).
    void (*quantizeU8)(const float* x, size_t n, float scale, int32_t zeroPoint, uint8_t* y);
    void (*quantizeS8)(const float* x, size_t n, float scale, int32_t zeroPoint, int8_t* y);
    /// y = float(x - zeroPoint) * scale: ONNX DequantizeLinear (the subtraction is exact in int32 for 8-bit inputs).
    void (*dequantizeU8)(const uint8_t* x, size_t n, float scale, int32_t zeroPoint, float* y);
    void (*dequantizeS8)(const int8_t* x, size_t n, float scale, int32_t zeroPoint, float* y);
    void (*dequantizeS32)(const int32_t* x, size_t n, float scale, int32_t zeroPoint, float* y);
    /// quantizeU8 on `rows` runs of `cols` contiguous elements of x, row r written at y + r * yStride (a part of a
    /// concatenation quantized straight into its place: one row per pixel in NHWC, per batch item in NCHW).
    void (*quantizeU8Rows)(
        const float* x, size_t rows, size_t cols, float scale, int32_t zeroPoint, uint8_t* y, size_t yStride);
};

namespace detail {
/// quantizeU8Rows for tables whose rows are plain calls of their quantizeU8 (call overhead per row is acceptable
/// off the AVX-512 path, which has its own loop).
template <void (*QuantizeU8)(const float*, size_t, float, int32_t, uint8_t*)>
void quantizeU8RowsByCalls(
    const float* x, size_t rows, size_t cols, float scale, int32_t zeroPoint, uint8_t* y, size_t yStride)
{
    for (size_t r = 0; r < rows; ++r)
        QuantizeU8(x + r * cols, cols, scale, zeroPoint, y + r * yStride);
}
} // namespace detail

/// nullptr when this CPU (or this build) cannot run `isa`.
const QuantKernelTable* quantKernelTable(QuantIsa isa) noexcept;
namespace detail {
extern const QuantKernelTable kScalarTable;
extern const QuantKernelTable kAvx2Table;
extern const QuantKernelTable kAvx512Table;
} // namespace detail

} // namespace qs::quant
