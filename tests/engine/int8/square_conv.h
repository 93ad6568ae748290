// SPDX-License-Identifier: MIT
// Int8Conv test shapes: square kernel, stride, dilation and symmetric padding (shared by the int8 conv tests).
#pragma once

#include "kernels/int8/conv_shape.h"

namespace qs::test {

inline kernels::int8::ConvShape squareConv(int64_t n, int64_t ic, int64_t ih, int64_t iw, int64_t oc, int64_t g,
    int64_t k, int64_t stride, int64_t pad, int64_t dilation = 1)
{
    kernels::int8::ConvShape s;
    s.batch = n;
    s.inChannels = ic;
    s.inHeight = ih;
    s.inWidth = iw;
    s.outChannels = oc;
    s.group = g;
    s.kernelHeight = s.kernelWidth = k;
    s.strideHeight = s.strideWidth = stride;
    s.dilationHeight = s.dilationWidth = dilation;
    s.padTop = s.padLeft = s.padBottom = s.padRight = pad;
    return s;
}

} // namespace qs::test
