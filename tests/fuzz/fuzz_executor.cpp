// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes as an ONNX model, loaded, prepared as written and optimized, and run twice with
// deterministic inputs. It reaches what the loader fuzzer cannot: sizes and trip counts decided at run time
// (ConstantOfShape, Expand, Tile, Range, Resize, Pad, a Loop's trip count, NonZero's extents), constant folding at
// preparation, the planner's rewrites and the kernels. Every input is bounded in memory (a small tensor byte limit)
// and in time (a deadline through the engine's own cancel check, at preparation and at run time), so an input that
// asks for too much must end with a Status (OutOfMemory, Cancelled, ...); a crash, a hang past libFuzzer's -timeout,
// a leak or a sanitizer report is a bug in the engine. A second run of the same session must reproduce the first
// run's outputs bit for bit: the executor is deterministic, so a difference is a read of stale or uninitialized
// memory. QS_FUZZ_EXECUTOR_VERBOSE=1 prints what each stage returned (to see how far a seed or a finding gets).
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/resource_limits.h>
#include <quantscope/engine/session.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace {

// Small enough that a few tensors of this size stay far below libFuzzer's -rss_limit_mb under ASan, and that
// kernels whose work grows faster than their tensors (Conv, MatMul, Einsum) finish within the deadline.
constexpr int64_t kTensorByteLimit = int64_t(1) << 20;
// Per preparation and per run; libFuzzer's -timeout (10 s in the ctest) catches only what ignores the deadline.
constexpr std::chrono::milliseconds kDeadline { 1500 };
// Free input dimensions are bound to this extent.
constexpr int64_t kFreeDim = 2;

void say(qs::ExecutionMode mode, const char* stage, const qs::Status& status)
{
    static const bool verbose = std::getenv("QS_FUZZ_EXECUTOR_VERBOSE") != nullptr;
    if (verbose)
        std::fprintf(stderr, "%s %s: %s\n", std::string(qs::executionModeName(mode)).c_str(), stage,
            status.isOk() ? "ok" : status.toString().c_str());
}

/// Integers 1, 2, 3, 1, ... make shape, repeat and count inputs meaningful (a zero or negative one would end most
/// runs at the first size check); floats -1.5, -0.75, 0, 0.75, 1.5, ... include zero and negatives.
void fill(qs::HostTensor& t)
{
    const int64_t n = t.elementCount();
    auto integer = [](int64_t i) { return 1 + i % 3; };
    auto real = [](int64_t i) { return double(i % 5 - 2) * 0.75; };
    switch (t.dataType()) {
    case qs::DataType::Float:
        for (int64_t i = 0; i < n; ++i)
            t.data<float>()[size_t(i)] = float(real(i));
        break;
    case qs::DataType::Double:
        for (int64_t i = 0; i < n; ++i)
            t.data<double>()[size_t(i)] = real(i);
        break;
    case qs::DataType::Int64:
        for (int64_t i = 0; i < n; ++i)
            t.data<int64_t>()[size_t(i)] = integer(i);
        break;
    case qs::DataType::Int32:
        for (int64_t i = 0; i < n; ++i)
            t.data<int32_t>()[size_t(i)] = int32_t(integer(i));
        break;
    default: { // bool alternates; the other types get the small integers in each byte
        const size_t bytes = t.byteSize();
        auto* p = static_cast<uint8_t*>(t.rawData());
        for (size_t i = 0; i < bytes; ++i)
            p[i] = t.dataType() == qs::DataType::Bool ? uint8_t(i % 2) : uint8_t(integer(int64_t(i)));
    }
    }
}

void prepareAndRun(const std::shared_ptr<const qs::Model>& model, qs::ExecutionMode mode)
{
    qs::SessionOptions options;
    options.mode = mode;
    for (qs::ValueId id : model->graph().inputs()) {
        const qs::Value& v = model->graph().value(id);
        if (v.isConstant() || !v.type.hasShape)
            continue;
        std::vector<int64_t> dims;
        for (const qs::Dim& d : v.type.dims)
            dims.push_back(d.isKnown() ? d.value : kFreeDim);
        options.inputShapes[v.name] = dims;
    }
    using Clock = std::chrono::steady_clock;
    Clock::time_point deadline = Clock::now() + kDeadline;
    qs::RunControl control;
    control.isCancelled = [&deadline] { return Clock::now() > deadline; };

    auto session = qs::Session::create(model, options, control);
    say(mode, "create", session.status());
    if (!session) {
        if (session.status().message().empty())
            __builtin_trap(); // every failure must say what went wrong
        return;
    }
    std::vector<qs::HostTensor> inputs;
    for (const qs::IoInfo& io : (*session)->inputs()) {
        if (qs::dataTypeSize(io.type) == 0 || !qs::checkTensorAllocation(io.type, io.dims, io.name))
            return; // strings, or an input beyond the limit: not the executor's concern
        inputs.emplace_back(io.type, io.dims);
        fill(inputs.back());
    }
    deadline = Clock::now() + kDeadline;
    auto first = (*session)->run(inputs, control);
    say(mode, "run", first.status());
    if (!first) {
        if (first.status().message().empty())
            __builtin_trap();
        return;
    }
    deadline = Clock::now() + kDeadline;
    auto second = (*session)->run(inputs, control);
    say(mode, "second run", second.status());
    if (!second) {
        // What succeeded once may fail the second time only by running out of time or memory.
        if (!second.status().isCancelled() && second.status().code() != qs::StatusCode::OutOfMemory)
            __builtin_trap();
        return;
    }
    if (first->size() != second->size())
        __builtin_trap();
    for (size_t i = 0; i < first->size(); ++i) {
        const qs::HostTensor& a = (*first)[i];
        const qs::HostTensor& b = (*second)[i];
        if (a.dataType() != b.dataType() || a.dims() != b.dims() || a.byteSize() != b.byteSize()
            || (a.byteSize() && std::memcmp(a.rawData(), b.rawData(), a.byteSize()) != 0))
            __builtin_trap(); // the second run of the same session on the same inputs differs from the first
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    qs::setTensorByteLimit(kTensorByteLimit);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    auto model = qs::loadModelFromBytes(bytes, "fuzz.onnx");
    if (!model) {
        say(qs::ExecutionMode::AsWritten, "load", model.status());
        return 0; // the loader fuzzer's business
    }
    prepareAndRun(*model, qs::ExecutionMode::AsWritten);
    prepareAndRun(*model, qs::ExecutionMode::Optimized);
    return 0;
}
