// SPDX-License-Identifier: MIT
// Resource bounds: a model that asks for more memory than the limit fails its preparation or run with OutOfMemory
// naming the node and the size; the process never aborts on std::bad_alloc (issue 19). The models are hand-made
// hostile cases; the expected sizes are worked out by hand (10^6 x 10^6 floats = 4.0 TB).
#include "../kernels/kernel_test_util.h"

#include <quantscope/engine/resource_limits.h>

namespace {

using namespace qs;
using namespace qs::test;

HostTensor int64s(std::vector<int64_t> v)
{
    return HostTensor::fromVector(DataType::Int64, { int64_t(v.size()) }, v);
}

/// Restores the process-wide limit after a test changes it.
class LimitGuard
{
public:
    ~LimitGuard() { setTensorByteLimit(0); }
};

class ResourceBounds : public ::testing::TestWithParam<ExecutionMode>
{
protected:
    SessionOptions options() const
    {
        SessionOptions o;
        o.mode = GetParam();
        return o;
    }
};

TEST(ResourceLimits, CheckedBytesOverflowAndFormatting)
{
    EXPECT_EQ(checkedTensorBytes(DataType::Float, std::vector<int64_t> { 1000000, 1000000 }), 4000000000000);
    EXPECT_EQ(checkedTensorBytes(DataType::Float, std::vector<int64_t> { 0, int64_t(1) << 62 }), 0);
    EXPECT_FALSE(checkedTensorBytes(DataType::Float, std::vector<int64_t> { int64_t(1) << 31, int64_t(1) << 31 }));
    EXPECT_FALSE(checkedTensorBytes(DataType::Float, std::vector<int64_t> { -1, 2 }));
    EXPECT_EQ(formatByteSize(4000000000000), "4.0 TB");
    EXPECT_EQ(formatByteSize(512), "512 B");
    EXPECT_GT(defaultTensorByteLimit(), 0);
}

TEST(ResourceLimits, HostTensorBeyondTheLimitThrowsBadAllocNotAborts)
{
    LimitGuard guard;
    setTensorByteLimit(1 << 20);
    EXPECT_THROW(HostTensor(DataType::Float, { 1024, 1024 }), std::bad_alloc); // 4 MiB > 1 MiB
    EXPECT_NO_THROW(HostTensor(DataType::Float, { 256, 1024 })); // exactly 1 MiB
    EXPECT_THROW(HostTensor(DataType::Float, { int64_t(1) << 40, int64_t(1) << 40 }), std::bad_alloc); // overflow
}

TEST_P(ResourceBounds, ConstantOfShapeFromTheFileFailsPreparationNamingNodeAndSize)
{
    IrModelBuilder b;
    b.constant("shape", int64s({ 1000000, 1000000 }));
    b.node("ConstantOfShape", { "shape" }, { "y" }, {}, "huge_fill");
    b.output("y");
    auto session = Session::create(b.build(), options());
    ASSERT_FALSE(session.isOk());
    EXPECT_EQ(session.status().code(), StatusCode::OutOfMemory);
    const std::string msg = session.status().message();
    EXPECT_NE(msg.find("'huge_fill' (ConstantOfShape)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("float[1000000x1000000]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("4.0 TB"), std::string::npos) << msg;
}

TEST_P(ResourceBounds, ConstantOfShapeFromRunTimeDataFailsTheRunNamingNodeAndSize)
{
    IrModelBuilder b;
    b.input("shape", DataType::Int64, { 2 });
    b.node("ConstantOfShape", { "shape" }, { "y" }, {}, "huge_fill");
    b.output("y");
    auto session = Session::create(b.build(), options());
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::vector<HostTensor> in;
    in.push_back(int64s({ 1000000, 1000000 }));
    auto out = (*session)->run(in);
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::OutOfMemory);
    const std::string msg = out.status().message();
    EXPECT_NE(msg.find("'huge_fill' (ConstantOfShape)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("4.0 TB"), std::string::npos) << msg;

    // The session stays usable: a small request afterwards runs and fills zeros (the default value).
    in.clear();
    in.push_back(int64s({ 2, 3 }));
    auto small = (*session)->run(in);
    ASSERT_TRUE(small.isOk()) << small.status().toString();
    EXPECT_EQ(small->at(0).dims(), (std::vector<int64_t> { 2, 3 }));
}

TEST_P(ResourceBounds, OverflowingShapeIsRefusedNotWrapped)
{
    IrModelBuilder b;
    b.input("shape", DataType::Int64, { 3 });
    b.node("ConstantOfShape", { "shape" }, { "y" }, {}, "wrap");
    b.output("y");
    auto session = Session::create(b.build(), options());
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::vector<HostTensor> in;
    // 2^32 * 2^32 * 2^2 elements = 2^66: wraps to 0 in 64 bits without the check.
    in.push_back(int64s({ int64_t(1) << 32, int64_t(1) << 32, 4 }));
    auto out = (*session)->run(in);
    ASSERT_FALSE(out.isOk());
    EXPECT_EQ(out.status().code(), StatusCode::OutOfMemory);
    EXPECT_NE(out.status().message().find("overflows"), std::string::npos) << out.status().message();
}

// Found by the executor fuzzer: pads whose sum with the extent passes 2^63 overflowed (UB) in Pad's shape function.
// Refused with the pads named, whether the pads are in the file (preparation) or data (the run).
TEST_P(ResourceBounds, PadsOverflowingTheExtentAreRefusedNotWrapped)
{
    const int64_t huge = int64_t(7) << 60; // two of them pass 2^63
    {
        IrModelBuilder b(13);
        b.input("x", DataType::Float, { 2 });
        b.constant("pads", int64s({ huge, huge }));
        b.node("Pad", { "x", "pads" }, { "y" }, {}, "pad");
        b.output("y");
        auto session = Session::create(b.build(), options());
        ASSERT_FALSE(session.isOk());
        EXPECT_EQ(session.status().code(), StatusCode::InvalidModel) << session.status().toString();
        EXPECT_NE(session.status().message().find("overflow the extent"), std::string::npos)
            << session.status().message();
    }
    IrModelBuilder b(13);
    b.input("x", DataType::Float, { 2 });
    b.input("pads", DataType::Int64, { 2 });
    b.node("Pad", { "x", "pads" }, { "y" }, {}, "pad");
    b.output("y");
    auto session = Session::create(b.build(), options());
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::vector<HostTensor> in;
    in.push_back(HostTensor(DataType::Float, { 2 }));
    in.push_back(int64s({ huge, huge }));
    auto out = (*session)->run(in);
    ASSERT_FALSE(out.isOk());
    EXPECT_NE(out.status().message().find("overflow the extent"), std::string::npos) << out.status().message();
}

TEST_P(ResourceBounds, ExpandTileAndRangeFromDataRespectAConfiguredLimit)
{
    LimitGuard guard;
    setTensorByteLimit(int64_t(64) << 20); // 64 MiB
    {
        IrModelBuilder b;
        b.input("x", DataType::Float, { 1 });
        b.input("shape", DataType::Int64, { 2 });
        b.node("Expand", { "x", "shape" }, { "y" }, {}, "big_expand");
        b.output("y");
        auto session = Session::create(b.build(), options());
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(DataType::Float, { 1 }, std::vector<float> { 1 }));
        in.push_back(int64s({ 10000, 10000 })); // 400 MB
        auto out = (*session)->run(in);
        ASSERT_FALSE(out.isOk());
        EXPECT_EQ(out.status().code(), StatusCode::OutOfMemory);
        EXPECT_NE(out.status().message().find("'big_expand' (Expand)"), std::string::npos) << out.status().message();
        EXPECT_NE(out.status().message().find("400.0 MB"), std::string::npos) << out.status().message();
    }
    {
        IrModelBuilder b;
        b.input("x", DataType::Float, { 2, 2 });
        b.input("repeats", DataType::Int64, { 2 });
        b.node("Tile", { "x", "repeats" }, { "y" }, {}, "big_tile");
        b.output("y");
        auto session = Session::create(b.build(), options());
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        std::vector<HostTensor> in;
        in.push_back(HostTensor(DataType::Float, { 2, 2 }));
        in.push_back(int64s({ 100000, 100000 }));
        auto out = (*session)->run(in);
        ASSERT_FALSE(out.isOk());
        EXPECT_EQ(out.status().code(), StatusCode::OutOfMemory);
        EXPECT_NE(out.status().message().find("'big_tile' (Tile)"), std::string::npos) << out.status().message();
    }
    {
        // Range runs only with constant bounds (its length is its data): the limit applies at preparation.
        IrModelBuilder b;
        auto scalar = [](float v) { return HostTensor::fromVector(DataType::Float, {}, std::vector<float> { v }); };
        b.constant("start", scalar(0));
        b.constant("limit", scalar(1e9f));
        b.constant("delta", scalar(1));
        b.node("Range", { "start", "limit", "delta" }, { "y" }, {}, "long_range");
        b.output("y");
        auto session = Session::create(b.build(), options());
        ASSERT_FALSE(session.isOk());
        EXPECT_EQ(session.status().code(), StatusCode::OutOfMemory);
        EXPECT_NE(session.status().message().find("'long_range' (Range)"), std::string::npos)
            << session.status().message();
        EXPECT_NE(session.status().message().find("4.0 GB"), std::string::npos) << session.status().message();
    }
}

// Found by the executor fuzzer (tests/fuzz/regressions/fuzz_executor/split_num_outputs_zero.onnx): Split-18 with
// num_outputs 0 divided by zero while sizing the pieces. A num_outputs other than the node's output count is refused,
// naming the node and both numbers; the matching one still splits 5 into ceil(5 / 2) = 3 and 2.
TEST_P(ResourceBounds, SplitNumOutputsOtherThanTheOutputCountIsRefused)
{
    for (const int64_t numOutputs : { int64_t(0), int64_t(3), int64_t(-1) }) {
        IrModelBuilder b(18);
        b.input("x", DataType::Float, { 5 });
        b.node("Split", { "x" }, { "a", "b" }, { intAttr("axis", 0), intAttr("num_outputs", numOutputs) }, "split");
        b.output("a");
        b.output("b");
        auto session = Session::create(b.build(), options());
        ASSERT_FALSE(session.isOk()) << numOutputs;
        EXPECT_EQ(session.status().code(), StatusCode::InvalidModel) << session.status().toString();
        const std::string expected = "num_outputs is " + std::to_string(numOutputs) + " but the node has 2 outputs";
        EXPECT_NE(session.status().message().find(expected), std::string::npos) << session.status().message();
        EXPECT_NE(session.status().message().find("split"), std::string::npos) << session.status().message();
    }
    IrModelBuilder b(18);
    b.input("x", DataType::Float, { 5 });
    b.node("Split", { "x" }, { "a", "b" }, { intAttr("axis", 0), intAttr("num_outputs", 2) }, "split");
    b.output("a");
    b.output("b");
    auto session = Session::create(b.build(), options());
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector(DataType::Float, { 5 }, std::vector<float> { 1, 2, 3, 4, 5 }));
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    ASSERT_EQ(out->size(), 2u);
    EXPECT_EQ((*out)[0].dims(), (std::vector<int64_t> { 3 }));
    EXPECT_EQ((*out)[1].dims(), (std::vector<int64_t> { 2 }));
    const auto a = (*out)[0].data<float>();
    const auto c = (*out)[1].data<float>();
    EXPECT_EQ(std::vector<float>(a.begin(), a.end()), (std::vector<float> { 1, 2, 3 }));
    EXPECT_EQ(std::vector<float>(c.begin(), c.end()), (std::vector<float> { 4, 5 }));
}

INSTANTIATE_TEST_SUITE_P(Modes, ResourceBounds, ::testing::Values(ExecutionMode::AsWritten, ExecutionMode::Optimized),
    [](const auto& info) { return std::string(info.param == ExecutionMode::AsWritten ? "AsWritten" : "Optimized"); });

} // namespace
