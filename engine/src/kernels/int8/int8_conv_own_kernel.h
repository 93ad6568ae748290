// SPDX-License-Identifier: MIT
// The engine's own u8·s8 → s32 direct convolution for AVX2 without VNNI, where oneDNN 2.6's `jit_uni_int8:avx2`
// reaches only about two thirds of the vpmaddubsw + vpmaddwd peak (bench/archive/2026-11-22-int8-avx2.md, "Own AVX2
// int8 convolution kernel"), and for AVX-512 without VNNI on 16-lane microkernels (zmm, "qs:avx512_int8":
// bench/archive/2026-11-29-int8-own-avx512.md). The class keeps its historical name for both.
//
// NHWC activations live in a buffer padded with the activation zero point (so padding contributes x - zp = 0, as in
// ONNX, and the inner loop has no bounds checks): NHWC inputs are copied into it, NCHW inputs are written into it
// by the caller's reorder (interior()). Weights are prepacked once into blocks of L·N output channels (L = 8 int32
// lanes per ymm, 16 per zmm). For a fixed
// kernel row, the window's (kw, c) bytes are contiguous in the padded row whatever the stride, so the reduction is
// one flat loop per kernel row over quads of 4 consecutive bytes (KW·IC rounded up to 4; the bytes past the window
// meet zero weights): no channel padding, and a 3-channel image conv wastes 3 of 24 bytes per row, not 7 of 28.
// The microkernel holds P output pixels × N vectors of accumulators; per quad it broadcasts 4 bytes of each pixel and
// does vpmaddubsw (u8·s8 pairs into saturating s16), vpmaddwd with ones (to s32), vpaddd. The microkernels are the
// family's per-ISA part (int8_conv_own_simd.h, int8_conv_own_avx2.cpp); this class packs, plans and walks the pixels.
//
// Exactness: vpmaddubsw pairs bytes (4q, 4q+1) and (4q+2, 4q+3) of each kernel row's flattened (kw, c) sequence —
// with an even channel count, input channels 2p and 2p+1 at one kernel position, as oneDNN's direct kernels.
// splitPairs() makes exactly these pairs safe (int8_saturation.h's split, its excess as the caller's sparse
// residual), so the kernel is exact for weights prepared by it. The activation zero point is applied as -zp·Σw per
// output channel after the sums (the zero-point padding makes every window complete).
#pragma once

#include "kernels/int8/conv_shape.h"
#include "kernels/int8/int8_conv_own_simd.h"
#include "kernels/int8/int8_conv_own_vnni.h"
#include "kernels/int8/int8_saturation.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace qs::kernels::int8 {

/// How Avx2Int8Conv lays out its work; the defaults are the measured best (the benches and tests try the others).
struct Avx2Int8ConvTuning
{
    /// Output pixels per microkernel call, 1..8, and vectors of output channels per block, 1..3; both 0: the
    /// default, 6 × 2, except on AVX2 for layers whose blocks all run plain over pixel runs (create() says why).
    int pixelBlock = 0;
    int channelBlock = 0;
    /// Quads added in int16 before widening: groups of 4 then 2 (4), of 2 only (2), none (1); see create().
    int maxQuadGroup = 4;
    /// The microkernels' ISA (AVX2 or AVX-512, which the CPU must run); unset: ownConvSimd()'s, the engine's choice.
    std::optional<quant::QuantIsa> isa = std::nullopt;
    /// The AVX-512 VNNI microkernels (int8_conv_own_vnni.h: vpdpbusd, exact for any s8 weights, so the weights need
    /// no pair split and no quad is grouped; `isa` and `maxQuadGroup` are then not read), which the CPU must run.
    bool vnni = false;
};

class Avx2Int8Conv
{
public:
    /// What Int8Conv::implementation() reports for layers on this kernel: "qs:avx2_int8", "qs:avx512_int8" or
    /// "qs:avx512_vnni_int8".
    const char* implementation() const noexcept { return m_simd->implementation; }
    /// Output channels per vector of the microkernels: 8 or 16.
    int lanes() const noexcept { return m_simd->lanes; }
    /// Whether this kernel can compute `shape` (one group, no dilation) and the CPU has AVX2.
    static bool supports(const ConvShape& shape);
    /// Splits this kernel's saturating weight pairs in `weights` (s8 [OC, IC, KH, KW], in place) and returns their
    /// excess as residual weights (row = oc, reduction = ic, inner = kh·KW + kw), counting pairs into `report`.
    static std::vector<ResidualWeight> splitPairs(const ConvShape& shape, int8_t* weights, SaturationReport& report);
    using Tuning = Avx2Int8ConvTuning;
    /// `weights`: s8 [OC, IC, KH, KW], pair-safe (splitPairs); copied and packed.
    static std::unique_ptr<Avx2Int8Conv> create(const ConvShape& shape, const int8_t* weights, Tuning tuning = {});
    /// As above, with the caller's sparse residual (splitPairs' and any other; added to `weights` it gives the exact
    /// weights): when few quads hold residual weights the kernel reduces them itself, as extra quads of pair-safe s8
    /// pieces, and absorbsResidual() says so (the caller then applies no residual); otherwise it is ignored.
    static std::unique_ptr<Avx2Int8Conv> create(
        const ConvShape& shape, const int8_t* weights, const std::vector<ResidualWeight>& residual, Tuning tuning = {});
    bool absorbsResidual() const noexcept { return m_absorbsResidual; }
    /// On the VNNI microkernels (Tuning::vnni), which also write requantized bytes (computePixelsRequantized).
    bool vnni() const noexcept { return m_simd == &detail::kOwnConvAvx512Vnni; }

