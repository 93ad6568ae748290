// SPDX-License-Identifier: MIT
#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/network_identity.h>
#include <quantscope/engine/op_type_comparison.h>
#include <quantscope/engine/targets.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace qs {

namespace {

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

// The values a front end needs to write a scenario's label ("yolov5nu_fp32 · 1 thread · optimized") itself.
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

// An evidence line: the English text and the same content as values.
struct Line
{
    std::string text;
    EvidenceLine structured;
};

Line line(std::string kind, MessageArgs args, std::string text)
{
    return { std::move(text), { std::move(kind), std::move(args) } };
}

Line speedupLine(std::string kind, const ComparisonRecord& c, std::string_view prefix = {})
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

class Diagnoser
{
public:
    Diagnoser(const RunRecord& r, const DiagnosisThresholds& t)
        : m_run(r)
        , m_t(t)
    { }

    std::vector<Finding> run()
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

private:
    void add(std::string id, FindingSeverity s, std::string title, std::vector<Line> lines, std::string advice,
        MessageArgs args = {})
    {
        Finding f { std::move(id), s, std::move(title), {}, std::move(advice), std::move(args), {} };
        for (Line& l : lines) {
            f.evidence.push_back(std::move(l.text));
            f.evidenceLines.push_back(std::move(l.structured));
        }
        m_out.push_back(std::move(f));
    }

    /// Nodes whose step ran a reference (unvectorised) kernel, with their measured cost: one finding per model, from
    /// its first profiled scenario that has any.
    void referenceKernels()
    {
        constexpr size_t kMaxNodeLines = 10;
        std::vector<std::string> seen;
        for (const ScenarioRecord& s : m_run.scenarios) {
            if (!s.profile || std::find(seen.begin(), seen.end(), s.modelId) != seen.end())
                continue;
            std::vector<const NodeProfile*> nodes;
            double ms = 0, share = 0;
            for (const NodeProfile& n : s.profile->nodes)
                if (n.referenceKernel) {
                    nodes.push_back(&n);
                    ms += n.meanMs;
                    share += n.share;
                }
            if (nodes.empty())
                continue;
            seen.push_back(s.modelId);
            std::vector<Line> ev;
            for (size_t i = 0; i < nodes.size() && i < kMaxNodeLines; ++i) {
                const NodeProfile& n = *nodes[i];
                ev.push_back(line("reference-node",
                    with(scenarioArgs(s),
                        { { "node", n.nodeName }, { "opType", n.opType }, { "implementation", n.implementation },
                            { "ms", n.meanMs }, { "share", n.share } }),
                    fmt::format("{}: node '{}' ({}) ran {}: {:.3f} ms per run ({} of kernel time)", s.label(),
                        n.nodeName, n.opType, n.implementation, n.meanMs, pct(n.share))));
            }
            if (nodes.size() > kMaxNodeLines) {
                double restMs = 0;
                for (size_t i = kMaxNodeLines; i < nodes.size(); ++i)
                    restMs += nodes[i]->meanMs;
                ev.push_back(
                    line("reference-more", { { "nodes", count(nodes.size() - kMaxNodeLines) }, { "ms", restMs } },
                        fmt::format("{} more node(s): {:.3f} ms per run", nodes.size() - kMaxNodeLines, restMs)));
            }
            add("reference-kernel", share >= 0.3 ? FindingSeverity::Critical : FindingSeverity::Warning,
                fmt::format("{} runs {} node(s) on slow reference kernels, {:.3f} ms per run ({} of its kernel time)",
                    s.modelId, nodes.size(), ms, pct(share)),
                std::move(ev),
                "These nodes ran a reference implementation (oneDNN's ref:..., or the engine's scalar loops), often "
                "10-100x slower than a vectorised kernel: the measurement shows the fallback, not what the CPU can do. "
                "'quantscope-cli plan MODEL --run' shows each step's kernel, formats and fused post-ops; compare with "
                "the ISA capped (DNNL_MAX_CPU_ISA=AVX2) and report the model.",
                { { "model", s.modelId }, { "nodes", count(nodes.size()) }, { "ms", ms }, { "share", share } });
        }
    }

