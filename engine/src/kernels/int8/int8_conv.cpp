// SPDX-License-Identifier: MIT
// Int8Conv (int8_conv.h): the oneDNN primitive and its source (int8 shift, NCHW reorder, zero-point padded source,
// the own AVX2 kernel in its place), the run paths and their int32 / float / requantizing epilogues. The weight
// plan, the residual and the direct uint8 path live beside it (int8_conv_impl.h lists them).
#include "kernels/int8/int8_conv.h"

#include "kernels/int8/float_epilogue.h"
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/interleave_planes.h"
#include "kernels/int8/thread_blocks.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <omp.h>

namespace qs::kernels::int8 {

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

QS_CLONES void storeTileInt32(
    const int32_t* tile, int64_t count, int64_t oc, int32_t* out, int64_t channelStride, int64_t pixelStride)
{
    if (pixelStride == oc && channelStride == 1) {
        std::memcpy(out, tile, size_t(count * oc) * sizeof(int32_t));
        return;
    }
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t j = 0; j < count; ++j)
            out[o * channelStride + j * pixelStride] = tile[j * oc + o];
}

} // namespace

Status Int8Conv::Impl::prepare(const Int8Weights& w)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, icg = s.inChannelsPerGroup();
    if (w.type != DataType::UInt8 && w.type != DataType::Int8)
        return Status(StatusCode::Unsupported, fmt::format("convolution weights of type {}", dataTypeName(w.type)));
    if (w.zeroPoints.size() != 1 && int64_t(w.zeroPoints.size()) != oc)
        return Status(StatusCode::InvalidArgument,
            fmt::format("{} weight zero points for {} output channels", w.zeroPoints.size(), oc));
    for (int32_t zp : w.zeroPoints)
        QS_RETURN_IF_ERROR(checkZeroPoint(w.type, zp, "weight"));

    planWeightZeroPoints(w);

    // On AVX2 without VNNI the engine's own kernel replaces oneDNN's jit_uni_int8 where it measured faster
    // (bench/archive/2026-11-22-int8-avx2.md: "Own AVX2 int8 convolution kernel", "epilogue fused band by band"):
    // spatial kernels reading NCHW (the reorder writes straight into its zero-point padded buffer), image convolutions
    // with few channels (flat (kw, c) quads), sources that would be copied into a zero-point padded buffer for oneDNN
    // anyway (a constant non-zero zero point), and every layer with a run-time activation zero point (the dynamic path)
    // and at least 8 output channels: there its accumulators go to the epilogue band by band, still in cache, instead
    // of through a whole-layer int32 buffer, which outweighs oneDNN's 5-10 % faster bare 1x1 kernel and the padding
    // copy of NHWC 3x3 inputs. With more intra-op threads (the session sets them before preparing) the own kernel
    // computes its bands on all of them (epilogue(): each thread a block of output rows, the padded copy shared out
    // too), but only for layers the epilogue splits (kParallelMinOutputs); smaller ones keep oneDNN's parallel kernels
    // rather than run on one thread. (Before the bands were parallel, yolov5nu AVX2 at 2 threads measured 59.6-65.3 ms
    // with oneDNN, 75-77.5 ms with the single-threaded own kernel.) Of the static (constant zero point) NHWC layers,
    // only the unpadded pointwise ones, which the own kernel reads in place, take it under the same rule: resnet18's
    // three 1x1 stride-2 downsampling convolutions (with the fused residual add) measured 0.238 / 0.174 / 0.170 ms on
    // oneDNN vs 0.226 / 0.157 / 0.156 ms on the own kernel at 1 thread (step minimums over 5 interleaved rounds,
    // AVX2-limited), while its 3x3 layers were equal on 64-128 channels and slower on 256-512 (1.35 -> 1.69 ms on 512:
    // bench/archive/2026-11-22-int8-avx2.md, "resnet18's static QDQ layers"), so they stay on oneDNN.
    // Int8KernelOptions::ownAvx2Conv can keep oneDNN everywhere or take ours wherever it can run (A/B measurements).
    {
        using OwnAvx2Conv = Int8KernelOptions::OwnAvx2Conv;
        const OwnAvx2Conv ownMode = options.ownAvx2Conv;
        const bool spatial = s.kernelHeight * s.kernelWidth > 1;
        const bool runtimeZeroPoint = !zeroSourceZeroPoint && !constantSource;
        const bool pointwiseInPlace = !spatial && !nchw() && s.padTop == 0 && s.padLeft == 0 && s.padBottom == 0
            && s.padRight == 0 && s.inChannels % 4 == 0;
        useOwn = onednnInt8Isa().isa == "avx2" && Avx2Int8Conv::supports(s) && ownMode != OwnAvx2Conv::Never
            && (ownMode == OwnAvx2Conv::Everywhere || (spatial && (nchw() || s.inChannels < 8 || paddedSource))
                || ((runtimeZeroPoint || pointwiseInPlace) && s.outChannels >= 8
                    && (omp_get_max_threads() == 1 || epilogueThreads() > 1)));
        if (useOwn)
            paddedSource = false; // the own kernel pads with the zero point itself
        // The DFL head's 16 -> 1 pointwise conv: weighted sums of the NCHW planes (int8_conv_planar.cpp), on every
        // ISA with AVX2 — oneDNN pads one output channel to a full vector whatever its ISA (~0.5 ms natively too).
        // Not when the own kernel is forced (Everywhere: its tests) or oneDNN is (Never).
        planar = ownMode == OwnAvx2Conv::ByRule && runtimeZeroPoint && planarEligible();
        if (planar) {
            useOwn = false;
            preparePlanar(w);
            bandRows = std::clamp<int64_t>(kBandBytes / int64_t(sizeof(int32_t) * s.outWidth() * oc), 1, s.outHeight());
            band.resize(size_t(bandRows * s.outWidth() * oc));
            if (srcType == DataType::Int8)
                shifted.resize(size_t(s.inputCount()));
            scales.resize(size_t(s.outChannels));
            biases.resize(size_t(s.outChannels));
            return Status::ok();
        }
    }

    try {
        dnnl::engine& eng = onednnEngine();
        stream = dnnl::stream(eng);
        const dnnl::memory::dims srcDims { s.batch, s.inChannels, s.inHeight, s.inWidth };
        const dnnl::memory::dims dstDims { s.batch, s.outChannels, s.outHeight(), s.outWidth() };
        const bool grouped = s.group > 1;
        const dnnl::memory::dims wDims = grouped
            ? dnnl::memory::dims { s.group, s.outChannelsPerGroup(), icg, s.kernelHeight, s.kernelWidth }
            : dnnl::memory::dims { oc, icg, s.kernelHeight, s.kernelWidth };
        const int64_t padH = paddedSource ? s.padTop + s.padBottom : 0,
                      padW = paddedSource ? s.padLeft + s.padRight : 0;
        const dnnl::memory::desc srcMd(
            { s.batch, s.inChannels, s.inHeight + padH, s.inWidth + padW }, dt::u8, tag::nhwc);
        const dnnl::memory::desc dstMd(dstDims, dt::s32, tag::nhwc);
        const dnnl::memory::desc wAny(wDims, dt::s8, tag::any);
        const dnnl::memory::desc wPlain(wDims, dt::s8, grouped ? tag::goihw : tag::oihw);
        const dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference,
            dnnl::algorithm::convolution_direct, srcMd, wAny, dstMd, { s.strideHeight, s.strideWidth },
            { s.dilationHeight - 1, s.dilationWidth - 1 },
            paddedSource ? dnnl::memory::dims { 0, 0 } : dnnl::memory::dims { s.padTop, s.padLeft },
            paddedSource ? dnnl::memory::dims { 0, 0 } : dnnl::memory::dims { s.padBottom, s.padRight });
        dnnl::primitive_attr attr;
        if (!noSourceZeroPoint())
            attr.set_zero_points(DNNL_ARG_SRC, 0, { DNNL_RUNTIME_S32_VAL });
        convPd = dnnl::convolution_forward::primitive_desc(desc, attr, eng);
        conv = dnnl::convolution_forward(convPd);

        // The weights as the kernel would get them without the pair split: exact for any source whose values keep
        // every pair's int16 sum in range (see unsplitWeights). Only for a constant activation zero point (static
        // QDQ layers, whose calibrated scales leave headroom; a dynamic layer's source spans [0, 255] by
        // construction), when the residual would be nothing but the split (no clamped weight zero point outliers)
        // and the zero point is not folded into oneDNN's padded borders (whose accOffset is the split weights').
        std::vector<int8_t> unsplit;
        if ((zeroSourceZeroPoint || constantSource) && residual.empty() && !paddedSource && options.unsplitWeights)
            unsplit = s8;
        splitPairsFor(useOwn ? std::string(Avx2Int8Conv::kImplementation) : convPd.impl_info_str());
        int32_t maxAbs = 0;
        for (int8_t v : unsplit)
            maxAbs = std::max(maxAbs, std::abs(int32_t(v)));
        // u8 x s8 pairs: |x1 w1 + x2 w2| <= 2 * max|w| * max x, whichever two weights a kernel pairs.
        if (!correctedChannels.empty() && maxAbs > 0 && 32767 / (2 * maxAbs) < 255)
            unsplitMaxSource = 32767 / (2 * maxAbs);
        // With a uint8 source and zero point 0 (the only case the direct primitive takes), x is in [0, 255], so
        // acc lies between 255 * (sum of negative weights) and 255 * (sum of positive weights).
        const int64_t taps = s.inChannelsPerGroup() * s.kernelHeight * s.kernelWidth;
        for (int64_t o = 0; o < oc; ++o) {
            int64_t pos = 0, neg = 0;
            for (int64_t k = 0; k < taps; ++k) {
                const int64_t v = s8[size_t(o * taps + k)];
                (v > 0 ? pos : neg) += std::abs(v);
            }
            accBound = std::max(accBound, std::max(pos, neg) * 255);
        }
        if (paddedSource && paddedZeroPoint != 0) {
            accOffset.assign(size_t(oc), 0);
            for (int64_t o = 0; o < oc; ++o) {
                int64_t sum = 0;
                for (int64_t k = 0; k < taps; ++k)
                    sum += s8[size_t(o * taps + k)];
                accOffset[size_t(o)] = int32_t(-int64_t(paddedZeroPoint) * sum);
            }
        }
        if (useOwn) {
            const Avx2Int8Conv::Tuning tuning { .maxQuadGroup = options.maxQuadGroup };
            own = Avx2Int8Conv::create(s, s8.data(), residual, tuning);
            if (unsplitMaxSource >= 0) {
                // The original weights need no residual, inside the kernel or after it.
                ownUnsplit = Avx2Int8Conv::create(s, unsplit.data(), tuning);
                // Its pairs are adjacent bytes of each kernel row's (kw, c) sequence: input channels 2p, 2p + 1 of an
                // NHWC source when the kernel is one column wide.
                if (s.kernelWidth == 1 && !nchw())
                    listUnsplitPairs(unsplit);
            }
            if (own->absorbsResidual()) {
                // The kernel computes the residual's quads with the exact int16 weights: no planes, no correction.
                residual.clear();
                planCorrections();
            }
            if (nchw() && s.batch == 1) {
                const int64_t ic = s.inChannels;
                const dnnl::memory::desc interior(srcDims, dt::u8,
                    dnnl::memory::dims { s.inHeight * own->paddedRowStride(), 1, own->paddedRowStride(), ic });
                srcNchw = dnnl::memory(dnnl::memory::desc(srcDims, dt::u8, tag::nchw), eng, DNNL_MEMORY_NONE);
                ownInterior = dnnl::memory(interior, eng, own->interior());
                toOwn = dnnl::reorder(srcNchw, ownInterior);
            }
        } else {
            dnnl::memory plain(wPlain, eng, s8.data());
            weights = dnnl::memory(convPd.weights_desc(), eng);
            dnnl::reorder(plain, weights).execute(stream, plain, weights);
            if (unsplitMaxSource >= 0) {
                // oneDNN's direct kernels pair input channels 2p and 2p + 1 at one kernel position: the split pairs
                // (one residual weight each, on the even channel) with their original magnitudes, so that a run can
                // check them against the source's per-channel maxima.
                if (pairLayoutOf(convPd.impl_info_str()) == PairLayout::InputChannels)
                    listUnsplitPairs(unsplit);
                dnnl::memory unsplitPlain(wPlain, eng, unsplit.data());
                unsplitWeights = dnnl::memory(convPd.weights_desc(), eng);
                dnnl::reorder(unsplitPlain, unsplitWeights).execute(stream, unsplitPlain, unsplitWeights);
            }
            stream.wait();
        }
        s8 = {};
        if (unsplitWeights || ownUnsplit)
            report.unsplitMaxSource = unsplitMaxSource;

        if (paddedSource) {
            padded.assign(convPd.src_desc().get_size(), uint8_t(paddedZeroPoint));
            srcNhwc = dnnl::memory(convPd.src_desc(), eng, padded.data());
        } else if (nchw()) {
            if (!ownInterior) { // otherwise the reorder writes into the own kernel's padded buffer (toOwn above)
                srcNchw = dnnl::memory(dnnl::memory::desc(srcDims, dt::u8, tag::nchw), eng, DNNL_MEMORY_NONE);
                srcNhwc = dnnl::memory(convPd.src_desc(), eng);
                toNhwc = dnnl::reorder(srcNchw, srcNhwc);
            }
        } else {
            srcNhwc = dnnl::memory(convPd.src_desc(), eng, DNNL_MEMORY_NONE);
        }
        if (useOwn) {
            bandRows = std::clamp<int64_t>(kBandBytes / int64_t(sizeof(int32_t) * s.outWidth() * oc), 1, s.outHeight());
            band.resize(size_t(bandRows * s.outWidth() * oc));
        } else {
            dst = dnnl::memory(convPd.dst_desc(), eng);
        }
        srcZeroPoint = dnnl::memory(dnnl::memory::desc({ 1 }, dt::s32, tag::x), eng);
        stream.wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", s.toString()));
    }
    if (srcType == DataType::Int8)
        shifted.resize(size_t(s.inputCount()));
    if (!planeChannels.empty())
        planes.assign(size_t(int64_t(planeChannels.size()) * planeGeometry.planeSize()), 0);
    if (needsWindowSums) {
        channelSums.resize(size_t(s.group * s.inHeight * s.inWidth));
        windowSums.resize(size_t(s.group * s.outHeight() * s.outWidth()));
    }
    scales.resize(size_t(s.outChannels));
    biases.resize(size_t(s.outChannels));
    return Status::ok();
}

