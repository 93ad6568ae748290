// SPDX-License-Identifier: MIT
// The engine's side of the runtime adapter protocol (resources/adapters/PROTOCOL.md): starts an adapter process
// (onnxruntime-node, Python's onnxruntime) and drives it with one JSON line per request. ONNX Runtime is never
// linked into Quantscope; it runs in that child process, and killing the child is how a cancel reaches it.
//
//   auto adapter = qs::RuntimeAdapter::start(spec);          // spec from discoverRuntimeAdapters()
//   auto hello = (*adapter)->hello();                          // version, providers
//   auto info = (*adapter)->load({ .model = "m.onnx", .graphOptimizationLevel = "all" });
//   (*adapter)->setInputs(names, tensors);
//   auto run = (*adapter)->run(true);                          // run->ms, run->outputs
#pragma once

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace qs {

/// How to start one adapter process.
struct RuntimeAdapterSpec
{
    std::string adapter; ///< "node" or "python"
    std::vector<std::string> command; ///< e.g. {"node", ".../ort_adapter.js"}
    std::map<std::string, std::string> environment; ///< added to the inherited one (QS_ORT_NODE_MODULE, PYTHONPATH)
};

struct AdapterHello
{
    int protocol = 0;
    std::string runtime; ///< "onnxruntime"
    std::string runtimeVersion; ///< "1.30.0"
    std::string adapter; ///< "node", "python"
    std::string host; ///< "node v18.19.0"
    std::vector<std::string> providers; ///< execution providers the runtime build has, as it names them
};

struct AdapterIo
{
    std::string name;
    std::string type; ///< "float32", "uint8", ... (ONNX Runtime's JavaScript names)
    std::vector<std::optional<int64_t>> shape; ///< nullopt: a free dimension
};

struct AdapterLoadOptions
{
    std::string model;
    int intraOpThreads = 1;
    int interOpThreads = 1;
    std::string graphOptimizationLevel = "all"; ///< "disabled", "basic", "extended", "all"
    bool profile = false;
    std::string profileDir; ///< where the runtime writes its profile
};

/// What the runtime's session was created with (reported with every scenario it measured).
struct AdapterSessionInfo
{
    std::vector<AdapterIo> inputs, outputs;
    int intraOpThreads = 0;
    int interOpThreads = 0;
    std::string graphOptimizationLevel;
    std::vector<std::string> executionProviders;
    bool profile = false;
    double loadMs = 0;
};

struct AdapterRunResult
{
    double ms = 0; ///< the runtime's run call, timed inside the adapter
    std::optional<int64_t> peakRssBytes; ///< of the adapter process
    std::vector<std::string> outputNames;
    std::vector<HostTensor> outputs; ///< when asked for
};

/// The protocol's element type name of a DataType ("float32"), empty when it has none.
std::string_view adapterTypeName(DataType type) noexcept;

class RuntimeAdapter
{
public:
    /// Starts the process. It is only known to work after hello() answered.
    static Result<std::unique_ptr<RuntimeAdapter>> start(const RuntimeAdapterSpec& spec);
    ~RuntimeAdapter();

    /// Polled while waiting for any answer; when it turns true the process is killed and the request returns
    /// StatusCode::Cancelled. Later requests fail.
    void setCancelCheck(std::function<bool()> isCancelled) { m_isCancelled = std::move(isCancelled); }

    Result<AdapterHello> hello();
    Result<AdapterSessionInfo> load(const AdapterLoadOptions& options);
    Status setInputs(std::span<const std::string> names, std::span<const HostTensor> tensors);
    Result<AdapterRunResult> run(bool returnOutputs);
    /// Ends profiling; returns the path of the Chrome-trace JSON the runtime wrote.
    Result<std::string> endProfiling();
    /// Asks the adapter to exit, then makes sure it did.
    void quit();
    /// Kills the process now (cancellation).
    void kill();

    const RuntimeAdapterSpec& spec() const noexcept { return m_spec; }

private:
    RuntimeAdapter() = default;
    struct Process;
    /// Sends {"op": op, "id": n, ...fields} (fields: a JSON object's text) and returns the answer's JSON text,
    /// or the adapter's error.
    Result<std::string> request(const std::string& op, const std::string& fieldsJson);

    RuntimeAdapterSpec m_spec;
    std::unique_ptr<Process> m_process;
    std::function<bool()> m_isCancelled;
    int64_t m_nextId = 1;
};

} // namespace qs
