// SPDX-License-Identifier: MIT
// Int8Conv (int8_conv.h): creation (the plan, then preparation in phases), the run's kernel, the epilogue every path
// shares, and the int32 / float / requantizing stores of the public API. The paths and the weight handling live
// beside it (int8_conv_impl.h lists the files).
#include "kernels/int8/int8_conv.h"

#include "kernels/int8/float_epilogue.h"
#include "kernels/int8/int8_conv_depthwise_simd.h"
#include "kernels/int8/int8_conv_depthwise_vnni.h"
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/int8/int8_conv_own_vnni.h"
#include "kernels/int8/int8_conv_planar_simd.h"
#include "kernels/int8/int8_node_util.h"

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

Status Int8Conv::Impl::checkWeights(const Int8Weights& w) const
{
    const int64_t oc = shape.outChannels;
    if (w.type != DataType::UInt8 && w.type != DataType::Int8)
        return Status(StatusCode::Unsupported, fmt::format("convolution weights of type {}", dataTypeName(w.type)));
    if (w.zeroPoints.size() != 1 && int64_t(w.zeroPoints.size()) != oc)
        return Status(StatusCode::InvalidArgument,
            fmt::format("{} weight zero points for {} output channels", w.zeroPoints.size(), oc));
    for (int32_t zp : w.zeroPoints)
        QS_RETURN_IF_ERROR(checkZeroPoint(w.type, zp, "weight"));
    return Status::ok();
}

Status Int8Conv::Impl::prepare(const Int8Weights& w)
{
    QS_RETURN_IF_ERROR(checkWeights(w));
    planWeightZeroPoints(w);
    try {
        makeExecutor(w);
        if (convPd) // the planar path reads x itself
            prepareSourceMemory();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", shape.toString()));
    }
    sizeScratch();
    return Status::ok();
}

void Int8Conv::Impl::makeExecutor(const Int8Weights& w)
{
    // The one place where the plan's path picks the executor; each path's preparation is in its file. The primitive
    // descriptor comes first on oneDNN's and the own kernel's path: its implementation decides which weight pairs the
    // split must make safe for oneDNN, and it describes the NHWC source either reads.
    switch (plan.path) {
    case Int8ConvPath::Planar:
        executor = makePlanarExecutor(shape, w);
        dropS8Corrections(shape.inChannels, 1);
        return;
    case Int8ConvPath::Depthwise: // one input channel per group: no pairs across channels
        executor = makeDepthwiseExecutor(shape, w);
        dropS8Corrections(1, shape.kernelHeight * shape.kernelWidth);
        return;
    case Int8ConvPath::DepthwiseVnni: // the plan checked the CPU, the kernel and the weights
        executor = makeDepthwiseVnniExecutor(shape, w, outNchw());
        dropS8Corrections(1, shape.kernelHeight * shape.kernelWidth);
        return;
    case Int8ConvPath::OwnAvx2:
        createPrimitive();
        prepareOwnKernel(splitWeights((plan.ownVnni ? ownConvVnniSimd() : ownConvSimd())->implementation));
        break;
    case Int8ConvPath::Onednn:
        createPrimitive();
        prepareOnednnKernel(splitWeights(convPd.impl_info_str()));
        break;
    }
    s8 = {};
    if (unsplitMaxSource >= 0) // either executor then holds the unsplit weights
        report.unsplitMaxSource = unsplitMaxSource;
}

std::vector<int8_t> Int8Conv::Impl::splitWeights(const std::string& implementation)
{
    // The weights as the kernel would get them without the pair split: exact for any source whose values keep every
    // pair's int16 sum in range (int8_conv_unsplit.h). Only for a constant activation zero point (static QDQ layers,
    // whose calibrated scales leave headroom; a dynamic layer's source spans [0, 255] by construction), when the
    // residual would be nothing but the split (no clamped weight zero point outliers) and the zero point is not
    // folded into oneDNN's padded borders (whose accOffset is the split weights').
    std::vector<int8_t> unsplit;
    if (plan.zeroPoint != SourceZeroPoint::RunTime && residual.empty() && !plan.paddedSource && options.unsplitWeights)
        unsplit = s8;
    splitPairsFor(implementation);
    int32_t maxAbs = 0;
    for (int8_t v : unsplit)
        maxAbs = std::max(maxAbs, std::abs(int32_t(v)));
    // u8 x s8 pairs: |x1 w1 + x2 w2| <= 2 * max|w| * max x, whichever two weights a kernel pairs.
    if (!correctedChannels.empty() && maxAbs > 0 && 32767 / (2 * maxAbs) < 255)
        unsplitMaxSource = 32767 / (2 * maxAbs);
    boundAccumulators();
    if (unsplitMaxSource < 0)
        unsplit = {};
    return unsplit;
}