void Int8Conv::Impl::fillPadded(const uint8_t* xu)
{
    // Only the interior is rewritten: the borders keep the zero point written at preparation.
    const ConvShape& s = shape;
    const int64_t c = s.inChannels, pw = s.inWidth + s.padLeft + s.padRight;
    const int64_t ph = s.inHeight + s.padTop + s.padBottom, hw = s.inHeight * s.inWidth;
    // Rows are independent copies: one block of rows per thread (resnet18's 3 x 224 x 224 NCHW input, transposed
    // here, was a serial part of its first convolution at 2 threads).
    forEachThreadBlock(s.batch * s.inHeight, passThreads(s.inputCount()), 1, [&](int64_t r0, int64_t r1) {
        for (int64_t r = r0; r < r1; ++r) {
            const int64_t n = r / s.inHeight, i = r % s.inHeight;
            const uint8_t* img = xu + n * c * hw;
            uint8_t* row = padded.data() + ((n * ph + i + s.padTop) * pw + s.padLeft) * c;
            // Three-channel images (resnet18's) by byte shuffles, the rest of this image's rows of the block at once:
            // the byte loop below took ~0.1 ms for 3 x 224 x 224.
            if (nchw() && c == 3) {
                const int64_t rows = std::min(r1 - r, s.inHeight - i);
                if (interleave3PlaneRows(img + i * s.inWidth, hw, rows, s.inWidth, row, pw * c)) {
                    r += rows - 1;
                    continue;
                }
            }
            if (!nchw()) {
                std::memcpy(row, img + i * s.inWidth * c, size_t(s.inWidth * c));
                continue;
            }
            for (int64_t ch = 0; ch < c; ++ch) {
                const uint8_t* src = img + ch * hw + i * s.inWidth;
                for (int64_t j = 0; j < s.inWidth; ++j)
                    row[j * c + ch] = src[j];
            }
        }
    });
}

