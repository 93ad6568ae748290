// SPDX-License-Identifier: MIT
// A target report reduced to counts and examples: what a run file keeps of it and what the diagnosis words a finding
// from, so a report read back later needs neither the model nor the tables.
#include <quantscope/engine/targets.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace qs {

std::string_view targetProblemKindName(TargetProblemKind k) noexcept
{
    switch (k) {
    case TargetProblemKind::NoKernel:
        return "no-kernel";
    case TargetProblemKind::CpuNoKernel:
        return "cpu-no-kernel";
    case TargetProblemKind::FallsBack:
        return "falls-back";
    case TargetProblemKind::FailsAtRunTime:
        break;
    }
    return "fails-at-run-time";
}

std::optional<TargetProblemKind> parseTargetProblemKind(std::string_view name) noexcept
{
    for (TargetProblemKind k : { TargetProblemKind::NoKernel, TargetProblemKind::CpuNoKernel,
             TargetProblemKind::FallsBack, TargetProblemKind::FailsAtRunTime })
        if (targetProblemKindName(k) == name)
            return k;
    return std::nullopt;
}

std::string_view targetTableKindName(TargetTableKind k) noexcept
{
    switch (k) {
    case TargetTableKind::KernelTable:
        return "kernel-table";
    case TargetTableKind::ReducedBuildList:
        return "reduced-build-list";
    case TargetTableKind::EpSupportList:
        return "ep-support-list";
    case TargetTableKind::ParserSupportList:
        break;
    }
    return "parser-support-list";
}

std::optional<TargetTableKind> parseTargetTableKind(std::string_view name) noexcept
{
    for (TargetTableKind k : { TargetTableKind::KernelTable, TargetTableKind::ReducedBuildList,
             TargetTableKind::EpSupportList, TargetTableKind::ParserSupportList })
        if (targetTableKindName(k) == name)
            return k;
    return std::nullopt;
}

std::optional<TargetVerdict> parseTargetVerdict(std::string_view name) noexcept
{
    for (TargetVerdict v :
        { TargetVerdict::Runs, TargetVerdict::FallsBack, TargetVerdict::CannotLoad, TargetVerdict::Unknown })
        if (targetVerdictName(v) == name)
            return v;
    return std::nullopt;
}

TargetSummary summarizeTarget(const Graph& g, const TargetReport& r, size_t maxExamples)
{
    TargetSummary s;
    s.tableId = r.tableId;
    s.title = r.title;
    s.kind = r.kind;
    s.version = r.version;
    s.versionMatch = r.versionMatch;
    s.fallbackTableId = r.fallbackTableId;
    s.verdict = r.verdict;
    s.fileProblem = r.fileProblem;
    s.fileFormat = r.fileFormat;
    s.nodes = r.nodeCount();
    s.runs = r.count(NodeVerdict::Runs);
    s.fallsBack = r.count(NodeVerdict::FallsBack);
    s.noKernel = r.count(NodeVerdict::NoKernel);
    s.unknown = r.count(NodeVerdict::Unknown);
    s.cpuNoKernel = r.cpuNoKernelCount();
    s.runtimeFailures = r.runtimeFailureCount();
    s.partitions = r.partitions;

    std::map<std::pair<TargetProblemKind, std::string>, TargetOpProblem> groups;
    const auto note = [&](TargetProblemKind kind, const Node& n, const std::string& reason) {
        TargetOpProblem& p = groups[{ kind, n.qualifiedOpType() }];
        if (p.nodes++ == 0) {
            p.kind = kind;
            p.opType = n.qualifiedOpType();
            p.reason = reason;
        }
        if (p.examples.size() < maxExamples)
            p.examples.push_back(n.name);
    };
    // Nodes come in topological order, a body's after its If/Loop/Scan node: the examples are the first ones a reader
    // meets in the graph.
    forEachNodeResult(g, r.nodes, [&](const Graph& graph, const NodeTargetResult& n) {
        const Node& node = graph.node(n.node);
        if (n.verdict == NodeVerdict::NoKernel)
            note(TargetProblemKind::NoKernel, node, n.reason);
        if (n.verdict == NodeVerdict::FallsBack)
            note(TargetProblemKind::FallsBack, node, n.reason);
        if (n.cpuVerdict == NodeVerdict::NoKernel)
            note(TargetProblemKind::CpuNoKernel, node, n.cpuReason);
        if (!n.runtimeFailures.empty())
            note(TargetProblemKind::FailsAtRunTime, node, n.runtimeFailures.front());
    });
    for (auto& [key, p] : groups)
        s.problems.push_back(std::move(p));
    std::stable_sort(s.problems.begin(), s.problems.end(), [](const TargetOpProblem& a, const TargetOpProblem& b) {
        return std::tuple(int(a.kind), -a.nodes, a.opType) < std::tuple(int(b.kind), -b.nodes, b.opType);
    });
    return s;
}

} // namespace qs