void Int8Conv::Impl::sizeScratch()
{
    const ConvShape& s = shape;
    if (executor->banded()) {
        bandRows = std::clamp<int64_t>(
            kBandBytes / int64_t(sizeof(int32_t) * s.outWidth() * s.outChannels), 1, s.outHeight());
        band.resize(size_t(bandRows * s.outWidth() * s.outChannels));
    }
    layoutScratch();
    scales.resize(size_t(s.outChannels));
    biases.resize(size_t(s.outChannels));
}

Status Int8Conv::Impl::runKernel(const void* x, int32_t& xZeroPoint, const uint8_t*& xu)
{
    QS_RETURN_IF_ERROR(prepareSource(x, xZeroPoint, xu));
    // oneDNN's executor computes the whole layer here; the others band by band in the epilogue.
    QS_RETURN_IF_ERROR(executor->start(xu, xZeroPoint));
    unsplitRun = executor->unsplitRun();
    return Status::ok();
}

int Int8Conv::Impl::epilogueThreads(bool banded) const
{
    // Below kParallelConvMinOutputs output values per image the epilogue's share of a thread wake-up outweighs the
    // work saved, unless the bands are computed there too: then the layer's work counts, its multiply-accumulates and
    // a cost per output (bandedConvWork; 7 x 7 x 96 outputs of a 576-channel pointwise layer: 4704 values, 2.7 M
    // multiply-accumulates). Inside another parallel region (nested) the layer runs on the calling thread.
    const ConvShape& s = shape;
    const int64_t outputs = s.outHeight() * s.outWidth() * s.outChannels;
    const bool large = outputs >= kParallelConvMinOutputs
        || (banded && bandedConvWork(outputs, outputs * (s.weightCount() / s.outChannels)) >= kParallelConvMinMacs);
    if (omp_in_parallel() || s.outHeight() < 2 || !large)
        return 1;
    return int(std::clamp<int64_t>(omp_get_max_threads(), 1, s.outHeight()));
}

