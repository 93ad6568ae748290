// SPDX-License-Identifier: MIT
#include "exec/session_plan.h"
#include "kernels/int8/int8_saturation.h"
#include "kernels/int8/thread_blocks.h"

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

/// True for a step of the int8 path: it reads or writes 8-bit integer activations (QDQ convolutions with their
/// fused QuantizeLinear / DequantizeLinear, the int8 passes between them).
bool eightBitStep(const SessionPlan& plan, const Step& step)
{
    const auto eightBit = [&](int32_t vid) {
        if (vid < 0)
            return false;
        const kernels::TensorDesc& d = plan.values[size_t(vid)].desc;
        return !d.constant && (d.type == DataType::UInt8 || d.type == DataType::Int8);
    };
    return std::any_of(step.inputs.begin(), step.inputs.end(), eightBit)
        || std::any_of(step.outputs.begin(), step.outputs.end(), eightBit);
}

/// The step writing the input of a float global pooling over a feature map of more than 2^16 values, or null. Such a
/// pooling reads as many values as that step wrote and computes almost nothing per value, so it runs where the data
/// is, on the writer's threads (the pooling splits its channel blocks over them, as the writer split its output). On
/// one thread after a two-thread convolution it read half its input from the other core's cache: MobileNetV3 and
/// LR-ASPP FP32's squeeze-excite poolings at --threads 2 took 2-2.9x as long as on two threads (per-step minimums,
/// bench/archive/2026-11-29-fp32-two-threads.md). After a one-thread writer (a small depthwise layer) one thread
/// stays best, and below 2^16 values (the pooling's own bound for splitting, pool.cpp) the split gains nothing.
const Step* poolingInputWriter(const SessionPlan& plan, const Step& step)
{
    constexpr int64_t kPoolingSplitMinValues = 65536;
    if ((step.opType != "GlobalAveragePool" && step.opType != "GlobalMaxPool") || step.inputs.empty()
        || step.inputs[0] < 0)
        return nullptr;
    const int32_t vid = step.inputs[0];
    const PlanValue& in = plan.values[size_t(vid)];
    if (!in.known || in.runTimeShape || in.desc.type != DataType::Float)
        return nullptr;
    if (in.desc.elementCount() <= kPoolingSplitMinValues)
        return nullptr;
    // Called while the steps are prepared in order, before PlanValue::producerStep is filled in: the writer is the
    // earlier step listing the value among its outputs.
    for (const Step& s : plan.steps) {
        if (&s == &step)
            break;
        if (!s.removed && std::find(s.outputs.begin(), s.outputs.end(), vid) != s.outputs.end())
            return &s;
    }
    return nullptr;
}

} // namespace

