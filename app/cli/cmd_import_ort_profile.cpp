// SPDX-License-Identifier: MIT
// quantscope-cli import-ort-profile: ONNX Runtime's per-node profile in Quantscope's per-node/per-op-type form.
#include "command.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/ort_profile.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/targets.h>
#include <quantscope/engine/version.h>

#include <fmt/format.h>

#include <charconv>

namespace qs::cli {

void printImportOrtProfileHelp()
{
    fmt::print("Usage: quantscope-cli import-ort-profile PROFILE.json --model MODEL.onnx [PROFILE --model MODEL]...\n"
               "                                        [--json RUN.json] [--md REPORT.md] [--skip-runs N]\n"
               "                                        [--threads N] [--top N]\n\n"
               "Reads ONNX Runtime's profiling output (SessionOptions enableProfiling: a Chrome-trace JSON array;\n"
               "'*_kernel_time' node events, dur in microseconds, args.op_name), maps node names to MODEL's nodes\n"
               "and prints time per op type and per node, with the quantization-overhead share. With an FP32 and a\n"
               "quantized model profiled the same way, the run also holds their speedup (from model_run latencies)\n"
               "and the diagnosis.\n\n"
               "  --model FILE    the model the preceding profile was recorded from (required)\n"
               "  --json FILE     write a run file with one 'onnxruntime' scenario per profile\n"
               "  --md FILE       write the Markdown report of that run\n"
               "  --skip-runs N   ignore the first N model_run events of each profile (first-run effects); default 0\n"
               "  --threads N     intra-op threads the profiles were recorded with, for the record; default 1\n"
               "  --top N         nodes to list per profile; default 10\n");
}

namespace {

bool parseInt(std::string_view text, int64_t& out)
{
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size();
}

struct Input
{
    std::string profile;
    std::string model;
};

void printProfile(const std::string& path, const std::string& modelId, const ProfileReport& p, int64_t top)
{
    fmt::print("ONNX Runtime profile {} of {}: {} run(s), {} nodes ({} not in the authored model, e.g. fused)\n", path,
        modelId, p.runs, p.nodes.size(), p.unmatchedNodes);
    fmt::print("Kernel time per run: {:.3f} ms; quantization overhead {:.3f} ms ({:.1f}%)\n\n", p.totalMs,
        p.quantOverheadMs, p.quantOverheadShare * 100);
    fmt::print("{:<36} {:>6} {:>12} {:>8}\n", "op type", "nodes", "ms per run", "share");
    for (const OpTypeProfile& t : p.opTypes)
        fmt::print("{:<36} {:>6} {:>12.3f} {:>7.1f}%\n", t.opType, t.nodes, t.meanMs, t.share * 100);
    fmt::print("\n{:<48} {:<24} {:>12} {:>8}\n", "node", "op type", "ms per run", "share");
    for (size_t i = 0; i < p.nodes.size() && i < static_cast<size_t>(top); ++i)
        fmt::print("{:<48} {:<24} {:>12.3f} {:>7.1f}%\n", p.nodes[i].nodeName, p.nodes[i].opType, p.nodes[i].meanMs,
            p.nodes[i].share * 100);
    fmt::print("\n");
}

} // namespace

int runImportOrtProfile(std::span<char* const> args)
{
    std::vector<Input> inputs;
    std::string jsonPath, mdPath;
    int64_t skipRuns = 0, threads = 1, top = 10;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--model" && hasValue) {
            if (inputs.empty() || !inputs.back().model.empty()) {
                fmt::print(stderr, "quantscope-cli import-ort-profile: --model must follow its PROFILE.json\n");
                return 2;
            }
            inputs.back().model = args[++i];
        } else if (a == "--json" && hasValue) {
            jsonPath = args[++i];
        } else if (a == "--md" && hasValue) {
            mdPath = args[++i];
        } else if ((a == "--skip-runs" || a == "--threads" || a == "--top") && hasValue) {
            int64_t& target = a == "--skip-runs" ? skipRuns : (a == "--threads" ? threads : top);
            if (!parseInt(args[++i], target) || target < 0) {
                fmt::print(stderr, "quantscope-cli import-ort-profile: {} needs a non-negative integer\n", a);
                return 2;
            }
        } else if (!a.starts_with("-")) {
            inputs.push_back({ std::string(a), {} });
        } else {
            fmt::print(stderr, "quantscope-cli import-ort-profile: unexpected argument '{}'\n", a);
            return 2;
        }
    }
    if (inputs.empty()) {
        printImportOrtProfileHelp();
        return 2;
    }
    for (const Input& in : inputs) {
        if (in.model.empty()) {
            fmt::print(
                stderr, "quantscope-cli import-ort-profile: {}: no --model given for this profile\n", in.profile);
            return 2;
        }
    }

    RunRecord record;
    record.createdUtc = utcNowIso8601();
    record.tool = fmt::format("quantscope {} (git {}) import-ort-profile", versionString(), gitRevision());
    // The importing machine; a profile does not say where it was recorded.
    record.machine = collectSystemInfo();
    record.config.warmupRuns = skipRuns;
    record.config.runs = 0;
    record.config.threads = { static_cast<int32_t>(threads) };
    record.config.modes = { ExecutionMode::Optimized };
    record.config.profile = true;
    auto targetTables = loadInstalledTargetTables();
    if (!targetTables) {
        fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", targetTables.status().toString());
        return 1;
    }
    for (const Input& in : inputs) {
        auto model = loadModel(in.model);
        if (!model) {
            fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", model.status().toString());
            return 1;
        }
        OrtProfileOptions options;
        options.skipRuns = skipRuns;
        auto profile = importOrtProfile(in.profile, model->get(), options);
        if (!profile) {
            fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", profile.status().toString());
            return 1;
        }
        auto modelRecord = makeModelRecord(**model, &*targetTables);
        if (!modelRecord) {
            fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", modelRecord.status().toString());
            return 1;
        }
        for (int n = 2; record.model(modelRecord->id); ++n)
            modelRecord->id = fmt::format("{}_{}", modelRecord->id, n);
        printProfile(in.profile, modelRecord->id, *profile, top);
        record.config.runs = std::max(record.config.runs, profile->runs);
        ScenarioRecord s;
        s.modelId = modelRecord->id;
        s.runtime = Runtime::OnnxRuntime;
        s.threads = static_cast<int32_t>(threads);
        s.mode = ExecutionMode::Optimized;
        s.warmupRuns = skipRuns;
        s.latenciesMs = profile->runLatenciesMs;
        s.profile = std::move(*profile);
        computeScenarioStatistics(s);
        record.models.push_back(std::move(*modelRecord));
        record.scenarios.push_back(std::move(s));
    }
    record.comparisons = compareModels(record);
    record.findings = diagnoseRun(record);
    if (!record.comparisons.empty())
        fmt::print("{}\n", verdictSentence(record));

    if (!jsonPath.empty()) {
        if (Status st = writeRunFile(jsonPath, record); !st) {
            fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", st.toString());
            return 1;
        }
        fmt::print("Run file written: {}\n", jsonPath);
    }
    if (!mdPath.empty()) {
        if (Status st = writeFileAtomically(mdPath, buildMarkdownReport(record)); !st) {
            fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", st.toString());
            return 1;
        }
        fmt::print("Report written: {}\n", mdPath);
    }
    return 0;
}

extern const Command kImportOrtProfileCommand { "import-ort-profile",
    "read an ONNX Runtime profile into per-node and per-op-type time", runImportOrtProfile, printImportOrtProfileHelp };

} // namespace qs::cli
