// SPDX-License-Identifier: MIT
// Own-kernel tests with weights outside what the kernel stores: each weight clamped into [lo, hi] and the excess kept
// as a sparse residual entry, the form Avx2Int8Conv::create takes (shared by the AVX2/AVX-512 and VNNI kernel tests).
#pragma once

#include "kernels/int8/conv_shape.h"
#include "kernels/int8/int8_saturation.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace qs::test {

/// `exact` weights [out][in][kh·kw] of `s` split into `kept` (clamped to [lo, hi]) plus `residual` (exact − kept).
inline void clampWithResidual(const kernels::int8::ConvShape& s, const std::vector<int32_t>& exact, int32_t lo,
    int32_t hi, std::vector<int8_t>& kept, std::vector<kernels::int8::ResidualWeight>& residual)
{
    const int64_t khw = s.kernelHeight * s.kernelWidth;
    kept.resize(exact.size());
    residual.clear();
    for (size_t i = 0; i < exact.size(); ++i) {
        kept[i] = int8_t(std::clamp(exact[i], lo, hi));
        if (kept[i] != exact[i])
            residual.push_back({ int32_t(int64_t(i) / (s.inChannels * khw)), int32_t(int64_t(i) / khw % s.inChannels),
                int32_t(int64_t(i) % khw), exact[i] - kept[i] });
    }
}

} // namespace qs::test
