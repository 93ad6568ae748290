// SPDX-License-Identifier: MIT
#include "kernels/cpu/erf_gelu_epilogue.h"

#include "kernels/cpu/activation_simd.h"

#include <algorithm>
#include <cmath>

namespace qs::kernels {

void applyErfGelu(const ErfGelu& g, float* y, int64_t n)
{
    // The Erf kernel's choice (activation.cpp): the vector loop under the same ISA cap, else std::erf.
    const VectorActivationFn erf = vectorActivation(VectorActivation::Erf, quant::bestQuantIsa());
    constexpr int64_t kBlock = 1024; // 4 KiB of erf arguments: stays in L1 between the three loops
    const int64_t blocks = (n + kBlock - 1) / kBlock;
#pragma omp parallel for if (n > (1 << 16))
    for (int64_t b = 0; b < blocks; ++b) {
        float t[kBlock];
        const int64_t base = b * kBlock;
        const int64_t len = std::min(kBlock, n - base);
        float* yb = y + base;
        for (int64_t i = 0; i < len; ++i)
            t[i] = yb[i] / g.divisor;
        if (erf)
            erf(t, t, len, 0.0f, 0.0f);
        else
            for (int64_t i = 0; i < len; ++i)
                t[i] = std::erf(t[i]);
        for (int64_t i = 0; i < len; ++i)
            yb[i] = yb[i] * (t[i] + g.addend) * g.factor;
    }
}

} // namespace qs::kernels
