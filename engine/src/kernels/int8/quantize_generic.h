// SPDX-License-Identifier: MIT
// QuantizeLinear / DequantizeLinear in the forms the vector kernels (quant/quantize_linear.h) do not cover: blocked
// scales (opset 21 block_size) and 16-bit integers (opset 21 int16/uint16). One scalar loop over the element
// operations the vector kernels share (quant/quantize_scalar.h), so rounding and saturation are the same; the kernel
// names this path in its implementation() ("cpu:scalar ...") so plans and profiles show it.
#pragma once

#include <quantscope/engine/data_type.h>

#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

/// x viewed as [outer, axisDim, inner] around the quantized axis. The scale (and zero point) index of element
/// (o, c, i) is 0 per tensor, c per axis, and (o * ceil(axisDim / blockSize) + c / blockSize) * inner + i blocked.
struct QuantGeometry
{
    int64_t outer = 1;
    int64_t axisDim = 1;
    int64_t inner = 1;
    int64_t blockSize = 0; ///< > 0: blocked
    bool perTensor = true;
};

/// y = saturate(round_half_even(x / scale) + zero point) into uint8, int8, uint16 or int16 (`outType`).
void quantizeGeneric(const float* x, const float* scales, const void* zeroPoints, DataType zpType, DataType outType,
    const QuantGeometry& g, void* y);
/// y = (x - zero point) * scale for x of type uint8, int8, uint16, int16 or int32 (`inType`).
void dequantizeGeneric(const void* x, DataType inType, const float* scales, const void* zeroPoints, DataType zpType,
    const QuantGeometry& g, float* y);

} // namespace qs::kernels::int8
