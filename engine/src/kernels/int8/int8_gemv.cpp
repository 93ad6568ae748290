// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_gemv.h"

#include "kernels/int8/pair_panels.h"
#include "kernels/simd_table.h"

#include <cstddef>

namespace qs::kernels::int8 {

namespace {
constexpr int64_t kColumns = detail::kGemvColumns;
} // namespace

std::vector<int8_t> packGemvWeights(const int8_t* w, int64_t k, int64_t n)
{
    return packPairPanels<int8_t>(w, nullptr, k, n, kColumns);
}

const Int8GemvSimd* int8GemvSimd(quant::QuantIsa isa) noexcept
{
    return simdTable(isa, &detail::kInt8GemvAvx2, &detail::kInt8GemvAvx2);
}

} // namespace qs::kernels::int8
