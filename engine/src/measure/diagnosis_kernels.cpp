// SPDX-License-Identifier: MIT
// Findings about the kernels a run used: reference kernels, dynamic quantization passes, quantization overhead,
// int8 dot products, signed QOperator activations, saturation risk, unfused quantization boundaries.
#include "measure/diagnoser.h"

#include <fmt/format.h>

#include <algorithm>

namespace qs::diagnosis_detail {

/// Nodes whose step ran a reference (unvectorised) kernel, with their measured cost: one finding per model, from
/// its first profiled scenario that has any.
void Diagnoser::referenceKernels()
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
                fmt::format("{}: node '{}' ({}) ran {}: {:.3f} ms per run ({} of kernel time)", s.label(), n.nodeName,
                    n.opType, n.implementation, n.meanMs, pct(n.share))));
        }
        if (nodes.size() > kMaxNodeLines) {
            double restMs = 0;
            for (size_t i = kMaxNodeLines; i < nodes.size(); ++i)
                restMs += nodes[i]->meanMs;
            ev.push_back(line("reference-more", { { "nodes", count(nodes.size() - kMaxNodeLines) }, { "ms", restMs } },
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

void Diagnoser::dynamicQuantizedConvolutions()
{
    for (const ModelRecord& m : m_run.models) {
        const int64_t dql = m.opCount("DynamicQuantizeLinear");
        const int64_t convInt = m.opCount("ConvInteger");
        if (dql == 0 || convInt == 0)
            continue;
        std::vector<Line> ev { line("op-counts",
            { { "model", m.id }, { "dynamicQuantizeLinear", dql }, { "convInteger", convInt },
                { "cast", m.opCount("Cast") }, { "mul", m.opCount("Mul") }, { "nodes", m.nodeCount } },
            fmt::format("{}: {} DynamicQuantizeLinear, {} ConvInteger, {} Cast, {} Mul nodes ({} nodes in total)", m.id,
                dql, convInt, m.opCount("Cast"), m.opCount("Mul"), m.nodeCount)) };
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
                    fmt::format("{}: DynamicQuantizeLinear takes {:.2f} ms of {:.2f} ms per run ({})", s.label(), ms,
                        s.profile->totalMs, pct(ms / s.profile->totalMs))));
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
                        { { "variant", fused ? "fused" : "separate" }, { "integerMs", intMs }, { "floatMs", floatMs },
                            { "ratio", intMs / floatMs } },
                        fmt::format("ConvInteger {} take {:.2f} ms per run vs {:.2f} ms for the FP32 "
                                    "model's Conv kernels ({:.2f}x)",
                            fused ? "steps (with their fused Cast/Mul rescaling)" : "kernels", intMs, floatMs,
                            intMs / floatMs)));
            }
        }
        const bool slower = c && c->speedup.speedup < 1.0;
        add("dynamic-quantized-convolutions", slower ? FindingSeverity::Critical : FindingSeverity::Warning,
            fused ? "the convolutions are dynamically quantized: every ConvInteger first quantizes its input at run "
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

void Diagnoser::quantizationOverhead()
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

void Diagnoser::noInt8DotProduct()
{
    const SystemInfo& mc = m_run.machine;
    const bool anyQuantized
        = std::any_of(m_run.models.begin(), m_run.models.end(), [](const ModelRecord& m) { return m.isQuantized(); });
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

bool Diagnoser::engineRanQuantized() const
{
    for (const ScenarioRecord& s : m_run.scenarios) {
        const ModelRecord* m = m_run.model(s.modelId);
        if (m && m->isQuantized() && s.runtime == Runtime::Quantscope && s.hasSamples())
            return true;
    }
    return false;
}

// The CPU has VNNI but oneDNN was told not to use it: the engine's numbers are those of an older CPU.
void Diagnoser::int8DotProductUnused()
{
    const SystemInfo& mc = m_run.machine;
    if (!isX86(mc) || !mc.hasInt8DotProduct() || mc.onednnIsa.empty() || mc.onednnUsesInt8DotProduct()
        || !engineRanQuantized())
        return;
    add("int8-dot-product-unused", FindingSeverity::Warning,
        fmt::format(
            "oneDNN dispatches to {} kernels, so the engine's INT8 numbers do not use the CPU's VNNI", mc.onednnIsa),
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

void Diagnoser::qoperatorSignedActivations()
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

void Diagnoser::unfusedBoundaries()
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
            fmt::format(
                "{} runs {:.2f}x slower as written than optimized: its result depends on graph fusion", w.modelId, gap),
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

void Diagnoser::saturationRisk()
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
                    fmt::format("{} ({}): no VNNI/AMX on {}", m.id, quantFormatName(m.format), m_run.machine.cpuModel))
                : line("onednn-limited",
                    { { "model", m.id }, { "format", std::string(quantFormatName(m.format)) },
                        { "isa", m_run.machine.onednnIsa }, { "cpu", m_run.machine.cpuModel } },
                    fmt::format("{} ({}): oneDNN limited to {} on {}", m.id, quantFormatName(m.format),
                        m_run.machine.onednnIsa, m_run.machine.cpuModel)) };
        FindingSeverity sev = FindingSeverity::Info;
        for (const ParityRecord& p : m_run.parity) {
            if (p.modelId != m.id)
                continue;
            MessageArgs args { { "reference", p.reference }, { "output", p.output }, { "maxAbsError", p.maxAbsError },
                { "meanAbsError", p.meanAbsError } };
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

} // namespace qs::diagnosis_detail
