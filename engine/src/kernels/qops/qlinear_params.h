// SPDX-License-Identifier: MIT
// Shared pieces of the com.microsoft QOperator kernels (QLinearAdd, QLinearSigmoid, QLinearConcat, ...): reading
// per-tensor quantization parameters, and the 256-entry lookup tables that ONNX Runtime itself uses for 8-bit
// unary operators. A table built the way ORT builds it (dequantize every byte value, apply the float function,
// quantize with the output parameters) is both the fastest and the exact way to reproduce ORT's outputs.
#pragma once

#include "kernels/kernel.h"

#include <array>
#include <cstdint>
#include <functional>

namespace qs::kernels::qops {

struct QuantParam
{
    float scale = 1.0f;
    int32_t zeroPoint = 0;
};

/// Pointer of input slot i at run time, or null when the slot is omitted.
inline const void* inputAt(const KernelArgs& args, size_t i)
{
    return i < args.inputs.size() ? args.inputs[i] : nullptr;
}

/// A rounded quotient as an int32 in [-65536, 65536] (wider than any 8- or 16-bit result, so the saturation after it
/// still decides). NaN, from a zero, infinite or NaN scale in the file, becomes the lower bound as in the quantize
/// kernels; converting NaN or an out-of-range float to an integer directly is undefined behaviour (the executor fuzzer
/// found it in QLinearAveragePool).
inline int32_t clampedRounded(float v)
{
    v = v > -65536.0f ? v : -65536.0f;
    return int32_t(v < 65536.0f ? v : 65536.0f);
}

/// A zero point of type `type` (uint8/int8/int32) at element 0 of `data`; 0 when data is null.
int32_t zeroPointValue(const void* data, DataType type);

/// The scale (slot `scaleSlot`, float scalar) and zero point (slot `zpSlot`, optional) of one operand at run time.
QuantParam quantParamAt(const KernelArgs& args, size_t scaleSlot, size_t zpSlot, DataType zpType);

/// Prepare-time check that a scale slot holds one float and an optional zero-point slot one uint8/int8 value.
/// `what` names the operand in the message ("A", "x").
Status checkScalarParams(const KernelContext& ctx, size_t scaleSlot, size_t zpSlot, const char* what);

/// The zero point type of an optional slot (Undefined when omitted).
DataType slotType(std::span<const TensorDesc> inputs, size_t slot);

/// True when the scale and (optional) zero point of a slot pair are known at preparation.
bool paramsConstant(std::span<const TensorDesc> inputs, size_t scaleSlot, size_t zpSlot);

/// The parameters of a slot pair from the constants of a prepare-time context (call only when paramsConstant).
QuantParam constantParam(std::span<const TensorDesc> inputs, size_t scaleSlot, size_t zpSlot);

using Table = std::array<uint8_t, 256>;
/// The float function a table applies: `out[i] = f(in[i])` for n values.
using ArrayFunction = std::function<void(const float* in, float* out, size_t n)>;

/// ORT's table construction: entry b (the byte pattern of a uint8 or int8 value v) holds
/// quantize(f(x.scale * (v - x.zeroPoint)), y), quantizing with round-half-even of value / scale, saturated.
void buildTable(DataType type, QuantParam x, QuantParam y, const ArrayFunction& f, Table& table);

/// y[i] = table[x[i]] for the byte patterns of n elements.
void applyTable(const uint8_t* x, const Table& table, uint8_t* y, int64_t n);

/// Unsupported unless input 0 is uint8 or int8 (the common AcceptFunction of these kernels).
Status acceptInt8Input0(const Node& node, std::span<const TensorDesc> inputs);

} // namespace qs::kernels::qops
