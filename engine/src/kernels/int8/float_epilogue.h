// SPDX-License-Identifier: MIT
// The float epilogue of the fused dynamic convolution: int32 accumulators (oneDNN's NHWC output, corrections applied)
// to float with the per-channel rescale, the bias and, when fused, SiLU — in one pass, so the output is written once.
// A separate SiLU pass over the float output (oneDNN eltwise_swish) cost ~15 % of the convolution time on AVX2.
// The reciprocal in SiLU is an estimate plus one Newton step (a few ulp), not an IEEE division.
// AVX-512 path (16 lanes; a SiLU of its own with a one-step reduction for e^-v and the reciprocal from rcp14 instead
// of rcpps, float_epilogue_avx512.cpp, so AVX-512 and AVX2 agree within those few ulp, not bit for bit) or AVX2+FMA
// path (own exp, within 2 ulp of expf) when the CPU has it
// and DNNL_MAX_CPU_ISA does not forbid it (quant::bestQuantIsa()), else scalar with std::exp.
#pragma once

#include <cstdint>

namespace qs::kernels::int8 {

/// out[j * oc + o] = act(float(acc[j * oc + o]) * scale[o] + shift[o]) for j < count, o < oc;
/// act = identity, or y * sigmoid(y) when `silu`. `out` may not alias `acc`. When `range` is given, range[0] and
/// range[1] are lowered/raised to the min and max of the values written (NaNs skipped as quant::minMax skips them):
/// the DynamicQuantizeLinear reading the output then needs no min/max pass of its own.
void rescaleNhwc(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu,
    float* out, float* range = nullptr, const float* residual = nullptr);

/// Whether rescaleNhwc takes a `residual` (out = act(...) + residual, in the same pass; out may be residual itself):
/// the AVX-512 path. Elsewhere residual must be null, and addResidual adds it to the finished tile.
bool rescaleAddsResidual() noexcept;

/// out[i] = tile[i] + residual[i] for i < n (a residual Add fused after the activation: the same single rounding as
/// the Add); `out` may be `residual` itself (each element is read before it is written). `range` as in rescaleNhwc.
void addResidual(const float* tile, const float* residual, int64_t n, float* out, float* range = nullptr);

/// out[o * channelStride + j] = tile[j * oc + o]: a rescaled NHWC tile of `count` pixels into NCHW planes.
void transposeTile(const float* tile, int64_t count, int64_t oc, float* out, int64_t channelStride);

/// Whether rescaleNhwc and transposeTile run their AVX2 paths (for the profiler's implementation string and the tests).
bool rescaleUsesAvx2() noexcept;

namespace detail {
/// The scalar loops (CPUs without AVX2; the vector loops' tails).
void rescaleScalar(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu,
    float* out, float* range);
void addResidualScalar(const float* tile, const float* residual, int64_t n, float* out, float* range);
/// transposeTile's AVX2 loop, which the AVX-512 table shares.
void transposeAvx2(const float* tile, int64_t count, int64_t oc, float* out, int64_t channelStride);

/// The loops of one ISA (float_epilogue_avx2.cpp, float_epilogue_avx512.cpp).
struct FloatEpilogueSimd
{
    bool addsResidual; ///< rescale takes a residual (else it must be null)
    void (*rescale)(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu,
        float* out, float* range, const float* residual);
    void (*transpose)(const float* tile, int64_t count, int64_t oc, float* out, int64_t channelStride);
    void (*addResidual)(const float* tile, const float* residual, int64_t n, float* out, float* range);
};
extern const FloatEpilogueSimd kFloatEpilogueAvx2;
extern const FloatEpilogueSimd kFloatEpilogueAvx512;
} // namespace detail

} // namespace qs::kernels::int8
