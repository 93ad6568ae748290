// SPDX-License-Identifier: MIT
// quantscope-cli bench: models x threads x modes through the engine's one benchmark routine, with terminal progress,
// Ctrl-C that keeps partial results, a run file and a Markdown report.
#include "command.h"

#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/ort_target.h>
#include <quantscope/engine/printable.h>
#include <quantscope/engine/resource_limits.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/runtime_discovery.h>
#include <quantscope/engine/session_target.h>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <csignal>
#include <optional>
#include <unistd.h>

namespace qs::cli {

void printBenchHelp()
{
    fmt::print(
        "Usage: quantscope-cli bench MODEL [MODEL...] [--threads 1,auto] [--mode optimized,as-written]\n"
        "                            [--warmup 10] [--runs 100 | --seconds 10] [--input-shape NAME=DIMS]...\n"
        "                            [--profile] [--allow-different-networks] [--runtime quantscope,onnxruntime]\n"
        "                            [--ort-node DIR] [--python CMD] [--json RUN.json] [--md REPORT.md]\n"
        "                            [--memory-limit SIZE]\n\n"
        "Times every model under every thread setting and mode (1 thread = controlled, auto = all cores =\n"
        "practical). Prints statistics per scenario and, for an FP32 and a quantized model of the same network,\n"
        "the speedup with a bootstrap confidence interval and the findings that explain it. Two models that are\n"
        "not the same network (inputs, outputs, layers and weight shapes once quantization is removed) get no\n"
        "verdict; the finding 'different-networks' says how they differ.\n"
        "Ctrl-C or SIGTERM stops the current run (also inside Loop bodies); what was measured is kept, marked\n"
        "partial and written to the run file. Reading a model and preparing a session stop too (per node), but\n"
        "parsing the file and a single oneDNN primitive run to their end. A second Ctrl-C ends at once (exit 130).\n"
        "MODEL may be a pipe, e.g. <(curl -s URL).\n\n"
        "  --threads LIST      comma-separated thread counts or 'auto'; default 1\n"
        "  --mode LIST         optimized, as-written; default optimized\n"
        "  --warmup N          warm-up runs per scenario (the first run is reported separately); default 10\n"
        "  --runs N            measured runs per scenario; default 100\n"
        "  --seconds S         measure for S seconds per scenario instead of a fixed run count\n"
        "  --input-shape S     bind a graph input's shape, e.g. images=1x3x640x640 (repeatable)\n"
        "  --profile           record time per node and per op type\n"
        "  --allow-different-networks\n"
        "                      compare FP32 and quantized models even when they are not the same network\n"
        "  --runtime LIST      quantscope (the engine), onnxruntime (through an adapter process: onnxruntime-node\n"
        "                      or Python's onnxruntime, see 'quantscope-cli runtimes'); default quantscope.\n"
        "                      ONNX Runtime gets the same models, threads, inputs, runs and profiling; as-written\n"
        "                      maps to graph optimizations disabled, optimized to all\n"
        "  --ort-node DIR      the onnxruntime-node folder (or a folder with node_modules/onnxruntime-node)\n"
        "  --python CMD        the Python interpreter with onnxruntime; default python3\n"
        "  --parity            compare the outputs of each FP32/INT8 pair (SQNR, cosine, max/mean |diff|; run file\n"
        "                      'parity' array); inputs: --parity-inputs DIR|random[:N] (default random:1)\n"
        "  --json FILE         write the run file (engine/RUN_FILE_FORMAT.md)\n"
        "  --md FILE           write the Markdown report\n"
        "  --memory-limit SIZE largest single tensor or arena, e.g. 512M, 8G; a model asking for more fails its\n"
        "                      scenario with a message naming the node; default half the physical memory\n");
}

namespace {

std::atomic<int> g_interrupts { 0 };

extern "C" void onInterrupt(int)
{
    // The first SIGINT/SIGTERM cancels (the run stops at its next check, results so far are kept); a second one
    // ends the process at once, for a user who doesn't want to wait for the partial run file or for a step that
    // has no check (reading and parsing a model, preparing a session, a single oneDNN primitive).
    if (g_interrupts.fetch_add(1) >= 1)
        ::_exit(130);
}

/// Installs onInterrupt for SIGINT and SIGTERM for the command's lifetime and restores the previous handlers on
/// every return path.
class InterruptScope
{
public:
    InterruptScope()
    {
        g_interrupts = 0;
        m_previousInt = std::signal(SIGINT, onInterrupt);
        m_previousTerm = std::signal(SIGTERM, onInterrupt);
    }
    ~InterruptScope()
    {
        std::signal(SIGINT, m_previousInt);
        std::signal(SIGTERM, m_previousTerm);
    }
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;

private:
    void (*m_previousInt)(int) = SIG_DFL;
    void (*m_previousTerm)(int) = SIG_DFL;
};

/// "512M", "8G", "1.5G", "1000000" (bytes); K/M/G/T are binary (KiB...). Negative or malformed: nullopt.
std::optional<int64_t> parseByteSize(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    double scale = 1;
    switch (text.back()) {
    case 'K':
    case 'k':
        scale = 1024.0;
        break;
    case 'M':
    case 'm':
        scale = 1024.0 * 1024;
        break;
    case 'G':
    case 'g':
        scale = 1024.0 * 1024 * 1024;
        break;
    case 'T':
    case 't':
        scale = 1024.0 * 1024 * 1024 * 1024;
        break;
    default:
        break;
    }
    if (scale != 1)
        text.remove_suffix(1);
    double v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size() || !(v > 0) || v * scale > 9e18)
        return std::nullopt;
    return int64_t(v * scale);
}

std::vector<std::string> splitList(std::string_view text)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = text.find(',', start);
        const auto item = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        if (!item.empty())
            out.emplace_back(item);
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return out;
}

