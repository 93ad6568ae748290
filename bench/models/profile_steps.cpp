// SPDX-License-Identifier: MIT
// Per-step profile of one model in the engine: which kernel each step runs and what it costs, plus a per-op-type
// split. Minimums over the runs are printed beside medians because the dev machine is shared (minimums are the
// better estimate of an idle machine's cost).
//
//   build/bin/bench_profile_steps MODEL.onnx [--threads N] [--mode optimized|as-written] [--warmup N] [--runs N]
//                                 [--top N]
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

class StepTimer final : public qs::OpObserver
{
public:
    explicit StepTimer(size_t steps)
        : m_samples(steps)
    { }
    void stepStarted(const qs::StepInfo&) override { m_start = now(); }
    void stepFinished(const qs::StepInfo& step) override { m_samples[size_t(step.index)].push_back(now() - m_start); }
    /// Thread CPU time with one thread (what the step really cost on a shared machine), wall time otherwise.
    bool cpuTime = false;
    const std::vector<std::vector<double>>& samples() const { return m_samples; }

private:
    double now() const
    {
        if (!cpuTime)
            return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
        timespec t {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return 1e3 * double(t.tv_sec) + 1e-6 * double(t.tv_nsec);
    }
    double m_start = 0;
    std::vector<std::vector<double>> m_samples;
};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

int usage()
{
    fmt::print(stderr,
        "usage: bench_profile_steps MODEL.onnx [--threads N] [--mode optimized|as-written] [--warmup N] [--runs N] "
        "[--top N]\n");
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2)
        return usage();
    std::string path = argv[1];
    qs::SessionOptions options;
    int warmup = 5, runs = 20;
    size_t top = 25;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string k = argv[i];
        const char* v = argv[i + 1];
        if (k == "--threads")
            options.threads = std::atoi(v);
        else if (k == "--mode")
            options.mode = std::string(v) == "as-written" ? qs::ExecutionMode::AsWritten : qs::ExecutionMode::Optimized;
        else if (k == "--warmup")
            warmup = std::atoi(v);
        else if (k == "--runs")
            runs = std::atoi(v);
        else if (k == "--top")
            top = size_t(std::atoi(v));
        else
            return usage();
    }
    auto model = qs::loadModel(path);
    if (!model) {
        fmt::print(stderr, "{}\n", model.status().message());
        return 1;
    }
    std::shared_ptr<const qs::Model> shared = std::move(model).value();
    auto session = qs::Session::create(shared, options);
    if (!session) {
        fmt::print(stderr, "{}\n", session.status().message());
        return 1;
    }
    qs::Session& s = **session;
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> dist(0.0f, 1.0f);
    std::vector<qs::HostTensor> inputs;
    for (const qs::IoInfo& io : s.inputs()) {
        qs::HostTensor t(io.type, io.dims);
        if (io.type == qs::DataType::Float)
            for (float& f : t.data<float>())
                f = dist(rng);
        inputs.push_back(std::move(t));
    }
    for (int i = 0; i < warmup; ++i)
        if (auto r = s.run(inputs); !r) {
            fmt::print(stderr, "{}\n", r.status().message());
            return 1;
        }
    StepTimer timer(s.steps().size());
    timer.cpuTime = options.threads == 1;
    std::vector<double> totals, cpuTotals;
    auto processCpuMs = [] {
        timespec t {};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        return 1e3 * double(t.tv_sec) + 1e-6 * double(t.tv_nsec);
    };
    for (int i = 0; i < runs; ++i) {
        const double c0 = processCpuMs();
        const auto t0 = Clock::now();
        qs::RunControl control;
        control.observer = &timer;
        if (auto r = s.run(inputs, control); !r) {
            fmt::print(stderr, "{}\n", r.status().message());
            return 1;
        }
        totals.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        cpuTotals.push_back(processCpuMs() - c0);
    }
    fmt::print("{}: {} steps, {} threads, run median {:.2f} ms, min {:.2f} ms, process CPU median {:.2f} ms (with "
               "observer)\n",
        path, s.steps().size(), options.threads, median(totals), *std::min_element(totals.begin(), totals.end()),
        median(cpuTotals));

    struct Row
    {
        size_t index;
        double med, min;
    };
    std::vector<Row> rows;
    std::map<std::string, std::pair<double, int>> byType;
    double sumMed = 0, sumMin = 0;
    for (size_t i = 0; i < s.steps().size(); ++i) {
        const auto& v = timer.samples()[i];
        Row r { i, median(v), *std::min_element(v.begin(), v.end()) };
        rows.push_back(r);
        sumMed += r.med;
        sumMin += r.min;
        auto& t = byType[std::string(s.steps()[i].opType)];
        t.first += r.med;
        t.second += 1;
    }
    fmt::print(
        "sum of step medians {:.2f} ms, of step minimums {:.2f} ms\n\nper op type (sum of medians):\n", sumMed, sumMin);
    std::vector<std::pair<std::string, std::pair<double, int>>> types(byType.begin(), byType.end());
    std::sort(types.begin(), types.end(), [](const auto& a, const auto& b) { return a.second.first > b.second.first; });
    for (const auto& [type, t] : types)
        fmt::print("  {:>8.3f} ms {:5.1f} %  x{:<3} {}\n", t.first, 100.0 * t.first / sumMed, t.second, type);
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.med > b.med; });
    fmt::print("\nsteps by median (top {}):\n", top);
    for (size_t k = 0; k < rows.size() && k < top; ++k) {
        const qs::StepInfo& st = s.steps()[rows[k].index];
        fmt::print("  {:>8.3f} ms (min {:>7.3f})  #{:<4} {:<40} {} {}\n", rows[k].med, rows[k].min, rows[k].index,
            s.model().graph().node(st.anchor).name, st.opType, st.implementation);
    }
    return 0;
}