    void unsupportedOperators()
    {
        std::vector<Line> evidence;
        for (const ScenarioRecord& s : m_run.scenarios) {
            if (s.status != ScenarioStatus::Failed || s.unsupportedOps.empty())
                continue;
            // The full list is in the scenario's error; ten names say enough here.
            const size_t shown = std::min<size_t>(s.unsupportedOps.size(), 10);
            const std::string ops = fmt::format("{}",
                fmt::join(
                    s.unsupportedOps.begin(), s.unsupportedOps.begin() + static_cast<std::ptrdiff_t>(shown), ", "));
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

    void dynamicQuantizedConvolutions()
    {
        for (const ModelRecord& m : m_run.models) {
            const int64_t dql = m.opCount("DynamicQuantizeLinear");
            const int64_t convInt = m.opCount("ConvInteger");
            if (dql == 0 || convInt == 0)
                continue;
            std::vector<Line> ev { line("op-counts",
                { { "model", m.id }, { "dynamicQuantizeLinear", dql }, { "convInteger", convInt },
                    { "cast", m.opCount("Cast") }, { "mul", m.opCount("Mul") }, { "nodes", m.nodeCount } },
                fmt::format("{}: {} DynamicQuantizeLinear, {} ConvInteger, {} Cast, {} Mul nodes ({} nodes in total)",
                    m.id, dql, convInt, m.opCount("Cast"), m.opCount("Mul"), m.nodeCount)) };
            for (const ScenarioRecord& s : m_run.scenarios) {
                if (s.modelId != m.id || !s.profile)
                    continue;
                double ms = 0;
                for (const OpTypeProfile& t : s.profile->opTypes)
                    if (t.opType == "DynamicQuantizeLinear")
                        ms += t.meanMs;
                if (ms > 0)
                    ev.push_back(line("quantize-time",
                        with(scenarioArgs(s),
                            { { "ms", ms }, { "totalMs", s.profile->totalMs }, { "share", ms / s.profile->totalMs } }),
                        fmt::format("{}: DynamicQuantizeLinear takes {:.2f} ms of {:.2f} ms per run ({})", s.label(),
                            ms, s.profile->totalMs, pct(ms / s.profile->totalMs))));
            }
            const ComparisonRecord* c = comparisonFor(m_run, m.id);
            // The engine's optimized mode fuses ConvInteger -> Cast -> Mul [-> Add] into one step; as written (and in
            // ONNX Runtime) they run as separate kernels, so the finding describes the execution that was measured.
            bool fused = false;
            if (c) {
                fused = c->runtime == Runtime::Quantscope && c->mode == ExecutionMode::Optimized;
            } else {
                bool any = false;
                fused = true;
                for (const ScenarioRecord& s : m_run.scenarios) {
                    if (s.modelId != m.id || !s.hasSamples())
                        continue;
                    any = true;
                    fused = fused && s.runtime == Runtime::Quantscope && s.mode == ExecutionMode::Optimized;
                }
                fused = fused && any;
            }
            if (c) {
                ev.push_back(speedupLine("measured-speedup", *c, "measured speedup "));
                // The integer convolutions against the float ones they replace, when both runs were profiled.
                const ScenarioRecord* qScenario = m_run.scenario(c->candidateModel, c->threads, c->mode, c->runtime);
                const ScenarioRecord* fs = m_run.scenario(c->baselineModel, c->threads, c->mode, c->runtime);
                if (qScenario && fs && qScenario->profile && fs->profile) {
                    const double intMs = opTypeMs(*qScenario->profile, "ConvInteger");
                    const double floatMs = opTypeMs(*fs->profile, "Conv");
                    if (intMs > 0 && floatMs > 0)
                        ev.push_back(line("convolution-time",
                            { { "variant", fused ? "fused" : "separate" }, { "integerMs", intMs },
                                { "floatMs", floatMs }, { "ratio", intMs / floatMs } },
                            fmt::format("ConvInteger {} take {:.2f} ms per run vs {:.2f} ms for the FP32 "
                                        "model's Conv kernels ({:.2f}x)",
                                fused ? "steps (with their fused Cast/Mul rescaling)" : "kernels", intMs, floatMs,
                                intMs / floatMs)));
                }
            }
            const bool slower = c && c->speedup.speedup < 1.0;
            add("dynamic-quantized-convolutions", slower ? FindingSeverity::Critical : FindingSeverity::Warning,
                fused
                    ? "the convolutions are dynamically quantized: every ConvInteger first quantizes its input at run "
                      "time (DynamicQuantizeLinear, an extra pass over each activation); the Cast and Mul that "
                      "rescale its output are fused into the integer convolution in the optimized mode measured"
                    : "the convolutions are dynamically quantized: every ConvInteger first quantizes its input at run "
                      "time (DynamicQuantizeLinear, an extra pass over each activation) and rescales its output "
                      "through separate Cast and Mul nodes",
                std::move(ev),
                "Dynamic quantization (ONNX Runtime quantize_dynamic) computes activation scales per run and is meant "
                "for MatMul-heavy models (transformers, RNNs). For convolutional networks use static quantization "
                "with calibration data (quantize_static, QDQ format, per-channel weights), which runtimes fuse into "
                "integer convolutions.",
                { { "model", m.id }, { "variant", fused ? "fused" : "separate" } });
        }
    }

    void quantizationOverhead()
    {
        for (const ModelRecord& m : m_run.models) {
            if (!m.isQuantized())
                continue;
            const ScenarioRecord* worst = nullptr;
            for (const ScenarioRecord& s : m_run.scenarios)
                if (s.modelId == m.id && s.profile && s.profile->totalMs > 0
                    && (!worst || s.profile->quantOverheadShare > worst->profile->quantOverheadShare))
                    worst = &s;
            if (!worst || worst->profile->quantOverheadShare < m_t.overheadWarning)
                continue;
            const ProfileReport& p = *worst->profile;
            std::vector<Line> ev { line("overhead-total",
                with(scenarioArgs(*worst),
                    { { "ms", p.quantOverheadMs }, { "totalMs", p.totalMs }, { "share", p.quantOverheadShare },
                        { "source", p.source } }),
                fmt::format("{}: quantize/dequantize/cast/requantize nodes take {:.2f} ms of {:.2f} ms per run ({}, {} "
                            "profile)",
                    worst->label(), p.quantOverheadMs, p.totalMs, pct(p.quantOverheadShare), p.source)) };
            std::vector<std::pair<double, std::string>> parts;
            for (const OpTypeProfile& t : p.opTypes) {
                double overhead = 0;
                for (const NodeProfile& n : p.nodes)
                    if (n.opType == t.opType && n.quantizationOverhead)
                        overhead += n.meanMs;
                if (overhead > 0)
                    parts.emplace_back(overhead, t.opType);
            }
            std::sort(parts.rbegin(), parts.rend());
            for (const auto& [ms, op] : parts)
                ev.push_back(line("overhead-op", { { "op", op }, { "ms", ms }, { "share", ms / p.totalMs } },
                    fmt::format("{}: {:.2f} ms ({})", op, ms, pct(ms / p.totalMs))));
            add("quantization-overhead",
                p.quantOverheadShare >= m_t.overheadCritical ? FindingSeverity::Critical : FindingSeverity::Warning,
                fmt::format("{} of the run time goes to converting between float and integer rather than computing",
                    pct(p.quantOverheadShare)),
                std::move(ev),
                "This time is pure overhead the FP32 model does not have. Fewer precision boundaries (quantize whole "
                "blocks, not single ops), fused Q/DQ (static QDQ models in a runtime that fuses them) or keeping "
                "sensitive layers in FP32 entirely reduce it.",
                { { "model", m.id }, { "share", p.quantOverheadShare } });
        }
    }

    void noInt8DotProduct()
    {
        const SystemInfo& mc = m_run.machine;
        const bool anyQuantized = std::any_of(
            m_run.models.begin(), m_run.models.end(), [](const ModelRecord& m) { return m.isQuantized(); });
        if (!anyQuantized || mc.hasInt8DotProduct() || mc.isa.empty())
            return;
        std::vector<Line> ev;
        if (isX86(mc))
            ev.push_back(line("isa-x86",
                { { "cpu", mc.cpuModel }, { "avx2", flag(mc.has("avx2")) }, { "avx512", flag(mc.has("avx512f")) } },
                fmt::format("{}: AVX512-VNNI no, AVX-VNNI no, AMX-INT8 no; AVX2 {}, AVX-512 {}", mc.cpuModel,
                    mc.has("avx2") ? "yes" : "no", mc.has("avx512f") ? "yes" : "no")));
        else
            ev.push_back(
                line("isa-arm", { { "cpu", mc.cpuModel } }, fmt::format("{}: Arm dotprod no, i8mm no", mc.cpuModel)));
        if (!mc.onednnIsa.empty())
            ev.push_back(line("onednn-isa", { { "version", mc.onednnVersion }, { "isa", mc.onednnIsa } },
                fmt::format("oneDNN {} dispatches to {}", mc.onednnVersion, mc.onednnIsa)));
        const ComparisonRecord* c = primaryComparison(m_run);
        if (c)
            ev.push_back(speedupLine("measured-speedup", *c, "measured speedup "));
        ev.push_back(line("expected-gain", { { "low", 1.8 }, { "high", 3.3 } },
            "expected here for fused integer convolutions: about 1.8-3.3x per layer (oneDNN u8*s8 vs FP32 "
            "convolutions measured on an AVX2 EPYC without VNNI), less for whole models"));
        const bool low = c && c->speedup.speedup < m_t.lowSpeedupNoDotProduct;
        add("no-int8-dot-product", low ? FindingSeverity::Warning : FindingSeverity::Info,
            "this CPU has no int8 dot-product instruction (VNNI/dotprod), which caps what INT8 can gain", std::move(ev),
            isX86(mc) ? "Without VNNI, u8*s8 products take vpmaddubsw, vpmaddwd and vpaddd (three instructions where "
                        "VNNI's vpdpbusd needs one). CPUs with AVX512-VNNI or AVX-VNNI (Intel since Cascade Lake / "
                        "Alder Lake, "
                        "AMD since Zen 4) gain more; measure on the deployment CPU before deciding."
                      : "Without dotprod/i8mm, int8 products are widened before accumulation. Armv8.2+ cores with "
                        "dotprod (and i8mm) gain more; measure on the deployment CPU before deciding.",
            { { "variant", isX86(mc) ? "x86" : "arm" } });
    }

    bool engineRanQuantized() const
    {
        for (const ScenarioRecord& s : m_run.scenarios) {
            const ModelRecord* m = m_run.model(s.modelId);
            if (m && m->isQuantized() && s.runtime == Runtime::Quantscope && s.hasSamples())
                return true;
        }
        return false;
    }

    // The CPU has VNNI but oneDNN was told not to use it: the engine's numbers are those of an older CPU.
    void int8DotProductUnused()
    {
        const SystemInfo& mc = m_run.machine;
        if (!isX86(mc) || !mc.hasInt8DotProduct() || mc.onednnIsa.empty() || mc.onednnUsesInt8DotProduct()
            || !engineRanQuantized())
            return;
        add("int8-dot-product-unused", FindingSeverity::Warning,
            fmt::format("oneDNN dispatches to {} kernels, so the engine's INT8 numbers do not use the CPU's VNNI",
                mc.onednnIsa),
            { line("isa-vnni",
                  { { "cpu", mc.cpuModel }, { "avx512Vnni", flag(mc.has("avx512_vnni")) },
                      { "avxVnni", flag(mc.has("avx_vnni")) }, { "amxInt8", flag(mc.has("amx_int8")) } },
                  fmt::format("{}: AVX512-VNNI {}, AVX-VNNI {}, AMX-INT8 {}", mc.cpuModel,
                      mc.has("avx512_vnni") ? "yes" : "no", mc.has("avx_vnni") ? "yes" : "no",
                      mc.has("amx_int8") ? "yes" : "no")),
                line("onednn-isa", { { "version", mc.onednnVersion }, { "isa", mc.onednnIsa } },
                    fmt::format("oneDNN {} effective ISA: {}", mc.onednnVersion, mc.onednnIsa)) },
            "oneDNN's ISA was limited (DNNL_MAX_CPU_ISA, or a oneDNN build older than the CPU). That is useful to "
            "emulate a CPU without VNNI; for this machine's own answer, unset the limit and measure again.",
            { { "isa", mc.onednnIsa } });
    }

    void qoperatorSignedActivations()
    {
        if (!isX86(m_run.machine))
            return;
        for (const ModelRecord& m : m_run.models) {
            if ((m.format != QuantFormat::QOperator && m.format != QuantFormat::Mixed) || m.signedActivationNodes == 0)
                continue;
            add("qoperator-signed-activations", FindingSeverity::Warning,
                "the model is in QOperator format with signed int8 activations (S8S8), which x86-64 kernels handle "
                "slowly",
                { line("signed-nodes",
                    { { "model", m.id }, { "nodes", m.signedActivationNodes },
                        { "format", std::string(quantFormatName(m.format)) } },
                    fmt::format("{}: {} integer convolution/matmul nodes take int8 activations (format {})", m.id,
                        m.signedActivationNodes, quantFormatName(m.format))) },
                "x86-64 integer kernels multiply unsigned by signed bytes (vpmaddubsw / VNNI vpdpbusd); S8S8 needs "
                "extra conversions. ONNX Runtime's quantization guide advises U8S8 on x86-64 and avoiding S8S8 with "
                "QOperator; re-quantize with activation_type=QUInt8 or use the QDQ format.",
                { { "model", m.id } });
        }
    }

    void opCountGrowth()
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
                fmt::format(
                    "{} nodes ({}) -> {} nodes ({}): {:.2f}x", b->nodeCount, b->id, q->nodeCount, q->id, growth)) };
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

