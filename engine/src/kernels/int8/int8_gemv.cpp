// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_gemv.h"

#include "kernels/int8/pair_panels.h"
#include "kernels/int8/thread_blocks.h"
#include "kernels/simd_table.h"

namespace qs::kernels::int8 {

namespace {
/// Below this many weights a second thread's wake-up costs more than half the stream saves.
constexpr int64_t kParallelGemvWeights = int64_t(1) << 18;
} // namespace

std::vector<int8_t> packGemvWeights(const Int8GemvSimd& simd, const int8_t* w, int64_t k, int64_t n)
{
    return packRowGroupPanels<int8_t>(w, nullptr, k, n, simd.width, simd.depth);
}

const Int8GemvSimd* int8GemvSimd(quant::QuantIsa isa, bool vnni) noexcept
{
    static const bool cpuHasVnni = __builtin_cpu_supports("avx512vnni");
    return simdTable(
        isa, &detail::kInt8GemvAvx2, vnni && cpuHasVnni ? &detail::kInt8GemvAvx512Vnni : &detail::kInt8GemvAvx512);
}

std::vector<int32_t> detail::gemvActivationGroups(const uint8_t* a, int64_t k, int64_t depth)
{
    const int64_t bits = 32 / depth;
    std::vector<int32_t> out(size_t((k + depth - 1) / depth), 0);
    for (int64_t p = 0; p < k; ++p)
        out[size_t(p / depth)] = int32_t(uint32_t(out[size_t(p / depth)]) | uint32_t(a[p]) << ((p % depth) * bits));
    return out;
}

void runGemv(const Int8GemvSimd& simd, const uint8_t* a, const int8_t* packed, int64_t k, int64_t n, int32_t* y)
{
    const int64_t panels = (n + simd.width - 1) / simd.width;
    const std::vector<int32_t> groups = detail::gemvActivationGroups(a, k, simd.depth);
    forEachThreadBlock(panels, passThreads(k * n, kParallelGemvWeights), 1,
        [&](int64_t begin, int64_t end) { simd.gemv(groups.data(), packed, k, n, begin, end, y); });
}

} // namespace qs::kernels::int8
