// SPDX-License-Identifier: MIT
#include "kernels/cpu/max_pool_nhwc.h"

#include "kernels/cpu/max_pool_simd.h"
#include "quant/quant_isa.h"

#include <algorithm>

namespace qs::kernels {

bool maxPoolNhwcApplies(const ConvGeometry& g) noexcept
{
    return quant::bestQuantIsa() != quant::QuantIsa::Scalar && windowsStartInside(g);
}

void maxPoolNhwc(const ConvGeometry& g, const float* x, float* y)
{
    const int64_t c = g.inChannels;
    const int64_t h = g.inSpatial[0], w = g.inSpatial[1], oh = g.outSpatial[0], ow = g.outSpatial[1];
    const int64_t kh = g.kernel[0], kw = g.kernel[1], sh = g.strides[0], sw = g.strides[1];
    const int64_t padH = g.padBegin[0], padW = g.padBegin[1];
#pragma omp parallel for collapse(2) if (g.batch * oh * ow * c * kh * kw > (1 << 18))
    for (int64_t n = 0; n < g.batch; ++n)
        for (int64_t o = 0; o < oh; ++o) {
            const int64_t h0 = std::max<int64_t>(o * sh - padH, 0);
            const int64_t h1 = std::min(o * sh - padH + kh, h);
            for (int64_t j = 0; j < ow; ++j) {
                const int64_t w0 = std::max<int64_t>(j * sw - padW, 0);
                const int64_t w1 = std::min(j * sw - padW + kw, w);
                detail::kMaxPoolAvx2.nhwcPixel(
                    x + n * h * w * c, y + ((n * oh + o) * ow + j) * c, w, c, h0, h1, w0, w1);
            }
        }
}

} // namespace qs::kernels
