// SPDX-License-Identifier: MIT
// The erf form of GELU as PyTorch exports it, y * (Erf(y / c1) + c2) * c3 (c1 = sqrt 2, c2 = 1, c3 = 0.5: Div, Erf,
// Add, Mul, Mul), applied in place to a matmul's output while it is in cache. Each element goes through the same
// float operations, in the same order, as the five authored kernels (Div, Add and Mul of the binary kernels, Erf of
// the unary kernel with its vector loop where that one has it), so the fused result is bit for bit the as-written one.
#pragma once

#include "kernels/kernel.h"

#include <cstdint>
#include <optional>

namespace qs::kernels {

struct ErfGelu
{
    float divisor = 0.0f; ///< c1
    float addend = 0.0f; ///< c2
    float factor = 0.0f; ///< c3
};

/// The GELU whose c1, c2, c3 a fused step holds in input slots first .. first + 2 (scalar float constants), nullopt
/// when those slots are absent or omitted; an error names the node when they are not scalar float constants.
Result<std::optional<ErfGelu>> erfGeluInputs(const KernelContext& ctx, size_t first);

/// y[i] = y[i] * (erf(y[i] / c1) + c2) * c3 for i in [0, n). `range`, when non-null, receives the min and max of
/// the values written (NaNs skipped, as quant::minMax skips them), taken block by block while the block is in L1: a
/// DynamicQuantizeLinear reading y then needs no min/max pass of its own (the dynamic-range pass).
void applyErfGelu(const ErfGelu& g, float* y, int64_t n, float* range = nullptr);

/// The same on the calling thread, for a producer's own band of y (Int8MatMul::runFloat's FloatBandEpilogue):
/// `range`, when non-null, is widened ({min, max}) by the values written. Elementwise, so any split of y into bands
/// gives applyErfGelu's bits.
void applyErfGeluSerial(const ErfGelu& g, float* y, int64_t n, float* range = nullptr);

} // namespace qs::kernels
