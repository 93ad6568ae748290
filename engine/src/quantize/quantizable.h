// SPDX-License-Identifier: MIT
// Which nodes the quantizer can quantize, and the op sets of ONNX Runtime's quantizer registries it follows.
#pragma once

#include "quantize/graph_builder.h"

#include <quantscope/engine/quantize.h>

#include <string>
#include <vector>

namespace qs::quantize {

bool isContribQLinearOp(const std::string& op);
bool isPassThroughOp(const std::string& op);
const std::vector<std::string>& qoperatorDefaultOps();
/// QDQ: ops with a Q -> DQ pair on every computed input and the output, each with its own range.
bool isQdqQuantizedAroundOp(const std::string& op);
/// QDQ: ops whose outputs take input 0's scale and zero point when input 0 is quantized (8-bit pass-through).
bool isQdqSharedScaleOp(const Node& n);
const std::vector<std::string>& qdqDefaultOps();
/// Whether saturating to the calibrated range of `n`'s output is exactly `n` (a Relu or Clip that can vanish).
bool vanishesIntoRange(const Builder& b, const Node& n);
bool weightsSymmetric(const QuantizeOptions& o);
/// Why a node cannot be quantized (empty: it can).
std::string whyNot(const Builder& b, const Node& n, const QuantizeOptions& o);
/// Conv, MatMul, Gemm: a constant weight (and bias) quantized with the weight's parameters.
bool isWeightedOp(const std::string& op);
/// Per-channel axis of a weight.
int weightAxis(const Node& n);

} // namespace qs::quantize
