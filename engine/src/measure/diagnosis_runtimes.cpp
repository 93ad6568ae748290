// SPDX-License-Identifier: MIT
// Findings about ONNX Runtime beside the engine: its setup, and where the two runtimes differ.
#include "measure/diagnoser.h"

#include <quantscope/engine/op_type_comparison.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>

namespace qs::diagnosis_detail {

// The checklist users go through when INT8 is slow in ONNX Runtime, from what the adapter reported.
void Diagnoser::onnxruntimeSetup()
{
    const ScenarioRecord* first = nullptr;
    std::set<std::string> levels, threads;
    std::vector<Line> sessions;
    for (const ScenarioRecord& s : m_run.scenarios) {
        if (!s.runtimeInfo)
            continue;
        const RuntimeInfo& i = *s.runtimeInfo;
        if (!first)
            first = &s;
        levels.insert(i.graphOptimizationLevel);
        threads.insert(fmt::format("{}/{}", i.intraOpThreads, i.interOpThreads));
        const std::string providers = fmt::format("{}", fmt::join(i.sessionProviders, ", "));
        sessions.push_back(line("session",
            with(scenarioArgs(s),
                { { "level", i.graphOptimizationLevel }, { "intra", int64_t(i.intraOpThreads) },
                    { "inter", int64_t(i.interOpThreads) }, { "providers", providers } }),
            fmt::format("{}: graph optimization {}, {} intra-op / {} inter-op threads, provider {}", s.label(),
                i.graphOptimizationLevel, i.intraOpThreads, i.interOpThreads, providers)));
    }
    if (!first)
        return;
    const RuntimeInfo& info = *first->runtimeInfo;
    const bool dot = m_run.machine.hasInt8DotProduct();
    const std::string available = fmt::format("{}", fmt::join(info.availableProviders, ", "));
    const std::string features
        = info.cpuInt8Features.empty() ? std::string("none") : fmt::format("{}", fmt::join(info.cpuInt8Features, ", "));
    const std::string levelText = fmt::format("{}", fmt::join(levels, ", "));
    std::vector<Line> ev;
    ev.push_back(line("build-providers",
        { { "version", info.version }, { "adapter", info.adapter }, { "host", info.host }, { "providers", available } },
        fmt::format("ONNX Runtime {} ({} adapter, {}): execution providers in this build: {}", info.version,
            info.adapter, info.host, available)));
    for (Line& l : sessions)
        ev.push_back(std::move(l));
    ev.push_back(line("cpu-int8", { { "features", features }, { "dotProduct", flag(dot) } },
        fmt::format("CPU INT8 features: {}{}", features,
            dot ? "" : " (no VNNI, AMX or dotprod: no INT8 dot-product instructions)")));
    add("onnxruntime-setup", dot ? FindingSeverity::Info : FindingSeverity::Warning,
        fmt::format("ONNX Runtime {} ran with graph optimizations {} on its CPU provider; this CPU {} INT8 "
                    "dot-product instructions",
            info.version, levelText, dot ? "has" : "lacks"),
        std::move(ev),
        dot ? "ONNX Runtime's CPU provider uses these instructions for ConvInteger, MatMulInteger and fused QDQ "
              "convolutions. If INT8 is still slow there, compare the time per op type: unfused conversion ops "
              "(DynamicQuantizeLinear, Cast, Mul) and graph optimizations 'disabled' are the usual causes; "
              "deploy with ORT_ENABLE_ALL and the thread count you measured."
            : "Without VNNI, AMX or dotprod, ONNX Runtime's INT8 kernels add u8*s8 products in pairs into 16-bit "
              "sums and gain little over FP32 code. Measure on the deployment CPU, or keep FP32 on this one; "
              "deploy with ORT_ENABLE_ALL so QDQ groups are fused.",
        { { "version", info.version }, { "levels", levelText },
            { "variant", dot ? "dot-product" : "no-dot-product" } });
}

// The same FP32/INT8 pair measured by both runtimes, with speedup intervals that do not overlap: say so, and
// which op types of the quantized model account for the difference.
void Diagnoser::runtimeDifference()
{
    for (const ComparisonRecord& o : m_run.comparisons) {
        if (o.runtime != Runtime::OnnxRuntime)
            continue;
        for (const ComparisonRecord& q : m_run.comparisons) {
            if (q.runtime != Runtime::Quantscope || q.baselineModel != o.baselineModel
                || q.candidateModel != o.candidateModel || q.threads != o.threads || q.mode != o.mode)
                continue;
            if (!(q.speedup.low > o.speedup.high || o.speedup.low > q.speedup.high))
                continue;
            const ScenarioRecord* os = m_run.scenario(o.candidateModel, o.threads, o.mode, Runtime::OnnxRuntime);
            const ScenarioRecord* qs = m_run.scenario(q.candidateModel, q.threads, q.mode, Runtime::Quantscope);
            const std::string version = os && os->runtimeInfo ? os->runtimeInfo->version : std::string("(imported)");
            std::vector<Line> ev { speedupLine("onnxruntime-speedup", o, "ONNX Runtime: "),
                speedupLine("quantscope-speedup", q, "Quantscope: ") };
            if (os && qs && os->profile && qs->profile) {
                const OpTypeTimeComparison d = compareOpTypeTimes(*os->profile, *qs->profile);
                for (size_t i = 0; i < d.rows.size() && i < 3; ++i) {
                    const OpTypeTimeDelta& r = d.rows[i];
                    ev.push_back(line("op-type",
                        { { "model", q.candidateModel }, { "op", r.displayName() }, { "onnxruntimeMs", r.baselineMs },
                            { "quantscopeMs", r.candidateMs } },
                        fmt::format("{} in {}: {:.1f} ms per run in ONNX Runtime vs {:.1f} ms in Quantscope",
                            r.displayName(), q.candidateModel, r.baselineMs, r.candidateMs)));
                }
            }
            add("runtime-difference", FindingSeverity::Info,
                fmt::format("{} is {:.2f}x against {} in ONNX Runtime {} but {:.2f}x in Quantscope ({}, {})",
                    q.candidateModel, o.speedup.speedup, q.baselineModel, version, q.speedup.speedup,
                    threadsText(q.threads), executionModeName(q.mode)),
                std::move(ev),
                "Both runtimes ran the same files on the same inputs with the same threads; the difference is "
                "in how each executes them. The op types listed carry most of it. Fused quantization "
                "boundaries and integer dot-product kernels decide who wins; the onnxruntime-setup finding "
                "lists ONNX Runtime's settings.",
                { { "candidate", q.candidateModel }, { "baseline", q.baselineModel },
                    { "onnxruntimeSpeedup", o.speedup.speedup }, { "quantscopeSpeedup", q.speedup.speedup },
                    { "version", version }, { "threads", int64_t(q.threads) },
                    { "mode", std::string(executionModeName(q.mode)) } });
        }
    }
}

} // namespace qs::diagnosis_detail
