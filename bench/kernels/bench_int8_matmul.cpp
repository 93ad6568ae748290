// SPDX-License-Identifier: MIT
// Int8MatMul::runFloat (whatever path its rules choose) against the int16 loops alone (int8_gemm_s16.h) on the
// transformer encoder's matmul shapes (M = 128 tokens), single thread, for two kinds of s8 weights: "normal" (a
// trained layer's bell shape, few weight pairs beyond the int16 bound: without VNNI the own kernel's 1x1 convolution,
// int8_matmul_own.h; natively oneDNN) and "uniform" (PyTorch's initial weights, one pair in 8 beyond it: the int16
// loops without VNNI).
//
//   OMP_NUM_THREADS=1 DNNL_MAX_CPU_ISA=AVX512_CORE build/bin/bench_int8_matmul --benchmark_repetitions=5
//   OMP_NUM_THREADS=1 DNNL_MAX_CPU_ISA=AVX2 build/bin/bench_int8_matmul --benchmark_repetitions=5
//
// The label names the implementation and the saturation report; GMAC/s counts M·K·N per run.
#include "kernels/int8/int8_gemm_s16.h"
#include "kernels/int8/int8_matmul.h"
#include "quant/quant_isa.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

constexpr int64_t kRows = 128;

std::vector<int8_t> weightsOf(int64_t k, int64_t n, bool uniform)
{
    std::mt19937 rng(7);
    std::normal_distribution<float> normal(0.0f, 30.0f);
    std::uniform_int_distribution<int> flat(-127, 127);
    std::vector<int8_t> w(size_t(k * n));
    for (int8_t& v : w)
        v = int8_t(uniform ? flat(rng) : std::clamp(int(std::lround(normal(rng))), -127, 127));
    return w;
}

std::vector<uint8_t> activationsOf(int64_t k)
{
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> dist(0, 255);
    std::vector<uint8_t> a(size_t(kRows * k));
    for (uint8_t& v : a)
        v = uint8_t(dist(rng));
    return a;
}

void matMulRunFloat(benchmark::State& state, int64_t k, int64_t n, bool uniform)
{
    const std::vector<int8_t> w = weightsOf(k, n, uniform);
    const std::vector<uint8_t> a = activationsOf(k);
    auto mm = Int8MatMul::create(k, n, 1, DataType::UInt8, { DataType::Int8, w.data(), { 0 } });
    if (!mm.isOk()) {
        state.SkipWithError(mm.status().toString().c_str());
        return;
    }
    const std::vector<float> scales(size_t(n), 0.01f), bias(size_t(n), 0.5f);
    std::vector<float> y(size_t(kRows * n));
    for (auto _ : state)
        benchmark::DoNotOptimize(
            (*mm)->runFloat(a.data(), kRows, 3, 0.02f, scales.data(), true, bias.data(), y.data()).isOk());
    state.SetLabel((*mm)->implementation() + "; " + (*mm)->saturation().describe());
    state.counters["GMAC/s"]
        = benchmark::Counter(double(kRows * k * n) * double(state.iterations()) / 1e9, benchmark::Counter::kIsRate);
}

void int16Loops(benchmark::State& state, int64_t k, int64_t n)
{
    const Int8GemmS16Simd* simd = int8GemmS16Simd(quant::bestQuantIsa());
    if (!simd) {
        state.SkipWithError("no int16 loops for this ISA");
        return;
    }
    const std::vector<int8_t> w = weightsOf(k, n, true);
    const std::vector<uint8_t> a = activationsOf(k);
    const std::vector<int32_t> offset(size_t(n), 0);
    const std::vector<int16_t> packed = packGemmS16Weights(*simd, w.data(), offset.data(), k, n);
    const int64_t lda = (k + 1) / 2 * 2;
    std::vector<int16_t> a16(size_t(kRows * lda));
    std::vector<int32_t> y(size_t(kRows * n));
    for (auto _ : state) {
        widenActivations(a.data(), false, 3, kRows, k, a16.data(), lda);
        gemmS16(
            *simd, a16.data(), lda, packed.data(), lda / 2, kRows, n, y.data(), n, 0, gemmS16Tiles(*simd, kRows, n));
        benchmark::DoNotOptimize(y.data());
    }
    state.SetLabel(simd->name);
    state.counters["GMAC/s"]
        = benchmark::Counter(double(kRows * k * n) * double(state.iterations()) / 1e9, benchmark::Counter::kIsRate);
}

struct Shape
{
    const char* name;
    int64_t k, n;
};
constexpr Shape kShapes[] = { { "emb_64x256", 64, 256 }, { "qkv_256x768", 256, 768 }, { "ffn1_256x1024", 256, 1024 },
    { "ffn2_1024x256", 1024, 256 } };

const int kRegistered = [] {
    for (const Shape& s : kShapes) {
        benchmark::RegisterBenchmark((std::string("Int8MatMul/normal/") + s.name).c_str(),
            [s](benchmark::State& st) { matMulRunFloat(st, s.k, s.n, false); });
        benchmark::RegisterBenchmark((std::string("Int8MatMul/uniform/") + s.name).c_str(),
            [s](benchmark::State& st) { matMulRunFloat(st, s.k, s.n, true); });
        benchmark::RegisterBenchmark(
            (std::string("Int16Loops/") + s.name).c_str(), [s](benchmark::State& st) { int16Loops(st, s.k, s.n); });
    }
    return 0;
}();

} // namespace

BENCHMARK_MAIN();
