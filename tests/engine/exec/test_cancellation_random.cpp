// SPDX-License-Identifier: MIT
// Cancellation at pseudo-random points of a real model's work (issue 19: "cancellation at random points of ...
// calibration, benchmark ... repeated 200 times under ASan with no leak, crash or stuck thread").
//
// The model is resources/demo/demo_fp32.onnx (7 convolutions, SiLU as Sigmoid+Mul, Concat, MaxPool: fused and
// blocked in Optimized mode), plus, for Session::run, a small hand-made Loop + Scan model whose polls are mostly
// inside the bodies (the demo's run polls only before each step: 21 points as written, 9 optimized). A cancel callable
// counts its polls and answers "cancelled" from its k-th poll on, k drawn with a fixed seed from the polls an
// uncancelled call makes (measured first), so every point the engine polls at is reachable and a failure replays.
// 200 cancelled calls (120 runs, 80 benchmarks) and 30 cancelled quantizations; under a second in a Release build.
// What the tests prove, per cancelled call:
//   - Session::run returns StatusCode::Cancelled at exactly the k-th poll (the first "yes" stops it), and the same
//     Session then runs to the bit-identical outputs of an uncancelled run (no state left half-written that counts);
//   - runBenchmark (the routine the CLI's plan runs per scenario, over createSessionTarget) returns Cancelled when
//     the poll fell in preparation or the first run, and otherwise the partial result it documents (partial = true,
//     fewer samples than planned); a target that was prepared still runs afterwards (its outputs are not visible
//     through BenchmarkTarget, so they are not compared);
//   - calibration (quantizeModel, QDQ, percentile: two passes) returns Cancelled, and an uncancelled quantization
//     afterwards writes the byte-identical model.
// Session preparation (Session::create) has no cancel check of its own: the benchmark polls just before and just
// after it, so those are the only preparation points covered. Calibration takes a CancelToken, not a callable; the
// test fires it from the progress sink after a random calibration run, so its points are the sample boundaries
// (inside a run the same token is polled by the executor, which the Session::run cases cover).
// Leaks, memory errors and races are for the ASan+UBSan and ThreadSanitizer builds, which run this binary; the
// Release run proves only the statuses and the outputs. Everything runs on one thread (threads = 1), so the polls
// come in a fixed order.
#include "../kernels/kernel_test_util.h"
#include "support/subgraph_builder.h"

#include <quantscope/engine/benchmark.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/model_writer.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/quantize.h>
#include <quantscope/engine/run_control.h>
#include <quantscope/engine/session.h>
#include <quantscope/engine/session_target.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <vector>