    /// y (s32 NHWC [N, OH, OW, OC]) = Σ (x - zp)·w over each window, padding contributing 0; x uint8 NHWC.
    void run(const uint8_t* x, int32_t zp, int32_t* y);
    /// One image written by the caller at interior() (pixel stride IC, row stride paddedRowStride()), then as run().
    void runInterior(int32_t zp, int32_t* y);

    // Band by band (the fused epilogue: Int8Conv keeps the accumulators of a few output rows in cache and applies its
    // corrections and its float or requantizing store right after, instead of a round trip of the whole layer's
    // int32 output through memory): setImage() once per image, then computePixels() for consecutive ranges.
    /// Makes `image` (uint8 NHWC, one image) the current source: copied into the padded buffer, or read in place when
    /// readsInPlace(); `image` == nullptr: the caller has already written the interior (interior()).
    void setImage(const uint8_t* image, int32_t zp);
    /// setImage() in two parts, so that several threads can share the copy: beginImage() once (offsets, the
    /// zero-point border), returning whether `image`'s rows must be copied; if so, copyRows() for input rows
    /// [begin, end), on disjoint ranges covering the image, all finished before any computePixels().
    bool beginImage(const uint8_t* image, int32_t zp);
    void copyRows(const uint8_t* image, int64_t begin, int64_t end);
    /// Output pixels [begin, end) of the current image (flat over OH·OW) into `y` (s32 NHWC, pixel `begin` first).
    /// Several threads may compute disjoint ranges of the current image at once (it only reads the object's state).
    void computePixels(int64_t begin, int64_t end, int32_t* y);
    /// With the VNNI microkernels (Tuning::vnni) only: as computePixels, but the requantized bytes into `y` (uint8 or
    /// int8 NHWC, pixel `begin` first), `offsets` per output channel (rounded up to the blocks' width) added to the
    /// sums in place of -zp·Σw (the caller's bias - zp·Σw: weightSums()).
    void computePixelsRequantized(
        int64_t begin, int64_t end, const int32_t* offsets, const detail::OwnConvRequant& rq, uint8_t* y) const;
    /// Σw per output channel, rounded up to the blocks' width with zeros.
    const std::vector<int32_t>& weightSums() const noexcept { return m_weightSums; }
    /// No padding and whole quads per kernel row (KW·IC a multiple of 4): the source is read where it lies, with no
    /// padded copy (a 1x1 convolution reads its NHWC input directly).
    bool readsInPlace() const noexcept { return m_inPlace; }
    /// Where the caller writes one image for runInterior() / setImage(nullptr, ...): in a per-thread scratch buffer
    /// shared by all convolutions of the thread, so valid only until another convolution runs on this thread; ask
    /// for it again for every image.
    uint8_t* interior();
    int64_t paddedRowStride() const noexcept { return m_paddedWidth * m_shape.inChannels; }

    const ConvShape& shape() const noexcept { return m_shape; }
    int pixelBlock() const noexcept { return m_pixelBlock; }
    /// Quads (summed over the channel blocks, extra residual quads included) reduced in int16 groups of 2 or 4 before
    /// widening, and all quads.
    int64_t groupedQuads() const noexcept { return m_groupedQuads; }
    int64_t totalQuads() const noexcept { return m_totalQuads; }
    int channelBlock() const noexcept { return m_channelBlock; }

private:
    Avx2Int8Conv() = default;
    void fillBorder(uint8_t* padded, int32_t zp);
    uint8_t* paddedBuffer();
    struct Block;
    /// The pixel walk of computePixels and computePixelsRequantized: per channel block, plainRun(block, P, ...) over a
    /// whole range at one stride, or microKernel(block, count, ...) per group of P pixels.
    template <typename Out, typename PlainRun, typename MicroKernel>
    void walkPixels(int64_t begin, int64_t end, Out* outImage, const int32_t* offsets, const PlainRun& plainRun,
        const MicroKernel& microKernel) const;
    static uint8_t* scratch(size_t bytes);
    void setOffsets(int32_t zp);

    ConvShape m_shape;
    const detail::OwnConvSimd* m_simd = nullptr; ///< the microkernels (create() is only called where supports())
    int m_pixelBlock = 6;
    int m_channelBlock = 2;
    int64_t m_steps = 0; ///< quads per kernel row: KW·IC rounded up to 4, divided by 4
    int64_t m_paddedHeight = 0; ///< rows the windows reach, and at least padTop + IH
    int64_t m_paddedWidth = 0;
    bool m_inPlace = false;
    const uint8_t* m_source = nullptr; ///< the current image (setImage): the padded scratch, or the caller's image
    struct Block
    {
        int64_t firstChannel = 0;
        int width = 0; ///< vectors of lanes() output channels
        size_t offset = 0; ///< into m_packed, in bytes
        size_t quadOffset = 0; ///< into m_quadOffsets
        int64_t fours = 0; ///< the block's quads in reduction order: groups of 4, of 2, then singles
        int64_t twos = 0;
        int64_t singles = 0;
        bool plain = false; ///< the kernel's quads in kernel order, ungrouped (few would group)
    };
    struct alignas(64) Line
    {
        uint8_t bytes[64];
    };
    std::vector<Block> m_blocks;
    std::vector<Line> m_packed; ///< the blocks' weights, each block at a multiple of 64 bytes
    std::vector<int32_t> m_quadOffsets; ///< per block, its quads' byte offsets from the window origin, in order
    bool m_absorbsResidual = false;
    int64_t m_groupedQuads = 0;
    int64_t m_totalQuads = 0;
    std::vector<int32_t> m_weightSums; ///< per output channel (rounded up to the blocks' width)
    std::vector<int32_t> m_offsets; ///< -zp·Σw of the current run
    static constexpr int64_t kSlack = 64; ///< bytes after the last row that the last quads may read
};

} // namespace qs::kernels::int8
