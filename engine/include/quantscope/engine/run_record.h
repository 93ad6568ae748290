// SPDX-License-Identifier: MIT
// Everything one benchmark run produced, as plain values: what the run file (engine/RUN_FILE_FORMAT.md) stores,
// what the diagnosis reads and what the Markdown report prints.
#pragma once

#include <quantscope/engine/analysis.h>
#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/execution_mode.h>
#include <quantscope/engine/latency_stats.h>
#include <quantscope/engine/profile_report.h>
#include <quantscope/engine/status.h>
#include <quantscope/engine/system_info.h>
#include <quantscope/engine/targets.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace qs {

class Model;

/// What quantization leaves unchanged in a network (network_identity.h): compared before a verdict so two different
/// networks are never compared.
struct NetworkSignature
{
    std::vector<std::string> inputs; ///< "name[1x3x224x224]" in graph order
    std::vector<std::string> outputs;
    std::vector<std::string> layers; ///< weighted layers in graph order, float op and weight shape: "Conv 64x3x7x7"
    std::map<std::string, int64_t> floatOps; ///< other operators once quantization nodes are removed -> count
};

struct ModelRecord
{
    std::string id; ///< short label used by scenarios ("yolov5nu_int8_dynamic_seed")
    std::string path;
    std::string sha256; ///< of the .onnx file, lowercase hex
    int64_t fileSizeBytes = 0;
    QuantFormat format = QuantFormat::Fp32;
    int64_t nodeCount = 0;
    std::map<std::string, int64_t> opCounts; ///< qualified op type -> count
    /// Integer/QLinear compute nodes whose activation input is signed int8 (S8S8 on x64 is slow in ONNX Runtime).
    int64_t signedActivationNodes = 0; ///< integer conv/matmul nodes (u8·s8 kernels) reading int8 activations
    std::optional<int64_t> totalMacs;
    std::optional<NetworkSignature> network; ///< since run file 1.2
    /// Where the file runs, falls back or cannot load, per deployment-target table (since run file 1.3); nullopt when
    /// not examined (older files, records made without tables).
    std::optional<std::vector<TargetSummary>> targets;

    bool isQuantized() const { return format != QuantFormat::Fp32; }
    int64_t opCount(const std::string& opType) const
    {
        auto it = opCounts.find(opType);
        return it == opCounts.end() ? 0 : it->second;
    }
};

/// How a scenario ended. The run file spells it "ok", "partial" (cancelled, samples kept) or "failed".
enum class ScenarioStatus
{
    Ok,
    Partial,
    Failed
};
std::string_view scenarioStatusName(ScenarioStatus status) noexcept; ///< "ok", "partial", "failed"
/// The status a run file names; nullopt for any other word.
std::optional<ScenarioStatus> parseScenarioStatus(std::string_view name) noexcept;

/// Who measured a scenario: the engine, or ONNX Runtime through an adapter process (or an imported profile). The run
/// file and the CLI (--runtime) spell it "quantscope" or "onnxruntime".
enum class Runtime
{
    Quantscope,
    OnnxRuntime
};
std::string_view runtimeName(Runtime runtime) noexcept; ///< "quantscope", "onnxruntime"
/// The runtime a word names; nullopt for any other word.
std::optional<Runtime> parseRuntime(std::string_view name) noexcept;

struct ScenarioRecord
{
    std::string modelId;
    Runtime runtime = Runtime::Quantscope;
    int32_t threads = 1; ///< intra-op threads; 0 = all cores ("auto")
    ExecutionMode mode = ExecutionMode::Optimized;
    ScenarioStatus status = ScenarioStatus::Ok;
    std::string error; ///< when failed: the engine's message
    std::vector<std::string> unsupportedOps; ///< when preparation failed for unsupported operators
    double prepareMs = 0;
    std::optional<double> firstRunMs;
    int64_t warmupRuns = 0;
    std::vector<double> latenciesMs;
    std::string partialReason;
    std::optional<int64_t> peakRssBytes;
    std::optional<int64_t> arenaBytes;
    LatencyStats stats; ///< of latenciesMs
    Histogram histogram; ///< Freedman–Diaconis, of latenciesMs
    std::optional<ProfileReport> profile;
    /// For another runtime: its version, providers, session options and the CPU's INT8 features (format 1.2).
    std::optional<RuntimeInfo> runtimeInfo;

    /// "yolov5nu_fp32 · 1 thread · optimized"
    std::string label() const;
    bool hasSamples() const { return !latenciesMs.empty() && status != ScenarioStatus::Failed; }
};

/// FP32 (baseline) vs quantized (candidate) of the same network under the same threads and mode.
struct ComparisonRecord
{
    std::string baselineModel;
    std::string candidateModel;
    int32_t threads = 1;
    ExecutionMode mode = ExecutionMode::Optimized;
    Runtime runtime = Runtime::Quantscope; ///< both scenarios ran on this runtime
    SpeedupEstimate speedup; ///< median(baseline) / median(candidate); > 1: the candidate is faster
    double sizeRatio = 0; ///< candidate file size / baseline file size
};

/// Output agreement of a model with a reference (another model or ONNX Runtime), when it was checked.
struct ParityRecord
{
    std::string modelId;
    std::string reference; ///< a model id or "onnxruntime"
    std::string output; ///< output tensor name
    double maxAbsError = 0;
    double meanAbsError = 0;
    std::optional<double> cosineSimilarity;
    // Since run file 1.2 (absent in older files):
    std::optional<double> rmse;
    std::optional<double> sqnrDb; ///< null when the two are identical (infinite SQNR) or not measured
    std::optional<double> top1Agreement; ///< classifier outputs: share of samples whose arg max agrees
    std::optional<bool> pass; ///< by the thresholds in effect (SQNR >= 20 dB, cosine >= 0.99 by default)
    int64_t samples = 0;
};

