// SPDX-License-Identifier: MIT
// Cancellation of loading, of Session::create and of writing a model (issue 19): a cancel check that fires at its n-th
// poll, for n swept over every stage of a real model (../shared's mobilenet_v2) and of a generated 1800-node model,
// makes the load, the preparation or the writer return StatusCode::Cancelled (the ASan suite runs these: nothing it
// built may leak), and a later call without cancel still loads, prepares and computes the right outputs (ONNX Runtime's
// for the real model; values computed here in double for the generated one). Not timing tests: the polls are counted.
#include "../kernels/kernel_test_util.h"
#include "shared_data.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/model_writer.h>
#include <quantscope/engine/run_control.h>

#include <algorithm>
#include <atomic>
#include <memory>

namespace {

using namespace qs;
using namespace qs::test;

/// A cancel callable that counts its polls and fires from its `fireAt`-th on (0-based); -1 never fires.
struct CountingCancel
{
    std::shared_ptr<std::atomic<int64_t>> polls = std::make_shared<std::atomic<int64_t>>(0);
    int64_t fireAt = -1;

    std::function<bool()> callable() const
    {
        return [polls = polls, fireAt = fireAt] { return polls->fetch_add(1) >= fireAt && fireAt >= 0; };
    }
};

/// The poll indices to cancel at: the first three, a dozen spread over [0, total) and the last.
std::vector<int64_t> sweep(int64_t total)
{
    std::vector<int64_t> out;
    for (int64_t n = 0; n < std::min<int64_t>(total, 3); ++n)
        out.push_back(n);
    for (int64_t k = 1; k <= 12; ++k)
        out.push_back(total * k / 13);
    out.push_back(total - 1);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    std::erase_if(out, [total](int64_t n) { return n >= total; });
    return out;
}

/// Loads with `load(options)` cancelled at every swept poll; returns the number of polls an uncancelled load makes.
template <typename Load> int64_t expectLoadCancelsEverywhere(const Load& load, int64_t minimumPolls)
{
    CountingCancel counter;
    LoadOptions options;
    options.isCancelled = counter.callable();
    auto uncancelled = load(options);
    EXPECT_TRUE(uncancelled.isOk()) << uncancelled.status().toString();
    const int64_t total = counter.polls->load();
    EXPECT_GE(total, minimumPolls) << "the loader polls per initializer and node";
    for (int64_t n : sweep(total)) {
        CountingCancel c;
        c.fireAt = n;
        options.isCancelled = c.callable();
        auto r = load(options);
        EXPECT_EQ(r.status().code(), StatusCode::Cancelled)
            << "cancelled at poll " << n << " of " << total << ": " << r.status().toString();
        EXPECT_FALSE(r.status().message().empty());
        EXPECT_EQ(c.polls->load(), n + 1) << "the load went on polling after the cancel";
    }
    return total;
}

/// Session::create cancelled at every swept poll in `mode`; then an uncancelled one, returned.
std::unique_ptr<Session> expectCreateCancelsEverywhere(
    const std::shared_ptr<const Model>& model, ExecutionMode mode, int64_t minimumPolls)
{
    SessionOptions options;
    options.mode = mode;
    CountingCancel counter;
    RunControl control;
    control.isCancelled = counter.callable();
    auto uncancelled = Session::create(model, options, control);
    EXPECT_TRUE(uncancelled.isOk()) << uncancelled.status().toString();
    const int64_t total = counter.polls->load();
    EXPECT_GE(total, minimumPolls) << "preparation polls per node and per kernel";
    for (int64_t n : sweep(total)) {
        CountingCancel c;
        c.fireAt = n;
        control.isCancelled = c.callable();
        auto r = Session::create(model, options, control);
        EXPECT_EQ(r.status().code(), StatusCode::Cancelled) << executionModeName(mode) << ", cancelled at poll " << n
                                                            << " of " << total << ": " << r.status().toString();
        EXPECT_EQ(c.polls->load(), n + 1) << "preparation went on polling after the cancel";
    }
    auto session = Session::create(model, options);
    EXPECT_TRUE(session.isOk()) << session.status().toString();
    return session ? std::move(*session) : nullptr;
}

TEST(PreparationCancel, ATokenFiredBeforehandStopsCreateAtOnce)
{
    IrModelBuilder b;
    b.input("x", DataType::Float, { 4 });
    b.node("Relu", { "x" }, { "y" });
    b.output("y");
    CancelToken token;
    token.requestCancel();
    RunControl control;
    control.cancel = &token;
    auto r = Session::create(b.build(), SessionOptions {}, control);
    EXPECT_EQ(r.status().code(), StatusCode::Cancelled) << r.status().toString();
}

TEST(PreparationCancel, RealModelLoadAndCreateStopAtEveryStageAndSucceedAfterwards)
{
    const auto path = sharedModel("mobilenet_v2_fp32");
    QS_REQUIRE_SHARED(path);
    const int64_t loadPolls
        = expectLoadCancelsEverywhere([&](const LoadOptions& o) { return loadModel(path, o); }, 100);
    EXPECT_GT(loadPolls, 100);
    auto model = loadModel(path);
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    auto input = loadTensorFile(path.parent_path() / "test_data_set_0" / "input_0.pb");
    auto expected = loadTensorFile(path.parent_path() / "test_data_set_0" / "output_0.pb");
    ASSERT_TRUE(input.isOk() && expected.isOk());
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        std::unique_ptr<Session> session = expectCreateCancelsEverywhere(*model, mode, 100);
        ASSERT_TRUE(session);
        std::vector<HostTensor> inputs;
        inputs.push_back(std::move(HostTensor::fromTensor(*input)).value());
        auto out = session->run(inputs);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        const HostTensor want = std::move(HostTensor::fromTensor(*expected)).value();
        EXPECT_TRUE(allClose((*out)[0].data<float>(), want.data<float>(), 1e-3f, 1e-3f)) << executionModeName(mode);
    }
}

