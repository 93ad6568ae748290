// SPDX-License-Identifier: MIT
// quantscope-cli import-ort-profile: ONNX Runtime's per-node profile in Quantscope's per-node/per-op-type form.
#include "command.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/ort_profile.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/version.h>

#include <fmt/format.h>

#include <charconv>

namespace qs::cli {

void printImportOrtProfileHelp()
{
    fmt::print("Usage: quantscope-cli import-ort-profile PROFILE.json --model MODEL.onnx [--json RUN.json]\n"
               "                                        [--md REPORT.md] [--skip-runs N] [--threads N]\n\n"
               "Reads ONNX Runtime's profiling output (SessionOptions enableProfiling: a Chrome-trace JSON array;\n"
               "'*_kernel_time' node events, dur in microseconds, args.op_name), maps node names to MODEL's nodes\n"
               "and prints time per op type and per node, with the quantization-overhead share.\n\n"
               "  --model FILE    the model that was profiled (required: node mapping, op counts, hash)\n"
               "  --json FILE     write a run file with an 'onnxruntime' scenario (latencies from model_run events)\n"
               "  --md FILE       write the Markdown report of that run\n"
               "  --skip-runs N   ignore the first N model_run events (first-run effects); default 0\n"
               "  --threads N     intra-op threads the profile was recorded with, for the record; default 1\n"
               "  --top N         nodes to list; default 10\n");
}

namespace {

bool parseInt(std::string_view text, int64_t& out)
{
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size();
}

} // namespace

int runImportOrtProfile(std::span<char* const> args)
{
    std::string profilePath, modelPath, jsonPath, mdPath;
    int64_t skipRuns = 0, threads = 1, top = 10;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--model" && hasValue) {
            modelPath = args[++i];
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
        } else if (!a.starts_with("-") && profilePath.empty()) {
            profilePath = a;
        } else {
            fmt::print(stderr, "quantscope-cli import-ort-profile: unexpected argument '{}'\n", a);
            return 2;
        }
    }
    if (profilePath.empty() || modelPath.empty()) {
        printImportOrtProfileHelp();
        return 2;
    }
    auto model = loadModel(modelPath);
    if (!model) {
        fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", model.status().toString());
        return 1;
    }
    OrtProfileOptions options;
    options.skipRuns = skipRuns;
    auto profile = importOrtProfile(profilePath, model->get(), options);
    if (!profile) {
        fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", profile.status().toString());
        return 1;
    }
    auto modelRecord = makeModelRecord(**model);
    if (!modelRecord) {
        fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", modelRecord.status().toString());
        return 1;
    }
    const ProfileReport& p = *profile;
    fmt::print("ONNX Runtime profile {} of {}: {} run(s), {} nodes ({} not in the authored model, e.g. fused)\n",
        profilePath, modelRecord->id, p.runs, p.nodes.size(), p.unmatchedNodes);
    fmt::print("Kernel time per run: {:.3f} ms; quantization overhead {:.3f} ms ({:.1f}%)\n\n", p.totalMs,
        p.quantOverheadMs, p.quantOverheadShare * 100);
    fmt::print("{:<36} {:>6} {:>12} {:>8}\n", "op type", "nodes", "ms per run", "share");
    for (const OpTypeProfile& t : p.opTypes)
        fmt::print("{:<36} {:>6} {:>12.3f} {:>7.1f}%\n", t.opType, t.nodes, t.meanMs, t.share * 100);
    fmt::print("\n{:<48} {:<24} {:>12} {:>8}\n", "node", "op type", "ms per run", "share");
    for (size_t i = 0; i < p.nodes.size() && i < static_cast<size_t>(top); ++i)
        fmt::print("{:<48} {:<24} {:>12.3f} {:>7.1f}%\n", p.nodes[i].nodeName, p.nodes[i].opType, p.nodes[i].meanMs,
            p.nodes[i].share * 100);

    if (jsonPath.empty() && mdPath.empty())
        return 0;
    RunRecord record;
    record.createdUtc = utcNowIso8601();
    record.tool
        = fmt::format("quantscope {} (git {}) import-ort-profile {}", versionString(), gitRevision(), profilePath);
    // The importing machine; the profile itself does not say where it was recorded.
    record.machine = collectSystemInfo();
    record.models.push_back(*modelRecord);
    record.config.warmupRuns = skipRuns;
    record.config.runs = p.runs;
    record.config.threads = { static_cast<int32_t>(threads) };
    record.config.modes = { "optimized" };
    record.config.profile = true;
    ScenarioRecord s;
    s.modelId = modelRecord->id;
    s.runtime = "onnxruntime";
    s.threads = static_cast<int32_t>(threads);
    s.mode = "optimized";
    s.warmupRuns = skipRuns;
    s.latenciesMs = p.runLatenciesMs;
    s.profile = p;
    computeScenarioStatistics(s);
    record.scenarios.push_back(std::move(s));
    record.findings = diagnoseRun(record);
    if (!jsonPath.empty()) {
        if (Status st = writeRunFile(jsonPath, record); !st) {
            fmt::print(stderr, "quantscope-cli import-ort-profile: {}\n", st.toString());
            return 1;
        }
        fmt::print("\nRun file written: {}\n", jsonPath);
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

} // namespace qs::cli