template <typename Store> void Int8Conv::Impl::epilogue(const uint8_t* xu, int32_t zp, int threads, Store&& store)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, oh = s.outHeight(), ow = s.outWidth();
    const bool corrected = !correctedChannels.empty() && !unsplitRun;
    // Finishes output pixels [j0, j1) of row i of image n, whose accumulators start at `acc`.
    const auto finish = [&](int thread, int32_t* acc, int64_t n, int64_t i, int64_t j0, int64_t j1) {
        // The compensation is applied in the NHWC accumulators, where channels are contiguous (vectorisable)...
        if (needsWindowSums)
            compensatePixels(acc, i, j0, j1 - j0);
        if (!accOffset.empty())
            for (int64_t j = 0; j < j1 - j0; ++j)
                for (int64_t o = 0; o < oc; ++o)
                    acc[j * oc + o] += accOffset[size_t(o)];
        // ...then the sparse residual and the stores run in tiles of kTile pixels: the residual's per-channel
        // sums land in a tile that is in L1 for its store; for NCHW the tile's cache lines stay in L1 across all
        // channels and every store is a contiguous run.
        for (int64_t jb = j0; jb < j1; jb += kTile) {
            const int64_t count = std::min(kTile, j1 - jb);
            int32_t* tile = acc + (jb - j0) * oc;
            if (corrected)
                applyResidual(tile, i, jb, count);
            store(thread, n, i, jb, count, tile);
        }
    };
    // finish() over the flat output pixels [begin, end) of image n (row by row), accumulators from `acc`.
    const auto finishPixels = [&](int thread, int32_t* acc, int64_t n, int64_t begin, int64_t end) {
        for (int64_t p = begin; p < end;) {
            const int64_t i = p / ow, j0 = p % ow, j1 = std::min(ow, j0 + (end - p));
            finish(thread, acc + (p - begin) * oc, n, i, j0, j1);
            p += j1 - j0;
        }
    };
    // Thread t of `count` takes output pixels [first(t), first(t + 1)) of each image: whole rows when they divide
    // evenly, else an equal share of the pixels, so that small maps split evenly too (7 x 7 in rows on 2 threads: 4 of
    // 7 rows, 57 % of the work, on one of them). Every executor computes any pixel range (computeBand), and every
    // store computes each output element by itself, except the single-channel float store, whose vector lanes are
    // the tile's pixels: it keeps whole rows, so its tiles are the same at any thread count.
    const bool wholeRows = oc == 1;
    const auto first = [&](int64_t t, int64_t count) {
        return wholeRows || oh % count == 0 ? oh * t / count * ow : oh * ow * t / count;
    };
    const int64_t bandSize = bandRows * ow * oc;
    const bool banded = executor->banded();
    if (banded && int64_t(band.size()) < threads * bandSize)
        band.resize(size_t(threads * bandSize));
    for (int64_t n = 0; n < s.batch; ++n) {
        const uint8_t* image = xu + n * s.inChannels * s.inHeight * s.inWidth;
        if (needsWindowSums)
            computeWindowSums(image, zp);
        // The residual's planes (runs that apply it) and the own kernel's source, its zero-point padded copy of an
        // NHWC image, are made by the threads that then read them (each a block of input rows), in the same parallel
        // region. Both were serial parts of a run at 2 threads (clearing the planes' margins on every run, the
        // residual or not, took ~5 % of mnasnet0_5 QDQ under AVX512_CORE).
        const int64_t planeRows = corrected ? planeGeometry.rows : 0, firstPlaneRow = planeGeometry.rowMin;
        const uint8_t* nhwcImage = nullptr;
        bool copyImage = false;
        if (banded) {
            const auto* nhwc = static_cast<const uint8_t*>(srcNhwc ? srcNhwc.get_data_handle() : nullptr);
            nhwcImage = nhwc ? nhwc + n * s.inChannels * s.inHeight * s.inWidth : nullptr;
            copyImage = executor->beginImage(nhwcImage, zp);
        }
        int32_t* acc = banded ? nullptr : executor->accumulators(n);
        // Output pixels [begin, end) of image n on one thread. The banded executors fill a band of a few output rows'
        // pixels that stays in cache for the corrections and the store right after (no whole-layer int32 buffer
        // written and read back); each thread has its own band.
        const auto pixels = [&](int thread, int64_t begin, int64_t end) {
            if (!banded) {
                finishPixels(thread, acc + begin * oc, n, begin, end);
                return;
            }
            int32_t* b = band.data() + thread * bandSize;
            for (int64_t p0 = begin; p0 < end; p0 += bandRows * ow) {
                const int64_t p1 = std::min(end, p0 + bandRows * ow);
                executor->computeBand(image, zp, p0, p1, b);
                finishPixels(thread, b, n, p0, p1);
            }
        };
        if (threads <= 1) {
            if (planeRows > 0)
                buildResidualPlanes(image, zp, firstPlaneRow, firstPlaneRow + planeRows);
            if (copyImage)
                executor->copyRows(nhwcImage, 0, s.inHeight);
            pixels(0, 0, oh * ow);
            continue;
        }
        // Each thread takes one contiguous block of output pixels, so it finishes (and, on the banded paths, computes)
        // pixels it keeps in its own cache; every output value is computed by the same code whichever thread runs
        // it, so the results do not depend on the thread count.
#pragma omp parallel num_threads(threads)
        {
            const int64_t count = omp_get_num_threads(), t = omp_get_thread_num();
            if (planeRows > 0)
                buildResidualPlanes(
                    image, zp, firstPlaneRow + planeRows * t / count, firstPlaneRow + planeRows * (t + 1) / count);
            if (copyImage)
                executor->copyRows(nhwcImage, s.inHeight * t / count, s.inHeight * (t + 1) / count);
            if (planeRows > 0 || copyImage) {
#pragma omp barrier
            }
            pixels(int(t), first(t, count), first(t + 1, count));
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
    QS_RETURN_IF_ERROR(shape.validate());
    if (const int g = spec.options.maxQuadGroup; g != 1 && g != 2 && g != 4)
        return Status(StatusCode::InvalidArgument,
            fmt::format("int8 convolution {}: quad groups of at most {} (1, 2 or 4)", shape.toString(), g));
    if (spec.srcType != DataType::UInt8 && spec.srcType != DataType::Int8)
        return Status(StatusCode::Unsupported,
            fmt::format("int8 convolution {}: activations of type {}", shape.toString(), dataTypeName(spec.srcType)));
    auto impl = std::make_unique<Impl>();
    impl->shape = shape;
    impl->srcType = spec.srcType;
    impl->layout = spec.inputLayout;
    impl->outLayout = spec.outputLayout;
    impl->options = spec.options;
    // The session sets its intra-op threads before preparing, so the threads of a banded executor are known here.
    impl->plan = planInt8Conv(spec,
        { onednnInt8Isa().isa, planarSimd() != nullptr, omp_get_max_threads(), impl->epilogueThreads(true),
            depthwiseSimd() != nullptr, vnniDepthwiseLoops() && vnniDepthwiseWeights(shape, weights),
            ownConvVnniSimd() != nullptr });
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
std::string_view Int8Conv::pathReason() const noexcept
{
    return m_impl->plan.reason;
}
int32_t Int8Conv::sourceReorders() const noexcept
{
    return m_impl->layout == ActivationLayout::Nchw && m_impl->plan.path != Int8ConvPath::Planar ? 1 : 0;
}
bool Int8Conv::lastRunUnsplit() const noexcept
{
    return m_impl->unsplitRun;
}
std::string Int8Conv::implementation() const
{
    return m_impl->executor->implementation();
}

Status Int8Conv::runInt32(const void* x, int32_t xZeroPoint, int32_t* y)
{
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runKernel(x, xZeroPoint, xu));
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

size_t Int8Conv::scratchBytes() const noexcept
{
    return m_impl->scratchLayout.bytes;
}

void Int8Conv::useScratch(void* scratch) noexcept
{
    m_impl->callerScratch = scratch;
}

bool Int8Conv::setFloatOutputChannelStride(int64_t stride)
{
    const ConvShape& s = m_impl->shape;
    if (!m_impl->outNchw() || s.batch != 1 || stride < s.outHeight() * s.outWidth())
        return false;
    m_impl->floatChannelStride = stride;
    return true;
}

Status Int8Conv::runFloat(const void* x, int32_t xZeroPoint, const FloatRescale& rescale, float* y)
{
    float* range = rescale.range;
    const float* residual = rescale.residual;
    if (residual && m_impl->outNchw())
        return Status(StatusCode::Internal, "a residual in the float epilogue needs the NHWC output layout");
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runKernel(x, xZeroPoint, xu));
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    // The product of the two scales first, as the ONNX graph's Mul(x_scale, w_scale) computes it.
    float* scale = m_impl->scales.data();
    float* shift = m_impl->biases.data();
    for (int64_t o = 0; o < oc; ++o) {
        scale[o] = rescale.xScale * rescale.wScales[rescale.perChannelScales ? o : 0];
        shift[o] = rescale.bias ? rescale.bias[o] : 0.0f;
    }
    const int64_t chStride = m_impl->floatChannelStride ? m_impl->floatChannelStride : m_impl->outChannelStride();
    const int64_t pxStride = m_impl->outPixelStride();
    const bool silu = rescale.activation == FloatActivation::Silu;
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
    QS_RETURN_IF_ERROR(m_impl->runKernel(x, xZeroPoint, xu));
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
    // Where oneDNN may write the requantized bytes itself, it does, and the sink then reads them in one pass: on
    // MobileNet-style residual blocks that beat the int32 round trip of the epilogue (bench/archive/
    // 2026-11-29-int8-direct-add.md). Otherwise the epilogue hands the sink each tile while it is in L1.
    if (m_impl->directEligible(rq) && m_impl->prepareDirect(rq)) {
        QS_ASSIGN_OR_RETURN(const bool done, m_impl->runDirectToSink(x, xZeroPoint, m_impl->epilogueThreads(), sink));
        if (done)
            return Status::ok();
    }
    const ConvShape& s = m_impl->shape;
    const int64_t oc = s.outChannels, ow = s.outWidth();
    const uint8_t* xu = nullptr;
    QS_RETURN_IF_ERROR(m_impl->runKernel(x, xZeroPoint, xu));
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
