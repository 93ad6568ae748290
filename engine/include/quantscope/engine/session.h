// SPDX-License-Identifier: MIT
// Session: a model prepared once for concrete input shapes, then run many times.
//
//   auto model = qs::loadModel("resnet18.onnx");
//   qs::SessionOptions options;
//   options.threads = 1;                                   // "controlled" measurement
//   options.mode = qs::ExecutionMode::Optimized;
//   options.inputShapes["input"] = { 1, 3, 224, 224 };    // binds free dimensions; optional when all are fixed
//   auto session = qs::Session::create(*model, options);   // shape propagation, kernel choice, memory plan
//   std::vector<qs::HostTensor> in;
//   in.push_back(qs::HostTensor(qs::DataType::Float, { 1, 3, 224, 224 }));
//   auto outputs = (*session)->run(in, {});                // Result<std::vector<HostTensor>>, graph output order
//
// Preparation fails with StatusCode::Unsupported naming ALL nodes whose operator (domain, type, opset, element
// types) the engine cannot run, before anything runs; `unsupported` receives them as a list too.
#pragma once

#include <quantscope/engine/execution_mode.h>
#include <quantscope/engine/graph.h>
#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/int8_kernel_options.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/run_control.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace qs {

struct SessionOptions
{
    /// Intra-op threads for oneDNN and the engine's own kernels (one OpenMP setting governs both). 1 = "controlled".
    int threads = 1;
    ExecutionMode mode = ExecutionMode::Optimized;
    /// Concrete shapes for graph inputs, by name. Required for inputs with free or unknown dimensions.
    std::map<std::string, std::vector<int64_t>> inputShapes;
    /// Inputs whose values are fixed at preparation, by name (e.g. a shape tensor fed as an input): they become
    /// constants, which lets shapes that depend on them be inferred, and are not listed in Session::inputs().
    std::map<std::string, Tensor> constantInputs;
    /// The int8 kernels' switches (int8_kernel_options.h); the defaults are the engine's rules.
    Int8KernelOptions int8;
};

/// A node the engine cannot run, as reported by preparation.
struct UnsupportedNode
{
    NodeId node = kNoNode;
    std::string description; ///< node.describe(): "'conv_3' (Conv)"
    std::string qualifiedOpType; ///< "Conv", "com.microsoft.QGemm"
    int64_t opsetVersion = 0;
    std::string reason; ///< "no kernel for this operator", "opset 22 not supported (1..21)", "input 0 is int8"
};

/// One operator the engine implements (for `quantscope-cli ops`).
struct SupportedOp
{
    std::string domain; ///< "" for ai.onnx
    std::string opType;
    int64_t sinceVersion = 1;
    int64_t untilVersion = 0; ///< inclusive; 0 = open-ended (the latest opset)
    std::string implementation; ///< "onednn", "cpu"
    std::string notes; ///< element types or limits
};
std::vector<SupportedOp> supportedOps();

/// Static description of a graph input or output of a prepared session. An output whose extents depend on the data
/// (downstream of NonZero, NonMaxSuppression, a Loop's scan outputs...) has -1 for each extent known only at run time,
/// no dims at all when even its rank is, and possibly an Undefined type when the model declares none; the tensors
/// run() returns always have their actual type and shape.
struct IoInfo
{
    std::string name;
    DataType type = DataType::Undefined;
    std::vector<int64_t> dims;
};

class SessionPlan; // internal
struct PlanDescription; // plan_description.h

/// Not thread-safe: one run() at a time per session (the activation arena is reused between runs). Different
/// sessions may run concurrently, but they share the process' OpenMP threads.
class Session
{
public:
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    /// Prepares `model` (kept alive by the session). On failure with StatusCode::Unsupported, `unsupported` (if
    /// given) receives every offending node.
    static Result<std::unique_ptr<Session>> create(std::shared_ptr<const Model> model, const SessionOptions& options,
        std::vector<UnsupportedNode>* unsupported = nullptr);
    /// The same, cancellable: control's cancel token and callable are polled per node while shapes are propagated
    /// and constants folded (and inside folded If/Scan bodies), per rewrite pass and per kernel prepared; when one
    /// fires, create() returns StatusCode::Cancelled and frees everything it built. (A single kernel's preparation,
    /// such as a oneDNN primitive's creation, runs to its end.) Its progress sink and observer are not used.
    static Result<std::unique_ptr<Session>> create(std::shared_ptr<const Model> model, const SessionOptions& options,
        const RunControl& control, std::vector<UnsupportedNode>* unsupported = nullptr);

    /// Inputs in inputs() order, with exactly the prepared types and shapes. Returns outputs in outputs() order.
    /// Never aborts on memory: a tensor beyond tensorByteLimit() (resource_limits.h), or one the system refuses,
    /// fails the run with OutOfMemory naming the node and the size; create() bounds static shapes the same way.
    Result<std::vector<HostTensor>> run(std::span<const HostTensor> inputs, const RunControl& control = {});

    const std::vector<IoInfo>& inputs() const noexcept;
    const std::vector<IoInfo>& outputs() const noexcept;
    const SessionOptions& options() const noexcept;
    const Model& model() const noexcept;

    /// The execution order: one StepInfo per kernel, with the authored nodes each covers (stable for the session's
    /// lifetime; the spans point into the session).
    std::span<const StepInfo> steps() const noexcept;
    /// Bytes of the activation arena after liveness-based reuse (what the run needs besides weights and inputs).
    int64_t peakArenaBytes() const noexcept;
    /// Sum of all activation sizes without reuse, for comparison with peakArenaBytes().
    int64_t unsharedActivationBytes() const noexcept;
    /// Authored nodes folded into constants at preparation (they run no step in Optimized mode).
    const std::vector<NodeId>& foldedNodes() const noexcept;

private:
    friend PlanDescription describePlan(const Session& session);
    explicit Session(std::unique_ptr<SessionPlan> plan);
    Result<std::vector<HostTensor>> runGuarded(std::span<const HostTensor> inputs, const RunControl& control);
    std::unique_ptr<SessionPlan> m_plan;
};

} // namespace qs
