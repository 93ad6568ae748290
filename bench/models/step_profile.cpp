// SPDX-License-Identifier: MIT
// Per-step thread-CPU profile of one model in one mode: which fused step (and which kernel implementation) costs
// what, per layer and per op type. Thread CPU time (not wall time) is what this thread spent on a core, so it holds
// up better than wall time on a shared machine; compare runs of one invocation only.
//
//   step_profile MODEL.onnx [--mode optimized|as-written] [--runs N] [--warmup N] [--top N]
//
// Single thread (the steps' own OpenMP regions are limited to 1 thread). Inputs: uniform [0,1) floats, seed 1.
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

double threadCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

class StepTimer final : public qs::OpObserver
{
public:
    std::vector<double> cpuMs;
    bool recording = false;

    void runStarted(int32_t stepCount) override { cpuMs.resize(size_t(stepCount), 0.0); }
    void stepStarted(const qs::StepInfo&) override { m_start = threadCpuMs(); }
    void stepFinished(const qs::StepInfo& step) override
    {
        if (recording)
            cpuMs[size_t(step.index)] += threadCpuMs() - m_start;
    }

private:
    double m_start = 0.0;
};

int usage()
{
    fmt::print(
        stderr, "usage: step_profile MODEL.onnx [--mode optimized|as-written] [--runs N] [--warmup N] [--top N]\n");
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2)
        return usage();
    std::string path = argv[1];
    qs::SessionOptions options;
    options.threads = 1;
    int runs = 10, warmup = 3, top = 25;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        if (a == "--mode")
            options.mode = v == "as-written" ? qs::ExecutionMode::AsWritten : qs::ExecutionMode::Optimized;
        else if (a == "--runs")
            runs = std::atoi(v.c_str());
        else if (a == "--warmup")
            warmup = std::atoi(v.c_str());
        else if (a == "--top")
            top = std::atoi(v.c_str());
        else
            return usage();
    }
    auto model = qs::loadModel(path);
    if (!model.isOk()) {
        fmt::print(stderr, "{}\n", model.status().toString());
        return 1;
    }
    auto session = qs::Session::create(model.value(), options);
    if (!session.isOk()) {
        fmt::print(stderr, "{}\n", session.status().toString());
        return 1;
    }
    qs::Session& s = *session.value();
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> dist(0.0f, 1.0f);
    std::vector<qs::HostTensor> inputs;
    for (const qs::IoInfo& io : s.inputs()) {
        qs::HostTensor t(io.type, io.dims);
        if (io.type == qs::DataType::Float)
            for (float& x : t.data<float>())
                x = dist(rng);
        inputs.push_back(std::move(t));
    }
    StepTimer timer;
    qs::RunControl control;
    control.observer = &timer;
    std::vector<double> wall, cpu;
    for (int r = 0; r < warmup + runs; ++r) {
        timer.recording = r >= warmup;
        const double c0 = threadCpuMs();
        const auto t0 = std::chrono::steady_clock::now();
        auto out = s.run(inputs, control);
        if (!out.isOk()) {
            fmt::print(stderr, "{}\n", out.status().toString());
            return 1;
        }
        if (r >= warmup) {
            wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
            cpu.push_back(threadCpuMs() - c0);
        }
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    const auto steps = s.steps();
    double stepTotal = 0.0;
    for (double ms : timer.cpuMs)
        stepTotal += ms / runs;
    fmt::print("{} · {} · 1 thread: wall median {:.2f} ms (min {:.2f}), thread CPU median {:.2f} ms (min {:.2f}), "
               "steps {:.2f} ms, {} steps\n",
        path, qs::executionModeName(options.mode), wall[wall.size() / 2], wall.front(), cpu[cpu.size() / 2],
        cpu.front(), stepTotal, steps.size());

    struct Agg
    {
        int count = 0;
        double ms = 0.0;
    };
    std::map<std::string, Agg> byOp, byImpl;
    std::vector<size_t> order(steps.size());
    for (size_t i = 0; i < steps.size(); ++i) {
        order[i] = i;
        const double ms = timer.cpuMs[i] / runs;
        // The anchor's op type ("ConvInteger" of "ConvInteger+Mul+Cast+..."), as the bench's per-op-type table.
        std::string op(steps[i].opType.substr(0, steps[i].opType.find('+')));
        byOp[op].count++;
        byOp[op].ms += ms;
        Agg& im = byImpl[op + " @ " + std::string(steps[i].implementation)];
        im.count++;
        im.ms += ms;
    }
    const auto printAgg = [&](const char* title, const std::map<std::string, Agg>& m) {
        std::vector<std::pair<std::string, Agg>> v(m.begin(), m.end());
        std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second.ms > b.second.ms; });
        fmt::print("\n| {} | steps | ms per run | share |\n|---|---:|---:|---:|\n", title);
        for (const auto& [k, a] : v)
            fmt::print("| {} | {} | {:.2f} | {:.1f} % |\n", k, a.count, a.ms, 100.0 * a.ms / stepTotal);
    };
    printAgg("op type (anchor)", byOp);
    printAgg("op type @ implementation", byImpl);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return timer.cpuMs[a] > timer.cpuMs[b]; });
    fmt::print("\n| step | anchor | op type | implementation | ms per run |\n|---:|---|---|---|---:|\n");
    for (size_t k = 0; k < order.size() && int(k) < top; ++k) {
        const qs::StepInfo& st = steps[order[k]];
        fmt::print("| {} | {} | {} | {} | {:.3f} |\n", st.index, s.model().graph().node(st.anchor).name, st.opType,
            st.implementation, timer.cpuMs[order[k]] / runs);
    }
    return 0;
}
