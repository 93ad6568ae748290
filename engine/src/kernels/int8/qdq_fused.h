// SPDX-License-Identifier: MIT
// Fused static-INT8 steps of Optimized mode that are not convolutions: what the qdq-lookup-table and qdq-int8 passes
// make of the float ops PyTorch and ONNX Runtime's quantizer leave between DequantizeLinear and QuantizeLinear
// (HardSwish, SiLU, the squeeze-excite block). Each reads and writes 8-bit tensors in the layout the int8 region
// chose (plain or NHWC).
#pragma once

#include "kernels/int8/qlinear.h"
#include "kernels/kernel.h"

namespace qs::kernels {

/// y = table[x] (anchor: the chain's first float op). Inputs: x (uint8/int8), the 256-entry table (a uint8 or int8
/// constant indexed by x's byte pattern; its type is the output's). Elementwise: any layout, the same on both sides.
const KernelSpec& qdqLookupSpec();

namespace qdq_global_pool {
/// y = Q(GlobalAveragePool(DQ(x))) over the spatial axes of a rank-3+ tensor: x, x_scale, x_zp, y_scale, y_zp.
enum Slot : size_t
{
    kX = 0,
    kXScale = 1,
    kXZeroPoint = 2,
    kYScale = 3,
    kYZeroPoint = 4,
    kSlotCount = 5,
};
} // namespace qdq_global_pool

/// DequantizeLinear -> GlobalAveragePool (or ReduceMean over every spatial axis, or an AveragePool whose
/// kernel is the whole unpadded input) -> QuantizeLinear as an int32 sum per channel and one requantization, the
/// arithmetic of ONNX Runtime's QLinearGlobalAveragePool (anchor: the pooling node). Reads NCHW or NHWC.
const KernelSpec& qdqGlobalAveragePoolSpec();

/// y = Q(DQ(a) * DQ(b)), b either of a's shape or one value per channel ([N, C, 1, 1] against [N, C, H, W]): the
/// int8 add's slots (a, its scale and zero point, b..., y's scale and zero point).
namespace qdq_mul = qdq_add;

/// DequantizeLinear(a), DequantizeLinear(b) -> Mul -> QuantizeLinear (anchor: the Mul), computing the authored float
/// operations (dequantize, multiply, quantize) per element, so it is bit-identical to the unfused graph. a may be
/// NHWC (then so is y); a per-channel b is read as C values.
const KernelSpec& qdqMulSpec();

} // namespace qs::kernels