namespace {

using namespace qs;
using namespace qs::test;

constexpr uint32_t kSeed = 19; // the number: any fixed value replays the same points
// 200 cancelled calls in total: runs take a millisecond or less, each benchmark prepares a session.
constexpr int kRunCancels = 30; // per model and mode
constexpr int kBenchmarkCancels = 40; // per mode
constexpr int kCalibrationCancels = 30;

std::shared_ptr<const Model> demoModel()
{
    static const std::shared_ptr<const Model> model = [] {
        auto loaded = loadModel(QS_DEMO_DIR "/demo_fp32.onnx");
        EXPECT_TRUE(loaded) << loaded.status().toString();
        return loaded ? *loaded : nullptr;
    }();
    return model;
}

/// The demo has no control flow, so its run polls only between steps. This model puts most of its polls inside
/// bodies: Loop(25) over acc' = Tanh(acc x W) with the iterates as a scan output (run-time tail), then a Scan over
/// those iterates summing them: 2 + 25 x 4 + 25 x 2 polls or so, where a cancel leaves a body's arena half-written.
std::shared_ptr<const Model> controlFlowModel()
{
    SubgraphBuilder loopBody("loop_body");
    loopBody.input("i", DataType::Int64, {});
    loopBody.input("c", DataType::Bool, {});
    loopBody.input("acc", DataType::Float, { 1, 8 });
    loopBody.outerScope("W");
    loopBody.node("Identity", { "c" }, { "c2" });
    loopBody.node("MatMul", { "acc", "W" }, { "m" });
    loopBody.node("Tanh", { "m" }, { "acc2" });
    loopBody.node("Identity", { "acc2" }, { "iterate" });
    loopBody.output("c2");
    loopBody.output("acc2");
    loopBody.output("iterate");

    SubgraphBuilder scanBody("scan_body");
    scanBody.input("sum", DataType::Float, { 1, 8 });
    scanBody.input("x", DataType::Float, { 1, 8 });
    scanBody.node("Add", { "sum", "x" }, { "sum2" });
    scanBody.output("sum2");

    IrModelBuilder b(17);
    b.constant("M", HostTensor::fromVector(DataType::Int64, {}, std::vector<int64_t> { 25 }));
    b.constant("W", randomTensor({ 8, 8 }, 19));
    b.input("x", DataType::Float, { 1, 8 });
    b.node("Loop", { "M", "", "x" }, { "final", "iterates" }, { loopBody.attr("body") }, "iterate");
    b.node("Scan", { "final", "iterates" }, { "sum" }, { scanBody.attr("body"), intAttr("num_scan_inputs", 1) },
        "accumulate");
    b.output("sum");
    return b.build();
}

/// A cancel callable that says "cancelled" from its `cancelAt`-th poll on and counts every poll. Copies share the
/// counter (RunControl and BenchmarkControl hold a std::function).
struct PollCounter
{
    int64_t cancelAt = std::numeric_limits<int64_t>::max();
    int64_t polls = 0;

    std::function<bool()> callable()
    {
        return [this] { return ++polls >= cancelAt; };
    }
};

bool bitIdentical(const std::vector<HostTensor>& a, const std::vector<HostTensor>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].dataType() != b[i].dataType() || a[i].dims() != b[i].dims()
            || std::memcmp(a[i].rawData(), b[i].rawData(), a[i].byteSize()) != 0)
            return false;
    return true;
}

struct RunCase
{
    bool controlFlow; ///< controlFlowModel(), else the demo
    ExecutionMode mode;
};

class RandomRunCancellation : public ::testing::TestWithParam<RunCase>
{
};

TEST_P(RandomRunCancellation, StopsAtTheRandomPollAndTheSessionThenGivesTheSameOutputs)
{
    auto model = GetParam().controlFlow ? controlFlowModel() : demoModel();
    ASSERT_TRUE(model);
    SessionOptions options;
    options.mode = GetParam().mode;
    options.threads = 1; // one thread: the polls are made on it in a fixed order
    auto session = Session::create(model, options);
    ASSERT_TRUE(session) << session.status().toString();
    auto inputs = makeBenchmarkInputs((*session)->inputs());

    auto reference = (*session)->run(inputs);
    ASSERT_TRUE(reference) << reference.status().toString();
    PollCounter full;
    RunControl counting;
    counting.isCancelled = full.callable();
    auto counted = (*session)->run(inputs, counting);
    ASSERT_TRUE(counted) << counted.status().toString();
    ASSERT_TRUE(bitIdentical(*counted, *reference));
    // At least one poll per step (before it); the last step's kernel is the last work, so every poll is followed
    // by work a cancel must skip. The control-flow model polls inside its bodies as well.
    ASSERT_GE(full.polls, static_cast<int64_t>((*session)->steps().size()));
    if (GetParam().controlFlow)
        ASSERT_GT(full.polls, 25 * 3);

    std::mt19937 rng(kSeed + static_cast<uint32_t>(GetParam().mode) + (GetParam().controlFlow ? 10 : 0));
    std::uniform_int_distribution<int64_t> point(1, full.polls);
    for (int i = 0; i < kRunCancels; ++i) {
        PollCounter counter;
        counter.cancelAt = point(rng);
        RunControl control;
        control.isCancelled = counter.callable();
        auto out = (*session)->run(inputs, control);
        ASSERT_FALSE(out) << "cancel at poll " << counter.cancelAt << " of " << full.polls << " was not seen";
        ASSERT_EQ(out.status().code(), StatusCode::Cancelled) << out.status().toString();
        // The first "yes" stops the run: no poll after it, so nothing ran past the point.
        ASSERT_EQ(counter.polls, counter.cancelAt);

        auto again = (*session)->run(inputs);
        ASSERT_TRUE(again) << again.status().toString();
        ASSERT_TRUE(bitIdentical(*again, *reference))
            << "after a cancel at poll " << counter.cancelAt << " the " << executionModeName(GetParam().mode)
            << " session computes different outputs";
    }
}

