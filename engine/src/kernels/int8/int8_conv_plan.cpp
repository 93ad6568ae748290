// SPDX-License-Identifier: MIT
// planInt8Conv (int8_conv_plan.h): the rule that picks each layer's kernel, with the measurements behind it.
#include "kernels/int8/int8_conv_plan.h"

#include "kernels/int8/int8_conv_depthwise_simd.h"
#include "kernels/int8/int8_conv_depthwise_vnni.h"
#include "kernels/int8/int8_conv_own_kernel.h"

namespace qs::kernels::int8 {

namespace {

bool unpadded(const ConvShape& s)
{
    return s.padTop == 0 && s.padLeft == 0 && s.padBottom == 0 && s.padRight == 0;
}

/// YOLO's DFL head (16 -> 1): oneDNN pads one output channel to a full vector whatever its ISA (~0.5 ms natively
/// too); weighted sums of the NCHW planes are exact in int32 by themselves (int8_conv_planar.cpp).
bool planarShape(const ConvShape& s, ActivationLayout inputLayout)
{
    constexpr int64_t kPlanarMaxChannels = 8;
    return inputLayout == ActivationLayout::Nchw && s.group == 1 && s.kernelHeight == 1 && s.kernelWidth == 1
        && s.strideHeight == 1 && s.strideWidth == 1 && s.dilationHeight == 1 && s.dilationWidth == 1 && unpadded(s)
        && s.outChannels < kPlanarMaxChannels;
}

/// One input and one output channel per group, on NHWC (the int8 regions' layout): MobileNet-style depthwise layers.
bool depthwiseShape(const ConvShape& s, ActivationLayout inputLayout)
{
    return inputLayout == ActivationLayout::Nhwc && s.group > 1 && s.inChannels == s.group && s.outChannels == s.group
        && s.kernelHeight * s.kernelWidth <= kDepthwiseMaxTaps;
}

/// oneDNN's int8 ISA has AMX tiles (brgconv_1x1 picks avx512_core_amx_int8 for the layers that fill them).
bool onednnHasAmx(std::string_view onednnIsa)
{
    return onednnIsa.find("amx") != std::string_view::npos;
}

/// The pointwise layers the own kernel's VNNI microkernels take (static ones: the caller checks the zero point): 1x1
/// stride 1 without padding on NHWC, read in place (input channels a multiple of 4) and walked as whole pixel ranges
/// (plainRuns), at least 8 output channels; and where oneDNN has AMX, a reduction short enough that its tiles do not
/// pull ahead: at most kVnniPointwiseMaxChannels input channels, or fewer than 16 output pixels (squeeze-excite
/// vectors, where oneDNN's per-call cost dominates). On the AMX Xeon, in-process against brgconv_1x1 writing the uint8
/// output itself (AMX or VNNI), the own kernel took 0.62-0.95x its time on the pointwise layers of mnasnet0_5 and
/// MobileNetV3 with 8-288 input channels but for a few (up to 1.19x: 48 -> 16 at 56 x 56 on AMX), 0.35-0.76x on the
/// 1 x 1 squeeze-excite ones, and 1.1-1.3x on 480-960 input channels, where AMX beats the vpdpbusd peak
/// (bench/archive/2026-11-29-int8-own-vnni.md). Without AMX (AMD Zen 5, oneDNN's avx512_core_bf16 running
/// brgconv_1x1:avx512_core_vnni) both sides multiply with vpdpbusd, and the own kernel took 0.64-0.93x
/// brgconv's time on 8-288 input channels and 0.86-1.02x on 480-960 (0.51-0.98x at two threads), so there it takes
/// every such layer (bench/archive/2026-11-29-int8-vnni-without-amx.md).
bool vnniPointwiseShape(const ConvShape& s, ActivationLayout inputLayout, bool onednnAmx)
{
    constexpr int64_t kVnniPointwiseMaxChannels = 288;
    constexpr int64_t kFewPixels = 16;
    return inputLayout == ActivationLayout::Nhwc && s.kernelHeight == 1 && s.kernelWidth == 1 && s.strideHeight == 1
        && s.strideWidth == 1 && unpadded(s) && s.inChannels % 4 == 0 && s.outChannels >= 8
        && (!onednnAmx || s.inChannels <= kVnniPointwiseMaxChannels || s.outHeight() * s.outWidth() < kFewPixels);
}

} // namespace

Int8ConvPlan planInt8Conv(const Int8ConvSpec& spec, const Int8ConvMachine& machine)
{
    using OwnAvx2Conv = Int8KernelOptions::OwnAvx2Conv;
    const ConvShape& s = spec.shape;
    Int8ConvPlan plan;
    if (spec.constantSrcZeroPoint && *spec.constantSrcZeroPoint == 0 && spec.srcType == DataType::UInt8) {
        plan.zeroPoint = SourceZeroPoint::Zero;
    } else if (spec.constantSrcZeroPoint) {
        plan.zeroPoint = SourceZeroPoint::Constant;
        plan.constantZeroPoint = *spec.constantSrcZeroPoint + (spec.srcType == DataType::Int8 ? 128 : 0);
        plan.paddedSource = true;
    }
    const OwnAvx2Conv own = spec.options.ownAvx2Conv;
    const bool runtimeZeroPoint = plan.zeroPoint == SourceZeroPoint::RunTime;
    // Not when the own kernel is forced (Everywhere: its tests) or oneDNN is (Never).
    if (own == OwnAvx2Conv::ByRule && runtimeZeroPoint && machine.planarLoops && planarShape(s, spec.inputLayout)) {
        plan.path = Int8ConvPath::Planar;
        plan.reason = "a pointwise NCHW layer with fewer than 8 output channels and a run-time zero point";
        return plan;
    }
    // On AVX2 without VNNI the engine's own kernel replaces oneDNN's jit_uni_int8 where it measured faster
    // (bench/archive/2026-11-22-int8-avx2.md: "Own AVX2 int8 convolution kernel", "epilogue fused band by band"):
    // spatial kernels reading NCHW (the reorder writes straight into its zero-point padded buffer), image convolutions
    // with few channels (flat (kw, c) quads), sources that would be copied into a zero-point padded buffer for oneDNN
    // anyway (a constant non-zero zero point), and every layer with a run-time activation zero point (the dynamic path)
    // and at least 8 output channels: there its accumulators go to the epilogue band by band, still in cache, instead
    // of through a whole-layer int32 buffer, which outweighs oneDNN's 5-10 % faster bare 1x1 kernel and the padding
    // copy of NHWC 3x3 inputs. With more intra-op threads (the session sets them before preparing) the own kernel
    // computes its bands on all of them (epilogue(): each thread a block of output rows, the padded copy shared out
    // too), but only for layers the epilogue splits (epilogueThreads); smaller ones keep oneDNN's parallel kernels
    // rather than run on one thread. (Before the bands were parallel, yolov5nu AVX2 at 2 threads measured 59.6-65.3 ms
    // with oneDNN, 75-77.5 ms with the single-threaded own kernel.) Of the static (constant zero point) NHWC layers,
    // only the unpadded pointwise ones, which the own kernel reads in place, take it under the same rule: resnet18's
    // three 1x1 stride-2 downsampling convolutions (with the fused residual add) measured 0.238 / 0.174 / 0.170 ms on
    // oneDNN vs 0.226 / 0.157 / 0.156 ms on the own kernel at 1 thread (step minimums over 5 interleaved rounds,
    // AVX2-limited), while its 3x3 layers were equal on 64-128 channels and slower on 256-512 (1.35 -> 1.69 ms on 512:
    // bench/archive/2026-11-22-int8-avx2.md, "resnet18's static QDQ layers"), so they stay on oneDNN.
    const bool nchw = spec.inputLayout == ActivationLayout::Nchw;
    const bool spatial = s.kernelHeight * s.kernelWidth > 1;
    const bool pointwiseInPlace = !spatial && !nchw && unpadded(s) && s.inChannels % 4 == 0;
    const bool bandsParallel = machine.maxThreads == 1 || machine.epilogueThreads > 1;
    const auto onednn = [&plan](std::string_view reason) {
        plan.reason = reason;
        return plan;
    };
    if (own == OwnAvx2Conv::Never)
        return onednn("Int8KernelOptions: oneDNN everywhere");
    // AVX-512 without VNNI multiplies in saturating int16 pairs as AVX2 does, with twice the lanes. There oneDNN's
    // 16-lane kernels stay ahead on wide layers (yolov5nu's dynamic layers, resnet18's 3x3 layers), but the own kernel
    // won two kinds (bench/archive/2026-11-29-int8-avx512-no-vnni.md, CPU time per run, interleaved): the image
    // convolution reading NCHW, and static in-place pointwise layers, the bulk of MobileNet-style inverted residuals
    // with 8-160 channels (mnasnet0_5 QDQ 4.6 -> 3.8 ms, MobileNetV3 QDQ 10.9 -> 7.2 ms; yolov5nu and resnet18 equal).
    // With its own 16-lane microkernels (qs:avx512_int8, which quant::bestQuantIsa() picks wherever oneDNN's ISA is
    // avx512_core: both follow DNNL_MAX_CPU_ISA) the own kernel also wins the dynamic layers (run-time zero point:
    // yolov5nu's 3x3 layers 31.8 -> 25.5 ms, its 1x1 layers 11.9 -> 10.9 ms at 1 thread; resnet18's static 3x3 layers
    // stay on oneDNN, 17.2 vs 20.5 ms: bench/archive/2026-11-29-int8-own-avx512.md).
    const bool avx512WithoutVnni = machine.onednnIsa == "avx512_core";
    // Depthwise layers with AVX-512 VNNI: oneDNN's brdgmm_dw does one multiply-add per lane and instruction (one
    // useful byte per vpdpbusd quad), like FP32's jit_dw; the engine's loops put four horizontal taps in each quad and
    // write the requantized bytes themselves (int8_conv_depthwise_vnni.cpp). In-process against brdgmm_dw with its
    // own uint8 store, they took 0.42-0.95x its time on every depthwise layer of mnasnet0_5 and MobileNetV3 (3x3 and
    // 5x5, strides 1 and 2, 16-960 channels, maps 112 x 112 to 7 x 7; closest on 3x3 stride 2 with 64-240 channels)
    // on the AMX Xeon, and 0.50-0.88x on AMD Zen 5 without AMX (closest on 3x3 with 576 channels at 7 x 7), so they
    // take every layer they can run (bench/archive/2026-11-29-int8-depthwise-vnni.md and -vnni-without-amx.md).
    if (own != OwnAvx2Conv::Never && machine.depthwiseVnni && machine.onednnIsa.starts_with("avx512_core_")
        && depthwiseShape(s, spec.inputLayout) && vnniDepthwiseShape(s)) {
        plan.path = Int8ConvPath::DepthwiseVnni;
        plan.reason = "AVX-512 VNNI: a 3x3 or 5x5 depthwise layer on NHWC, four kernel taps per vpdpbusd";
        plan.paddedSource = false; // the executor stages rows with the zero point around them
        return plan;
    }
    if (own != OwnAvx2Conv::Never && machine.ownVnniLoops && machine.onednnIsa.starts_with("avx512_core_")
        && Avx2Int8Conv::supports(s) && bandsParallel
        && (own == OwnAvx2Conv::Everywhere
            || (!runtimeZeroPoint && vnniPointwiseShape(s, spec.inputLayout, onednnHasAmx(machine.onednnIsa))))) {
        plan.path = Int8ConvPath::OwnAvx2;
        plan.ownVnni = true;
        plan.paddedSource = false; // the own kernel pads with the zero point itself
        if (own == OwnAvx2Conv::Everywhere)
            plan.reason = "Int8KernelOptions: the own kernel wherever it can run (AVX-512 VNNI microkernels)";
        else if (onednnHasAmx(machine.onednnIsa))
            plan.reason = "AVX-512 VNNI with AMX in oneDNN: a static in-place pointwise layer with a short reduction "
                          "(AMX tiles win the long ones), vpdpbusd and the requantizing store in the microkernels";
        else
            plan.reason = "AVX-512 VNNI without AMX: a static in-place pointwise layer, vpdpbusd and the requantizing "
                          "store in the microkernels";
        return plan;
    }
    if (own == OwnAvx2Conv::ByRule && machine.ownVnniLoops && onednnHasAmx(machine.onednnIsa)
        && Avx2Int8Conv::supports(s) && bandsParallel && !runtimeZeroPoint
        && vnniPointwiseShape(s, spec.inputLayout, false))
        return onednn("AVX-512 VNNI with AMX in oneDNN: a pointwise layer with a long reduction, where AMX tiles "
                      "measured faster");
    if (machine.onednnIsa != "avx2" && !avx512WithoutVnni)
        return onednn("oneDNN's int8 ISA has VNNI, or is not x86");
    // Depthwise layers without VNNI: oneDNN's jit_int8 depthwise kernel took 2-3x its FP32 jit_dw kernel's time on
    // MobileNet-style layers, and its whole-layer int32 output goes through the epilogue afterwards; the engine's int16
    // pairs of kernel positions (vpmaddwd, exact for any weights) compute band by band inside the epilogue instead
    // (bench/archive/2026-11-29-int8-depthwise.md). With VNNI oneDNN's brdgmm_dw kernel, which writes the uint8 output
    // itself, stays ahead of these loops with vpdpwssd plus the epilogue
    // (bench/archive/2026-11-29-int8-depthwise-rows.md).
    if (own != OwnAvx2Conv::Never && machine.depthwiseLoops && depthwiseShape(s, spec.inputLayout)) {
        plan.path = Int8ConvPath::Depthwise;
        plan.reason = "without VNNI: a depthwise layer on NHWC, int16 pairs of kernel positions";
        plan.paddedSource = false; // positions outside the image read the zero point in the executor
        return plan;
    }
    if (!Avx2Int8Conv::supports(s))
        return onednn("grouped or dilated: the own kernel cannot run it");
    if (own == OwnAvx2Conv::Everywhere)
        plan.reason = "Int8KernelOptions: the own AVX2 kernel wherever it can run";
    else if (avx512WithoutVnni) {
        if (spatial && nchw)
            plan.reason = "AVX-512 without VNNI: a spatial kernel reading NCHW";
        else if (pointwiseInPlace && !runtimeZeroPoint && s.outChannels >= 8 && bandsParallel)
            plan.reason = "AVX-512 without VNNI: a static in-place pointwise layer";
        else if (runtimeZeroPoint && s.outChannels >= 8 && bandsParallel)
            plan.reason = "AVX-512 without VNNI: a run-time zero point, accumulators band by band in cache";
        else
            return onednn("AVX-512 without VNNI: oneDNN's wider kernels measured as fast or faster on this layer");
    } else if (spatial && (nchw || s.inChannels < 8 || plan.paddedSource))
        plan.reason = "a spatial kernel reading NCHW, few input channels or a zero-point padded source";
    else if ((runtimeZeroPoint || pointwiseInPlace) && s.outChannels >= 8 && bandsParallel)
        plan.reason = "a run-time zero point or an in-place pointwise layer: accumulators band by band in cache";
    else
        return onednn("oneDNN measured as fast or faster on this layer");
    plan.path = Int8ConvPath::OwnAvx2;
    plan.paddedSource = false; // the own kernel pads with the zero point itself
    return plan;
}

} // namespace qs::kernels::int8