Status Int8Conv::Impl::prepareSource(const void* x, int32_t& xZeroPoint, const uint8_t*& xu)
{
    QS_RETURN_IF_ERROR(checkZeroPoint(srcType, xZeroPoint, "activation"));
    xu = static_cast<const uint8_t*>(x);
    if (srcType == DataType::Int8) {
        // x + 128 as uint8 is x with the sign bit flipped; x - zp is unchanged when zp moves by 128 too.
        for (size_t i = 0; i < shifted.size(); ++i)
            shifted[i] = uint8_t(static_cast<const uint8_t*>(x)[i] ^ 0x80u);
        xu = shifted.data();
        xZeroPoint += 128;
    }
    if ((zeroSourceZeroPoint && xZeroPoint != 0) || (constantSource && xZeroPoint != paddedZeroPoint))
        return Status(StatusCode::Internal,
            fmt::format("int8 convolution {}: created for a constant activation zero point, run with another one",
                shape.toString()));
    try {
        if (ownInterior || planar)
            return Status::ok(); // runOnednn reorders straight into the own kernel's padded buffer; planar reads x
        *static_cast<int32_t*>(srcZeroPoint.get_data_handle()) = xZeroPoint;
        if (paddedSource) {
            fillPadded(xu);
        } else if (nchw()) {
            srcNchw.set_data_handle(const_cast<uint8_t*>(xu));
            toNhwc.execute(stream, srcNchw, srcNhwc);
        } else {
            srcNhwc.set_data_handle(const_cast<uint8_t*>(xu));
        }
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", shape.toString()));
    }
    return Status::ok();
}

