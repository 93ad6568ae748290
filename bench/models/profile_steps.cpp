// SPDX-License-Identifier: MIT
// Per-step profile of one model in the engine: which kernel each step runs and what it costs, split per op type
// and per op type @ kernel implementation (e.g. `ConvInteger @ onednn:jit_uni_int8:avx2 nhwc>nhwc`: the fused dynamic
// conv and the layouts it reads and writes), as Markdown tables. With one thread, steps are timed with the thread's
// CPU clock, which holds up far better than wall time on a shared machine (it excludes waiting for a core); minimums
// are printed beside medians for the same reason. Inputs: uniform [0,1) floats, seed 42. Idle OpenMP threads wait as
// in quantscope-cli (applyOpenMpWaitPolicy: GOMP_SPINCOUNT=3000 unless OMP_WAIT_POLICY or GOMP_SPINCOUNT is set), so
// that a profile at two threads times the steps as the CLI runs them. With libgomp's default (a worker spins up to
// 300,000 iterations at every barrier) the per-step minimums are those of a worker that never slept and the spinning
// shows only in the run times: yolov5nu dynamic at 2 threads on the loaded Zen 5, sum of step minimums 15.2 ms with the
// default against 49.1 ms with the CLI's policy, run medians 426 against 136 ms, and single steps ranked differently
// (bench/archive/2026-11-29-int8-dynamic-two-threads-zen5.md).
//
//   build/bin/bench_profile_steps MODEL.onnx [--threads N] [--mode optimized|as-written] [--warmup N] [--runs N]
//                                 [--top N]
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/openmp_policy.h>
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
    qs::applyOpenMpWaitPolicy(argv); // first: libgomp reads the setting when it is loaded (re-executes the program)
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
            options.mode = qs::parseExecutionMode(v).value_or(qs::ExecutionMode::Optimized);
        else if (k == "--warmup")
            warmup = std::atoi(v);
        else if (k == "--runs")
            runs = std::atoi(v);
        else if (k == "--top")
            top = size_t(std::atoi(v));
        else
            return usage();
    }
    // The int8 kernels' A/B switches (QS_INT8_OWN_AVX2, QS_CHANNEL_PAIRING, ...: int8_kernel_options.h).
    auto int8 = qs::int8KernelOptionsFromEnvironment();
    if (!int8) {
        fmt::print(stderr, "{}\n", int8.status().message());
        return 2;
    }
    options.int8 = *int8;
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

    struct Agg
    {
        int count = 0;
        double ms = 0.0;
    };
    std::map<std::string, Agg> byOp, byImpl;
    std::vector<double> med(s.steps().size()), mins(s.steps().size());
    double sumMed = 0, sumMin = 0;
    for (size_t i = 0; i < s.steps().size(); ++i) {
        const auto& v = timer.samples()[i];
        med[i] = median(v);
        mins[i] = *std::min_element(v.begin(), v.end());
        sumMed += med[i];
        sumMin += mins[i];
        // The anchor's op type ("ConvInteger" of "ConvInteger+Mul+Cast+..."), as the CLI bench's per-op-type table.
        const qs::StepInfo& st = s.steps()[i];
        const std::string op(st.opType.substr(0, st.opType.find('+')));
        byOp[op].count++;
        byOp[op].ms += med[i];
        Agg& im = byImpl[op + " @ " + std::string(st.implementation)];
        im.count++;
        im.ms += med[i];
    }
    fmt::print("sum of step medians {:.2f} ms, of step minimums {:.2f} ms\n", sumMed, sumMin);
    const auto printAgg = [&](const char* title, const std::map<std::string, Agg>& m) {
        std::vector<std::pair<std::string, Agg>> v(m.begin(), m.end());
        std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second.ms > b.second.ms; });
        fmt::print("\n| {} | steps | ms per run (sum of medians) | share |\n|---|---:|---:|---:|\n", title);
        for (const auto& [k, a] : v)
            fmt::print("| {} | {} | {:.2f} | {:.1f} % |\n", k, a.count, a.ms, 100.0 * a.ms / sumMed);
    };
    printAgg("op type (anchor)", byOp);
    printAgg("op type @ implementation", byImpl);
    std::vector<size_t> order(s.steps().size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return med[a] > med[b]; });
    if (top > 0)
        fmt::print(
            "\n| step | anchor | op type | implementation | median ms | min ms |\n|---:|---|---|---|---:|---:|\n");
    for (size_t k = 0; k < order.size() && k < top; ++k) {
        const qs::StepInfo& st = s.steps()[order[k]];
        fmt::print("| {} | {} | {} | {} | {:.3f} | {:.3f} |\n", st.index, s.model().graph().node(st.anchor).name,
            st.opType, st.implementation, med[order[k]], mins[order[k]]);
    }
    return 0;
}
