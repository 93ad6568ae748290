// SPDX-License-Identifier: MIT
// The engine's oneDNN FP32 Conv and Gemm/MatMul kernels on every distinct shape of resnet18_fp32, mobilenet_v2_fp32
// and yolov5nu_fp32_from_seed (read from the models, with their own weights), single thread, with GFLOP/s and the
// share of this core's measured FP32 peak.
//
//   build/bin/bench_fp32_conv                                  # native ISA, 1 thread
//   DNNL_MAX_CPU_ISA=AVX2 build/bin/bench_fp32_conv            # the AVX2-only machine kind
//   build/bin/bench_fp32_conv --benchmark_filter=yolov5nu      # one model
//
// Rows: Conv/<model>/<geometry>/<layout> where layout is "blocked" (nChw{16,8}c in and out: what optimized mode runs
// between convolutions), "blocked+act" (the same with the activation optimized mode fuses: Relu, Clip or SiLU of the
// first node with that geometry), "nhwc" (channels-last in and out: what optimized mode runs where
// kernels::prefersChannelsLast says so) or "plain" (NCHW in and out, oneDNN's choice inside with reorders around it:
// what as-written mode runs), and
// Gemm/<model>/<MxKxN>. Counters: GFLOPs (rate), peak_pct (rate: percent of the peak printed at start-up), count
// (how many nodes of the model share the shape).
//
// The peak is measured, not looked up: a loop of independent FMAs at the vector width oneDNN dispatches to
// (16 lanes for avx512_core*, 8 for avx2) gives FLOP/s per core; a chain of dependent integer adds (one per cycle)
// gives the clock, and their ratio the FMA units per core.
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <quantscope/engine/model_loader.h>

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <filesystem>
#include <immintrin.h>
#include <map>
#include <memory>
#include <omp.h>
#include <optional>
#include <string>
#include <vector>

using namespace qs;
using kernels::Layout;
using kernels::TensorDesc;

