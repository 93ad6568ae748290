// SPDX-License-Identifier: MIT
// Loop and Scan behaviour ONNX's conformance cases leave out: a Loop whose trip count is known only at run time
// (its scan output length too, so it runs in the plan's run-time tail) and that reads an outer-scope value; zero
// iterations; a Scan along axis 1 in reverse. Expected values are worked out by hand from the operator
// specification.
#include "kernel_test_util.h"
#include "support/subgraph_builder.h"

namespace {

using namespace qs;
using namespace qs::test;

HostTensor floats(std::vector<int64_t> dims, std::vector<float> v)
{
    return HostTensor::fromVector(DataType::Float, std::move(dims), v);
}

HostTensor int64Scalar(int64_t v)
{
    return HostTensor::fromVector(DataType::Int64, {}, std::vector<int64_t> { v });
}

std::vector<float> valuesOf(const HostTensor& t)
{
    auto d = t.data<float>();
    return { d.begin(), d.end() };
}

class LoopScan : public ::testing::TestWithParam<ExecutionMode>
{
};

TEST_P(LoopScan, LoopWithRunTimeTripCountStacksScanOutputsAndReadsOuterValues)
{
    // acc' = acc + x (x from the outer graph); scan output acc' * acc'; cond passes through.
    SubgraphBuilder body("body");
    body.input("i", DataType::Int64, {});
    body.input("c", DataType::Bool, {});
    body.input("acc", DataType::Float, { 2 });
    body.outerScope("x");
    body.node("Add", { "acc", "x" }, { "acc2" });
    body.node("Identity", { "c" }, { "c2" });
    body.node("Mul", { "acc2", "acc2" }, { "sq" });
    body.output("c2");
    body.output("acc2");
    body.output("sq");
    IrModelBuilder b(17);
    b.input("M", DataType::Int64, {});
    b.input("init", DataType::Float, { 2 });
    b.input("x", DataType::Float, { 2 });
    b.node("Loop", { "M", "", "init" }, { "final", "squares" }, { body.attr("body") });
    b.output("final");
    b.output("squares");
    SessionOptions options;
    options.mode = GetParam();
    auto session = Session::create(b.build(), options);
    ASSERT_TRUE(session.isOk()) << session.status().toString();

    auto run = [&](int64_t m) {
        std::vector<HostTensor> in;
        in.push_back(int64Scalar(m));
        in.push_back(floats({ 2 }, { 0, 1 }));
        in.push_back(floats({ 2 }, { 1, 2 }));
        auto out = (*session)->run(in);
        EXPECT_TRUE(out.isOk()) << out.status().toString();
        return out ? std::move(out).value() : std::vector<HostTensor> {};
    };
    auto out = run(3);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(valuesOf(out[0]), (std::vector<float> { 3, 7 }));
    EXPECT_EQ(out[1].dims(), (std::vector<int64_t> { 3, 2 }));
    EXPECT_EQ(valuesOf(out[1]), (std::vector<float> { 1, 9, 4, 25, 9, 49 }));
    out = run(0);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(valuesOf(out[0]), (std::vector<float> { 0, 1 }));
    EXPECT_EQ(out[1].dims(), (std::vector<int64_t> { 0, 2 }));
}

TEST_P(LoopScan, ScanAlongAxisOneInReverse)
{
    SubgraphBuilder body("body");
    body.input("s", DataType::Float, { 2 });
    body.input("xi", DataType::Float, { 2 });
    body.node("Add", { "s", "xi" }, { "s2" });
    body.node("Identity", { "s2" }, { "y" });
    body.output("s2");
    body.output("y");
    IrModelBuilder b(17);
    b.input("s0", DataType::Float, { 2 });
    b.input("x", DataType::Float, { 2, 3 });
    b.node("Scan", { "s0", "x" }, { "final", "ys" },
        { body.attr("body"), intAttr("num_scan_inputs", 1), intsAttr("scan_input_axes", { 1 }),
            intsAttr("scan_input_directions", { 1 }), intsAttr("scan_output_axes", { 1 }) });
    b.output("final");
    b.output("ys");
    std::vector<HostTensor> in;
    in.push_back(floats({ 2 }, { 0, 0 }));
    in.push_back(floats({ 2, 3 }, { 1, 2, 3, 4, 5, 6 }));
    auto out = runModel(b.build(), std::move(in), GetParam());
    ASSERT_EQ(out.size(), 2u);
    // Columns visited 2, 1, 0: running sums [3,6], [5,11], [6,15], stacked in visiting order along axis 1.
    EXPECT_EQ(valuesOf(out[0]), (std::vector<float> { 6, 15 }));
    EXPECT_EQ(out[1].dims(), (std::vector<int64_t> { 2, 3 }));
    EXPECT_EQ(valuesOf(out[1]), (std::vector<float> { 3, 5, 6, 6, 11, 15 }));
}

INSTANTIATE_TEST_SUITE_P(BothModes, LoopScan, ::testing::Values(ExecutionMode::AsWritten, ExecutionMode::Optimized),
    [](const auto& info) { return info.param == ExecutionMode::AsWritten ? "AsWritten" : "Optimized"; });

} // namespace
