// SPDX-License-Identifier: MIT
// Multiply-accumulate counts of the convolution and matrix-multiplication families. Private to src/analysis.
#pragma once

#include <quantscope/engine/graph.h>

#include <cstdint>
#include <optional>

namespace qs::analysis {

/// True for the ops whose cost is dominated by MACs: Conv, ConvTranspose, Gemm, MatMul, ConvInteger, MatMulInteger,
/// QLinearConv, QLinearMatMul and com.microsoft QGemm, MatMulIntegerToFloat, DynamicQuantizeMatMul.
bool isMacBearing(const Node& node) noexcept;

/// MACs of one node when the shapes it needs are fully known (nullopt otherwise, or for other ops).
std::optional<int64_t> nodeMacs(const Graph& graph, const Node& node);

} // namespace qs::analysis
