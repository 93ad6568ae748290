// SPDX-License-Identifier: MIT
// The graph rewrites of the quantizer's formats: dynamic, and the static ones (qdq, qoperator).
#pragma once

#include "quantize/graph_builder.h"

#include <quantscope/engine/quantize.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace qs::quantize {

/// Dynamic: DynamicQuantizeLinear -> ConvInteger/MatMulInteger -> Cast -> Mul [-> Add] for each quantized node.
void buildDynamic(Builder& b, const std::vector<bool>& quantize, const QuantizeOptions& o);

// Static formats. qdq: Q -> DQ after each tensor a quantized op reads or writes, every consumer reading the DQ's
// output; the float op itself stays, between DQs of its inputs, weights and bias and the Q of its output.
// qoperator: the op becomes QLinearConv/QLinearMatMul or a com.microsoft QLinear* op on the integer tensors, the
// pass-through ops run on them as they are, a Relu after a quantized op vanishes (`fusedRelu`: its input's range is
// the Relu output's); a Q only where a float tensor enters a quantized op, a DQ (writing the float tensor's name)
// only where a float consumer or the graph's output reads a quantized one.
struct StaticPlan
{
    std::vector<bool> quantize; ///< per source node
    std::map<ValueId, TensorRange> ranges;
    std::set<std::string> opTypes; ///< what may be quantized, pass-through ops and Relu included
    std::set<ValueId> fusedRelu; ///< outputs of quantized ops whose only consumer, a Relu or Clip, vanishes
    std::set<NodeId> sharedScale; ///< qdq: nodes whose outputs take input 0's scale and zero point
};

/// qdq: the ops that follow a quantized input 0 (ONNX Runtime's QDQDirect8BitOp family: `sharedScale`, counted in
/// `summary`) and the Relu/Clip that read a quantized tensor without vanishing (quantized around: `quantize`).
void planQdqFollowers(const Builder& b, const std::set<std::string>& opTypes, const std::set<std::string>& excluded,
    const std::map<ValueId, ValueId>& rangeOf, StaticPlan& plan, QuantizeSummary& summary);

Status buildStatic(Builder& b, const StaticPlan& plan, const QuantizeOptions& o);

} // namespace qs::quantize
