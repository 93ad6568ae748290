// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_gemm_s16.h"

#include "kernels/int8/target_clones.h"
#include "kernels/simd_table.h"

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
    const int64_t width = simd.panelColumns, pairs = (k + 1) / 2, panels = (n + width - 1) / width;
    std::vector<int16_t> packed(size_t(panels * pairs * width * 2), 0);
    for (int64_t b = 0; b < panels; ++b)
        for (int64_t p = 0; p < pairs; ++p)
            for (int64_t c = 0; c < width; ++c)
                for (int64_t e = 0; e < 2; ++e) {
                    const int64_t row = 2 * p + e, col = b * width + c;
                    if (row < k && col < n)
                        packed[size_t(((b * pairs + p) * width + c) * 2 + e)]
                            = int16_t(int32_t(w[row * n + col]) + offset[col]);
                }
    return packed;
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