Status Int8Conv::Impl::runOnednn(const void* x, int32_t& xZeroPoint, const uint8_t*& xu)
{
    QS_RETURN_IF_ERROR(prepareSource(x, xZeroPoint, xu));
    if (planar)
        return Status::ok(); // computed band by band in the epilogue
    try {
        if (own) {
            // The own kernel computes band by band inside the epilogue; only the NCHW reorder into its padded
            // buffer happens here.
            // As below for oneDNN; the own kernel pads with the zero point itself.
            const bool padding = shape.padTop + shape.padLeft + shape.padBottom + shape.padRight > 0;
            unsplitRun = ownUnsplit && (!padding || xZeroPoint <= unsplitMaxSource)
                && pairsFit(xu, size_t(shape.inputCount()));
            Avx2Int8Conv& kernel = unsplitRun ? *ownUnsplit : *own; // the same padded scratch and geometry
            // Three-channel images (yolov5nu's, resnet18's) by byte shuffles: the oneDNN reorder ran at ~3.5 GB/s.
            if (ownInterior
                && !(shape.inChannels == 3
                    && interleave3Planes(
                        xu, shape.inHeight, shape.inWidth, kernel.interior(), kernel.paddedRowStride()))) {
                ownInterior.set_data_handle(kernel.interior()); // per run: a scratch shared by the thread's convs
                srcNchw.set_data_handle(const_cast<uint8_t*>(xu));
                toOwn.execute(stream, srcNchw, ownInterior);
            }
            stream.wait();
            return Status::ok();
        }
        // Sources whose largest value cannot saturate any pair of the original weights (resnet18's activations
        // stay below 100 of 255) run them as they are, without the residual; checking costs one pass over the
        // source.
        unsplitRun = unsplitWeights
            && pairsFit(static_cast<const uint8_t*>(srcNhwc.get_data_handle()), convPd.src_desc().get_size());
        const dnnl::memory& w = unsplitRun ? unsplitWeights : weights;
        if (noSourceZeroPoint())
            conv.execute(stream, { { DNNL_ARG_SRC, srcNhwc }, { DNNL_ARG_WEIGHTS, w }, { DNNL_ARG_DST, dst } });
        else
            conv.execute(stream,
                { { DNNL_ARG_SRC, srcNhwc }, { DNNL_ARG_WEIGHTS, w }, { DNNL_ARG_DST, dst },
                    { DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC, srcZeroPoint } });
        stream.wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", shape.toString()));
    }
    return Status::ok();
}