    int32_t primaryThreads(const std::string& candidate) const
    {
        const ComparisonRecord* c = comparisonFor(m_run, candidate);
        return c ? c->threads : -1;
    }
    std::optional<ExecutionMode> primaryMode(const std::string& candidate) const
    {
        const ComparisonRecord* c = comparisonFor(m_run, candidate);
        return c ? std::optional<ExecutionMode>(c->mode) : std::nullopt;
    }

    // Before any verdict: a quantized model whose FP32 partner is another network is not compared (or, when the
    // user insisted, compared with this warning on top).
    void differentNetworks()
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

    void unfusedBoundaries()
    {
        for (const ScenarioRecord& w : m_run.scenarios) {
            if (w.mode != ExecutionMode::AsWritten || w.runtime != Runtime::Quantscope || !w.hasSamples())
                continue;
            const ScenarioRecord* o = m_run.scenario(w.modelId, w.threads, ExecutionMode::Optimized);
            if (!o || !o->hasSamples() || o->stats.p50Ms <= 0)
                continue;
            const double gap = w.stats.p50Ms / o->stats.p50Ms;
            if (gap < m_t.fusionGap)
                continue;
            const ModelRecord* m = m_run.model(w.modelId);
            const bool quantized = m && m->isQuantized();
            add("unfused-boundaries", quantized ? FindingSeverity::Warning : FindingSeverity::Info,
                fmt::format("{} runs {:.2f}x slower as written than optimized: its result depends on graph fusion",
                    w.modelId, gap),
                { line("medians",
                    { { "model", w.modelId }, { "threads", int64_t(w.threads) }, { "asWrittenMs", w.stats.p50Ms },
                        { "optimizedMs", o->stats.p50Ms } },
                    fmt::format("{}, {}: median {:.2f} ms as written vs {:.2f} ms optimized", w.modelId,
                        threadsText(w.threads), w.stats.p50Ms, o->stats.p50Ms)) },
                quantized ? "As written, every QuantizeLinear/DequantizeLinear runs as its own pass and the integer "
                            "kernels are surrounded by conversions. A runtime that fuses Q/DQ pairs into integer "
                            "operators gets the optimized number; one that does not gets the slower one. Check what "
                            "the deployment runtime fuses."
                          : "Operator fusion (Conv + activation, BatchNormalization folding, layout propagation) makes "
                            "this difference; a runtime without it will see the as-written number.",
                { { "model", w.modelId }, { "gap", gap }, { "variant", quantized ? "quantized" : "float" } });
        }
    }