enum class FindingSeverity
{
    Info,
    Warning,
    Critical
};
std::string_view findingSeverityName(FindingSeverity severity) noexcept; ///< "info", "warning", "critical"
/// "1 thread", "2 threads", "all cores" (0): the one English wording of a thread setting.
std::string threadsText(int32_t threads);

/// A value a front end puts into its own phrasing of a message: a count, a measured number or a name.
using MessageValue = std::variant<int64_t, double, std::string>;
/// Named values of a message ("model" -> "yolov5nu_int8", "share" -> 0.276).
using MessageArgs = std::map<std::string, MessageValue>;

/// One evidence line in structured form: which kind of line of its rule, with its values.
struct EvidenceLine
{
    std::string kind; ///< stable within the rule ("op-counts", "measured-speedup", ...)
    MessageArgs args;
};

/// The English text fields are what the CLI and the engine's Markdown report print. `id` + `args` and
/// `evidenceLines` carry the same content as values, so a front end can phrase it in the user's language; run files
/// written before format 1.1 have neither, and readers then show the English text.
struct Finding
{
    std::string id; ///< stable rule id ("no-int8-dot-product", ...)
    FindingSeverity severity = FindingSeverity::Info;
    std::string title; ///< one sentence, used after "because" in the verdict
    std::vector<std::string> evidence; ///< measured or counted numbers, one per line
    std::string advice;
    MessageArgs args; ///< values of title and advice; "variant" selects a rule's alternative wording
    std::vector<EvidenceLine> evidenceLines; ///< one per `evidence` line, same order; empty in older run files

    /// True when evidenceLines describe evidence line for line (a run file from format 1.1 on).
    bool hasStructuredEvidence() const { return !evidenceLines.empty() && evidenceLines.size() == evidence.size(); }
};

/// Something the run could not add, with the reason; the run went on without it (PlanObserver::onWarning). Since run
/// file 1.5; older files have none.
struct RunWarning
{
    /// What was left out: "target-tables" (no deployment-target summaries; args `reason`), "parity" (a pair's
    /// outputs were not compared; args `candidate`, `baseline`, `reason`). Readers keep kinds they do not know and
    /// show `message`.
    std::string kind;
    std::string message; ///< the engine's English text, as the CLI prints it
    MessageArgs args; ///< the values a front end phrases the kind with; `reason` is the engine's English text
};

struct RunConfig
{
    int64_t warmupRuns = 10;
    int64_t runs = 100;
    double seconds = 0;
    std::vector<int32_t> threads; ///< as requested; 0 = auto
    std::vector<ExecutionMode> modes;
    std::vector<Runtime> runtimes { Runtime::Quantscope }; ///< since format 1.2
    std::vector<std::string> inputShapes; ///< NAME=DIMS as given
    bool profile = false;
    /// The user asked to compare models that are not the same network (network_identity.h); since run file 1.2.
    bool allowDifferentNetworks = false;
};

struct RunRecord
{
    std::string createdUtc; ///< ISO 8601, "2026-11-22T07:00:00Z"
    std::string tool; ///< "quantscope 0.1.0 (git abc)"
    SystemInfo machine;
    std::vector<ModelRecord> models;
    RunConfig config;
    std::vector<ScenarioRecord> scenarios;
    std::vector<ComparisonRecord> comparisons;
    std::vector<ParityRecord> parity;
    std::vector<Finding> findings;
    std::vector<RunWarning> warnings; ///< in the order they were raised; since run file 1.5
    bool partial = false; ///< some scenario was cancelled or not run
    /// Read from a run file older than format 1.1: its findings are the engine's English text only, without the
    /// values a front end phrases them from. Not written (a record written again stores its findings' values).
    bool findingsAsText = false;
    /// The findings were derived again from the record's measurements when it was read
    /// (rederiveFindingsStoredAsText in diagnosis.h), in place of the file's English-only ones.
    bool findingsRederived = false;

    const ModelRecord* model(const std::string& id) const;
    /// The quantscope scenario of a model with these threads and mode, if present.
    const ScenarioRecord* scenario(
        const std::string& modelId, int32_t threads, ExecutionMode mode, Runtime runtime = Runtime::Quantscope) const;
    /// Every op type of the models, the one with the most nodes in any model first, ties by name: the order of the
    /// reports' op-count tables.
    std::vector<std::string> opTypesByCount() const;
};

/// Fills stats and histogram of a scenario from its latencies.
void computeScenarioStatistics(ScenarioRecord& scenario);

/// Pairs every quantized model with the FP32 model of the same network (matchNetworks; among several, the one whose id
/// shares the longest prefix) under the same runtime, threads and mode, both with samples, and computes the bootstrap
/// speedup (2000 resamples, 95%, seed 42) and size ratio. A quantized model without an FP32 model of its network is
/// not compared unless `config.allowDifferentNetworks` is set (see networkMismatches).
std::vector<ComparisonRecord> compareModels(const RunRecord& record);

/// Describes a loaded model: id (file stem, or the parent folder's name for "model.onnx"), path, SHA-256 of the file,
/// analysis (format, op counts, MACs) and, given `targetTables`, a summary per deployment target. Fails when the file
/// cannot be read for hashing.
Result<ModelRecord> makeModelRecord(const Model& model, const std::vector<TargetTable>* targetTables = nullptr);

/// SHA-256 of a file as lowercase hex.
Result<std::string> sha256File(const std::filesystem::path& path);
/// SHA-256 of bytes as lowercase hex.
std::string sha256Hex(std::string_view bytes);

/// The current UTC time in ISO 8601.
std::string utcNowIso8601();

} // namespace qs
