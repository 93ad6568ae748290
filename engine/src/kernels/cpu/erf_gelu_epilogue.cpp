// SPDX-License-Identifier: MIT
#include "kernels/cpu/erf_gelu_epilogue.h"

#include "kernels/cpu/activation_simd.h"
#include "kernels/int8/target_clones.h"
#include "kernels/shape_util.h"
#include "quant/quantize_linear.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs::kernels {

namespace {

// The two elementwise loops around the Erf as AVX2 and baseline clones: division, addition and multiplication are
// exact IEEE operations at any width, and neither clone has FMA to contract them, so both give the authored bits.
QS_CLONES void divideBy(const float* y, float* t, int64_t n, float divisor)
{
    for (int64_t i = 0; i < n; ++i)
        t[i] = y[i] / divisor;
}

QS_CLONES void finishGelu(float* y, const float* t, int64_t n, float addend, float factor)
{
    for (int64_t i = 0; i < n; ++i)
        y[i] = y[i] * (t[i] + addend) * factor;
}

} // namespace

Result<std::optional<ErfGelu>> erfGeluInputs(const KernelContext& ctx, size_t first)
{
    if (ctx.inputs.size() < first + 3 || !hasInput(ctx.inputs, first))
        return std::optional<ErfGelu>();
    float c[3] = {};
    for (size_t k = 0; k < 3; ++k) {
        const TensorDesc& t = ctx.inputs[first + k];
        if (!t.constant || t.type != DataType::Float || t.elementCount() != 1)
            return Status(StatusCode::Internal,
                fmt::format("node {}: the GELU epilogue needs scalar float constants", ctx.node.describe()));
        c[k] = t.constant->data<float>()[0];
    }
    return std::optional<ErfGelu>(ErfGelu { c[0], c[1], c[2] });
}

void applyErfGelu(const ErfGelu& g, float* y, int64_t n, float* range)
{
    // The Erf kernel's choice (activation.cpp): the vector loop under the same ISA cap, else std::erf.
    const VectorActivationFn erf = vectorActivation(VectorActivation::Erf, quant::bestQuantIsa());
    constexpr int64_t kBlock = 1024; // 4 KiB of erf arguments: stays in L1 between the three loops
    const int64_t blocks = (n + kBlock - 1) / kBlock;
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
#pragma omp parallel for if (n > (1 << 16)) reduction(min : lo) reduction(max : hi)
    for (int64_t b = 0; b < blocks; ++b) {
        float t[kBlock];
        const int64_t base = b * kBlock;
        const int64_t len = std::min(kBlock, n - base);
        float* yb = y + base;
        divideBy(yb, t, len, g.divisor);
        if (erf)
            erf(t, t, len, 0.0f, 0.0f);
        else
            for (int64_t i = 0; i < len; ++i)
                t[i] = std::erf(t[i]);
        finishGelu(yb, t, len, g.addend, g.factor);
        if (range)
            quant::widenRange(quant::minMax(yb, size_t(len)), lo, hi);
    }
    if (range) {
        range[0] = lo;
        range[1] = hi;
    }
}

} // namespace qs::kernels
