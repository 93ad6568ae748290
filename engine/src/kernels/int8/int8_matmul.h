// SPDX-License-Identifier: MIT
// Exact integer matmul on oneDNN: ONNX MatMulInteger (int32 out) and the fused float form
// y = float(MatMulInteger(a, b)) * (aScale * bScale[n]) + bias[n] (MatMulIntegerToFloat, DynamicQuantizeMatMul).
//
// B (the weights) is constant and prepared once, [K, N] or batched [batch, K, N]. oneDNN computes a·(b - c) on
// raw (uint8-shifted) activations with s8 weights (c = 128 for uint8 B, 0 for int8); the zero points are applied
// exactly in int32 afterwards:
//   (a - za)(b - zb) = a·b' - za·colsum(b') + (a - za)·r + k[n]·(rowsum(a) - K·za),   k[n] = c - zb[n],
// where b' + r = b - c and r is the sparse int16-pair-saturation residual of int8_saturation.h.
// Where oneDNN's pairs saturate (no VNNI) and more than one weight in 256 sits in an offending pair, M > 1 runs the
// exact int16 loops of int8_gemm_s16.h instead (no split, no residual, no zero-point terms); with fewer and B of
// batch 1, M > 1 runs the own convolution kernel's microkernels as a 1x1 convolution (int8_matmul_own.h: the same
// split, its residual mostly inside the kernel, -za·colsum(b') in its sums); M = 1 runs int8_gemv.h.
#pragma once

#include "kernels/int8/int8_conv.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace qs::kernels::int8 {

/// Work runFloat does on finished values of y while they are in cache: called once per band of whole rows (`count`
/// contiguous values from `y`), on the thread that wrote them. Bands come in any order and on any thread (index
/// omp_get_thread_num(), below the session's intra-op threads), so the result must not depend on either.
using FloatBandEpilogue = std::function<void(float* y, int64_t count)>;

class Int8MatMul
{
public:
    /// `b.data` is [batch, K, N] row-major; `b.zeroPoints` has 1 or N entries.
    static Result<std::unique_ptr<Int8MatMul>> create(
        int64_t k, int64_t n, int64_t batch, DataType aType, const Int8Weights& b);
    ~Int8MatMul();

    int64_t k() const noexcept;
    int64_t n() const noexcept;
    int64_t batch() const noexcept;
    const SaturationReport& saturation() const noexcept;
    std::string implementation() const;

    /// Bytes of a run's per-run buffers for M rows (the int32 accumulators, the shifted int8 source, the row sums):
    /// a kernel's scratch (KernelArgs::scratch), shared with other steps between runs.
    size_t scratchBytes(int64_t m) const noexcept;
    /// The next runs' scratch of scratchBytes(M) bytes, kTensorAlignment-aligned, not preserved between runs. Null (the
    /// default): the object allocates its own, for callers without a memory plan (tests, weights given at run time).
    void useScratch(void* scratch) noexcept;

    /// `a` is [batch, M, K] (when B has batch 1, any leading dims are flattened into M by the caller);
    /// `y` is [batch, M, N].
    Status runInt32(const void* a, int64_t m, int32_t aZeroPoint, int32_t* y);
    /// `epilogue`, when given, then runs on each band of y right after the band is written.
    Status runFloat(const void* a, int64_t m, int32_t aZeroPoint, float aScale, const float* bScales,
        bool perColumnScales, const float* bias, float* y, const FloatBandEpilogue& epilogue = {});
    /// QLinearMatMul / QGemm: y [batch, M, N] uint8 or int8 (rq.outType), per-column requantization.
    Status runRequantized(const void* a, int64_t m, int32_t aZeroPoint, const Requantization& rq, void* y);

private:
    struct Impl;
    explicit Int8MatMul(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace qs::kernels::int8