INSTANTIATE_TEST_SUITE_P(Models, RandomRunCancellation,
    ::testing::Values(RunCase { false, ExecutionMode::AsWritten }, RunCase { false, ExecutionMode::Optimized },
        RunCase { true, ExecutionMode::AsWritten }, RunCase { true, ExecutionMode::Optimized }),
    [](const auto& info) {
        return std::string(info.param.controlFlow ? "ControlFlow" : "Demo")
            + (info.param.mode == ExecutionMode::AsWritten ? "AsWritten" : "Optimized");
    });

class RandomBenchmarkCancellation : public ::testing::TestWithParam<ExecutionMode>
{
};

TEST_P(RandomBenchmarkCancellation, StopsAtTheRandomPollWithCancelledOrAPartialResult)
{
    auto model = demoModel();
    ASSERT_TRUE(model);
    ScenarioSpec spec;
    spec.threads = 1;
    spec.mode = GetParam();
    BenchmarkConfig config;
    config.warmupRuns = 2; // the first run and one more
    config.runs = 3;

    // Polls of a whole benchmark, and how many of them were made when the first run had finished (the boundary
    // between "Cancelled" and a partial result).
    struct Phases
    {
        bool prepared = false;
        int64_t pollsBeforeWarmUp = -1; ///< polls made when the first run had finished
    };
    auto runOne = [&](PollCounter& counter, Phases& phases, std::unique_ptr<BenchmarkTarget>& target) {
        auto created = createSessionTarget(model, spec, {});
        EXPECT_TRUE(created) << created.status().toString();
        target = created ? std::move(*created) : nullptr;
        BenchmarkControl control;
        control.isCancelled = counter.callable();
        control.onProgress = [&](BenchmarkControl::Phase phase, int64_t done, int64_t) {
            if (phase == BenchmarkControl::Phase::Preparing && done == 1)
                phases.prepared = true;
            // Reported before the warm-up loop's first poll, after the first run.
            if (phase == BenchmarkControl::Phase::WarmingUp && phases.pollsBeforeWarmUp < 0)
                phases.pollsBeforeWarmUp = counter.polls;
        };
        return target ? runBenchmark(config, *target, control) : Result<BenchmarkResult>(created.status());
    };

    PollCounter full;
    Phases fullPhases;
    std::unique_ptr<BenchmarkTarget> target;
    auto whole = runOne(full, fullPhases, target);
    ASSERT_TRUE(whole) << whole.status().toString();
    ASSERT_FALSE(whole->partial) << whole->partialReason;
    ASSERT_EQ(whole->latenciesMs.size(), 3u);
    ASSERT_GT(fullPhases.pollsBeforeWarmUp, 2); // before and after preparation, then the first run's steps

    // The benchmark's cancel check reaches the executor as it is and is polled before every step of a run (the
    // target adds no token of its own), so a "yes" at a run's last poll stops it before its last step; after the last
    // measured run nothing is left to cancel, so the last poll of all is not drawn.
    std::mt19937 rng(kSeed + 100 + static_cast<uint32_t>(GetParam()));
    std::uniform_int_distribution<int64_t> point(1, full.polls - 1);
    for (int i = 0; i < kBenchmarkCancels; ++i) {
        PollCounter counter;
        counter.cancelAt = point(rng);
        Phases phases;
        auto result = runOne(counter, phases, target);
        ASSERT_TRUE(target);
        ASSERT_GE(counter.polls, counter.cancelAt);
        ASSERT_LE(counter.polls, counter.cancelAt + 1) << "the benchmark went on polling after it was cancelled";
        if (counter.cancelAt <= fullPhases.pollsBeforeWarmUp) {
            // Preparation or the first run (up to its last poll, before its last step): nothing was measured.
            ASSERT_FALSE(result) << "cancel at poll " << counter.cancelAt;
            ASSERT_EQ(result.status().code(), StatusCode::Cancelled) << result.status().toString();
        } else {
            // After the first run: the samples so far are kept and the result says it is partial.
            ASSERT_TRUE(result) << result.status().toString();
            EXPECT_TRUE(result->partial) << "cancel at poll " << counter.cancelAt;
            EXPECT_FALSE(result->partialReason.empty());
            EXPECT_LT(result->latenciesMs.size(), 3u);
        }
        // A cancelled benchmark leaves a prepared target runnable (its session's state is not broken).
        if (phases.prepared) {
            const Status st = target->runOnce({});
            ASSERT_TRUE(st) << st.toString();
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Modes, RandomBenchmarkCancellation,
    ::testing::Values(ExecutionMode::AsWritten, ExecutionMode::Optimized),
    [](const auto& info) { return std::string(info.param == ExecutionMode::AsWritten ? "AsWritten" : "Optimized"); });

/// Fires a token from the progress sink after the `fireAfter`-th calibration run.
class FireAfter final : public ProgressSink
{
public:
    FireAfter(CancelToken& token, int64_t fireAfter)
        : m_token(token)
        , m_fireAfter(fireAfter)
    { }
    void progress(int64_t done, int64_t total) override
    {
        m_total = total;
        if (done >= m_fireAfter)
            m_token.requestCancel();
    }
    int64_t total() const { return m_total; }

private:
    CancelToken& m_token;
    int64_t m_fireAfter;
    int64_t m_total = 0;
};

TEST(RandomCalibrationCancellation, StopsAfterARandomSampleAndAQuantizationAfterwardsWritesTheSameModel)
{
    auto model = demoModel();
    ASSERT_TRUE(model);
    auto samples = loadSamples(*model, "random:4");
    ASSERT_TRUE(samples) << samples.status().toString();
    QuantizeOptions options;
    options.format = QuantFormat::Qdq;
    options.calibration = CalibrationMethod::Percentile; // two passes over the samples: 8 calibration runs

    auto reference = quantizeModel(model, options, *samples);
    ASSERT_TRUE(reference) << reference.status().toString();
    auto referenceBytes = serializeModel(**reference);
    ASSERT_TRUE(referenceBytes) << referenceBytes.status().toString();

    CancelToken never;
    FireAfter counting(never, std::numeric_limits<int64_t>::max());
    options.progress = &counting;
    ASSERT_TRUE(quantizeModel(model, options, *samples));
    const int64_t runs = counting.total();
    ASSERT_EQ(runs, 8);

    std::mt19937 rng(kSeed + 200);
    // After run k of 1..runs-1: the check before the next sample sees it. After the last run nothing polls again;
    // calibration is done and the quantization is complete, which is not a cancel the test can expect.
    std::uniform_int_distribution<int64_t> point(1, runs - 1);
    for (int i = 0; i < kCalibrationCancels; ++i) {
        CancelToken token;
        const int64_t after = point(rng);
        FireAfter fire(token, after);
        QuantizeOptions cancelled = options;
        cancelled.cancel = &token;
        cancelled.progress = &fire;
        auto q = quantizeModel(model, cancelled, *samples);
        ASSERT_FALSE(q) << "cancel after calibration run " << after << " of " << runs << " was not seen";
        ASSERT_EQ(q.status().code(), StatusCode::Cancelled) << q.status().toString();

        QuantizeOptions plain = options;
        plain.progress = nullptr;
        auto again = quantizeModel(model, plain, *samples);
        ASSERT_TRUE(again) << again.status().toString();
        auto bytes = serializeModel(**again);
        ASSERT_TRUE(bytes) << bytes.status().toString();
        ASSERT_TRUE(*bytes == *referenceBytes)
            << "after a cancel following run " << after << " the quantized model differs";
    }
}

} // namespace
