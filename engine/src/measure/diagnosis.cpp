// SPDX-License-Identifier: MIT
// The diagnosis: its rules' catalogue, the order they run in, and the helpers their evidence lines share. The rules
// themselves are in diagnosis_*.cpp, by subject.
#include "measure/diagnoser.h"

#include <quantscope/engine/diagnosis.h>

#include <fmt/format.h>

#include <algorithm>

namespace qs {

namespace diagnosis_detail {

std::string speedupText(const ComparisonRecord& c)
{
    return fmt::format("{}: {:.2f}x (95% CI {:.2f}-{:.2f}) vs {}, {}, {}{}", c.candidateModel, c.speedup.speedup,
        c.speedup.low, c.speedup.high, c.baselineModel, threadsText(c.threads), executionModeName(c.mode),
        c.runtime == Runtime::Quantscope ? std::string() : fmt::format(", {}", runtimeName(c.runtime)));
}

std::string pct(double share)
{
    return fmt::format("{:.1f}%", share * 100.0);
}

int64_t count(size_t n)
{
    return static_cast<int64_t>(n);
}

MessageArgs scenarioArgs(const ScenarioRecord& s)
{
    return { { "model", s.modelId }, { "threads", int64_t(s.threads) },
        { "mode", std::string(executionModeName(s.mode)) }, { "runtime", std::string(runtimeName(s.runtime)) } };
}

MessageArgs comparisonArgs(const ComparisonRecord& c)
{
    return { { "candidate", c.candidateModel }, { "baseline", c.baselineModel }, { "speedup", c.speedup.speedup },
        { "low", c.speedup.low }, { "high", c.speedup.high }, { "threads", int64_t(c.threads) },
        { "mode", std::string(executionModeName(c.mode)) }, { "runtime", std::string(runtimeName(c.runtime)) } };
}

MessageArgs with(MessageArgs a, const MessageArgs& b)
{
    for (const auto& [k, v] : b)
        a.insert_or_assign(k, v);
    return a;
}

int64_t flag(bool b)
{
    return b ? 1 : 0;
}

Line line(std::string kind, MessageArgs args, std::string text)
{
    return { std::move(text), { std::move(kind), std::move(args) } };
}

Line speedupLine(std::string kind, const ComparisonRecord& c, std::string_view prefix)
{
    return line(std::move(kind), comparisonArgs(c), std::string(prefix) + speedupText(c));
}

bool isX86(const SystemInfo& m)
{
    return m.architecture == "x86_64" || m.architecture == "i386";
}

const ComparisonRecord* comparisonFor(const RunRecord& r, const std::string& candidate)
{
    const ComparisonRecord* best = nullptr;
    for (const ComparisonRecord& c : r.comparisons) {
        if (c.candidateModel != candidate)
            continue;
        if (!best || (c.threads == 1 && c.mode == ExecutionMode::Optimized))
            best = &c;
    }
    return best;
}

double opTypeMs(const ProfileReport& p, std::string_view op)
{
    for (const OpTypeProfile& t : p.opTypes)
        if (t.opType == op)
            return t.meanMs;
    return 0;
}

std::vector<Finding> Diagnoser::run()
{
    differentNetworks();
    unsupportedOperators();
    referenceKernels();
    dynamicQuantizedConvolutions();
    quantizationOverhead();
    noInt8DotProduct();
    int8DotProductUnused();
    qoperatorSignedActivations();
    opCountGrowth();
    unfusedBoundaries();
    threadSensitivity();
    saturationRisk();
    tinyModel();
    noisyMeasurements();
    inconclusiveSpeedup();
    onnxruntimeSetup();
    runtimeDifference();
    deploymentTargets();
    partialRun();
    std::stable_sort(m_out.begin(), m_out.end(),
        [](const Finding& a, const Finding& b) { return int(a.severity) > int(b.severity); });
    return std::move(m_out);
}

void Diagnoser::add(
    std::string id, FindingSeverity s, std::string title, std::vector<Line> lines, std::string advice, MessageArgs args)
{
    Finding f { std::move(id), s, std::move(title), {}, std::move(advice), std::move(args), {} };
    for (Line& l : lines) {
        f.evidence.push_back(std::move(l.text));
        f.evidenceLines.push_back(std::move(l.structured));
    }
    m_out.push_back(std::move(f));
}

} // namespace diagnosis_detail

using diagnosis_detail::Diagnoser;

const ComparisonRecord* primaryComparison(const RunRecord& record)
{
    // The engine's own measurement first; an imported ONNX Runtime comparison speaks when it is the only one.
    for (const ComparisonRecord& c : record.comparisons)
        if (c.threads == 1 && c.mode == ExecutionMode::Optimized && c.runtime == Runtime::Quantscope)
            return &c;
    for (const ComparisonRecord& c : record.comparisons)
        if (c.runtime == Runtime::Quantscope)
            return &c;
    for (const ComparisonRecord& c : record.comparisons)
        if (c.threads == 1 && c.mode == ExecutionMode::Optimized)
            return &c;
    return record.comparisons.empty() ? nullptr : &record.comparisons.front();
}

const std::vector<DiagnosisRule>& diagnosisRules()
{
    static const std::vector<DiagnosisRule> rules {
        { "different-networks", { "refused", "compared" }, { "inputs", "outputs", "layer-count", "layer-order" } },
        { "unsupported-operators", {}, { "unsupported-ops" } },
        { "reference-kernel", {}, { "reference-node", "reference-more" } },
        { "dynamic-quantized-convolutions", { "fused", "separate" },
            { "op-counts", "quantize-time", "measured-speedup", "convolution-time" } },
        { "quantization-overhead", {}, { "overhead-total", "overhead-op" } },
        { "no-int8-dot-product", { "x86", "arm" },
            { "isa-x86", "isa-arm", "onednn-isa", "measured-speedup", "expected-gain" } },
        { "int8-dot-product-unused", {}, { "isa-vnni", "onednn-isa" } },
        { "qoperator-signed-activations", {}, { "signed-nodes" } },
        { "op-count-growth", {}, { "node-counts", "added-ops" } },
        { "unfused-boundaries", { "quantized", "float" }, { "medians" } },
        { "thread-sensitivity", {}, { "speedup" } },
        { "saturation-risk", {}, { "no-vnni", "onednn-limited", "parity" } },
        { "tiny-model", {}, { "fp32-median", "macs" } },
        { "noisy-measurements", {}, { "noisy-scenario" } },
        { "inconclusive-speedup", {}, { "speedup" } },
        { "partial-run", {}, { "partial-scenario", "stopped-early" } },
        { "onnxruntime-setup", { "dot-product", "no-dot-product" }, { "build-providers", "session", "cpu-int8" } },
        { "runtime-difference", {}, { "onnxruntime-speedup", "quantscope-speedup", "op-type" } },
        { "deployment-target",
            { "cannot-load", "conversion-fails", "cpu-no-kernel", "fails-at-run-time", "falls-back" },
            { "table", "no-kernel", "unsupported", "cpu-no-kernel", "falls-back", "fails-at-run-time", "partitions",
                "partitions-approximate", "file-format", "unknown", "same-network" } },
    };
    return rules;
}

std::vector<Finding> diagnoseRun(const RunRecord& record, const DiagnosisThresholds& thresholds)
{
    return Diagnoser(record, thresholds).run();
}

bool rederiveFindingsStoredAsText(RunRecord& record, const DiagnosisThresholds& thresholds)
{
    if (!record.findingsAsText)
        return false;
    // Every rule reads only what the run file stores (measurements, profiles, comparisons, models); rules newer than
    // the file find their inputs absent and stay silent.
    record.findings = diagnoseRun(record, thresholds);
    record.findingsAsText = false;
    record.findingsRederived = true;
    return true;
}

} // namespace qs