namespace {

std::filesystem::path sharedDir()
{
    if (const char* env = std::getenv("QS_SHARED_DIR"); env && *env)
        return env;
    return QS_SHARED_DIR_DEFAULT;
}

// ---- peak -------------------------------------------------------------------------------------------------------

constexpr int kFmaChains = 12; // > latency (4) x units (2): enough independent work to saturate both ports

__attribute__((target("avx512f"))) double fmaLoopAvx512(int64_t iters)
{
    __m512 acc[kFmaChains];
    for (int i = 0; i < kFmaChains; ++i)
        acc[i] = _mm512_set1_ps(float(i) * 1e-3f);
    const __m512 a = _mm512_set1_ps(0.999f), b = _mm512_set1_ps(1e-4f);
    for (int64_t n = 0; n < iters; ++n)
        for (int i = 0; i < kFmaChains; ++i)
            acc[i] = _mm512_fmadd_ps(acc[i], a, b);
    __m512 s = acc[0];
    for (int i = 1; i < kFmaChains; ++i)
        s = _mm512_add_ps(s, acc[i]);
    return double(_mm512_reduce_add_ps(s));
}

__attribute__((target("avx2,fma"))) double fmaLoopAvx2(int64_t iters)
{
    __m256 acc[kFmaChains];
    for (int i = 0; i < kFmaChains; ++i)
        acc[i] = _mm256_set1_ps(float(i) * 1e-3f);
    const __m256 a = _mm256_set1_ps(0.999f), b = _mm256_set1_ps(1e-4f);
    for (int64_t n = 0; n < iters; ++n)
        for (int i = 0; i < kFmaChains; ++i)
            acc[i] = _mm256_fmadd_ps(acc[i], a, b);
    __m256 s = acc[0];
    for (int i = 1; i < kFmaChains; ++i)
        s = _mm256_add_ps(s, acc[i]);
    alignas(32) float f[8];
    _mm256_store_ps(f, s);
    return double(f[0] + f[7]);
}

/// Best of several runs in this thread's CPU time: the machine is shared, and Google Benchmark's rate counters below
/// are per CPU second too, so peak and kernels are measured on the same clock.
double seconds(auto&& fn)
{
    double best = 1e30;
    for (int rep = 0; rep < 7; ++rep) {
        timespec a {}, b {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        fn();
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        best = std::min(best, double(b.tv_sec - a.tv_sec) + 1e-9 * double(b.tv_nsec - a.tv_nsec));
    }
    return best;
}

struct Peak
{
    int lanes = 8;
    double flops = 1.0; ///< FP32 peak FLOP/s, one core
    double loopFlops = 1.0; ///< what the FMA loop achieved
    double ghz = 0.0;
    double fmaPerCycle = 0.0; ///< vector FMA instructions retired per cycle (the FMA units)
    std::string isa;
};

Peak measurePeak()
{
    Peak p;
    const dnnl::cpu_isa isa = dnnl::get_effective_cpu_isa();
    const bool avx512 = isa == dnnl::cpu_isa::avx512_core || isa == dnnl::cpu_isa::avx512_core_vnni
        || isa == dnnl::cpu_isa::avx512_core_bf16 || isa == dnnl::cpu_isa::avx512_core_amx;
    p.lanes = avx512 ? 16 : 8;
    p.isa = avx512 ? "avx512 (16 fp32 lanes)" : "avx2 (8 fp32 lanes)";
    constexpr int64_t kIters = 20'000'000;
    volatile double sink = 0;
    const double t = seconds([&] { sink = sink + (avx512 ? fmaLoopAvx512(kIters) : fmaLoopAvx2(kIters)); });
    p.loopFlops = double(kIters) * kFmaChains * p.lanes * 2.0 / t;
    // A dependent chain of 64-bit imul (3 cycles latency on every x86 core since Nehalem/Zen; recent cores fold
    // chains of immediate adds at rename, so adds would overstate the clock) gives the core clock.
    constexpr int64_t kMuls = 100'000'000;
    const double tc = seconds([&] {
        uint64_t x = 3;
        const uint64_t m = 0x9E3779B97F4A7C15ull;
        for (int64_t i = 0; i < kMuls / 8; ++i)
            asm volatile("imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0\n\t"
                         "imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0"
                         : "+r"(x)
                         : "r"(m));
        sink = sink + double(x);
    });
    p.ghz = 3.0 * double(kMuls) / tc / 1e9;
    p.fmaPerCycle = p.loopFlops / (p.ghz * 1e9 * p.lanes * 2.0);
    // The loop retires slightly under the unit count (loop overhead, clock wobble): the peak is the whole number of
    // FMA units at the measured clock.
    p.flops = std::max(1.0, std::round(p.fmaPerCycle)) * p.ghz * 1e9 * p.lanes * 2.0;
    return p;
}

const Peak& peak()
{
    static const Peak p = measurePeak();
    return p;
}

// ---- shapes from the models -------------------------------------------------------------------------------------

struct Case
{
    std::shared_ptr<const Model> model;
    NodeId node = kNoNode;
    std::string modelName;
    std::string label;
    double flops = 0;
    int count = 1;
    std::vector<kernels::PostOp> postOps; ///< the activation optimized mode fuses into this node
};

/// The activation optimized mode fuses after a Conv: Relu, Clip (as in mobilenet_v2: min/max from constants) or
/// Sigmoid·Mul (SiLU).
std::vector<kernels::PostOp> fusedActivation(const Graph& g, const Node& conv)
{
    using Kind = kernels::PostOp::Kind;
    const auto& readers = g.value(conv.output(0)).consumers;
    std::vector<kernels::PostOp> ops(1);
    auto op = [&](size_t i) -> const Node& { return g.node(readers[i]); };
    if (readers.size() == 1 && op(0).opType == "Relu") {
        ops[0].kind = Kind::Relu;
    } else if (readers.size() == 1 && op(0).opType == "Clip") {
        ops[0].kind = Kind::Clip;
        ops[0].a = 0.0f;
        ops[0].b = 6.0f;
    } else if (readers.size() == 2 && (op(0).opType == "Sigmoid" || op(1).opType == "Sigmoid")) {
        ops[0].kind = Kind::Swish;
    } else {
        ops.clear();
    }
    return ops;
}

/// Constants converted once per initializer: Google Benchmark calls each benchmark several times (and again per
/// repetition), and copying resnet18's weights every time exhausted memory.
const HostTensor& constantOf(const Tensor& t)
{
    static std::map<const Tensor*, HostTensor> store;
    auto it = store.find(&t);
    if (it == store.end())
        it = store.emplace(&t, HostTensor::fromTensor(t).value()).first;
    return it->second;
}

/// PyTorch exports share identical initializers through Identity nodes: follow them to the initializer.
ValueId throughIdentity(const Graph& g, ValueId v)
{
    while (v != kNoValue && !g.value(v).isConstant() && g.value(v).producer != kNoNode
        && g.node(g.value(v).producer).opType == "Identity")
        v = g.node(g.value(v).producer).input(0);
    return v;
}

std::optional<std::vector<int64_t>> dimsOf(const Graph& g, ValueId v)
{
    v = throughIdentity(g, v);
    if (v == kNoValue)
        return std::nullopt;
    if (g.value(v).isConstant())
        return g.initializers()[size_t(g.value(v).initializer)].dims();
    return g.value(v).type.knownDims();
}

/// The kernel's input descriptions: data type and dims for every slot, constants carried (weights, bias).
std::vector<TensorDesc> inputDescs(const Graph& g, const Node& n, Layout layout)
{
    std::vector<TensorDesc> ins(n.inputs.size());
    for (size_t s = 0; s < n.inputs.size(); ++s) {
        const ValueId v = s == 0 ? n.inputs[s] : throughIdentity(g, n.inputs[s]);
        if (v == kNoValue)
            continue;
        ins[s].dims = *dimsOf(g, v);
        ins[s].type = DataType::Float;
        if (g.value(v).isConstant()) {
            ins[s].constant = &constantOf(g.initializers()[size_t(g.value(v).initializer)]);
        }
    }
    // A graph input is always plain (optimized mode keeps only convolution outputs blocked): blocking a 3-channel
    // image would pad it to 16 channels and send oneDNN to its reference kernel.
    ins[0].layout = g.value(n.input(0)).isGraphInput ? Layout::Plain : layout;
    return ins;
}

void collect(const std::string& modelName, std::vector<Case>& convs, std::vector<Case>& gemms)
{
    auto loaded = loadModel(sharedDir() / "models" / modelName / "model.onnx");
    if (!loaded) {
        fmt::print(stderr, "skipping {}: {}\n", modelName, loaded.status().message());
        return;
    }
    std::shared_ptr<const Model> model = std::move(loaded).value();
    const Graph& g = model->graph();
    std::map<std::string, size_t> seen;
    for (size_t i = 0; i < g.nodes().size(); ++i) {
        const Node& n = g.node(NodeId(i));
        const bool conv = n.opType == "Conv", gemm = n.opType == "Gemm" || n.opType == "MatMul";
        if (!n.domain.empty() || !(conv || gemm))
            continue;
        const auto x = dimsOf(g, n.input(0)), w = dimsOf(g, n.input(1)), y = dimsOf(g, n.output(0));
        if (!x || !w || !y)
            continue;
        std::string label;
        double flops = 0;
        if (conv && x->size() == 4) {
            const int64_t group = n.attrInt("group", 1);
            const auto k = n.attrInts("kernel_shape", { (*w)[2], (*w)[3] });
            const auto st = n.attrInts("strides", { 1, 1 });
            label = fmt::format("C{}to{}_{}x{}_k{}s{}{}", (*x)[1], (*y)[1], (*x)[2], (*x)[3], k[0], st[0],
                group == 1             ? std::string()
                    : group == (*x)[1] ? "_dw"
                                       : fmt::format("_g{}", group));
            flops = 2.0 * double(shapeElementCount(*y)) * double((*x)[1] / group) * double(k[0] * k[1]);
        } else if (gemm) {
            const int64_t m = shapeElementCount(*x) / x->back();
            const int64_t kk = x->back();
            const int64_t nn = y->back();
            label = fmt::format("M{}xK{}xN{}", m, kk, nn);
            flops = 2.0 * double(m * kk * nn);
        } else {
            continue;
        }
        auto& list = conv ? convs : gemms;
        if (auto it = seen.find(label); it != seen.end()) {
            ++list[it->second].count;
            continue;
        }
        seen.emplace(label, list.size());
        list.push_back({ model, NodeId(i), modelName, label, flops, 1,
            conv ? fusedActivation(g, n) : decltype(Case::postOps) {} });
    }
}

// ---- the benchmark body -----------------------------------------------------------------------------------------

struct Buffer
{
    std::unique_ptr<std::byte[], void (*)(std::byte*)> p { nullptr, alignedFree };
    explicit Buffer(size_t bytes)
        : p(alignedAllocate(std::max<size_t>(bytes, 64)), alignedFree)
    {
        std::memset(p.get(), 0, std::max<size_t>(bytes, 64));
    }
};

void runKernel(benchmark::State& state, const Case& c, Layout layout, bool fused)
{
    const Graph& g = c.model->graph();
    const Node& n = g.node(c.node);
    std::vector<TensorDesc> ins = inputDescs(g, n, layout);
    std::vector<TensorDesc> outs(n.outputs.size());
    outs[0].type = DataType::Float;
    outs[0].dims = *dimsOf(g, n.output(0));
    outs[0].layout = layout;
    auto spec = kernels::KernelRegistry::instance().select(n, ins);
    if (!spec) {
        state.SkipWithError(spec.status().message().c_str());
        return;
    }
    std::unique_ptr<kernels::Kernel> kernel = (*spec)->create();
    kernels::KernelContext ctx { n, ins, outs,
        fused ? std::span<const kernels::PostOp>(c.postOps) : std::span<const kernels::PostOp>(), 1 };
    if (Status st = kernel->prepare(ctx); !st) {
        state.SkipWithError(st.message().c_str());
        return;
    }
    Buffer x(ins[0].byteSize()), y(outs[0].byteSize()), scratch(kernel->scratchBytes());
    {
        auto* xf = reinterpret_cast<float*>(x.p.get());
        for (size_t i = 0; i < ins[0].byteSize() / sizeof(float); ++i)
            xf[i] = float(i % 17) * 0.05f;
    }
    std::vector<const void*> inPtrs(ins.size(), nullptr);
    inPtrs[0] = x.p.get();
    for (size_t s = 1; s < ins.size(); ++s)
        if (ins[s].constant)
            inPtrs[s] = ins[s].constant->rawData();
    std::vector<void*> outPtrs { y.p.get() };
    outPtrs.resize(outs.size(), nullptr);
    const kernels::KernelArgs args { inPtrs, outPtrs, scratch.p.get() };
    for (auto _ : state) {
        if (Status st = kernel->run(args); !st) {
            state.SkipWithError(st.message().c_str());
            return;
        }
        benchmark::ClobberMemory();
    }
    state.SetLabel(kernel->implementation());
    state.counters["GFLOPs"] = benchmark::Counter(c.flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["peak_pct"]
        = benchmark::Counter(100.0 * c.flops / peak().flops, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["count"] = double(c.count);
}

} // namespace

int main(int argc, char** argv)
{
    omp_set_num_threads(std::getenv("OMP_NUM_THREADS") ? omp_get_max_threads() : 1);
    benchmark::Initialize(&argc, argv);
    const Peak& p = peak();
    fmt::print("FP32 peak, one core: {:.1f} GFLOP/s = {:.2f} GHz (imul chain) x {:.0f} FMA units x {} lanes x 2; "
               "FMA loop reached {:.1f} GFLOP/s ({:.2f} FMA/cycle). oneDNN dispatches {}; {} thread(s); rates are per "
               "CPU second\n",
        p.flops / 1e9, p.ghz, std::max(1.0, std::round(p.fmaPerCycle)), p.lanes, p.loopFlops / 1e9, p.fmaPerCycle,
        p.isa, omp_get_max_threads());
    static std::vector<Case> convs, gemms;
    for (const char* m : { "resnet18_fp32", "mobilenet_v2_fp32", "yolov5nu_fp32_from_seed" })
        collect(m, convs, gemms);
    for (const Case& c : convs) {
        for (Layout layout : { Layout::Blocked, Layout::Nhwc, Layout::Plain })
            benchmark::RegisterBenchmark(fmt::format("Conv/{}/{}/{}", c.modelName, c.label,
                                             layout == Layout::Blocked    ? "blocked"
                                                 : layout == Layout::Nhwc ? "nhwc"
                                                                          : "plain")
                                             .c_str(),
                [&c, layout](benchmark::State& s) { runKernel(s, c, layout, false); })
                ->Unit(benchmark::kMicrosecond);
        if (!c.postOps.empty())
            benchmark::RegisterBenchmark(fmt::format("Conv/{}/{}/blocked+act", c.modelName, c.label).c_str(),
                [&c](benchmark::State& s) { runKernel(s, c, Layout::Blocked, true); })
                ->Unit(benchmark::kMicrosecond);
    }
    for (const Case& c : gemms)
        benchmark::RegisterBenchmark(fmt::format("Gemm/{}/{}", c.modelName, c.label).c_str(),
            [&c](benchmark::State& s) { runKernel(s, c, Layout::Plain, false); })
            ->Unit(benchmark::kMicrosecond);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