    void threadSensitivity()
    {
        for (size_t i = 0; i < m_run.comparisons.size(); ++i) {
            const ComparisonRecord& a = m_run.comparisons[i];
            for (size_t j = i + 1; j < m_run.comparisons.size(); ++j) {
                const ComparisonRecord& b = m_run.comparisons[j];
                if (a.candidateModel != b.candidateModel || a.baselineModel != b.baselineModel || a.mode != b.mode
                    || a.runtime != b.runtime || a.threads == b.threads)
                    continue;
                const double sa = a.speedup.speedup;
                const double sb = b.speedup.speedup;
                const double ratio = std::max(sa, sb) / std::min(sa, sb);
                const bool crosses = (sa >= 1.0) != (sb >= 1.0);
                if (ratio < m_t.threadSpeedupDivergence && !crosses)
                    continue;
                add("thread-sensitivity", crosses ? FindingSeverity::Warning : FindingSeverity::Info,
                    fmt::format("the INT8 speedup of {} depends on the thread count ({:.2f}x with {}, {:.2f}x with {})",
                        a.candidateModel, sa, threadsText(a.threads), sb, threadsText(b.threads)),
                    { speedupLine("speedup", a), speedupLine("speedup", b) },
                    "The controlled (1 thread) number measures kernel efficiency; the practical (all cores) number "
                    "adds parallel scaling, where memory bandwidth and operators that do not parallelise (small "
                    "quantize/dequantize passes) change the balance. Decide with the setting you deploy.",
                    { { "model", a.candidateModel }, { "speedupA", sa }, { "threadsA", int64_t(a.threads) },
                        { "speedupB", sb }, { "threadsB", int64_t(b.threads) } });
            }
        }
    }

