// SPDX-License-Identifier: MIT
// The M = 1 gemv loops of int8_gemv.h (a classifier's QGemm) on classifier shapes, every loop this CPU runs, single
// thread. "hot": the same weights every iteration (they stay in L2); "cold": 16 copies in turn (more than L2 and most
// VMs' share of L3), as inside a whole network, where the rest of the run evicts the classifier's weights.
//
//   OMP_NUM_THREADS=1 build/bin/bench_int8_gemv --benchmark_repetitions=5 --benchmark_report_aggregates_only
//   OMP_NUM_THREADS=2 build/bin/bench_int8_gemv --benchmark_filter=threads ...   (runGemv's split)
//
// GB/s counts the packed weight bytes streamed per run.
#include "kernels/int8/int8_gemv.h"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

void gemv(benchmark::State& state, const Int8GemvSimd* simd, bool cold, bool threaded = false)
{
    const int64_t k = state.range(0), n = state.range(1);
    if (!simd) {
        state.SkipWithError("this CPU does not run this loop");
        return;
    }
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> byte(-128, 127);
    std::vector<int8_t> w(size_t(k * n));
    for (int8_t& v : w)
        v = int8_t(byte(rng));
    std::vector<uint8_t> a(static_cast<size_t>(k));
    for (uint8_t& v : a)
        v = uint8_t(byte(rng) + 128);
    std::vector<std::vector<int8_t>> copies(cold ? 16 : 1, packGemvWeights(*simd, w.data(), k, n));
    std::vector<int32_t> y(static_cast<size_t>(n));
    const std::vector<int32_t> groups = detail::gemvActivationGroups(a.data(), k, simd->depth);
    size_t next = 0;
    for (auto _ : state) {
        if (threaded)
            runGemv(*simd, a.data(), copies[next].data(), k, n, y.data());
        else
            simd->gemv(groups.data(), copies[next].data(), k, n, 0, (n + simd->width - 1) / simd->width, y.data());
        benchmark::DoNotOptimize(y.data());
        next = (next + 1) % copies.size();
    }
    state.SetLabel(simd->name);
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(copies[0].size()));
}

void shapes(benchmark::internal::Benchmark* b)
{
    b->Args({ 960, 1280 })->Args({ 1280, 1000 })->Args({ 512, 1000 })->Unit(benchmark::kMicrosecond);
}

const Int8GemvSimd* avx2()
{
    return int8GemvSimd(quant::QuantIsa::Avx2, false);
}
const Int8GemvSimd* avx512()
{
    return int8GemvSimd(quant::QuantIsa::Avx512, false);
}
const Int8GemvSimd* avx512Vnni()
{
    const Int8GemvSimd* s = int8GemvSimd(quant::QuantIsa::Avx512, true);
    return s && s->depth == 4 ? s : nullptr;
}

} // namespace

BENCHMARK_CAPTURE(gemv, avx2_hot, avx2(), false)->Apply(shapes);
BENCHMARK_CAPTURE(gemv, avx512_hot, avx512(), false)->Apply(shapes);
BENCHMARK_CAPTURE(gemv, avx512_vnni_hot, avx512Vnni(), false)->Apply(shapes);
BENCHMARK_CAPTURE(gemv, avx2_cold, avx2(), true)->Apply(shapes);
BENCHMARK_CAPTURE(gemv, avx512_cold, avx512(), true)->Apply(shapes);
BENCHMARK_CAPTURE(gemv, avx512_vnni_cold, avx512Vnni(), true)->Apply(shapes);

// runGemv on OMP_NUM_THREADS threads (one block of panels each), cold.
BENCHMARK_CAPTURE(gemv, avx512_vnni_cold_threads, avx512Vnni(), true, true)->Apply(shapes)->UseRealTime();
BENCHMARK_CAPTURE(gemv, avx2_cold_threads, avx2(), true, true)->Apply(shapes)->UseRealTime();

BENCHMARK_MAIN();
