// SPDX-License-Identifier: MIT
// The weight layout of the loops that multiply pairs of K (vpmaddwd): int8_gemv.h and int8_gemm_s16.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

/// A row-major K x N int8 matrix w[p][j] (+ offset[j] when offset is not null) in panels of `width` columns: per panel
/// K/2 (rounded up) pairs of rows, each `width` columns x (row 2p, row 2p+1); missing rows and columns are 0.
template <typename T>
std::vector<T> packPairPanels(const int8_t* w, const int32_t* offset, int64_t k, int64_t n, int64_t width)
{
    const int64_t pairs = (k + 1) / 2, panels = (n + width - 1) / width;
    std::vector<T> packed(size_t(panels * pairs * width * 2), 0);
    for (int64_t b = 0; b < panels; ++b)
        for (int64_t p = 0; p < pairs; ++p)
            for (int64_t c = 0; c < width; ++c)
                for (int64_t e = 0; e < 2; ++e) {
                    const int64_t row = 2 * p + e, col = b * width + c;
                    if (row < k && col < n)
                        packed[size_t(((b * pairs + p) * width + c) * 2 + e)]
                            = T(int32_t(w[row * n + col]) + (offset ? offset[col] : 0));
                }
    return packed;
}

} // namespace qs::kernels::int8
