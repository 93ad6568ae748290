// SPDX-License-Identifier: MIT
// Static (scale-known) INT8 executor kernels: ONNX QLinearConv and QLinearMatMul, com.microsoft QGemm, and the
// fused steps the Optimized mode's QDQ rewrite selects (graph_rewrites.cpp): DequantizeLinear(x), DequantizeLinear(w)
// [, DequantizeLinear(bias)] -> Conv [-> Relu/Clip] -> QuantizeLinear as one requantizing int8 convolution, and
// DequantizeLinear(a), DequantizeLinear(b) -> Add [-> Relu] -> QuantizeLinear as one int8 add.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

namespace qlinear_conv {
/// Input slots: QLinearConv's own order, plus kBiasScale for the fused QDQ step, whose bias is the int32 input of a
/// DequantizeLinear with its own scale (used as int32 when it equals xScale * wScale, as a float offset otherwise).
enum Slot : size_t
{
    kX = 0,
    kXScale = 1,
    kXZeroPoint = 2,
    kW = 3,
    kWScale = 4,
    kWZeroPoint = 5,
    kYScale = 6,
    kYZeroPoint = 7,
    kBias = 8,
    kBiasScale = 9,
    kSlotCount = 10,
    // The fused QDQ convolution + residual add (qdqConvAddSpec): the add's other operand b and its quantization,
    // the add's DequantizeLinear of the convolution's output (scale and zero point as the add reads them), the add's
    // output quantization. The convolution's own output quantization stays in kYScale / kYZeroPoint.
    kAddB = 10,
    kAddBScale = 11,
    kAddBZeroPoint = 12,
    kAddAScale = 13,
    kAddAZeroPoint = 14,
    kAddYScale = 15,
    kAddYZeroPoint = 16,
    kConvAddSlotCount = 17,
};
} // namespace qlinear_conv

namespace qdq_add {
/// y = Q(DQ(a) + DQ(b)) [with a fused Relu]: a, b and y are uint8/int8 of the same shape.
enum Slot : size_t
{
    kA = 0,
    kAScale = 1,
    kAZeroPoint = 2,
    kB = 3,
    kBScale = 4,
    kBZeroPoint = 5,
    kYScale = 6,
    kYZeroPoint = 7,
    kSlotCount = 8,
};
} // namespace qdq_add

/// The fused QDQ convolution (anchor: the Conv node; attributes from it). Accepts Relu and Clip post-ops.
const KernelSpec& qdqConvSpec();
/// The fused QDQ convolution whose quantized output is read only by a fused QDQ add: the convolution's requantized
/// tile goes straight into the add's arithmetic with kAddB (slots above); the step writes only the add's output.
/// Post-ops: the convolution's Relu/Clip, then a Sum (extraInput kAddB) marking the add, then the add's Relu.
const KernelSpec& qdqConvAddSpec();
/// The fused QDQ add (anchor: the Add node). Accepts a Relu post-op.
const KernelSpec& qdqAddSpec();
/// DequantizeLinear -> MaxPool -> QuantizeLinear with the same scale and zero point, as a MaxPool on the integers
/// (anchor: the MaxPool; one input, the uint8/int8 tensor). Exact: the maximum commutes with the monotonic
/// DequantizeLinear, and QuantizeLinear(DequantizeLinear(q)) = q with equal parameters.
const KernelSpec& qdqMaxPoolSpec();
/// DequantizeLinear(a), DequantizeLinear(b) [, DequantizeLinear(int32 C)] -> Gemm -> QuantizeLinear as QGemm (anchor:
/// the Gemm, whose alpha/transA/transB apply; slots in com.microsoft QGemm's order).
const KernelSpec& qdqGemmSpec();

} // namespace qs::kernels
