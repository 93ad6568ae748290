// SPDX-License-Identifier: MIT
// Int8Conv's source of a run: the zero point checked against the plan, int8 shifted to uint8, and for oneDNN the
// source zero point, the NCHW reorder or the zero-point padded copy (the own kernel and the planar path read it
// themselves).
#include "kernels/int8/int8_conv_impl.h"
#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/interleave_planes.h"
#include "kernels/int8/thread_blocks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace qs::kernels::int8 {

void Int8Conv::Impl::fillPadded(const uint8_t* xu)
{
    // The scratch is not preserved between runs: the borders get the zero point again, then the interior the image.
    fillPaddedBorder();
    const ConvShape& s = shape;
    const int64_t c = s.inChannels, pw = s.inWidth + s.padLeft + s.padRight;
    const int64_t ph = s.inHeight + s.padTop + s.padBottom, hw = s.inHeight * s.inWidth;
    // Rows are independent copies: one block of rows per thread (resnet18's 3 x 224 x 224 NCHW input, transposed
    // here, was a serial part of its first convolution at 2 threads).
    forEachThreadBlock(s.batch * s.inHeight, passThreads(s.inputCount()), 1, [&](int64_t r0, int64_t r1) {
        for (int64_t r = r0; r < r1; ++r) {
            const int64_t n = r / s.inHeight, i = r % s.inHeight;
            const uint8_t* img = xu + n * c * hw;
            uint8_t* row = padded + ((n * ph + i + s.padTop) * pw + s.padLeft) * c;
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
    QS_RETURN_IF_ERROR(bindScratch());
    xu = static_cast<const uint8_t*>(x);
    if (srcType == DataType::Int8) {
        // x + 128 as uint8 is x with the sign bit flipped; x - zp is unchanged when zp moves by 128 too.
        for (int64_t i = 0; i < shape.inputCount(); ++i)
            shifted[i] = uint8_t(static_cast<const uint8_t*>(x)[i] ^ 0x80u);
        xu = shifted;
        xZeroPoint += 128;
    }
    if ((plan.zeroPoint == SourceZeroPoint::Zero && xZeroPoint != 0)
        || (plan.zeroPoint == SourceZeroPoint::Constant && xZeroPoint != plan.constantZeroPoint))
        return Status(StatusCode::Internal,
            fmt::format("int8 convolution {}: created for a constant activation zero point, run with another one",
                shape.toString()));
    try {
        if (executor->readsSource())
            return Status::ok(); // the own kernel's NCHW single images go straight into its buffer; planar reads x
        *static_cast<int32_t*>(srcZeroPoint.get_data_handle()) = xZeroPoint;
        if (plan.paddedSource) {
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

} // namespace qs::kernels::int8
