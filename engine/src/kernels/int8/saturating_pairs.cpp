// SPDX-License-Identifier: MIT
#include "kernels/int8/saturating_pairs.h"

#include "kernels/simd_table.h"

namespace qs::kernels::int8 {

int32_t saturatingPairPositions(const int16_t* a, const int16_t* b, int64_t n)
{
    // The CPU alone decides (not DNNL_MAX_CPU_ISA): both paths count the same.
    static const detail::SaturatingPairsSimd* simd
        = simdTable(quant::QuantIsa::Avx2, &detail::kSaturatingPairsAvx2, &detail::kSaturatingPairsAvx2);
    return simd ? simd->count(a, b, n) : detail::saturatingPositionsScalar(a, b, n);
}

} // namespace qs::kernels::int8
