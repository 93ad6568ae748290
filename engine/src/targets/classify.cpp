// SPDX-License-Identifier: MIT
// Per-target reports: node verdicts (EP fallback checked against the CPU kernel table), file-level problems and the
// partitions a fallback splits the graph into.
#include "targets/node_match.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace qs {

namespace {

const TargetTable* cpuTableFor(const TargetTable& ep, const std::vector<TargetTable>& all)
{
    // ONNX Runtime hands what an EP rejects to its CPU provider: the complete kernel table of the same runtime.
    for (const TargetTable& t : all)
        if (t.kind == TargetTableKind::KernelTable && t.runtimeName == ep.runtimeName)
            return &t;
    return nullptr;
}

std::string fileExtension(const Model& model)
{
    // In-memory models came from ONNX bytes: the engine reads no other format.
    std::string ext = model.path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext.empty() ? std::string(".onnx") : ext;
}

void fileChecks(const Model& model, const TargetTable& t, TargetReport& r)
{
    if (!t.modelFormats.empty()) {
        const std::string ext = fileExtension(model);
        if (std::find(t.modelFormats.begin(), t.modelFormats.end(), ext) == t.modelFormats.end()) {
            r.fileFormat = FileFormatProblem { ext, t.modelFormats };
            r.fileProblem = fileFormatProblemText(*r.fileFormat);
        }
    }
    if (t.modelOpsetRange) {
        const int64_t opset = model.opsetVersion("");
        const auto [lo, hi] = *t.modelOpsetRange;
        if (opset > 0 && (opset < lo || opset > hi))
            r.fileNotes.push_back(fmt::format(
                "the model's ai.onnx opset {} is outside the range the source states ({} to {})", opset, lo, hi));
    }
}

/// ONNX Runtime replaces every Constant node with an initializer when it builds its graph (Graph's constructor in
/// onnxruntime/core/graph/graph.cc; .ort files store them as initializers), so no kernel or provider ever sees one.
bool foldedByOnnxRuntime(const TargetTable& t, const Node& n)
{
    return t.runtimeName.starts_with("ONNX Runtime") && n.domain.empty() && n.opType == "Constant";
}

void addRestrictions(const Graph& g, const Node& n, const TargetOperator* entry, NodeTargetResult& out)
{
    if (!entry)
        return;
    targets::RestrictionCheck c = targets::checkRestrictions(g, n, *entry);
    out.runtimeFailures = std::move(c.failures);
    out.conditions = std::move(c.unchecked);
}

template <typename Pick> int64_t countIn(const std::vector<NodeTargetResult>& nodes, Pick pick)
{
    int64_t n = 0;
    for (const NodeTargetResult& x : nodes) {
        n += pick(x) ? 1 : 0;
        for (const BodyTargetResult& b : x.bodies)
            n += countIn(b.nodes, pick);
    }
    return n;
}

TargetVerdict overall(const TargetReport& r)
{
    if (r.fileProblem || r.count(NodeVerdict::NoKernel) > 0 || r.cpuNoKernelCount() > 0)
        return TargetVerdict::CannotLoad;
    const bool cpuUnknown = countIn(r.nodes, [](const NodeTargetResult& n) {
        return n.verdict == NodeVerdict::FallsBack && n.cpuVerdict == NodeVerdict::Unknown;
    }) > 0;
    if (r.count(NodeVerdict::Unknown) > 0 || cpuUnknown)
        return TargetVerdict::Unknown;
    return r.count(NodeVerdict::FallsBack) > 0 ? TargetVerdict::FallsBack : TargetVerdict::Runs;
}

} // namespace

std::string_view nodeVerdictName(NodeVerdict v) noexcept
{
    switch (v) {
    case NodeVerdict::Runs:
        return "runs";
    case NodeVerdict::FallsBack:
        return "falls-back";
    case NodeVerdict::NoKernel:
        return "no-kernel";
    case NodeVerdict::Unknown:
        break;
    }
    return "unknown";
}

std::string fileFormatProblemText(const FileFormatProblem& p)
{
    return fmt::format("this target loads only {} files: a {} file cannot load at all (it must be converted first)",
        fmt::join(p.accepted, ", "), p.format);
}

std::string_view targetVerdictName(TargetVerdict v) noexcept
{
    switch (v) {
    case TargetVerdict::Runs:
        return "runs";
    case TargetVerdict::FallsBack:
        return "falls-back";
    case TargetVerdict::CannotLoad:
        return "cannot-load";
    case TargetVerdict::Unknown:
        break;
    }
    return "unknown";
}

int64_t TargetReport::count(NodeVerdict v) const
{
    return countIn(nodes, [v](const NodeTargetResult& n) { return n.verdict == v; });
}

int64_t TargetReport::cpuNoKernelCount() const
{
    return countIn(nodes, [](const NodeTargetResult& n) { return n.cpuVerdict == NodeVerdict::NoKernel; });
}

int64_t TargetReport::runtimeFailureCount() const
{
    return countIn(nodes, [](const NodeTargetResult& n) { return !n.runtimeFailures.empty(); });
}

