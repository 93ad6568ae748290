// SPDX-License-Identifier: MIT
// Pad, TopK and GatherElements behaviour that ONNX's conformance cases leave out (Pad's opset 2 attribute form,
// negative pads, the opset 18 axes input, reflect on floats; TopK ties and the opset 1 attribute k; int32
// indices). Expected values are worked out by hand from the ONNX operator specification (numpy.pad semantics).
#include "../kernels/kernel_test_util.h"

namespace {

using namespace qs;
using namespace qs::test;

HostTensor floats(std::vector<int64_t> dims, std::vector<float> v)
{
    return HostTensor::fromVector(DataType::Float, std::move(dims), v);
}

HostTensor ints(std::vector<int64_t> v)
{
    const int64_t n = static_cast<int64_t>(v.size());
    return HostTensor::fromVector(DataType::Int64, { n }, v);
}

std::vector<float> floatsOf(const HostTensor& t)
{
    auto d = t.data<float>();
    return { d.begin(), d.end() };
}

std::vector<int64_t> intsOf(const HostTensor& t)
{
    auto d = t.data<int64_t>();
    return { d.begin(), d.end() };
}

/// HostTensor is move-only, so an initializer list cannot hold it.
std::vector<HostTensor> inputs(HostTensor t)
{
    std::vector<HostTensor> v;
    v.push_back(std::move(t));
    return v;
}

class TailKernels : public ::testing::TestWithParam<ExecutionMode>
{
};

TEST_P(TailKernels, PadOpset2AttributeFormUsesPadsAndValue)
{
    IrModelBuilder b(2);
    b.input("x", DataType::Float, { 2, 2 });
    b.node("Pad", { "x" }, { "y" }, { intsAttr("pads", { 0, 1, 1, 0 }), floatAttr("value", 1.5f) });
    b.output("y");
    auto out = runModel(b.build(), inputs(floats({ 2, 2 }, { 1, 2, 3, 4 })), GetParam());
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].dims(), (std::vector<int64_t> { 3, 3 }));
    EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 1.5f, 1, 2, 1.5f, 3, 4, 1.5f, 1.5f, 1.5f }));
}

TEST_P(TailKernels, PadReflectMirrorsWithoutRepeatingTheEdge)
{
    IrModelBuilder b(11);
    b.input("x", DataType::Float, { 1, 3 });
    b.constant("pads", ints({ 0, 2, 0, 2 }));
    b.node("Pad", { "x", "pads" }, { "y" }, { stringAttr("mode", "reflect") });
    b.output("y");
    auto out = runModel(b.build(), inputs(floats({ 1, 3 }, { 1, 2, 3 })), GetParam());
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 3, 2, 1, 2, 3, 2, 1 }));
}

TEST_P(TailKernels, PadNegativeBeginCropsThenEdgeExtends)
{
    IrModelBuilder b(13);
    b.input("x", DataType::Float, { 4 });
    b.constant("pads", ints({ -1, 2 }));
    b.node("Pad", { "x", "pads" }, { "y" }, { stringAttr("mode", "edge") });
    b.output("y");
    auto out = runModel(b.build(), inputs(floats({ 4 }, { 1, 2, 3, 4 })), GetParam());
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 2, 3, 4, 4, 4 }));
}

TEST_P(TailKernels, PadOpset18AxesInputPadsOnlyThoseAxes)
{
    IrModelBuilder b(18);
    b.input("x", DataType::Float, { 2, 3 });
    b.constant("pads", ints({ 1, 0 }));
    b.constant("value", floats({}, { 9 }));
    b.constant("axes", ints({ -1 }));
    b.node("Pad", { "x", "pads", "value", "axes" }, { "y" });
    b.output("y");
    auto out = runModel(b.build(), inputs(floats({ 2, 3 }, { 1, 2, 3, 4, 5, 6 })), GetParam());
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].dims(), (std::vector<int64_t> { 2, 4 }));
    EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 9, 1, 2, 3, 9, 4, 5, 6 }));
}

TEST_P(TailKernels, TopKTiesGoToTheLowerIndexForLargestAndSmallest)
{
    for (int largest : { 1, 0 }) {
        IrModelBuilder b(11);
        b.input("x", DataType::Float, { 5 });
        b.constant("k", ints({ 3 }));
        b.node("TopK", { "x", "k" }, { "v", "i" }, { intAttr("largest", largest) });
        b.output("v");
        b.output("i");
        auto out = runModel(b.build(), inputs(floats({ 5 }, { 3, 1, 3, 2, 1 })), GetParam());
        ASSERT_EQ(out.size(), 2u);
        if (largest) {
            EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 3, 3, 2 }));
            EXPECT_EQ(intsOf(out[1]), (std::vector<int64_t> { 0, 2, 3 }));
        } else {
            EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 1, 1, 2 }));
            EXPECT_EQ(intsOf(out[1]), (std::vector<int64_t> { 1, 4, 3 }));
        }
    }
}

TEST_P(TailKernels, TopKAlongAnOuterAxis)
{
    IrModelBuilder b(11);
    b.input("x", DataType::Float, { 3, 2 });
    b.constant("k", ints({ 2 }));
    b.node("TopK", { "x", "k" }, { "v", "i" }, { intAttr("axis", 0) });
    b.output("v");
    b.output("i");
    auto out = runModel(b.build(), inputs(floats({ 3, 2 }, { 1, 5, 3, 5, 2, 0 })), GetParam());
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 3, 5, 2, 5 }));
    EXPECT_EQ(intsOf(out[1]), (std::vector<int64_t> { 1, 0, 2, 1 }));
}

TEST_P(TailKernels, TopKOpset1TakesKFromTheAttribute)
{
    IrModelBuilder b(1);
    b.input("x", DataType::Float, { 1, 3 });
    b.node("TopK", { "x" }, { "v", "i" }, { intAttr("k", 2) });
    b.output("v");
    b.output("i");
    auto out = runModel(b.build(), inputs(floats({ 1, 3 }, { 4, 1, 4 })), GetParam());
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 4, 4 }));
    EXPECT_EQ(intsOf(out[1]), (std::vector<int64_t> { 0, 2 }));
}

TEST_P(TailKernels, GatherElementsWithInt32AndNegativeIndices)
{
    IrModelBuilder b(13);
    b.input("x", DataType::Float, { 2, 2 });
    b.constant("idx", HostTensor::fromVector(DataType::Int32, { 2, 2 }, std::vector<int32_t> { 1, 0, -1, 1 }));
    b.node("GatherElements", { "x", "idx" }, { "y" }, { intAttr("axis", 1) });
    b.output("y");
    auto out = runModel(b.build(), inputs(floats({ 2, 2 }, { 1, 2, 3, 4 })), GetParam());
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(floatsOf(out[0]), (std::vector<float> { 2, 1, 4, 4 }));
}

INSTANTIATE_TEST_SUITE_P(Modes, TailKernels, ::testing::Values(ExecutionMode::AsWritten, ExecutionMode::Optimized),
    [](const ::testing::TestParamInfo<ExecutionMode>& info) {
        return info.param == ExecutionMode::AsWritten ? std::string("AsWritten") : std::string("Optimized");
    });

} // namespace