int Int8Conv::Impl::epilogueThreads() const
{
    // Below kParallelMinOutputs output values per image the epilogue's share of a thread wake-up outweighs the work
    // saved; inside another parallel region (nested) the layer runs on the calling thread.
    const ConvShape& s = shape;
    if (omp_in_parallel() || s.outHeight() < 2 || s.outHeight() * s.outWidth() * s.outChannels < kParallelMinOutputs)
        return 1;
    return int(std::clamp<int64_t>(omp_get_max_threads(), 1, s.outHeight()));
}

template <typename Store> void Int8Conv::Impl::epilogue(const uint8_t* xu, int32_t zp, int threads, Store&& store)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, oh = s.outHeight(), ow = s.outWidth();
    const bool corrected = !correctedChannels.empty() && !unsplitRun;
    const auto finishRow = [&](int thread, int32_t* accRow, int64_t n, int64_t i) {
        // The compensation is applied in the NHWC accumulators, where channels are contiguous (vectorisable)...
        if (needsWindowSums)
            compensateRow(accRow, i);
        if (!accOffset.empty())
            for (int64_t j = 0; j < ow; ++j)
                for (int64_t o = 0; o < oc; ++o)
                    accRow[j * oc + o] += accOffset[size_t(o)];
        // ...then the sparse residual and the stores run in tiles of kTile pixels: the residual's per-channel
        // sums land in a tile that is in L1 for its store; for NCHW the tile's cache lines stay in L1 across all
        // channels and every store is a contiguous run.
        for (int64_t jb = 0; jb < ow; jb += kTile) {
            const int64_t count = std::min(kTile, ow - jb);
            if (corrected)
                applyResidual(accRow + jb * oc, i, jb, count);
            store(thread, n, i, jb, count, accRow + jb * oc);
        }
    };
    const int64_t bandSize = bandRows * ow * oc;
    if ((own || planar) && int64_t(band.size()) < threads * bandSize)
        band.resize(size_t(threads * bandSize));
    for (int64_t n = 0; n < s.batch; ++n) {
        const uint8_t* image = xu + n * s.inChannels * s.inHeight * s.inWidth;
        if (needsWindowSums)
            computeWindowSums(image, zp);
        if (corrected)
            buildResidualPlanes(image, zp);
        // The own kernel's source: its zero-point padded copy of an NHWC image is made by the threads that then
        // read it (each copies a block of rows), in the same parallel region.
        const uint8_t* ownImage = nullptr;
        Avx2Int8Conv* kernel = nullptr;
        bool copyImage = false;
        if (own) {
            const auto* nhwc = static_cast<const uint8_t*>(srcNhwc ? srcNhwc.get_data_handle() : nullptr);
            kernel = unsplitRun ? ownUnsplit.get() : own.get(); // the same padded scratch and geometry
            ownImage = ownInterior ? nullptr : nhwc + n * s.inChannels * s.inHeight * s.inWidth;
            copyImage = kernel->beginImage(ownImage, zp);
        }
        auto* acc = own || planar ? nullptr : static_cast<int32_t*>(dst.get_data_handle()) + n * oh * ow * oc;
        // Output rows [begin, end) of image n on one thread. The own kernel and the planar path fill a band of a few
        // output rows that stays in cache for the corrections and the store right after (no whole-layer int32
        // buffer written and read back); each thread has its own band.
        const auto rows = [&](int thread, int64_t begin, int64_t end) {
            if (!own && !planar) {
                for (int64_t i = begin; i < end; ++i)
                    finishRow(thread, acc + i * ow * oc, n, i);
                return;
            }
            int32_t* b = band.data() + thread * bandSize;
            for (int64_t i0 = begin; i0 < end; i0 += bandRows) {
                const int64_t count = std::min(bandRows, end - i0);
                if (planar)
                    planarPixels(image, zp, i0 * ow, (i0 + count) * ow, b);
                else
                    kernel->computePixels(i0 * ow, (i0 + count) * ow, b);
                for (int64_t i = i0; i < i0 + count; ++i)
                    finishRow(thread, b + (i - i0) * ow * oc, n, i);
            }
        };
        if (threads <= 1) {
            if (copyImage)
                kernel->copyRows(ownImage, 0, s.inHeight);
            rows(0, 0, oh);
            continue;
        }
        // Each thread takes one contiguous block of output rows, so it finishes (and, for the own kernel, computes)
        // rows it keeps in its own cache; every output value is computed by the same code whichever thread runs
        // it, so the results do not depend on the thread count.
#pragma omp parallel num_threads(threads)
        {
            const int64_t count = omp_get_num_threads(), t = omp_get_thread_num();
            if (copyImage) {
                kernel->copyRows(ownImage, s.inHeight * t / count, s.inHeight * (t + 1) / count);
#pragma omp barrier
            }
            rows(int(t), oh * t / count, oh * (t + 1) / count);
        }
    }
}

