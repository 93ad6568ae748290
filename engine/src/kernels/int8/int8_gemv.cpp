// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_gemv.h"

#include "kernels/simd_table.h"

#include <cstddef>

namespace qs::kernels::int8 {

namespace {
constexpr int64_t kColumns = detail::kGemvColumns;
} // namespace

std::vector<int8_t> packGemvWeights(const int8_t* w, int64_t k, int64_t n)
{
    const int64_t pairs = (k + 1) / 2, blocks = (n + kColumns - 1) / kColumns;
    std::vector<int8_t> packed(size_t(blocks * pairs * kColumns * 2), 0);
    for (int64_t b = 0; b < blocks; ++b)
        for (int64_t p = 0; p < pairs; ++p)
            for (int64_t c = 0; c < kColumns; ++c)
                for (int64_t e = 0; e < 2; ++e) {
                    const int64_t row = 2 * p + e, col = b * kColumns + c;
                    if (row < k && col < n)
                        packed[size_t(((b * pairs + p) * kColumns + c) * 2 + e)] = w[row * n + col];
                }
    return packed;
}

const Int8GemvSimd* int8GemvSimd(quant::QuantIsa isa) noexcept
{
    return simdTable(isa, &detail::kInt8GemvAvx2, &detail::kInt8GemvAvx2);
}

} // namespace qs::kernels::int8
