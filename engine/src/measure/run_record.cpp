// SPDX-License-Identifier: MIT
#include <quantscope/engine/analysis.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/network_identity.h>
#include <quantscope/engine/run_record.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <openssl/evp.h>

namespace qs {

std::string_view findingSeverityName(FindingSeverity severity) noexcept
{
    switch (severity) {
    case FindingSeverity::Info:
        return "info";
    case FindingSeverity::Warning:
        return "warning";
    case FindingSeverity::Critical:
        return "critical";
    }
    return "info";
}

std::string_view scenarioStatusName(ScenarioStatus status) noexcept
{
    switch (status) {
    case ScenarioStatus::Ok:
        return "ok";
    case ScenarioStatus::Partial:
        return "partial";
    case ScenarioStatus::Failed:
        return "failed";
    }
    return "ok";
}

std::optional<ScenarioStatus> parseScenarioStatus(std::string_view name) noexcept
{
    for (ScenarioStatus s : { ScenarioStatus::Ok, ScenarioStatus::Partial, ScenarioStatus::Failed })
        if (scenarioStatusName(s) == name)
            return s;
    return std::nullopt;
}

std::string_view runtimeName(Runtime runtime) noexcept
{
    return runtime == Runtime::OnnxRuntime ? "onnxruntime" : "quantscope";
}

std::optional<Runtime> parseRuntime(std::string_view name) noexcept
{
    for (Runtime r : { Runtime::Quantscope, Runtime::OnnxRuntime })
        if (runtimeName(r) == name)
            return r;
    return std::nullopt;
}

std::string threadsText(int32_t threads)
{
    return threads == 0 ? "all cores" : fmt::format("{} thread{}", threads, threads == 1 ? "" : "s");
}

std::string ScenarioRecord::label() const
{
    std::string text = fmt::format("{} · {} · {}", modelId, threadsText(threads), executionModeName(mode));
    if (runtime != Runtime::Quantscope)
        text += fmt::format(" · {}", runtimeName(runtime));
    return text;
}

const ModelRecord* RunRecord::model(const std::string& id) const
{
    for (const ModelRecord& m : models)
        if (m.id == id)
            return &m;
    return nullptr;
}

const ScenarioRecord* RunRecord::scenario(
    const std::string& modelId, int32_t threads, ExecutionMode mode, Runtime runtime) const
{
    for (const ScenarioRecord& s : scenarios)
        if (s.modelId == modelId && s.threads == threads && s.mode == mode && s.runtime == runtime)
            return &s;
    return nullptr;
}

std::vector<std::string> RunRecord::opTypesByCount() const
{
    std::map<std::string, int64_t> most;
    for (const ModelRecord& m : models)
        for (const auto& [op, n] : m.opCounts)
            most[op] = std::max(most[op], n);
    std::vector<std::pair<int64_t, std::string>> rows;
    for (const auto& [op, n] : most)
        rows.emplace_back(-n, op);
    std::sort(rows.begin(), rows.end());
    std::vector<std::string> out;
    for (auto& [negative, op] : rows)
        out.push_back(std::move(op));
    return out;
}

void computeScenarioStatistics(ScenarioRecord& scenario)
{
    scenario.stats = computeLatencyStats(scenario.latenciesMs);
    scenario.histogram = freedmanDiaconisHistogram(scenario.latenciesMs);
}

std::vector<ComparisonRecord> compareModels(const RunRecord& record)
{
    std::vector<ComparisonRecord> out;
    for (const ModelRecord& q : record.models) {
        if (!q.isQuantized())
            continue;
        // Two different networks are never compared unless the user asked for it (networkMismatches says why).
        const ModelRecord* base = baselineFor(record, q, record.config.allowDifferentNetworks);
        if (!base)
            continue;
        for (const ScenarioRecord& s : record.scenarios) {
            if (s.modelId != q.id || !s.hasSamples())
                continue;
            const ScenarioRecord* b = record.scenario(base->id, s.threads, s.mode, s.runtime);
            if (!b || !b->hasSamples())
                continue;
            auto e = bootstrapSpeedup(b->latenciesMs, s.latenciesMs);
            if (!e)
                continue;
            ComparisonRecord c;
            c.baselineModel = base->id;
            c.candidateModel = q.id;
            c.threads = s.threads;
            c.mode = s.mode;
            c.runtime = s.runtime;
            c.speedup = *e;
            c.sizeRatio = base->fileSizeBytes > 0 ? double(q.fileSizeBytes) / double(base->fileSizeBytes) : 0;
            out.push_back(c);
        }
    }
    return out;
}

std::string sha256Hex(std::string_view bytes)
{
    std::array<unsigned char, EVP_MAX_MD_SIZE> md {};
    unsigned int len = 0;
    EVP_Digest(bytes.data(), bytes.size(), md.data(), &len, EVP_sha256(), nullptr);
    std::string hex;
    for (unsigned i = 0; i < len; ++i)
        hex += fmt::format("{:02x}", md[i]);
    return hex;
}

Result<std::string> sha256File(const std::filesystem::path& path)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        return Status(StatusCode::IoError, fmt::format("{}: cannot open the file to hash it", path.string()));
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
        return Status(StatusCode::Internal, "SHA-256: OpenSSL digest initialisation failed");
    std::array<char, 1 << 16> buf {};
    while (f) {
        f.read(buf.data(), buf.size());
        if (f.gcount() > 0)
            EVP_DigestUpdate(ctx.get(), buf.data(), static_cast<size_t>(f.gcount()));
    }
    if (f.bad())
        return Status(StatusCode::IoError, fmt::format("{}: read error while hashing", path.string()));
    std::array<unsigned char, EVP_MAX_MD_SIZE> md {};
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx.get(), md.data(), &len);
    std::string hex;
    for (unsigned i = 0; i < len; ++i)
        hex += fmt::format("{:02x}", md[i]);
    return hex;
}