Int8Conv::Int8Conv(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{ }

Int8Conv::~Int8Conv() = default;

Result<std::unique_ptr<Int8Conv>> Int8Conv::create(const Int8ConvSpec& spec, const Int8Weights& weights)
{
    const ConvShape& shape = spec.shape;
    const DataType srcType = spec.srcType;
    const std::optional<int32_t>& constantSrcZeroPoint = spec.constantSrcZeroPoint;
    QS_RETURN_IF_ERROR(shape.validate());
    if (const int g = spec.options.maxQuadGroup; g != 1 && g != 2 && g != 4)
        return Status(StatusCode::InvalidArgument,
            fmt::format("int8 convolution {}: quad groups of at most {} (1, 2 or 4)", shape.toString(), g));
    if (srcType != DataType::UInt8 && srcType != DataType::Int8)
        return Status(StatusCode::Unsupported,
            fmt::format("int8 convolution {}: activations of type {}", shape.toString(), dataTypeName(srcType)));
    auto impl = std::make_unique<Impl>();
    impl->shape = shape;
    impl->srcType = srcType;
    impl->layout = spec.inputLayout;
    impl->outLayout = spec.outputLayout;
    impl->options = spec.options;
    impl->zeroSourceZeroPoint = constantSrcZeroPoint && *constantSrcZeroPoint == 0 && srcType == DataType::UInt8;
    if (constantSrcZeroPoint && !impl->zeroSourceZeroPoint) {
        impl->paddedSource = true;
        impl->constantSource = true;
        impl->paddedZeroPoint = *constantSrcZeroPoint + (srcType == DataType::Int8 ? 128 : 0);
    }
    QS_RETURN_IF_ERROR(impl->prepare(weights).withContext(fmt::format("int8 convolution {}", shape.toString())));
    return std::unique_ptr<Int8Conv>(new Int8Conv(std::move(impl)));
}

const ConvShape& Int8Conv::shape() const noexcept
{
    return m_impl->shape;
}
const ZeroPointPlan& Int8Conv::zeroPointPlan() const noexcept
{
    return m_impl->zeroPointPlan;
}
const SaturationReport& Int8Conv::saturation() const noexcept
{
    return m_impl->report;
}
bool Int8Conv::lastRunUnsplit() const noexcept
{
    return m_impl->unsplitRun;
}
std::string Int8Conv::implementation() const
{
    if (m_impl->own)
        return Avx2Int8Conv::kImplementation;
    if (m_impl->planar)
        return "qs:avx2_int8_planar";
    // "+u8" once runRequantized has let oneDNN write the uint8 output itself.
    return std::string(m_impl->convPd.impl_info_str()) + (m_impl->directOk ? "+u8" : "");
}

Status Int8Conv::runInt32(const void* x, int32_t xZeroPoint, int32_t* y)
{
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runOnednn(x, xZeroPoint, xu));
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    const int64_t chStride = m_impl->outChannelStride(), pxStride = m_impl->outPixelStride();
    m_impl->epilogue(xu, xZeroPoint, m_impl->epilogueThreads(),
        [&](int, int64_t n, int64_t i, int64_t j0, int64_t count, const int32_t* tile) {
            int32_t* out = y + n * s.outHeight() * ow * oc + (i * ow + j0) * pxStride;
            storeTileInt32(tile, count, oc, out, chStride, pxStride);
        });
    return Status::ok();
}

