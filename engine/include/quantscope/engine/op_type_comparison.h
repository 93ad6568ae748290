// SPDX-License-Identifier: MIT
// Which op types make one run slower or faster than another: the per-op-type time of two profiles (FP32 vs INT8, or
// before vs after) joined row by row. Quantized op types are compared with the float op they stand for, so an
// FP32 Conv meets the INT8 model's ConvInteger or QLinearConv in one row; conversion ops (DynamicQuantizeLinear,
// QuantizeLinear, ...) have no counterpart and show up on one side only. Profiles already attribute a fused
// optimized-mode step to the authored node it is named after, so rows are authored op types in both modes.
#pragma once

#include <quantscope/engine/profile_report.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

struct OpTypeTimeDelta
{
    std::string opType; ///< the row's key: a float op type ("Conv") or an op without float counterpart
    std::vector<std::string> baselineOps; ///< authored op types of the baseline profile in this row, sorted
    std::vector<std::string> candidateOps; ///< same for the candidate ("ConvInteger")
    int64_t baselineNodes = 0;
    int64_t candidateNodes = 0;
    double baselineMs = 0; ///< per run
    double candidateMs = 0; ///< per run

    double deltaMs() const { return candidateMs - baselineMs; }
    /// candidate / baseline when both sides spent time on this row.
    std::optional<double> ratio() const;
    /// The authored op types: "Conv" when both sides ran the same ones (or only one side has the row), else
    /// "Conv → ConvInteger".
    std::string displayName() const;
};

struct OpTypeTimeComparison
{
    std::vector<OpTypeTimeDelta> rows; ///< by absolute difference, largest first; ties by op type
    double baselineTotalMs = 0; ///< per run, over all kernels
    double candidateTotalMs = 0;
};

/// "Conv" for ConvInteger and (com.microsoft.)QLinearConv, "MatMul" for MatMulInteger and QLinearMatMul, "Gemm" for
/// QGemm, "X" for QLinearX; ONNX Runtime's kernel names for the same work lose their Nhwc/Fused prefix (NhwcMaxPool,
/// FusedConv); every other op type unchanged.
std::string floatCounterpartOpType(std::string_view opType);

OpTypeTimeComparison compareOpTypeTimes(const ProfileReport& baseline, const ProfileReport& candidate);

} // namespace qs
