// SPDX-License-Identifier: MIT
// An int8 matmul [M, K] x [K, N] on the own convolution kernel's microkernels (int8_conv_own_kernel.h), as the 1x1
// convolution over M pixels that it is: K input channels, N output channels. For Int8MatMul where oneDNN's int8
// kernels multiply in saturating int16 pairs (AVX2 and AVX-512 without VNNI): oneDNN 2.6's u8·s8 gemm there
// (x64:gemm_s8u8s32:jit) packs both operands on every call, while this kernel's weights are packed once, grouped in
// int16 where their magnitudes allow it (fewer multiplies per MAC), and the sparse pair-saturation residual is reduced
// inside the kernel as extra quads. Measured on the transformer encoder's shapes (M = 128, bell-shaped weights,
// bench_int8_matmul, bench/archive/2026-11-29-int8-matmul-own.md): 1.3-1.5x oneDNN's rate at AVX512_CORE, 1.1-1.2x
// at AVX2.
#pragma once

#include "kernels/int8/int8_conv_own_kernel.h"
#include "kernels/int8/int8_saturation.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace qs::kernels::int8 {

class OwnInt8MatMul
{
public:
    /// `w`: s8 [K, N] row-major, pair-safe along K (int8_saturation.h's split: pairs (2p, 2p + 1) at each column);
    /// `residual`: its sparse excess (row 0, reduction = k, inner = n). Null when the CPU has no own microkernels.
    static std::unique_ptr<OwnInt8MatMul> create(
        const int8_t* w, int64_t k, int64_t n, const std::vector<ResidualWeight>& residual);

    /// "qs:avx512_int8" or "qs:avx2_int8" (the microkernels' name) with " 1x1": what Int8MatMul reports.
    const char* implementation() const noexcept { return m_name; }
    /// Whether the kernel reduces the residual itself; if not, the caller adds it after run().
    bool absorbsResidual() const noexcept { return m_kernel->absorbsResidual(); }
    /// Bytes of run()'s `scratch` for M rows: a copy of A with rows of K rounded up to 4 bytes, when K is not.
    size_t scratchBytes(int64_t m) const noexcept;
    /// acc [M, N] = Σ_k (a[i, k] - za) · w[k, n] (+ the residual's share when absorbed), exact int32; `a` uint8
    /// [M, K]. Rows in one contiguous block per thread over `threads` (passThreads); the same sums at any count.
    /// `rowsDone`, when given, then runs on each thread for the rows [begin, end) that thread has just computed.
    void run(const uint8_t* a, int64_t m, int32_t za, int32_t* acc, uint8_t* scratch, int threads,
        const std::function<void(int64_t begin, int64_t end)>& rowsDone = {});

private:
    OwnInt8MatMul() = default;
    int64_t m_k = 0, m_n = 0, m_rowBytes = 0; ///< m_rowBytes: K rounded up to 4, the kernel's input channels
    const char* m_name = "";
    std::unique_ptr<Avx2Int8Conv> m_kernel;
};

} // namespace qs::kernels::int8