int64_t TargetReport::nodeCount() const
{
    return countIn(nodes, [](const NodeTargetResult&) { return true; });
}

PartitionSummary countPartitions(const Graph& g, const std::vector<Placement>& placement)
{
    PartitionSummary s;
    auto at = [&](NodeId id) {
        return static_cast<size_t>(id) < placement.size() ? placement[size_t(id)] : Placement::Unassigned;
    };
    Placement previous = Placement::Unassigned;
    for (NodeId id : g.topologicalOrder()) {
        const Placement p = at(id);
        if (p == Placement::Initializer)
            continue;
        if (p == Placement::Unassigned) {
            s.exact = false;
            continue;
        }
        if (p != previous) {
            ++s.partitions;
            ++(p == Placement::Provider ? s.providerPartitions : s.cpuPartitions);
            previous = p;
        }
        // A tensor crosses once per side that consumes it, however many consumers that side has.
        for (ValueId out : g.node(id).outputs) {
            if (out == kNoValue)
                continue;
            const auto& consumers = g.consumers(out);
            if (std::any_of(consumers.begin(), consumers.end(), [&](NodeId c) {
                    const Placement q = at(c);
                    return (q == Placement::Provider || q == Placement::Cpu) && q != p;
                }))
                ++s.crossings;
        }
    }
    return s;
}

namespace {

struct GraphClassifier
{
    const TargetTable& t;
    const TargetTable* cpu; ///< the CPU kernel table an EP falls back to
    bool ep;
    PartitionSummary partitions;

    /// Every node of `g` in topological order, the bodies of If/Loop/Scan nodes recursively; an EP's partitions of
    /// each graph add up, as ONNX Runtime partitions every body on its own.
    std::vector<NodeTargetResult> classify(const Graph& g)
    {
        std::vector<NodeTargetResult> results;
        std::vector<Placement> placement(g.nodes().size(), Placement::Unassigned);
        for (NodeId id : g.topologicalOrder()) {
            NodeTargetResult out = classifyNode(g, id, placement[size_t(id)]);
            for (const Graph* body : g.subgraphs(id))
                out.bodies.push_back({ body, classify(*body) });
            results.push_back(std::move(out));
        }
        if (ep) {
            const PartitionSummary p = countPartitions(g, placement);
            partitions.partitions += p.partitions;
            partitions.providerPartitions += p.providerPartitions;
            partitions.cpuPartitions += p.cpuPartitions;
            partitions.crossings += p.crossings;
            partitions.exact = partitions.exact && p.exact;
        }
        return results;
    }

    NodeTargetResult classifyNode(const Graph& g, NodeId id, Placement& placement) const
    {
        const Node& n = g.node(id);
        NodeTargetResult out;
        out.node = id;
        if (foldedByOnnxRuntime(t, n)) {
            out.verdict = NodeVerdict::Runs;
            out.reason
                = "ONNX Runtime turns Constant nodes into initializers when it loads the graph: no kernel needed";
            out.becomesInitializer = true;
            placement = Placement::Initializer;
            return out;
        }
        const targets::TableVerdict v = targets::judgeNode(g, n, t);
        out.verdict = v.verdict;
        out.reason = v.reason;
        if (v.verdict == NodeVerdict::FallsBack) {
            if (cpu) {
                const targets::TableVerdict c = targets::judgeNode(g, n, *cpu);
                out.cpuVerdict = c.verdict == NodeVerdict::FallsBack ? NodeVerdict::Unknown : c.verdict;
                out.cpuReason = c.reason;
                if (c.verdict == NodeVerdict::Runs)
                    addRestrictions(g, n, c.entry, out);
            } else {
                out.cpuVerdict = NodeVerdict::Unknown;
                out.cpuReason = "no CPU kernel table is loaded";
            }
            placement = Placement::Cpu;
        } else if (v.verdict == NodeVerdict::Runs) {
            addRestrictions(g, n, v.entry, out);
            placement = Placement::Provider;
        }
        return out;
    }
};

} // namespace

TargetReport classifyModelForTarget(const Model& model, const TargetTable& t, const std::vector<TargetTable>& all)
{
    TargetReport r;
    r.tableId = t.id;
    r.title = t.title;
    r.kind = t.kind;
    r.version = t.version;
    r.versionMatch = t.versionMatch;
    fileChecks(model, t, r);
    const bool ep = t.kind == TargetTableKind::EpSupportList;
    GraphClassifier classifier { t, ep ? cpuTableFor(t, all) : nullptr, ep, {} };
    if (classifier.cpu)
        r.fallbackTableId = classifier.cpu->id;
    r.nodes = classifier.classify(model.graph());
    if (ep)
        r.partitions = classifier.partitions;
    r.verdict = overall(r);
    return r;
}

std::vector<TargetReport> classifyModel(const Model& model, const std::vector<TargetTable>& tables)
{
    std::vector<TargetReport> out;
    out.reserve(tables.size());
    for (const TargetTable& t : tables)
        out.push_back(classifyModelForTarget(model, t, tables));
    return out;
}

} // namespace qs
