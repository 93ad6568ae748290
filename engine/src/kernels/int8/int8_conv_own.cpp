// SPDX-License-Identifier: MIT
// Int8Conv's own-kernel path (int8_conv_plan.h: Int8ConvPath::OwnAvx2): its executor holds the engine's own kernel
// (AVX2 or AVX-512 microkernels) (split weights, and the unsplit ones where allowed) prepared in place of oneDNN's
// primitive, readies each run's source, and computes band by band in the epilogue.
#include "kernels/int8/int8_conv_executor.h"
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/int8/interleave_planes.h"

#include <fmt/format.h>

#include <omp.h>

namespace qs::kernels::int8 {

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

class OwnAvx2Executor final : public Int8ConvExecutor
{
public:
    explicit OwnAvx2Executor(const OwnAvx2Spec& spec);
    std::string implementation() const override { return m_kernel->implementation(); }
    Status start(const uint8_t* xu, int32_t zp) override;
    bool readsSource() const override { return bool(m_interior); }
    bool absorbsResidual() const override { return m_kernel->absorbsResidual(); }
    bool unsplitRun() const override { return m_unsplitRun; }
    bool beginImage(const uint8_t* nhwcImage, int32_t zp) override
    {
        return current().beginImage(m_interior ? nullptr : nhwcImage, zp);
    }
    void copyRows(const uint8_t* nhwcImage, int64_t begin, int64_t end) override
    {
        current().copyRows(nhwcImage, begin, end);
    }
    void computeBand(const uint8_t*, int32_t, int64_t begin, int64_t end, int32_t* out) const override
    {
        current().computePixels(begin, end, out);
    }

    /// The VNNI microkernels write the requantized bytes themselves (the store fused, as oneDNN's "+u8" and the VNNI
    /// depthwise path): NHWC in (read in place or copied into the padded buffer) and out, one kernel (nothing split).
    bool mayWriteRequantized() const override { return m_kernel->vnni() && !m_unsplit && !m_interior && !m_nchwOutput; }
    bool prepareRequantized(const DirectRequantization& rq) override;
    /// Room for the requantized bytes when a fused add reads them (Int8Conv::Impl::runDirectToSink), as oneDNN's
    /// direct store has: one pass of the sink over them measured faster than the epilogue's int32 tiles.
    size_t scratchBytes() const override { return mayWriteRequantized() ? size_t(m_shape.outputCount()) : 0; }
    Status runRequantized(const uint8_t* xu, int32_t zp, int threads, void* y) override;

private:
    /// The kernel of this run (the unsplit one when m_unsplitRun): both share the padded scratch and geometry.
    Avx2Int8Conv& current() const noexcept { return m_unsplitRun ? *m_unsplit : *m_kernel; }

