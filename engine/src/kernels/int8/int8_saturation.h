// SPDX-License-Identifier: MIT
// Int16 pair saturation of u8·s8 dot products on CPUs without VNNI, and the exact remedy the int8 kernels use.
//
// Without VNNI, oneDNN's int8 kernels (AVX2 and AVX-512 without VNNI) multiply u8 activations by s8 weights with
// vpmaddubsw, which adds the two products of adjacent reduction elements (input channels 2p and 2p+1 of a
// convolution at the same kernel position; rows 2p and 2p+1 of a matmul's B) into a *saturating int16* before
// widening to int32. With activations up to 255 the pair sum reaches 255 * (|a| + |b|) for same-sign weights a, b,
// which exceeds int16 exactly when |a| + |b| > 128 (255 * 128 = 32640 fits, 255 * 129 = 32895 does not; for
// opposite signs the magnitude is at most 255 * 128). VNNI (vpdpbusd) accumulates straight into int32: exact.
// Measured on this project's machines with oneDNN 2.6 (bench/RESULTS.md, "Measured fact"): avx512_core_vnni exact, AVX2
// saturates. Which weights form a pair depends on the kernel oneDNN picks (pairLayoutOf): direct jit/brgemm kernels
// pair input channels at one kernel position; im2col + gemm kernels (grouped convolutions on avx512_core) pair adjacent
// elements of the flattened reduction; reference kernels compute in int32.
//
// Remedy: the weights given to oneDNN are split as w = w' + r, with w' chosen so that no pair exceeds the bound
// (the even weight of an offending pair is shrunk to 128 - |other|) and r a sparse residual applied by
// the kernel after the oneDNN call, in int32, as sum r * (x - zp). The result is exact on every ISA. Int8Conv
// applies r per tile of 16 output pixels as int16 multiply-adds over per-channel planes of x - zp
// (int8_conv_residual.cpp); PyTorch-quantized weights (full +-127 range, resnet18_int8_qdq_torch) need it for 1-2 % of
// pairs, where it costs ~11-14 % of the run (was ~40 % as strided scalar updates,
// bench/archive/2026-11-22-int8-avx2.md). The real models need it for only a few weights per layer (2..126 of thousands
// in yolov5nu_int8_dynamic_seed), so the residual costs a small fraction of the convolution; the alternative, an
// int16-free (s16 or int32) accumulation kernel of our own for the whole layer, would give up oneDNN's speed entirely
// for those layers. Measured (bench/kernels/bench_int8_conv.cpp, bench/archive/2026-11-22-int8-avx2.md, AVX2-limited,
// the model's own weights with 1-6 residual weights per layer): the whole exact NHWC path, residual and float epilogue
// included, stays within 10-25 % of the bare oneDNN primitive on the 3x3 layers (98-110 GOP/s), where an
// int32-accumulating kernel of our own would run at a fraction of that.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace qs::kernels::int8 {

/// Largest |a| + |b| of a same-sign adjacent weight pair that cannot saturate int16 with u8 activations.
inline constexpr int kPairSafeMagnitude = 128;

/// What oneDNN dispatches int8 work to in this process (dnnl::get_effective_cpu_isa, honours DNNL_MAX_CPU_ISA).
struct Int8IsaInfo
{
    std::string isa; ///< "avx2", "avx512_core_vnni", ...
    /// True unless the ISA has VNNI that oneDNN is known to use for int8 (avx512_core_vnni and above). avx2_vnni is
    /// counted as saturating: unverified for oneDNN 2.6's kernels, and the remedy is exact either way.
    bool pairsSaturate = true;
};
Int8IsaInfo onednnInt8Isa();

/// Which weights oneDNN's kernel multiplies as an int16 pair, by implementation (impl_info_str()):
enum class PairLayout
{
    None, ///< reference kernels ("ref"): int32 arithmetic
    InputChannels, ///< jit/brgemm direct kernels: input channels 2p, 2p+1 at one kernel position
    FlattenedReduction, ///< im2col + gemm ("gemm"): adjacent elements of the flattened reduction
};
/// The pairing of a convolution implementation; InputChannels unless the name says gemm or ref. Measured with
/// DNNL_MAX_CPU_ISA=AVX2 and AVX512_CORE: grouped convolutions with several channels per group run
/// "x64:gemm_s8u8s32:jit" on avx512_core and "ref_int8" on avx2.
PairLayout pairLayoutOf(const std::string& implementation);

enum class SaturationRemedy
{
    NotNeeded, ///< the ISA accumulates in int32 (VNNI): nothing can saturate
    NoOffendingPairs, ///< the ISA pairs into int16, but no weight pair of this layer can exceed it
    SparseResidual, ///< offending pairs were split; their excess is added exactly after the oneDNN call
};
const char* saturationRemedyName(SaturationRemedy remedy) noexcept;

/// Per-layer answer for the diagnosis: "can int16 saturation happen here, and what does the engine do about it".
struct SaturationReport
{
    std::string isa;
    bool isaPairsSaturate = false;
    int64_t weightPairs = 0; ///< adjacent pairs examined
    int64_t offendingPairs = 0; ///< same-sign pairs with |a| + |b| > kPairSafeMagnitude (counted on every ISA)
    int64_t residualEntries = 0; ///< non-zero residual weights applied after oneDNN (0 unless SparseResidual)
    SaturationRemedy remedy = SaturationRemedy::NotNeeded;
    /// >= 0: the convolution also keeps its original weights and runs them, without the residual, for sources that
    /// cannot saturate them (every value at most this, or per-channel maxima within each split pair's bound).
    int32_t unsplitMaxSource = -1;
    /// "avx2: 12 of 4608 weight pairs could saturate int16; handled exactly by a sparse residual (12 weights)".
    std::string describe() const;
};

/// One residual weight: added as value * (x - zp) at reduction index `reduction` (matmul: k; conv: ic within the
/// group), position `inner` (conv: kh * KW + kw; matmul: column n) of output row `row` (conv: oc; matmul: 0).
struct ResidualWeight
{
    int32_t row = 0;
    int32_t reduction = 0;
    int32_t inner = 0;
    int32_t value = 0;
};

/// s8 weights laid out [rows][reduction][inner]; pairs are (2p, 2p+1) along `reduction` at equal row and inner.
/// Counts offending pairs; when `split`, rewrites them in place and returns the residual (ordered by row).
std::vector<ResidualWeight> splitSaturatingPairs(
    int8_t* weights, int64_t rows, int64_t reduction, int64_t inner, bool split, SaturationReport& report);

} // namespace qs::kernels::int8
