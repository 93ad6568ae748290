// SPDX-License-Identifier: MIT
#include "exec/session_plan.h"

#include <quantscope/engine/openmp_policy.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <omp.h>
#if defined(__linux__)
#include <unistd.h>
#endif

namespace qs {

void setIntraOpThreads(int threads)
{
    // omp_set_num_threads sets the calling thread's ICV: oneDNN (built on OpenMP in Debian) and the kernels'
    // `#pragma omp parallel` regions both read it, so this one call governs all intra-op parallelism of a run.
    omp_set_num_threads(threads > 0 ? threads : 1);
}

namespace {

/// Multiply-accumulates of a convolution step: its output elements times the reduction per output (the weights'
/// elements per output channel), taken from the first constant rank-4 input whose first extent is the output's
/// channel count. 0 for steps without such weights.
int64_t convolutionMacs(const SessionPlan& plan, const Step& step, const kernels::TensorDesc& out)
{
    for (int32_t vid : step.inputs) {
        if (vid < 0)
            continue;
        const kernels::TensorDesc& w = plan.values[size_t(vid)].desc;
        if (!w.constant || w.dims.size() != 4 || w.dims[0] != out.dims[1] || w.dims[0] <= 0)
            continue;
        int64_t outputs = 1, weights = 1;
        for (int64_t d : out.dims)
            outputs *= d;
        for (int64_t d : w.dims)
            weights *= d;
        return outputs * (weights / w.dims[0]);
    }
    return 0;
}

} // namespace

int stepThreads(const SessionPlan& plan, const Step& step, int sessionThreads)
{
    // Steps on small feature maps (at most 14 x 14 positions: the later stages of MobileNet-style networks, their
    // squeeze-excite vectors, pooled heads) lose at two threads on a 2-vCPU machine: their data sits in the first
    // core's cache and is split into pieces of a few microseconds, so the second thread's wake-up, its cache misses on
    // data the first core wrote, and (natively) AMX tile setup per thread cost more than the halved work saves
    // (MobileNetV3 QDQ's 14 x 14 and 7 x 7 layers: 0.025-0.08 ms at 1 thread, 1.2-1.8x that at 2;
    // bench/archive/2026-11-29-int8-small-layers.md). Convolutions that still compute much on such maps (resnet18's
    // 3x3 layers on 7 x 7 x 512: 115 M multiply-accumulates) keep the session's threads, as do steps whose output
    // is not a 4-D feature map (matmuls, the transformer's steps, classifier heads).
    constexpr int64_t kSmallPlane = 14 * 14;
    constexpr int64_t kParallelMinMacs = int64_t(1) << 25;
    if (sessionThreads <= 1 || step.outputs.empty() || step.outputs[0] < 0)
        return std::max(sessionThreads, 1);
    const PlanValue& v = plan.values[size_t(step.outputs[0])];
    const kernels::TensorDesc& out = v.desc;
    if (!v.known || v.runTimeShape || out.dims.size() != 4 || out.dims[2] * out.dims[3] > kSmallPlane)
        return sessionThreads;
    return convolutionMacs(plan, step, out) < kParallelMinMacs ? 1 : sessionThreads;
}

void applyOpenMpWaitPolicy(char** argv)
{
#if defined(__linux__)
    if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT"))
        return; // the user's choice, or the re-executed process
    if (setenv("GOMP_SPINCOUNT", "3000", 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    unsetenv("GOMP_SPINCOUNT"); // exec failed: carry on with the library's default
#else
    (void)argv;
#endif
}

} // namespace qs
