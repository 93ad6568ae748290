// SPDX-License-Identifier: MIT
// The smallest dynamically quantized convolution, as ONNX Runtime's quantize_dynamic writes it: x (float) ->
// DynamicQuantizeLinear -> ConvInteger (uint8 weights with `weightZeroPoints` zero points: 1 is per tensor, 4 per
// output channel) -> int32. The deployment-target tests classify it and load it in ONNX Runtime.
#pragma once

#include "onnx_builder.h"

#include <cstdint>
#include <vector>

namespace qs::test {

inline void buildDynamicConvInteger(ModelBuilder& b, int64_t weightZeroPoints = 1)
{
    auto& g = b.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 8, 8 });
    g.output("y", onnx::TensorProto_DataType_INT32, { 1, 4, 6, 6 });
    g.rawInitializer("w", onnx::TensorProto_DataType_UINT8, { 4, 3, 3, 3 }, std::vector<uint8_t>(4 * 3 * 3 * 3, 7));
    if (weightZeroPoints == 1)
        g.rawInitializer("wzp", onnx::TensorProto_DataType_UINT8, {}, std::vector<uint8_t> { 128 });
    else
        g.rawInitializer("wzp", onnx::TensorProto_DataType_UINT8, { weightZeroPoints },
            std::vector<uint8_t>(size_t(weightZeroPoints), 128));
    g.node("DynamicQuantizeLinear", { "x" }, { "xq", "xs", "xzp" }, "dql");
    g.node("ConvInteger", { "xq", "w", "xzp", "wzp" }, { "y" }, "conv");
}

} // namespace qs::test
