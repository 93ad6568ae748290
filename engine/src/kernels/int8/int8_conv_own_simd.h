// SPDX-License-Identifier: MIT
// The own int8 convolution kernel's microkernels (int8_conv_own_kernel.h) behind one table per ISA (kernels/README.md,
// "per-ISA files behind one table per family"): int8_conv_own_avx2.cpp holds the AVX2 ones (vpmaddubsw, vpmaddwd on
// 8 int32 lanes), int8_conv_own_avx512.cpp the AVX-512BW ones (the same instructions on 16 lanes); the kernel object
// packs the weights for the table's vector width, plans the quads and calls the table. Only plain types cross it.
#pragma once

#include "quant/quant_isa.h"

#include <array>
#include <cstdint>

namespace qs::kernels::int8 {

namespace detail {

inline constexpr int kOwnConvMaxPixels = 8; ///< output pixels per microkernel call
inline constexpr int kOwnConvMaxWidth = 3; ///< vectors of output channels per block
inline constexpr int kOwnConvMaxLanes = 16; ///< int32 lanes (output channels) of the widest table's vectors

/// The quads of one channel block in the order the microkernel reduces them: groups of 4, then of 2, then single
/// quads (Avx2Int8Conv::create explains the grouping). `offsets` are byte offsets from a pixel's window origin.
struct QuadSchedule
{
    const int32_t* offsets;
    int64_t fours;
    int64_t twos;
    int64_t singles;
    bool plain; ///< every quad singly in kernel order (plainKernel): no offsets, no phases
    int64_t kernelRows;
    int64_t rowStride;
    int64_t steps;
    /// Output channels of the block's last vector that exist (1..lanes; 0, what a caller that leaves it out gets: all
    /// lanes): the stores of that vector are masked to them, so a layer whose channel count is no multiple of the lanes
    /// writes its output in place, with no tail buffer.
    int lastLanes = 0;
};

/// Computes P output pixels × N vectors of `lanes` channels: `a[p]` points at pixel p's window origin in the padded
/// input, `weights` at the block's packed weights (aligned to the vector); out[p][c] = the window's sum + offsets[c]
/// for the block's channels c < lanes·(N - 1) + q.lastLanes (`offsets` is readable over all N vectors).
using OwnConvMicroKernel = void (*)(
    const uint8_t* const* a, const void* weights, const QuadSchedule& q, const int32_t* offsets, int32_t* const* out);

/// A plain block (QuadSchedule::plain) over `count` pixels at a constant stride, in groups of P: pixel i's window
/// origin is a0 + i·aStep and its output out0 + i·outStep (a 1x1 stride-1 layer's pixels), otherwise as
/// OwnConvMicroKernel.
using OwnConvPlainRun = void (*)(const uint8_t* a0, int64_t aStep, int64_t count, const void* weights,
    const QuadSchedule& q, const int32_t* offsets, int32_t* out0, int64_t outStep);

struct OwnConvSimd
{
    int lanes; ///< output channels per vector: 8 (AVX2) or 16 (AVX-512)
    const char* implementation; ///< what Int8Conv::implementation() reports for layers on these microkernels
    /// microKernels[N - 1][P - 1]
    std::array<std::array<OwnConvMicroKernel, kOwnConvMaxPixels>, kOwnConvMaxWidth> microKernels;
    /// plainRuns[N - 1][P - 1]
    std::array<std::array<OwnConvPlainRun, kOwnConvMaxPixels>, kOwnConvMaxWidth> plainRuns;
};
extern const OwnConvSimd kOwnConvAvx2; ///< int8_conv_own_avx2.cpp
extern const OwnConvSimd kOwnConvAvx512; ///< int8_conv_own_avx512.cpp

} // namespace detail

/// The own kernel's microkernels on this CPU: the AVX-512BW ones where quant::bestQuantIsa() (the CPU, capped like
/// oneDNN by DNNL_MAX_CPU_ISA) is AVX-512, else the AVX2 ones, or nullptr without AVX2. The AVX2 ones need no cap:
/// Int8Conv's plan runs the own kernel only where oneDNN's (capped) int8 ISA is AVX2 or AVX-512 without VNNI, or
/// where its options force it (int8_conv_plan.cpp).
const detail::OwnConvSimd* ownConvSimd() noexcept;
/// The microkernels of `isa` (the tests and benches run each one), nullptr when the CPU cannot run them.
const detail::OwnConvSimd* ownConvSimd(quant::QuantIsa isa) noexcept;

} // namespace qs::kernels::int8
