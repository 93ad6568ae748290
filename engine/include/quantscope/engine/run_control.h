// SPDX-License-Identifier: MIT
// RunControl: what a caller hands to Session::run besides the inputs — a cancel token, a progress sink and a
// per-step observer. All three are optional; when absent the executor pays one null check per step, nothing else.
//
//   qs::CancelToken cancel;                // shared with the GUI thread, which calls cancel.requestCancel()
//   qs::RunControl control { &cancel, &progressAdapter, &profiler };
//   auto outputs = session->run(inputs, control);   // StatusCode::Cancelled if the token fired
#pragma once

#include <quantscope/engine/graph.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

namespace qs {

/// Set from any thread; polled by the executor between steps, at every iteration of Loop/Scan bodies and between the
/// blocks of long engine-owned kernels (a single oneDNN primitive runs to its end). Reusable after reset().
class CancelToken
{
public:
    void requestCancel() noexcept { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const noexcept { return m_cancelled.load(std::memory_order_relaxed); }
    void reset() noexcept { m_cancelled.store(false, std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled { false };
};

/// Called on the thread that runs the session after each step: `done` of `total` steps. Throttling for a GUI is the
/// sink's business (emit only when the permille changes).
class ProgressSink
{
public:
    virtual ~ProgressSink() = default;
    virtual void progress(int64_t done, int64_t total) = 0;
};

/// One executed kernel ("step") of a prepared session. In AsWritten mode a step covers exactly one authored node; in
/// Optimized mode a fused step (Conv+BatchNormalization+Sigmoid+Mul) covers several: `nodes` lists every authored
/// NodeId of the main graph whose work it does, `anchor` first. Folded constants run no step at all.
struct StepInfo
{
    int32_t index = 0; ///< position in the session's execution order
    NodeId anchor = kNoNode; ///< the authored node the step is named after (the Conv of a Conv+Relu)
    std::span<const NodeId> nodes; ///< all authored nodes covered, anchor first
    std::string_view opType; ///< "Conv" or, for fused steps, "Conv+Sigmoid+Mul"
    std::string_view implementation; ///< "onednn:jit:avx2", "onednn:gemm:jit", "cpu", ...
    /// Passes per call that copy an activation into another layout (a source reordered for oneDNN, an NCHW source
    /// copied to NHWC...): the layout churn the profile counts.
    int32_t activationReorders = 0;
};

/// Per-step hooks for the profiler. Called on the running thread, synchronously, around each step's kernel; the time
/// an observer spends is not part of the step (it runs outside), but it does add to the run's wall time.
class OpObserver
{
public:
    virtual ~OpObserver() = default;
    virtual void runStarted(int32_t stepCount) { }
    virtual void stepStarted(const StepInfo& step) { }
    virtual void stepFinished(const StepInfo& step) { }
    virtual void runFinished() { }
};

/// Non-owning; every pointer may be null. The pointees must outlive the run() call.
struct RunControl
{
    const CancelToken* cancel = nullptr;
    ProgressSink* progress = nullptr;
    OpObserver* observer = nullptr;
    /// A second cancel check for callers whose flag is not a CancelToken (the benchmark's callable, a signal flag).
    /// Must be cheap and thread-safe: it is polled with `cancel`.
    std::function<bool()> isCancelled;

    bool cancelled() const { return (cancel && cancel->isCancelled()) || (isCancelled && isCancelled()); }
};

} // namespace qs