std::string utcNowIso8601()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm {};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

Result<ModelRecord> makeModelRecord(const Model& model, const std::vector<TargetTable>* targetTables)
{
    ModelRecord r;
    const std::filesystem::path p = model.path;
    r.id = p.stem().string();
    if (r.id == "model" && p.has_parent_path() && !p.parent_path().filename().empty())
        r.id = p.parent_path().filename().string();
    r.path = p.string();
    r.fileSizeBytes = model.fileSizeBytes;
    if (!p.empty()) {
        QS_ASSIGN_OR_RETURN(r.sha256, sha256File(p));
    }
    const ModelAnalysis a = analyzeModel(model);
    r.format = a.format;
    r.nodeCount = a.nodeCount;
    r.opCounts = a.opCounts;
    r.totalMacs = a.totalMacs;
    r.network = networkSignature(model);
    const Graph& g = model.graph();
    for (const Node& n : g.nodes()) {
        // Integer convolutions and matmuls with int8 (s8) activations: the x64 slow path the diagnosis warns about
        // (the kernels multiply u8 by s8). Elementwise and pooling QLinear ops (QLinearAdd, QLinearSigmoid, ...) do no
        // such products, so they do not count.
        const NodeCategory c = categorizeNode(n);
        const bool product = c == NodeCategory::IntegerCompute || n.opType == "QLinearConv"
            || n.opType == "QLinearMatMul" || n.opType == "QGemm";
        if (!product || n.inputs.empty() || n.inputs[0] == kNoValue)
            continue;
        if (g.value(n.inputs[0]).type.elementType == DataType::Int8)
            ++r.signedActivationNodes;
    }
    if (targetTables) {
        r.targets.emplace();
        for (const TargetReport& t : classifyModel(model, *targetTables))
            r.targets->push_back(summarizeTarget(g, t));
    }
    return r;
}

} // namespace qs
