// SPDX-License-Identifier: MIT
// The own int8 convolution kernel's AVX-512 VNNI microkernels (int8_conv_own_vnni_avx512.cpp): the table of
// int8_conv_own_simd.h on vpdpbusd, which sums a quad's four u8·s8 products straight into int32. Nothing passes
// through int16, so any s8 weights are exact: no pair split, no quad groups (Avx2Int8ConvTuning::vnni).
#pragma once

#include "kernels/int8/int8_conv_own_simd.h"

namespace qs::kernels::int8 {

namespace detail {
extern const OwnConvSimd kOwnConvAvx512Vnni; ///< "qs:avx512_vnni_int8", 16 int32 lanes

/// The requantizing store of the VNNI microkernels' byte forms, the epilogue's arithmetic lane by lane
/// (requantize_simd_avx512.cpp): y = round_half_even(clamp(float(acc + offset) · scale, lo, hi)) + zeroPoint, the
/// multiply and the clamp in float, with `offset` the caller's (bias - zp·Σw, exact in int32).
struct OwnConvRequant
{
    const float* scales = nullptr; ///< per output channel of the block, readable over all its vectors
    int32_t zeroPoint = 0;
    float lo = 0, hi = 255; ///< the output bounds relative to the zero point
    bool signedOut = false; ///< int8 output (else uint8)
};

/// As OwnConvMicroKernel / OwnConvPlainRun, storing requantized bytes (out[p] + c) instead of int32 sums.
using OwnConvBytesKernel = void (*)(const uint8_t* const* a, const void* weights, const QuadSchedule& q,
    const int32_t* offsets, const OwnConvRequant& rq, uint8_t* const* out);
using OwnConvBytesRun = void (*)(const uint8_t* a0, int64_t aStep, int64_t count, const void* weights,
    const QuadSchedule& q, const int32_t* offsets, const OwnConvRequant& rq, uint8_t* out0, int64_t outStep);

struct OwnConvVnniBytes
{
    /// microKernels[N - 1][P - 1], plainRuns[N - 1][P - 1]
    std::array<std::array<OwnConvBytesKernel, kOwnConvMaxPixels>, kOwnConvMaxWidth> microKernels;
    std::array<std::array<OwnConvBytesRun, kOwnConvMaxPixels>, kOwnConvMaxWidth> plainRuns;
};
extern const OwnConvVnniBytes kOwnConvVnniBytes;
} // namespace detail

/// The VNNI microkernels where the CPU has AVX-512 VNNI and quant::bestQuantIsa() is AVX-512 (DNNL_MAX_CPU_ISA caps
/// it: under AVX512_CORE or AVX2 this is nullptr), else nullptr.
const detail::OwnConvSimd* ownConvVnniSimd() noexcept;
/// The same, whatever the cap (the tests run the microkernels on every variant): nullptr without AVX-512 VNNI.
const detail::OwnConvSimd* ownConvVnniSimdUncapped() noexcept;

} // namespace qs::kernels::int8
