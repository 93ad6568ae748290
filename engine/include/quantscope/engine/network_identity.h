// SPDX-License-Identifier: MIT
// Whether two models are the same network (an FP32 model and a quantization of it), so a verdict never compares two
// different networks. A model's signature is what quantization leaves unchanged: the graph inputs and outputs (names
// and shapes) and its weighted layers (Conv, ConvTranspose, MatMul, Gemm with their weight shapes, in graph order)
// once the quantization nodes are taken out: ConvInteger and QLinearConv count as Conv, MatMulInteger, QLinearMatMul
// and DynamicQuantizeMatMul as MatMul, QGemm as Gemm, and a weight behind DequantizeLinear (or a Constant node, as
// PyTorch's QDQ export writes it) has the shape of the tensor it dequantizes. The other float operators are counted
// too and reported, but do not decide: quantizers add Mul, Add and Cast nodes of their own and may fuse activations.
#pragma once

#include <quantscope/engine/run_record.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace qs {

class Model;

/// The result of comparing two signatures: empty `differences` = the same network.
struct NetworkDifference
{
    /// "inputs", "outputs" (args: baseline, candidate = "name[shape], ..."), "layer-count" (args: op, baselineCount,
    /// candidateCount), "layer-shapes" (args: op, baselineShapes, candidateShapes: the first differing weight
    /// shapes), "layer-order" (args: index, baselineLayer, candidateLayer).
    std::string kind;
    MessageArgs args;
    std::string text; ///< the English sentence
};

/// Compares the network signatures stored in two model records (ModelRecord::network). `known` is false when either
/// record has none (run files older than format 1.2): then nothing can be said and the pair is not refused.
struct NetworkMatch
{
    bool known = false;
    std::vector<NetworkDifference> differences;
    bool same() const { return !known || differences.empty(); }
};

/// A quantized model of the record with no FP32 model of its network: why it differs from the FP32 model it would
/// have been compared with (the one whose id shares the longest prefix). Empty when every pair matches, when the
/// record has no FP32 or no quantized model, or when the signatures are unknown.
struct NetworkMismatch
{
    std::string baselineModel;
    std::string candidateModel;
    std::vector<NetworkDifference> differences;
};
std::vector<NetworkMismatch> networkMismatches(const RunRecord& record);

/// The FP32 model a quantized model is compared with: of the same network when one is (longest common id prefix
/// among those), else, when `allowDifferent`, the longest-prefix one; nullptr otherwise.
const ModelRecord* baselineFor(const RunRecord& record, const ModelRecord& candidate, bool allowDifferent);

/// Builds the signature of a loaded model (main graph).
NetworkSignature networkSignature(const Model& model);

/// Compares a baseline (FP32) and a candidate (quantized) signature; at most a few differences, most telling first.
NetworkMatch matchNetworks(const ModelRecord& baseline, const ModelRecord& candidate);

} // namespace qs
