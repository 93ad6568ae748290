// SPDX-License-Identifier: MIT
#include <quantscope/engine/model.h>
#include <quantscope/engine/profile_report.h>

#include <algorithm>
#include <array>
#include <map>

namespace qs {

bool isQuantizationOverheadOp(std::string_view opType) noexcept
{
    if (const auto dot = opType.rfind('.'); dot != std::string_view::npos)
        opType = opType.substr(dot + 1);
    static constexpr std::array<std::string_view, 6> kOps { "QuantizeLinear", "DequantizeLinear",
        "DynamicQuantizeLinear", "Cast", "Requantize", "RequantizeLinear" };
    return std::find(kOps.begin(), kOps.end(), opType) != kOps.end();
}

namespace {

bool isRequantizationMul(const Graph& g, const Node& node)
{
    if (node.opType != "Mul" || !node.domain.empty())
        return false;
    for (ValueId in : node.inputs) {
        if (in == kNoValue || g.producer(in) == kNoNode)
            continue;
        // The product of the activation scale (from DynamicQuantizeLinear) and the weight scale.
        if (g.node(g.producer(in)).opType == "DynamicQuantizeLinear")
            return true;
        const Node& cast = g.node(g.producer(in));
        if (cast.opType != "Cast")
            continue;
        for (ValueId cin : cast.inputs) {
            if (cin == kNoValue || g.producer(cin) == kNoNode)
                continue;
            const std::string& op = g.node(g.producer(cin)).opType;
            if (op == "ConvInteger" || op == "MatMulInteger")
                return true;
        }
    }
    return false;
}

} // namespace

void finalizeProfile(ProfileReport& report, const Model* model)
{
    const double runs = report.runs > 0 ? static_cast<double>(report.runs) : 1.0;
    report.totalMs = 0;
    report.quantOverheadMs = 0;
    report.unmatchedNodes = 0;
    report.activationReordersPerRun = 0;
    for (NodeProfile& n : report.nodes) {
        n.meanMs = n.totalMs / runs;
        report.activationReordersPerRun += double(n.activationReorders) * double(n.calls) / runs;
        report.totalMs += n.meanMs;
        n.quantizationOverhead = isQuantizationOverheadOp(n.opType);
        if (model && n.nodeIndex >= 0 && static_cast<size_t>(n.nodeIndex) < model->graph().nodes().size())
            n.quantizationOverhead
                = n.quantizationOverhead || isRequantizationMul(model->graph(), model->graph().node(n.nodeIndex));
        if (n.quantizationOverhead)
            report.quantOverheadMs += n.meanMs;
        if (n.nodeIndex < 0)
            ++report.unmatchedNodes;
    }
    std::map<std::string, OpTypeProfile> byType;
    for (NodeProfile& n : report.nodes) {
        n.share = report.totalMs > 0 ? n.meanMs / report.totalMs : 0;
        OpTypeProfile& t = byType[n.opType];
        t.opType = n.opType;
        ++t.nodes;
        t.meanMs += n.meanMs;
    }
    report.opTypes.clear();
    for (auto& [name, t] : byType) {
        t.share = report.totalMs > 0 ? t.meanMs / report.totalMs : 0;
        report.opTypes.push_back(t);
    }
    report.quantOverheadShare = report.totalMs > 0 ? report.quantOverheadMs / report.totalMs : 0;
    // Ties keep name order so reports are stable (golden files).
    std::stable_sort(report.nodes.begin(), report.nodes.end(),
        [](const NodeProfile& a, const NodeProfile& b) { return a.meanMs > b.meanMs; });
    std::stable_sort(report.opTypes.begin(), report.opTypes.end(),
        [](const OpTypeProfile& a, const OpTypeProfile& b) { return a.meanMs > b.meanMs; });
}

} // namespace qs