    void saturationRisk()
    {
        // The CPU's ISA, or the engine's oneDNN kernels limited below VNNI on a VNNI CPU.
        const bool engineSaturates
            = isX86(m_run.machine) && !m_run.machine.onednnUsesInt8DotProduct() && engineRanQuantized();
        if (!m_run.machine.int8PairsSaturate() && !engineSaturates)
            return;
        for (const ModelRecord& m : m_run.models) {
            if (!m.isQuantized())
                continue;
            std::vector<Line> ev { m_run.machine.int8PairsSaturate()
                    ? line("no-vnni",
                        { { "model", m.id }, { "format", std::string(quantFormatName(m.format)) },
                            { "cpu", m_run.machine.cpuModel } },
                        fmt::format(
                            "{} ({}): no VNNI/AMX on {}", m.id, quantFormatName(m.format), m_run.machine.cpuModel))
                    : line("onednn-limited",
                        { { "model", m.id }, { "format", std::string(quantFormatName(m.format)) },
                            { "isa", m_run.machine.onednnIsa }, { "cpu", m_run.machine.cpuModel } },
                        fmt::format("{} ({}): oneDNN limited to {} on {}", m.id, quantFormatName(m.format),
                            m_run.machine.onednnIsa, m_run.machine.cpuModel)) };
            FindingSeverity sev = FindingSeverity::Info;
            for (const ParityRecord& p : m_run.parity) {
                if (p.modelId != m.id)
                    continue;
                MessageArgs args { { "reference", p.reference }, { "output", p.output },
                    { "maxAbsError", p.maxAbsError }, { "meanAbsError", p.meanAbsError } };
                if (p.cosineSimilarity)
                    args["cosine"] = *p.cosineSimilarity;
                ev.push_back(line("parity", std::move(args),
                    fmt::format("parity vs {} ({}): max |error| {:.4g}, mean |error| {:.4g}{}", p.reference, p.output,
                        p.maxAbsError, p.meanAbsError,
                        p.cosineSimilarity ? fmt::format(", cosine {:.4f}", *p.cosineSimilarity) : std::string())));
                if (p.cosineSimilarity && *p.cosineSimilarity < m_t.parityCosineWarning)
                    sev = FindingSeverity::Warning;
            }
            add("saturation-risk", sev,
                "on this CPU, u8*s8 products are summed in pairs into saturating 16-bit integers, which can clip "
                "results for 8-bit weights",
                std::move(ev),
                "Without VNNI, vpmaddubsw adds two u8*s8 products into int16 with saturation (255*127*2 = 64770 > "
                "32767). oneDNN and ONNX Runtime recommend 7-bit weights on such CPUs (reduce_range=True in ONNX "
                "Runtime's quantizer); check accuracy against FP32 on real inputs.",
                { { "model", m.id } });
        }
    }