bool Int8Conv::setFloatOutputChannelStride(int64_t stride)
{
    const ConvShape& s = m_impl->shape;
    if (!m_impl->outNchw() || s.batch != 1 || stride < s.outHeight() * s.outWidth())
        return false;
    m_impl->floatChannelStride = stride;
    return true;
}

Status Int8Conv::runFloat(const void* x, int32_t xZeroPoint, float xScale, const float* wScales, bool perChannelScales,
    const float* bias, float* y)
{
    return runFloat(x, xZeroPoint, xScale, wScales, perChannelScales, bias, FloatActivation::None, y);
}

Status Int8Conv::runFloat(const void* x, int32_t xZeroPoint, float xScale, const float* wScales, bool perChannelScales,
    const float* bias, FloatActivation activation, float* y, float* range, const float* residual)
{
    if (residual && m_impl->outNchw())
        return Status(StatusCode::Internal, "a residual in the float epilogue needs the NHWC output layout");
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runOnednn(x, xZeroPoint, xu));
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    // The product of the two scales first, as the ONNX graph's Mul(x_scale, w_scale) computes it.
    float* scale = m_impl->scales.data();
    float* shift = m_impl->biases.data();
    for (int64_t o = 0; o < oc; ++o) {
        scale[o] = xScale * wScales[perChannelScales ? o : 0];
        shift[o] = bias ? bias[o] : 0.0f;
    }
    const int64_t chStride = m_impl->floatChannelStride ? m_impl->floatChannelStride : m_impl->outChannelStride();
    const int64_t pxStride = m_impl->outPixelStride();
    const bool silu = activation == FloatActivation::Silu;
    const int threads = m_impl->epilogueThreads();
    // Per thread: its tile buffer, and its partial range (min and max are exact, so combining the partials gives
    // the range of the whole output whatever the thread count).
    std::vector<float>& ranges = m_impl->ranges;
    ranges.resize(size_t(2 * threads));
    for (int t = 0; t < threads; ++t) {
        ranges[size_t(2 * t)] = std::numeric_limits<float>::infinity();
        ranges[size_t(2 * t + 1)] = -std::numeric_limits<float>::infinity();
    }
    const int64_t tileSize = Impl::kTile * oc;
    if (m_impl->outNchw() || residual)
        m_impl->floatTile.resize(size_t(threads * tileSize));
    // One output channel (the DFL head's 16 -> 1): its pixels are contiguous in either layout, so a tile is rescaled
    // as one pixel of `count` channels, whole vectors instead of one lane per pixel.
    std::array<float, Impl::kTile> unitScale, unitShift;
    unitScale.fill(scale[0]);
    unitShift.fill(shift[0]);
    m_impl->epilogue(
        xu, xZeroPoint, threads, [&](int thread, int64_t n, int64_t i, int64_t j0, int64_t count, const int32_t* tile) {
            const int64_t offset = n * s.outHeight() * ow * oc + (i * ow + j0) * pxStride;
            float* out = y + offset;
            float* tileBuffer = m_impl->floatTile.data() + thread * tileSize;
            float* partial = range ? ranges.data() + 2 * thread : nullptr;
            // One vectorised pass in NHWC order (rescale, bias, activation); NCHW transposes the finished tile. A
            // residual is added in that pass (AVX-512) or to the finished tile while it is in L1; either way each
            // element of the residual is read before y's is written, so y may be the residual's own buffer.
            if (residual && rescaleAddsResidual()) {
                rescaleNhwc(tile, count, oc, scale, shift, silu, out, partial, residual + offset);
            } else if (residual) {
                rescaleNhwc(tile, count, oc, scale, shift, silu, tileBuffer, nullptr);
                addResidual(tileBuffer, residual + offset, count * oc, out, partial);
            } else if (oc == 1) {
                rescaleNhwc(tile, 1, count, unitScale.data(), unitShift.data(), silu, out, partial);
            } else if (pxStride == oc) {
                rescaleNhwc(tile, count, oc, scale, shift, silu, out, partial);
            } else {
                rescaleNhwc(tile, count, oc, scale, shift, silu, tileBuffer, partial);
                transposeTile(tileBuffer, count, oc, out, chStride);
            }
        });
    if (range) {
        range[0] = std::numeric_limits<float>::infinity();
        range[1] = -std::numeric_limits<float>::infinity();
        for (int t = 0; t < threads; ++t) {
            range[0] = std::min(range[0], ranges[size_t(2 * t)]);
            range[1] = std::max(range[1], ranges[size_t(2 * t + 1)]);
        }
    }
    return Status::ok();
}

