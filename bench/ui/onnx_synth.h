// SPDX-License-Identifier: MIT
// Writes a synthetic dynamic-quantized ONNX model of any size without protobuf headers (only engine/src/onnx may
// see those): a minimal protobuf encoder for the handful of ONNX messages it needs.
#pragma once

#include <cstdint>
#include <string>

namespace qs::bench {

/// `blocks` residual blocks of DynamicQuantizeLinear -> ConvInteger -> Cast -> Mul -> Mul -> Add -> Sigmoid -> Mul
/// -> Add (9 nodes each), the pattern ONNX Runtime's quantize_dynamic produces for a SiLU CNN. Opset 13.
std::string synthDynamicQuantModel(int blocks, int channels = 8, int spatial = 16, uint32_t seed = 1);

} // namespace qs::bench
