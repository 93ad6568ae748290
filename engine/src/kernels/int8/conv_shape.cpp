// SPDX-License-Identifier: MIT
#include "kernels/int8/conv_shape.h"

#include <fmt/format.h>

namespace qs::kernels::int8 {

Status ConvShape::validate() const
{
    const auto fail = [this](const char* what) {
        return Status(StatusCode::InvalidArgument, fmt::format("convolution {}: {}", toString(), what));
    };
    if (batch < 1 || inChannels < 1 || inHeight < 1 || inWidth < 1 || outChannels < 1 || group < 1)
        return fail("sizes must be positive");
    if (kernelHeight < 1 || kernelWidth < 1 || strideHeight < 1 || strideWidth < 1 || dilationHeight < 1
        || dilationWidth < 1)
        return fail("kernel, strides and dilations must be positive");
    if (padTop < 0 || padLeft < 0 || padBottom < 0 || padRight < 0)
        return fail("pads must be non-negative");
    if (inChannels % group || outChannels % group)
        return fail("channel counts must be divisible by group");
    if (outHeight() < 1 || outWidth() < 1)
        return fail("the kernel does not fit into the padded input");
    return Status::ok();
}

std::string ConvShape::toString() const
{
    return fmt::format("N{} C{}->{} {}x{} k{}x{} s{}x{} d{}x{} p{},{},{},{} g{}", batch, inChannels, outChannels,
        inHeight, inWidth, kernelHeight, kernelWidth, strideHeight, strideWidth, dilationHeight, dilationWidth, padTop,
        padLeft, padBottom, padRight, group);
}

} // namespace qs::kernels::int8
