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

namespace {

constexpr int64_t kBlock = 1024; // 4 KiB of erf arguments: stays in L1 between the three loops

/// One block of at most kBlock values; lo and hi widened by the values written when `range`.
void geluBlock(const ErfGelu& g, VectorActivationFn erf, float* yb, int64_t len, bool range, float& lo, float& hi)
{
    float t[kBlock];
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

/// The Erf kernel's choice (activation.cpp): the vector loop under the same ISA cap, else std::erf.
VectorActivationFn erfLoop()
{
    return vectorActivation(VectorActivation::Erf, quant::bestQuantIsa());
}

} // namespace

void applyErfGelu(const ErfGelu& g, float* y, int64_t n, float* range)
{
    const VectorActivationFn erf = erfLoop();
    const int64_t blocks = (n + kBlock - 1) / kBlock;
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
#pragma omp parallel for if (n > (1 << 16)) reduction(min : lo) reduction(max : hi)
    for (int64_t b = 0; b < blocks; ++b)
        geluBlock(g, erf, y + b * kBlock, std::min(kBlock, n - b * kBlock), range != nullptr, lo, hi);
    if (range) {
        range[0] = lo;
        range[1] = hi;
    }
}

void applyErfGeluSerial(const ErfGelu& g, float* y, int64_t n, float* range)
{
    const VectorActivationFn erf = erfLoop();
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    for (int64_t base = 0; base < n; base += kBlock)
        geluBlock(g, erf, y + base, std::min(kBlock, n - base), range != nullptr, lo, hi);
    if (range) {
        range[0] = std::min(range[0], lo);
        range[1] = std::max(range[1], hi);
    }
}

} // namespace qs::kernels
