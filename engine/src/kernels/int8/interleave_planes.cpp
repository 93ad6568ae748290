// SPDX-License-Identifier: MIT
#include "kernels/int8/interleave_planes.h"

#include "kernels/simd_table.h"

namespace qs::kernels::int8 {

namespace {

// The CPU alone decides, not DNNL_MAX_CPU_ISA, as it did before the loop had a table: every path gives the same
// bytes.
const detail::InterleaveSimd* interleaveSimd() noexcept
{
    return simdTable(quant::QuantIsa::Avx2, &detail::kInterleaveAvx2, &detail::kInterleaveAvx2);
}

} // namespace

bool interleave3Planes(const uint8_t* planes, int64_t height, int64_t width, uint8_t* dst, int64_t dstRowStride)
{
    const detail::InterleaveSimd* simd = interleaveSimd();
    if (!simd)
        return false;
    simd->interleave(planes, height * width, height, width, dst, dstRowStride);
    return true;
}

bool interleave3PlaneRows(
    const uint8_t* planes, int64_t planeStride, int64_t rows, int64_t width, uint8_t* dst, int64_t dstRowStride)
{
    const detail::InterleaveSimd* simd = interleaveSimd();
    if (!simd)
        return false;
    simd->interleave(planes, planeStride, rows, width, dst, dstRowStride);
    return true;
}

} // namespace qs::kernels::int8
