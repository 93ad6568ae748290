// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_saturation.h"

#include <fmt/format.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <cstdlib>

namespace qs::kernels::int8 {

namespace {

const char* isaName(dnnl::cpu_isa isa)
{
    switch (isa) {
    case dnnl::cpu_isa::sse41:
        return "sse41";
    case dnnl::cpu_isa::avx:
        return "avx";
    case dnnl::cpu_isa::avx2:
        return "avx2";
    case dnnl::cpu_isa::avx2_vnni:
        return "avx2_vnni";
    case dnnl::cpu_isa::avx512_mic:
        return "avx512_mic";
    case dnnl::cpu_isa::avx512_mic_4ops:
        return "avx512_mic_4ops";
    case dnnl::cpu_isa::avx512_core:
        return "avx512_core";
    case dnnl::cpu_isa::avx512_core_vnni:
        return "avx512_core_vnni";
    case dnnl::cpu_isa::avx512_core_bf16:
        return "avx512_core_bf16";
    case dnnl::cpu_isa::avx512_core_amx:
        return "avx512_core_amx";
    default:
        return "unknown";
    }
}

} // namespace

Int8IsaInfo onednnInt8Isa()
{
    const dnnl::cpu_isa isa = dnnl::get_effective_cpu_isa();
    const auto bits = static_cast<unsigned>(isa);
    const auto vnni = static_cast<unsigned>(dnnl::cpu_isa::avx512_core_vnni);
    // The ISA values are cumulative bit masks: every ISA at or above avx512_core_vnni contains its bits.
    return { isaName(isa), (bits & vnni) != vnni };
}

PairLayout pairLayoutOf(const std::string& implementation)
{
    if (implementation.find("gemm") != std::string::npos && implementation.find("brg") == std::string::npos)
        return PairLayout::FlattenedReduction;
    if (implementation.rfind("ref", 0) == 0)
        return PairLayout::None;
    return PairLayout::InputChannels;
}

const char* saturationRemedyName(SaturationRemedy remedy) noexcept
{
    switch (remedy) {
    case SaturationRemedy::NotNeeded:
        return "not needed (int32 accumulation)";
    case SaturationRemedy::NoOffendingPairs:
        return "no offending weight pairs";
    case SaturationRemedy::SparseResidual:
        return "sparse residual";
    }
    return "?";
}

std::string SaturationReport::describe() const
{
    switch (remedy) {
    case SaturationRemedy::NotNeeded:
        return fmt::format("{}: int8 products accumulate in int32, no saturation ({} of {} weight pairs would "
                           "exceed int16 on an ISA without VNNI)",
            isa, offendingPairs, weightPairs);
    case SaturationRemedy::NoOffendingPairs:
        return fmt::format(
            "{}: pairs accumulate in int16, but none of the {} weight pairs can exceed it", isa, weightPairs);
    case SaturationRemedy::SparseResidual:
        return fmt::format("{}: {} of {} weight pairs could saturate int16; handled exactly by a sparse residual "
                           "({} weights){}",
            isa, offendingPairs, weightPairs, residualEntries,
            unsplitMaxSource >= 0 ? fmt::format(", skipped for sources that cannot saturate the original weights "
                                                "(values up to {}, or per channel within each pair's bound)",
                unsplitMaxSource)
                                  : std::string());
    }
    return {};
}

std::vector<ResidualWeight> splitSaturatingPairs(
    int8_t* weights, int64_t rows, int64_t reduction, int64_t inner, bool split, SaturationReport& report)
{
    std::vector<ResidualWeight> residual;
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t p = 0; p + 1 < reduction; p += 2)
            for (int64_t i = 0; i < inner; ++i) {
                ++report.weightPairs;
                int8_t& a = weights[(r * reduction + p) * inner + i];
                const int av = a, bv = weights[(r * reduction + p + 1) * inner + i];
                if ((av > 0) != (bv > 0) || av == 0 || bv == 0 || std::abs(av) + std::abs(bv) <= kPairSafeMagnitude)
                    continue;
                ++report.offendingPairs;
                if (!split)
                    continue;
                // Shrink the even element so the pair sits exactly on the bound (|kept| < |a| since the pair
                // offends); one residual weight per pair. Always the even one rather than the larger: the count is the
                // same, and the residual then reads at most every other input channel, whose int16 planes cost half
                // as much to build (int8_conv_residual.cpp).
                const int kept = (av > 0 ? 1 : -1) * (kPairSafeMagnitude - std::abs(bv));
                residual.push_back({ int32_t(r), int32_t(p), int32_t(i), av - kept });
                a = static_cast<int8_t>(kept);
            }
    report.residualEntries = int64_t(residual.size());
    return residual;
}

} // namespace qs::kernels::int8
