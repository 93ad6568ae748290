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
/// Whether saturating to the calibrated range of `n`'s output is exactly `n` (a Relu or Clip that can vanish).
bool vanishesIntoRange(const Builder& b, const Node& n);
bool weightsSymmetric(const QuantizeOptions& o);
/// Why a node cannot be quantized (empty: it can).
std::string whyNot(const Builder& b, const Node& n, const QuantizeOptions& o);
/// Per-channel axis of a weight.
int weightAxis(const Node& n);

} // namespace qs::quantize
