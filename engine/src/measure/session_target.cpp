// SPDX-License-Identifier: MIT
// The BenchmarkTarget over Session: prepare() creates the session, runOnce() runs it on inputs generated once.
#include <quantscope/engine/profile_collector.h>
#include <quantscope/engine/session.h>
#include <quantscope/engine/session_target.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <random>
#include <thread>

namespace qs {

namespace {

// Forwards the executor's steps to the profile collector; installed only when profiling.
class StepObserver final : public OpObserver
{
public:
    explicit StepObserver(ProfileCollector& collector)
        : m_collector(collector)
    { }

    void stepStarted(const StepInfo& step) override { m_collector.beginNode(step.anchor); }
    void stepFinished(const StepInfo& step) override
    {
        m_collector.endNode(step.anchor);
        m_collector.setImplementation(step.anchor, step.implementation, step.activationReorders);
    }

private:
    ProfileCollector& m_collector;
};

class SessionTarget final : public BenchmarkTarget
{
public:
    SessionTarget(std::shared_ptr<const Model> model, const ScenarioSpec& spec,
        std::map<std::string, std::vector<int64_t>> inputShapes)
        : m_model(std::move(model))
        , m_spec(spec)
        , m_inputShapes(std::move(inputShapes))
    { }

    Status prepare(const BenchmarkControl& control) override
    {
        SessionOptions options;
        // "auto" = every logical processor; the executor treats <= 0 as 1.
        options.threads
            = m_spec.threads > 0 ? m_spec.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        options.mode = m_spec.mode;
        options.inputShapes = m_inputShapes;
        std::vector<UnsupportedNode> unsupported;
        RunControl rc; // the benchmark's cancel check reaches the preparation of a big model
        rc.isCancelled = control.isCancelled;
        auto session = Session::create(m_model, options, rc, &unsupported);
        if (!session) {
            if (session.status().isCancelled())
                return session.status();
            for (const UnsupportedNode& u : unsupported)
                m_unsupported.push_back(u.description);
            return unsupported.empty() ? withGivenShapes(session.status()) : session.status();
        }
        m_session = std::move(*session);
        m_inputs = makeBenchmarkInputs(m_session->inputs());
        if (m_spec.profile)
            m_collector = std::make_unique<ProfileCollector>(m_model->graph().nodes().size());
        return {};
    }

    Status runOnce(const BenchmarkControl& control) override
    {
        // The benchmark's cancel check goes to the executor as it is: polled before every step, inside Loop/Scan
        // bodies and between the blocks of long kernels.
        RunControl rc;
        rc.isCancelled = control.isCancelled;
        std::optional<StepObserver> observer;
        if (m_collector) {
            observer.emplace(*m_collector);
            rc.observer = &*observer;
            m_collector->beginRun();
        }
        auto outputs = m_session->run(m_inputs, rc);
        if (!outputs)
            return outputs.status().isCancelled() ? outputs.status() : withGivenShapes(outputs.status());
        if (m_collector)
            m_collector->endRun();
        return {};
    }

    std::optional<int64_t> arenaBytes() const override
    {
        return m_session ? std::optional<int64_t>(m_session->peakArenaBytes()) : std::nullopt;
    }
    void beginMeasurement() override
    {
        if (m_collector)
            m_collector->reset();
    }
    std::optional<ProfileReport> profile() const override
    {
        if (!m_collector)
            return std::nullopt;
        return m_collector->report(*m_model);
    }
    std::vector<std::string> unsupportedOperators() const override { return m_unsupported; }

private:
    // A failure with input shapes the user gave may be caused by them (a free dimension bound to a size the graph
    // cannot take): the message says which shapes were used, so the user looks at them and not only at the model.
    Status withGivenShapes(const Status& status) const
    {
        if (m_inputShapes.empty() || status.isOk())
            return status;
        std::vector<std::string> given;
        for (const auto& [name, dims] : m_inputShapes)
            given.push_back(fmt::format("{}={}", name, fmt::join(dims, "x")));
        return Status(status.code(),
            fmt::format("{} (with the input shapes given: {}; they may not fit this model)", status.message(),
                fmt::join(given, " ")));
    }

    std::shared_ptr<const Model> m_model;
    ScenarioSpec m_spec;
    std::map<std::string, std::vector<int64_t>> m_inputShapes;
    std::unique_ptr<Session> m_session;
    std::vector<HostTensor> m_inputs;
    std::unique_ptr<ProfileCollector> m_collector;
    std::vector<std::string> m_unsupported;
};

} // namespace

Result<std::vector<IoInfo>> benchmarkInputInfo(
    const Model& model, const std::map<std::string, std::vector<int64_t>>& inputShapes)
{
    const Graph& g = model.graph();
    const std::string file = model.path.empty() ? std::string("model") : model.path.string();
    std::vector<IoInfo> out;
    for (ValueId id : g.inputs()) {
        const Value& v = g.value(id);
        if (v.isConstant())
            continue;
        IoInfo io;
        io.name = v.name;
        io.type = v.type.elementType;
        if (auto it = inputShapes.find(v.name); it != inputShapes.end())
            io.dims = it->second;
        else if (auto dims = v.type.knownDims())
            io.dims = *dims;
        else
            return Status(StatusCode::InvalidArgument,
                fmt::format("{}: input '{}' has free or unknown dimensions ({}); give a concrete shape", file, v.name,
                    v.type.toString()));
        if (dataTypeSize(io.type) == 0)
            return Status(StatusCode::Unsupported,
                fmt::format("{}: input '{}' has element type {}", file, v.name, dataTypeName(io.type)));
        out.push_back(std::move(io));
    }
    return out;
}

std::vector<HostTensor> makeBenchmarkInputs(std::span<const IoInfo> inputs)
{
    // Seeded uniform [0, 1) like the reference inputs in ../shared; integer inputs stay zero. One generator across
    // the inputs in order, so the n-th input's data depends only on the shapes before it.
    std::mt19937 rng(0);
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    std::vector<HostTensor> out;
    for (const IoInfo& io : inputs) {
        HostTensor t(io.type, io.dims);
        if (io.type == DataType::Float)
            for (float& x : t.data<float>())
                x = uniform(rng);
        out.push_back(std::move(t));
    }
    return out;
}

Result<std::unique_ptr<BenchmarkTarget>> createSessionTarget(const std::shared_ptr<const Model>& model,
    const ScenarioSpec& spec, const std::map<std::string, std::vector<int64_t>>& inputShapes)
{
    if (!model)
        return Status(StatusCode::InvalidArgument, "benchmark: no model");
    return std::unique_ptr<BenchmarkTarget>(std::make_unique<SessionTarget>(model, spec, inputShapes));
}

} // namespace qs
