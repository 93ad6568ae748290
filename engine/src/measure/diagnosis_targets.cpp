// SPDX-License-Identifier: MIT
// Findings about deployment targets: where a file will load, fall back or fail.
#include "measure/diagnoser.h"

#include <quantscope/engine/network_identity.h>
#include <quantscope/engine/targets.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace qs::diagnosis_detail {

/// One finding per model and deployment target where some node cannot load, falls back or fails at run time
/// (the summaries in the model records, from the support tables of resources/targets).
void Diagnoser::deploymentTargets()
{
    for (const ModelRecord& m : m_run.models) {
        if (!m.targets)
            continue;
        for (const TargetSummary& t : *m.targets)
            if (t.hasNodeProblems())
                deploymentTarget(m, t);
    }
}

void Diagnoser::deploymentTarget(const ModelRecord& m, const TargetSummary& t)
{
    const bool parser = t.kind == TargetTableKind::ParserSupportList;
    // The worst problem names the finding; the evidence lists every one.
    std::string variant = "falls-back";
    TargetProblemKind headline = TargetProblemKind::FallsBack;
    if (t.noKernel > 0) {
        variant = parser ? "conversion-fails" : "cannot-load";
        headline = TargetProblemKind::NoKernel;
    } else if (t.cpuNoKernel > 0) {
        variant = "cpu-no-kernel";
        headline = TargetProblemKind::CpuNoKernel;
    } else if (t.runtimeFailures > 0) {
        variant = "fails-at-run-time";
        headline = TargetProblemKind::FailsAtRunTime;
    }
    int64_t nodes = 0;
    std::vector<std::string> ops;
    for (const TargetOpProblem& p : t.problems)
        if (p.kind == headline) {
            nodes += p.nodes;
            ops.push_back(fmt::format("{} {}", p.nodes, p.opType));
        }
    const std::string opsText = fmt::format("{}", fmt::join(ops, ", "));
    const MessageArgs args { { "variant", variant }, { "model", m.id }, { "target", t.title }, { "table", t.tableId },
        { "version", t.version }, { "nodes", nodes }, { "ops", opsText } };
    std::string title;
    if (variant == "cannot-load")
        title = fmt::format("{} cannot load in {}, version {}: {} node(s) have no kernel there ({})", m.id, t.title,
            t.version, nodes, opsText);
    else if (variant == "conversion-fails")
        title = fmt::format("{} cannot be converted by {}, version {}: {} node(s) are not supported ({})", m.id,
            t.title, t.version, nodes, opsText);
    else if (variant == "cpu-no-kernel")
        title = fmt::format("{} cannot load on {}, version {}: {} node(s) fall back to the CPU provider, which has no "
                            "kernel for them either ({})",
            m.id, t.title, t.version, nodes, opsText);
    else if (variant == "fails-at-run-time")
        title
            = fmt::format("{} loads on {}, version {}, but {} node(s) break a restriction of the table and fail at run "
                          "time ({})",
                m.id, t.title, t.version, nodes, opsText);
    else
        title = fmt::format("on {}, version {}, {} node(s) of {} fall back to the CPU provider ({})", t.title,
            t.version, nodes, m.id, opsText);

    std::vector<Line> ev { line("table",
        { { "table", t.tableId }, { "version", t.version }, { "versionMatch", t.versionMatch } },
        fmt::format("table {}, version {} ({})", t.tableId, t.version, t.versionMatch)) };
    for (const TargetOpProblem& p : t.problems) {
        std::string examples;
        for (const std::string& name : p.examples)
            examples += fmt::format("{}'{}'", examples.empty() ? "" : ", ", name);
        const MessageArgs a { { "op", p.opType }, { "nodes", p.nodes }, { "examples", examples } };
        if (p.kind == TargetProblemKind::NoKernel && parser)
            ev.push_back(line("unsupported", a,
                fmt::format("{}: {} node(s) the parser does not support, first {}", p.opType, p.nodes, examples)));
        else if (p.kind == TargetProblemKind::NoKernel)
            ev.push_back(line(
                "no-kernel", a, fmt::format("{}: {} node(s) without a kernel, first {}", p.opType, p.nodes, examples)));
        else if (p.kind == TargetProblemKind::CpuNoKernel)
            ev.push_back(line("cpu-no-kernel", a,
                fmt::format("{}: {} node(s) the CPU provider has no kernel for either, first {}", p.opType, p.nodes,
                    examples)));
        else if (p.kind == TargetProblemKind::FallsBack)
            ev.push_back(line("falls-back", a,
                fmt::format("{}: {} node(s) fall back to the CPU provider, first {}", p.opType, p.nodes, examples)));
        else
            ev.push_back(line("fails-at-run-time", a,
                fmt::format("{}: {} node(s) fail at run time, first {}", p.opType, p.nodes, examples)));
    }
    if (t.partitions && t.fallsBack > 0) {
        const PartitionSummary& p = *t.partitions;
        const MessageArgs a { { "partitions", p.partitions }, { "provider", p.providerPartitions },
            { "cpu", p.cpuPartitions }, { "copies", p.crossings }, { "unknown", t.unknown } };
        const std::string text = fmt::format("the fallbacks split the graph into {} partitions ({} on the "
                                             "provider, {} on the CPU), with {} copies between them",
            p.partitions, p.providerPartitions, p.cpuPartitions, p.crossings);
        ev.push_back(p.exact
                ? line("partitions", a, text)
                : line("partitions-approximate", a,
                    fmt::format("{}, not counting {} node(s) the table says nothing about", text, t.unknown)));
    }
    if (t.fileProblem) {
        // The format and the accepted ones as values let the GUI translate the sentence (absent before they
        // were stored: then it shows the engine's English problem).
        MessageArgs a { { "problem", *t.fileProblem } };
        if (t.fileFormat) {
            a["format"] = t.fileFormat->format;
            a["accepted"] = fmt::format("{}", fmt::join(t.fileFormat->accepted, ", "));
        }
        ev.push_back(line("file-format", std::move(a), "also: " + *t.fileProblem));
    }
    if (t.unknown > 0)
        ev.push_back(line("unknown", { { "nodes", t.unknown } },
            fmt::format("the table does not say for {} more node(s)", t.unknown)));
    sameNetworkOnTarget(m, t, ev);
    add("deployment-target", variant == "falls-back" ? FindingSeverity::Info : FindingSeverity::Warning,
        std::move(title), std::move(ev), deploymentAdvice(variant), args);
}

