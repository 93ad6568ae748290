// SPDX-License-Identifier: MIT
// Hand-made runs for the diagnosis, report and run-file tests. The numbers are invented but shaped like the shared
// YOLOv5nu pair (op counts from ../shared/README.md); nothing here is presented as a measurement.
#pragma once

#include <quantscope/engine/run_record.h>

#include <vector>

namespace qs::test {

inline SystemInfo craftedMachine(bool vnni)
{
    SystemInfo m;
    m.architecture = "x86_64";
    m.cpuVendor = "AuthenticAMD";
    m.cpuModel = "Crafted EPYC 7000";
    m.packages = 1;
    m.cores = 2;
    m.logicalProcessors = 2;
    m.caches = { { "L1d", 32 * 1024, 2, 1 }, { "L2", 512 * 1024, 2, 1 }, { "L3", 16 * 1024 * 1024, 1, 2 } };
    for (const char* f : { "sse4_1", "avx", "avx2", "fma", "f16c" })
        m.isa[f] = true;
    for (const char* f : { "avx512f", "avx512bw", "avx512vl", "avx512_vnni", "avx_vnni", "amx_int8", "amx_bf16" })
        m.isa[f] = false;
    if (vnni) {
        m.isa["avx_vnni"] = true;
        m.onednnIsa = "avx2_vnni";
    } else {
        m.onednnIsa = "avx2";
    }
    m.os = "Debian GNU/Linux 12 (bookworm), Linux 6.1.0";
    m.compiler = "GCC 12.2.0";
    m.quantscopeVersion = "0.1.0";
    m.gitRevision = "0123456789ab";
    m.onednnVersion = "2.6.3";
    return m;
}

/// Latencies base, base+step, ..., cycling over `spread` values.
inline std::vector<double> craftedLatencies(double base, double step, int count, int spread = 5)
{
    std::vector<double> v;
    for (int i = 0; i < count; ++i)
        v.push_back(base + step * (i % spread));
    return v;
}

inline ScenarioRecord craftedScenario(
    const std::string& model, int threads, ExecutionMode mode, std::vector<double> latencies)
{
    ScenarioRecord s;
    s.modelId = model;
    s.threads = threads;
    s.mode = mode;
    s.prepareMs = 250.5;
    s.firstRunMs = latencies.empty() ? 0 : latencies.front() * 1.5;
    s.warmupRuns = 3;
    s.latenciesMs = std::move(latencies);
    s.peakRssBytes = 150 * 1024 * 1024;
    s.arenaBytes = 48 * 1024 * 1024;
    computeScenarioStatistics(s);
    return s;
}

inline ModelRecord craftedFp32Model()
{
    ModelRecord m;
    m.id = "yolov5nu_fp32";
    m.path = "models/yolov5nu_fp32.onnx";
    m.sha256 = "a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778";
    m.fileSizeBytes = 10 * 1024 * 1024;
    m.format = QuantFormat::Fp32;
    m.nodeCount = 262;
    m.opCounts = { { "Conv", 76 }, { "Sigmoid", 70 }, { "Mul", 70 }, { "Concat", 19 }, { "Add", 9 }, { "MaxPool", 3 },
        { "Resize", 2 }, { "Split", 9 }, { "Reshape", 4 } };
    m.totalMacs = 4100000000LL;
    return m;
}

inline ModelRecord craftedDynamicInt8Model()
{
    ModelRecord m;
    m.id = "yolov5nu_int8_dynamic";
    m.path = "models/yolov5nu_int8_dynamic.onnx";
    m.sha256 = "0b1c2d3e4f5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";
    m.fileSizeBytes = 3 * 1024 * 1024;
    m.format = QuantFormat::Dynamic;
    m.nodeCount = 703;
    m.opCounts
        = { { "DynamicQuantizeLinear", 63 }, { "ConvInteger", 76 }, { "Cast", 76 }, { "Mul", 222 }, { "Reshape", 80 },
              { "Add", 85 }, { "Sigmoid", 70 }, { "Concat", 19 }, { "MaxPool", 3 }, { "Resize", 2 }, { "Split", 9 } };
    return m;
}

inline ProfileReport craftedInt8Profile()
{
    ProfileReport p;
    p.source = "quantscope";
    p.runs = 10;
    auto node = [](const char* name, const char* op, double totalMs) {
        NodeProfile n;
        n.nodeName = name;
        n.opType = op;
        n.nodeIndex = 0;
        n.calls = 10;
        n.totalMs = totalMs;
        return n;
    };
    // per run: ConvInteger 80, DynamicQuantizeLinear 40, Cast 10, Mul 15 -> 145 ms
    p.nodes = { node("conv_0", "ConvInteger", 800), node("dql_0", "DynamicQuantizeLinear", 400),
        node("cast_0", "Cast", 100), node("mul_0", "Mul", 150) };
    finalizeProfile(p);
    return p;
}

inline ProfileReport craftedFp32Profile()
{
    ProfileReport p;
    p.source = "quantscope";
    p.runs = 10;
    NodeProfile conv;
    conv.nodeName = "conv_0";
    conv.opType = "Conv";
    conv.nodeIndex = 0;
    conv.calls = 10;
    conv.totalMs = 1000; // 100 ms per run
    NodeProfile sig = conv;
    sig.nodeName = "sigmoid_0";
    sig.opType = "Sigmoid";
    sig.totalMs = 270; // 27 ms per run
    p.nodes = { conv, sig };
    finalizeProfile(p);
    return p;
}

/// The "37x slower" shape: dynamic INT8 slower than FP32 on a CPU without VNNI, profiled, at 1 thread.
inline RunRecord craftedParadoxRun()
{
    RunRecord r;
    r.createdUtc = "2026-11-22T07:00:00Z";
    r.tool = "quantscope 0.1.0 (git 0123456789ab)";
    r.machine = craftedMachine(false);
    r.models = { craftedFp32Model(), craftedDynamicInt8Model() };
    r.config.warmupRuns = 3;
    r.config.runs = 20;
    r.config.threads = { 1 };
    r.config.modes = { ExecutionMode::Optimized };
    r.config.inputShapes = { "images=1x3x640x640" };
    r.config.profile = true;
    r.scenarios.push_back(craftedScenario("yolov5nu_fp32", 1, ExecutionMode::Optimized, craftedLatencies(125, 1, 20)));
    r.scenarios.back().profile = craftedFp32Profile();
    auto q = craftedScenario("yolov5nu_int8_dynamic", 1, ExecutionMode::Optimized, craftedLatencies(143, 1, 20));
    q.profile = craftedInt8Profile();
    r.scenarios.push_back(q);
    r.comparisons = compareModels(r);
    return r;
}

} // namespace qs::test
