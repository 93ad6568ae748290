// SPDX-License-Identifier: MIT
// oneDNN Conv / ConvTranspose against the reference loops (kernels/ref), over groups, depthwise, dilations,
// strides and every auto_pad mode, with channel counts that do not fill oneDNN's 8-wide blocks.
#include "kernel_test_util.h"
#include "kernels/conv_geometry.h"
#include "kernels/ref/conv_ref.h"

#include <fmt/format.h>

namespace {

using namespace qs;
using namespace qs::test;

struct ConvCase
{
    int64_t n, c, m, h, w, k, stride, dilation, group, pad;
    std::string autoPad;
    bool bias;
    bool transpose;
    std::string toString() const
    {
        return fmt::format("{}_n{}c{}m{}_{}x{}_k{}s{}d{}g{}p{}_{}{}", transpose ? "convT" : "conv", n, c, m, h, w, k,
            stride, dilation, group, pad, autoPad, bias ? "_bias" : "");
    }
};

void PrintTo(const ConvCase& c, std::ostream* os)
{
    *os << c.toString();
}

class ConvVsReference : public ::testing::TestWithParam<ConvCase>
{
};

TEST_P(ConvVsReference, MatchesReference)
{
    const ConvCase& p = GetParam();
    IrModelBuilder b;
    const std::vector<int64_t> xDims { p.n, p.c, p.h, p.w };
    const std::vector<int64_t> wDims = p.transpose ? std::vector<int64_t> { p.c, p.m / p.group, p.k, p.k }
                                                   : std::vector<int64_t> { p.m, p.c / p.group, p.k, p.k };
    b.input("x", DataType::Float, xDims);
    HostTensor w = randomTensor(wDims, 2);
    HostTensor bias = randomTensor({ p.m }, 3);
    b.constant("w", w);
    if (p.bias)
        b.constant("b", bias);
    std::vector<Attribute> attrs { intsAttr("strides", { p.stride, p.stride }),
        intsAttr("dilations", { p.dilation, p.dilation }), intAttr("group", p.group),
        stringAttr("auto_pad", p.autoPad) };
    if (p.autoPad == "NOTSET")
        attrs.push_back(intsAttr("pads", { p.pad, p.pad, p.pad + 1, p.pad }));
    b.node(p.transpose ? "ConvTranspose" : "Conv", { "x", "w", p.bias ? "b" : "" }, { "y" }, attrs);
    b.output("y");
    auto model = b.build();
    HostTensor x = randomTensor(xDims, 1);

    const Node& node = model->graph().node(0);
    auto geo
        = p.transpose ? kernels::convTransposeGeometry(node, xDims, wDims) : kernels::convGeometry(node, xDims, wDims);
    ASSERT_TRUE(geo.isOk()) << geo.status().toString();
    std::vector<int64_t> yDims { p.n, p.m };
    yDims.insert(yDims.end(), geo->outSpatial.begin(), geo->outSpatial.end());
    HostTensor expected(DataType::Float, yDims);
    const float* bp = p.bias ? bias.data<float>().data() : nullptr;
    if (p.transpose)
        kernels::ref::convTranspose(
            *geo, x.data<float>().data(), w.data<float>().data(), bp, expected.data<float>().data());
    else
        kernels::ref::conv(*geo, x.data<float>().data(), w.data<float>().data(), bp, expected.data<float>().data());

    std::vector<HostTensor> in;
    in.push_back(x.clone());
    auto out = runModel(model, std::move(in));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].dims(), yDims);
    EXPECT_TRUE(allClose(out[0].data<float>(), expected.data<float>()));
}

INSTANTIATE_TEST_SUITE_P(Kernels, ConvVsReference,
    ::testing::Values(ConvCase { 1, 3, 16, 13, 11, 3, 2, 1, 1, 1, "NOTSET", true, false },
        ConvCase { 1, 13, 24, 7, 9, 1, 1, 1, 1, 0, "NOTSET", true, false },
        ConvCase { 2, 24, 24, 9, 9, 3, 1, 1, 24, 1, "NOTSET", true, false }, // depthwise
        ConvCase { 1, 12, 18, 10, 7, 3, 1, 2, 3, 0, "SAME_UPPER", false, false }, // groups + dilation
        ConvCase { 1, 8, 8, 11, 11, 4, 2, 1, 1, 0, "SAME_LOWER", true, false },
        ConvCase { 1, 7, 5, 12, 12, 3, 3, 1, 1, 0, "VALID", true, false },
        ConvCase { 1, 4, 6, 5, 5, 3, 2, 1, 1, 0, "NOTSET", true, true }, // transposed
        ConvCase { 1, 6, 4, 4, 6, 2, 2, 1, 2, 0, "VALID", false, true }),
    [](const ::testing::TestParamInfo<ConvCase>& info) { return info.param.toString(); });

} // namespace
