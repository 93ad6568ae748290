// SPDX-License-Identifier: MIT
// Issue 19, "memory use stays within the arena plus a documented margin": benchmarks each model through the shared
// benchmark routine and compares the kernel's account of the process (VmRSS before preparation, VmHWM - the peak
// resident set - reset before preparation by runBenchmark) with what the plan says it needs:
//
//   peak RSS - RSS before preparation  <=  arena + 2 x weight bytes + margin
//
// The arena is the planner's activation memory (Session::peakArenaBytes). Weights count twice because a prepared
// session keeps its own copies in the layout its kernels read (reordered, packed, split int8 weights) while the model
// keeps the file's. The margin (default 64 MiB, --margin-mib) covers what neither accounts for: the inputs and
// outputs, oneDNN's scratchpads and JIT code, OpenMP's thread stacks, the allocator's slack. README.md and
// engine/ARCHITECTURE.md quote the same rule. Exit 1 when a scenario exceeds it; every figure is printed.
//
// Usage: memory_margin [--margin-mib M] [--runs N] MODEL...   (MODEL: model.onnx or a folder holding it)
#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session_target.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <malloc.h>
#include <memory>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

int64_t residentBytes()
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::atoll(line.c_str() + 6) * 1024;
    return -1;
}

int64_t weightBytes(const qs::Model& model)
{
    int64_t total = 0;
    const qs::Graph& g = model.graph();
    for (qs::ValueId v = 0; v < static_cast<qs::ValueId>(g.values().size()); ++v)
        if (const qs::Tensor* t = g.constantData(v))
            total += static_cast<int64_t>(t->byteSize());
    // PyTorch's QDQ exports hold their int8 weights in Constant nodes, not initializers.
    for (const qs::Node& n : g.nodes())
        if (n.opType == "Constant")
            for (const qs::Attribute& a : n.attributes)
                total += static_cast<int64_t>(a.t.byteSize());
    return total;
}

double mib(int64_t bytes)
{
    return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

} // namespace

int main(int argc, char** argv)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    // Shadow memory, redzones and the free quarantine multiply the resident set: the bound says nothing there.
    std::puts("memory_margin: built with a sanitizer, whose own memory the bound does not cover - skipped");
    return 77;
#endif
    int64_t marginMiB = 64;
    int64_t runs = 5;
    std::vector<fs::path> models;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--margin-mib" || a == "--runs") && i + 1 < argc)
            (a == "--runs" ? runs : marginMiB) = std::atoll(argv[++i]);
        else
            models.push_back(fs::is_directory(a) ? fs::path(a) / "model.onnx" : fs::path(a));
    }
    if (models.empty()) {
        std::fprintf(stderr, "usage: memory_margin [--margin-mib M] [--runs N] MODEL...\n");
        return 2;
    }
    int failures = 0;
    std::printf("%-48s %-10s %3s %9s %9s %9s %9s %9s  %s\n", "model", "mode", "thr", "peak-MiB", "grew-MiB",
        "arena-MiB", "weights", "bound-MiB", "verdict");
    for (const fs::path& file : models) {
        auto model = qs::loadModel(file);
        if (!model) {
            std::fprintf(stderr, "memory_margin: %s: %s\n", file.c_str(), model.status().message().c_str());
            return 2;
        }
        const int64_t weights = weightBytes(**model);
        for (const char* mode : { "as-written", "optimized" })
            for (int threads : { 1, 2 }) {
                qs::ScenarioSpec spec;
                spec.mode = *qs::parseExecutionMode(mode);
                spec.threads = threads;
                // Free heap kept by the allocator from the previous scenario would hide this one's growth.
                malloc_trim(0);
                const int64_t before = residentBytes();
                int64_t arena = 0;
                std::optional<int64_t> peak;
                bool processWide = false;
                {
                    auto target = qs::createSessionTarget(*model, spec, {});
                    qs::BenchmarkConfig config;
                    config.warmupRuns = 1;
                    config.runs = runs;
                    auto r = target ? qs::runBenchmark(config, **target)
                                    : qs::Result<qs::BenchmarkResult>(target.status());
                    if (!r) {
                        std::fprintf(stderr, "memory_margin: %s: %s\n", file.c_str(), r.status().message().c_str());
                        return 2;
                    }
                    arena = r->arenaBytes.value_or(0);
                    peak = r->peakRssBytes;
                    processWide = r->peakRssIsProcessWide;
                }
                const std::string name = file.parent_path().filename().string() + "/" + file.filename().string();
                if (!peak || processWide) {
                    std::printf("%-48s %-10s %3d  peak RSS could not be reset here: not checked\n", name.c_str(), mode,
                        threads);
                    continue;
                }
                const int64_t grew = *peak - before;
                const int64_t bound = arena + 2 * weights + (marginMiB << 20);
                const bool ok = grew <= bound;
                failures += ok ? 0 : 1;
                std::printf("%-48s %-10s %3d %9.1f %9.1f %9.1f %9.1f %9.1f  %s\n", name.c_str(), mode, threads,
                    mib(*peak), mib(grew), mib(arena), mib(weights), mib(bound), ok ? "ok" : "EXCEEDS");
            }
    }
    std::printf(
        "\nrule: peak RSS - RSS before preparation <= arena + 2 x weights + %lld MiB; %d scenario(s) exceed it\n",
        static_cast<long long>(marginMiB), failures);
    return failures == 0 ? 0 : 1;
}