    ConvShape m_shape;
    dnnl::stream* m_stream = nullptr;
    UnsplitCheck m_unsplitCheck;
    std::unique_ptr<Avx2Int8Conv> m_kernel; ///< split weights (see int8_conv_own_kernel.h)
    std::unique_ptr<Avx2Int8Conv> m_unsplit; ///< the original weights, as oneDNN's executor keeps them
    dnnl::memory m_srcNchw, m_interior; ///< NCHW single images are reordered straight into the kernel's padded buffer
    dnnl::reorder m_toInterior;
    bool m_unsplitRun = false;
    bool m_nchwOutput = false;
    // runRequantized's store (prepareRequantized), per output channel rounded up to the kernel's blocks.
    std::vector<int32_t> m_bias;
    std::vector<float> m_scales;
    std::vector<int32_t> m_requantOffsets; ///< bias - zp·Σw of this run
    detail::OwnConvRequant m_requant;
};

OwnAvx2Executor::OwnAvx2Executor(const OwnAvx2Spec& spec)
    : m_shape(spec.shape)
    , m_stream(spec.stream)
    , m_unsplitCheck(spec.unsplitCheck)
    , m_nchwOutput(spec.nchwOutput)
{
    const ConvShape& s = m_shape;
    const Avx2Int8Conv::Tuning tuning { .maxQuadGroup = spec.maxQuadGroup, .vnni = spec.vnni };
    m_kernel = Avx2Int8Conv::create(s, spec.weights, *spec.residual, tuning);
    // The original weights need no residual, inside the kernel or after it.
    if (!spec.unsplit->empty())
        m_unsplit = Avx2Int8Conv::create(s, spec.unsplit->data(), tuning);
    if (spec.nchw && s.batch == 1) {
        // NCHW single images are reordered straight into the kernel's padded buffer.
        dnnl::engine& eng = onednnEngine();
        const dnnl::memory::dims srcDims { s.batch, s.inChannels, s.inHeight, s.inWidth };
        const int64_t rowStride = m_kernel->paddedRowStride();
        const dnnl::memory::desc interior(
            srcDims, dt::u8, dnnl::memory::dims { s.inHeight * rowStride, 1, rowStride, s.inChannels });
        m_srcNchw = dnnl::memory(dnnl::memory::desc(srcDims, dt::u8, tag::nchw), eng, DNNL_MEMORY_NONE);
        m_interior = dnnl::memory(interior, eng, m_kernel->interior());
        m_toInterior = dnnl::reorder(m_srcNchw, m_interior);
    }
}

Status OwnAvx2Executor::start(const uint8_t* xu, int32_t zp)
{
    try {
        // As for oneDNN's unsplit weights (int8_conv_onednn.cpp); the own kernel pads with the zero point itself, so
        // that must fit too.
        const ConvShape& s = m_shape;
        const bool padding = s.padTop + s.padLeft + s.padBottom + s.padRight > 0;
        m_unsplitRun = m_unsplit && (!padding || zp <= m_unsplitCheck.maxSource())
            && m_unsplitCheck.fits(xu, size_t(s.inputCount()));
        Avx2Int8Conv& kernel = current(); // either has the same padded scratch and geometry
        // Three-channel images (yolov5nu's, resnet18's) by byte shuffles: the oneDNN reorder ran at ~3.5 GB/s.
        if (m_interior
            && !(m_shape.inChannels == 3
                && interleave3Planes(
                    xu, m_shape.inHeight, m_shape.inWidth, kernel.interior(), kernel.paddedRowStride()))) {
            m_interior.set_data_handle(kernel.interior()); // per run: a scratch shared by the thread's convs
            m_srcNchw.set_data_handle(const_cast<uint8_t*>(xu));
            m_toInterior.execute(*m_stream, m_srcNchw, m_interior);
        }
        m_stream->wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", m_shape.toString()));
    }
    return Status::ok();
}

bool OwnAvx2Executor::prepareRequantized(const DirectRequantization& rq)
{
    const size_t lanes = m_kernel->weightSums().size();
    rq.expandPerChannel(m_shape.outChannels, lanes, m_bias, m_scales);
    m_requantOffsets.assign(lanes, 0);
    m_requant = { .scales = m_scales.data(),
        .zeroPoint = rq.zeroPoint,
        .lo = float(rq.lo - rq.zeroPoint),
        .hi = float(rq.hi - rq.zeroPoint),
        .signedOut = rq.outType == DataType::Int8 };
    return true;
}

Status OwnAvx2Executor::runRequantized(const uint8_t* xu, int32_t zp, int threads, void* y)
{
    const ConvShape& s = m_shape;
    Avx2Int8Conv& kernel = *m_kernel;
    const std::vector<int32_t>& sums = kernel.weightSums();
    for (size_t c = 0; c < m_requantOffsets.size(); ++c)
        m_requantOffsets[c] = m_bias[c] - zp * sums[c]; // exact: Impl::directEligible bounds |acc| + |bias| < 2^24
    const int64_t oh = s.outHeight(), ohw = oh * s.outWidth(), imageBytes = s.inHeight * s.inWidth * s.inChannels;
    auto* out = static_cast<uint8_t*>(y);
    for (int64_t n = 0; n < s.batch; ++n) {
        const uint8_t* image = xu + n * imageBytes;
        uint8_t* outImage = out + n * ohw * s.outChannels;
        const bool copy = kernel.beginImage(image, zp);
        if (threads <= 1) {
            if (copy)
                kernel.copyRows(image, 0, s.inHeight);
            kernel.computePixelsRequantized(0, ohw, m_requantOffsets.data(), m_requant, outImage);
            continue;
        }
        // As the epilogue splits a banded layer (Int8Conv::Impl::epilogue): the padded copy by input rows, then each
        // thread a block of whole output rows when they divide evenly, else an equal share of the pixels.
#pragma omp parallel num_threads(threads)
        {
            const int64_t count = omp_get_num_threads(), t = omp_get_thread_num();
            if (copy) {
                kernel.copyRows(image, s.inHeight * t / count, s.inHeight * (t + 1) / count);
#pragma omp barrier
            }
            const auto first
                = [&](int64_t i) { return oh % count == 0 ? oh * i / count * s.outWidth() : ohw * i / count; };
            const int64_t begin = first(t), end = first(t + 1);
            if (begin < end)
                kernel.computePixelsRequantized(
                    begin, end, m_requantOffsets.data(), m_requant, outImage + begin * s.outChannels);
        }
    }
    return Status::ok();
}

} // namespace

std::unique_ptr<Int8ConvExecutor> makeOwnAvx2Executor(const OwnAvx2Spec& spec)
{
    return std::make_unique<OwnAvx2Executor>(spec);
}

void Int8Conv::Impl::prepareOwnKernel(const std::vector<int8_t>& unsplit)
{
    const ConvShape& s = shape;
    // The unsplit kernel's pairs are adjacent bytes of each kernel row's (kw, c) sequence: input channels 2p, 2p + 1 of
    // an NHWC source when the kernel is one column wide.
    UnsplitCheck check(unsplitMaxSource);
    if (unsplitMaxSource >= 0 && s.kernelWidth == 1 && !nchw())
        check.listPairs(s, residual, unsplit);
    executor = makeOwnAvx2Executor({ .shape = s,
        .nchw = nchw(),
        .weights = s8.data(),
        .residual = &residual,
        .unsplit = &unsplit,
        .unsplitCheck = check,
        .maxQuadGroup = options.maxQuadGroup,
        .vnni = plan.ownVnni,
        .nchwOutput = outNchw(),
        .stream = &stream });
    if (executor->absorbsResidual()) {
        // The kernel computes the residual's quads with the exact int16 weights: no planes, no correction.
        residual.clear();
        planCorrections();
    }
}

} // namespace qs::kernels::int8