template <typename T> bool parseNumber(std::string_view text, T& out)
{
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size();
}

int usageError(const std::string& message)
{
    fmt::print(stderr, "quantscope-cli bench: {}\nRun 'quantscope-cli bench --help' for the options.\n", message);
    return 2;
}

class TerminalProgress
{
public:
    explicit TerminalProgress(bool tty)
        : m_tty(tty)
    { }

    void scenarioStart(size_t index, size_t total, const std::string& label)
    {
        m_prefix = fmt::format("[{}/{}] {}", index + 1, total, label);
        if (!m_tty)
            fmt::print(stderr, "{} ...\n", m_prefix);
    }

    void update(BenchmarkControl::Phase phase, int64_t done, int64_t total)
    {
        if (!m_tty)
            return;
        // Don't spam the terminal: at most ~10 updates per second.
        const auto now = std::chrono::steady_clock::now();
        if (now - m_last < std::chrono::milliseconds(100) && done != total)
            return;
        m_last = now;
        const char* what = phase == BenchmarkControl::Phase::Preparing
            ? "preparing"
            : (phase == BenchmarkControl::Phase::WarmingUp ? "warming up" : "measuring");
        const std::string count = total >= 0 ? fmt::format("{}/{}", done, total) : fmt::format("{}", done);
        fmt::print(stderr, "\r\033[K{}: {} {}", m_prefix, what, count);
    }

    void scenarioDone(const ScenarioRecord& s)
    {
        const std::string result = s.hasSamples()
            ? fmt::format("median {:.2f} ms, mean {:.2f} ms, CV {:.1f}%, {} runs{}", s.stats.p50Ms, s.stats.meanMs,
                s.stats.cv * 100, s.stats.count, s.status == ScenarioStatus::Partial ? " (partial)" : "")
            : (s.status == ScenarioStatus::Failed ? "failed: " + s.error.substr(0, s.error.find('\n'))
                                                  : "cancelled: " + s.partialReason);
        if (m_tty)
            fmt::print(stderr, "\r\033[K");
        fmt::print(stderr, "{}: {}\n", m_prefix, result);
    }

private:
    bool m_tty;
    std::string m_prefix;
    std::chrono::steady_clock::time_point m_last {};
};

} // namespace

