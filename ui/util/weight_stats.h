// SPDX-License-Identifier: MIT
// Summary statistics of a constant tensor (weights, biases) for the properties panel.
#pragma once

#include <quantscope/engine/tensor.h>

#include <cstdint>
#include <vector>

namespace qs::ui {

struct WeightStats
{
    int64_t count = 0;
    double min = 0.0;
    double max = 0.0;
    double mean = 0.0;
    double stddev = 0.0; ///< population standard deviation
    double sparsity = 0.0; ///< fraction of elements exactly zero
    std::vector<int64_t> histogram; ///< equal-width bins over [min, max]
};

/// Statistics over every element (as double). Empty/string tensors give count 0.
WeightStats computeWeightStats(const Tensor& tensor, int bins = 32);

} // namespace qs::ui