// 1800 nodes: y = relu(...relu(relu(x * a0 + b0) * a1 + b1)...), with every a_i and b_i an initializer, written to
// bytes by the engine's writer and loaded back.
TEST(PreparationCancel, GeneratedBigModelLoadAndCreateStopAtEveryStageAndSucceedAfterwards)
{
    constexpr int kLayers = 600;
    constexpr int64_t kWidth = 8;
    IrModelBuilder b(17);
    b.input("x", DataType::Float, { 1, kWidth });
    std::vector<float> scale(kLayers), shift(kLayers);
    std::string h = "x";
    for (int i = 0; i < kLayers; ++i) {
        scale[size_t(i)] = 1.0f + float(i % 7) / 1024.0f;
        shift[size_t(i)] = float(i % 5 - 2) / 64.0f;
        const std::string id = std::to_string(i);
        b.constant("a" + id, HostTensor::fromVector<float>(DataType::Float, { 1 }, { scale[size_t(i)] }));
        b.constant("b" + id, HostTensor::fromVector<float>(DataType::Float, { 1 }, { shift[size_t(i)] }));
        b.node("Mul", { h, "a" + id }, { "m" + id });
        b.node("Add", { "m" + id, "b" + id }, { "s" + id });
        b.node("Relu", { "s" + id }, { "r" + id });
        h = "r" + id;
    }
    b.output(h);
    // ONNX's checker, which the writer runs, wants the graph output typed.
    auto typed = std::make_shared<Model>(*b.build());
    Value& y = typed->mutableGraph().mutableValue(typed->graph().outputs()[0]);
    y.type = TensorType { DataType::Float, true, { Dim::known(1), Dim::known(kWidth) } };
    const std::shared_ptr<const Model> built = typed;
    auto bytes = serializeModel(*built);
    ASSERT_TRUE(bytes.isOk()) << bytes.status().toString();
    // The writer polls per initializer and node; cancelled, it returns no bytes; uncancelled, the same bytes.
    CountingCancel counter;
    auto again = serializeModel(*built, counter.callable());
    ASSERT_TRUE(again.isOk()) << again.status().toString();
    EXPECT_EQ(*again, *bytes);
    const int64_t writerPolls = counter.polls->load();
    EXPECT_GE(writerPolls, 5 * kLayers);
    for (int64_t n : sweep(writerPolls)) {
        CountingCancel c;
        c.fireAt = n;
        auto r = serializeModel(*built, c.callable());
        EXPECT_EQ(r.status().code(), StatusCode::Cancelled)
            << "cancelled at poll " << n << ": " << r.status().toString();
        EXPECT_EQ(c.polls->load(), n + 1);
    }

    expectLoadCancelsEverywhere(
        [&](const LoadOptions& o) { return loadModelFromBytes(*bytes, "big.onnx", {}, o); }, 3 * kLayers);
    auto model = loadModelFromBytes(*bytes, "big.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();

    std::vector<float> x(kWidth);
    for (int64_t i = 0; i < kWidth; ++i)
        x[size_t(i)] = float(i - 3) * 0.5f;
    std::vector<float> want(kWidth);
    for (int64_t j = 0; j < kWidth; ++j) {
        double v = x[size_t(j)];
        for (int i = 0; i < kLayers; ++i)
            v = std::max(0.0, v * double(scale[size_t(i)]) + double(shift[size_t(i)]));
        want[size_t(j)] = float(v);
    }
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        std::unique_ptr<Session> session = expectCreateCancelsEverywhere(*model, mode, 3 * kLayers);
        ASSERT_TRUE(session);
        std::vector<HostTensor> inputs;
        inputs.push_back(HostTensor::fromVector<float>(DataType::Float, { 1, kWidth }, x));
        auto out = session->run(inputs);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        EXPECT_TRUE(allClose((*out)[0].data<float>(), want, 1e-4f, 1e-3f)) << executionModeName(mode);
    }
}

} // namespace