int stepThreads(const SessionPlan& plan, const Step& step, int sessionThreads)
{
    // Steps on small feature maps (at most 14 x 14 positions: the later stages of MobileNet-style networks, their
    // squeeze-excite vectors, pooled heads) that compute little lose at two threads on a 2-vCPU machine: their data
    // sits in the first core's cache and is split into pieces of a few microseconds, so the second thread's wake-up,
    // its cache misses on data the first core wrote and (natively) AMX tile setup per thread cost more than the
    // halved work saves. How little is a matter of time, not of multiply-accumulates: per multiply-accumulate the
    // int8 kernels with VNNI are 1.5-4x faster than FP32 and than int8 without VNNI, which run at about the same rate
    // (1 thread, 14 x 14 and 7 x 7 pointwise layers: int8 AMX/VNNI 75-250 per ns, FP32 45-65, the own int8 kernels
    // under AVX512_CORE 35-50; bench/archive/2026-11-29-step-threads.md):
    // - int8 steps with VNNI: below 2^25 multiply-accumulates, i.e. every int8 layer of such maps but resnet18's 3x3
    //   ones on 7 x 7 x 512 (115 M); MobileNetV3 QDQ's 14 x 14 and 7 x 7 layers took 0.025-0.08 ms at 1 thread and
    //   1.2-1.8x that at 2 (bench/archive/2026-11-29-int8-small-layers.md).
    // - every other step: below 2^20 (~20 us at those rates): squeeze-excite vectors, the passes between the
    //   convolutions, the smallest depthwise layers. With the VNNI bound, FP32 and int8 without VNNI ran half their
    //   time on one thread (mnasnet0_5 FP32 1.15 of 2.49 ms at 1 thread, MobileNetV3 FP32 3.3 of 5.8 ms, mnasnet0_5
    //   QDQ under AVX512_CORE 1.5 of 3.6 ms; steps of up to 0.23 ms), and on a quiet machine mnasnet0_5 FP32 at 2
    //   threads went from 2.05 ms (session 10, no rule) to 2.53 ms.
    // Without VNNI an int8 convolution takes the rule by which it splits its bands itself (from kParallelConvMinOutputs
    // output values per image, or kParallelConvMinMacs of work counting a cost per output, bandedConvWork:
    // Int8Conv::Impl::epilogueThreads), on maps of any size, so that a layer planned for two threads finds them: the
    // own kernel, chosen at one thread, is kept at two only where its bands run on both (int8_conv_plan.cpp,
    // bandsParallel), and oneDNN's kernel, slower on these layers at one thread, would replace it. The outputs matter
    // for depthwise layers, whose time goes with their outputs more than with their few multiply-accumulates per
    // output (~1 ns per output at 1 thread under AVX512_CORE, 3x3 or 5x5): mnasnet0_5 QDQ's 56 x 56 x 24 stride-2
    // layer (0.68 M multiply-accumulates) took 0.067 ms on one thread at --threads 2, FP32's jit_dw 0.029 ms on two
    // (bench/archive/2026-11-29-int8-threads.md).
    // Steps whose output is not a 4-D feature map (matmuls, the transformer's steps, classifier heads) keep the
    // session's threads.
    constexpr int64_t kSmallPlane = 14 * 14;
    constexpr int64_t kParallelMinMacsVnni = int64_t(1) << 25;
    constexpr int64_t kParallelMinMacs = int64_t(1) << 20;
    static_assert(kParallelMinMacs == kernels::int8::kParallelConvMinMacs, "int8 without VNNI runs at FP32's rate");
    if (sessionThreads <= 1 || step.outputs.empty() || step.outputs[0] < 0)
        return std::max(sessionThreads, 1);
    const PlanValue& v = plan.values[size_t(step.outputs[0])];
    const kernels::TensorDesc& out = v.desc;
    if (!v.known || v.runTimeShape || out.dims.size() != 4)
        return sessionThreads;
    static const bool vnni = !kernels::int8::onednnInt8Isa().pairsSaturate;
    const bool eightBit = eightBitStep(plan, step);
    const int64_t macs = convolutionMacs(plan, step, out);
    if (eightBit && !vnni && macs > 0) {
        int64_t outputs = 1;
        for (int64_t d : out.dims)
            outputs *= d;
        outputs /= std::max<int64_t>(out.dims[0], 1); // per image, as the convolution counts them
        const int64_t imageMacs = macs / std::max<int64_t>(out.dims[0], 1);
        const bool splits = kernels::int8::bandedConvWork(outputs, imageMacs) >= kernels::int8::kParallelConvMinMacs
            || outputs >= kernels::int8::kParallelConvMinOutputs;
        return splits ? sessionThreads : 1; // on any map: as the convolution splits its bands
    }
    if (out.dims[2] * out.dims[3] > kSmallPlane)
        return sessionThreads;
    if (const Step* writer = poolingInputWriter(plan, step))
        return stepThreads(plan, *writer, sessionThreads);
    return macs < (eightBit && vnni ? kParallelMinMacsVnni : kParallelMinMacs) ? 1 : sessionThreads;
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
