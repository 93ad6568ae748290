// SPDX-License-Identifier: MIT
// Helpers shared by the INT8 executor kernels (int8_kernels.cpp, qlinear_kernels.cpp): a node's convolution shape
// in Int8Conv terms and quantization parameters read at run time.
#pragma once

#include "kernels/int8/conv_shape.h"
#include "kernels/kernel.h"
#include "quant/quantize_linear.h"

namespace qs::kernels::int8 {

/// The Int8Conv shape of a Conv-like node (ConvInteger, QLinearConv, Conv): 1-D convolutions as 2-D with height 1.
Result<ConvShape> convShapeOf(const Node& node, const TensorDesc& x, const TensorDesc& w);

/// InvalidArgument unless `zp` fits the 8-bit element type (uint8 or int8) of the tensor it belongs to; `what` names
/// the tensor ("weight", "activation") in the message.
Status checkZeroPoint(DataType type, int32_t zp, const char* what);

/// Element `i` of a zero point (uint8, int8, uint16, int16 or int32) given as a raw pointer; 0 when omitted (null).
int32_t zeroPointAt(const void* data, DataType type, int64_t i);

/// DynamicQuantizeLinear's second and third outputs (y_scale, y_zero_point), where the step has them.
inline void storeDynamicQuantParams(const KernelArgs& args, const quant::DynamicQuantParams& p)
{
    if (args.outputs.size() > 1 && args.outputs[1])
        *static_cast<float*>(args.outputs[1]) = p.scale;
    if (args.outputs.size() > 2 && args.outputs[2])
        *static_cast<uint8_t*>(args.outputs[2]) = p.zeroPoint;
}

inline bool isInt8Type(DataType t)
{
    return t == DataType::UInt8 || t == DataType::Int8;
}

} // namespace qs::kernels::int8