int runBench(std::span<char* const> args)
{
    BenchmarkPlan plan;
    std::vector<std::string> modelPaths;
    std::string jsonPath, mdPath;
    bool runsGiven = false, secondsGiven = false;
    LoadOptions loadOptions;
    RuntimeDiscoveryOptions discovery;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        const bool hasValue = i + 1 < args.size();
        auto value = [&] { return std::string_view(args[++i]); };
        if (a == "--threads" && hasValue) {
            plan.threads.clear();
            for (const std::string& t : splitList(value())) {
                int32_t n = 0;
                if (t == "auto")
                    plan.threads.push_back(0);
                else if (parseNumber(t, n) && n >= 1)
                    plan.threads.push_back(n);
                else
                    return usageError(fmt::format("--threads: '{}' is neither a positive number nor 'auto'", t));
            }
        } else if (a == "--mode" && hasValue) {
            plan.modes.clear();
            for (const std::string& m : splitList(value())) {
                const std::optional<ExecutionMode> mode = parseExecutionMode(m);
                if (!mode)
                    return usageError(fmt::format("--mode: '{}' is not 'optimized' or 'as-written'", m));
                plan.modes.push_back(*mode);
            }
        } else if (a == "--warmup" && hasValue) {
            if (!parseNumber(value(), plan.config.warmupRuns) || plan.config.warmupRuns < 0)
                return usageError("--warmup needs a non-negative integer");
        } else if (a == "--runs" && hasValue) {
            runsGiven = true;
            if (!parseNumber(value(), plan.config.runs) || plan.config.runs < 1)
                return usageError("--runs needs a positive integer");
        } else if (a == "--seconds" && hasValue) {
            secondsGiven = true;
            const std::string text(value());
            char* end = nullptr;
            plan.config.seconds = std::strtod(text.c_str(), &end);
            if (end == text.c_str() || *end != '\0' || !(plan.config.seconds > 0))
                return usageError("--seconds needs a positive number");
        } else if (a == "--input-shape" && hasValue) {
            const std::string_view spec = value();
            auto parsed = parseInputShapeSpec(spec);
            if (!parsed)
                return usageError(parsed.status().message());
            loadOptions.inputShapes[parsed->first] = parsed->second;
            plan.inputShapes.emplace_back(spec);
        } else if (a == "--runtime" && hasValue) {
            plan.runtimes.clear();
            for (const std::string& r : splitList(value())) {
                const std::optional<Runtime> runtime = parseRuntime(r);
                if (!runtime)
                    return usageError(fmt::format("--runtime: '{}' is not 'quantscope' or 'onnxruntime'", r));
                plan.runtimes.push_back(*runtime);
            }
        } else if (a == "--ort-node" && hasValue) {
            discovery.nodeModulePath = value();
        } else if (a == "--python" && hasValue) {
            discovery.pythonCommand = value();
        } else if (a == "--profile") {
            plan.profile = true;
        } else if (a == "--allow-different-networks") {
            plan.allowDifferentNetworks = true;
        } else if (a == "--parity") {
            plan.parity = true;
        } else if (a == "--parity-inputs" && hasValue) {
            plan.parity = true;
            plan.parityInputs = value();
        } else if (a == "--json" && hasValue) {
            jsonPath = value();
        } else if (a == "--md" && hasValue) {
            mdPath = value();
        } else if (a == "--memory-limit" && hasValue) {
            const auto bytes = parseByteSize(value());
            if (!bytes)
                return usageError("--memory-limit needs a positive size such as 512M or 8G");
            setTensorByteLimit(*bytes);
        } else if (!a.starts_with("-")) {
            modelPaths.emplace_back(a);
        } else {
            return usageError(fmt::format("unknown option or missing value: '{}'", a));
        }
    }
    if (modelPaths.empty())
        return usageError("no model given");
    if (runsGiven && secondsGiven)
        return usageError("--runs and --seconds exclude each other");
    if (plan.threads.empty() || plan.modes.empty() || plan.runtimes.empty())
        return usageError("empty --threads, --mode or --runtime list");
    // From here on Ctrl-C cancels instead of killing: loading polls it while reading the file and per initializer
    // and node (not while protobuf parses or libonnx infers shapes), preparing a session per node, pass and kernel.
    // A second signal ends the process at once.
    InterruptScope interrupts;
    loadOptions.isCancelled = [] { return g_interrupts.load() > 0; };
    std::optional<RuntimeAdapterSpec> ortAdapter;
    if (std::find(plan.runtimes.begin(), plan.runtimes.end(), Runtime::OnnxRuntime) != plan.runtimes.end()) {
        auto found = findOrtAdapter(discovery);
        if (!found) {
            fmt::print(stderr, "quantscope-cli bench: --runtime onnxruntime: {}\n", found.status().message());
            return 1;
        }
        ortAdapter = *found;
        fmt::print(stderr, "onnxruntime: {} adapter ({})\n", ortAdapter->adapter, fmt::join(ortAdapter->command, " "));
    }

    for (const std::string& path : modelPaths) {
        auto model = loadModel(path, loadOptions);
        if (!model && !model.status().isCancelled()) {
            fmt::print(stderr, "quantscope-cli bench: {}\n", model.status().toString());
            return 1;
        }
        if (!model || g_interrupts.load() > 0) {
            fmt::print(
                stderr, "quantscope-cli bench: cancelled while loading {}; nothing was measured\n", quotedName(path));
            return 130;
        }
        plan.models.push_back(*model);
    }
    TerminalProgress progress(::isatty(STDERR_FILENO) == 1);
    BenchmarkControl control;
    control.isCancelled = [] { return g_interrupts.load() > 0; };
    control.onProgress
        = [&](BenchmarkControl::Phase phase, int64_t done, int64_t total) { progress.update(phase, done, total); };
    PlanObserver observer;
    observer.onScenarioStart
        = [&](size_t i, size_t n, const ScenarioRecord& s) { progress.scenarioStart(i, n, s.label()); };
    observer.onScenarioDone = [&](size_t, size_t, const ScenarioRecord& s) { progress.scenarioDone(s); };
    observer.onWarning = [](const std::string& m) { fmt::print(stderr, "quantscope-cli bench: {}\n", m); };
    plan.parityInputShapes = loadOptions.inputShapes;
    const auto shapes = loadOptions.inputShapes;
    auto factory = [&](const std::shared_ptr<const Model>& model, const ScenarioSpec& spec) {
        if (spec.runtime == Runtime::OnnxRuntime)
            return createOrtTarget(model, spec, shapes, *ortAdapter);
        return createSessionTarget(model, spec, shapes);
    };
    auto record = runBenchmarkPlan(plan, factory, control, observer);
    if (!record) {
        fmt::print(stderr, "quantscope-cli bench: {}\n", record.status().toString());
        return 1;
    }

    fmt::print("{}\n", verdictSentence(*record));
    for (const ComparisonRecord& c : record->comparisons)
        fmt::print("  {} vs {} ({}, {}{}): {:.2f}x (95% CI {:.2f}-{:.2f})\n", c.candidateModel, c.baselineModel,
            threadsText(c.threads), executionModeName(c.mode),
            c.runtime == Runtime::Quantscope ? std::string() : fmt::format(", {}", runtimeName(c.runtime)),
            c.speedup.speedup, c.speedup.low, c.speedup.high);
    for (const Finding& f : record->findings) {
        fmt::print("  [{}] {}\n", findingSeverityName(f.severity), f.title);
        // No silent slow path: the nodes that ran a reference kernel are named here, not only in the files.
        if (f.id == "reference-kernel")
            for (const std::string& e : f.evidence)
                fmt::print("      {}\n", e);
    }
    int rc = 0;
    if (!jsonPath.empty()) {
        if (Status st = writeRunFile(jsonPath, *record); !st) {
            fmt::print(stderr, "quantscope-cli bench: {}\n", st.toString());
            rc = 1;
        }
    }
    if (!mdPath.empty()) {
        if (Status st = writeFileAtomically(mdPath, buildMarkdownReport(*record)); !st) {
            fmt::print(stderr, "quantscope-cli bench: {}\n", st.toString());
            rc = 1;
        }
    }
    if (record->partial) {
        fmt::print(stderr, "quantscope-cli bench: cancelled; partial results kept{}\n",
            jsonPath.empty() && mdPath.empty() ? "" : " in the output files");
        return rc ? rc : 130;
    }
    bool anyOk = false;
    for (const ScenarioRecord& s : record->scenarios)
        anyOk = anyOk || s.hasSamples();
    return rc ? rc : (anyOk ? 0 : 1);
}

extern const Command kBenchCommand { "bench", "time models (FP32 vs INT8) over threads and modes; run file and report",
    runBench, printBenchHelp };

} // namespace qs::cli