Status Int8Conv::runRequantized(const void* x, int32_t xZeroPoint, const Requantization& rq, void* y)
{
    if (m_impl->directEligible(rq) && m_impl->prepareDirect(rq))
        return m_impl->runDirect(x, xZeroPoint, y);
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runOnednn(x, xZeroPoint, xu));
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    const int64_t chStride = m_impl->outChannelStride(), pxStride = m_impl->outPixelStride();
    auto* out8 = static_cast<uint8_t*>(y); // one byte per element for uint8 and int8 alike
    m_impl->epilogue(xu, xZeroPoint, m_impl->epilogueThreads(),
        [&](int, int64_t n, int64_t i, int64_t j0, int64_t count, const int32_t* tile) {
            requantizeTile(
                tile, count, oc, rq, out8 + n * s.outHeight() * ow * oc + (i * ow + j0) * pxStride, chStride, pxStride);
        });
    return Status::ok();
}

Status Int8Conv::runRequantized(
    const void* x, int32_t xZeroPoint, const Requantization& rq, void* y, const RequantizedSink& sink)
{
    // Always the epilogue, never the direct uint8 primitive: the sink must see each tile while it is in L1.
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runOnednn(x, xZeroPoint, xu));
    const int64_t chStride = m_impl->outChannelStride(), pxStride = m_impl->outPixelStride();
    // The tile is requantized into a small buffer in the output's order (NHWC: pixel-major, one run; NCHW: one run
    // of `count` pixels per channel), then handed to the sink. Never into y itself: y may alias the sink's other
    // operand (memory_planner.cpp gives a fused residual's destination the residual's buffer).
    // Each thread has its own tile buffer; the sink is called from several threads at once, on disjoint ranges.
    const int threads = m_impl->epilogueThreads();
    const int64_t tileSize = Impl::kTile * oc;
    m_impl->sinkTile.resize(size_t(threads * tileSize));
    m_impl->epilogue(
        xu, xZeroPoint, threads, [&](int thread, int64_t n, int64_t i, int64_t j0, int64_t count, const int32_t* tile) {
            uint8_t* q = m_impl->sinkTile.data() + thread * tileSize;
            const int64_t base = n * s.outHeight() * ow * oc + (i * ow + j0) * pxStride;
            if (pxStride == oc) {
                requantizeTile(tile, count, oc, rq, q, 1, oc);
                sink(q, base, count * oc);
                return;
            }
            requantizeTile(tile, count, oc, rq, q, count, 1);
            for (int64_t c = 0; c < oc; ++c)
                sink(q + c * count, base + c * chStride, count);
        });
    return Status::ok();
}

} // namespace qs::kernels::int8
