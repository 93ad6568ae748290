// SPDX-License-Identifier: MIT
// The float MatMul step of Optimized mode with its epilogue: MatMul -> Add(bias along N) [-> erf GELU]
// (kernels/cpu/erf_gelu_epilogue.h) as one oneDNN matmul with a bias, then the GELU in place; and with the Slice,
// Reshape and Transpose nodes before A or B read through strides instead of copied, and a power-of-two scaling of an
// operand as the output scale. Not in the registry: the passes "matmul-epilogue" and "matmul-views" select it
// (exec/passes/).
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

namespace fused_matmul {
/// Input slots; kBias and the three GELU constants may be omitted (the constants all or none).
enum Slot : size_t
{
    kA = 0,
    kB = 1,
    kBias = 2, ///< float, N values along the last axis ([N], [1, N], ...)
    kGeluDivisor = 3, ///< float scalar constants c1, c2, c3 of y * (Erf(y / c1) + c2) * c3
    kGeluAddend = 4,
    kGeluFactor = 5,
    /// int64 constant (kernels/strided_view.h, encodeView): A is read through this view of the stored tensor, the
    /// Slice, Reshape-like and Transpose nodes before the MatMul folded into offset and strides
    kAView = 6,
    kBView = 7, ///< the same for B
    /// float scalar constant: the product is multiplied by it (a Div or Mul of an operand by a power of two, which
    /// commutes exactly with the products and sums); never together with kBias, which it would scale too
    kOutputScale = 8,
    kSlotCount = 9,
};
} // namespace fused_matmul

/// The kernel spec of the fused step; its anchor node is the MatMul.
const KernelSpec& fusedMatMulSpec();

} // namespace qs::kernels
