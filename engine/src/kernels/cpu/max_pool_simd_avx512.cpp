// SPDX-License-Identifier: MIT
// The AVX-512 loops of max_pool_simd.h (detail::kMaxPoolAvx512). Every function carries its target attribute
// (kernels/README.md: no per-file -m flags).
#include "kernels/cpu/max_pool_simd.h"

// GCC 12 warns about _mm512_undefined_* inside its own intrinsic headers (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <algorithm>
#include <immintrin.h>

namespace qs::kernels {

namespace {

__attribute__((target("avx512f"))) void poolRow16(
    const float* x, float* y, int64_t w, int64_t ow, int64_t kw, int64_t sw, int64_t padW, int64_t h0, int64_t h1)
{
    for (int64_t o = 0; o < ow; ++o) {
        const int64_t w0 = std::max<int64_t>(o * sw - padW, 0);
        const int64_t w1 = std::min(o * sw - padW + kw, w);
        __m512 m = _mm512_loadu_ps(x + (h0 * w + w0) * 16);
        for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw)
                m = _mm512_max_ps(m, _mm512_loadu_ps(x + (ih * w + iw) * 16));
        _mm512_storeu_ps(y + o * 16, m);
    }
}

} // namespace

namespace detail {
const MaxPoolSimd kMaxPoolAvx512 { 16, poolRow16, nullptr, nullptr, nullptr };
} // namespace detail

} // namespace qs::kernels
