// SPDX-License-Identifier: MIT
#include "kernels/cpu/layer_norm_simd.h"

#include "kernels/simd_table.h"
#include "quant/quantize_linear.h"

#include <limits>

namespace qs::kernels {

bool layerNormRows(quant::QuantIsa isa, const float* x, const float* scale, const float* bias, float* y, int64_t rows,
    int64_t n, float epsilon, float* meanOut, float* invOut, float* range, const float* addend)
{
    const detail::LayerNormSimd* simd = simdTable(isa, &detail::kLayerNormAvx2, &detail::kLayerNormAvx512);
    if (!simd || n < 1)
        return false;
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    // Rows over the intra-op threads from 16 Ki elements (~10 us at one thread): a transformer's [128 tokens, 256]
    // (32 Ki) ran on one thread at two (bench/archive/2026-11-29-int8-transformer-2threads.md: its 8 steps' minimums
    // 0.17 -> 0.135 ms at two threads). Each row is computed alone, so any split gives the same bits.
#pragma omp parallel for if (rows > 1 && rows * n >= (1 << 14)) reduction(min : lo) reduction(max : hi)
    for (int64_t r = 0; r < rows; ++r) {
        const float* xs = x + r * n;
        if (addend) {
            // The residual Add fused in front (kernels/cpu/residual_layer_norm.h): the Add kernel's float sum, written
            // to y's row and normalized there while it is in L1, by the thread that normalizes it.
            float* ys = y + r * n;
            const float* bs = addend + r * n;
            for (int64_t i = 0; i < n; ++i)
                ys[i] = xs[i] + bs[i];
            xs = ys;
        }
        const detail::RowStats st = simd->stats(xs, n, epsilon);
        simd->normalize(xs, scale, bias, y + r * n, n, st);
        if (meanOut)
            meanOut[r] = float(st.mean);
        if (invOut)
            invOut[r] = st.inv;
        if (range)
            quant::widenRange(quant::minMax(y + r * n, size_t(n)), lo, hi);
    }
    if (range) {
        range[0] = lo;
        range[1] = hi;
    }
    return true;
}

} // namespace qs::kernels
