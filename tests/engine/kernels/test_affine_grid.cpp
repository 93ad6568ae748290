// SPDX-License-Identifier: MIT
// AffineGrid (no ONNX conformance case in the shared set): grids worked out by hand from the operator definition,
// and the identity transform fed to GridSample, which must then reproduce its input (bilinear sampling exactly at
// pixel centres).
#include "kernel_test_util.h"

namespace {

using namespace qs;
using namespace qs::test;

HostTensor floats(std::vector<int64_t> dims, std::vector<float> v)
{
    return HostTensor::fromVector(DataType::Float, std::move(dims), v);
}

std::vector<float> affineGrid(std::vector<float> theta, bool alignCorners)
{
    IrModelBuilder b(20);
    b.input("theta", DataType::Float, { 1, 2, 3 });
    b.constant("size", HostTensor::fromVector(DataType::Int64, { 4 }, std::vector<int64_t> { 1, 1, 2, 3 }));
    b.node("AffineGrid", { "theta", "size" }, { "grid" }, { intAttr("align_corners", alignCorners ? 1 : 0) });
    b.output("grid");
    std::vector<HostTensor> in;
    in.push_back(floats({ 1, 2, 3 }, std::move(theta)));
    auto out = runModel(b.build(), std::move(in));
    if (out.empty())
        return {};
    EXPECT_EQ(out[0].dims(), (std::vector<int64_t> { 1, 2, 3, 2 }));
    auto d = out[0].data<float>();
    return { d.begin(), d.end() };
}

TEST(AffineGrid, IdentityGivesPixelCentres)
{
    // W = 3: x = (2i + 1) / 3 - 1; H = 2: y = (2j + 1) / 2 - 1. Pairs (x, y), row-major over (h, w).
    const float t = 2.0f / 3.0f;
    EXPECT_TRUE(allClose(affineGrid({ 1, 0, 0, 0, 1, 0 }, false),
        std::vector<float> { -t, -0.5f, 0, -0.5f, t, -0.5f, -t, 0.5f, 0, 0.5f, t, 0.5f }, 1e-6f));
}

TEST(AffineGrid, AlignedCornersAndATransform)
{
    // align_corners: x in {-1, 0, 1}, y in {-1, 1}; x' = 2x + 0.5, y' = y - 1 + 0.25 x.
    EXPECT_TRUE(allClose(affineGrid({ 2, 0, 0.5f, 0.25f, 1, -1 }, true),
        std::vector<float> { -1.5f, -2.25f, 0.5f, -2, 2.5f, -1.75f, -1.5f, -0.25f, 0.5f, 0, 2.5f, 0.25f }, 1e-6f));
}

TEST(AffineGrid, IdentityGridMakesGridSampleReproduceItsInput)
{
    IrModelBuilder b(20);
    b.input("x", DataType::Float, { 1, 2, 3, 4 });
    b.constant("theta", floats({ 1, 2, 3 }, { 1, 0, 0, 0, 1, 0 }));
    b.constant("size", HostTensor::fromVector(DataType::Int64, { 4 }, std::vector<int64_t> { 1, 2, 3, 4 }));
    b.node("AffineGrid", { "theta", "size" }, { "grid" });
    b.node("GridSample", { "x", "grid" }, { "y" });
    b.output("y");
    const auto model = b.build();
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        HostTensor x = randomTensor({ 1, 2, 3, 4 }, 7);
        const std::vector<float> expected(x.data<float>().begin(), x.data<float>().end());
        std::vector<HostTensor> in;
        in.push_back(std::move(x));
        auto out = runModel(model, std::move(in), mode);
        ASSERT_EQ(out.size(), 1u);
        EXPECT_TRUE(allClose(out[0].data<float>(), expected, 1e-6f, 1e-5f));
    }
}

} // namespace
