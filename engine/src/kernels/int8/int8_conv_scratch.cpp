// SPDX-License-Identifier: MIT
// Int8Conv's per-run buffers in the caller's scratch (int8_conv_impl.h, "The per-run buffers"): their layout, binding
// them at the start of a run, and refilling what a buffer kept for the session used to keep from preparation (the
// padded source's zero-point border, the residual planes' zero margins), since scratch is not preserved between runs.
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/kernel.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels::int8 {

void Int8Conv::Impl::layoutScratch()
{
    const ConvShape& s = shape;
    ScratchLayout& l = scratchLayout;
    l = {};
    const auto part = [&](size_t& offset, size_t bytes) {
        offset = l.bytes;
        l.bytes += scratchPart(bytes);
    };
    if (srcType == DataType::Int8)
        part(l.shifted, size_t(s.inputCount()));
    // The oneDNN source when it is not x itself: the zero-point padded copy or the NHWC reorder of an NCHW x (the own
    // kernel's NCHW single images go straight into its padded buffer instead; the planar path reads x).
    if (srcNhwc && (plan.paddedSource || (nchw() && !executor->readsSource())))
        part(l.source, convPd.src_desc().get_size());
    if (const size_t bytes = executor->scratchBytes())
        part(l.executor, bytes); // the oneDNN path's int32 accumulators
    if (!planeChannels.empty())
        part(l.planes, size_t(int64_t(planeChannels.size()) * planeGeometry.planeSize()) * sizeof(int16_t));
    if (needsWindowSums) {
        part(l.channelSums, size_t(s.group * s.inHeight * s.inWidth) * sizeof(int32_t));
        part(l.windowSums, size_t(s.group * s.outHeight() * s.outWidth()) * sizeof(int32_t));
    }
}

Status Int8Conv::Impl::bindScratch()
{
    const ScratchLayout& l = scratchLayout;
    auto* base = static_cast<uint8_t*>(callerScratch);
    if (!base && l.bytes) {
        if (!ownScratch) {
            ownScratch.reset(alignedAllocate(l.bytes));
            if (!ownScratch)
                return Status(StatusCode::OutOfMemory,
                    fmt::format("int8 convolution {}: {} bytes of scratch", shape.toString(), l.bytes));
            // Not zeros: whatever a run reads must be what it wrote, as in the arena, where other steps' data lies.
            std::memset(ownScratch.get(), 0xa5, l.bytes);
        }
        base = reinterpret_cast<uint8_t*>(ownScratch.get());
    }
    const auto at = [&](size_t offset) { return offset == ScratchLayout::kNone ? nullptr : base + offset; };
    shifted = at(l.shifted);
    planes = reinterpret_cast<int16_t*>(at(l.planes));
    channelSums = reinterpret_cast<int32_t*>(at(l.channelSums));
    windowSums = reinterpret_cast<int32_t*>(at(l.windowSums));
    padded = plan.paddedSource ? at(l.source) : nullptr;
    executorScratch = at(l.executor);
    try {
        if (l.source != ScratchLayout::kNone)
            srcNhwc.set_data_handle(at(l.source));
        if (l.executor != ScratchLayout::kNone)
            executor->bindScratch(at(l.executor));
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("int8 convolution {}", shape.toString()));
    }
    return Status::ok();
}

void Int8Conv::Impl::fillPaddedBorder()
{
    const ConvShape& s = shape;
    const int64_t c = s.inChannels, pw = s.inWidth + s.padLeft + s.padRight, ph = s.inHeight + s.padTop + s.padBottom;
    const auto zp = int(plan.constantZeroPoint);
    for (int64_t n = 0; n < s.batch; ++n) {
        uint8_t* image = padded + n * ph * pw * c;
        std::memset(image, zp, size_t(s.padTop * pw * c));
        for (int64_t i = s.padTop; i < s.padTop + s.inHeight; ++i) {
            std::memset(image + i * pw * c, zp, size_t(s.padLeft * c));
            std::memset(image + (i * pw + s.padLeft + s.inWidth) * c, zp, size_t(s.padRight * c));
        }
        std::memset(image + (s.padTop + s.inHeight) * pw * c, zp, size_t(s.padBottom * pw * c));
    }
}

void Int8Conv::Impl::clearPlaneMargins(int64_t rowBegin, int64_t rowEnd)
{
    // buildPlanes writes positions [0, n) of the sub-rows of used input rows and phases (n: the row's columns of that
    // phase); the corrections read those and the zero margins around them, and the rows of the padding. Unused rows
    // and phases are read by no residual weight (planCorrections marks every row and phase one reads).
    const PlaneGeometry& g = planeGeometry;
    const int64_t sw = g.strideW, width = shape.inWidth;
    for (int64_t q = 0; q < int64_t(planeChannels.size()); ++q)
        for (int64_t ih = rowBegin; ih < rowEnd; ++ih) {
            int16_t* row = planes + g.index(q, ih, 0, g.columnMin);
            if (ih < 0 || ih >= shape.inHeight) {
                std::memset(row, 0, size_t(sw * g.width) * sizeof(int16_t));
                continue;
            }
            if (!planeRowUsed[size_t(ih)])
                continue;
            for (int64_t p = 0; p < sw; ++p) {
                if (!planePhaseUsed[size_t(p)])
                    continue;
                int16_t* sub = row + p * g.width;
                const int64_t n = p < width ? (width - p + sw - 1) / sw : 0, first = -g.columnMin;
                std::memset(sub, 0, size_t(first) * sizeof(int16_t));
                std::memset(sub + first + n, 0, size_t(g.width - first - n) * sizeof(int16_t));
            }
        }
}

} // namespace qs::kernels::int8
