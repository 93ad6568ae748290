// SPDX-License-Identifier: MIT
// Which requantize_simd.h loop runs; the loops are in requantize_simd_avx2.cpp and requantize_simd_avx512.cpp.
#include "kernels/int8/requantize_simd.h"

#include "kernels/simd_table.h"

namespace qs::kernels::int8 {

bool requantizeRowsSimd(
    quant::QuantIsa isa, const int32_t* tile, int64_t count, int64_t channels, const RequantizeArgs& a, uint8_t* out)
{
    const detail::RequantizeSimd* simd = simdTable(isa, &detail::kRequantizeAvx2, &detail::kRequantizeAvx512);
    if (!simd)
        return false;
    simd->rows(tile, count, channels, a, out);
    return true;
}

} // namespace qs::kernels::int8
