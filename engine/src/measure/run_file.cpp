// SPDX-License-Identifier: MIT
#include "json_fields.h"
#include "run_file_checks.h"

#include <quantscope/engine/run_file.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <variant>

namespace qs {

namespace {

using json::array;
using json::field;
using json::FieldError;
using json::get;
using json::getOptional;
using json::getWord;
using json::getWords;
using json::Json;
using json::kModes;
using json::kRuntimes;
using json::WordSet;

template <typename T> Json optional(const std::optional<T>& v)
{
    return v ? Json(*v) : Json(nullptr);
}

Json toJson(const SystemInfo& m)
{
    Json caches = Json::array();
    for (const CacheInfo& c : m.caches)
        caches.push_back({ { "level", c.level }, { "sizeBytes", c.sizeBytes }, { "instances", c.instances },
            { "sharedByProcessors", c.sharedByProcessors } });
    Json isa = Json::object();
    for (const auto& [k, v] : m.isa)
        isa[k] = v;
    return { { "architecture", m.architecture }, { "cpuVendor", m.cpuVendor }, { "cpuModel", m.cpuModel },
        { "packages", m.packages }, { "cores", m.cores }, { "logicalProcessors", m.logicalProcessors },
        { "caches", caches }, { "isa", isa }, { "os", m.os }, { "compiler", m.compiler },
        { "quantscopeVersion", m.quantscopeVersion }, { "gitRevision", m.gitRevision },
        { "onednnVersion", m.onednnVersion }, { "onednnIsa", m.onednnIsa } };
}

Json toJson(const MessageArgs& args)
{
    Json j = Json::object();
    // No structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
    for (const auto& arg : args)
        std::visit([&](const auto& v) { j[arg.first] = v; }, arg.second);
    return j;
}

Json toJson(const LatencyStats& s)
{
    return { { "count", s.count }, { "meanMs", s.meanMs }, { "stddevMs", s.stddevMs }, { "cv", s.cv },
        { "minMs", s.minMs }, { "maxMs", s.maxMs }, { "p25Ms", s.p25Ms }, { "p50Ms", s.p50Ms }, { "p75Ms", s.p75Ms },
        { "p90Ms", s.p90Ms }, { "p95Ms", s.p95Ms }, { "p99Ms", s.p99Ms }, { "iqrMs", s.iqrMs },
        { "outliersLow", s.outliersLow }, { "outliersHigh", s.outliersHigh }, { "fps", s.fps } };
}

Json toJson(const ProfileReport& p)
{
    Json nodes = Json::array();
    for (const NodeProfile& n : p.nodes)
        nodes.push_back({ { "nodeName", n.nodeName }, { "opType", n.opType }, { "nodeIndex", n.nodeIndex },
            { "calls", n.calls }, { "totalMs", n.totalMs }, { "meanMs", n.meanMs }, { "share", n.share },
            { "quantizationOverhead", n.quantizationOverhead }, { "implementation", n.implementation },
            { "referenceKernel", n.referenceKernel }, { "activationReorders", n.activationReorders } });
    Json types = Json::array();
    for (const OpTypeProfile& t : p.opTypes)
        types.push_back({ { "opType", t.opType }, { "nodes", t.nodes }, { "meanMs", t.meanMs }, { "share", t.share } });
    return { { "source", p.source }, { "runs", p.runs }, { "totalMs", p.totalMs },
        { "quantOverheadMs", p.quantOverheadMs }, { "quantOverheadShare", p.quantOverheadShare },
        { "unmatchedNodes", p.unmatchedNodes }, { "activationReordersPerRun", p.activationReordersPerRun },
        { "nodes", nodes }, { "opTypes", types } };
}

Json toJson(const ScenarioRecord& s)
{
    Json j = {
        { "modelId", s.modelId }, { "runtime", std::string(runtimeName(s.runtime)) }, { "threads", s.threads },
        { "mode", std::string(executionModeName(s.mode)) }, { "status", std::string(scenarioStatusName(s.status)) },
        { "error", s.error }, { "unsupportedOps", s.unsupportedOps }, { "prepareMs", s.prepareMs },
        { "firstRunMs", optional(s.firstRunMs) }, { "warmupRuns", s.warmupRuns }, { "latenciesMs", s.latenciesMs },
        { "partialReason", s.partialReason }, { "peakRssBytes", optional(s.peakRssBytes) },
        { "arenaBytes", optional(s.arenaBytes) }, { "stats", toJson(s.stats) },
        { "histogram",
            { { "binWidth", s.histogram.binWidth }, { "edges", s.histogram.edges }, { "counts", s.histogram.counts } } }
    };
    j["profile"] = s.profile ? toJson(*s.profile) : Json(nullptr);
    if (s.runtimeInfo) {
        const RuntimeInfo& r = *s.runtimeInfo;
        j["runtimeInfo"] = { { "name", r.name }, { "version", r.version }, { "adapter", r.adapter }, { "host", r.host },
            { "availableProviders", r.availableProviders }, { "sessionProviders", r.sessionProviders },
            { "graphOptimizationLevel", r.graphOptimizationLevel }, { "intraOpThreads", r.intraOpThreads },
            { "interOpThreads", r.interOpThreads }, { "cpuInt8Features", r.cpuInt8Features } };
    } else {
        j["runtimeInfo"] = nullptr;
    }
    return j;
}

Json toJson(const TargetSummary& t)
{
    Json problems = Json::array();
    for (const TargetOpProblem& p : t.problems)
        problems.push_back({ { "problem", std::string(targetProblemKindName(p.kind)) }, { "opType", p.opType },
            { "nodes", p.nodes }, { "examples", p.examples }, { "reason", p.reason } });
    Json partitions = nullptr;
    if (t.partitions)
        partitions = { { "total", t.partitions->partitions }, { "provider", t.partitions->providerPartitions },
            { "cpu", t.partitions->cpuPartitions }, { "crossings", t.partitions->crossings },
            { "exact", t.partitions->exact } };
    Json fileFormat = nullptr;
    if (t.fileFormat)
        fileFormat = { { "format", t.fileFormat->format }, { "accepted", t.fileFormat->accepted } };
    return { { "table", t.tableId }, { "title", t.title }, { "kind", std::string(targetTableKindName(t.kind)) },
        { "version", t.version }, { "versionMatch", t.versionMatch }, { "fallbackTable", t.fallbackTableId },
        { "verdict", std::string(targetVerdictName(t.verdict)) }, { "fileProblem", optional(t.fileProblem) },
        { "fileFormat", fileFormat }, { "nodes", t.nodes }, { "runs", t.runs }, { "fallsBack", t.fallsBack },
        { "noKernel", t.noKernel }, { "unknown", t.unknown }, { "cpuNoKernel", t.cpuNoKernel },
        { "runtimeFailures", t.runtimeFailures }, { "partitions", partitions }, { "problems", problems } };
}

// The file's words for a list of enum values.
template <typename E> std::vector<std::string> names(const std::vector<E>& values, std::string_view (*name)(E) noexcept)
{
    std::vector<std::string> out;
    for (E v : values)
        out.emplace_back(name(v));
    return out;
}

// ---- reading ----

const WordSet<QuantFormat> kFormats { parseQuantFormat, quantFormatName,
    { QuantFormat::Fp32, QuantFormat::Dynamic, QuantFormat::Qdq, QuantFormat::QOperator, QuantFormat::Mixed } };
const WordSet<TargetTableKind> kTableKinds { parseTargetTableKind, targetTableKindName,
    { TargetTableKind::KernelTable, TargetTableKind::ReducedBuildList, TargetTableKind::EpSupportList,
        TargetTableKind::ParserSupportList } };
const WordSet<TargetVerdict> kTargetVerdicts { parseTargetVerdict, targetVerdictName,
    { TargetVerdict::Runs, TargetVerdict::FallsBack, TargetVerdict::CannotLoad, TargetVerdict::Unknown } };
const WordSet<TargetProblemKind> kProblemKinds { parseTargetProblemKind, targetProblemKindName,
    { TargetProblemKind::NoKernel, TargetProblemKind::CpuNoKernel, TargetProblemKind::FallsBack,
        TargetProblemKind::FailsAtRunTime } };

SystemInfo systemFromJson(const Json& j)
{
    const std::string w = "machine";
    SystemInfo m;
    m.architecture = get<std::string>(j, "architecture", w);
    m.cpuVendor = get<std::string>(j, "cpuVendor", w);
    m.cpuModel = get<std::string>(j, "cpuModel", w);
    m.packages = get<int64_t>(j, "packages", w);
    m.cores = get<int64_t>(j, "cores", w);
    m.logicalProcessors = get<int64_t>(j, "logicalProcessors", w);
    for (const Json& c : array(j, "caches", w))
        m.caches.push_back({ get<std::string>(c, "level", w + ".caches"), get<int64_t>(c, "sizeBytes", w + ".caches"),
            get<int64_t>(c, "instances", w + ".caches"), get<int64_t>(c, "sharedByProcessors", w + ".caches") });
    m.isa = get<std::map<std::string, bool>>(j, "isa", w);
    m.os = get<std::string>(j, "os", w);
    m.compiler = get<std::string>(j, "compiler", w);
    m.quantscopeVersion = get<std::string>(j, "quantscopeVersion", w);
    m.gitRevision = get<std::string>(j, "gitRevision", w);
    m.onednnVersion = get<std::string>(j, "onednnVersion", w);
    m.onednnIsa = get<std::string>(j, "onednnIsa", w);
    return m;
}

LatencyStats statsFromJson(const Json& j, const std::string& w)
{
    LatencyStats s;
    s.count = get<int64_t>(j, "count", w);
    s.meanMs = get<double>(j, "meanMs", w);
    s.stddevMs = get<double>(j, "stddevMs", w);
    s.cv = get<double>(j, "cv", w);
    s.minMs = get<double>(j, "minMs", w);
    s.maxMs = get<double>(j, "maxMs", w);
    s.p25Ms = get<double>(j, "p25Ms", w);
    s.p50Ms = get<double>(j, "p50Ms", w);
    s.p75Ms = get<double>(j, "p75Ms", w);
    s.p90Ms = get<double>(j, "p90Ms", w);
    s.p95Ms = get<double>(j, "p95Ms", w);
    s.p99Ms = get<double>(j, "p99Ms", w);
    s.iqrMs = get<double>(j, "iqrMs", w);
    s.outliersLow = get<int64_t>(j, "outliersLow", w);
    s.outliersHigh = get<int64_t>(j, "outliersHigh", w);
    s.fps = get<double>(j, "fps", w);
    return s;
}

ProfileReport profileFromJson(const Json& j, const std::string& w)
{
    ProfileReport p;
    p.source = get<std::string>(j, "source", w);
    p.runs = get<int64_t>(j, "runs", w);
    p.totalMs = get<double>(j, "totalMs", w);
    p.quantOverheadMs = get<double>(j, "quantOverheadMs", w);
    p.quantOverheadShare = get<double>(j, "quantOverheadShare", w);
    p.unmatchedNodes = get<int64_t>(j, "unmatchedNodes", w);
    // Since 1.4; absent (0) in older files and imported profiles.
    p.activationReordersPerRun = getOptional<double>(j, "activationReordersPerRun", w).value_or(0.0);
    for (const Json& n : array(j, "nodes", w)) {
        NodeProfile np;
        const std::string nw = w + ".nodes";
        np.nodeName = get<std::string>(n, "nodeName", nw);
        np.opType = get<std::string>(n, "opType", nw);
        np.nodeIndex = get<int32_t>(n, "nodeIndex", nw);
        np.calls = get<int64_t>(n, "calls", nw);
        np.totalMs = get<double>(n, "totalMs", nw);
        np.meanMs = get<double>(n, "meanMs", nw);
        np.share = get<double>(n, "share", nw);
        np.quantizationOverhead = get<bool>(n, "quantizationOverhead", nw);
        // Since 1.2; absent in older files and imported profiles.
        np.implementation = getOptional<std::string>(n, "implementation", nw).value_or(std::string());
        np.referenceKernel = isReferenceImplementation(np.implementation);
        np.activationReorders = getOptional<int32_t>(n, "activationReorders", nw).value_or(0);
        p.nodes.push_back(std::move(np));
    }
    for (const Json& t : array(j, "opTypes", w)) {
        const std::string tw = w + ".opTypes";
        p.opTypes.push_back({ get<std::string>(t, "opType", tw), get<int64_t>(t, "nodes", tw),
            get<double>(t, "meanMs", tw), get<double>(t, "share", tw) });
    }
    return p;
}

TargetSummary targetFromJson(const Json& j, const std::string& w)
{
    TargetSummary t;
    t.tableId = get<std::string>(j, "table", w);
    t.title = get<std::string>(j, "title", w);
    t.kind = getWord(j, "kind", w, kTableKinds);
    t.version = get<std::string>(j, "version", w);
    t.versionMatch = get<std::string>(j, "versionMatch", w);
    t.fallbackTableId = get<std::string>(j, "fallbackTable", w);
    t.verdict = getWord(j, "verdict", w, kTargetVerdicts);
    t.fileProblem = getOptional<std::string>(j, "fileProblem", w);
    if (auto it = j.find("fileFormat"); it != j.end() && !it->is_null()) {
        const std::string fw = w + ".fileFormat";
        t.fileFormat = FileFormatProblem { get<std::string>(*it, "format", fw),
            get<std::vector<std::string>>(*it, "accepted", fw) };
    }
    t.nodes = get<int64_t>(j, "nodes", w);
    t.runs = get<int64_t>(j, "runs", w);
    t.fallsBack = get<int64_t>(j, "fallsBack", w);
    t.noKernel = get<int64_t>(j, "noKernel", w);
    t.unknown = get<int64_t>(j, "unknown", w);
    t.cpuNoKernel = get<int64_t>(j, "cpuNoKernel", w);
    t.runtimeFailures = get<int64_t>(j, "runtimeFailures", w);
    if (auto it = j.find("partitions"); it != j.end() && !it->is_null()) {
        const std::string pw = w + ".partitions";
        t.partitions = PartitionSummary { get<int64_t>(*it, "total", pw), get<int64_t>(*it, "provider", pw),
            get<int64_t>(*it, "cpu", pw), get<int64_t>(*it, "crossings", pw), get<bool>(*it, "exact", pw) };
    }
    size_t i = 0;
    for (const Json& p : array(j, "problems", w)) {
        const std::string pw = fmt::format("{}.problems[{}]", w, i++);
        t.problems.push_back(
            { getWord(p, "problem", pw, kProblemKinds), get<std::string>(p, "opType", pw), get<int64_t>(p, "nodes", pw),
                get<std::vector<std::string>>(p, "examples", pw), get<std::string>(p, "reason", pw) });
    }
    return t;
}

ScenarioRecord scenarioFromJson(const Json& j, size_t index)
{
    const std::string w = fmt::format("scenarios[{}]", index);
    ScenarioRecord s;
    s.modelId = get<std::string>(j, "modelId", w);
    s.runtime = getWord(j, "runtime", w, kRuntimes);
    s.threads = get<int32_t>(j, "threads", w);
    s.mode = getWord(j, "mode", w, kModes);
    const auto status = get<std::string>(j, "status", w);
    const std::optional<ScenarioStatus> parsed = parseScenarioStatus(status);
    if (!parsed)
        throw FieldError { fmt::format("{}: unknown status '{}'", w, status) };
    s.status = *parsed;
    s.error = get<std::string>(j, "error", w);
    s.unsupportedOps = get<std::vector<std::string>>(j, "unsupportedOps", w);
    s.prepareMs = get<double>(j, "prepareMs", w);
    s.firstRunMs = getOptional<double>(j, "firstRunMs", w);
    s.warmupRuns = get<int64_t>(j, "warmupRuns", w);
    s.latenciesMs = get<std::vector<double>>(j, "latenciesMs", w);
    s.partialReason = get<std::string>(j, "partialReason", w);
    s.peakRssBytes = getOptional<int64_t>(j, "peakRssBytes", w);
    s.arenaBytes = getOptional<int64_t>(j, "arenaBytes", w);
    s.stats = statsFromJson(field(j, "stats", w), w + ".stats");
    const Json& h = field(j, "histogram", w);
    s.histogram.binWidth = get<double>(h, "binWidth", w + ".histogram");
    s.histogram.edges = get<std::vector<double>>(h, "edges", w + ".histogram");
    s.histogram.counts = get<std::vector<int64_t>>(h, "counts", w + ".histogram");
    if (auto it = j.find("profile"); it != j.end() && !it->is_null())
        s.profile = profileFromJson(*it, w + ".profile");
    if (auto it = j.find("runtimeInfo"); it != j.end() && !it->is_null()) { // since format 1.2
        const std::string rw = w + ".runtimeInfo";
        RuntimeInfo r;
        r.name = get<std::string>(*it, "name", rw);
        r.version = get<std::string>(*it, "version", rw);
        r.adapter = get<std::string>(*it, "adapter", rw);
        r.host = get<std::string>(*it, "host", rw);
        r.availableProviders = get<std::vector<std::string>>(*it, "availableProviders", rw);
        r.sessionProviders = get<std::vector<std::string>>(*it, "sessionProviders", rw);
        r.graphOptimizationLevel = get<std::string>(*it, "graphOptimizationLevel", rw);
        r.intraOpThreads = get<int32_t>(*it, "intraOpThreads", rw);
        r.interOpThreads = get<int32_t>(*it, "interOpThreads", rw);
        r.cpuInt8Features = get<std::vector<std::string>>(*it, "cpuInt8Features", rw);
        s.runtimeInfo = std::move(r);
    }
    return s;
}

// Integers stay integers and numbers with a fraction doubles (the writer emits 2.0 for a double 2), so a front end
// formats each value as the engine meant it.
MessageArgs argsFromJson(const Json& j, const std::string& w)
{
    if (!j.is_object())
        throw FieldError { fmt::format("{}: expected an object", w) };
    MessageArgs args;
    for (const auto& [name, v] : j.items()) {
        if (v.is_number_integer())
            args[name] = v.get<int64_t>();
        else if (v.is_number())
            args[name] = v.get<double>();
        else if (v.is_string())
            args[name] = v.get<std::string>();
        else
            throw FieldError { fmt::format("{}.{}: expected a number or a string", w, name) };
    }
    return args;
}

FindingSeverity severityFromName(const std::string& name, const std::string& w)
{
    if (name == "info")
        return FindingSeverity::Info;
    if (name == "warning")
        return FindingSeverity::Warning;
    if (name == "critical")
        return FindingSeverity::Critical;
    throw FieldError { fmt::format("{}: unknown severity '{}'", w, name) };
}

RunRecord recordFromJson(const Json& j)
{
    RunRecord r;
    const std::string w = "run";
    r.createdUtc = get<std::string>(j, "createdUtc", w);
    r.tool = get<std::string>(j, "tool", w);
    r.partial = get<bool>(j, "partial", w);
    r.machine = systemFromJson(field(j, "machine", w));
    size_t i = 0;
    for (const Json& m : array(j, "models", w)) {
        const std::string mw = fmt::format("models[{}]", i++);
        ModelRecord mr;
        mr.id = get<std::string>(m, "id", mw);
        mr.path = get<std::string>(m, "path", mw);
        mr.sha256 = get<std::string>(m, "sha256", mw);
        mr.fileSizeBytes = get<int64_t>(m, "fileSizeBytes", mw);
        mr.format = getWord(m, "format", mw, kFormats);
        mr.nodeCount = get<int64_t>(m, "nodeCount", mw);
        mr.opCounts = get<std::map<std::string, int64_t>>(m, "opCounts", mw);
        mr.signedActivationNodes = get<int64_t>(m, "signedActivationNodes", mw);
        mr.totalMacs = getOptional<int64_t>(m, "totalMacs", mw);
        // Since format 1.2; older files have no signature, and their pairs are not checked.
        if (auto it = m.find("network"); it != m.end() && !it->is_null()) {
            const std::string nw = mw + ".network";
            NetworkSignature sig;
            sig.inputs = get<std::vector<std::string>>(*it, "inputs", nw);
            sig.outputs = get<std::vector<std::string>>(*it, "outputs", nw);
            sig.layers = get<std::vector<std::string>>(*it, "layers", nw);
            sig.floatOps = get<std::map<std::string, int64_t>>(*it, "floatOps", nw);
            mr.network = std::move(sig);
        }
        // Since format 1.3; older files say nothing about deployment targets.
        if (auto it = m.find("targets"); it != m.end() && !it->is_null()) {
            if (!it->is_array())
                throw FieldError { fmt::format("{}: field 'targets' is not an array", mw) };
            mr.targets.emplace();
            size_t k = 0;
            for (const Json& t : *it)
                mr.targets->push_back(targetFromJson(t, fmt::format("{}.targets[{}]", mw, k++)));
        }
        r.models.push_back(std::move(mr));
    }
    const Json& c = field(j, "config", w);
    r.config.warmupRuns = get<int64_t>(c, "warmupRuns", "config");
    r.config.runs = get<int64_t>(c, "runs", "config");
    r.config.seconds = get<double>(c, "seconds", "config");
    r.config.threads = get<std::vector<int32_t>>(c, "threads", "config");
    r.config.modes = getWords(c, "modes", "config", kModes);
    r.config.inputShapes = get<std::vector<std::string>>(c, "inputShapes", "config");
    if (c.contains("runtimes")) // since format 1.2
        r.config.runtimes = getWords(c, "runtimes", "config", kRuntimes);
    r.config.profile = get<bool>(c, "profile", "config");
    r.config.allowDifferentNetworks = getOptional<bool>(c, "allowDifferentNetworks", "config").value_or(false);
    i = 0;
    for (const Json& s : array(j, "scenarios", w)) {
        ScenarioRecord sr = scenarioFromJson(s, i++);
        if (!r.model(sr.modelId))
            throw FieldError { fmt::format("scenarios[{}]: model '{}' is not in models", i - 1, sr.modelId) };
        r.scenarios.push_back(std::move(sr));
    }
    i = 0;
    for (const Json& cj : array(j, "comparisons", w)) {
        const std::string cw = fmt::format("comparisons[{}]", i++);
        ComparisonRecord cr;
        cr.baselineModel = get<std::string>(cj, "baselineModel", cw);
        cr.candidateModel = get<std::string>(cj, "candidateModel", cw);
        cr.threads = get<int32_t>(cj, "threads", cw);
        cr.mode = getWord(cj, "mode", cw, kModes);
        cr.runtime = getWord(cj, "runtime", cw, kRuntimes);
        cr.speedup.speedup = get<double>(cj, "speedup", cw);
        cr.speedup.low = get<double>(cj, "low", cw);
        cr.speedup.high = get<double>(cj, "high", cw);
        cr.speedup.confidence = get<double>(cj, "confidence", cw);
        cr.speedup.iterations = get<int>(cj, "iterations", cw);
        cr.speedup.seed = get<uint64_t>(cj, "seed", cw);
        cr.sizeRatio = get<double>(cj, "sizeRatio", cw);
        r.comparisons.push_back(cr);
    }
    i = 0;
    for (const Json& pj : array(j, "parity", w)) {
        const std::string pw = fmt::format("parity[{}]", i++);
        ParityRecord p;
        p.modelId = get<std::string>(pj, "modelId", pw);
        p.reference = get<std::string>(pj, "reference", pw);
        p.output = get<std::string>(pj, "output", pw);
        p.maxAbsError = get<double>(pj, "maxAbsError", pw);
        p.meanAbsError = get<double>(pj, "meanAbsError", pw);
        p.cosineSimilarity = getOptional<double>(pj, "cosineSimilarity", pw);
        // Optional since the parity command (absent in older files).
        p.rmse = getOptional<double>(pj, "rmse", pw);
        p.sqnrDb = getOptional<double>(pj, "sqnrDb", pw);
        p.top1Agreement = getOptional<double>(pj, "top1Agreement", pw);
        p.pass = getOptional<bool>(pj, "pass", pw);
        p.samples = getOptional<int64_t>(pj, "samples", pw).value_or(0);
        r.parity.push_back(std::move(p));
    }
    i = 0;
    for (const Json& fj : array(j, "findings", w)) {
        const std::string fw = fmt::format("findings[{}]", i++);
        Finding f;
        f.id = get<std::string>(fj, "id", fw);
        f.severity = severityFromName(get<std::string>(fj, "severity", fw), fw);
        f.title = get<std::string>(fj, "title", fw);
        f.evidence = get<std::vector<std::string>>(fj, "evidence", fw);
        f.advice = get<std::string>(fj, "advice", fw);
        // Since format 1.1; older files have only the English text.
        if (auto it = fj.find("args"); it != fj.end())
            f.args = argsFromJson(*it, fw + ".args");
        if (auto it = fj.find("evidenceLines"); it != fj.end()) {
            if (!it->is_array())
                throw FieldError { fw + ".evidenceLines: expected an array" };
            size_t k = 0;
            for (const Json& lj : *it) {
                const std::string lw = fmt::format("{}.evidenceLines[{}]", fw, k++);
                EvidenceLine line;
                line.kind = get<std::string>(lj, "kind", lw);
                if (auto a = lj.find("args"); a != lj.end())
                    line.args = argsFromJson(*a, lw + ".args");
                f.evidenceLines.push_back(std::move(line));
            }
        }
        r.findings.push_back(std::move(f));
    }
    // Since format 1.5; older files have none. Unknown kinds are kept: their message says what happened.
    if (auto it = j.find("warnings"); it != j.end()) {
        if (!it->is_array())
            throw FieldError { "run: field 'warnings' is not an array" };
        i = 0;
        for (const Json& wj : *it) {
            const std::string ww = fmt::format("warnings[{}]", i++);
            RunWarning warning;
            warning.kind = get<std::string>(wj, "kind", ww);
            warning.message = get<std::string>(wj, "message", ww);
            if (auto a = wj.find("args"); a != wj.end())
                warning.args = argsFromJson(*a, ww + ".args");
            r.warnings.push_back(std::move(warning));
        }
    }
    return r;
}

} // namespace

std::string systemInfoToJson(const SystemInfo& info)
{
    return toJson(info).dump(2) + "\n";
}

std::string runRecordToJson(const RunRecord& r)
{
    Json models = Json::array();
    for (const ModelRecord& m : r.models) {
        Json network = nullptr;
        if (m.network)
            network = { { "inputs", m.network->inputs }, { "outputs", m.network->outputs },
                { "layers", m.network->layers }, { "floatOps", m.network->floatOps } };
        Json targets = nullptr;
        if (m.targets) {
            targets = Json::array();
            for (const TargetSummary& t : *m.targets)
                targets.push_back(toJson(t));
        }
        models.push_back(
            { { "id", m.id }, { "path", m.path }, { "sha256", m.sha256 }, { "fileSizeBytes", m.fileSizeBytes },
                { "format", std::string(quantFormatName(m.format)) }, { "nodeCount", m.nodeCount },
                { "opCounts", m.opCounts }, { "signedActivationNodes", m.signedActivationNodes },
                { "totalMacs", optional(m.totalMacs) }, { "network", network }, { "targets", targets } });
    }
    Json scenarios = Json::array();
    for (const ScenarioRecord& s : r.scenarios)
        scenarios.push_back(toJson(s));
    Json comparisons = Json::array();
    for (const ComparisonRecord& c : r.comparisons)
        comparisons.push_back({ { "baselineModel", c.baselineModel }, { "candidateModel", c.candidateModel },
            { "threads", c.threads }, { "mode", std::string(executionModeName(c.mode)) },
            { "runtime", std::string(runtimeName(c.runtime)) }, { "speedup", c.speedup.speedup },
            { "low", c.speedup.low }, { "high", c.speedup.high }, { "confidence", c.speedup.confidence },
            { "iterations", c.speedup.iterations }, { "seed", c.speedup.seed }, { "sizeRatio", c.sizeRatio } });
    Json parity = Json::array();
    for (const ParityRecord& p : r.parity)
        parity.push_back({ { "modelId", p.modelId }, { "reference", p.reference }, { "output", p.output },
            { "maxAbsError", p.maxAbsError }, { "meanAbsError", p.meanAbsError },
            { "cosineSimilarity", optional(p.cosineSimilarity) }, { "rmse", optional(p.rmse) },
            { "sqnrDb", optional(p.sqnrDb) }, { "top1Agreement", optional(p.top1Agreement) },
            { "pass", optional(p.pass) }, { "samples", p.samples } });
    Json findings = Json::array();
    for (const Finding& f : r.findings) {
        Json lines = Json::array();
        for (const EvidenceLine& l : f.evidenceLines)
            lines.push_back({ { "kind", l.kind }, { "args", toJson(l.args) } });
        findings.push_back({ { "id", f.id }, { "severity", std::string(findingSeverityName(f.severity)) },
            { "title", f.title }, { "evidence", f.evidence }, { "advice", f.advice }, { "args", toJson(f.args) },
            { "evidenceLines", lines } });
    }
    Json warnings = Json::array();
    for (const RunWarning& w : r.warnings)
        warnings.push_back({ { "kind", w.kind }, { "message", w.message }, { "args", toJson(w.args) } });
    Json doc = { { "schema", std::string(kRunFileSchema) },
        { "version", fmt::format("{}.{}", kRunFileMajorVersion, kRunFileMinorVersion) }, { "createdUtc", r.createdUtc },
        { "tool", r.tool }, { "partial", r.partial }, { "machine", toJson(r.machine) }, { "models", models },
        { "config",
            { { "warmupRuns", r.config.warmupRuns }, { "runs", r.config.runs }, { "seconds", r.config.seconds },
                { "threads", r.config.threads }, { "modes", names(r.config.modes, executionModeName) },
                { "runtimes", names(r.config.runtimes, runtimeName) }, { "inputShapes", r.config.inputShapes },
                { "profile", r.config.profile }, { "allowDifferentNetworks", r.config.allowDifferentNetworks } } },
        { "scenarios", scenarios }, { "comparisons", comparisons }, { "parity", parity }, { "findings", findings },
        { "warnings", warnings } };
    return doc.dump(2) + "\n";
}

Result<RunRecord> runRecordFromJson(std::string_view text, std::string_view displayName)
{
    auto fail = [&](const std::string& what) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: {}", displayName, what));
    };
    auto parsed = json::parseVersionedDocument(text, displayName, "run file", kRunFileSchema, kRunFileMajorVersion);
    if (!parsed)
        return parsed.status();
    const Json& doc = *parsed;
    try {
        RunRecord record = recordFromJson(doc);
        // parseVersionedDocument checked "MAJOR.MINOR"; 1.0 findings hold English text only.
        int minor = 0;
        const std::string version = doc["version"].get<std::string>();
        record.findingsAsText = std::sscanf(version.c_str(), "%*d.%d", &minor) == 1 && minor < 1;
        if (auto problem = findRunRecordInconsistency(record))
            return fail("invalid run file: " + *problem);
        return record;
    } catch (const FieldError& e) {
        return fail("invalid run file: " + e.message);
    } catch (const nlohmann::json::exception& e) {
        return fail(std::string("invalid run file: ") + e.what());
    }
}

Status writeRunFile(const std::filesystem::path& path, const RunRecord& record)
{
    return writeFileAtomically(path, runRecordToJson(record));
}

Result<RunRecord> readRunFile(const std::filesystem::path& path)
{
    const std::optional<std::string> text = json::readTextFile(path);
    if (!text)
        return Status(StatusCode::IoError, fmt::format("{}: cannot open the run file", path.string()));
    return runRecordFromJson(*text, path.string());
}

} // namespace qs
