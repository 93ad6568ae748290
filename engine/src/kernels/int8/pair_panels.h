// SPDX-License-Identifier: MIT
// The weight layout of the loops that multiply groups of K rows at once (vpmaddwd pairs, vpdpbusd quads):
// int8_gemv.h and int8_gemm_s16.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

/// A row-major K x N int8 matrix w[p][j] (+ offset[j] when offset is not null) in panels of `width` columns: per panel
/// K/depth (rounded up) groups of `depth` rows, each `width` columns x (row depth·g, ..., row depth·g + depth - 1);
/// missing rows and columns are 0.
template <typename T>
std::vector<T> packRowGroupPanels(
    const int8_t* w, const int32_t* offset, int64_t k, int64_t n, int64_t width, int64_t depth)
{
    const int64_t groups = (k + depth - 1) / depth, panels = (n + width - 1) / width;
    std::vector<T> packed(size_t(panels * groups * width * depth), 0);
    for (int64_t b = 0; b < panels; ++b)
        for (int64_t g = 0; g < groups; ++g)
            for (int64_t c = 0; c < width; ++c)
                for (int64_t e = 0; e < depth; ++e) {
                    const int64_t row = depth * g + e, col = b * width + c;
                    if (row < k && col < n)
                        packed[size_t(((b * groups + g) * width + c) * depth + e)]
                            = T(int32_t(w[row * n + col]) + (offset ? offset[col] : 0));
                }
    return packed;
}

/// packRowGroupPanels with pairs of rows (vpmaddwd).
template <typename T>
std::vector<T> packPairPanels(const int8_t* w, const int32_t* offset, int64_t k, int64_t n, int64_t width)
{
    return packRowGroupPanels<T>(w, offset, k, n, width, 2);
}

} // namespace qs::kernels::int8
