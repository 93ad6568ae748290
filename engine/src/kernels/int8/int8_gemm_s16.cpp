// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_gemm_s16.h"

#include "kernels/int8/pair_panels.h"
#include "kernels/int8/target_clones.h"
#include "kernels/simd_table.h"

#include <algorithm>
#include <cstddef>

namespace qs::kernels::int8 {

const Int8GemmS16Simd* int8GemmS16Simd(quant::QuantIsa isa) noexcept
{
    return simdTable(isa, &detail::kInt8GemmS16Avx2, &detail::kInt8GemmS16Avx512);
}

int64_t gemmS16Tiles(const Int8GemmS16Simd& simd, int64_t m, int64_t n) noexcept
{
    return ((m + simd.tileRows - 1) / simd.tileRows) * ((n + simd.panelColumns - 1) / simd.panelColumns);
}

std::vector<int16_t> packGemmS16Weights(
    const Int8GemmS16Simd& simd, const int8_t* w, const int32_t* offset, int64_t k, int64_t n)
{
    return packPairPanels<int16_t>(w, offset, k, n, simd.panelColumns);
}

void gemmS16(const Int8GemmS16Simd& simd, const int16_t* a, int64_t lda, const int16_t* packed, int64_t pairs,
    int64_t m, int64_t n, int32_t* y, int64_t ldy, int64_t tileBegin, int64_t tileEnd)
{
    const int64_t rowBlocks = (m + simd.tileRows - 1) / simd.tileRows, width = simd.panelColumns;
    for (int64_t t = tileBegin; t < tileEnd; ++t) {
        const int64_t panel = t / rowBlocks, r0 = (t % rowBlocks) * simd.tileRows, c0 = panel * width;
        const int64_t rows = std::min(simd.tileRows, m - r0);
        simd.tiles[rows - 1](a + r0 * lda, lda, packed + panel * pairs * width * 2, pairs, y + r0 * ldy + c0, ldy,
            std::min(width, n - c0));
    }
}

QS_CLONES void widenActivations(
    const void* a, bool signedA, int32_t za, int64_t m, int64_t k, int16_t* a16, int64_t lda)
{
    for (int64_t i = 0; i < m; ++i) {
        int16_t* row = a16 + i * lda;
        if (signedA) {
            const int8_t* x = static_cast<const int8_t*>(a) + i * k;
            for (int64_t p = 0; p < k; ++p)
                row[p] = int16_t(int32_t(x[p]) - za);
        } else {
            const uint8_t* x = static_cast<const uint8_t*>(a) + i * k;
            for (int64_t p = 0; p < k; ++p)
                row[p] = int16_t(int32_t(x[p]) - za);
        }
        for (int64_t p = k; p < lda; ++p)
            row[p] = 0;
    }
}

} // namespace qs::kernels::int8
