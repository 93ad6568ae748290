// SPDX-License-Identifier: MIT
// Findings about the models themselves: networks that differ, operators the engine lacks, node-count growth.
#include "measure/diagnoser.h"

#include <quantscope/engine/network_identity.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

namespace qs::diagnosis_detail {

void Diagnoser::unsupportedOperators()
{
    std::vector<Line> evidence;
    for (const ScenarioRecord& s : m_run.scenarios) {
        if (s.status != ScenarioStatus::Failed || s.unsupportedOps.empty())
            continue;
        // The full list is in the scenario's error; ten names say enough here.
        const size_t shown = std::min<size_t>(s.unsupportedOps.size(), 10);
        const std::string ops = fmt::format("{}",
            fmt::join(s.unsupportedOps.begin(), s.unsupportedOps.begin() + static_cast<std::ptrdiff_t>(shown), ", "));
        std::string text = fmt::format("{}: {}", s.label(), ops);
        if (shown < s.unsupportedOps.size())
            text += fmt::format(" and {} more", s.unsupportedOps.size() - shown);
        if (std::none_of(evidence.begin(), evidence.end(), [&](const Line& l) { return l.text == text; }))
            evidence.push_back(line("unsupported-ops",
                with(scenarioArgs(s), { { "ops", ops }, { "more", count(s.unsupportedOps.size() - shown) } }),
                std::move(text)));
    }
    if (evidence.empty())
        return;
    add("unsupported-operators", FindingSeverity::Critical,
        "some models use operators the engine does not implement, so they were not measured", std::move(evidence),
        "Those scenarios have no numbers. Time the model in ONNX Runtime and import its profile "
        "(quantscope-cli import-ort-profile) to compare, or re-export the model without these operators.");
}

void Diagnoser::opCountGrowth()
{
    std::set<std::pair<std::string, std::string>> seen; // the node counts are the files', whatever runtime ran them
    for (const ComparisonRecord& c : m_run.comparisons) {
        if (c.threads != primaryThreads(c.candidateModel) || c.mode != primaryMode(c.candidateModel))
            continue;
        if (!seen.insert({ c.baselineModel, c.candidateModel }).second)
            continue;
        const ModelRecord* b = m_run.model(c.baselineModel);
        const ModelRecord* q = m_run.model(c.candidateModel);
        if (!b || !q || b->nodeCount == 0)
            continue;
        const double growth = double(q->nodeCount) / double(b->nodeCount);
        if (growth < m_t.opGrowthInfo)
            continue;
        std::vector<std::pair<int64_t, std::string>> added;
        for (const auto& [op, n] : q->opCounts) {
            const int64_t d = n - b->opCount(op);
            if (d > 0)
                added.emplace_back(d, op);
        }
        std::sort(added.rbegin(), added.rend());
        std::string addedText;
        for (size_t i = 0; i < added.size() && i < 6; ++i)
            addedText += fmt::format("{}{} +{}", i ? ", " : "", added[i].second, added[i].first);
        std::vector<Line> ev { line("node-counts",
            { { "baselineNodes", b->nodeCount }, { "baseline", b->id }, { "candidateNodes", q->nodeCount },
                { "candidate", q->id }, { "growth", growth } },
            fmt::format("{} nodes ({}) -> {} nodes ({}): {:.2f}x", b->nodeCount, b->id, q->nodeCount, q->id, growth)) };
        if (!addedText.empty())
            ev.push_back(line("added-ops", { { "ops", addedText } }, "added: " + addedText));
        add("op-count-growth", growth >= m_t.opGrowthWarning ? FindingSeverity::Warning : FindingSeverity::Info,
            fmt::format("quantization multiplied the node count by {:.1f}", growth), std::move(ev),
            "Every extra node is a kernel launch and a pass over an activation in memory. Unless the runtime "
            "fuses the added quantization nodes into integer kernels, these passes can cost more than the int8 "
            "arithmetic saves.",
            { { "growth", growth }, { "baseline", b->id }, { "candidate", q->id } });
    }
}

int32_t Diagnoser::primaryThreads(const std::string& candidate) const
{
    const ComparisonRecord* c = comparisonFor(m_run, candidate);
    return c ? c->threads : -1;
}

std::optional<ExecutionMode> Diagnoser::primaryMode(const std::string& candidate) const
{
    const ComparisonRecord* c = comparisonFor(m_run, candidate);
    return c ? std::optional<ExecutionMode>(c->mode) : std::nullopt;
}

// Before any verdict: a quantized model whose FP32 partner is another network is not compared (or, when the
// user insisted, compared with this warning on top).
void Diagnoser::differentNetworks()
{
    for (const NetworkMismatch& mm : networkMismatches(m_run)) {
        std::vector<Line> ev;
        for (const NetworkDifference& d : mm.differences)
            ev.push_back(line(d.kind, d.args, d.text));
        const bool compared = m_run.config.allowDifferentNetworks;
        const MessageArgs args { { "baseline", mm.baselineModel }, { "candidate", mm.candidateModel },
            { "variant", std::string(compared ? "compared" : "refused") } };
        add("different-networks", compared ? FindingSeverity::Warning : FindingSeverity::Critical,
            fmt::format("{} and {} are not the same network, {}", mm.baselineModel, mm.candidateModel,
                compared ? "but were compared as asked" : "so they were not compared"),
            std::move(ev),
            compared ? "The speedup and the findings compare two different networks, not FP32 with its "
                       "quantization. Measure the FP32 model this INT8 model was made from for a verdict about "
                       "quantization."
                     : "Open the FP32 model this INT8 model was made from. To compare these two anyway, run "
                       "with --allow-different-networks (in the app: Benchmark \u2192 Compare Anyway).",
            args);
    }
}

} // namespace qs::diagnosis_detail
