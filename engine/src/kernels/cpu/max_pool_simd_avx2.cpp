// SPDX-License-Identifier: MIT
// The AVX2 loops of max_pool_simd.h (detail::kMaxPoolAvx2). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/cpu/max_pool_simd.h"

#include <algorithm>
#include <immintrin.h>

namespace qs::kernels {

namespace {

__attribute__((target("avx2"))) void poolRow8(
    const float* x, float* y, int64_t w, int64_t ow, int64_t kw, int64_t sw, int64_t padW, int64_t h0, int64_t h1)
{
    for (int64_t o = 0; o < ow; ++o) {
        const int64_t w0 = std::max<int64_t>(o * sw - padW, 0);
        const int64_t w1 = std::min(o * sw - padW + kw, w);
        __m256 m = _mm256_loadu_ps(x + (h0 * w + w0) * 8);
        for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw)
                m = _mm256_max_ps(m, _mm256_loadu_ps(x + (ih * w + iw) * 8));
        _mm256_storeu_ps(y + o * 8, m);
    }
}

/// t[0, w) = max over rows [h0, h1) of x (rows of width w).
__attribute__((target("avx2"))) void columnMax(const float* x, int64_t w, int64_t h0, int64_t h1, float* t)
{
    int64_t i = 0;
    for (; i + 8 <= w; i += 8) {
        __m256 m = _mm256_loadu_ps(x + h0 * w + i);
        for (int64_t r = h0 + 1; r < h1; ++r)
            m = _mm256_max_ps(m, _mm256_loadu_ps(x + r * w + i));
        _mm256_storeu_ps(t + i, m);
    }
    for (; i < w; ++i) {
        float m = x[h0 * w + i];
        for (int64_t r = h0 + 1; r < h1; ++r)
            m = std::max(m, x[r * w + i]);
        t[i] = m;
    }
}

/// u[j] = max(t[j .. j + kw)) for j in [0, n).
__attribute__((target("avx2"))) void rowMax(const float* t, int64_t n, int64_t kw, float* u)
{
    int64_t j = 0;
    for (; j + 8 <= n; j += 8) {
        __m256 m = _mm256_loadu_ps(t + j);
        for (int64_t k = 1; k < kw; ++k)
            m = _mm256_max_ps(m, _mm256_loadu_ps(t + j + k));
        _mm256_storeu_ps(u + j, m);
    }
    for (; j < n; ++j) {
        float m = t[j];
        for (int64_t k = 1; k < kw; ++k)
            m = std::max(m, t[j + k]);
        u[j] = m;
    }
}

/// One output pixel: the max over input pixels [h0, h1) x [w0, w1) of c channels each (pixel stride c).
__attribute__((target("avx2"))) void poolPixel(
    const float* x, float* y, int64_t w, int64_t c, int64_t h0, int64_t h1, int64_t w0, int64_t w1)
{
    int64_t k = 0;
    for (; k + 8 <= c; k += 8) {
        __m256 m = _mm256_loadu_ps(x + (h0 * w + w0) * c + k);
        for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw)
                m = _mm256_max_ps(m, _mm256_loadu_ps(x + (ih * w + iw) * c + k));
        _mm256_storeu_ps(y + k, m);
    }
    for (; k < c; ++k) {
        float m = x[(h0 * w + w0) * c + k];
        for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw)
                m = std::max(m, x[(ih * w + iw) * c + k]);
        y[k] = m;
    }
}

} // namespace

namespace detail {
const MaxPoolSimd kMaxPoolAvx2 { 8, poolRow8, columnMax, rowMax, poolPixel };
} // namespace detail

} // namespace qs::kernels
