// SPDX-License-Identifier: MIT
#include "weight_stats.h"

#include <algorithm>
#include <cmath>

namespace qs::ui {

WeightStats computeWeightStats(const Tensor& tensor, int bins)
{
    WeightStats s;
    if (tensor.isEmpty() || tensor.dataType() == DataType::String || tensor.elementCount() == 0)
        return s;
    const int64_t n = tensor.elementCount();
    s.count = n;
    s.min = s.max = tensor.valueAsDouble(0);
    // Welford's update keeps the variance accurate for large tensors with a large mean.
    double mean = 0.0, m2 = 0.0;
    int64_t zeros = 0;
    for (int64_t i = 0; i < n; ++i) {
        const double v = tensor.valueAsDouble(i);
        s.min = std::min(s.min, v);
        s.max = std::max(s.max, v);
        zeros += v == 0.0 ? 1 : 0;
        const double d = v - mean;
        mean += d / static_cast<double>(i + 1);
        m2 += d * (v - mean);
    }
    s.mean = mean;
    s.stddev = std::sqrt(m2 / static_cast<double>(n));
    s.sparsity = static_cast<double>(zeros) / static_cast<double>(n);
    s.histogram.assign(static_cast<size_t>(std::max(1, bins)), 0);
    const double range = s.max - s.min;
    for (int64_t i = 0; i < n; ++i) {
        const double v = tensor.valueAsDouble(i);
        size_t b = range > 0 ? static_cast<size_t>((v - s.min) / range * static_cast<double>(s.histogram.size())) : 0;
        b = std::min(b, s.histogram.size() - 1);
        ++s.histogram[b];
    }
    return s;
}

} // namespace qs::ui
