// SPDX-License-Identifier: MIT
// Data-dependent output shapes (NonZero, Compress, Unique) on inputs known only at run time: the run-time tail of
// the plan computes them and whatever reads them, with the extents of each run, while the static part keeps its
// arena. Expected values are worked out by hand from the ONNX operator specification.
#include "../kernels/kernel_test_util.h"

namespace {

using namespace qs;
using namespace qs::test;

HostTensor floats(std::vector<int64_t> dims, std::vector<float> v)
{
    return HostTensor::fromVector(DataType::Float, std::move(dims), v);
}

HostTensor bools(std::vector<bool> v)
{
    HostTensor t(DataType::Bool, { int64_t(v.size()) });
    for (size_t i = 0; i < v.size(); ++i)
        t.data<bool>()[i] = v[i];
    return t;
}

template <typename T> std::vector<T> valuesOf(const HostTensor& t)
{
    auto d = t.data<T>();
    return { d.begin(), d.end() };
}

std::unique_ptr<Session> prepare(std::shared_ptr<const Model> model, ExecutionMode mode)
{
    SessionOptions options;
    options.mode = mode;
    auto session = Session::create(std::move(model), options);
    EXPECT_TRUE(session.isOk()) << session.status().toString();
    return session ? std::move(session).value() : nullptr;
}

class RunTimeShapes : public ::testing::TestWithParam<ExecutionMode>
{
};

TEST_P(RunTimeShapes, NonZeroAndItsReadersTakeTheExtentsOfEachRun)
{
    // x -> Relu -> r (static, also read by the tail); NonZero(r) -> Transpose -> idx; Relu stays a plain step.
    IrModelBuilder b;
    b.input("x", DataType::Float, { 2, 3 });
    b.node("Relu", { "x" }, { "r" });
    b.node("NonZero", { "r" }, { "nz" });
    b.node("Transpose", { "nz" }, { "idx" });
    b.node("Shape", { "nz" }, { "nzShape" });
    b.output("idx");
    b.output("nzShape");
    b.output("r");
    auto session = prepare(b.build(), GetParam());
    ASSERT_TRUE(session);
    EXPECT_TRUE(session->outputs()[0].dims.empty()); // the model declares no shape: even the rank is open

    std::vector<HostTensor> in;
    in.push_back(floats({ 2, 3 }, { 1, -1, 2, 0, 3, -4 }));
    auto out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    // Positive after Relu: (0,0), (0,2), (1,1).
    EXPECT_EQ((*out)[0].dims(), (std::vector<int64_t> { 3, 2 }));
    EXPECT_EQ(valuesOf<int64_t>((*out)[0]), (std::vector<int64_t> { 0, 0, 0, 2, 1, 1 }));
    EXPECT_EQ(valuesOf<int64_t>((*out)[1]), (std::vector<int64_t> { 2, 3 }));
    EXPECT_EQ(valuesOf<float>((*out)[2]), (std::vector<float> { 1, 0, 2, 0, 3, 0 }));

    in.clear();
    in.push_back(floats({ 2, 3 }, { -1, -1, -1, -1, 5, -1 }));
    out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ((*out)[0].dims(), (std::vector<int64_t> { 1, 2 }));
    EXPECT_EQ(valuesOf<int64_t>((*out)[0]), (std::vector<int64_t> { 1, 1 }));
    EXPECT_EQ(valuesOf<int64_t>((*out)[1]), (std::vector<int64_t> { 2, 1 }));
}

TEST_P(RunTimeShapes, CompressWithARunTimeConditionFeedsArithmeticWithStaticValues)
{
    // c = Compress(x, cond, axis 0); y = c * w + Relu(x)[row 0]: the tail reads a constant and a static value.
    IrModelBuilder b;
    b.input("x", DataType::Float, { 3, 2 });
    b.input("cond", DataType::Bool, { 3 });
    b.constant("w", floats({ 2 }, { 10, 100 }));
    b.node("Compress", { "x", "cond" }, { "c" }, { intAttr("axis", 0) });
    b.node("Mul", { "c", "w" }, { "cw" });
    b.node("ReduceSum", { "cw" }, { "s" }, { intAttr("keepdims", 0) });
    b.output("cw");
    b.output("s");
    auto session = prepare(b.build(), GetParam());
    ASSERT_TRUE(session);
    std::vector<HostTensor> in;
    in.push_back(floats({ 3, 2 }, { 1, 2, 3, 4, 5, 6 }));
    in.push_back(bools({ true, false, true }));
    auto out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ((*out)[0].dims(), (std::vector<int64_t> { 2, 2 }));
    EXPECT_EQ(valuesOf<float>((*out)[0]), (std::vector<float> { 10, 200, 50, 600 }));
    EXPECT_EQ(valuesOf<float>((*out)[1]), (std::vector<float> { 860 }));

    in[1] = bools({ false, true, false });
    out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ((*out)[0].dims(), (std::vector<int64_t> { 1, 2 }));
    EXPECT_EQ(valuesOf<float>((*out)[0]), (std::vector<float> { 30, 400 }));
    EXPECT_EQ(valuesOf<float>((*out)[1]), (std::vector<float> { 430 }));
}

TEST_P(RunTimeShapes, UniqueOutputsAndInverseOnRunTimeData)
{
    IrModelBuilder b(11);
    b.input("x", DataType::Float, { 6 });
    b.node("Unique", { "x" }, { "y", "indices", "inverse", "counts" }, { intAttr("sorted", 0) });
    b.output("y");
    b.output("indices");
    b.output("inverse");
    b.output("counts");
    auto session = prepare(b.build(), GetParam());
    ASSERT_TRUE(session);
    std::vector<HostTensor> in;
    in.push_back(floats({ 6 }, { 2, 1, 1, 3, 4, 3 }));
    auto out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ(valuesOf<float>((*out)[0]), (std::vector<float> { 2, 1, 3, 4 }));
    EXPECT_EQ(valuesOf<int64_t>((*out)[1]), (std::vector<int64_t> { 0, 1, 3, 4 }));
    EXPECT_EQ(valuesOf<int64_t>((*out)[2]), (std::vector<int64_t> { 0, 1, 1, 2, 3, 2 }));
    EXPECT_EQ(valuesOf<int64_t>((*out)[3]), (std::vector<int64_t> { 1, 2, 2, 1 }));
}

TEST_P(RunTimeShapes, ConstantInputsFoldWithTheirActualExtents)
{
    IrModelBuilder b;
    b.input("x", DataType::Float, { 2 });
    b.constant("k", floats({ 4 }, { 0, 7, 0, 9 }));
    b.node("NonZero", { "k" }, { "nz" });
    b.node("Cast", { "nz" }, { "nzf" }, { intAttr("to", int64_t(DataType::Float)) });
    b.node("Flatten", { "nzf" }, { "flat" }, { intAttr("axis", 0) });
    b.node("Relu", { "x" }, { "xr" });
    b.output("flat");
    b.output("xr");
    auto model = b.build();
    auto session = prepare(model, GetParam());
    ASSERT_TRUE(session);
    EXPECT_EQ(session->outputs()[0].dims, (std::vector<int64_t> { 1, 2 })); // static: folded at preparation
    std::vector<HostTensor> in;
    in.push_back(floats({ 2 }, { 0, 0 }));
    auto out = session->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ(valuesOf<float>((*out)[0]), (std::vector<float> { 1, 3 }));
}

TEST_P(RunTimeShapes, ReshapeToAShapeComputedAtRunTime)
{
    // The target shape is data (a graph input not bound at preparation, plus one): before the run-time tail this
    // node was "data-dependent shape", unsupported.
    IrModelBuilder b;
    b.input("x", DataType::Float, { 6 });
    b.input("s", DataType::Int64, { 2 });
    b.constant("one", HostTensor::fromVector(DataType::Int64, { 1 }, std::vector<int64_t> { 1 }));
    b.node("Add", { "s", "one" }, { "shape" });
    b.node("Reshape", { "x", "shape" }, { "y" });
    b.node("Relu", { "y" }, { "r" });
    b.output("r");
    auto session = prepare(b.build(), GetParam());
    ASSERT_TRUE(session);
    for (const auto& [target, dims] : { std::pair { std::vector<int64_t> { 1, 2 }, std::vector<int64_t> { 2, 3 } },
             std::pair { std::vector<int64_t> { 2, 1 }, std::vector<int64_t> { 3, 2 } },
             std::pair { std::vector<int64_t> { 1, 2 }, std::vector<int64_t> { 2, 3 } } }) { // kernels kept per shape
        std::vector<HostTensor> in;
        in.push_back(floats({ 6 }, { 1, -2, 3, -4, 5, -6 }));
        in.push_back(HostTensor::fromVector(DataType::Int64, { 2 }, target));
        auto out = session->run(in);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        EXPECT_EQ((*out)[0].dims(), dims);
        EXPECT_EQ(valuesOf<float>((*out)[0]), (std::vector<float> { 1, 0, 3, 0, 5, 0 }));
    }
}

TEST_P(RunTimeShapes, NonMaxSuppressionOnRunTimeBoxes)
{
    IrModelBuilder b(11);
    b.input("boxes", DataType::Float, { 1, 3, 4 });
    b.input("scores", DataType::Float, { 1, 1, 3 });
    b.constant("max", HostTensor::fromVector(DataType::Int64, { 1 }, std::vector<int64_t> { 10 }));
    b.constant("iou", floats({ 1 }, { 0.5f }));
    b.node("NonMaxSuppression", { "boxes", "scores", "max", "iou" }, { "selected" });
    b.output("selected");
    auto session = prepare(b.build(), GetParam());
    ASSERT_TRUE(session);
    auto run = [&](std::vector<float> boxes) {
        std::vector<HostTensor> in;
        in.push_back(floats({ 1, 3, 4 }, std::move(boxes)));
        in.push_back(floats({ 1, 1, 3 }, { 0.9f, 0.8f, 0.7f }));
        auto out = session->run(in);
        EXPECT_TRUE(out.isOk()) << out.status().toString();
        return out ? valuesOf<int64_t>((*out)[0]) : std::vector<int64_t> {};
    };
    // Box 1 overlaps box 0 with IoU 0.9 / 1.1 = 0.82 > 0.5: suppressed; box 2 is far away.
    EXPECT_EQ(run({ 0, 0, 1, 1, 0, 0.1f, 1, 1.1f, 0, 10, 1, 11 }), (std::vector<int64_t> { 0, 0, 0, 0, 0, 2 }));
    // Box 1 moved away: nothing overlaps, all three kept in descending score order.
    EXPECT_EQ(run({ 0, 0, 1, 1, 5, 5, 6, 6, 0, 10, 1, 11 }), (std::vector<int64_t> { 0, 0, 0, 0, 0, 1, 0, 0, 2 }));
}

INSTANTIATE_TEST_SUITE_P(BothModes, RunTimeShapes,
    ::testing::Values(ExecutionMode::AsWritten, ExecutionMode::Optimized),
    [](const auto& info) { return info.param == ExecutionMode::AsWritten ? "AsWritten" : "Optimized"; });

} // namespace
