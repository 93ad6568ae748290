// SPDX-License-Identifier: MIT
// Vector paths of the requantizing epilogue (requantize.h) for channel-contiguous rows: the same float operations
// as the scalar loop, lane by lane (int32 add of the bias, conversion, one multiply, the optional offset add, clamp,
// round half to even by the 1.5 * 2^23 trick, add of the zero point), so results are bit-identical to it. Picked by
// quant::bestQuantIsa(), so DNNL_MAX_CPU_ISA=AVX2 runs the AVX2 path like the AVX2 machine kind.
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>

namespace qs::kernels::int8 {

/// Parameters of one requantizing pass; `mult` has one value (perChannel false) or one per channel; bias and offset
/// are nullptr or one per channel; lo/hi are the bounds relative to the zero point (float(rq.lo - zp), ...).
struct RequantizeArgs
{
    const int32_t* bias = nullptr;
    const float* mult = nullptr;
    bool perChannel = false;
    const float* offset = nullptr;
    int32_t zeroPoint = 0;
    float lo = 0.0f;
    float hi = 255.0f;
};

/// out[j * channels + c] = requantized tile[j * channels + c] for `count` pixels; one byte per element (uint8 and
/// int8 alike: the clamp keeps every value inside the output type's range). Returns false when `isa` has no vector
/// path (the caller falls back to the scalar loop).
bool requantizeRowsSimd(
    quant::QuantIsa isa, const int32_t* tile, int64_t count, int64_t channels, const RequantizeArgs& a, uint8_t* out);

struct Requantization;
/// requantizeTile (requantize.h) on a given ISA's path (Scalar: the plain loop); the tests compare every path.
void requantizeTileIsa(quant::QuantIsa isa, const int32_t* tile, int64_t count, int64_t channels,
    const Requantization& rq, void* out, int64_t channelStride, int64_t pixelStride);

namespace detail {
/// The loop of one ISA (requantize_simd_avx2.cpp, requantize_simd_avx512.cpp).
struct RequantizeSimd
{
    void (*rows)(const int32_t* tile, int64_t count, int64_t channels, const RequantizeArgs& a, uint8_t* out);
};
extern const RequantizeSimd kRequantizeAvx2;
extern const RequantizeSimd kRequantizeAvx512;
} // namespace detail

} // namespace qs::kernels::int8
