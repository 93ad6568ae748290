// SPDX-License-Identifier: MIT
#include <quantscope/engine/ort_profile.h>
#include <quantscope/engine/ort_target.h>
#include <quantscope/engine/session_target.h>

#include <fmt/format.h>

#include <atomic>
#include <filesystem>
#include <regex>
#include <thread>
#include <unistd.h>

namespace qs {

namespace fs = std::filesystem;

namespace {

class OrtTarget final : public BenchmarkTarget
{
public:
    OrtTarget(std::shared_ptr<const Model> model, const ScenarioSpec& spec,
        std::map<std::string, std::vector<int64_t>> inputShapes, RuntimeAdapterSpec adapter)
        : m_model(std::move(model))
        , m_spec(spec)
        , m_inputShapes(std::move(inputShapes))
        , m_adapterSpec(std::move(adapter))
    { }

    ~OrtTarget() override
    {
        m_adapter.reset();
        if (!m_profileDir.empty()) {
            std::error_code ec;
            fs::remove_all(m_profileDir, ec);
        }
    }

    Status prepare(const BenchmarkControl& control) override
    {
        QS_ASSIGN_OR_RETURN(std::vector<IoInfo> inputs, benchmarkInputInfo(*m_model, m_inputShapes));
        QS_ASSIGN_OR_RETURN(m_adapter, RuntimeAdapter::start(m_adapterSpec));
        m_adapter->setCancelCheck([&control] { return control.cancelled(); });
        QS_ASSIGN_OR_RETURN(AdapterHello hello, m_adapter->hello());
        AdapterLoadOptions load;
        load.model = m_model->path.string();
        load.intraOpThreads
            = m_spec.threads > 0 ? m_spec.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        load.interOpThreads = 1;
        load.graphOptimizationLevel = ortOptimizationLevel(m_spec.mode);
        load.profile = m_spec.profile;
        if (m_spec.profile) {
            static std::atomic<int> counter { 0 };
            m_profileDir = fs::temp_directory_path() / fmt::format("quantscope-ort-{}-{}", ::getpid(), counter++);
            std::error_code ec;
            fs::create_directories(m_profileDir, ec);
            if (ec)
                return Status(StatusCode::IoError,
                    fmt::format("cannot create the profile folder {}: {}", m_profileDir.string(), ec.message()));
            load.profileDir = m_profileDir.string();
        }
        auto loaded = m_adapter->load(load);
        if (!loaded) {
            noteMissingKernel(loaded.status().message());
            return loaded.status();
        }
        const AdapterSessionInfo& session = *loaded;
        RuntimeInfo info;
        info.name = hello.runtime;
        info.version = hello.runtimeVersion;
        info.adapter = hello.adapter;
        info.host = hello.host;
        info.availableProviders = hello.providers;
        info.sessionProviders = session.executionProviders;
        info.graphOptimizationLevel = session.graphOptimizationLevel;
        info.intraOpThreads = session.intraOpThreads;
        info.interOpThreads = session.interOpThreads;
        m_info = std::move(info);

        std::vector<std::string> names;
        for (const IoInfo& io : inputs)
            names.push_back(io.name);
        const std::vector<HostTensor> tensors = makeBenchmarkInputs(inputs);
        return m_adapter->setInputs(names, tensors);
    }

    Status runOnce(const BenchmarkControl& control) override
    {
        auto r = m_adapter->run(false);
        if (!r)
            return r.status();
        m_lastMs = r->ms;
        m_peakRss = r->peakRssBytes;
        ++m_runsDone;
        return {};
    }

    void beginMeasurement() override { m_runsBeforeMeasurement = m_runsDone; }

    std::optional<ProfileReport> profile() const override
    {
        if (!m_spec.profile || !m_adapter)
            return std::nullopt;
        auto file = m_adapter->endProfiling();
        if (!file) {
            m_profileError = file.status().toString();
            return std::nullopt;
        }
        OrtProfileOptions options;
        options.skipRuns = m_runsBeforeMeasurement;
        auto report = importOrtProfile(*file, m_model.get(), options);
        if (!report) {
            m_profileError = report.status().toString();
            return std::nullopt;
        }
        return std::move(*report);
    }

    std::vector<std::string> unsupportedOperators() const override { return m_unsupported; }
    std::optional<double> lastRunMs() const override { return m_lastMs; }
    std::optional<int64_t> processPeakRssBytes() const override { return m_peakRss; }
    std::optional<RuntimeInfo> runtimeInfo() const override { return m_info; }

private:
    void noteMissingKernel(const std::string& message)
    {
        if (auto node = ortMissingKernelNode(message))
            m_unsupported.push_back(std::move(*node));
    }

    std::shared_ptr<const Model> m_model;
    ScenarioSpec m_spec;
    std::map<std::string, std::vector<int64_t>> m_inputShapes;
    RuntimeAdapterSpec m_adapterSpec;
    std::unique_ptr<RuntimeAdapter> m_adapter;
    std::optional<RuntimeInfo> m_info;
    fs::path m_profileDir;
    std::optional<double> m_lastMs;
    std::optional<int64_t> m_peakRss;
    std::vector<std::string> m_unsupported;
    int64_t m_runsDone = 0;
    int64_t m_runsBeforeMeasurement = 0;
    mutable std::string m_profileError;
};

} // namespace

std::optional<std::string> ortMissingKernelNode(std::string_view message)
{
    static const std::regex pattern(
        R"(Could not find an implementation for ([A-Za-z0-9_.]+)\(\d+\) node with name '([^']*)')");
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_search(message.begin(), message.end(), m, pattern))
        return std::nullopt;
    return fmt::format("'{}' ({})", m[2].str(), m[1].str());
}

std::string ortOptimizationLevel(ExecutionMode mode)
{
    return mode == ExecutionMode::AsWritten ? "disabled" : "all";
}

Result<std::unique_ptr<BenchmarkTarget>> createOrtTarget(const std::shared_ptr<const Model>& model,
    const ScenarioSpec& spec, const std::map<std::string, std::vector<int64_t>>& inputShapes,
    const RuntimeAdapterSpec& adapter)
{
    if (!model || model->path.empty())
        return Status(StatusCode::InvalidArgument, "onnxruntime: the model must come from a file");
    return std::unique_ptr<BenchmarkTarget>(std::make_unique<OrtTarget>(model, spec, inputShapes, adapter));
}

} // namespace qs
