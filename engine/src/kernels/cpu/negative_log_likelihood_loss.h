// SPDX-License-Identifier: MIT
// The gather-and-reduce step NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss share.
#pragma once

#include "kernels/kernel.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace qs::kernels {

enum class LossReduction
{
    None,
    Sum,
    Mean,
};

struct NllLossConfig
{
    LossReduction reduction = LossReduction::Mean;
    std::optional<int64_t> ignoreIndex;
    /// "mean" divides by the summed weights of the entries not ignored (rather than by the entry count) when there
    /// are class weights or, per `ignoreWeighsMean`, an ignore_index.
    bool ignoreWeighsMean = true;
};

Result<NllLossConfig> nllLossConfig(const Node& node, bool ignoreMinusOneWeighsMean);

/// The input checks both losses share: float or double scores, int32/int64 targets (called `targetName` in the
/// message), optional weights of the scores' type.
Status acceptLossInputs(std::span<const TensorDesc> in, std::string_view targetName);

/// What both loss kernels take from their inputs at preparation: x = [n, c, d] (d = product of the trailing dims).
struct LossGeometry
{
    NllLossConfig config;
    DataType type = DataType::Float;
    DataType targetType = DataType::Int64;
    int64_t n = 0, c = 0, d = 1;
    std::string node; ///< for error context

    static Result<LossGeometry> of(const KernelContext& ctx, bool ignoreMinusOneWeighsMean);
};

/// Output shapes/types: loss as the target ([N, d1...]) for reduction none, else a scalar; input type.
Status inferNllLossOutput(const Node& node, const TensorDesc& input, const TensorDesc& target, TensorDesc& loss);

/// loss = -input[n, target[n, d], d] * weight[target] over x = [n, c, d] (d = product of the trailing dims),
/// reduced as configured. `targetType` is Int32 or Int64; weight may be null. Fails on a target outside [0, c).
template <typename T>
Status nllLoss(const NllLossConfig& cfg, const T* x, const void* target, DataType targetType, const T* weight,
    int64_t n, int64_t c, int64_t d, T* loss);

} // namespace qs::kernels
