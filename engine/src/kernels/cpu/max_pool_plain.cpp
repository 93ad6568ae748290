// SPDX-License-Identifier: MIT
// Each output row is pooled in two vector passes: the column-wise max over the window's input rows into a row padded
// with -inf on both sides, then the max over kw neighbours of that row at every position a window starts (stride 1,
// contiguous loads), of which every stride-th is kept. The same maxima as the window loop, in a different order (max
// is exact, so the result is the same).
#include "kernels/cpu/max_pool_plain.h"

#include "kernels/cpu/max_pool_simd.h"
#include "quant/quant_isa.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace qs::kernels {

bool maxPoolPlainApplies(const ConvGeometry& g) noexcept
{
    return quant::bestQuantIsa() != quant::QuantIsa::Scalar && windowsStartInside(g);
}

void maxPoolPlain(const ConvGeometry& g, const float* x, float* y)
{
    const int64_t planes = g.batch * g.inChannels;
    const int64_t h = g.inSpatial[0], w = g.inSpatial[1], oh = g.outSpatial[0], ow = g.outSpatial[1];
    const int64_t kh = g.kernel[0], kw = g.kernel[1], sh = g.strides[0], sw = g.strides[1];
    const int64_t padH = g.padBegin[0], padW = g.padBegin[1];
    // Window starts (in the padded row) run over [0, span); the padded row must reach the last window's end.
    const int64_t span = (ow - 1) * sw + 1;
    const int64_t padded = std::max(span + kw - 1, padW + w);
#pragma omp parallel if (planes * oh * ow * kh * kw > 65536)
    {
        std::vector<float> t(size_t(padded), -std::numeric_limits<float>::infinity());
        std::vector<float> u(static_cast<size_t>(span), 0.0f);
#pragma omp for collapse(2)
        for (int64_t p = 0; p < planes; ++p)
            for (int64_t o = 0; o < oh; ++o) {
                const int64_t h0 = std::max<int64_t>(o * sh - padH, 0);
                const int64_t h1 = std::min(o * sh - padH + kh, h);
                detail::kMaxPoolAvx2.columnMax(x + p * h * w, w, h0, h1, t.data() + padW);
                detail::kMaxPoolAvx2.rowMax(t.data(), span, kw, u.data());
                float* yr = y + (p * oh + o) * ow;
                if (sw == 1)
                    std::copy(u.begin(), u.end(), yr);
                else
                    for (int64_t j = 0; j < ow; ++j)
                        yr[j] = u[size_t(j * sw)];
            }
    }
}

} // namespace qs::kernels
