// SPDX-License-Identifier: MIT
// Int8Conv's own-kernel path (int8_conv_plan.h: Int8ConvPath::OwnAvx2): the engine's AVX2 kernel prepared in place of
// oneDNN's primitive, and the per-run start of its source; the kernel itself computes band by band in the epilogue.
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/int8/interleave_planes.h"

#include <fmt/format.h>

namespace qs::kernels::int8 {

namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

} // namespace

void Int8Conv::Impl::prepareOwnKernel(const std::vector<int8_t>& unsplit)
{
    const ConvShape& s = shape;
    const Avx2Int8Conv::Tuning tuning { .maxQuadGroup = options.maxQuadGroup };
    own.kernel = Avx2Int8Conv::create(s, s8.data(), residual, tuning);
    if (unsplitMaxSource >= 0) {
        // The original weights need no residual, inside the kernel or after it.
        own.unsplit = Avx2Int8Conv::create(s, unsplit.data(), tuning);
        // Its pairs are adjacent bytes of each kernel row's (kw, c) sequence: input channels 2p, 2p + 1 of an NHWC
        // source when the kernel is one column wide.
        if (s.kernelWidth == 1 && !nchw())
            listUnsplitPairs(unsplit);
    }
    if (own.kernel->absorbsResidual()) {
        // The kernel computes the residual's quads with the exact int16 weights: no planes, no correction.
        residual.clear();
        planCorrections();
    }
    if (nchw() && s.batch == 1) {
        // NCHW single images are reordered straight into the kernel's padded buffer.
        dnnl::engine& eng = onednnEngine();
        const dnnl::memory::dims srcDims { s.batch, s.inChannels, s.inHeight, s.inWidth };
        const int64_t rowStride = own.kernel->paddedRowStride();
        const dnnl::memory::desc interior(
            srcDims, dt::u8, dnnl::memory::dims { s.inHeight * rowStride, 1, rowStride, s.inChannels });
        srcNchw = dnnl::memory(dnnl::memory::desc(srcDims, dt::u8, tag::nchw), eng, DNNL_MEMORY_NONE);
        own.interior = dnnl::memory(interior, eng, own.kernel->interior());
        own.toInterior = dnnl::reorder(srcNchw, own.interior);
    }
}

Status Int8Conv::Impl::startOwnKernel(const uint8_t* xu, int32_t xZeroPoint)
{
    try {
        // As for oneDNN's unsplit weights (runPrimitive); the own kernel pads with the zero point itself.
        const bool padding = shape.padTop + shape.padLeft + shape.padBottom + shape.padRight > 0;
        unsplitRun
            = own.unsplit && (!padding || xZeroPoint <= unsplitMaxSource) && pairsFit(xu, size_t(shape.inputCount()));
        Avx2Int8Conv& kernel = ownKernel(); // either has the same padded scratch and geometry
        // Three-channel images (yolov5nu's, resnet18's) by byte shuffles: the oneDNN reorder ran at ~3.5 GB/s.
        if (own.interior
            && !(shape.inChannels == 3
                && interleave3Planes(xu, shape.inHeight, shape.inWidth, kernel.interior(), kernel.paddedRowStride()))) {
            own.interior.set_data_handle(kernel.interior()); // per run: a scratch shared by the thread's convs
            srcNchw.set_data_handle(const_cast<uint8_t*>(xu));
            own.toInterior.execute(stream, srcNchw, own.interior);
        }
        stream.wait();
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", shape.toString()));
    }
    return Status::ok();
}

} // namespace qs::kernels::int8
