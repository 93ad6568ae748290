// SPDX-License-Identifier: MIT
// Int8Conv's plan: which kernel computes a layer's accumulators and how its activation zero point reaches that kernel,
// decided once per layer (kernels/int8/README.md, "When each path runs"), with the rule that chose it. A pure function
// of the layer and of the machine facts the caller asks for, so the choice reads in one place.
#pragma once

#include "kernels/int8/int8_conv.h"

#include <cstdint>
#include <string_view>

namespace qs::kernels::int8 {

enum class Int8ConvPath
{
    Onednn, ///< oneDNN's u8·s8 convolution, then the epilogue over its int32 output (int8_conv_onednn.cpp)
    OwnAvx2, ///< the engine's own AVX2 kernel, band by band inside the epilogue (int8_conv_own.cpp)
    Planar, ///< weighted sums of whole NCHW planes for narrow pointwise layers (int8_conv_planar.cpp)
    Depthwise, ///< one channel per group on NHWC in int16 pairs of kernel positions, without VNNI
               ///< (int8_conv_depthwise.cpp)
    DepthwiseVnni, ///< one channel per group on NHWC, four kernel taps per vpdpbusd, with AVX-512 VNNI
                   ///< (int8_conv_depthwise_vnni.cpp)
};

/// How the activation zero point reaches the kernel.
enum class SourceZeroPoint
{
    RunTime, ///< given with each run: oneDNN's run-time source zero point, the own and planar kernels' operand
    /// Constant 0 on a uint8 source: oneDNN gets no source zero point, which lets it pick its brgemm kernels
    /// (brgconv) on AVX-512 VNNI instead of the slower jit_int8 direct convolution.
    Zero,
    Constant, ///< another constant (constantZeroPoint); runs with any other zero point are refused
};

struct Int8ConvPlan
{
    Int8ConvPath path = Int8ConvPath::Onednn;
    std::string_view reason; ///< the rule that chose the path (a static string, for the diagnosis and the tests)
    SourceZeroPoint zeroPoint = SourceZeroPoint::RunTime;
    int32_t constantZeroPoint = 0; ///< SourceZeroPoint::Constant's, after the int8 shift
    /// The oneDNN path with a Constant zero point: the source is copied into an NHWC buffer with explicit borders
    /// holding it and oneDNN convolves it without padding and without a source zero point (brgconv natively):
    /// sum over all taps of x_pad * w' = sum over the valid taps of (x - zp) * w' + zp * sum w', so
    /// accOffset[oc] = -zp * sum_k w'[oc][k] restores ONNX's result exactly (padding contributes 0). The own kernel
    /// pads with the zero point itself.
    bool paddedSource = false;
    /// OwnAvx2 on the AVX-512 VNNI microkernels ("qs:avx512_vnni_int8", int8_conv_own_vnni.h): the weights unsplit.
    bool ownVnni = false;

    /// The oneDNN primitive takes a run-time source zero point (its descriptor is made on the own kernel's path too).
    bool oneDnnSourceZeroPoint() const noexcept { return zeroPoint != SourceZeroPoint::Zero && !paddedSource; }
};

/// What the choice reads of the machine, asked by the caller.
struct Int8ConvMachine
{
    std::string_view onednnIsa; ///< onednnInt8Isa().isa: the own kernel replaces only "avx2" and "avx512_core"
    bool planarLoops = false; ///< the CPU runs the planar path's loops (planarSimd(), int8_conv_planar_simd.h)
    int maxThreads = 1; ///< the session's intra-op threads
    /// those the epilogue of this layer would run on with the bands computed in it (Int8Conv::Impl::epilogueThreads)
    int epilogueThreads = 1;
    bool depthwiseLoops
        = false; ///< the CPU runs the depthwise path's loops (depthwiseSimd(), int8_conv_depthwise_simd.h)
    /// the CPU runs the VNNI depthwise path's loops (vnniDepthwiseLoops(), int8_conv_depthwise_vnni.h) and a depthwise
    /// layer's weights suit them (vnniDepthwiseWeights: w - zp_w in s8)
    bool depthwiseVnni = false;
    bool ownVnniLoops = false; ///< the CPU runs the own kernel's VNNI microkernels (ownConvVnniSimd(), capped)
};

Int8ConvPlan planInt8Conv(const Int8ConvSpec& spec, const Int8ConvMachine& machine);

} // namespace qs::kernels::int8
