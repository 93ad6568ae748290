// SPDX-License-Identifier: MIT
// One contiguous block of a pass per intra-op thread, for the engine's own memory-bound passes around the int8
// convolutions (the DynamicQuantizeLinear quantize pass, Concat + quantize).
#pragma once

#include <algorithm>
#include <cstdint>
#include <omp.h>

namespace qs::kernels::int8 {

/// Passes shorter than this stay on the calling thread: their share of a thread wake-up outweighs the work saved
/// (the lead measured 63 small parallel quantize passes slower than serial on 2 vCPUs,
/// bench/archive/2026-11-22-session-summaries.md "Two threads on the dynamic INT8 path").
constexpr int64_t kParallelPassMinElements = 64 * 1024;

/// An int8 convolution's epilogue splits its output rows over the intra-op threads from this many output values
/// per image (Int8Conv::Impl::epilogueThreads)...
constexpr int64_t kParallelConvMinOutputs = 32 * 1024;
/// ...or, where the bands of the layer are computed inside the epilogue (the own kernel, the depthwise and planar
/// paths), from this many multiply-accumulates per image: 20-30 us of the own kernels' work at 1 thread (35-50 per ns
/// on 14 x 14 and 7 x 7 layers without VNNI), enough to repay a second thread
/// (bench/archive/2026-11-29-step-threads.md). Without VNNI the session runs an int8 convolution below both bounds
/// on one thread as a whole and every other one on its threads (stepThreads), so the layer is planned for the threads
/// it runs on.
constexpr int64_t kParallelConvMinMacs = int64_t(1) << 20;
/// What one output value of such a layer costs beside its multiply-accumulates, in multiply-accumulates: the
/// epilogue's store and, on the depthwise paths, widening the input, whose few multiply-accumulates per output (9 or
/// 25) undercount their time (~1 ns per output at 1 thread under AVX512_CORE, as much as 30-40 of the pointwise
/// kernels' multiply-accumulates). With it a 7 x 7 x 576 3x3 depthwise layer (0.25 M multiply-accumulates, ~0.03 ms
/// at 1 thread) splits, a 7 x 7 x 288 5x5 one (0.35 M, ~0.02 ms) does not (bench/archive/2026-11-29-int8-threads.md).
constexpr int64_t kConvOutputCostMacs = 32;
/// The work of a banded int8 convolution per image, compared with kParallelConvMinMacs.
constexpr int64_t bandedConvWork(int64_t outputs, int64_t macs)
{
    return macs + kConvOutputCostMacs * outputs;
}

/// The threads a pass of `count` elements runs on: 1 below `minCount` or inside another parallel region, else the
/// session's intra-op threads.
inline int passThreads(int64_t count, int64_t minCount = kParallelPassMinElements)
{
    if (count < minCount || omp_in_parallel())
        return 1;
    return std::max(1, omp_get_max_threads());
}

/// fn(begin, end) over [0, count) in one contiguous block per thread (`threads` from passThreads), block boundaries
/// multiples of `align` elements (whole cache lines of the outputs, so no two threads write one line). Thread t takes
/// the t-th block, the same part of the tensor as the int8 convolution epilogue that wrote it (Int8Conv gives thread
/// t the t-th block of output rows), so each thread mostly reads what is still in its own core's cache. Every element
/// is computed by the same code whichever block it falls in: elementwise passes give the same result at any thread
/// count.
template <typename Fn> void forEachThreadBlock(int64_t count, int threads, int64_t align, Fn&& fn)
{
    if (threads <= 1) {
        fn(int64_t(0), count);
        return;
    }
    const auto boundary = [&](int64_t t, int64_t n) { return t == n ? count : (count * t / n) / align * align; };
#pragma omp parallel num_threads(threads)
    {
        const int64_t n = omp_get_num_threads(), t = omp_get_thread_num();
        const int64_t begin = boundary(t, n), end = boundary(t + 1, n);
        if (begin < end)
            fn(begin, end);
    }
}

} // namespace qs::kernels::int8