    void tinyModel()
    {
        for (const ScenarioRecord& s : m_run.scenarios) {
            const ModelRecord* m = m_run.model(s.modelId);
            if (!m || m->isQuantized() || !s.hasSamples() || s.stats.p50Ms <= 0 || s.stats.p50Ms >= m_t.tinyModelMs)
                continue;
            std::vector<Line> ev { line("fp32-median", with(scenarioArgs(s), { { "ms", s.stats.p50Ms } }),
                fmt::format("{}: FP32 median {:.3f} ms", s.label(), s.stats.p50Ms)) };
            if (m->totalMacs)
                ev.push_back(line("macs", { { "macs", *m->totalMacs } },
                    fmt::format("{:.1f} million multiply-accumulates per inference", *m->totalMacs / 1e6)));
            add("tiny-model", FindingSeverity::Info,
                fmt::format("{} is so small that fixed per-run costs dominate", m->id), std::move(ev),
                "Input/output copies, kernel dispatch and the quantization of inputs and outputs cost the same "
                "whatever the arithmetic; with this little compute INT8 has little to win. Batch several inputs per "
                "run or keep FP32.",
                { { "model", m->id } });
            return; // one finding is enough
        }
    }

    void noisyMeasurements()
    {
        std::vector<Line> ev;
        double worst = 0;
        for (const ScenarioRecord& s : m_run.scenarios) {
            if (!s.hasSamples() || s.stats.count < 5 || s.stats.cv <= m_t.noisyCv)
                continue;
            worst = std::max(worst, s.stats.cv);
            ev.push_back(line("noisy-scenario",
                with(scenarioArgs(s),
                    { { "cv", s.stats.cv }, { "meanMs", s.stats.meanMs }, { "stddevMs", s.stats.stddevMs },
                        { "p99Ms", s.stats.p99Ms }, { "p50Ms", s.stats.p50Ms },
                        { "outliers", int64_t(s.stats.outliersLow + s.stats.outliersHigh) },
                        { "runs", int64_t(s.stats.count) } }),
                fmt::format("{}: CV {} (mean {:.2f} ms, stddev {:.2f} ms, P99 {:.2f} ms vs P50 {:.2f} ms), "
                            "{} Tukey outliers in {} runs",
                    s.label(), pct(s.stats.cv), s.stats.meanMs, s.stats.stddevMs, s.stats.p99Ms, s.stats.p50Ms,
                    s.stats.outliersLow + s.stats.outliersHigh, s.stats.count)));
        }
        if (ev.empty())
            return;
        add("noisy-measurements", FindingSeverity::Warning,
            fmt::format("the measurements are noisy (CV up to {}), so small differences are not results", pct(worst)),
            std::move(ev),
            "Close other programs, use the performance CPU governor, pin the process to cores (taskset), and run "
            "longer (--seconds) so the medians settle. Speedups within the noise should be reported as 'no "
            "difference'.",
            { { "cv", worst } });
    }

