// SPDX-License-Identifier: MIT
#include <quantscope/engine/op_type_comparison.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace qs {

std::optional<double> OpTypeTimeDelta::ratio() const
{
    if (baselineMs > 0 && candidateMs > 0)
        return candidateMs / baselineMs;
    return std::nullopt;
}

std::string OpTypeTimeDelta::displayName() const
{
    if (candidateOps.empty() || baselineOps == candidateOps)
        return fmt::format("{}", fmt::join(baselineOps, ", "));
    if (baselineOps.empty())
        return fmt::format("{}", fmt::join(candidateOps, ", "));
    return fmt::format("{} \u2192 {}", fmt::join(baselineOps, ", "), fmt::join(candidateOps, ", "));
}

std::string floatCounterpartOpType(std::string_view opType)
{
    std::string_view bare = opType;
    if (const auto dot = bare.rfind('.'); dot != std::string_view::npos)
        bare = bare.substr(dot + 1);
    bool renamed = false;
    // ONNX Runtime's own kernels for the same work: NhwcMaxPool, FusedConv (Conv + activation), FusedGemm, ...
    for (std::string_view prefix : { std::string_view("Nhwc"), std::string_view("Fused") }) {
        if (bare.size() > prefix.size() && bare.starts_with(prefix)) {
            bare = bare.substr(prefix.size());
            renamed = true;
        }
    }
    constexpr std::string_view kIntegerSuffix = "Integer"; // ConvInteger, MatMulInteger
    constexpr std::string_view kQLinearPrefix = "QLinear"; // QLinearConv, QLinearAdd, QLinearSigmoid, ...
    if (bare.size() > kIntegerSuffix.size() && bare.ends_with(kIntegerSuffix))
        return std::string(bare.substr(0, bare.size() - kIntegerSuffix.size()));
    if (bare.size() > kQLinearPrefix.size() && bare.starts_with(kQLinearPrefix))
        return std::string(bare.substr(kQLinearPrefix.size()));
    if (bare == "QGemm")
        return "Gemm";
    return renamed ? std::string(bare) : std::string(opType);
}

OpTypeTimeComparison compareOpTypeTimes(const ProfileReport& baseline, const ProfileReport& candidate)
{
    std::map<std::string, OpTypeTimeDelta> rows;
    const auto add = [&rows](const OpTypeProfile& t, bool isBaseline) {
        const std::string key = floatCounterpartOpType(t.opType);
        OpTypeTimeDelta& row = rows[key];
        row.opType = key;
        (isBaseline ? row.baselineOps : row.candidateOps).push_back(t.opType);
        (isBaseline ? row.baselineNodes : row.candidateNodes) += t.nodes;
        (isBaseline ? row.baselineMs : row.candidateMs) += t.meanMs;
    };
    for (const OpTypeProfile& t : baseline.opTypes)
        add(t, true);
    for (const OpTypeProfile& t : candidate.opTypes)
        add(t, false);
    OpTypeTimeComparison out;
    out.baselineTotalMs = baseline.totalMs;
    out.candidateTotalMs = candidate.totalMs;
    for (auto& [key, row] : rows) {
        std::sort(row.baselineOps.begin(), row.baselineOps.end());
        std::sort(row.candidateOps.begin(), row.candidateOps.end());
        out.rows.push_back(std::move(row));
    }
    // The map gave name order; a stable sort keeps it for equal differences (stable reports).
    std::stable_sort(out.rows.begin(), out.rows.end(), [](const OpTypeTimeDelta& a, const OpTypeTimeDelta& b) {
        return std::abs(a.deltaMs()) > std::abs(b.deltaMs());
    });
    return out;
}

} // namespace qs
