// SPDX-License-Identifier: MIT
// `quantscope-cli targets`: per deployment target, which nodes run there, fall back to ONNX Runtime's CPU provider,
// or have no kernel (the model fails to load), from the support tables in resources/targets. JSON schema:
// app/cli/TARGETS_JSON.md (bump kSchema when a field changes meaning or disappears).
#include "command.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/targets.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace qs::cli {

namespace {

constexpr const char* kSchema = "quantscope.targets/2";

struct TargetsArgs
{
    std::string model;
    std::string tablesDir;
    std::vector<std::string> targets;
    bool json = false;
};

int usageError(const std::string& message)
{
    fmt::print(stderr, "quantscope-cli targets: {}\nRun 'quantscope-cli targets --help' for usage.\n", message);
    return 2;
}

/// Op type -> node count for the nodes `pick` selects, in op-type order.
template <typename Pick> std::map<std::string, int64_t> opCounts(const Graph& g, const TargetReport& r, Pick pick)
{
    std::map<std::string, int64_t> counts;
    forEachNodeResult(g, r.nodes, [&](const Graph& graph, const NodeTargetResult& n) {
        if (pick(n))
            ++counts[graph.node(n.node).qualifiedOpType()];
    });
    return counts;
}

std::string countsText(const std::map<std::string, int64_t>& counts)
{
    std::vector<std::string> parts;
    for (const auto& [op, n] : counts)
        parts.push_back(fmt::format("{} {}", op, n));
    return fmt::format("{}", fmt::join(parts, ", "));
}

std::string plural(int64_t n, std::string_view one, std::string_view many)
{
    return fmt::format("{} {}", n, n == 1 ? one : many);
}

/// One line per op type among the nodes `pick` selects: its first node and why, so the text names which nodes.
template <typename Pick, typename Why> void printExamples(const Graph& g, const TargetReport& r, Pick pick, Why why)
{
    std::map<std::string, std::pair<const Graph*, const NodeTargetResult*>> first;
    forEachNodeResult(g, r.nodes, [&](const Graph& graph, const NodeTargetResult& n) {
        if (pick(n))
            first.try_emplace(graph.node(n.node).qualifiedOpType(), &graph, &n);
    });
    for (const auto& [op, at] : first)
        fmt::print("      {}: {}\n", at.first->node(at.second->node).describe(), why(*at.second));
}

void printTarget(const Graph& g, const TargetReport& r)
{
    fmt::print("{}: {} ({}, {})\n", r.tableId, r.title, r.version, r.versionMatch);
    const bool parser = r.kind == TargetTableKind::ParserSupportList;
    auto is = [](NodeVerdict v) { return [v](const NodeTargetResult& n) { return n.verdict == v; }; };
    if (r.fileProblem)
        fmt::print("  cannot load: {}\n", *r.fileProblem);
    if (const int64_t n = r.count(NodeVerdict::NoKernel))
        fmt::print("  {}: {} {} ({})\n", parser ? "conversion fails" : "cannot load", plural(n, "node", "nodes"),
            parser ? "unsupported" : "without a kernel", countsText(opCounts(g, r, is(NodeVerdict::NoKernel))));
    const auto reason = [](const NodeTargetResult& x) { return x.reason; };
    printExamples(g, r, is(NodeVerdict::NoKernel), reason);
    const auto cpuNoKernel = [](const NodeTargetResult& x) { return x.cpuVerdict == NodeVerdict::NoKernel; };
    if (const int64_t n = r.cpuNoKernelCount()) {
        fmt::print("  cannot load: {} fall back to the CPU provider, which has no kernel for them ({})\n",
            plural(n, "node", "nodes"), countsText(opCounts(g, r, cpuNoKernel)));
        printExamples(g, r, cpuNoKernel, [](const NodeTargetResult& x) { return x.cpuReason; });
    }
    if (const int64_t n = r.count(NodeVerdict::FallsBack)) {
        std::string split;
        if (r.partitions)
            split = fmt::format(" in {} ({} on the provider, {} on the CPU) with {}{}",
                plural(r.partitions->partitions, "partition", "partitions"), r.partitions->providerPartitions,
                r.partitions->cpuPartitions, plural(r.partitions->crossings, "copy", "copies"),
                r.partitions->exact ? "" : " (not counting unknown nodes)");
        fmt::print(
            "  {} {} back to the CPU provider{}\n", plural(n, "node", "nodes"), n == 1 ? "falls" : "fall", split);
        fmt::print("    falls back: {}\n", countsText(opCounts(g, r, is(NodeVerdict::FallsBack))));
        const auto cpuUnknown = opCounts(g, r, [](const NodeTargetResult& x) {
            return x.verdict == NodeVerdict::FallsBack && x.cpuVerdict == NodeVerdict::Unknown;
        });
        if (!cpuUnknown.empty())
            fmt::print("    the CPU kernel table does not say for: {}\n", countsText(cpuUnknown));
    }
    if (const int64_t n = r.count(NodeVerdict::Unknown))
        fmt::print(
            "  unknown for {}: {}\n", plural(n, "node", "nodes"), countsText(opCounts(g, r, is(NodeVerdict::Unknown))));
    printExamples(g, r, is(NodeVerdict::Unknown), reason);
    const auto failsAtRunTime = [](const NodeTargetResult& x) { return !x.runtimeFailures.empty(); };
    if (const int64_t n = r.runtimeFailureCount()) {
        fmt::print("  loads, but {} at run time ({})\n", plural(n, "node fails", "nodes fail"),
            countsText(opCounts(g, r, failsAtRunTime)));
        printExamples(g, r, failsAtRunTime, [](const NodeTargetResult& x) { return x.runtimeFailures.front(); });
    }
    if (r.verdict == TargetVerdict::Runs && r.runtimeFailureCount() == 0)
        fmt::print("  {}\n", parser ? "converts entirely" : "loads and runs entirely");
    const auto runs = opCounts(
        g, r, [](const NodeTargetResult& x) { return x.verdict == NodeVerdict::Runs && !x.becomesInitializer; });
    if (!runs.empty())
        fmt::print("    runs: {}\n", countsText(runs));
    const auto folded = opCounts(g, r, [](const NodeTargetResult& x) { return x.becomesInitializer; });
    if (!folded.empty())
        fmt::print("    become initializers when ONNX Runtime loads the model: {}\n", countsText(folded));
    for (const std::string& note : r.fileNotes)
        fmt::print("  note: {}\n", note);
}

nlohmann::json nodeJson(const Graph& g, const NodeTargetResult& n)
{
    const Node& node = g.node(n.node);
    nlohmann::json j { { "name", node.name }, { "op", node.qualifiedOpType() },
        { "verdict", std::string(nodeVerdictName(n.verdict)) }, { "reason", n.reason }, { "conditions", n.conditions },
        { "runtime_failures", n.runtimeFailures } };
    j["becomes_initializer"] = n.becomesInitializer;
    nlohmann::json bodies = nlohmann::json::array();
    for (const BodyTargetResult& b : n.bodies) {
        nlohmann::json body = nlohmann::json::array();
        for (const NodeTargetResult& inner : b.nodes)
            body.push_back(nodeJson(*b.graph, inner));
        bodies.push_back(body);
    }
    j["bodies"] = bodies;
    j["cpu_verdict"] = n.cpuVerdict ? nlohmann::json(std::string(nodeVerdictName(*n.cpuVerdict))) : nlohmann::json();
    j["cpu_reason"] = n.cpuVerdict ? nlohmann::json(n.cpuReason) : nlohmann::json();
    return j;
}

nlohmann::json targetJson(const Graph& g, const TargetReport& r)
{
    nlohmann::json j;
    j["id"] = r.tableId;
    j["title"] = r.title;
    j["kind"] = std::string(targetTableKindName(r.kind));
    j["version"] = r.version;
    j["version_match"] = r.versionMatch;
    j["fallback_table"] = r.fallbackTableId.empty() ? nlohmann::json() : nlohmann::json(r.fallbackTableId);
    j["verdict"] = std::string(targetVerdictName(r.verdict));
    j["file_problem"] = r.fileProblem ? nlohmann::json(*r.fileProblem) : nlohmann::json();
    j["file_notes"] = r.fileNotes;
    j["counts"] = { { "runs", r.count(NodeVerdict::Runs) }, { "falls_back", r.count(NodeVerdict::FallsBack) },
        { "no_kernel", r.count(NodeVerdict::NoKernel) }, { "unknown", r.count(NodeVerdict::Unknown) },
        { "cpu_no_kernel", r.cpuNoKernelCount() }, { "runtime_failures", r.runtimeFailureCount() } };
    if (r.partitions)
        j["partitions"] = { { "total", r.partitions->partitions }, { "provider", r.partitions->providerPartitions },
            { "cpu", r.partitions->cpuPartitions }, { "crossings", r.partitions->crossings },
            { "exact", r.partitions->exact } };
    else
        j["partitions"] = nullptr;
    std::map<std::string, std::map<std::string, int64_t>> ops;
    forEachNodeResult(g, r.nodes, [&](const Graph& graph, const NodeTargetResult& n) {
        ++ops[graph.node(n.node).qualifiedOpType()][std::string(nodeVerdictName(n.verdict))];
    });
    j["op_types"] = ops;
    nlohmann::json nodes = nlohmann::json::array();
    for (const NodeTargetResult& n : r.nodes)
        nodes.push_back(nodeJson(g, n));
    j["nodes"] = nodes;
    return j;
}

int parseArgs(std::span<char* const> args, TargetsArgs& parsed)
{
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        auto value = [&](std::string& out) {
            if (i + 1 >= args.size())
                return false;
            out = args[++i];
            return true;
        };
        if (a == "--json") {
            parsed.json = true;
        } else if (a == "--tables") {
            if (!value(parsed.tablesDir))
                return usageError("--tables needs a folder");
        } else if (a == "--target") {
            std::string id;
            if (!value(id))
                return usageError("--target needs a table id, e.g. --target onnxruntime-cpu");
            parsed.targets.push_back(id);
        } else if (a.starts_with("-") && a.size() > 1) {
            return usageError(fmt::format("unknown option '{}'", a));
        } else if (parsed.model.empty()) {
            parsed.model = a;
        } else {
            return usageError(fmt::format("unexpected argument '{}' (one model at a time)", a));
        }
    }
    return parsed.model.empty() ? usageError("no model given") : 0;
}