/// How the other files of the same network in this run fare on the target ("a QDQ file maps to ...").
void Diagnoser::sameNetworkOnTarget(const ModelRecord& m, const TargetSummary& t, std::vector<Line>& ev) const
{
    for (const ModelRecord& other : m_run.models) {
        if (&other == &m || !other.targets)
            continue;
        const NetworkMatch same = m.isQuantized() ? matchNetworks(other, m) : matchNetworks(m, other);
        if (!same.known || !same.differences.empty())
            continue;
        for (const TargetSummary& o : *other.targets) {
            if (o.tableId != t.tableId)
                continue;
            ev.push_back(line("same-network",
                { { "model", other.id }, { "format", std::string(quantFormatName(other.format)) }, { "runs", o.runs },
                    { "fallsBack", o.fallsBack }, { "cannotLoad", o.noKernel + o.cpuNoKernel },
                    { "unknown", o.unknown } },
                fmt::format("{} ({}), the same network: {} node(s) run there, {} fall back to the CPU provider, "
                            "{} cannot load, {} unknown",
                    other.id, quantFormatName(other.format), o.runs, o.fallsBack, o.noKernel + o.cpuNoKernel,
                    o.unknown)));
        }
    }
}

std::string Diagnoser::deploymentAdvice(const std::string& variant)
{
    if (variant == "falls-back")
        return "A provider runs only the operators it supports; ONNX Runtime hands the rest to its CPU provider "
               "and copies tensors at every boundary between the two, so a few unsupported operator types can "
               "cost more than the provider gains. Use operators the target lists, or measure on the device "
               "with and without the provider. 'quantscope-cli targets MODEL' lists every node and why.";
    if (variant == "conversion-fails")
        return "The parser stops at the first operator it does not support, so no engine is built from this "
               "file. Export the network with operators the parser lists. 'quantscope-cli targets MODEL' lists "
               "every node and why.";
    if (variant == "fails-at-run-time")
        return "The session is created, but running these nodes fails on the restriction the table states. "
               "Quantize so the nodes meet it (for ConvInteger: per-tensor zero points), or use another format. "
               "'quantscope-cli targets MODEL' lists every node and why.";
    if (variant == "cpu-no-kernel")
        return "Creating a session fails ('Could not find an implementation for ...'): the provider rejects these "
               "nodes, and ONNX Runtime's CPU provider, which runs what a provider rejects, has no kernel for them "
               "either. Quantize in a format both have kernels for, or deploy a build that includes them. "
               "'quantscope-cli targets MODEL' lists every node and why.";
    return "Creating a session fails ('Could not find an implementation for ...'): this build has no kernel for "
           "these nodes. Quantize in a format the build has kernels for, or deploy a build that includes them (a "
           "full package, or a reduced build made for this model). 'quantscope-cli targets MODEL' lists every "
           "node and why.";
}

} // namespace qs::diagnosis_detail
