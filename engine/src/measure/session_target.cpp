// SPDX-License-Identifier: MIT
// The BenchmarkTarget over the executor's Session (issue 3):
// - prepare(): Session preparation for spec.threads (0 = all cores) and spec.mode with `inputShapes`; on failure the
//   list of unsupported nodes is kept for unsupportedOperators(); arenaBytes() from the memory plan.
// - runOnce(): Session::run on inputs generated once in prepare() (seeded uniform [0,1), like ../shared). The
//   caller's cancel predicate is polled after every step by an observer that trips the run's CancelToken, so the
//   executor stops between steps and returns its Cancelled status unchanged.
// - spec.profile: the observer forwards steps to a ProfileCollector; a fused step is reported under its anchor
//   (first authored node), as profile_collector.h documents.
#include <quantscope/engine/profile_collector.h>
#include <quantscope/engine/session.h>
#include <quantscope/engine/session_target.h>

#include <fmt/format.h>

#include <random>
#include <thread>

namespace qs {

namespace {

class SessionObserver final : public OpObserver
{
public:
    void stepStarted(const StepInfo& step) override
    {
        if (collector)
            collector->beginNode(step.anchor);
    }
    void stepFinished(const StepInfo& step) override
    {
        if (collector)
            collector->endNode(step.anchor);
        if (control && control->cancelled())
            token.requestCancel();
    }
    ProfileCollector* collector = nullptr;
    const BenchmarkControl* control = nullptr;
    CancelToken token;
};

class SessionTarget final : public BenchmarkTarget
{
public:
    SessionTarget(
        std::shared_ptr<const Model> model, ScenarioSpec spec, std::map<std::string, std::vector<int64_t>> shapes)
        : m_model(std::move(model))
        , m_spec(std::move(spec))
        , m_shapes(std::move(shapes))
    { }

    Status prepare(const BenchmarkControl& control) override
    {
        SessionOptions options;
        options.threads = m_spec.threads > 0 ? m_spec.threads : int(std::max(1u, std::thread::hardware_concurrency()));
        if (m_spec.mode == "as-written")
            options.mode = ExecutionMode::AsWritten;
        else if (m_spec.mode == "optimized")
            options.mode = ExecutionMode::Optimized;
        else
            return Status(StatusCode::InvalidArgument,
                fmt::format("unknown execution mode '{}' (as-written or optimized)", m_spec.mode));
        options.inputShapes = m_shapes;
        std::vector<UnsupportedNode> unsupported;
        auto session = Session::create(m_model, options, &unsupported);
        if (!session) {
            for (const UnsupportedNode& u : unsupported)
                m_unsupported.push_back(u.description);
            return session.status();
        }
        m_session = std::move(session).value();
        std::mt19937 rng(0);
        std::uniform_real_distribution<float> dist(0.0f, 1.0f);
        for (const IoInfo& io : m_session->inputs()) {
            HostTensor t(io.type, io.dims);
            if (io.type == DataType::Float)
                for (float& v : t.data<float>())
                    v = dist(rng);
            m_inputs.push_back(std::move(t));
        }
        if (m_spec.profile)
            m_collector = std::make_unique<ProfileCollector>(m_model->graph().nodes().size());
        return Status::ok();
    }

    Status runOnce(const BenchmarkControl& control) override
    {
        if (!m_session)
            return Status(StatusCode::Internal, "runOnce before a successful prepare");
        SessionObserver observer;
        observer.collector = m_collector.get();
        observer.control = &control;
        if (m_collector)
            m_collector->beginRun();
        auto out = m_session->run(m_inputs, RunControl { &observer.token, nullptr, &observer });
        if (!out)
            return out.status();
        if (m_collector)
            m_collector->endRun();
        return Status::ok();
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
        return m_collector ? std::optional<ProfileReport>(m_collector->report(*m_model)) : std::nullopt;
    }
    std::vector<std::string> unsupportedOperators() const override { return m_unsupported; }

private:
    std::shared_ptr<const Model> m_model;
    ScenarioSpec m_spec;
    std::map<std::string, std::vector<int64_t>> m_shapes;
    std::unique_ptr<Session> m_session;
    std::vector<HostTensor> m_inputs;
    std::unique_ptr<ProfileCollector> m_collector;
    std::vector<std::string> m_unsupported;
};

} // namespace

bool sessionTargetAvailable() noexcept
{
    return true;
}

Result<std::unique_ptr<BenchmarkTarget>> createSessionTarget(const std::shared_ptr<const Model>& model,
    const ScenarioSpec& spec, const std::map<std::string, std::vector<int64_t>>& inputShapes)
{
    if (!model)
        return Status(StatusCode::InvalidArgument, "createSessionTarget: no model");
    return std::unique_ptr<BenchmarkTarget>(std::make_unique<SessionTarget>(model, spec, inputShapes));
}

} // namespace qs
