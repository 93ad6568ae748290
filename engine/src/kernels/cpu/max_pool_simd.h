// SPDX-License-Identifier: MIT
// The vector loops of the three MaxPool layouts (max_pool_blocked.h, max_pool_plain.h, max_pool_nhwc.h), one table
// per ISA (max_pool_simd_avx2.cpp, max_pool_simd_avx512.cpp). The blocked kernel takes the table whose block matches
// oneDNN's blockedChannels(); the plain and channels-last kernels run the AVX2 loops on AVX2 and AVX-512 alike.
#pragma once

#include <cstdint>

namespace qs::kernels::detail {

struct MaxPoolSimd
{
    int64_t block; ///< channels per block of blockedRow's layout (8 or 16)
    /// One output row of `ow` pixels of a blocked plane (input rows [h0, h1), width w).
    void (*blockedRow)(
        const float* x, float* y, int64_t w, int64_t ow, int64_t kw, int64_t sw, int64_t padW, int64_t h0, int64_t h1);
    /// t[0, w) = max over rows [h0, h1) of x (rows of width w). Null in the AVX-512 table.
    void (*columnMax)(const float* x, int64_t w, int64_t h0, int64_t h1, float* t);
    /// u[j] = max(t[j .. j + kw)) for j in [0, n). Null in the AVX-512 table.
    void (*rowMax)(const float* t, int64_t n, int64_t kw, float* u);
    /// One NHWC output pixel: the max over input pixels [h0, h1) x [w0, w1) of c channels each. Null in the AVX-512
    /// table.
    void (*nhwcPixel)(const float* x, float* y, int64_t w, int64_t c, int64_t h0, int64_t h1, int64_t w0, int64_t w1);
};

extern const MaxPoolSimd kMaxPoolAvx2;
extern const MaxPoolSimd kMaxPoolAvx512;

} // namespace qs::kernels::detail