    void inconclusiveSpeedup()
    {
        for (const ComparisonRecord& c : m_run.comparisons) {
            if (c.speedup.low > 1.0 || c.speedup.high < 1.0)
                continue;
            add("inconclusive-speedup", FindingSeverity::Info,
                fmt::format("{} and {} are indistinguishable with {} ({})", c.candidateModel, c.baselineModel,
                    threadsText(c.threads), executionModeName(c.mode)),
                { speedupLine("speedup", c) },
                "The 95% bootstrap interval of the median ratio contains 1: the measured difference is within the "
                "noise of this run. More runs or a quieter machine narrow it.",
                { { "candidate", c.candidateModel }, { "baseline", c.baselineModel }, { "threads", int64_t(c.threads) },
                    { "mode", std::string(executionModeName(c.mode)) } });
        }
    }

    // The checklist users go through when INT8 is slow in ONNX Runtime, from what the adapter reported.
    void onnxruntimeSetup()
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
        const std::string features = info.cpuInt8Features.empty()
            ? std::string("none")
            : fmt::format("{}", fmt::join(info.cpuInt8Features, ", "));
        const std::string levelText = fmt::format("{}", fmt::join(levels, ", "));
        std::vector<Line> ev;
        ev.push_back(line("build-providers",
            { { "version", info.version }, { "adapter", info.adapter }, { "host", info.host },
                { "providers", available } },
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
    void runtimeDifference()
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
                const std::string version
                    = os && os->runtimeInfo ? os->runtimeInfo->version : std::string("(imported)");
                std::vector<Line> ev { speedupLine("onnxruntime-speedup", o, "ONNX Runtime: "),
                    speedupLine("quantscope-speedup", q, "Quantscope: ") };
                if (os && qs && os->profile && qs->profile) {
                    const OpTypeTimeComparison d = compareOpTypeTimes(*os->profile, *qs->profile);
                    for (size_t i = 0; i < d.rows.size() && i < 3; ++i) {
                        const OpTypeTimeDelta& r = d.rows[i];
                        ev.push_back(line("op-type",
                            { { "model", q.candidateModel }, { "op", r.displayName() },
                                { "onnxruntimeMs", r.baselineMs }, { "quantscopeMs", r.candidateMs } },
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

    /// One finding per model and deployment target where some node cannot load, falls back or fails at run time
    /// (the summaries in the model records, from the support tables of resources/targets).
    void deploymentTargets()
    {
        for (const ModelRecord& m : m_run.models) {
            if (!m.targets)
                continue;
            for (const TargetSummary& t : *m.targets)
                if (t.hasNodeProblems())
                    deploymentTarget(m, t);
        }
    }

    void deploymentTarget(const ModelRecord& m, const TargetSummary& t)
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
        const MessageArgs args { { "variant", variant }, { "model", m.id }, { "target", t.title },
            { "table", t.tableId }, { "version", t.version }, { "nodes", nodes }, { "ops", opsText } };
        std::string title;
        if (variant == "cannot-load")
            title = fmt::format("{} cannot load in {}, version {}: {} node(s) have no kernel there ({})", m.id, t.title,
                t.version, nodes, opsText);
        else if (variant == "conversion-fails")
            title = fmt::format("{} cannot be converted by {}, version {}: {} node(s) are not supported ({})", m.id,
                t.title, t.version, nodes, opsText);
        else if (variant == "cpu-no-kernel")
            title = fmt::format(
                "{} cannot load on {}, version {}: {} node(s) fall back to the CPU provider, which has no "
                "kernel for them either ({})",
                m.id, t.title, t.version, nodes, opsText);
        else if (variant == "fails-at-run-time")
            title = fmt::format(
                "{} loads on {}, version {}, but {} node(s) break a restriction of the table and fail at run "
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
                ev.push_back(line("no-kernel", a,
                    fmt::format("{}: {} node(s) without a kernel, first {}", p.opType, p.nodes, examples)));
            else if (p.kind == TargetProblemKind::CpuNoKernel)
                ev.push_back(line("cpu-no-kernel", a,
                    fmt::format("{}: {} node(s) the CPU provider has no kernel for either, first {}", p.opType, p.nodes,
                        examples)));
            else if (p.kind == TargetProblemKind::FallsBack)
                ev.push_back(line("falls-back", a,
                    fmt::format(
                        "{}: {} node(s) fall back to the CPU provider, first {}", p.opType, p.nodes, examples)));
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
    void sameNetworkOnTarget(const ModelRecord& m, const TargetSummary& t, std::vector<Line>& ev) const
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
                    { { "model", other.id }, { "format", std::string(quantFormatName(other.format)) },
                        { "runs", o.runs }, { "fallsBack", o.fallsBack }, { "cannotLoad", o.noKernel + o.cpuNoKernel },
                        { "unknown", o.unknown } },
                    fmt::format("{} ({}), the same network: {} node(s) run there, {} fall back to the CPU provider, "
                                "{} cannot load, {} unknown",
                        other.id, quantFormatName(other.format), o.runs, o.fallsBack, o.noKernel + o.cpuNoKernel,
                        o.unknown)));
            }
        }
    }

    static std::string deploymentAdvice(const std::string& variant)
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

    void partialRun()
    {
        std::vector<Line> ev;
        for (const ScenarioRecord& s : m_run.scenarios)
            if (s.status == ScenarioStatus::Partial)
                ev.push_back(line("partial-scenario", with(scenarioArgs(s), { { "reason", s.partialReason } }),
                    fmt::format("{}: {}", s.label(), s.partialReason.empty() ? "partial" : s.partialReason)));
        if (ev.empty() && !m_run.partial)
            return;
        if (ev.empty())
            ev.push_back(line("stopped-early", {}, "the run was stopped before every scenario ran"));
        add("partial-run", FindingSeverity::Warning,
            "the run was cancelled, so some numbers come from fewer runs than planned", std::move(ev),
            "Treat partial statistics with care, or run again to completion.");
    }

    const RunRecord& m_run;
    const DiagnosisThresholds& m_t;
    std::vector<Finding> m_out;
};

} // namespace

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
