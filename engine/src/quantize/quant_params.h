// SPDX-License-Identifier: MIT
// Scales and zero points the way ONNX Runtime's quantizer computes them, and weight/bias quantization.
#pragma once

#include <quantscope/engine/quantize.h>
#include <quantscope/engine/tensor.h>

#include <cstdint>
#include <vector>

namespace qs::quantize {

struct ActivationParams
{
    float scale = 1;
    int32_t zeroPoint = 0;
    DataType type = DataType::UInt8;
};

/// The range is widened to include 0 (zero must be exact); symmetric: [-a, a] with zero point 128 (uint8) or 0.
ActivationParams activationParams(TensorRange range, DataType type, bool symmetric);

/// A constant float tensor quantized with activation parameters (a constant operand of QLinearAdd/Mul/Concat, as
/// ONNX Runtime's quantizer quantizes initializer inputs of those ops): its own range, widened to include 0.
struct QuantizedConstant
{
    ActivationParams params;
    Tensor data; ///< the activation type, the constant's shape
};
QuantizedConstant quantizeConstantActivation(const Tensor& value, DataType type, bool symmetric);

struct QuantizedWeight
{
    Tensor data; ///< int8/uint8, the weight's shape
    Tensor scale; ///< float: scalar (per tensor) or [channels]
    Tensor zeroPoint; ///< the data's type, same shape as scale
    std::vector<float> scales; ///< the scale values, for the bias
};

/// Per tensor when `axis` < 0, else one scale per index along `axis`. Symmetric int8: [-127, 127] ([-63, 63] with
/// reduceRange), zero point 0; uint8 asymmetric: [0, 255] ([0, 127]) over [min(w, 0), max(w, 0)]; uint8 symmetric:
/// zero point 128 (64).
QuantizedWeight quantizeWeight(const Tensor& weight, int axis, DataType type, bool symmetric, bool reduceRange);

/// int32 bias with scale inputScale * weightScale[c] and zero point 0; `scales` receives those scales.
Tensor quantizeBias(
    const Tensor& bias, float inputScale, const std::vector<float>& weightScales, std::vector<float>& scales);

} // namespace qs::quantize