int runTargets(std::span<char* const> args)
{
    TargetsArgs parsed;
    if (const int rc = parseArgs(args, parsed))
        return rc;
    const std::filesystem::path dir
        = parsed.tablesDir.empty() ? findTargetTablesDirectory() : std::filesystem::path(parsed.tablesDir);
    if (dir.empty()) {
        fmt::print(
            stderr, "quantscope-cli targets: no support tables found (give --tables DIR or set QS_TARGETS_DIR)\n");
        return 1;
    }
    auto tables = loadTargetTables(dir);
    if (!tables) {
        fmt::print(stderr, "quantscope-cli targets: {}\n", tables.status().toString());
        return 1;
    }
    std::vector<TargetTable> chosen;
    for (const std::string& id : parsed.targets) {
        const auto it = std::find_if(tables->begin(), tables->end(), [&](const TargetTable& t) { return t.id == id; });
        if (it == tables->end()) {
            std::vector<std::string> ids;
            for (const TargetTable& t : *tables)
                ids.push_back(t.id);
            return usageError(fmt::format("no table '{}' in {} (have: {})", id, dir.string(), fmt::join(ids, ", ")));
        }
        chosen.push_back(*it);
    }
    auto loaded = loadModel(parsed.model);
    if (!loaded) {
        fmt::print(stderr, "quantscope-cli targets: {}\n", loaded.status().toString());
        return 1;
    }
    const Model& model = **loaded;
    std::vector<TargetReport> reports;
    // The CPU table an EP falls back to comes from every loaded table, also when --target picks only the EP.
    for (const TargetTable& t : parsed.targets.empty() ? *tables : chosen)
        reports.push_back(classifyModelForTarget(model, t, *tables));
    if (parsed.json) {
        nlohmann::json j;
        j["schema"] = kSchema;
        j["file"] = model.path.string();
        j["tables_dir"] = dir.string();
        j["nodes"] = model.graph().nodes().size();
        j["body_nodes"] = model.graph().totalNodeCount() - model.graph().nodes().size();
        nlohmann::json targets = nlohmann::json::array();
        for (const TargetReport& r : reports)
            targets.push_back(targetJson(model.graph(), r));
        j["targets"] = targets;
        fmt::print("{}\n", j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else {
        const size_t bodyNodes = model.graph().totalNodeCount() - model.graph().nodes().size();
        fmt::print("{}: {} nodes{}; tables from {}\n\n", model.displayName(), model.graph().nodes().size(),
            bodyNodes ? fmt::format(" and {} in If/Loop/Scan bodies", bodyNodes) : std::string(), dir.string());
        for (const TargetReport& r : reports) {
            printTarget(model.graph(), r);
            fmt::print("\n");
        }
        fmt::print("Verdicts come from the published operator lists (see each table's source); 'unknown' means the\n"
                   "source does not say. Run with --json for every node and reason.\n");
    }
    std::fflush(stdout);
    return 0;
}

void printTargetsHelp()
{
    fmt::print(
        "Usage: quantscope-cli targets MODEL [--json] [--tables DIR] [--target ID]...\n\n"
        "For each deployment target (ONNX Runtime's CPU provider, its mobile reduced build, the CoreML, NNAPI,\n"
        "XNNPACK and QNN providers, TensorRT's ONNX parser, OpenVINO's ONNX frontend), classifies every node of\n"
        "the model, If/Loop/Scan bodies included: it runs there, falls back to ONNX Runtime's CPU provider (counted in "
        "partitions and the\n"
        "copies between them), has no kernel (the model fails to load, or the conversion fails), or is unknown\n"
        "(the source does not say). Facts come from versioned tables read from each project's operator lists.\n\n"
        "Options:\n"
        "  --json        one JSON object on stdout (schema: TARGETS_JSON.md, \"quantscope.targets/2\")\n"
        "  --tables DIR  the support tables; default: $QS_TARGETS_DIR, else <exe>/../share/quantscope/targets,\n"
        "                else the source tree's resources/targets\n"
        "  --target ID   only this table (repeatable), e.g. onnxruntime-coreml-mlprogram\n\n"
        "Exit code 0 whatever the verdicts; 1 when the model or a table cannot be read; 2 on usage errors.\n");
}

} // namespace

extern const Command kTargetsCommand { "targets",
    "where a model runs, falls back to the CPU provider, or fails to load, per deployment target", runTargets,
    printTargetsHelp };

} // namespace qs::cli
