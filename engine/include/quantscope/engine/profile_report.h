// SPDX-License-Identifier: MIT
// Per-node and per-op-type time of a model, from the engine's profiler or imported from ONNX Runtime, in one shape
// so both are shown side by side.
#pragma once

#include <quantscope/engine/implementation_name.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

class Model;

struct NodeProfile
{
    std::string nodeName; ///< as the runtime named it (an authored node, or a fused node the runtime created)
    std::string opType; ///< qualified ("Conv", "com.microsoft.QLinearConv") when known, else the runtime's name
    int32_t nodeIndex = -1; ///< NodeId in the authored model's main graph, -1 when it matches no authored node
    int64_t calls = 0; ///< kernel executions summed over the profiled runs
    double totalMs = 0; ///< summed over the profiled runs
    double meanMs = 0; ///< per run: totalMs / runs
    double share = 0; ///< of the per-run total over all nodes, 0..1
    bool quantizationOverhead = false; ///< see isQuantizationOverheadOp / markRequantization
    /// The engine's profiles: the implementation of the step the node's time belongs to, as it ran ("onednn:jit:avx2",
    /// "cpu:avx512"); empty in imported profiles and older run files.
    std::string implementation;
    bool referenceKernel = false; ///< isReferenceImplementation(implementation)
    /// The engine's profiles: passes per call of the node's step that copy an activation into another layout (a
    /// source reordered for oneDNN, an NCHW source copied to NHWC); 0 in imported profiles and older run files.
    int32_t activationReorders = 0;
};

struct OpTypeProfile
{
    std::string opType;
    int64_t nodes = 0; ///< distinct nodes of this type that ran
    double meanMs = 0; ///< per run, summed over those nodes
    double share = 0; ///< 0..1
};

struct ProfileReport
{
    std::string source; ///< "quantscope" or "onnxruntime"
    int64_t runs = 0; ///< profiled runs the totals are divided by
    std::vector<NodeProfile> nodes; ///< sorted by meanMs, descending
    std::vector<OpTypeProfile> opTypes; ///< sorted by meanMs, descending
    double totalMs = 0; ///< per run, sum over nodes (excludes time between kernels)
    double quantOverheadMs = 0; ///< per run
    double quantOverheadShare = 0; ///< 0..1 of totalMs
    int64_t unmatchedNodes = 0; ///< nodes with nodeIndex -1 (fused or renamed by the runtime)
    /// Activation reorders per run: sum over nodes of activationReorders * calls / runs (the engine's profiles only).
    double activationReordersPerRun = 0;
    /// Whole-run durations of the counted runs when the source records them (ONNX Runtime's model_run events);
    /// not stored in run files, where the scenario's latenciesMs hold them.
    std::vector<double> runLatenciesMs;
};

/// Quantize/Dequantize/DynamicQuantizeLinear/Cast and requantization ops (any domain): time spent converting
/// between precisions rather than computing.
bool isQuantizationOverheadOp(std::string_view opType) noexcept;

/// Completes a report from per-node totals (nodeName, opType, nodeIndex, calls, totalMs filled in): per-run means,
/// shares, the per-op-type table, the quantization-overhead share, sorting. `model`, when given, also marks as
/// overhead the Mul nodes of the requantization that quantize_dynamic writes out as separate nodes: the Mul that
/// rescales the Cast of a ConvInteger/MatMulInteger result, and the Mul that forms its scale from
/// DynamicQuantizeLinear's scale output.
void finalizeProfile(ProfileReport& report, const Model* model = nullptr);

} // namespace qs
