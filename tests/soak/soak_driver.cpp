// SPDX-License-Identifier: MIT
// Benchmark soak: loads each model, prepares a session per mode and thread count, benchmarks it with the shared
// benchmark routine and throws everything away, round after round, until the time is up. After every round it reads
// the kernel's own account of the process - resident set (VmRSS), open file descriptors (/proc/self/fd) and threads -
// and at the end fails when any of them grew after the warm-up rounds. A leak of one session or one loaded model per
// round shows up as steady growth; glibc's arenas and oneDNN's primitive cache settle in the warm-up rounds.
//
// Usage: soak_driver [--minutes M] [--runs N] [--warm-rounds K] [--rss-margin-mib R] [--leak-mib-per-round L] MODEL...
//   MODEL is a model.onnx file or a folder holding model.onnx. The targets are the benchmark's own
//   (createSessionTarget: the CLI's and the GUI's inputs). --leak-mib-per-round leaks on purpose, to show the check
//   can fail.
#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session_target.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Sample
{
    int round = 0;
    double elapsedS = 0;
    int64_t rssKiB = 0;
    int64_t fds = 0;
    int64_t threads = 0;
};

int64_t statusField(const char* key)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    const size_t n = std::strlen(key);
    while (std::getline(in, line))
        if (line.compare(0, n, key) == 0)
            return std::atoll(line.c_str() + n);
    return -1;
}

int64_t openDescriptors()
{
    int64_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd"))
        ++n;
    return n - 1; // the iterator's own descriptor
}

} // namespace

int main(int argc, char** argv)
{
    double minutes = 30;
    int64_t runs = 20;
    int warmRounds = 2;
    int64_t marginMiB = 32;
    int64_t leakMiB = 0;
    std::vector<fs::path> cases;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "soak_driver: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--minutes")
            minutes = std::atof(next());
        else if (a == "--runs")
            runs = std::atoll(next());
        else if (a == "--warm-rounds")
            warmRounds = std::atoi(next());
        else if (a == "--rss-margin-mib")
            marginMiB = std::atoll(next());
        else if (a == "--leak-mib-per-round")
            leakMiB = std::atoll(next());
        else
            cases.push_back(fs::is_directory(a) ? fs::path(a) / "model.onnx" : fs::path(a));
    }
    if (cases.empty()) {
        std::fprintf(stderr,
            "usage: soak_driver [--minutes M] [--runs N] [--warm-rounds K] [--rss-margin-mib R] "
            "[--leak-mib-per-round L] MODEL...\n");
        return 2;
    }

    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    std::vector<Sample> samples;
    std::vector<std::unique_ptr<char[]>> leaked;
    int64_t scenarios = 0;
    std::printf("round  elapsed_s  rss_mib  fds  threads  scenarios\n");
    for (int round = 1; round <= warmRounds + 1 || elapsed() < minutes * 60; ++round) {
        for (const fs::path& file : cases) {
            auto model = qs::loadModel(file);
            if (!model) {
                std::fprintf(stderr, "soak_driver: %s: %s\n", file.c_str(), model.status().message().c_str());
                return 1;
            }
            for (const char* mode : { "as-written", "optimized" })
                for (int threads : { 1, 2 }) {
                    qs::ScenarioSpec spec;
                    spec.mode = *qs::parseExecutionMode(mode);
                    spec.threads = threads;
                    auto target = qs::createSessionTarget(*model, spec, {});
                    qs::BenchmarkConfig config;
                    config.warmupRuns = 2;
                    config.runs = runs;
                    auto r = target ? qs::runBenchmark(config, **target)
                                    : qs::Result<qs::BenchmarkResult>(target.status());
                    if (!r) {
                        std::fprintf(stderr, "soak_driver: %s (%s, %d threads): %s\n", file.c_str(), mode, threads,
                            r.status().message().c_str());
                        return 1;
                    }
                    ++scenarios;
                }
        }
        if (leakMiB > 0) { // the deliberate leak: touched, so it is resident
            leaked.emplace_back(new char[static_cast<size_t>(leakMiB) << 20]);
            std::memset(leaked.back().get(), 1, static_cast<size_t>(leakMiB) << 20);
        }
        Sample s { round, elapsed(), statusField("VmRSS:"), openDescriptors(), statusField("Threads:") };
        samples.push_back(s);
        std::printf("%5d  %9.1f  %7.1f  %3lld  %7lld  %9lld\n", s.round, s.elapsedS, s.rssKiB / 1024.0,
            static_cast<long long>(s.fds), static_cast<long long>(s.threads), static_cast<long long>(scenarios));
        std::fflush(stdout);
    }

    const Sample& base = samples[static_cast<size_t>(warmRounds) - 1];
    const Sample& last = samples.back();
    const int64_t growthKiB = last.rssKiB - base.rssKiB;
    const bool rssOk = growthKiB <= marginMiB * 1024;
    const bool fdsOk = last.fds <= base.fds;
    const bool threadsOk = last.threads <= base.threads;
    std::printf("\n%zu rounds, %lld scenarios in %.1f min. After round %d: RSS %+.1f MiB (margin %lld MiB) %s, "
                "file descriptors %+lld %s, threads %+lld %s\n",
        samples.size(), static_cast<long long>(scenarios), last.elapsedS / 60, warmRounds, growthKiB / 1024.0,
        static_cast<long long>(marginMiB), rssOk ? "ok" : "GREW", static_cast<long long>(last.fds - base.fds),
        fdsOk ? "ok" : "GREW", static_cast<long long>(last.threads - base.threads), threadsOk ? "ok" : "GREW");
    return rssOk && fdsOk && threadsOk ? 0 : 1;
}
