// SPDX-License-Identifier: MIT
// Int8Conv test shapes: square kernel, stride, dilation and symmetric padding, and the named dynamic-conv case the
// parameterised tests run (shared by the int8 conv tests).
#pragma once

#include "kernels/int8/conv_shape.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <string>

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

/// A named convolution with a per-tensor activation and weight zero point (a dynamic layer's form).
struct DynamicConvCase
{
    const char* name;
    kernels::int8::ConvShape shape;
    int32_t xZeroPoint;
    int32_t wZeroPoint;
};

inline std::string dynamicConvCaseName(const testing::TestParamInfo<DynamicConvCase>& info)
{
    return info.param.name;
}
inline void PrintTo(const DynamicConvCase& c, std::ostream* os)
{
    *os << c.name << " " << c.shape.toString();
}

} // namespace qs::test
