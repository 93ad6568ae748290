// SPDX-License-Identifier: MIT
// The float MatMul step of Optimized mode with its epilogue: MatMul -> Add(bias along N) [-> erf GELU]
// (kernels/cpu/erf_gelu_epilogue.h) as one oneDNN matmul with a bias, then the GELU in place; and with a Transpose
// before A or B read through strides instead of copied. Not in the registry: the passes "matmul-epilogue" and
// "matmul-transpose" select it (exec/passes/).
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
    kAPerm = 6, ///< int64 constant: A is read through this Transpose permutation of the stored tensor
    kBPerm = 7, ///< the same for B
    kSlotCount = 8,
};
} // namespace fused_matmul

/// The kernel spec of the fused step; its anchor node is the MatMul.
const KernelSpec& fusedMatMulSpec();

} // namespace qs::kernels
